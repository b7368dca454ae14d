//! The `--stats FILE` record: one JSON object per run, for benchmarks and papers' tables.
//!
//! Shape (all sizes in bytes unless named otherwise; times in seconds):
//!
//! ```text
//! { "tool": {"name", "version"}, "language", "grammar", "status", "exit_code",
//!   "input":  {"path", "bytes", "tokens", "non_whitespace_chars"},
//!   "output": {"path", "bytes", "tokens", "non_whitespace_chars"},
//!   "queries": {"real", "interesting", "cached", "speculative", "unresolved", "not_run",
//!               "syntax_rejected", "remembered", "total_tests", "rechecks", "flaky",
//!               "rollbacks"},
//!   "syntax_checks": {"local", "full_parses", "seconds", "verified", "verified_invalid",
//!                     "result_parses"},
//!   "time": {"wall_seconds", "oracle_seconds", "engine_seconds"},
//!   "cache": {"lookups", "hits", "entries", "peak_bytes", "peak_entries"},
//!   "size_over_time": [{"seconds", "bytes", "tokens", "stage", "file", "queries"}, ...],
//!   "algorithm", "options": {..., "built_test": {"run", "expect_exit", "expect_signal",
//!                                 "expect_timeout", "expect_stdout", "expect_stderr"}},
//!   "oracle": {"timeout_seconds", "timeout_derived", "original_seconds", "runs", "timed_out",
//!              "guards": [{"name", "failed"}, ...]} }
//! ```
//!
//! `options.timeout_seconds` is the timeout the runs had (as `oracle.timeout_seconds`):
//! `--timeout`'s, or the one derived from the original's run (`oracle.timeout_derived`).
//!
//! `tokens` is `null` for `reduce-text` (and for a result of the byte-level fallback).
//! `grammar` says which grammars reduced the input, last first: `"C"`; `"fallback"` (the
//! structure grammar, for an input C does not read); `"C after fallback"`; `"bytes"` (ddmin on
//! lines and bytes, for an input that is not UTF-8); `null` for `reduce-text`. `engine_seconds` is wall time minus the wall time
//! during which at least one oracle run was going (the time the user waits for the reducer
//! itself, whatever `-j`), never negative.

use super::args::Args;
use super::progress::Sample;
use crate::engine::cache::{CacheMode, CacheStats};
use crate::engine::session::SyntaxCheck;
use crate::engine::stats::{SessionStats, Stats};
use crate::engine::tester::Parallel;
use crate::reduce::list::ComplementOrder;
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::time::Duration;

/// The version printed by `--version` and recorded by `--stats`.
pub(super) const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The whole record.
#[derive(Clone, Debug, Serialize)]
pub struct Record {
    /// Which program wrote it.
    pub tool: Tool,
    /// The language reduced (`null` for `reduce-text`).
    pub language: Option<String>,
    /// The grammars the reduction used, last first: the language's name when the input
    /// parsed, `"fallback"` (the structure grammar), `"bytes"` (ddmin on lines and bytes), or
    /// a chain such as `"C after fallback"` (`null` for `reduce-text`).
    pub grammar: Option<String>,
    /// How the run ended: `success`, `interrupted`, `limit`, `flaky`, `test-not-run` or
    /// `error`.
    pub status: String,
    /// The process's exit status.
    pub exit_code: u8,
    /// The input.
    pub input: FileSize,
    /// The result.
    pub output: FileSize,
    /// Test counts.
    pub queries: Queries,
    /// Syntax checks of candidates.
    pub syntax_checks: SyntaxChecks,
    /// Where the time went.
    pub time: Times,
    /// The outcome cache.
    pub cache: CacheRecord,
    /// The best size over time (starting with the input's).
    pub size_over_time: Vec<SizePoint>,
    /// The algorithm's name.
    pub algorithm: String,
    /// What each stage of a staged algorithm did (empty for the others).
    pub passes: Vec<PassRecord>,
    /// The options that shape the reduction.
    pub options: Options,
    /// The test's timeout and what its runs came to.
    pub oracle: OracleRecord,
}

/// The program and its version.
#[derive(Clone, Debug, Serialize)]
pub struct Tool {
    /// Binary name, e.g. `reduce-c`.
    pub name: String,
    /// Version of the engine.
    pub version: String,
}

