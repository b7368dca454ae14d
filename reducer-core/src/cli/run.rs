//! The main flow of a reducer binary: command line → checks → reduction → final check →
//! summary and statistics.

use super::args::{Args, Flavor, TEXT_ALGORITHM};
use super::check::{final_check, original_verdict, Ending};
use super::exit::{fail, Exit, Failure};
use super::grammars::{self, Chooser, Grammar};
use super::input::parse_input;
use super::inspect::{decode, grammar_report, parse_check};
use super::limits::Limits;
use super::oracle::{install_interrupt_handler, oracle_and_tester};
use super::output::{write_backup, write_records, BackgroundWriter, BestWriter, ResultHook};
use super::plan::{plan, RunPlan};
use super::progress::{Progress, Size, Style};
use super::report::{Report, ReportFile};
use super::stages::{fallback_note, Stages};
use super::summary::{describe, ClearOnDrop, Facts, LeftoverWarning};
use super::{file_set, manual};
use crate::console::{errln, out, outln};
use crate::engine::keep::{self, Kept};
use crate::engine::oracle::command::CommandOracle;
use crate::engine::stats::SessionStats;
use crate::engine::tester::Parallel;
use crate::reduce;
use crate::reduce::list::reduce_text;
use std::ffi::OsString;
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Instant;

/// Runs one command line; see [`super::run_with`] and [`super::run_with_grammars`].
pub(super) fn run(bin: &str, grammars: &[Grammar<'_>], argv: Vec<OsString>) -> Exit {
    let flavor = grammars::flavor(grammars);
    let args = match Args::parse_from_argv(bin, flavor, argv) {
        Ok(a) => a,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                Exit::Usage
            } else {
                Exit::Success
            };
        }
    };
    let result = if let Some(shell) = args.completions {
        manual::print(&manual::completions(bin, flavor, shell))
            .map(|()| Exit::Success)
            .map_err(Failure::usage)
    } else if args.man {
        manual::print(&manual::man_page(bin, flavor))
            .map(|()| Exit::Success)
            .map_err(Failure::usage)
    } else if args.list_algorithms {
        list_algorithms(flavor);
        Ok(Exit::Success)
    } else if args.print_grammar && !grammars.is_empty() {
        for g in grammars {
            out!("{}", grammar_report(g.lang));
        }
        Ok(Exit::Success)
    } else if args.parse_only && !grammars.is_empty() {
        Ok(parse_only(grammars, &args))
    } else {
        reduce(bin, grammars, flavor, &args)
    };
    match result {
        Ok(exit) => exit,
        Err(f) => {
            errln!("{bin}: {}", f.message);
            f.exit
        }
    }
}

fn list_algorithms(flavor: Flavor) {
    match flavor {
        Flavor::Language { .. } => {
            let all = reduce::Algorithm::ALL;
            let width = all.iter().map(|a| a.name().len()).max().unwrap_or(0);
            for a in all {
                outln!("{:width$}  {}", a.name(), a.summary());
            }
            let minimising: Vec<&str> = all
                .iter()
                .filter(|a| a.minimises_lists())
                .map(|a| a.name())
                .collect();
            outln!(
                "\nALGO+LIST: ALGO with the list reducer LIST in place of its own (e.g. hdd+probdd), for ALGO one of {}; LIST one of:",
                minimising.join(", ")
            );
            let lists = reduce::list::ListAlgorithm::SELECTABLE;
            let width = lists.iter().map(|l| l.name().len()).max().unwrap_or(0);
            for l in lists {
                outln!("  {:width$}  {}", l.name(), l.summary());
            }
        }
        Flavor::Text => outln!("{TEXT_ALGORITHM}  ddmin on lines, then on characters"),
    }
}

