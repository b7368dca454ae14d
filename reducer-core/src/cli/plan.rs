//! What a run will do, decided before anything runs: the algorithm, the input and the test,
//! the algorithms' options (GTR's corpus learned), and where the result goes, checked
//! against every file it must never overwrite.

use super::args::{check_program, Args, Flavor, Job, TEXT_ALGORITHM};
use super::exit::{fail, Exit, Failure};
use super::guard::Files;
use super::input::read_bytes;
use super::output::{default_output, next_backup, same_file};
use crate::reduce::{self, AlgoOptions};
use crate::syntax::language::Language;
use std::ffi::OsString;
use std::path::PathBuf;

/// A run's plan.
pub(super) struct RunPlan {
    /// The algorithm's name.
    pub(super) algorithm: String,
    /// The input and the test as the command line gave them.
    pub(super) job: Job,
    /// The launcher put in front of every test run.
    pub(super) launcher: Vec<String>,
    /// The test command, its program checked.
    pub(super) test: Vec<OsString>,
    /// The algorithms' options.
    pub(super) options: AlgoOptions,
    /// The input's bytes.
    pub(super) bytes: Vec<u8>,
    /// Where the result goes.
    pub(super) out_path: PathBuf,
}

/// Plans the run `args` asks for; a usage error (or an unreadable input) fails it before
/// any test runs.
pub(super) fn plan(
    lang: Option<&dyn Language>,
    flavor: Flavor,
    args: &Args,
    job: Job,
) -> Result<RunPlan, Failure> {
    let usage = Failure::usage;
    // Without a grammar (`reduce-text`, or a file no grammar of `reduce` reads): ddmin.
    let algorithm = match lang {
        Some(_) => args.algorithm_name(flavor),
        None => TEXT_ALGORITHM,
    }
    .to_string();
    if lang.is_some() && !reduce::is_known(&algorithm) {
        return fail(
            Exit::Usage,
            format!("{}", reduce::UnknownAlgorithm(algorithm.clone())),
        );
    }
    let launcher = args.launcher().map_err(usage)?;
    let test = check_program(&job.test, &launcher).map_err(usage)?;
    let mut options = args.algo_options();
    if let Some(corpus) = lang
        .map(|l| args.learn_corpus(l))
        .transpose()
        .map_err(usage)?
        .flatten()
    {
        options.gtr_filter = reduce::GtrFilter::Corpus(corpus);
    }
    let bytes = read_bytes(job.input())?;
    let out_path = match (&args.output, args.in_place) {
        (_, true) => job.input().to_path_buf(),
        (Some(o), false) => o.clone(),
        (None, false) => default_output(job.input()),
    };
    if !args.in_place && same_file(&out_path, job.input()) {
        return fail(
            Exit::Usage,
            format!(
                "-o {} is the input itself: use --in-place to overwrite it (with a backup)",
                out_path.display()
            ),
        );
    }
    // No output may be the input, the test's files or another output.
    let backups: Vec<PathBuf> = if args.in_place {
        next_backup(job.input()).into_iter().collect()
    } else {
        Vec::new()
    };
    Files::of_run(
        job.input(),
        &test,
        (!args.in_place).then_some(out_path.as_path()),
        &backups,
        args.stats.as_deref(),
    )
    .with_output("--report", args.report.as_deref())
    .check()
    .map_err(usage)?;

    Ok(RunPlan {
        algorithm,
        job,
        launcher,
        test,
        options,
        bytes,
        out_path,
    })
}