/// Sizes of one file.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(default)]
pub struct FileSize {
    /// Where it is (left out when unknown).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub path: String,
    /// Bytes.
    pub bytes: usize,
    /// Lexical tokens (`null` without a grammar).
    pub tokens: Option<usize>,
    /// Characters that are not whitespace.
    pub non_whitespace_chars: usize,
}

impl FileSize {
    /// Measures `text`, which is (or will be) at `path`.
    pub fn measure(path: &Path, text: &[u8], tokens: Option<usize>) -> FileSize {
        FileSize {
            path: path.display().to_string(),
            tokens,
            ..FileSize::of_text(text)
        }
    }

    /// Bytes and non-whitespace characters of `text` (no path, tokens unknown).
    pub fn of_text(text: &[u8]) -> FileSize {
        FileSize {
            path: String::new(),
            bytes: text.len(),
            tokens: None,
            non_whitespace_chars: String::from_utf8_lossy(text)
                .chars()
                .filter(|c| !c.is_whitespace())
                .count(),
        }
    }
}

/// What one stage (deletion, or a transformation) did over all of its runs.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
#[serde(default)]
pub struct PassRecord {
    /// The stage's name.
    pub name: String,
    /// How many times it ran.
    pub runs: u64,
    /// Oracle runs it needed.
    pub queries: u64,
    /// Merge mode: rounds of oracle runs it waited for.
    pub rounds: u64,
    /// Tokens it removed.
    pub tokens_removed: u64,
    /// Bytes it removed.
    pub bytes_removed: u64,
    /// Wall time it took.
    pub seconds: f64,
}

/// The stage records from the engine's statistics.
pub fn passes(session: &SessionStats) -> Vec<PassRecord> {
    session
        .passes
        .iter()
        .map(|p| PassRecord {
            name: p.name.to_string(),
            runs: p.runs,
            queries: p.queries,
            rounds: p.rounds,
            tokens_removed: p.tokens_removed,
            bytes_removed: p.bytes_removed,
            seconds: p.time.as_secs_f64(),
        })
        .collect()
}

/// Test counts.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(default)]
pub struct Queries {
    /// Oracle runs the algorithm needed (the original's and the final check included).
    pub real: u64,
    /// Of those, interesting ones.
    pub interesting: u64,
    /// Tests answered by the cache.
    pub cached: u64,
    /// Oracle runs made by parallel speculation only.
    pub speculative: u64,
    /// Merge mode: rounds of oracle runs awaited one after the other (0 in exact mode).
    pub rounds: u64,
    /// Oracle runs cut short (timeout, signal).
    pub unresolved: u64,
    /// Attempts at a test that could not be run at all (no temporary directory, the
    /// program missing…), retries included; not among `real`.
    pub not_run: u64,
    /// Candidates the syntax check rejected before the oracle.
    pub syntax_rejected: u64,
    /// Candidates refused unseen: their edit was refused on an earlier text
    /// (`--no-edit-memory` turns this off).
    pub remembered: u64,
    /// Every test the algorithm asked for (real + cached + syntax_rejected + remembered).
    pub total_tests: u64,
    /// Oracle runs that asked again about the current result, among `real` (after 20
    /// queries, then 40, 80, … up to one per 1,000, with the edit memory on), to find a
    /// flaky test.
    pub rechecks: u64,
    /// Whether the test was seen to flake: a recheck refused, a confirmation (`--confirm`)
    /// that disagreed, two runs of one text that disagreed (from then on no refusal was
    /// carried over a commit).
    pub flaky: bool,
    /// Times the result of a stage, asked about again once the test was seen to flake, was
    /// refused, and the reduction went back to the last result the test had confirmed.
    pub rollbacks: u64,
}

/// Syntax checks.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SyntaxChecks {
    /// Checks answered by re-parsing around the edit.
    pub local: u64,
    /// Checks that re-parsed the whole candidate.
    pub full_parses: u64,
    /// Time spent checking.
    pub seconds: f64,
    /// Verification mode (`--verify-syntax`): candidates sent to the oracle that were also
    /// parsed in full (0 without it).
    pub verified: u64,
    /// Of those, how many did not parse (0 expected).
    pub verified_invalid: u64,
    /// Whether the final result parses (`null` without a grammar).
    pub result_parses: Option<bool>,
}

/// Where the time went.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Times {
    /// Wall-clock time of the reduction.
    pub wall_seconds: f64,
    /// Time inside the oracle runs the algorithm needed (summed).
    pub oracle_seconds: f64,
    /// Wall time during which no oracle run was going.
    pub engine_seconds: f64,
}

