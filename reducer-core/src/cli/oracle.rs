//! The test as a run uses it: the oracle built from the command line (a script, or the
//! command and conditions of `--run`/`--expect-*`), the tester that runs it, and the Ctrl-C
//! handler that stops it.

use super::args::Args;
use super::exit::{Exit, Failure};
use super::progress::Progress;
use crate::engine::oracle::command::{CommandOracle, CommandOracleBuilder};
use crate::engine::oracle::Oracle;
use crate::engine::tester::Tester;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

/// Installs the Ctrl-C (and SIGTERM) handler: the first signal raises `flag` so that the
/// reduction winds down and the best result is kept; the second exits at once.
pub(super) fn install_interrupt_handler(flag: Arc<AtomicBool>, progress: Progress) {
    static PRESSES: AtomicUsize = AtomicUsize::new(0);
    // Fails only if a handler is already installed (a second run in the same process).
    let _ = ctrlc::set_handler(move || {
        if PRESSES.fetch_add(1, Ordering::SeqCst) == 0 {
            flag.store(true, Ordering::SeqCst);
            progress.eprintln(
                "interrupted: stopping the tests; the best result so far is kept \
                 (press Ctrl-C again to quit at once)",
            );
        } else {
            progress.finish();
            std::process::exit(Exit::Interrupted.code().into());
        }
    });
}

/// What stands for the candidate's path in the command of `--run`.
pub(super) const RUN_PLACEHOLDER: &str = "{}";

/// The oracle `builder` sets up, with the command line's timeout, `--keep-temps` and the
/// conditions of `--run`, and
/// the tester that runs it with the command line's cache, jobs and parallel mode.
pub(super) fn oracle_and_tester(
    builder: CommandOracleBuilder,
    args: &Args,
) -> Result<(Arc<CommandOracle>, Tester), Failure> {
    let mut builder = builder.keep_temps(args.keep_temps);
    if let Some(expect) = args.expectations().map_err(Failure::usage)? {
        builder = builder
            .expect(expect)
            .candidate_placeholder(RUN_PLACEHOLDER);
    }
    builder = match args.timeout() {
        Some(t) => builder.timeout(t),
        None => builder.no_timeout(),
    };
    let oracle = Arc::new(builder.build().map_err(|e| Failure::usage(e.to_string()))?);
    let mut tester = Tester::new(
        oracle.clone() as Arc<dyn Oracle>,
        args.cache_options(),
        args.jobs(),
    );
    tester.set_parallel(args.parallel());
    Ok((oracle, tester))
}
