//! Reading the `--stats FILE` record a reducer binary writes (see
//! `reducer-core/src/cli/stats_json.rs`). Every field is optional here so that a record of an
//! older or newer reducer still loads.

use serde::{Deserialize, Serialize};

/// The parts of the reducer's record the benchmark uses.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct StatsRecord {
    /// `success`, `interrupted`, `flaky` or `error`.
    pub status: String,
    /// The reducer's exit status.
    pub exit_code: Option<i32>,
    /// The input's sizes.
    pub input: Sizes,
    /// The result's sizes.
    pub output: Sizes,
    /// Test counts.
    pub queries: Queries,
    /// Where the time went.
    pub time: Times,
    /// The outcome cache.
    pub cache: Cache,
    /// The best size over time.
    pub size_over_time: Vec<SizePoint>,
    /// The algorithm the reducer ran.
    pub algorithm: String,
    /// The options the reducer ran with, as written.
    pub options: serde_json::Value,
}

/// Sizes of one file.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(default)]
pub struct Sizes {
    /// Bytes.
    pub bytes: u64,
    /// Lexical tokens (`None` without a grammar).
    pub tokens: Option<u64>,
    /// Characters that are not whitespace.
    pub non_whitespace_chars: u64,
}

impl Sizes {
    /// Measures a text (bytes and non-whitespace characters; tokens unknown).
    pub fn of_text(text: &[u8]) -> Sizes {
        Sizes {
            bytes: text.len() as u64,
            tokens: None,
            non_whitespace_chars: String::from_utf8_lossy(text)
                .chars()
                .filter(|c| !c.is_whitespace())
                .count() as u64,
        }
    }
}

/// Oracle queries of one run.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(default)]
pub struct Queries {
    /// Oracle runs the algorithm needed.
    pub real: u64,
    /// Of those, interesting ones.
    pub interesting: u64,
    /// Tests answered by the cache.
    pub cached: u64,
    /// Oracle runs made by parallel speculation only.
    pub speculative: u64,
    /// Oracle runs cut short (timeout, signal).
    pub unresolved: u64,
    /// Candidates the syntax check rejected before the oracle.
    pub syntax_rejected: u64,
    /// Every test the algorithm asked for.
    pub total_tests: u64,
}

/// Times of one run, as the reducer measured them.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct Times {
    /// Wall-clock time of the reduction.
    pub wall_seconds: f64,
    /// Time inside the oracle runs the algorithm needed.
    pub oracle_seconds: f64,
    /// Wall time minus oracle time.
    pub engine_seconds: f64,
}

/// The outcome cache's counters.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct Cache {
    /// Lookups.
    pub lookups: u64,
    /// Lookups that found an outcome.
    pub hits: u64,
    /// Entries at the end.
    pub entries: u64,
    /// Most bytes held.
    pub peak_bytes: u64,
    /// Most entries held.
    pub peak_entries: u64,
}

/// One point of the size-over-time curve.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, PartialEq)]
#[serde(default)]
pub struct SizePoint {
    /// Seconds since the start of the reduction.
    pub seconds: f64,
    /// Bytes.
    pub bytes: u64,
    /// Tokens (`None` without a grammar).
    pub tokens: Option<u64>,
}

/// Parses a stats record.
pub fn parse(text: &str) -> Result<StatsRecord, serde_json::Error> {
    serde_json::from_str(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_of_the_cli_loads_and_missing_parts_default() {
        let text = r#"{
          "tool": {"name": "reduce-c", "version": "0.1.0"}, "language": "C",
          "status": "success", "exit_code": 0,
          "input": {"path": "a.c", "bytes": 100, "tokens": 30, "non_whitespace_chars": 80},
          "output": {"path": "b.c", "bytes": 10, "tokens": 3, "non_whitespace_chars": 8},
          "queries": {"real": 7, "interesting": 2, "cached": 1, "speculative": 0,
                      "unresolved": 0, "syntax_rejected": 4, "total_tests": 12},
          "time": {"wall_seconds": 2.5, "oracle_seconds": 2.0, "engine_seconds": 0.5},
          "cache": {"lookups": 9, "hits": 1, "entries": 5, "peak_bytes": 640, "peak_entries": 6},
          "size_over_time": [{"seconds": 0.0, "bytes": 100, "tokens": 30},
                             {"seconds": 1.5, "bytes": 10, "tokens": 3}],
          "algorithm": "pardis", "options": {"jobs": 2}, "future_field": true }"#;
        let r = parse(text).unwrap();
        assert_eq!(r.output.tokens, Some(3));
        assert_eq!(r.queries.syntax_rejected, 4);
        assert_eq!(r.cache.peak_bytes, 640);
        assert_eq!(r.size_over_time.len(), 2);
        assert_eq!(r.options["jobs"], 2);
        let empty = parse("{}").unwrap();
        assert_eq!(empty.queries, Queries::default());
    }

    #[test]
    fn text_sizes_skip_whitespace() {
        let s = Sizes::of_text(b"int  a ;\n");
        assert_eq!((s.bytes, s.non_whitespace_chars, s.tokens), (9, 5, None));
    }
}
