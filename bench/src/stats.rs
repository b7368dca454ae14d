//! Reading the `--stats FILE` record a reducer binary writes, with the record's own types
//! from `reducer_core::cli::stats_json`. Every field is optional here so that a record of an
//! older or newer reducer still loads.

pub use reducer_core::cli::stats_json::{
    CacheRecord as Cache, FileSize as Sizes, Queries, SizePoint, SyntaxChecks, Times,
};
use serde::Deserialize;

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
    /// Syntax checks (and, with `--verify-syntax`, the invalid candidates they let through).
    pub syntax_checks: SyntaxChecks,
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
        assert!(s.path.is_empty());
        assert_eq!((s.bytes, s.non_whitespace_chars, s.tokens), (9, 5, None));
    }
}
