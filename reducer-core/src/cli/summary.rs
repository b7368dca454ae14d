//! The end of a run: the facts for the summary line and the `--stats` record, and the
//! warnings that must appear however the run ends.

use super::args::Args;
use super::exit::Exit;
use super::input::Input;
use super::progress::{removed_percent, Progress, Sample, Size};
use super::stats_json::{self, FileSize, OracleRecord, Record, Tool, VERSION};
use crate::console::errln;
use crate::engine::cache::CacheStats;
use crate::engine::oracle::command::CommandOracle;
use crate::engine::stats::{SessionStats, Stats};
use crate::syntax::language::Language;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

/// What is known at the end of a run: for the summary line and the `--stats` record.
pub(super) struct Facts<'a> {
    pub(super) bin: &'a str,
    pub(super) lang: Option<&'a dyn Language>,
    /// The grammars the reduction used, last first (`"C"`, `"C after fallback"`, …; `None`
    /// without a grammar).
    pub(super) grammar: Option<String>,
    pub(super) args: &'a Args,
    pub(super) algorithm: String,
    pub(super) input: &'a Input,
    pub(super) original: Size,
    pub(super) out_path: &'a Path,
    pub(super) result: &'a [u8],
    /// Whether the result parses in full (`None` without a grammar).
    pub(super) result_parses: Option<bool>,
    pub(super) out_size: Size,
    pub(super) wall: Duration,
    pub(super) stats: Stats,
    /// What the sessions counted (syntax checks, stages).
    pub(super) session: SessionStats,
    pub(super) cache: CacheStats,
    pub(super) samples: Vec<Sample>,
    /// The test's timeout and what its runs came to.
    pub(super) oracle: OracleRecord,
}

impl Facts<'_> {
    /// One line: sizes before and after, share removed, time, tests, where the result is,
    /// for a run that ends with `exit`.
    pub(super) fn summary(&self, exit: Exit) -> String {
        let (o, n, stats) = (self.original, self.out_size, &self.stats);
        let removed = match (o.tokens, n.tokens) {
            (Some(a), Some(b)) => removed_percent(a, b),
            _ => removed_percent(o.bytes, n.bytes),
        };
        let what = how_it_ended(exit);
        let syntax = match self.lang {
            Some(_) => format!(", {} syntax-rejected", stats.syntax_rejected),
            None => String::new(),
        };
        let grammar = match &self.grammar {
            Some(g) => format!("; grammar: {g}"),
            None => String::new(),
        };
        let not_run = match stats.not_run {
            0 => String::new(),
            n => format!(", {n} could not be run"),
        };
        let invalid = match stats.verified_invalid {
            0 => String::new(),
            n => format!(
                ", {n} of {} verified candidates did not parse",
                stats.verified
            ),
        };
        format!(
            "{}: {what}: {} → {} ({removed:.1}% removed) in {:.1} s; {} queries (+{} speculative, \
             {} unresolved{not_run}{}), {} cache hits{syntax}{invalid}{grammar}; result in {}",
            self.bin,
            describe(o),
            describe(n),
            self.wall.as_secs_f64(),
            stats.queries,
            stats.speculative,
            stats.unresolved,
            self.oracle.summary(),
            stats.cache_hits,
            self.out_path.display()
        )
    }

    /// The `--stats` record of a run that ends with `exit`.
    pub(super) fn record(&self, exit: Exit) -> Record {
        let grammar = self.lang.is_some();
        Record {
            tool: Tool {
                name: self.bin.to_string(),
                version: VERSION.to_string(),
            },
            language: self.lang.map(|l| l.name().to_string()),
            grammar: self.grammar.clone(),
            status: stats_json::status(exit),
            exit_code: exit.code(),
            input: FileSize::measure(&self.input.path, &self.input.bytes, self.original.tokens),
            output: FileSize::measure(self.out_path, self.result, self.out_size.tokens),
            queries: stats_json::queries(&self.stats),
            syntax_checks: stats_json::syntax_checks(
                &self.stats,
                &self.session,
                self.result_parses,
            ),
            time: stats_json::times(self.wall, self.stats.oracle_time, self.stats.oracle_busy),
            cache: stats_json::cache(&self.cache),
            size_over_time: stats_json::size_over_time(&self.stats, &self.samples, grammar),
            algorithm: self.algorithm.clone(),
            passes: stats_json::passes(&self.session),
            options: stats_json::Options {
                timeout_seconds: self.oracle.timeout_seconds,
                ..stats_json::Options::of(self.args, grammar)
            },
            oracle: self.oracle.clone(),
        }
    }
}

/// Warns once, however the run ends, about the test's temporary directories that could not be
/// removed (dropped after the status line is cleared).
pub(super) struct LeftoverWarning<'a> {
    pub(super) bin: &'a str,
    pub(super) oracle: Arc<CommandOracle>,
}

impl Drop for LeftoverWarning<'_> {
    fn drop(&mut self) {
        let left = self.oracle.leftovers();
        if let Some((path, why)) = &left.first {
            let what = match left.count {
                1 => "1 temporary directory of the test".to_string(),
                n => format!("{n} temporary directories of the test"),
            };
            errln!(
                "{}: warning: {what} could not be removed, e.g. {}: {why}",
                self.bin,
                path.display()
            );
        }
    }
}

/// The first words of the summary line of a run that ends with `exit`.
pub(super) fn how_it_ended(exit: Exit) -> &'static str {
    match exit {
        Exit::Interrupted => "interrupted; best so far",
        Exit::Limit => "run limit reached; best so far",
        Exit::TestNotRun => "stopped; best so far",
        _ => "done",
    }
}

/// Removes the live status line however the run ends.
pub(super) struct ClearOnDrop(pub(super) Progress);

impl Drop for ClearOnDrop {
    fn drop(&mut self) {
        self.0.finish();
    }
}

pub(super) fn describe(size: Size) -> String {
    match size.tokens {
        Some(1) => format!("{} bytes, 1 token", size.bytes),
        Some(t) => format!("{} bytes, {t} tokens", size.bytes),
        None => format!("{} bytes", size.bytes),
    }
}
