//! Oracles: what decides whether a candidate is still interesting.
//!
//! The engine only sees the [`Oracle`] trait. [`FnOracle`] wraps a closure (tests);
//! [`command::CommandOracle`] runs the user's program on a file, C-Reduce style.

pub mod command;

use std::sync::atomic::AtomicBool;

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
}

/// A test started by [`Oracle::start`].
pub trait StartedTest: Send {
    /// Waits for the answer; raising `cancel` ends the test early ([`Outcome::Unresolved`]).
    fn finish(self: Box<Self>, cancel: &AtomicBool) -> Outcome;
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
