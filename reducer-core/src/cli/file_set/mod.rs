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
use super::exit::{Exit, Failure};
use super::flow::{write_results, Results, Run};
use super::format::Formatter;
use super::grammars::Chooser;
use super::grammars::Grammar;
use super::guard::{test_files, Files, Role, IN_PLACE};
use super::input::{parse_input, read_bytes, Input};
use super::output::BackgroundWriter;
use super::progress::Size;
use super::report::{Report, ReportFile};
use super::stages::fallback_note;
use super::stats_json::{self, FileSize, VERSION};
use crate::console::errln;
use crate::engine::keep;
use crate::engine::oracle::command::CommandOracle;
use crate::engine::oracle::file_set::{FileSet, SetFile};
use crate::engine::stats::SessionStats;
use crate::engine::tester::Tester;
use crate::reduce;
use crate::reduce::AlgoOptions;
use listing::Listing;
use patterns::Patterns;
use schedule::{Part, Schedule};
use std::ffi::OsString;
use std::sync::{Arc, RwLock};
use std::time::Duration;

/// A file of the set as read: its input, its grammar and that grammar's options.
struct Member<'g> {
    input: Input,
    grammar: Option<Grammar<'g>>,
    options: AlgoOptions,
}

/// The results of the reduction, with the facts the summary and the records need.
struct Outcome {
    originals: Vec<Vec<u8>>,
    texts: Vec<Vec<u8>>,
    grammars: Vec<String>,
    session: SessionStats,
    wall: Duration,
}

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
    let listing = list_members(&job, args, &test)?;
    let formatter = Formatter::of(args).map_err(usage)?;
    let members = read_members(bin, chooser, args, &listing)?;
    let originals: Vec<Vec<u8>> = members.iter().map(|m| m.input.bytes.clone()).collect();
    let set = shared_set(&listing, &originals)?;
    let builder = CommandOracle::builder(test.clone(), listing.members[0].rel.as_os_str())
        .launcher(launcher)
        .file_set(set.clone());
    let size = Size {
        bytes: total(&originals),
        tokens: None,
    };
    let (run, mut tester) = Run::start(bin, args, builder, size)?;
    // The original set must be interesting.
    let first = tester.check(run.test_of(originals[0].clone()));
    run.settle_timeout(first.as_ref());
    announce(&run, &listing, &members, &algorithm);
    run.check_original(first, &tester, "the original files", &test)?;

    let writers = start_writing(&run, &listing, &originals)?;
    tester.set_observer(run.observer());
    let parts: Vec<Part<'_>> = listing
        .members
        .iter()
        .zip(members)
        .zip(&writers)
        .map(|((m, member), writer)| Part {
            rel: m.rel.clone(),
            kept: m.kept,
            grammar: member.grammar,
            options: member.options,
            writer: writer.clone(),
        })
        .collect();

    // The reduction.
    let schedule = Schedule {
        parts: &parts,
        set: set.clone(),
        args,
        algorithm: &algorithm,
        progress: &run.progress,
        bin,
    };
    let result = schedule
        .run(originals.clone(), tester)
        .map_err(|e| usage(e.to_string()))?;
    let mut tester = result.tester;
    let (texts, laid_out) = lay_out(&run, &mut tester, &formatter, &parts, &set, result.texts);
    let write_error = write_results(&writers, &texts);

    // The final check, on the whole set (unless its layout was just tested).
    let untested = texts != originals && !laid_out;
    if untested {
        set_texts(&set, &texts);
    }
    tester.new_context();
    let (ending, wall) = run.finish(&mut tester, untested, &texts[0], &[])?;
    let outcome = Outcome {
        originals,
        texts,
        grammars: result.grammars,
        session: result.session,
        wall,
    };
    if !args.quiet {
        tell_summary(&run, &listing, &outcome, &tester, ending.exit);
    }
    let exit = run.tell_ending(&ending, write_error.as_deref(), Results::Set);
    if args.stats.is_none() && args.report.is_none() {
        return Ok(exit);
    }
    let record = record(
        &run,
        &listing,
        &outcome,
        &tester,
        &algorithm,
        has_grammars,
        exit,
    );
    let page = args.report.as_ref().map(|_| {
        let files = listing
            .members
            .iter()
            .zip(outcome.originals.iter().zip(&outcome.texts))
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
    let near = &listing.members[0].source;
    Ok(run.write_records(record.to_json(), page, near, exit))
}

/// Every test run from now on gets `texts`.
fn set_texts(set: &RwLock<FileSet>, texts: &[Vec<u8>]) {
    let mut set = set.write().unwrap_or_else(|p| p.into_inner());
    for (i, t) in texts.iter().enumerate() {
        set.set_bytes(i, t.clone());
    }
    set.set_active(0);
}

/// The results laid out (see [`Formatter`]: each file that was reduced and has no kept
/// region), if the set is still interesting with all of them; and whether it was (then the
/// test has just seen the results).
fn lay_out(
    run: &Run<'_>,
    tester: &mut Tester,
    formatter: &Formatter,
    parts: &[Part<'_>],
    set: &RwLock<FileSet>,
    texts: Vec<Vec<u8>>,
) -> (Vec<Vec<u8>>, bool) {
    let mut laid = texts.clone();
    for ((part, text), out) in parts.iter().zip(&texts).zip(&mut laid) {
        if part.kept || !part.kept_regions(text).is_empty() {
            continue;
        }
        let lang = part.grammar.map(|g| g.lang);
        match formatter.lay_out(lang, &part.rel, text) {
            Ok(Some(l)) => *out = l,
            Ok(None) => {}
            Err(e) => run.progress.eprintln(&format!(
                "{}: warning: {}: {e}; its result stays as reduced",
                run.bin,
                part.rel.display()
            )),
        }
    }
    if laid == texts {
        return (texts, false);
    }
    set_texts(set, &laid);
    tester.new_context();
    if run.still_interesting(tester, laid[0].clone()) {
        return (laid, true);
    }
    if run.args.verbose > 0 {
        run.progress
            .println("the laid-out results are not interesting: the results stay as reduced");
    }
    set_texts(set, &texts);
    (texts, false)
}

/// The bytes of all `texts`.
fn total(texts: &[Vec<u8>]) -> usize {
    texts.iter().map(Vec::len).sum()
}

/// The files of the set (the test's own files left out), checked against what may be
/// written.
fn list_members(job: &Job, args: &Args, test: &[OsString]) -> Result<Listing, Failure> {
    let (exclude, keep) = (Patterns::new(&args.exclude), Patterns::new(&args.keep));
    let out = args.output.as_deref();
    let listing = listing::list(&job.inputs, out, args.in_place, &exclude, &keep)
        .map_err(Failure::usage)?
        .without(test_files(test));
    if listing.members.iter().all(|m| m.kept) {
        return Err(Failure::usage(
            "no file to reduce: every file is the test's or kept (--keep)".to_string(),
        ));
    }
    guard(&listing, test, args).map_err(Failure::usage)?;
    Ok(listing)
}

/// Every file read and parsed, each with its grammar's options.
fn read_members<'g>(
    bin: &str,
    chooser: &Chooser<'g>,
    args: &Args,
    listing: &Listing,
) -> Result<Vec<Member<'g>>, Failure> {
    let usage = Failure::usage;
    let mut members = Vec::with_capacity(listing.members.len());
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
        let corpus = grammar.map(|g| args.learn_corpus(g.lang)).transpose();
        if let Some(corpus) = corpus.map_err(usage)?.flatten() {
            options.gtr_filter = reduce::GtrFilter::Corpus(corpus);
        }
        members.push(Member {
            input,
            grammar,
            options,
        });
    }
    Ok(members)
}

