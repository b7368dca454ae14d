//! What the tester is offered (a [`Candidate`]) and what it tells about each test (an
//! [`Event`] from a [`Source`]).

use crate::engine::oracle::Outcome;
use std::time::Duration;

/// A syntax check left for the tester to run only if the cache cannot answer: it gets the
/// candidate's text and says whether the candidate may go to the oracle.
pub type DeferredCheck<'a> = Box<dyn FnOnce(&[u8]) -> bool + 'a>;

/// One candidate offered to the tester.
#[derive(Default)]
pub struct Candidate<'a> {
    /// The printed candidate, or `None` when the syntax check rejected it.
    pub text: Option<Vec<u8>>,
    /// The configuration it came from (kept element indices), for the config-keyed cache.
    pub config: Option<Box<[u32]>>,
    /// A syntax check still to run; the cache is asked first, so a cached text skips it.
    pub check: Option<DeferredCheck<'a>>,
    /// Verification mode: a full parse the tester runs on the text when it sends it to the
    /// oracle, counting it in [`Stats::verified`](crate::engine::stats::Stats::verified)
    /// and, when it says no, in
    /// [`Stats::verified_invalid`](crate::engine::stats::Stats::verified_invalid). It changes
    /// nothing else.
    pub verify: Option<DeferredCheck<'a>>,
}

impl std::fmt::Debug for Candidate<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Candidate")
            .field(
                "text",
                &self.text.as_ref().map(|t| String::from_utf8_lossy(t)),
            )
            .field("config", &self.config)
            .field("check", &self.check.is_some())
            .field("verify", &self.verify.is_some())
            .finish()
    }
}

impl<'a> Candidate<'a> {
    /// A candidate with a text and no configuration.
    pub fn text(text: impl Into<Vec<u8>>) -> Self {
        Candidate {
            text: Some(text.into()),
            ..Candidate::default()
        }
    }

    /// A candidate whose syntax is checked by `check` unless the cache knows its text.
    pub fn deferred(text: impl Into<Vec<u8>>, check: DeferredCheck<'a>) -> Self {
        Candidate {
            text: Some(text.into()),
            check: Some(check),
            ..Candidate::default()
        }
    }

    /// A candidate the syntax check rejected.
    pub fn rejected() -> Self {
        Candidate::default()
    }

    /// Runs the pending syntax check now; a rejected candidate loses its text.
    pub fn checked(mut self) -> Self {
        self.run_check();
        self
    }

    /// Runs the pending syntax check, if any; false if the candidate is (now) rejected.
    pub(super) fn run_check(&mut self) -> bool {
        if let (Some(check), Some(text)) = (self.check.take(), self.text.as_deref()) {
            if !check(text) {
                self.text = None;
            }
        }
        self.text.is_some()
    }
}

/// Where a test's answer came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// An oracle run.
    Oracle,
    /// The outcome cache.
    Cache,
    /// The syntax check (never shown to the oracle).
    Syntax,
    /// The memory of refused edits (an edit refused on an earlier text).
    Memory,
}

/// What the tester reports to an observer (progress display, verbose log).
#[derive(Clone, Copy, Debug)]
pub enum Event {
    /// A test the sequential algorithm needed was answered.
    Tested {
        /// The verdict.
        outcome: Outcome,
        /// Where it came from.
        source: Source,
        /// Candidate size in bytes (0 for syntax rejections).
        bytes: usize,
        /// How long the oracle took (zero unless `source` is the oracle).
        elapsed: Duration,
    },
    /// A smaller interesting candidate was found.
    Improved {
        /// Its size in bytes.
        bytes: usize,
    },
    /// The reduction entered a stage (`"deletion"`, `"hoisting"`, a transformation's name,
    /// `"tidy-up"`), or went back to the one around it.
    Stage {
        /// The stage's name.
        name: &'static str,
    },
    /// The test answered differently when asked again about one text (the current result
    /// on a recheck, a confirmation, two runs of one text): it is flaky. The tester has
    /// dropped its cached answers and its memory of refused edits.
    Flaky,
    /// The layer above measured its best result (see [`Tester::record_size`](super::Tester::record_size)): the size
    /// progress displays show, counted as the summary and `--stats` count it.
    Measured {
        /// Size in bytes.
        bytes: usize,
        /// Size in tokens of the syntax tree.
        tokens: usize,
    },
}
