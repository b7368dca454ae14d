//! Oracles: what decides whether a candidate is still interesting.
//!
//! The engine only sees the [`Oracle`] trait. [`FnOracle`] wraps a closure (tests);
//! [`command::CommandOracle`] runs the user's program on a file, C-Reduce style, and decides
//! by its exit status or, for a test built from the command line, by the conditions of
//! [`expect::Expectations`].

pub mod command;
pub mod confirm;
pub mod expect;
pub mod file_set;
pub mod run_dir;
#[allow(unsafe_code)]
mod sys;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// The verdict of one oracle run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The candidate still shows the behaviour (exit status 0).
    Interesting,
    /// It does not (any other exit status).
    NotInteresting,
    /// The run was cut short (timeout, signal, cancelled): treated as not interesting, counted
    /// apart, never cached.
    Unresolved,
    /// The test could not be run at all (no temporary directory, the candidate not written,
    /// the program missing or not startable): no verdict on the candidate. Never cached and
    /// never taken as not interesting: the tester retries once, then stops the reduction
    /// (see [`Oracle::not_run_cause`]).
    NotRun,
}

impl Outcome {
    /// Whether this outcome counts as interesting.
    pub fn is_interesting(self) -> bool {
        self == Outcome::Interesting
    }
}

/// Decides whether a candidate (the full text of an input) is interesting.
pub trait Oracle: Send + Sync {
    /// Tests one candidate. `cancel` becomes true when the result is no longer needed (a
    /// speculative run lost); a long run should then stop and return [`Outcome::Unresolved`].
    fn test(&self, candidate: &[u8], cancel: &AtomicBool) -> Outcome;

    /// Starts a test of `candidate` whose answer [`StartedTest::finish`] waits for, maybe
    /// on another thread: an oracle that runs a program starts it here, so that it runs
    /// before any hand-off between threads. `None` (the default): the whole test is
    /// [`Oracle::test`].
    fn start(&self, _candidate: &[u8]) -> Option<Box<dyn StartedTest>> {
        None
    }

    /// Tests a candidate whose answer weighs more than a list's candidate's (the result of a
    /// stage, before the reduction goes on from it): by default as [`Oracle::test`]; an
    /// oracle that asks again ([`confirm::Confirming`]) asks until either answer leads.
    fn settle(&self, candidate: &[u8], cancel: &AtomicBool) -> Outcome {
        self.test(candidate, cancel)
    }

    /// Why the most recent test answered [`Outcome::NotRun`] could not be run, for the
    /// message that ends the reduction (`None`: no such test, or no account of it).
    fn not_run_cause(&self) -> Option<String> {
        None
    }
}

/// How many times a test that could not be run ([`Outcome::NotRun`]) is tried again before
/// the reduction stops: a passing hitch (a script being rewritten, a moment of a full disk)
/// gets a second chance; a broken set-up is not retried forever.
pub const NOT_RUN_RETRIES: u32 = 1;

/// The pause before a test that could not be run is tried again.
const NOT_RUN_PAUSE: std::time::Duration = std::time::Duration::from_millis(50);

/// Runs `attempt`, and again up to [`NOT_RUN_RETRIES`] times while `outcome` of its result is
/// [`Outcome::NotRun`] and `cancel` is not raised. The one retry policy of every caller (the
/// tester's runs, the checks of the original and of the final result).
pub fn retry_not_run<T>(
    cancel: &AtomicBool,
    outcome: impl Fn(&T) -> Outcome,
    mut attempt: impl FnMut() -> T,
) -> T {
    let mut result = attempt();
    for _ in 0..NOT_RUN_RETRIES {
        if outcome(&result) != Outcome::NotRun || cancel.load(Ordering::SeqCst) {
            break;
        }
        std::thread::sleep(NOT_RUN_PAUSE);
        result = attempt();
    }
    result
}

/// A test started by [`Oracle::start`].
pub trait StartedTest: Send {
    /// Waits for the answer; raising `cancel` ends the test early ([`Outcome::Unresolved`]).
    fn finish(self: Box<Self>, cancel: &AtomicBool) -> Finished;
}

/// The end of a started test.
#[derive(Clone, Copy, Debug)]
pub struct Finished {
    /// The verdict.
    pub outcome: Outcome,
    /// When the test really ended (its program exited and was cleaned up after), which can
    /// be well before [`StartedTest::finish`] was called: the engine's own work meanwhile is
    /// not the oracle's time.
    pub ended: Instant,
}

/// An oracle given by a closure: `true` means interesting. For tests and library use.
pub struct FnOracle<F>(pub F);

impl<F: Fn(&[u8]) -> bool + Send + Sync> Oracle for FnOracle<F> {
    fn test(&self, candidate: &[u8], _cancel: &AtomicBool) -> Outcome {
        if (self.0)(candidate) {
            Outcome::Interesting
        } else {
            Outcome::NotInteresting
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_test_not_run_is_tried_once_more_and_no_more() {
        let no = AtomicBool::new(false);
        for (answers, expected, calls) in [
            (vec![Outcome::Interesting], Outcome::Interesting, 1),
            (
                vec![Outcome::NotRun, Outcome::NotInteresting],
                Outcome::NotInteresting,
                2,
            ),
            (
                vec![Outcome::NotRun; 5],
                Outcome::NotRun,
                1 + NOT_RUN_RETRIES as usize,
            ),
        ] {
            let mut n = 0;
            let got = retry_not_run(
                &no,
                |o| *o,
                || {
                    n += 1;
                    answers[n - 1]
                },
            );
            assert_eq!((got, n), (expected, calls));
        }
        // Cancelled: no retry.
        let mut n = 0;
        let got = retry_not_run(
            &AtomicBool::new(true),
            |o| *o,
            || {
                n += 1;
                Outcome::NotRun
            },
        );
        assert_eq!((got, n), (Outcome::NotRun, 1));
    }
}
