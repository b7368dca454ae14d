//! The test run outside the tester (on the original input and on the final result), and
//! what to tell the user when it does not find its candidate interesting.

use super::args::{misplaced_options, Args};
use super::run::{fail, Failure};
use super::Exit;
use crate::engine::oracle::command::{CommandOracle, RunReport};
use crate::engine::oracle::{retry_not_run, Outcome};
use crate::engine::stats::OracleClock;
use crate::engine::tester::Tester;
use std::ffi::OsString;
use std::sync::atomic::AtomicBool;

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

/// Runs the test once on `text`, timed by `clock`, and once more if it could not be run
/// ([`retry_not_run`]); raising `cancel` stops it. Returns the last run's report and how many
/// attempts could not be run.
pub(super) fn run_retried(
    oracle: &CommandOracle,
    clock: &OracleClock,
    text: &[u8],
    cancel: &AtomicBool,
) -> (RunReport, u64) {
    let mut not_run = 0;
    let report = retry_not_run(
        cancel,
        |r: &RunReport| r.outcome,
        || {
            let report = clock.time(|| oracle.run(text, cancel));
            not_run += u64::from(report.outcome == Outcome::NotRun);
            report
        },
    );
    (report, not_run)
}

/// Runs the test once on `text` outside the cache (the original and the final result),
/// counted as a query; Ctrl-C cancels it.
pub(super) fn check_once(tester: &mut Tester, oracle: &CommandOracle, text: &[u8]) -> RunReport {
    let cancel = tester.interrupt_flag();
    let (report, not_run) = run_retried(oracle, &tester.oracle_clock(), text, &cancel);
    tester.count_outside_run(report.outcome, report.elapsed, not_run);
    report
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
