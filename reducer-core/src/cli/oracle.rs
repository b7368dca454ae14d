//! The test as a run uses it: the oracle built from the command line (a script, the command
//! and conditions of `--run`/`--expect-*`, or the two commands of `--compare`, behind the
//! guards of `--ub-guard` and `--guard`), the tester that runs it, and the Ctrl-C handler
//! that stops it.

use super::args::Args;
use super::exit::{Exit, Failure};
use super::progress::Progress;
use super::timeout::FIRST_RUN_LIMIT;
use super::ub_guard::{guards_on_path, Dialect};
use crate::engine::oracle::command::{CommandOracle, CommandOracleBuilder, Step, PLACEHOLDER};
use crate::engine::oracle::confirm::Confirming;
use crate::engine::oracle::Oracle;
use crate::engine::tester::Tester;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// Installs the Ctrl-C (and SIGTERM) handler: the first signal raises `flag` so that the
/// reduction winds down and the best result is kept; the second quits at once, after ending
/// the runs of `oracle` going on (their programs killed, their directories removed). A
/// signal within [`ECHO`] of the first is the same press (`timeout -s INT` signals the
/// reducer and then its process group, which holds the reducer too).
pub(super) fn install_interrupt_handler(
    flag: Arc<AtomicBool>,
    progress: Progress,
    oracle: Arc<CommandOracle>,
) {
    static FIRST: OnceLock<Instant> = OnceLock::new();
    // Fails only if a handler is already installed (a second run in the same process).
    let _ = ctrlc::set_handler(move || match FIRST.get() {
        None => {
            let _ = FIRST.set(Instant::now());
            flag.store(true, Ordering::SeqCst);
            progress.eprintln(
                "interrupted: stopping the tests; the best result so far is kept \
                     (press Ctrl-C again to quit at once)",
            );
        }
        Some(first) if first.elapsed() < ECHO => {}
        Some(_) => {
            oracle.abandon();
            progress.finish();
            std::process::exit(Exit::Interrupted.code().into());
        }
    });
}

/// How soon after the first a second interrupt counts as the same one.
const ECHO: Duration = Duration::from_millis(100);

/// What stands for the candidate's path in the command of `--run`.
pub(super) const RUN_PLACEHOLDER: &str = PLACEHOLDER;

/// The oracle `builder` sets up (and the same behind `--confirm`'s asking again), with the command line's timeout (or the limit of the
/// original's run, when the timeout is to be derived from it), `--keep-temps` and the
/// conditions of `--run`, and the tester that runs it with the command line's cache, jobs and parallel mode.
pub(super) fn oracle_and_tester(
    builder: CommandOracleBuilder,
    args: &Args,
) -> Result<(Arc<CommandOracle>, Arc<Confirming>, Tester), Failure> {
    let mut builder = builder.keep_temps(args.keep_temps);
    if let Some(expect) = args.expectations().map_err(Failure::usage)? {
        builder = builder
            .expect(expect)
            .candidate_placeholder(RUN_PLACEHOLDER);
    }
    if let Some([_, b]) = args.compare_commands().map_err(Failure::usage)? {
        builder = builder.compare_with(b);
    }
    if args.ub_guard {
        let inputs: Vec<&Path> = args
            .input
            .iter()
            .chain(&args.files)
            .map(|p| p.as_path())
            .collect();
        for (name, steps) in guards_on_path(Dialect::of(&inputs)).map_err(Failure::usage)? {
            builder = builder.guard(name, steps);
        }
    }
    for (words, typed) in args
        .guard_commands()
        .map_err(Failure::usage)?
        .into_iter()
        .zip(&args.guard)
    {
        builder = builder.guard(format!("--guard '{typed}'"), vec![Step::succeeds(words)]);
    }
    builder = match args.timeout() {
        Some(Some(t)) => builder.timeout(t),
        Some(None) => builder.no_timeout(),
        // Derived from the original's run, which runs under a generous limit.
        None => builder.timeout(FIRST_RUN_LIMIT),
    };
    let oracle = Arc::new(builder.build().map_err(|e| Failure::usage(e.to_string()))?);
    let confirming = Arc::new(Confirming::new(
        oracle.clone() as Arc<dyn Oracle>,
        args.confirm,
    ));
    let mut tester = Tester::new(
        confirming.clone() as Arc<dyn Oracle>,
        args.cache_options(),
        args.jobs(),
    );
    tester.set_parallel(args.parallel());
    let watched = confirming.clone();
    tester.watch_flakes(Box::new(move || watched.flaky()));
    Ok((oracle, confirming, tester))
}
