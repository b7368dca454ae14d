//! Asking the oracle again, now and then, about the current result, to find a flaky test.
//!
//! The outcome cache and the edit memory trust every refusal: a test that refuses a
//! candidate now and would accept it later (a program whose output follows the address
//! layout, a timeout under load) gets it refused for good, and through the memory the same
//! edit on later texts too. So when the memory is on, once [`RECHECK_EVERY`] queries have
//! gone by since the last time, the tester asks the oracle again about the last
//! interesting text it adopted, before the next list test. A refusal means the test is
//! flaky: the cached answers and the memory are dropped, the memory stays off for the rest
//! of the run, and the observer hears of it ([`Event::Flaky`]). The result is kept: it was
//! interesting once, and the final check says whether it still is.

use super::{CheckReport, Event, Tester};
use crate::engine::oracle::Outcome;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Queries between two rechecks of the current result (one more oracle run per this
/// many: at most 0.1 % more).
pub const RECHECK_EVERY: u64 = 1_000;

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
        let due = self.recheck_due.is_some_and(|at| self.stats.queries >= at);
        if !due || self.stopped() {
            return;
        }
        // The memory's text is the last one adopted (empty before the first, and after a
        // change of context).
        let text: Arc<[u8]> = match self.memory.as_ref().map(|m| m.text()) {
            Some(text) if !text.is_empty() => text.into(),
            _ => return,
        };
        self.recheck_due = Some(self.stats.queries + RECHECK_EVERY);
        let oracle = self.oracle.clone();
        let report = self.check(move |cancel| {
            let started = Instant::now();
            let outcome = oracle.test(&text, cancel);
            Rerun {
                outcome,
                elapsed: started.elapsed(),
            }
        });
        let Some(report) = report else {
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
    /// (no refusal is carried over a commit any more), and the observer hears of it. Once.
    pub(super) fn flakiness_seen(&mut self) {
        if self.stats.flaky {
            return;
        }
        self.stats.flaky = true;
        self.recheck_due = None;
        self.memory = None;
        self.cache.clear();
        self.notify(Event::Flaky);
    }

    /// Whether the watch of [`Tester::watch_flakes`] saw the oracle flake; if so, goes on
    /// as for a flaky test.
    pub(super) fn check_flakes(&mut self) {
        if !self.stats.flaky && self.flakes.as_ref().is_some_and(|seen| seen()) {
            self.flakiness_seen();
        }
    }
}
