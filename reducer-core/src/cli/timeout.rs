//! The timeout of each run of the test: the one `--timeout` gives, or, by default, one
//! derived from the original's run.
//!
//! A reduction often makes a loop endless (its exit condition goes), and each such candidate
//! costs a whole timeout. A fixed default (30 s) is far too long for a test that takes 0.2 s,
//! and too short for a 40 s compile. So by default the first run of the test, on the
//! original, runs under a generous limit ([`FIRST_RUN_LIMIT`], 300 s), and every later run
//! gets
//!
//! ```text
//! timeout = min(FACTOR × t + SLACK, MAX) = min(10 × t + 1 s, 300 s)
//! ```
//!
//! where `t` is the original's run time (the whole run: its directory, every command of it,
//! guards included, and the clean-up). A csmith program that runs in 0.2 s gets 3 s; a 20 s
//! compile gets 201 s; a minute's compile is capped at 300 s. The slack keeps a run of a few
//! milliseconds from a timeout a loaded machine would miss; the factor leaves room for the
//! runs going on at once (`-j`) and for candidates that are slower than the original (rare:
//! they are smaller). `--timeout SECS` sets the timeout instead (`--timeout 0`: none).

use crate::engine::oracle::command::RunReport;
use std::time::Duration;

/// The limit of the original's run when the timeout is derived from it.
pub(super) const FIRST_RUN_LIMIT: Duration = Duration::from_secs(300);
/// How many times the original's run time a run may take.
pub(super) const FACTOR: u32 = 10;
/// What every derived timeout adds to the multiple.
pub(super) const SLACK: Duration = Duration::from_secs(1);
/// The largest derived timeout.
pub(super) const MAX: Duration = Duration::from_secs(300);

/// The timeout of a run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Timeout {
    /// Given by `--timeout` (`None`: `--timeout 0`, none).
    Given(Option<Duration>),
    /// Derived from the original's run time.
    Derived {
        /// The original's run time.
        original: Duration,
        /// The timeout.
        timeout: Duration,
    },
}

impl Timeout {
    /// The timeout derived from an original that ran in `original`.
    pub(super) fn derive(original: Duration) -> Timeout {
        let timeout = (original * FACTOR + SLACK).min(MAX);
        Timeout::Derived { original, timeout }
    }

    /// The timeout derived from the report of the original's run: its run time, or, when it
    /// timed out under [`FIRST_RUN_LIMIT`], that limit (the run ends anyway: the original is
    /// not interesting).
    pub(super) fn from_original(first: Option<&RunReport>) -> Timeout {
        let t = first.map_or(FIRST_RUN_LIMIT, |r| match r.timed_out {
            true => FIRST_RUN_LIMIT,
            false => r.elapsed,
        });
        Timeout::derive(t)
    }

    /// The timeout itself (`None`: none).
    pub(super) fn limit(self) -> Option<Duration> {
        match self {
            Timeout::Given(t) => t,
            Timeout::Derived { timeout, .. } => Some(timeout),
        }
    }

    /// For the line that announces a run: `timeout 3.2 s (10 × the original's 0.22 s + 1
    /// s)`, `timeout 30 s`, `no timeout`.
    pub(super) fn describe(self) -> String {
        match self {
            Timeout::Given(None) => "no timeout".to_string(),
            Timeout::Given(Some(t)) => format!("timeout {} s", t.as_secs_f64()),
            Timeout::Derived { original, timeout } => {
                let capped = match timeout == MAX {
                    true => format!(", at most {} s", MAX.as_secs()),
                    false => String::new(),
                };
                format!(
                    "timeout {:.1} s (derived: {FACTOR} × the original's {:.2} s + {} s{capped})",
                    timeout.as_secs_f64(),
                    original.as_secs_f64(),
                    SLACK.as_secs()
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_derived_timeout_is_ten_times_the_original_plus_a_second_at_most_five_minutes() {
        let ms = Duration::from_millis;
        for (original, expected) in [
            (ms(0), ms(1_000)),
            (ms(200), ms(3_000)),
            (ms(20_000), ms(201_000)),
            (ms(29_900), ms(300_000)),
            (ms(60_000), ms(300_000)),
        ] {
            assert_eq!(
                Timeout::derive(original).limit(),
                Some(expected),
                "{original:?}"
            );
        }
        assert_eq!(
            Timeout::derive(ms(200)).describe(),
            "timeout 3.0 s (derived: 10 × the original's 0.20 s + 1 s)"
        );
        assert!(Timeout::derive(ms(60_000))
            .describe()
            .ends_with("+ 1 s, at most 300 s)"));
        assert_eq!(Timeout::Given(None).describe(), "no timeout");
        assert_eq!(Timeout::Given(Some(ms(2_500))).describe(), "timeout 2.5 s");
    }
}
