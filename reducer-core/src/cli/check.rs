//! What to tell the user when the test does not find the original (or the result)
//! interesting, or cannot be run.

use super::args::{misplaced_options, Args};
use super::run::{fail, Failure};
use super::Exit;
use crate::engine::oracle::command::RunReport;
use std::ffi::OsString;

/// How many lines of the test's stderr are shown when it rejects the original.
const STDERR_LINES: usize = 20;

/// Explains a run of the test that did not find its candidate interesting.
pub(super) fn explain(r: &RunReport, args: &Args) -> String {
    let mut s = format!("the test ended with {}", r.describe());
    if r.timed_out {
        s.push_str(&format!(
            " (raise --timeout, now {} s, or make the test faster)",
            args.timeout
        ));
    }
    match r.exit_code {
        Some(127) => s.push_str(" (127: a command in the test was not found)"),
        Some(126) => s.push_str(" (126: a command in the test is not executable)"),
        _ => {}
    }
    let tail: Vec<&str> = r.stderr_tail.lines().collect();
    if !tail.is_empty() {
        let shown = &tail[tail.len().saturating_sub(STDERR_LINES)..];
        s.push_str("; its stderr ended with:");
        for line in shown {
            s.push_str("\n  | ");
            s.push_str(line);
        }
    }
    if let Some(dir) = &r.kept_dir {
        s.push_str(&format!(
            "\nthe run's directory was kept: {}",
            dir.display()
        ));
    }
    s
}

/// The failure of a run whose test could not be run, even when tried again.
pub(super) fn not_run_failure<T>(cause: &str) -> Result<T, Failure> {
    fail(
        Exit::TestNotRun,
        format!("the test could not be run, even when tried again: {cause}"),
    )
}

/// A hint when the test command holds options of this tool (`--test ./t.sh -j 4`): they
/// were given to the test, not to the reducer.
pub(super) fn misplaced_options_hint(test: &[OsString]) -> String {
    let found = misplaced_options(test);
    if found.is_empty() {
        String::new()
    } else {
        format!(
            "\nnote: {} after --test were passed to the test as arguments; put the reducer's \
             options before --test",
            found.join(", ")
        )
    }
}
