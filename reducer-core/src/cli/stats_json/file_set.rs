//! The `--stats` record of a run on a set of files: the single-file record's counters, with
//! sizes per file and in total.
//!
//! ```text
//! { "tool", "status", "exit_code", "algorithm", "options", "passes",
//!   "files": [{"input": {…}, "output": {…}, "grammar"}, ...],
//!   "input": {totals}, "output": {totals}, "queries", "time", "cache", "oracle" }
//! ```
//!
//! A file's `grammar` is as in the single-file record (`"C"`, `"C after fallback"`, …), or
//! `"text"` (no grammar reads its extension: ddmin on lines and characters), `"emptied"`, or
//! `"kept"` (`--keep`: never reduced).

use super::super::exit::Exit;
use super::{
    CacheRecord, FileSize, Options, OracleRecord, PassRecord, Queries, SizePoint, Times, Tool,
};
use serde::Serialize;

/// One file of the set.
#[derive(Clone, Debug, Serialize)]
pub struct SetMember {
    /// The file as given (path, sizes; tokens are `null`).
    pub input: FileSize,
    /// Its result.
    pub output: FileSize,
    /// How it was reduced: as in the single-file record, or `"text"`, `"emptied"`, `"kept"`.
    pub grammar: String,
}

/// The whole record.
#[derive(Clone, Debug, Serialize)]
pub struct SetRecord {
    /// Which program wrote it.
    pub tool: Tool,
    /// How the run ended (as in the single-file record).
    pub status: String,
    /// The process's exit status.
    pub exit_code: u8,
    /// Each file.
    pub files: Vec<SetMember>,
    /// All inputs together (no path).
    pub input: FileSize,
    /// All results together (no path).
    pub output: FileSize,
    /// Test counts.
    pub queries: Queries,
    /// Where the time went.
    pub time: Times,
    /// The outcome cache.
    pub cache: CacheRecord,
    /// The algorithm's name.
    pub algorithm: String,
    /// What each stage did, over every file.
    pub passes: Vec<PassRecord>,
    /// The options that shape the reduction.
    pub options: Options,
    /// Each file's size as it went down, with the file and the stage that reduced it.
    pub size_over_time: Vec<SizePoint>,
    /// The test's timeout and what its runs came to.
    pub oracle: OracleRecord,
}

impl SetRecord {
    /// The record as pretty-printed JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a stats record always serializes")
    }
}

/// How a run that ends with `exit` ended: `success`, `interrupted`, `limit` (`--max-time`,
/// `--max-queries`), `flaky`, `test-not-run` or `error`.
pub fn status(exit: Exit) -> String {
    match exit {
        Exit::Success => "success",
        Exit::Interrupted => "interrupted",
        Exit::Limit => "limit",
        Exit::Flaky => "flaky",
        Exit::TestNotRun => "test-not-run",
        _ => "error",
    }
    .to_string()
}
