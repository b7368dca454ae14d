//! How a run ends: the exit status of every reducer binary, and the failure that ends a run
//! early with a status and a message.

use std::process::ExitCode;

/// The exit statuses of every reducer binary (see the [module documentation](super)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// 0: the result is interesting.
    Success,
    /// 1: usage or I/O error.
    Usage,
    /// 2: the input does not parse (or is not UTF-8) and `--no-fallback` was given.
    Parse,
    /// 3: the original input is not interesting.
    NotInteresting,
    /// 4: the final result is no longer interesting, nor any earlier result asked about in its
    /// place (flaky test).
    Flaky,
    /// 5: the test could not be run, even when tried again; the best result so far is kept.
    TestNotRun,
    /// 6: a run limit (`--max-time`, `--max-queries`) was reached; the best result so far
    /// is kept, and was checked.
    Limit,
    /// 130: interrupted by Ctrl-C (128 + SIGINT, as shells report it).
    Interrupted,
}

impl Exit {
    /// The numeric exit status.
    pub fn code(self) -> u8 {
        match self {
            Exit::Success => 0,
            Exit::Usage => 1,
            Exit::Parse => 2,
            Exit::NotInteresting => 3,
            Exit::Flaky => 4,
            Exit::TestNotRun => 5,
            Exit::Limit => 6,
            Exit::Interrupted => 130,
        }
    }
}

impl From<Exit> for ExitCode {
    fn from(e: Exit) -> ExitCode {
        ExitCode::from(e.code())
    }
}

/// A run that cannot go on: the exit status and what to tell the user.
pub(super) struct Failure {
    pub(super) exit: Exit,
    pub(super) message: String,
}

impl Failure {
    /// A usage error (exit status 1) saying `message`.
    pub(super) fn usage(message: String) -> Failure {
        Failure {
            exit: Exit::Usage,
            message,
        }
    }
}

/// Ends a run with `exit` and `message`.
pub(super) fn fail<T>(exit: Exit, message: impl Into<String>) -> Result<T, Failure> {
    Err(Failure {
        exit,
        message: message.into(),
    })
}
