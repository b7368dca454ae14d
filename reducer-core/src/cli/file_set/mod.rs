//! A run on a set of files: several inputs (`reduce-c a.c b.h c.h --test t.sh`) or a
//! directory (`reduce proj/ --test t.sh`). Each test run gets every file of the set in its
//! temporary directory under its path relative to the others (a directory's files relative
//! to it), and the test's last arguments are every file's path in the order given (for a
//! directory, the run's directory). Each file is read with the grammar its extension selects,
//! or reduced as text (`schedule.rs` says in which order), and its result written apart:
//! `FILE.reduced` (or `DIR.reduced/…`), under `-o DIR`, or over the file with `--in-place`
//! after saving `FILE.orig`. As for one file: the original set must be interesting, every
//! new best is written at once, and the result is checked again at the end.

mod listing;
mod patterns;
mod schedule;

use super::args::{check_program, Args, Flavor, Job};
use super::check::{final_check, original_verdict, Ending};
use super::exit::{fail, Exit, Failure};
use super::grammars::Chooser;
use super::guard::{test_files, Files, Role, IN_PLACE};
use super::input::{parse_input, read_bytes};
use super::limits::Limits;
use super::oracle::{install_interrupt_handler, oracle_and_tester};
use super::output::{write_backup, write_records, BackgroundWriter, BestWriter};
use super::progress::{Progress, Size, Style};
use super::report::{Report, ReportFile};
use super::stages::fallback_note;
use super::stats_json::{self, FileSize, VERSION};
use super::summary::{ClearOnDrop, LeftoverWarning};
use crate::console::errln;
use crate::engine::keep;
use crate::engine::oracle::command::CommandOracle;
use crate::engine::oracle::file_set::{FileSet, SetFile};
use crate::reduce;
use listing::Listing;
use patterns::Patterns;
use schedule::{Part, Schedule};
use std::sync::{Arc, RwLock};
use std::time::Instant;