/// The set as every test run gets it, shared with the oracle.
fn shared_set(listing: &Listing, originals: &[Vec<u8>]) -> Result<Arc<RwLock<FileSet>>, Failure> {
    let files = listing
        .members
        .iter()
        .zip(originals)
        .map(|(m, bytes)| SetFile {
            path: m.rel.clone(),
            bytes: bytes.clone(),
        })
        .collect();
    let mut set = FileSet::new(files).map_err(Failure::usage)?;
    if listing.dir.is_some() {
        set = set.passing_dir();
    }
    Ok(Arc::new(RwLock::new(set)))
}

/// Says what the run will do: the fallback's warnings, the files left out, then the line
/// naming the files, the algorithm, the jobs and where the results go.
fn announce(run: &Run<'_>, listing: &Listing, members: &[Member<'_>], algorithm: &str) {
    let (bin, args, progress) = (run.bin, run.args, &run.progress);
    for member in members {
        if let (Some(rejected), Some(g)) = (&member.input.rejected, member.grammar) {
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
    let bytes: usize = members.iter().map(|m| m.input.bytes.len()).sum();
    progress.println(&format!(
        "{bin}: reducing {} files ({bytes} bytes) with {algorithm}, -j {}, {}; results go to {}",
        members.len(),
        args.jobs(),
        run.timeout().describe(),
        where_results_go(listing, args)
    ));
}

/// A writer per file, holding its original until a better result comes.
fn start_writing(
    run: &Run<'_>,
    listing: &Listing,
    originals: &[Vec<u8>],
) -> Result<Vec<Arc<BackgroundWriter>>, Failure> {
    let mut writers = Vec::with_capacity(originals.len());
    for (m, bytes) in listing.members.iter().zip(originals) {
        if !run.args.in_place {
            if let Some(dir) = m.output.parent().filter(|d| !d.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir)
                    .map_err(|e| Failure::usage(format!("cannot create {}: {e}", dir.display())))?;
            }
        }
        let writer = run.writer(&m.source, &m.output, bytes, !m.kept)?;
        writers.push(Arc::new(BackgroundWriter::spawn(writer, None)));
    }
    Ok(writers)
}

/// The summary line of a run that ends with `exit`, then a line per file.
fn tell_summary(run: &Run<'_>, listing: &Listing, outcome: &Outcome, tester: &Tester, exit: Exit) {
    let (before, after) = (total(&outcome.originals), total(&outcome.texts));
    let stats = tester.stats();
    let what = super::summary::how_it_ended(exit);
    errln!(
        "{}: {what}: {} files, {before} → {after} bytes ({:.1}% removed) in {:.1} s; {} \
         queries (+{} speculative, {} unresolved{}), {} cache hits; results in {}",
        run.bin,
        outcome.texts.len(),
        super::progress::removed_percent(before, after),
        outcome.wall.as_secs_f64(),
        stats.queries,
        stats.speculative,
        stats.unresolved,
        run.oracle_record().summary(),
        stats.cache_hits,
        where_results_go(listing, run.args)
    );
    let files = listing.members.iter().zip(&outcome.texts);
    for ((m, text), (original, grammar)) in
        files.zip(outcome.originals.iter().zip(&outcome.grammars))
    {
        errln!(
            "  {}: {} → {} bytes ({grammar})",
            m.rel.display(),
            original.len(),
            text.len()
        );
    }
}

/// The `--stats` record of a run that ends with `exit`.
fn record(
    run: &Run<'_>,
    listing: &Listing,
    outcome: &Outcome,
    tester: &Tester,
    algorithm: &str,
    has_grammars: bool,
    exit: Exit,
) -> stats_json::SetRecord {
    let files = listing
        .members
        .iter()
        .zip(outcome.originals.iter().zip(&outcome.texts))
        .zip(&outcome.grammars)
        .map(|((m, (original, text)), grammar)| stats_json::SetMember {
            input: FileSize::measure(&m.source, original, None),
            output: FileSize::measure(&m.output, text, None),
            grammar: grammar.clone(),
        })
        .collect();
    let stats = tester.stats();
    let oracle = run.oracle_record();
    stats_json::SetRecord {
        tool: stats_json::Tool {
            name: run.bin.to_string(),
            version: VERSION.to_string(),
        },
        status: stats_json::status(exit),
        exit_code: exit.code(),
        files,
        input: FileSize::of_text(&outcome.originals.concat()),
        output: FileSize::of_text(&outcome.texts.concat()),
        queries: stats_json::queries(stats),
        time: stats_json::times(outcome.wall, stats.oracle_time, stats.oracle_busy),
        cache: stats_json::cache(&tester.cache_stats()),
        algorithm: algorithm.to_string(),
        passes: stats_json::passes(&outcome.session),
        options: stats_json::Options {
            timeout_seconds: oracle.timeout_seconds,
            ..stats_json::Options::of(run.args, has_grammars)
        },
        size_over_time: stats_json::size_over_time(stats, &run.progress.samples(), false),
        oracle,
    }
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
