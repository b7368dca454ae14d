//! Asking the oracle again, now and then, about the current result, to find a flaky test.
//!
//! The outcome cache and the edit memory trust every refusal: a test that refuses a
//! candidate now and would accept it later (a program whose output follows the address
//! layout, a timeout under load) gets it refused for good, and through the memory the same
//! edit on later texts too. So when the memory is on, the tester asks the oracle again
//! about the last interesting text it adopted, before the next list test, once
//! [`FIRST_RECHECK`] queries have gone by, then after twice as many each time, up to every
//! [`RECHECK_EVERY`] queries: early, when a flaky test does the most harm, and rarely
//! later. A refusal means the test is flaky ([`Tester::flakiness_seen`]). The result is
//! kept: it was interesting once, and the final check says whether it still is.
//!
//! Other answers show a flaky test too: a confirmation that disagreed (the oracle's own
//! watch, [`Tester::watch_flakes`]), and an oracle run that accepts a text whose refusal is
//! cached (two runs of one text under `-j N`). Once the test is flaky, no refusal is
//! carried over a commit: the memory of refused edits stays off (the cache keeps the
//! refusals of whole texts, but not that of a candidate that takes away a large stretch of
//! the current text, [`LARGE_STRETCH`]: a list that offers it again asks the oracle again).
//! What the reduction does then with the results is [`reduce::run`]'s: it asks about a
//! stage's result again ([`Tester::verify`]), goes back to the last confirmed one if the
//! test refuses it ([`Tester::roll_back`]), and runs the algorithm again from there.
//!
//! [`reduce::run`]: crate::reduce::run

use super::{CheckReport, Event, Tester};
use crate::engine::oracle::{Oracle, Outcome};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The most queries between two rechecks of the current result (one more oracle run per
/// this many: at most 0.1 % more).
pub const RECHECK_EVERY: u64 = 1_000;

/// Queries before the first recheck; the gap doubles after each, up to [`RECHECK_EVERY`]
/// (about five more oracle runs in a whole reduction than with a fixed gap).
pub const FIRST_RECHECK: u64 = 20;

/// A candidate takes away a large stretch of the current text when it is shorter by at
/// least this share of it, and by at least [`LARGE_STRETCH_BYTES`]; once the test is flaky,
/// its refusal is not cached (a wrong refusal of a large deletion costs many smaller ones;
/// near the end, when every deletion is a large share of a small text, asking again would
/// cost more than it saves).
pub const LARGE_STRETCH: f64 = 0.125;

/// See [`LARGE_STRETCH`].
pub const LARGE_STRETCH_BYTES: usize = 64;

/// What a recheck's run reports.
struct Rerun {
    outcome: Outcome,
    elapsed: Duration,
}

impl CheckReport for Rerun {
    fn outcome(&self) -> Outcome {
        self.outcome
    }

    fn elapsed(&self) -> Duration {
        self.elapsed
    }
}

impl Tester {
    /// Asks the oracle again about the current result if a recheck is due (see the module
    /// documentation); a refusal ends the memory of refused edits and empties the cache.
    pub(super) fn recheck_if_due(&mut self) {
        if self.recheck_due.is_some_and(|at| self.stats.queries >= at) {
            self.recheck();
        }
    }

    /// Asks the oracle again about the current result if rechecks are on and a text was
    /// adopted since the last one: for the end of an algorithm, so that a result accepted
    /// by mistake after the last recheck shows the test flaky before the run ends with it
    /// (one more oracle run per algorithm at most).
    pub fn recheck_at_end(&mut self) {
        if self.recheck_due.is_some() && self.adopted_since_recheck {
            self.recheck();
        }
    }

    /// Asks the oracle again about the last text adopted (see the module documentation).
    fn recheck(&mut self) {
        if self.stopped() || self.dry.is_some() {
            return;
        }
        // The memory's text is the last one adopted (empty before the first, and after a
        // change of context).
        let text: Arc<[u8]> = match self.memory.as_ref().map(|m| m.text()) {
            Some(text) if !text.is_empty() => text.into(),
            _ => return,
        };
        self.adopted_since_recheck = false;
        self.recheck_gap = (self.recheck_gap * 2).clamp(FIRST_RECHECK, RECHECK_EVERY);
        self.recheck_due = Some(self.stats.queries + self.recheck_gap);
        let Some(report) = self.ask_again(text, |oracle, text, cancel| oracle.test(text, cancel))
        else {
            return;
        };
        self.stats.rechecks += 1;
        let refused = matches!(
            report.outcome,
            Outcome::NotInteresting | Outcome::Unresolved
        );
        if refused && !self.interrupted() {
            self.flakiness_seen();
        }
    }

    /// Goes on as for a flaky test: the cached answers and the memory of refused edits go
    /// (no refusal is carried over a commit any more), and the observer hears of it
    /// ([`Event::Flaky`]). Once.
    pub fn flakiness_seen(&mut self) {
        if self.stats.flaky {
            return;
        }
        self.stats.flaky = true;
        self.recheck_due = None;
        self.memory = None;
        self.cache.clear();
        self.notify(Event::Flaky);
    }

    /// Asks the oracle about `text` as about a stage's result ([`Oracle::settle`]: until
    /// either answer leads, with a test that is asked again), counted as a query; whether
    /// it is interesting (false once the tester stopped).
    ///
    /// [`Oracle::settle`]: crate::engine::oracle::Oracle::settle
    pub fn verify(&mut self, text: &[u8]) -> bool {
        if self.stopped() {
            return false;
        }
        let report = self.ask_again(text.into(), |oracle, text, cancel| {
            oracle.settle(text, cancel)
        });
        report.is_some_and(|r| r.outcome == Outcome::Interesting) && !self.interrupted()
    }

    /// Asks the oracle about `text`, a text already adopted, with `how` (once, or until
    /// the answers settle), as a check outside the lists ([`Tester::check`]).
    fn ask_again(
        &mut self,
        text: Arc<[u8]>,
        how: fn(&dyn Oracle, &[u8], &AtomicBool) -> Outcome,
    ) -> Option<Rerun> {
        let oracle = self.oracle.clone();
        self.check(move |cancel| {
            let started = Instant::now();
            let outcome = how(&*oracle, &text, cancel);
            Rerun {
                outcome,
                elapsed: started.elapsed(),
            }
        })
    }

    /// The reduction went back to `text`, an earlier result, because the test refused the
    /// current one when asked again: counted, and passed on as the best so far.
    pub fn roll_back(&mut self, text: &[u8]) {
        self.filler.clear();
        self.stats.rollbacks += 1;
        self.current_bytes = text.len();
        if let Some(best) = self.best.as_mut() {
            best(text);
        }
    }

    /// Whether the test was seen to flake (see the module documentation).
    pub fn flaky(&self) -> bool {
        self.stats.flaky
    }

    /// Whether the refusal of a candidate of `bytes` bytes goes into the cache: not once the
    /// test is flaky and the candidate takes away a large stretch of the current text.
    pub(super) fn caches_refusal_of(&self, bytes: usize) -> bool {
        let removed = self.current_bytes.saturating_sub(bytes);
        let large = removed >= LARGE_STRETCH_BYTES
            && removed as f64 >= self.current_bytes as f64 * LARGE_STRETCH;
        !self.stats.flaky || !large
    }

    /// Whether the watch of [`Tester::watch_flakes`] saw the oracle flake; if so, goes on
    /// as for a flaky test.
    pub(super) fn check_flakes(&mut self) {
        if !self.stats.flaky && self.flakes.as_ref().is_some_and(|seen| seen()) {
            self.flakiness_seen();
        }
    }
}
