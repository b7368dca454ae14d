//! What to tell the user when the test does not find the original (or the result)
//! interesting, or cannot be run.

use super::args::{misplaced_options, Args};
use super::exit::{fail, Exit, Failure};
use super::limits::Limits;
use super::progress::Progress;
use crate::engine::oracle::command::RunReport;
use crate::engine::oracle::Outcome;
use crate::engine::tester::Tester;
use clap::CommandFactory;
use std::ffi::OsString;

/// How many lines of the test's stderr are shown when it rejects the original.
const STDERR_LINES: usize = 20;

/// Explains a run of the test that did not find its candidate interesting.
pub(super) fn explain(r: &RunReport) -> String {
    let mut s = format!("the test ended with {}", r.describe());
    if let Some(unmet) = &r.unmet {
        s.push_str(&format!(": {unmet}"));
    }
    if r.timed_out {
        s.push_str(" (raise --timeout, or make the test faster)");
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

/// A hint when the test command holds short options of this tool (`--test ./t.sh -o out.c`):
/// they were given to the test, not to the reducer (long ones end the test command).
pub(super) fn misplaced_options_hint(test: &[OsString]) -> String {
    let found = misplaced_options(test, &Args::command());
    if found.is_empty() {
        String::new()
    } else {
        format!(
            "\nnote: {} after --test went to the test as its arguments; if meant for the \
             reducer, put {} before --test (long options such as --output FILE are the \
             reducer's wherever they stand)",
            found.join(", "),
            if found.len() == 1 { "it" } else { "them" }
        )
    }
}

/// What the test of the original said (`None`: its thread died), as the run goes on (`Ok`)
/// or ends: interrupted meanwhile, not interesting (`what` names the original, e.g. "the
/// original input bug.c"), or not run at all.
pub(super) fn original_verdict(
    first: Option<RunReport>,
    tester: &Tester,
    progress: &Progress,
    what: &str,
    test: &[OsString],
    limits: &Limits,
) -> Result<(), Failure> {
    let Some(first) = first else {
        return fail(Exit::Usage, format!("the test of {what} could not be run"));
    };
    if let (true, Some(limit)) = (tester.interrupted(), limits.describe()) {
        return fail(
            Exit::Limit,
            format!("{limit} was reached before the reduction started"),
        );
    }
    if tester.interrupted() {
        return fail(
            Exit::Interrupted,
            "interrupted before the reduction started",
        );
    }
    if first.outcome.is_interesting() {
        return Ok(());
    }
    progress.finish();
    if first.outcome == Outcome::NotRun {
        return not_run_failure(&first.describe());
    }
    fail(
        Exit::NotInteresting,
        format!(
            "{what} is not interesting: {}{}",
            explain(&first),
            misplaced_options_hint(test)
        ),
    )
}

/// How a run ends, from the reduction and the check of its result.
pub(super) struct Ending {
    /// The exit status so far.
    pub(super) exit: Exit,
    /// Why the test could not be run, if it could not.
    pub(super) not_run: Option<String>,
    /// Why the final result was not interesting, if it was not (a flaky test), and no
    /// earlier result was accepted in its place.
    pub(super) flaky: Option<String>,
    /// The earlier result that replaces a final result the test refused when asked again
    /// (see [`final_check`]), and why the final one was refused.
    pub(super) replaced: Option<(Vec<u8>, String)>,
}

/// The result a run ends with, and the earlier ones that may stand in for it (newest first).
#[derive(Clone, Copy)]
pub(super) struct FinalResult<'a> {
    /// The text the test runs on (after whatever the caller set up beside it).
    pub(super) result: &'a [u8],
    /// Results the test accepted once, to fall back on (none for a file set).
    pub(super) earlier: &'a [Vec<u8>],
}

/// Tests the result once more (unless the reduction was interrupted or stopped, or
/// `changed` is false: the original was tested already) and says how the run ends. A run
/// that a limit stopped is checked as any other. `test_of` gives the test of a text.
///
/// A test that refuses the result was flaky (every text adopted was interesting once), or
/// depends on more than the text. The result is asked about once more: accepted, it stands.
/// Refused again, the `earlier` results (newest first, the original last) are asked about in
/// turn, and the first one accepted replaces it ([`Ending::replaced`]); so the result written
/// is always one the test accepted when asked again. Only when none is accepted does the
/// run end as flaky, with the result kept.
pub(super) fn final_check<F>(
    tester: &mut Tester,
    changed: bool,
    args: &Args,
    progress: &Progress,
    limits: &Limits,
    FinalResult { result, earlier }: FinalResult<'_>,
    test_of: impl Fn(Vec<u8>) -> F,
) -> Result<Ending, Failure>
where
    F: Fn(&std::sync::atomic::AtomicBool) -> RunReport + Send + 'static,
{
    let limited = limits.rearm_for_final_check();
    let interrupted = tester.interrupted();
    let mut ending = Ending {
        exit: match (interrupted, limited) {
            (true, _) => Exit::Interrupted,
            (false, true) => Exit::Limit,
            (false, false) => Exit::Success,
        },
        not_run: tester.not_run_cause().map(str::to_string),
        flaky: None,
        replaced: None,
    };
    if !interrupted && ending.not_run.is_none() && changed {
        let Some(last) = tester.check(test_of(result.to_vec())) else {
            return fail(Exit::Usage, "the test of the result could not be run");
        };
        if args.verbose > 0 {
            progress.println(&format!("final check: {}", last.describe()));
        }
        if tester.interrupted() {
            ending.exit = Exit::Interrupted;
        } else if last.outcome == Outcome::NotRun {
            ending.not_run = Some(last.describe());
        } else if !last.outcome.is_interesting() {
            let why = explain(&last);
            tester.flakiness_seen();
            // Asked again: the result itself, then the earlier ones.
            let again = std::iter::once(result).chain(earlier.iter().map(Vec::as_slice));
            let mut accepted = None;
            for (k, text) in again.enumerate() {
                if k > 0 && text == result {
                    continue;
                }
                let Some(r) = tester.check(test_of(text.to_vec())) else {
                    break;
                };
                if args.verbose > 0 {
                    progress.println(&format!("final check, asked again: {}", r.describe()));
                }
                if tester.interrupted() || r.outcome == Outcome::NotRun {
                    break;
                }
                if r.outcome.is_interesting() {
                    accepted = Some(k);
                    break;
                }
            }
            match accepted {
                Some(0) => {}
                Some(k) => {
                    tester.roll_back(&earlier[k - 1]);
                    ending.replaced = Some((earlier[k - 1].clone(), why));
                }
                None => {
                    ending.flaky = Some(why);
                    ending.exit = Exit::Flaky;
                }
            }
        }
    }
    if ending.not_run.is_some() && ending.exit == Exit::Success {
        ending.exit = Exit::TestNotRun;
    }
    Ok(ending)
}
