//! What the record says of the test itself: its timeout (given, or derived from the
//! original's run), the runs that timed out, and the runs each guard failed.
//!
//! ```text
//! "oracle": { "timeout_seconds", "timeout_derived", "original_seconds", "runs", "timed_out",
//!             "guards": [{"name", "failed"}, ...], "confirm", "flakes", "flake_rate" }
//! ```

use crate::engine::oracle::command::RunCounts;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// The test's timeout and what its runs came to.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
#[serde(default)]
pub struct OracleRecord {
    /// The timeout of each run (all its commands together), in seconds; `null` for none.
    pub timeout_seconds: Option<f64>,
    /// Whether it was derived from the original's run (no `--timeout`).
    pub timeout_derived: bool,
    /// The original's run time, when the timeout was derived from it.
    pub original_seconds: Option<f64>,
    /// Runs of the test that ended (the checks of the original and of the result, and
    /// speculative runs, included; cancelled ones are not).
    pub runs: u64,
    /// Of those, the runs killed at the timeout.
    pub timed_out: u64,
    /// Each guard, in the order they run, and how many runs it failed.
    pub guards: Vec<GuardRecord>,
    /// By how many answers an acceptance had to outnumber the refusals at the end
    /// (`--confirm`'s level, raised once the test was seen to flake).
    pub confirm: u32,
    /// Candidates given both answers (`--confirm`).
    pub flakes: u64,
    /// `flakes` per run of the test.
    pub flake_rate: f64,
}

/// One guard (`--guard`, `--ub-guard`).
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(default)]
pub struct GuardRecord {
    /// Its name, as messages give it (`guard 1: gcc -Werror …`, `ub-guard: …`).
    pub name: String,
    /// The runs it failed (the candidate then counted as not interesting, or as unresolved
    /// when the guard ran into the timeout).
    pub failed: u64,
}

impl OracleRecord {
    /// The record of a test whose runs came to `counts`, its guards named `guards`, with
    /// `timeout` (derived from an original that ran in `original`, if given).
    pub fn of(
        counts: &RunCounts,
        guards: &[String],
        timeout: Option<Duration>,
        original: Option<Duration>,
    ) -> OracleRecord {
        OracleRecord {
            timeout_seconds: timeout.map(|t| t.as_secs_f64()),
            timeout_derived: original.is_some(),
            original_seconds: original.map(|t| t.as_secs_f64()),
            runs: counts.runs,
            timed_out: counts.timed_out,
            guards: guards
                .iter()
                .zip(counts.guard_failures.iter().chain(std::iter::repeat(&0)))
                .map(|(name, &failed)| GuardRecord {
                    name: name.clone(),
                    failed,
                })
                .collect(),
            confirm: 1,
            flakes: 0,
            flake_rate: 0.0,
        }
    }

    /// For the summary line: `, 3 timed out` and the guards that failed
    /// (`; guards failed: ub-guard 12×`); empty when nothing is to be said.
    pub fn summary(&self) -> String {
        let mut s = String::new();
        if self.timed_out > 0 {
            s.push_str(&format!(", {} timed out", self.timed_out));
        }
        let failed: Vec<String> = self
            .guards
            .iter()
            .map(|g| format!("{} ({}×)", g.name, g.failed))
            .collect();
        if !failed.is_empty() {
            s.push_str(&format!("; guards failed: {}", failed.join(", ")));
        }
        if self.flakes > 0 {
            s.push_str(&format!(
                "; {} flakes ({:.2} % of the runs), confirmation level {}",
                self.flakes,
                100.0 * self.flake_rate,
                self.confirm
            ));
        }
        s
    }
}
