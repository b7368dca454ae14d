//! The results file (`results.json`): the machine, the commands that made it, and one record
//! per reducer run. It is rewritten after every run, so an interrupted benchmark keeps what
//! it measured.

use crate::machine::Machine;
use crate::stats::{Queries, SizePoint, Sizes, SyntaxChecks};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// Which study a run belongs to (decides how the Markdown groups it).
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Study {
    /// `bench run`: algorithms × inputs × jobs.
    #[serde(rename = "run")]
    Runs,
    /// `bench cache-study`: the outcome cache's optimisations, cumulative.
    #[serde(rename = "cache-study")]
    Cache,
    /// `bench split-study`: ddmin's split factor and subset tests.
    #[serde(rename = "split-study")]
    Split,
    /// `bench slow-oracle`: oracles padded by a sleep, at several job counts.
    #[serde(rename = "slow-oracle")]
    SlowOracle,
}

impl Study {
    /// The heading of the study's section.
    pub fn title(self) -> &'static str {
        match self {
            Study::Runs => "Reductions",
            Study::Cache => "Cache study",
            Study::Split => "Split-factor study",
            Study::SlowOracle => "Slow-oracle study",
        }
    }
}

/// How a run ended, as the benchmark sees it.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// The reducer finished and its result passed the oracle again.
    Ok,
    /// The cap (`--timeout-per-run`) stopped it; the result is its best so far.
    Capped,
    /// The reducer finished, but the re-check of the result with the oracle failed.
    VerifyFailed,
    /// The reducer failed (non-zero exit, no stats, killed).
    Error,
}

impl Outcome {
    /// A short word for tables.
    pub fn word(self) -> &'static str {
        match self {
            Outcome::Ok => "ok",
            Outcome::Capped => "capped",
            Outcome::VerifyFailed => "VERIFY FAILED",
            Outcome::Error => "error",
        }
    }
}

/// One reducer run and what it measured.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct RunRecord {
    /// The study it belongs to.
    pub study: Study,
    /// The benchmark, e.g. `perses/clang-22382`.
    pub case: String,
    /// The algorithm's name.
    pub algorithm: String,
    /// Oracle runs at once (`-j`).
    pub jobs: u32,
    /// The variant of the study (cache switches, split factor); empty for plain runs.
    pub variant: String,
    /// Options added to the reducer's command line for the variant.
    pub extra_args: Vec<String>,
    /// The reducer's full command line.
    pub command: Vec<String>,
    /// When the run started (UTC).
    pub started_utc: String,
    /// `/proc/loadavg` (1, 5, 15 min) just before the run.
    pub load_start: [f64; 3],
    /// `/proc/loadavg` just after the run (and its re-check).
    pub load_end: [f64; 3],
    /// How it ended.
    pub outcome: Outcome,
    /// The reducer's exit status.
    pub exit_code: Option<i32>,
    /// The signal that ended the reducer, if any.
    pub signal: Option<i32>,
    /// The status the reducer wrote into its stats (`success`, `interrupted`, …).
    pub reducer_status: String,
    /// Wall time of the reducer process as the benchmark measured it (spawn to exit).
    pub wall_seconds: f64,
    /// Wall time of the reduction as the reducer measured it.
    pub reduction_seconds: f64,
    /// Time inside the oracle (summed over the runs the algorithm needed).
    pub oracle_seconds: f64,
    /// Reduction time minus oracle time: the reducer's own cost.
    pub engine_seconds: f64,
    /// User CPU seconds of the reducer and everything it waited for (oracles included).
    pub cpu_user_seconds: f64,
    /// System CPU seconds of the reducer and everything it waited for.
    pub cpu_sys_seconds: f64,
    /// Oracle queries.
    pub queries: Queries,
    /// Syntax checks, from the reducer's stats (verification mode's counts included).
    #[serde(default)]
    pub syntax_checks: SyntaxChecks,
    /// The input's sizes.
    pub input: Sizes,
    /// The result's sizes.
    pub output: Sizes,
    /// Most bytes the outcome cache held.
    pub peak_cache_bytes: u64,
    /// Most entries the outcome cache held.
    pub peak_cache_entries: u64,
    /// `ru_maxrss` of `wait4` on the reducer, in bytes: on Linux the largest of the reducer's
    /// own peak and the peaks of the oracle processes it waited for.
    pub peak_rss_bytes: u64,
    /// The reducer's own peak RSS (`VmHWM`, sampled every 50 ms), in bytes.
    pub peak_rss_self_bytes: u64,
    /// Whether the result passed the oracle once more (`None`: not checked).
    pub verified: Option<bool>,
    /// The best size over time, from the reducer's stats.
    pub size_over_time: Vec<SizePoint>,
    /// Where the reducer's stats record was written.
    pub stats_file: String,
    /// Where the result was written.
    pub output_file: String,
    /// Where the reducer's stdout and stderr went.
    pub log_file: String,
    /// A note for failed runs (the log's tail, the verification's complaint).
    pub note: String,
}

impl RunRecord {
    /// The result's tokens as a table cell ("–" when the run has no grammar).
    pub fn tokens_cell(&self) -> String {
        self.output
            .tokens
            .map_or("–".to_string(), |t| t.to_string())
    }

    /// The key that identifies a run within a results file.
    pub fn key(&self) -> (Study, &str, &str, u32, &str) {
        (
            self.study,
            &self.case,
            &self.algorithm,
            self.jobs,
            &self.variant,
        )
    }