/// Reduces the set of files `job` names; see the [module documentation](self).
pub(super) fn reduce(
    bin: &str,
    chooser: &Chooser<'_>,
    flavor: Flavor,
    args: &Args,
    job: Job,
) -> Result<Exit, Failure> {
    let usage = Failure::usage;
    let algorithm = args.algorithm_name(flavor).to_string();
    let has_grammars = matches!(flavor, Flavor::Language { .. });
    if has_grammars && !reduce::is_known(&algorithm) {
        return Err(usage(reduce::UnknownAlgorithm(algorithm).to_string()));
    }
    let launcher = args.launcher().map_err(usage)?;
    let test = check_program(&job.test, &launcher).map_err(usage)?;
    let (exclude, keep) = (Patterns::new(&args.exclude), Patterns::new(&args.keep));
    let listing = listing::list(
        &job.inputs,
        args.output.as_deref(),
        args.in_place,
        &exclude,
        &keep,
    )
    .map_err(usage)?
    .without(test_files(&test));
    if listing.members.iter().all(|m| m.kept) {
        return Err(usage(
            "no file to reduce: every file is the test's or kept (--keep)".to_string(),
        ));
    }
    guard(&listing, &test, args).map_err(usage)?;

    // Every file read and parsed, each with its grammar's options.
    let mut inputs = Vec::with_capacity(listing.members.len());
    let mut parts = Vec::with_capacity(listing.members.len());
    for m in &listing.members {
        // A kept file is never reduced: no grammar reads it. Nor is an empty one: whether
        // its grammar reads it (JSON does not) does not matter, even with --no-fallback.
        let grammar = chooser.by_extension(&m.rel).filter(|_| !m.kept);
        let bytes = read_bytes(&m.source)?;
        if !m.kept {
            // Unbalanced markers are an error before any test runs.
            let comment_len = |t: &str| grammar.and_then(|g| g.lang.comment_len(t));
            keep::regions(&bytes, &comment_len, &[])
                .map_err(|e| usage(format!("{}:{e}", m.source.display())))?;
        }
        let reader = grammar.map(|g| g.lang).filter(|_| !bytes.is_empty());
        let input = parse_input(bin, reader, &m.source, bytes, args.no_fallback)?;
        let mut options = args.algo_options();
        if let Some(corpus) = grammar
            .map(|g| args.learn_corpus(g.lang))
            .transpose()
            .map_err(usage)?
            .flatten()
        {
            options.gtr_filter = reduce::GtrFilter::Corpus(corpus);
        }
        inputs.push(input);
        parts.push((grammar, options));
    }
    let originals: Vec<Vec<u8>> = inputs.iter().map(|i| i.bytes.clone()).collect();
    let files = listing
        .members
        .iter()
        .zip(&originals)
        .map(|(m, bytes)| SetFile {
            path: m.rel.clone(),
            bytes: bytes.clone(),
        })
        .collect();
    let mut set = FileSet::new(files).map_err(usage)?;
    if listing.dir.is_some() {
        set = set.passing_dir();
    }
    let set = Arc::new(RwLock::new(set));

    let builder = CommandOracle::builder(test.clone(), listing.members[0].rel.as_os_str())
        .launcher(launcher)
        .file_set(set.clone());
    let (oracle, mut tester) = oracle_and_tester(builder, args)?;
    let _leftovers = LeftoverWarning {
        bin,
        oracle: oracle.clone(),
    };
    let started = Instant::now();
    let total = |texts: &[Vec<u8>]| texts.iter().map(Vec::len).sum::<usize>();
    let progress = Progress::new(
        Style::detect(args.quiet),
        args.verbose,
        Size {
            bytes: total(&originals),
            tokens: None,
        },
    );
    let _clear = ClearOnDrop(progress.clone());
    if let Some(warning) = args.jobs_warning() {
        progress.eprintln(&format!("{bin}: {warning}"));
    }
    install_interrupt_handler(tester.interrupt_flag(), progress.clone(), oracle.clone());
    let limits = Limits::start(&tester, args.max_time, args.max_queries);
    for (input, (grammar, _)) in inputs.iter().zip(&parts) {
        if let (Some(rejected), Some(g)) = (&input.rejected, grammar) {
            progress.eprintln(&rejected.warning);
            progress.eprintln(&fallback_note(bin, g.lang, g.fallback, rejected.utf8));
        }
    }
    for role in &listing.left_out {
        progress.eprintln(&format!(
            "{bin}: note: {} is {}: left out of the set (not reduced)",
            role.path.display(),
            role.what
        ));
    }
    for (path, why) in &listing.skipped {
        progress.eprintln(&format!(
            "{bin}: note: {} ({why}) is left out of the set",
            path.display()
        ));
    }
    progress.println(&format!(
        "{bin}: reducing {} files ({} bytes) with {algorithm}, -j {}; results go to {}",
        parts.len(),
        total(&originals),
        args.jobs(),
        where_results_go(&listing, args)
    ));

    // The original set must be interesting.
    let first = {
        let (oracle, text) = (oracle.clone(), originals[0].clone());
        tester.check(move |cancel| oracle.run(&text, cancel))
    };
    original_verdict(
        first,
        &tester,
        &progress,
        "the original files",
        args,
        &test,
        &limits,
    )?;

    // Where the results go, now that there will be some.
    let mut writers = Vec::with_capacity(parts.len());
    for (m, bytes) in listing.members.iter().zip(&originals) {
        let writer = if args.in_place && m.kept {
            BestWriter::holding(m.source.clone(), bytes)
        } else if args.in_place {
            let backup = write_backup(&m.source, bytes).map_err(|e| {
                usage(format!(
                    "cannot save the original of {}: {e}",
                    m.source.display()
                ))
            })?;
            progress.println(&format!("original saved as {}", backup.display()));
            BestWriter::holding(m.source.clone(), bytes)
        } else {
            if let Some(dir) = m.output.parent().filter(|d| !d.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir)
                    .map_err(|e| usage(format!("cannot create {}: {e}", dir.display())))?;
            }
            let mut w = BestWriter::new(m.output.clone()).created_like(&m.source);
            if !w.write(bytes) {
                return fail(Exit::Usage, w.error().unwrap_or_default().to_string());
            }
            w
        };
        writers.push(Arc::new(BackgroundWriter::spawn(writer, None)));
    }
    tester.set_observer(limits.observe(progress.observer(bin)));
    let parts: Vec<Part<'_>> = listing
        .members
        .iter()
        .zip(parts)
        .zip(&writers)
        .map(|((m, (grammar, options)), writer)| Part {
            rel: m.rel.clone(),
            kept: m.kept,
            grammar,
            options,
            writer: writer.clone(),
        })
        .collect();

    // The reduction.
    let schedule = Schedule {
        parts: &parts,
        set: set.clone(),
        args,
        algorithm: &algorithm,
        progress: &progress,
        bin,
    };
    let result = schedule
        .run(originals.clone(), tester)
        .map_err(|e| usage(e.to_string()))?;
    let mut tester = result.tester;
    let mut write_error = None;
    for (w, text) in writers.iter().zip(&result.texts) {
        let mut w = w.finish();
        w.write(text);
        write_error = write_error.or_else(|| w.error().map(str::to_string));
    }

    // The final check, on the whole set.
    let changed = result.texts != originals;
    if changed {
        let mut set = set.write().unwrap_or_else(|p| p.into_inner());
        for (i, t) in result.texts.iter().enumerate() {
            set.set_bytes(i, t.clone());
        }
        set.set_active(0);
    }
    tester.new_context();
    let Ending {
        mut exit,
        not_run,
        flaky,
    } = {
        let (oracle, text) = (oracle.clone(), result.texts[0].clone());
        final_check(
            &mut tester,
            changed,
            args,
            &progress,
            &limits,
            move |cancel| oracle.run(&text, cancel),
        )?
    };
    let wall = started.elapsed();
    progress.finish();

    let (before, after) = (total(&originals), total(&result.texts));
    let stats = tester.stats().clone();
    if !args.quiet {
        let what = match exit {
            Exit::Interrupted => "interrupted; best so far",
            Exit::Limit => "run limit reached; best so far",
            Exit::TestNotRun => "stopped; best so far",
            _ => "done",
        };
        errln!(
            "{bin}: {what}: {} files, {before} → {after} bytes ({:.1}% removed) in {:.1} s; {} \
             queries (+{} speculative, {} unresolved), {} cache hits; results in {}",
            parts.len(),
            super::progress::removed_percent(before, after),
            wall.as_secs_f64(),
            stats.queries,
            stats.speculative,
            stats.unresolved,
            stats.cache_hits,
            where_results_go(&listing, args)
        );
        for ((m, text), (original, grammar)) in listing
            .members
            .iter()
            .zip(&result.texts)
            .zip(originals.iter().zip(&result.grammars))
        {
            errln!(
                "  {}: {} → {} bytes ({grammar})",
                m.rel.display(),
                original.len(),
                text.len()
            );
        }
    }
    if let Some(limit) = limits.describe() {
        errln!("{bin}: {limit} reached: the reduction stopped; the best results so far are kept");
    }
    if let Some(cause) = &not_run {
        errln!(
            "{bin}: the test could not be run, even when tried again: {cause}\n{bin}: the \
             reduction stopped; the best results so far are kept"
        );
    }
    if let Some(why) = &flaky {
        errln!(
            "{bin}: the final result is no longer interesting: {why}\n{bin}: the test is flaky \
             (or depends on something besides the files); the results are kept but cannot be \
             trusted"
        );
    }
    if let Some(e) = &write_error {
        errln!("{bin}: {e}");
        if exit == Exit::Success {
            exit = Exit::Usage;
        }
    }
    if args.stats.is_some() || args.report.is_some() {
        let files = listing
            .members
            .iter()
            .zip(originals.iter().zip(&result.texts))
            .zip(&result.grammars)
            .map(|((m, (original, text)), grammar)| stats_json::SetMember {
                input: FileSize::measure(&m.source, original, None),
                output: FileSize::measure(&m.output, text, None),
                grammar: grammar.clone(),
            })
            .collect();
        let record = stats_json::SetRecord {
            tool: stats_json::Tool {
                name: bin.to_string(),
                version: VERSION.to_string(),
            },
            status: stats_json::status(exit),
            exit_code: exit.code(),
            files,
            input: FileSize::of_text(&originals.concat()),
            output: FileSize::of_text(&result.texts.concat()),
            queries: stats_json::queries(&stats),
            time: stats_json::times(wall, stats.oracle_time, stats.oracle_busy),
            cache: stats_json::cache(&tester.cache_stats()),
            algorithm,
            passes: stats_json::passes(&result.session),
            options: stats_json::Options::of(args, has_grammars),
            size_over_time: stats_json::size_over_time(&stats, &progress.samples(), false),
        };
        let page = args.report.as_ref().map(|_| {
            let files = listing
                .members
                .iter()
                .zip(originals.iter().zip(&result.texts))
                .zip(&record.files)
                .map(|((m, (original, text)), member)| ReportFile {
                    input: m.rel.to_string_lossy().into_owned(),
                    output: member.output.path.clone(),
                    grammar: Some(member.grammar.clone()),
                    original,
                    result: text,
                })
                .collect();
            Report::of_set(&record, &test, files).html()
        });
        let written = [(&args.stats, Some(record.to_json())), (&args.report, page)];
        if !write_records(bin, &written, &listing.members[0].source) && exit == Exit::Success {
            exit = Exit::Usage;
        }
    }
    Ok(exit)
}