/// The outcome cache.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct CacheRecord {
    /// Lookups.
    pub lookups: u64,
    /// Lookups that found an outcome.
    pub hits: u64,
    /// Entries at the end.
    pub entries: usize,
    /// Most bytes held.
    pub peak_bytes: usize,
    /// Most entries held.
    pub peak_entries: usize,
}

/// One point of the size-over-time curve.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
#[serde(default)]
pub struct SizePoint {
    /// Seconds since the start.
    pub seconds: f64,
    /// Bytes.
    pub bytes: usize,
    /// Tokens (`null` without a grammar).
    pub tokens: Option<usize>,
    /// The stage that found it (`deletion`, `hoisting`, a transformation's name, `tidy-up`,
    /// `fallback`, `bytes`, `ddmin`, …; `null` for the original).
    pub stage: Option<String>,
    /// For a set of files: the file it is a size of (`null` for one file).
    pub file: Option<String>,
    /// Oracle runs made by then (real queries, as in `queries.real`).
    pub queries: u64,
}

/// The options of the run.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Options {
    /// ddmin's ν.
    pub split_factor: u32,
    /// ddmin's subset tests.
    pub subset_tests: bool,
    /// `forward` or `backward`.
    pub complement_order: String,
    /// `none`, `config` or `content`.
    pub cache: String,
    /// Cache optimisation 1.
    pub cache_only_not_interesting: bool,
    /// Cache optimisation 2.
    pub cache_evict_larger: bool,
    /// Cache optimisation 3.
    pub cache_hash_keys: bool,
    /// `off`, `local` or `full` (`null` without a grammar).
    pub syntax_check: Option<String>,
    /// Hoisting search depth.
    pub hoist_depth: usize,
    /// One pass instead of a fixpoint.
    pub one_pass: bool,
    /// Pardis' nullability pruning.
    pub nullability_pruning: bool,
    /// Edits refused on an earlier text are refused again unseen (the default's stages).
    #[serde(default)]
    pub edit_memory: bool,
    /// `grammar`, `unfiltered` or `corpus:DIR`.
    pub gtr_filter: String,
    /// Oracle runs at once.
    pub jobs: usize,
    /// What they do: `exact` or `merge`.
    #[serde(default)]
    pub parallel: String,
    /// Per-run timeout (`null` for none): `--timeout`'s, or the one derived from the
    /// original's run.
    pub timeout_seconds: Option<f64>,
    /// The launcher prefix.
    pub launcher: Vec<String>,
    /// The test built by `--run` (`null` for a script).
    pub built_test: Option<BuiltTest>,
    /// The two commands of `--compare`, as typed (empty without it).
    pub compare: Vec<String>,
    /// The commands of `--guard`, as typed.
    pub guards: Vec<String>,
    /// `--ub-guard`.
    pub ub_guard: bool,
}

/// The test built by `--run` and its conditions.
#[derive(Clone, Debug, Serialize)]
pub struct BuiltTest {
    /// The command's words, `{}` where the candidate's path goes.
    pub run: Vec<String>,
    /// `--expect-exit`.
    pub expect_exit: Option<i32>,
    /// `--expect-signal`, as a number.
    pub expect_signal: Option<i32>,
    /// `--expect-timeout`.
    pub expect_timeout: bool,
    /// `--expect-stdout`.
    pub expect_stdout: Option<String>,
    /// `--expect-stderr`.
    pub expect_stderr: Option<String>,
}

impl BuiltTest {
    /// The test `args` builds, if it builds one.
    pub fn of(args: &Args) -> Option<BuiltTest> {
        let run = args.run_command().ok().flatten()?;
        Some(BuiltTest {
            run: run
                .iter()
                .map(|w| w.to_string_lossy().into_owned())
                .collect(),
            expect_exit: args.expect_exit,
            expect_signal: args.expect_signal,
            expect_timeout: args.expect_timeout,
            expect_stdout: args.expect_stdout.clone(),
            expect_stderr: args.expect_stderr.clone(),
        })
    }
}