    /// The series name in plots and tables: `algorithm -jN [variant]`.
    pub fn label(&self) -> String {
        let mut s = format!("{} -j{}", self.algorithm, self.jobs);
        if !self.variant.is_empty() {
            s.push_str(&format!(" [{}]", self.variant));
        }
        s
    }
}

/// One `bench` invocation that contributed runs.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Invocation {
    /// Its command line.
    pub argv: Vec<String>,
    /// When it started (UTC).
    pub started_utc: String,
    /// `/proc/loadavg` when it started.
    pub load_start: [f64; 3],
    /// The commit the reducer binaries were built from, as written in the `COMMIT` file of
    /// their directory (empty when there is none).
    #[serde(default)]
    pub binaries_commit: String,
}

/// The whole results file.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct Results {
    /// Format version of this file.
    pub format: u32,
    /// The machine (as of the latest invocation).
    pub machine: Machine,
    /// Where the benchmark inputs were taken from.
    pub bench_dir: String,
    /// Where the reducer binaries were taken from.
    pub bin_dir: String,
    /// The invocations of `bench` that wrote this file.
    pub invocations: Vec<Invocation>,
    /// Every run, in the order they were made.
    pub runs: Vec<RunRecord>,
}

/// The current format of `results.json`.
pub const FORMAT: u32 = 1;

impl Results {
    /// Loads a results file.
    pub fn load(path: &Path) -> Result<Results, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Writes the file atomically (a temporary file renamed over it).
    pub fn save(&self, path: &Path) -> Result<(), String> {
        let text = serde_json::to_string_pretty(self).map_err(|e| e.to_string())?;
        write_atomic(path, text.as_bytes())
    }

    /// Adds a run, replacing an earlier run with the same key.
    pub fn upsert(&mut self, run: RunRecord) {
        self.runs.retain(|r| r.key() != run.key());
        self.runs.push(run);
    }
}

/// Writes `bytes` to `path` through a temporary file in the same directory.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let tmp = path.with_extension("tmp-write");
    std::fs::write(&tmp, bytes).map_err(|e| format!("cannot write {}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, path).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// `s` with every character other than ASCII letters, digits, `-` and `.` replaced by `_`,
/// so that it can be part of a file name (`perses/clang-22382` → `perses_clang-22382`).
pub fn safe_name(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A run record for tests.
    pub fn sample(case: &str, algorithm: &str, jobs: u32, variant: &str) -> RunRecord {
        RunRecord {
            study: Study::Runs,
            case: case.into(),
            algorithm: algorithm.into(),
            jobs,
            variant: variant.into(),
            extra_args: vec![],
            command: vec!["reduce-c".into()],
            started_utc: "2026-11-22T06:00:00Z".into(),
            load_start: [1.0, 1.0, 1.0],
            load_end: [1.5, 1.0, 1.0],
            outcome: Outcome::Ok,
            exit_code: Some(0),
            signal: None,
            reducer_status: "success".into(),
            wall_seconds: 10.0,
            reduction_seconds: 9.9,
            oracle_seconds: 8.0,
            engine_seconds: 1.9,
            cpu_user_seconds: 7.0,
            cpu_sys_seconds: 1.0,
            queries: Queries {
                real: 100,
                interesting: 10,
                cached: 5,
                speculative: 3,
                rounds: 0,
                unresolved: 0,
                not_run: 0,
                syntax_rejected: 7,
                remembered: 0,
                total_tests: 112,
                ..Queries::default()
            },
            syntax_checks: SyntaxChecks::default(),
            input: Sizes {
                bytes: 1000,
                tokens: Some(300),
                non_whitespace_chars: 800,
                ..Sizes::default()
            },
            output: Sizes {
                bytes: 50,
                tokens: Some(12),
                non_whitespace_chars: 40,
                ..Sizes::default()
            },
            peak_cache_bytes: 4096,
            peak_cache_entries: 40,
            peak_rss_bytes: 20 << 20,
            peak_rss_self_bytes: 10 << 20,
            verified: Some(true),
            size_over_time: vec![
                SizePoint {
                    seconds: 0.0,
                    bytes: 1000,
                    tokens: Some(300),
                    ..SizePoint::default()
                },
                SizePoint {
                    seconds: 5.0,
                    bytes: 100,
                    tokens: Some(30),
                    ..SizePoint::default()
                },
                SizePoint {
                    seconds: 9.0,
                    bytes: 50,
                    tokens: Some(12),
                    ..SizePoint::default()
                },
            ],
            stats_file: "raw/x.stats.json".into(),
            output_file: "out/x.c".into(),
            log_file: "raw/x.log".into(),
            note: String::new(),
        }
    }

    #[test]
    fn upsert_replaces_the_same_run_and_the_file_round_trips() {
        let mut r = Results {
            format: FORMAT,
            ..Results::default()
        };
        r.upsert(sample("perses/a", "perses", 1, ""));
        r.upsert(sample("perses/a", "perses", 2, ""));
        let mut again = sample("perses/a", "perses", 1, "");
        again.wall_seconds = 3.0;
        r.upsert(again);
        assert_eq!(r.runs.len(), 2);
        assert_eq!(r.runs[1].wall_seconds, 3.0);
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("results.json");
        r.save(&p).unwrap();
        assert_eq!(Results::load(&p).unwrap(), r);
    }
}
