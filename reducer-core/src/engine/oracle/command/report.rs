//! What a run of the test program tells (its [`RunReport`]), and what a
//! [`CommandOracle`](super::CommandOracle) keeps of its finished runs.

use crate::engine::oracle::Outcome;
use std::fmt;
use std::io;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Why a run did not get as far as an exit status.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunError {
    /// The temporary directory could not be created or the candidate not written.
    Setup(String),
    /// The program could not be started (missing, not executable, …): the user's command is
    /// wrong, not the candidate.
    Spawn {
        /// The program that was to be started (the launcher's, if there is one).
        program: PathBuf,
        /// The kind of the operating system's error.
        kind: io::ErrorKind,
        /// The operating system's message.
        message: String,
        /// The interpreter named by the program's `#!` line, when that is what is missing
        /// (the system then reports the script itself as not found).
        missing_interpreter: Option<PathBuf>,
    },
    /// Waiting for the program failed.
    Wait(String),
}

impl RunError {
    /// Whether the program could not be started at all.
    pub fn is_spawn(&self) -> bool {
        matches!(self, RunError::Spawn { .. })
    }
}

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunError::Setup(m) => write!(f, "{m}"),
            RunError::Spawn {
                program,
                missing_interpreter: Some(interpreter),
                ..
            } => write!(
                f,
                "{}: its #! line names the interpreter {}, which does not exist",
                program.display(),
                interpreter.display()
            ),
            RunError::Spawn {
                program, message, ..
            } => write!(f, "{}: {message}", program.display()),
            RunError::Wait(m) => write!(f, "waiting for the test program failed: {m}"),
        }
    }
}

impl std::error::Error for RunError {}

/// Everything known about one run of the test program.
#[derive(Clone, Debug)]
pub struct RunReport {
    /// The verdict.
    pub outcome: Outcome,
    /// The exit code, if the program exited normally.
    pub exit_code: Option<i32>,
    /// The signal that ended the program, if one did (`SIGKILL` after a timeout or a
    /// cancellation).
    pub signal: Option<i32>,
    /// The run took longer than the timeout and was killed.
    pub timed_out: bool,
    /// The `cancel` flag was raised during the run, which was then killed.
    pub cancelled: bool,
    /// The last (at most [`STDERR_TAIL_BYTES`](super::STDERR_TAIL_BYTES)) bytes the program wrote to stderr, decoded
    /// lossily as UTF-8.
    pub stderr_tail: String,
    /// Stderr was longer than what `stderr_tail` keeps.
    pub stderr_truncated: bool,
    /// Wall-clock time of the whole run (directory set-up and clean-up included).
    pub elapsed: Duration,
    /// Set when the run failed before an exit status could be had: the outcome is then
    /// [`Outcome::NotRun`] for a [`RunError::Setup`] or [`RunError::Spawn`],
    /// [`Outcome::Unresolved`] for a [`RunError::Wait`].
    pub error: Option<RunError>,
    /// The temporary directory, when it was kept (`keep_temps`).
    pub kept_dir: Option<PathBuf>,
    /// For a built test: the first condition the run did not meet (`"stderr does not match
    /// 'x' (--expect-stderr)"`), or why a guard or a compared command failed.
    pub unmet: Option<String>,
    /// The timeout the run ran under (all its commands together), if any.
    pub limit: Option<Duration>,
    /// The guard that failed, by index (see
    /// [`CommandOracle::guard_names`](super::CommandOracle::guard_names)), if one did.
    pub failed_guard: Option<usize>,
}

impl RunReport {
    /// The report of a run that could not be run at all.
    pub(super) fn not_run(error: RunError, start: Instant) -> RunReport {
        RunReport {
            outcome: Outcome::NotRun,
            exit_code: None,
            signal: None,
            timed_out: false,
            cancelled: false,
            stderr_tail: String::new(),
            stderr_truncated: false,
            elapsed: start.elapsed(),
            error: Some(error),
            kept_dir: None,
            unmet: None,
            limit: None,
            failed_guard: None,
        }
    }

    /// Whether the program could not be started at all (a wrong command, not a wrong
    /// candidate), e.g. to say "cannot run the test script: …".
    pub fn is_spawn_error(&self) -> bool {
        self.error.as_ref().is_some_and(RunError::is_spawn)
    }

    /// A short human-readable account of how the run ended, e.g. "exit status 1",
    /// "timed out after 5.000s", "killed by signal 11".
    pub fn describe(&self) -> String {
        if let Some(e) = &self.error {
            if e.is_spawn() {
                return format!("cannot run the test program: {e}");
            }
            return e.to_string();
        }
        if self.timed_out {
            return match self.limit {
                Some(limit) => format!(
                    "timed out after {:.3}s (the timeout is {} s)",
                    self.elapsed.as_secs_f64(),
                    limit.as_secs_f64()
                ),
                None => format!("timed out after {:.3}s", self.elapsed.as_secs_f64()),
            };
        }
        if self.cancelled {
            return "cancelled".to_string();
        }
        match (self.exit_code, self.signal) {
            (Some(c), _) => format!("exit status {c}"),
            (None, Some(s)) => format!("killed by signal {s}"),
            (None, None) => "ended in an unknown way".to_string(),
        }
    }
}

/// The reports a [`CommandOracle`](super::CommandOracle) keeps of its finished runs (by any
/// thread).
#[derive(Debug, Default)]
pub(super) struct Reports {
    /// The most recent run (kept for the tests only: a clone on every run is not free).
    #[cfg(test)]
    pub(super) last: Option<RunReport>,
    /// The most recent run that could not be run ([`Outcome::NotRun`]).
    pub(super) last_not_run: Option<RunReport>,
    /// Run directories that could not be removed.
    pub(super) leftovers: Leftovers,
    /// What the finished runs came to.
    pub(super) counts: RunCounts,
}

/// What the finished runs of a [`CommandOracle`](super::CommandOracle) came to, whoever
/// asked for them (the checks of the original and of the result, speculative runs
/// included; cancelled runs are not counted).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RunCounts {
    /// Runs that ended (or timed out).
    pub runs: u64,
    /// Of those, runs killed at the timeout.
    pub timed_out: u64,
    /// For each guard (by index), the runs it failed.
    pub guard_failures: Vec<u64>,
}

/// The run directories a [`CommandOracle`](super::CommandOracle) could not remove.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Leftovers {
    /// How many.
    pub count: u64,
    /// The first one, and why it stayed.
    pub first: Option<(PathBuf, String)>,
}

impl Reports {
    pub(super) fn record(&mut self, report: &RunReport) {
        if report.outcome == Outcome::NotRun {
            self.last_not_run = Some(report.clone());
        } else if !report.cancelled {
            let counts = &mut self.counts;
            counts.runs += 1;
            counts.timed_out += u64::from(report.timed_out);
            if let Some(g) = report.failed_guard {
                if counts.guard_failures.len() <= g {
                    counts.guard_failures.resize(g + 1, 0);
                }
                counts.guard_failures[g] += 1;
            }
        }
        #[cfg(test)]
        {
            self.last = Some(report.clone());
        }
    }
}
