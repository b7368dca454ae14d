//! The values of the options: the choices of `--complement-order`, `--parallel` and
//! `--cache`, and the parsers clap checks the other values with.

use clap::ValueEnum;
use std::time::Duration;

/// `--complement-order`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OrderArg {
    /// Remove the first chunk first.
    Forward,
    /// Remove the last chunk first.
    Backward,
}

/// `--parallel`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ParallelArg {
    /// Merge above -j 2, exact otherwise.
    Auto,
    /// Speculation with the -j 1 result.
    Exact,
    /// Rounds of N candidates, successes merged.
    Merge,
}

/// `--cache`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CacheArg {
    /// No cache.
    None,
    /// Keyed by configuration (the kept elements of one list reduction).
    Config,
    /// Keyed by the printed candidate.
    Content,
}

/// `EXT=LANG` (`--lang`): the extension (without its dot) and the language's name.
pub(super) fn parse_ext_lang(s: &str) -> Result<(String, String), String> {
    match s.split_once('=') {
        Some((ext, lang)) if !ext.is_empty() && !lang.is_empty() => {
            Ok((ext.trim_start_matches('.').to_string(), lang.to_string()))
        }
        _ => Err(format!(
            "expected EXT=LANG (e.g. inc=c, map=json, def=text), got {s}"
        )),
    }
}

/// A regular expression (`--expect-stderr`, `--expect-stdout`), checked to compile.
pub(super) fn parse_regex(s: &str) -> Result<String, String> {
    regex::bytes::Regex::new(s)
        .map(|_| s.to_string())
        .map_err(|e| e.to_string())
}

/// A signal by name or number (`--expect-signal`).
pub(super) fn parse_signal(s: &str) -> Result<i32, String> {
    crate::engine::oracle::expect::parse_signal(s)
}

/// A duration (`--max-time`): 90s, 10m, 1h30m, or seconds.
pub(super) fn parse_max_time(s: &str) -> Result<Duration, String> {
    super::super::limits::parse_duration(s)
}

/// `A-B` or `A`: a range of 1-based lines, both ends included.
pub(super) fn parse_line_range(s: &str) -> Result<(usize, usize), String> {
    let line = |t: &str| {
        t.trim()
            .parse::<usize>()
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| format!("not a line number (they count from 1): {t}"))
    };
    let (a, b) = match s.split_once('-') {
        Some((a, b)) => (line(a)?, line(b)?),
        None => (line(s)?, line(s)?),
    };
    if a > b {
        return Err(format!("the first line comes after the last: {s}"));
    }
    Ok((a, b))
}

/// A number of seconds, finite and not negative (`--timeout`).
pub(super) fn parse_seconds(s: &str) -> Result<f64, String> {
    let v: f64 = s
        .parse()
        .map_err(|_| format!("not a number of seconds: {s}"))?;
    if v.is_finite() && v >= 0.0 {
        Ok(v)
    } else {
        Err(format!("not a number of seconds: {s}"))
    }
}