/// `--parse-only`: every positional (and `-i`) file is parsed and printed back.
fn parse_only(grammars: &[Grammar<'_>], args: &Args) -> Exit {
    let files: Vec<&PathBuf> = args.input.iter().chain(&args.files).collect();
    if files.is_empty() {
        errln!("--parse-only needs a file to parse");
        return Exit::Usage;
    }
    let chooser = match Chooser::new(grammars, &args.ext_lang) {
        Ok(c) => c,
        Err(e) => {
            errln!("{e}");
            return Exit::Usage;
        }
    };
    let mut exit = Exit::Success;
    for path in files {
        let Some(Grammar { lang, .. }) = chooser.for_input(path) else {
            errln!("{}: no grammar reads this file's extension", path.display());
            exit = Exit::Usage;
            continue;
        };
        let bytes = match std::fs::read(path) {
            Ok(b) => b,
            Err(e) => {
                errln!("{}: {e}", path.display());
                exit = Exit::Usage;
                continue;
            }
        };
        let checked = decode(path, bytes, lang.name()).and_then(|t| parse_check(lang, path, t));
        match checked {
            Ok(report) => outln!("{}", report.line(path)),
            Err(msg) => {
                errln!("{msg}");
                if exit == Exit::Success {
                    exit = Exit::Parse;
                }
            }
        }
    }
    exit
}

fn reduce(
    bin: &str,
    grammars: &[Grammar<'_>],
    flavor: Flavor,
    args: &Args,
) -> Result<Exit, Failure> {
    let usage = Failure::usage;
    let extensions = match flavor {
        Flavor::Language { extensions, .. } => extensions,
        Flavor::Text => &[][..],
    };
    let job = args.job(extensions).map_err(usage)?;
    let chooser = Chooser::new(grammars, &args.ext_lang).map_err(usage)?;
    if job.is_file_set() {
        if !args.keep_lines.is_empty() {
            return Err(usage(
                "--keep-lines takes a single input; in a file set, mark the regions to keep \
                 in the files (reduce:keep-begin ... reduce:keep-end)"
                    .to_string(),
            ));
        }
        return file_set::reduce(bin, &chooser, flavor, args, job);
    }
    let grammar = chooser.for_input(job.input()).or_else(|| {
        let structure = chooser.unclaimed(job.input())?;
        if !args.quiet {
            errln!(
                "{bin}: note: no grammar here claims {}: reduced with the {} grammar (brackets, lines and words); --lang EXT=text reduces it as plain text",
                job.input().display(),
                structure.lang.name()
            );
        }
        Some(structure)
    });
    let (lang, fallback) = (grammar.map(|g| g.lang), grammar.and_then(|g| g.fallback));
    let RunPlan {
        algorithm,
        job,
        launcher,
        test,
        options,
        bytes,
        out_path,
    } = plan(lang, flavor, args, job)?;
    // The kept regions: markers and --keep-lines, checked before any test runs.
    let comment_len = |t: &str| lang.and_then(|l| l.comment_len(t));
    let kept = keep::regions(&bytes, &comment_len, &args.keep_lines)
        .map_err(|e| usage(format!("{}:{e}", job.input().display())))?;

    let builder =
        CommandOracle::builder(test.clone(), job.input().as_os_str()).launcher(launcher.clone());
    let (oracle, mut tester) = oracle_and_tester(builder, args)?;
    tester.set_kept(Kept::new(&bytes, &kept));
    let _leftovers = LeftoverWarning {
        bin,
        oracle: oracle.clone(),
    };
    let started = Instant::now();
    let style = Style::detect(args.quiet);
    let progress = Progress::new(
        style,
        args.verbose,
        Size {
            bytes: bytes.len(),
            tokens: None,
        },
    );
    let _clear = ClearOnDrop(progress.clone());
    if let Some(warning) = args.jobs_warning() {
        progress.eprintln(&format!("{bin}: {warning}"));
    }
    install_interrupt_handler(tester.interrupt_flag(), progress.clone(), oracle.clone());
    let limits = Limits::start(&tester, args.max_time, args.max_queries);

    // The original must be interesting, or there is nothing to do. Its test runs while the
    // input is parsed.
    let first = {
        let (oracle, text) = (oracle.clone(), bytes.clone());
        tester.start_check(move |cancel| oracle.run(&text, cancel))
    };
    let mut input = match parse_input(bin, lang, job.input(), bytes, args.no_fallback) {
        Ok(input) => input,
        Err(failure) => {
            tester.interrupt_flag().store(true, Ordering::SeqCst);
            let _ = tester.finish_check(first);
            progress.finish();
            return Err(failure);
        }
    };
    if let (Some(rejected), Some(lang)) = (&input.rejected, lang) {
        progress.eprintln(&rejected.warning);
        progress.eprintln(&fallback_note(bin, lang, fallback, rejected.utf8));
    }
    let mut original = input.size();
    progress.set_original(original);
    progress.println(&format!(
        "{bin}: reducing {} ({}) with {algorithm}, -j {}{}, timeout {}; result goes to {}",
        input.path.display(),
        describe(original),
        args.jobs(),
        if args.parallel() == Parallel::Merge && args.jobs() > 1 {
            " (merge)"
        } else {
            ""
        },
        args.timeout()
            .map_or("none".to_string(), |t| format!("{} s", t.as_secs_f64())),
        out_path.display()
    ));
    if args.keep_temps {
        progress.println(&format!(
            "keeping every test run's directory under {}",
            oracle.temp_base().display()
        ));
    }

    let first = tester.finish_check(first);
    let what = format!("the original input {}", input.path.display());
    original_verdict(first, &tester, &progress, &what, args, &test, &limits)?;

    // Where results go, now that there will be some.
    let writer = if args.in_place {
        let backup = write_backup(&input.path, &input.bytes).map_err(|e| {
            usage(format!(
                "cannot save the original of {}: {e}",
                input.path.display()
            ))
        })?;
        progress.println(&format!("original saved as {}", backup.display()));
        BestWriter::holding(input.path.clone(), &input.bytes)
    } else {
        let mut w = BestWriter::new(out_path.clone()).created_like(&input.path);
        if !w.write(&input.bytes) {
            return fail(Exit::Usage, w.error().unwrap_or_default().to_string());
        }
        w
    };
    // Each new best is shown (its tokens come from the tree, see Progress::improved) and
    // written in the background.
    let on_result: ResultHook = {
        let progress = progress.clone();
        Box::new(move |text: &[u8], found| {
            let bytes = text.len();
            progress.improved(
                Size {
                    bytes,
                    tokens: None,
                },
                found,
            );
        })
    };
    let writer = Arc::new(BackgroundWriter::spawn(writer, Some(on_result)));
    {
        let writer = writer.clone();
        tester.set_best_sink(Box::new(move |text: &[u8]| writer.offer(text)));
    }
    tester.set_observer(limits.observe(progress.observer(bin)));

    // The reduction.
    let (result, result_tokens, grammar, mut tester, session) = match lang {
        Some(lang) => {
            let tree = input.tree.take();
            let stages = Stages {
                lang,
                fallback,
                args,
                options: &options,
                algorithm: &algorithm,
                progress: &progress,
                bin,
                kept: &kept,
            };
            let r = stages
                .reduce(tree, &input.bytes, tester)
                .map_err(|e| usage(e.to_string()))?;
            if r.original_tokens.is_some() {
                original.tokens = r.original_tokens;
            }
            (r.text, r.tokens, Some(r.grammar), r.tester, r.session)
        }
        None => {
            tester.enter_stage(TEXT_ALGORITHM);
            let text = reduce_text(&input.bytes, &kept, &mut tester, &args.dd_options()).0;
            (text, None, None, tester, SessionStats::default())
        }
    };
    // The syntax check filters candidates but proves nothing: the result is parsed in full.
    let result_parses = lang.map(|l| l.accepts_bytes(&result));

    // The result is on disk already; make sure of it, then check it once more.
    let write_error = {
        let mut w = writer.finish();
        w.write(&result);
        w.error().map(str::to_string)
    };
    let changed = result != input.bytes;
    // Only candidates holding every kept region were tested, so the result holds them.
    assert!(
        tester.kept().held_by(&result),
        "a kept region is missing from the result"
    );
    let Ending {
        mut exit,
        not_run,
        flaky,
    } = {
        let (oracle, text) = (oracle.clone(), result.clone());
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

    let facts = Facts {
        bin,
        lang,
        grammar,
        args,
        algorithm,
        input: &input,
        original,
        out_path: &out_path,
        result: &result,
        result_parses,
        out_size: Size {
            bytes: result.len(),
            tokens: result_tokens,
        },
        wall,
        stats: tester.stats().clone(),
        session,
        cache: tester.cache_stats(),
        samples: progress.samples(),
    };
    if !args.quiet {
        errln!("{}", facts.summary(exit));
        if args.verbose > 0 {
            for p in &facts.session.passes {
                errln!(
                    "  {:<20} {:>3} runs {:>6} queries {:>7} tokens {:>8} bytes removed {:>7.1} s",
                    p.name,
                    p.runs,
                    p.queries,
                    p.tokens_removed,
                    p.bytes_removed,
                    p.time.as_secs_f64()
                );
            }
        }
    }
    if let Some(limit) = limits.describe() {
        errln!(
            "{bin}: {limit} reached: the reduction stopped; the best result so far is in {}",
            out_path.display()
        );
    }
    if let Some(cause) = &not_run {
        errln!(
            "{bin}: the test could not be run, even when tried again: {cause}\n{bin}: the \
             reduction stopped; the best result so far is kept in {}",
            out_path.display()
        );
    }
    if let (Some(lang), Some(false)) = (lang, result_parses) {
        if facts.grammar.as_deref() == Some(lang.name()) {
            eprintln!(
                "{bin}: warning: the result in {} does not parse as {}",
                out_path.display(),
                lang.name()
            );
        } else if !args.quiet {
            errln!(
                "{bin}: note: the result in {} does not parse as {} either (reduced with: {})",
                out_path.display(),
                lang.name(),
                facts.grammar.as_deref().unwrap_or_default()
            );
        }
    }
    if let Some(why) = &flaky {
        errln!(
            "{bin}: the final result is no longer interesting: {why}\n{bin}: the test is flaky \
             (or depends on something besides the file); the result is kept in {} but cannot be trusted",
            out_path.display()
        );
    }
    if let Some(e) = &write_error {
        errln!("{bin}: {e}");
        if exit == Exit::Success {
            exit = Exit::Usage;
        }
    }
    if args.stats.is_none() && args.report.is_none() {
        return Ok(exit);
    }
    let record = facts.record(exit);
    let page = args.report.as_ref().map(|_| {
        let file = ReportFile {
            input: input.path.display().to_string(),
            output: out_path.display().to_string(),
            grammar: record.grammar.clone(),
            original: &input.bytes,
            result: &result,
        };
        Report::of_run(&record, &test, file).html()
    });
    // As readable as the input (a new file; an existing one keeps its permissions).
    let written = [(&args.stats, Some(record.to_json())), (&args.report, page)];
    if !write_records(bin, &written, job.input()) && exit == Exit::Success {
        exit = Exit::Usage;
    }
    Ok(exit)
}
