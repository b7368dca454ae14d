//! Tests outside the candidate lists: the original input before the reduction, the result
//! after it. The caller gives the run (the command oracle's, whose report says more than an
//! outcome); the tester runs it on a thread of its own, times it on its oracle clock, cancels
//! it with its interrupt flag, tries it again once if it could not be run, and counts it as
//! a query.

use super::Tester;
use crate::engine::oracle::command::RunReport;
use crate::engine::oracle::{retry_not_run, Outcome};
use std::sync::atomic::AtomicBool;
use std::thread::JoinHandle;
use std::time::Duration;

/// What a run outside the lists reports.
pub trait CheckReport: Send + 'static {
    /// The verdict.
    fn outcome(&self) -> Outcome;
    /// How long the run took.
    fn elapsed(&self) -> Duration;
}

impl CheckReport for RunReport {
    fn outcome(&self) -> Outcome {
        self.outcome
    }

    fn elapsed(&self) -> Duration {
        self.elapsed
    }
}

/// A check started by [`Tester::start_check`]; [`Tester::finish_check`] waits for it.
pub struct Check<R> {
    handle: JoinHandle<(R, u64)>,
}

impl Tester {
    /// Starts `run` (given the interrupt flag, to stop at Ctrl-C) on a thread of its own, so
    /// that the caller can go on (e.g. parse the input while the original is tested).
    pub fn start_check<R: CheckReport>(
        &self,
        run: impl Fn(&AtomicBool) -> R + Send + 'static,
    ) -> Check<R> {
        let (clock, cancel) = (self.clock.clone(), self.interrupted.clone());
        let handle = std::thread::spawn(move || {
            let mut not_run = 0;
            let report = retry_not_run(&cancel, R::outcome, || {
                let report = clock.time(|| run(&cancel));
                not_run += u64::from(report.outcome() == Outcome::NotRun);
                report
            });
            (report, not_run)
        });
        Check { handle }
    }

    /// Waits for a check and counts it: a query (unless it could not be run in the end),
    /// after the attempts that could not be run. `None` if the check's thread panicked.
    pub fn finish_check<R: CheckReport>(&mut self, check: Check<R>) -> Option<R> {
        let (report, not_run) = check.handle.join().ok()?;
        let outcome = report.outcome();
        self.stats.not_run += not_run;
        if outcome != Outcome::NotRun {
            self.stats.queries += 1;
            self.stats.record_oracle_run(report.elapsed());
        }
        if outcome == Outcome::Unresolved {
            self.stats.unresolved += 1;
        }
        self.stats.oracle_busy = self.clock.busy();
        Some(report)
    }

    /// Runs a check to its end.
    pub fn check<R: CheckReport>(
        &mut self,
        run: impl Fn(&AtomicBool) -> R + Send + 'static,
    ) -> Option<R> {
        let check = self.start_check(run);
        self.finish_check(check)
    }
}
