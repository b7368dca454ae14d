//! The look-ahead of merge mode: the texts the reduction will ask about next if nothing
//! from now on is interesting, run in the slots that a round leaves free.
//!
//! A round of merge mode waits for all of its runs, so a round whose list runs out before
//! it has N runs (a short list: a hoisting level, a transformation with three sites, the
//! last candidates of a stage) leaves workers idle for a whole oracle run, and the next
//! list's first round starts only after it. Before each pass, the plan runs what follows
//! that pass *dry* ([`Tester::begin_dry_run`]): every list test prepares its candidates as
//! usual (syntax check, cache, memory of refused edits), records the texts that would need
//! the oracle, and answers "not interesting" without running anything, as if every
//! candidate from now on failed. The budgets of the stages see these would-be queries, so
//! a stage stops where it would. The dry run ends at a candidate the cache says is
//! interesting (the real run would adopt it there), after [`TEXTS_PER_JOB`] texts per job,
//! or once it has printed 64 candidates per job or 64 MiB of them; then every counter,
//! the budget and the stage are as before it, and its texts are the filler.
//!
//! A round whose list has run out (and that is not a merge round, which tests a union
//! likely to be adopted) starts filler texts in its free slots. Their answers go to the
//! cache like any run ahead of the sequential order: refusals as the cache keeps them,
//! acceptances kept beside it. When the reduction reaches such a text, it costs no round; it
//! is counted then as the query it is, and until then as speculation. Any adoption drops the
//! filler: its texts were made from the text before it.
//!
//! Which texts are filler depends only on the plan, the current text and the cache, so the
//! result stays deterministic for a given N; the filler changes which round a text is
//! answered in, never the answer.

use super::slots::Slot;
use super::{Candidate, Tester};
use crate::engine::cache::CacheKey;
use crate::engine::stats::Stats;
use crate::engine::tester::QueryBudget;
use std::collections::VecDeque;

/// A dry run records at most this many texts per job.
pub const TEXTS_PER_JOB: usize = 4;

/// A dry run prepares at most this many candidates per job (most are syntax rejections or
/// cache hits), so that its engine time stays small beside an oracle run.
const PREPARED_PER_JOB: usize = 64;

/// Nor more than this many bytes of candidate texts in all (a dry run on a unit of
/// megabytes prints each candidate whole).
const PREPARED_BYTES: usize = 64 << 20;

/// A dry run under way: the texts it recorded, and what it changes that must be restored.
pub(super) struct DryRun {
    texts: Vec<(Vec<u8>, CacheKey)>,
    prepared: usize,
    /// The bytes of the candidates it prepared.
    bytes: usize,
    /// It has what it needs, or reached a candidate the real run would adopt.
    pub(super) done: bool,
    saved: Saved,
}

/// What a dry run changes in the tester, restored when it ends.
struct Saved {
    stats: Stats,
    budget: QueryBudget,
    idle_from: u64,
    stage: Option<&'static str>,
    refused: Vec<usize>,
}

/// The texts recorded by the last dry run, not yet run or answered.
#[derive(Default)]
pub(super) struct Filler {
    pub(super) texts: VecDeque<(Vec<u8>, CacheKey)>,
}

impl Filler {
    /// Forgets every text (a text was adopted: they were made from the one before it).
    pub(super) fn clear(&mut self) {
        self.texts.clear();
    }
}

impl Tester {
    /// Whether a look-ahead would be of use now: merge mode, a cache to keep the answers, no
    /// dry run under way, and less than a round's worth of filler left.
    pub fn wants_look_ahead(&self) -> bool {
        self.merging()
            && self.dry.is_none()
            && !self.stopped()
            && self.filler.texts.len() < self.jobs
    }

    /// Starts a dry run: from now until [`Tester::end_dry_run`], list tests record the texts
    /// that would need the oracle and find nothing interesting; nothing is run, counted,
    /// cached or announced.
    pub fn begin_dry_run(&mut self) {
        assert!(self.dry.is_none(), "dry runs do not nest");
        self.dry = Some(DryRun {
            texts: Vec::new(),
            prepared: 0,
            bytes: 0,
            done: false,
            saved: Saved {
                stats: self.stats.clone(),
                budget: self.budget,
                idle_from: self.idle_from,
                stage: self.stage,
                refused: std::mem::take(&mut self.refused),
            },
        });
    }

    /// Ends the dry run: the counters, the budget and the stage are as before it, and its
    /// texts are the filler.
    pub fn end_dry_run(&mut self) {
        let dry = self.dry.take().expect("a dry run");
        self.stats = dry.saved.stats;
        self.budget = dry.saved.budget;
        self.idle_from = dry.saved.idle_from;
        self.stage = dry.saved.stage;
        self.refused = dry.saved.refused;
        self.filler.texts = dry.texts.into();
    }

    /// Whether a dry run is under way.
    pub fn dry(&self) -> bool {
        self.dry.is_some()
    }

    /// A list test of a dry run: records the candidates that would need the oracle, in
    /// order, each counted as a query (so that budgets stop where they would), until the
    /// list runs out, the budget is spent or the dry run has what it needs.
    pub(super) fn dry_list<'c>(&mut self, candidates: &mut dyn Iterator<Item = Candidate<'c>>) {
        let most = (TEXTS_PER_JOB * self.jobs, PREPARED_PER_JOB * self.jobs);
        while let Some(slot) = self.prepare(candidates) {
            let dry = self.dry.as_mut().expect("a dry run");
            dry.prepared += 1;
            dry.bytes += match &slot {
                Slot::Waiting { text, .. } | Slot::Answered { text, .. } => text.len(),
                Slot::Running { .. } => 0,
            };
            match slot {
                Slot::Waiting { text, key, .. } => {
                    self.stats.queries += 1;
                    if key.is_some() && !dry.texts.iter().any(|(_, k)| *k == key) {
                        dry.texts.push((text, key));
                    }
                }
                Slot::Answered { outcome, .. } if outcome.is_interesting() => dry.done = true,
                Slot::Answered { .. } | Slot::Running { .. } => {}
            }
            if dry.texts.len() >= most.0 || dry.prepared >= most.1 || dry.bytes >= PREPARED_BYTES {
                dry.done = true;
            }
            if dry.done {
                return;
            }
        }
    }

    /// The next filler text to run beside a round: not answered since it was recorded, not
    /// refused by the memory, and not the text of a run in `slots`.
    pub(super) fn next_filler(&mut self, slots: &VecDeque<Slot<'_>>) -> Option<Slot<'static>> {
        while let Some((text, key)) = self.filler.texts.pop_front() {
            let running = slots
                .iter()
                .any(|s| matches!(s, Slot::Running { key: k, .. } if *k == key));
            if running || self.cache.peek(&key).is_some() || self.remembered(&text) {
                continue;
            }
            return Some(Slot::Waiting {
                text,
                key,
                verify: None,
            });
        }
        None
    }
}