/// No output may be an input, a file of the test or another output (with `--in-place` the
/// inputs are the outputs, and may be no file of the test).
fn guard(listing: &Listing, test: &[std::ffi::OsString], args: &Args) -> Result<(), String> {
    let first = &listing.members[0];
    let backups: Vec<std::path::PathBuf> = listing
        .members
        .iter()
        .filter_map(|m| m.backup.clone())
        .collect();
    let result = (!args.in_place).then_some(first.output.as_path());
    let mut files = Files::of_run(&first.source, test, result, &backups, args.stats.as_deref())
        .with_output("--report", args.report.as_deref());
    for m in &listing.members[1..] {
        match args.in_place && !m.kept {
            true => files.outputs.push(Role::new(IN_PLACE, &m.source)),
            false => files.protected.push(Role::new("an input", &m.source)),
        }
    }
    if !args.in_place {
        for m in &listing.members[1..] {
            files.outputs.push(Role::new(
                format!("the result of {}", m.source.display()),
                &m.output,
            ));
        }
    }
    files.check()
}

/// Where the results go, for messages.
fn where_results_go(listing: &Listing, args: &Args) -> String {
    match (&args.output, &listing.dir, args.in_place) {
        (_, _, true) => "the input files (originals saved as FILE.orig)".to_string(),
        (Some(out), _, false) => format!("{}/", out.display()),
        (None, Some(dir), false) => {
            format!("{}/", super::output::with_suffix(dir, ".reduced").display())
        }
        (None, None, false) => "FILE.reduced beside each file".to_string(),
    }
}