impl Options {
    /// The options as given by `args` (`grammar` false for `reduce-text`).
    pub fn of(args: &Args, grammar: bool) -> Options {
        let dd = args.dd_options();
        let cache = args.cache_options();
        let algo = args.algo_options();
        Options {
            split_factor: args.split_factor,
            subset_tests: dd.subset_tests,
            complement_order: match dd.complement_order {
                ComplementOrder::Forward => "forward",
                ComplementOrder::Backward => "backward",
            }
            .to_string(),
            cache: match cache.mode {
                CacheMode::None => "none",
                CacheMode::Config => "config",
                CacheMode::Content => "content",
            }
            .to_string(),
            cache_only_not_interesting: cache.only_not_interesting,
            cache_evict_larger: cache.evict_larger,
            cache_hash_keys: cache.hash_keys,
            syntax_check: grammar.then(|| {
                match args.session_options().syntax_check {
                    SyntaxCheck::Off => "off",
                    SyntaxCheck::Local => "local",
                    SyntaxCheck::Full => "full",
                }
                .to_string()
            }),
            hoist_depth: algo.hoist_depth,
            one_pass: algo.one_pass,
            nullability_pruning: algo.nullability_pruning,
            edit_memory: algo.edit_memory,
            gtr_filter: args.gtr_filter_name(),
            jobs: args.jobs(),
            parallel: match args.parallel() {
                Parallel::Exact => "exact",
                Parallel::Merge => "merge",
            }
            .to_string(),
            // The derived timeout is filled in with the test's record.
            timeout_seconds: args.timeout().flatten().map(|t| t.as_secs_f64()),
            launcher: args.launcher().unwrap_or_default(),
            built_test: BuiltTest::of(args),
            compare: args.compare.clone(),
            guards: args.guard.clone(),
            ub_guard: args.ub_guard,
        }
    }
}

/// Test counts from the engine's statistics.
pub fn queries(stats: &Stats) -> Queries {
    Queries {
        real: stats.queries,
        interesting: stats.interesting,
        cached: stats.cache_hits,
        speculative: stats.speculative,
        rounds: stats.rounds,
        unresolved: stats.unresolved,
        not_run: stats.not_run,
        syntax_rejected: stats.syntax_rejected,
        remembered: stats.remembered,
        total_tests: stats.tests(),
        rechecks: stats.rechecks,
        flaky: stats.flaky,
        rollbacks: stats.rollbacks,
    }
}

/// Syntax-check counts from the engine's statistics, and whether the result parses.
pub fn syntax_checks(
    stats: &Stats,
    session: &SessionStats,
    result_parses: Option<bool>,
) -> SyntaxChecks {
    SyntaxChecks {
        local: session.local_checks,
        full_parses: session.full_parses,
        seconds: session.check_time.as_secs_f64(),
        verified: stats.verified,
        verified_invalid: stats.verified_invalid,
        result_parses,
    }
}

/// Wall, oracle and engine time: `oracle` is the summed time of the needed oracle runs,
/// `busy` the wall time during which any oracle run was going (equal to `oracle` with `-j 1`
/// and no speculation); the engine's own time is wall time minus `busy`.
pub fn times(wall: Duration, oracle: Duration, busy: Duration) -> Times {
    Times {
        wall_seconds: wall.as_secs_f64(),
        oracle_seconds: oracle.as_secs_f64(),
        engine_seconds: wall.saturating_sub(busy).as_secs_f64(),
    }
}

/// The cache's counters.
pub fn cache(c: &CacheStats) -> CacheRecord {
    CacheRecord {
        lookups: c.lookups,
        hits: c.hits,
        entries: c.entries,
        peak_bytes: c.peak_bytes,
        peak_entries: c.peak_entries,
    }
}

/// The size-over-time curve: the engine's (exact tokens) when it kept one, else the progress
/// display's samples.
pub fn size_over_time(stats: &Stats, samples: &[Sample], grammar: bool) -> Vec<SizePoint> {
    if grammar && !stats.sizes.is_empty() {
        stats
            .sizes
            .iter()
            .map(|s| SizePoint {
                seconds: s.seconds,
                bytes: s.bytes,
                tokens: Some(s.tokens),
                stage: s.stage.map(str::to_string),
                file: None,
                queries: s.queries,
            })
            .collect()
    } else {
        samples
            .iter()
            .map(|s| SizePoint {
                seconds: s.seconds,
                bytes: s.size.bytes,
                tokens: s.size.tokens,
                stage: s.stage.map(str::to_string),
                file: s.file.as_deref().map(str::to_string),
                queries: s.queries,
            })
            .collect()
    }
}

impl Record {
    /// The record as pretty-printed JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a stats record always serializes")
    }
}

mod file_set;
mod oracle;
#[cfg(test)]
mod tests;

pub use file_set::{status, SetMember, SetRecord};
pub use oracle::{GuardRecord, OracleRecord};
