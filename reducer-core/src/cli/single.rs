//! A run on one file: its grammar chosen, the input parsed while the test runs on the
//! original, the reduction (with the grammar's stages, or as text), then the steps every run
//! shares ([`flow`](super::flow)): the final check, the summary, the records.

use super::args::{Args, Flavor, Job, TEXT_ALGORITHM};
use super::exit::{Exit, Failure};
use super::flow::{write_results, Results, Run};
use super::format::Formatter;
use super::grammars::{Chooser, Grammar};
use super::input::{parse_input, Input};
use super::output::{BackgroundWriter, ResultHook};
use super::plan::{plan, RunPlan};
use super::progress::Size;
use super::report::{Report, ReportFile};
use super::stages::{fallback_note, Stages};
use super::summary::{describe, Facts};
use crate::console::errln;
use crate::engine::keep::{self, Kept};
use crate::engine::oracle::command::CommandOracle;
use crate::engine::stats::SessionStats;
use crate::engine::tester::{Parallel, Tester};
use crate::reduce::list::reduce_text;
use crate::syntax::language::Language;
use std::ops::Range;
use std::path::Path;
use std::sync::atomic::Ordering;
use std::sync::Arc;

/// The grammars of a single input: its own, and the structure grammar it falls back to.
#[derive(Clone, Copy)]
struct Grammars<'a> {
    lang: Option<&'a dyn Language>,
    fallback: Option<&'a dyn Language>,
}

/// What the reduction gives back.
struct Reduced {
    text: Vec<u8>,
    tokens: Option<usize>,
    /// The grammars used, last first (`None` without a grammar).
    grammar: Option<String>,
    /// The original's tokens, once a grammar read it.
    original_tokens: Option<usize>,
    tester: Tester,
    session: SessionStats,
}

/// Reduces the single input `job` names.
pub(super) fn reduce(
    bin: &str,
    chooser: &Chooser<'_>,
    flavor: Flavor,
    args: &Args,
    job: Job,
) -> Result<Exit, Failure> {
    let grammar = grammar_for(bin, chooser, args, job.input());
    let grammars = Grammars {
        lang: grammar.map(|g| g.lang),
        fallback: grammar.and_then(|g| g.fallback),
    };
    let RunPlan {
        algorithm,
        job,
        launcher,
        test,
        options,
        bytes,
        out_path,
    } = plan(grammars.lang, flavor, args, job)?;
    let kept = kept_regions(grammars.lang, &bytes, args, job.input())?;
    let formatter = Formatter::of(args).map_err(Failure::usage)?;
    let builder = CommandOracle::builder(test.clone(), job.input().as_os_str()).launcher(launcher);
    let size = Size {
        bytes: bytes.len(),
        tokens: None,
    };
    let (run, mut tester) = Run::start(bin, args, builder, size)?;
    tester.set_kept(Kept::new(&bytes, &kept));

    // The original must be interesting, or there is nothing to do. Its test runs while the
    // input is parsed.
    let first = tester.start_check(run.test_of(bytes.clone()));
    let parsed = parse_input(bin, grammars.lang, job.input(), bytes, args.no_fallback);
    let mut input = match parsed {
        Ok(input) => input,
        Err(failure) => {
            tester.interrupt_flag().store(true, Ordering::SeqCst);
            let _ = tester.finish_check(first);
            return Err(failure);
        }
    };
    let first = tester.finish_check(first);
    run.settle_timeout(first.as_ref());
    announce(&run, grammars, &input, &algorithm, &out_path);
    let what = format!("the original input {}", input.path.display());
    run.check_original(first, &tester, &what, &test)?;

    let writer = start_writing(&run, &mut tester, &input, &out_path)?;
    // Measured before the reduction takes the tree.
    let mut original = input.size();
    let reduced = match grammars.lang {
        Some(lang) => {
            let stages = Stages {
                lang,
                fallback: grammars.fallback,
                args,
                options: &options,
                algorithm: &algorithm,
                progress: &run.progress,
                bin,
                kept: &kept,
            };
            with_grammar(&stages, &mut input, tester)?
        }
        None => as_text(&input.bytes, &kept, tester, args),
    };
    let Reduced {
        text: result,
        mut tester,
        ..
    } = reduced;
    // Only candidates holding every kept region were tested, so the result holds them.
    assert!(
        tester.kept().held_by(&result),
        "a kept region is missing from the result"
    );
    let (result, laid_out) = lay_out(&run, &mut tester, &formatter, grammars.lang, &input, result);

    // The result is on disk already; make sure of it, then check it once more (unless its
    // layout was just tested).
    let mut write_error =
        write_results(std::slice::from_ref(&writer), std::slice::from_ref(&result));
    let untested = result != input.bytes && !laid_out;
    // Should the test refuse the result when asked again, the last texts adopted and then the
    // original stand in for it.
    let earlier: Vec<Vec<u8>> = tester
        .recent_results()
        .map(<[u8]>::to_vec)
        .chain(std::iter::once(input.bytes.clone()))
        .collect();
    let (ending, wall) = run.finish(&mut tester, untested, &result, &earlier)?;
    let result = match &ending.replaced {
        Some((text, _)) => {
            write_error = write_results(&[writer], std::slice::from_ref(text)).or(write_error);
            text.clone()
        }
        None => result,
    };
    original.tokens = reduced.original_tokens.or(original.tokens);
    let facts = Facts {
        bin,
        lang: grammars.lang,
        grammar: reduced.grammar,
        args,
        algorithm,
        input: &input,
        original,
        out_path: &out_path,
        result: &result,
        // The syntax check filters candidates but proves nothing: the result is parsed in
        // full.
        result_parses: grammars.lang.map(|l| l.accepts_bytes(&result)),
        out_size: Size {
            bytes: result.len(),
            // An earlier result that replaced the final one was not counted in tokens.
            tokens: reduced.tokens.filter(|_| ending.replaced.is_none()),
        },
        wall,
        stats: tester.stats().clone(),
        session: reduced.session,
        cache: tester.cache_stats(),
        samples: run.progress.samples(),
        oracle: run.oracle_record(),
    };
    tell_summary(&facts, ending.exit);
    let exit = run.tell_ending(&ending, write_error.as_deref(), Results::One(&out_path));
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
    Ok(run.write_records(record.to_json(), page, job.input(), exit))
}

/// The grammar of `input`: the one its extension selects, or the structure grammar (with a
/// note) for an extension no grammar claims; `None` reduces it as text.
fn grammar_for<'g>(
    bin: &str,
    chooser: &Chooser<'g>,
    args: &Args,
    input: &Path,
) -> Option<Grammar<'g>> {
    chooser.for_input(input).or_else(|| {
        let structure = chooser.unclaimed(input)?;
        if !args.quiet {
            errln!(
                "{bin}: note: no grammar here claims {}: reduced with the {} grammar (brackets, lines and words); --lang EXT=text reduces it as plain text",
                input.display(),
                structure.lang.name()
            );
        }
        Some(structure)
    })
}

/// The kept regions: markers and `--keep-lines`, checked before any test runs.
fn kept_regions(
    lang: Option<&dyn Language>,
    bytes: &[u8],
    args: &Args,
    input: &Path,
) -> Result<Vec<Range<usize>>, Failure> {
    let comment_len = |t: &str| lang.and_then(|l| l.comment_len(t));
    keep::regions(bytes, &comment_len, &args.keep_lines)
        .map_err(|e| Failure::usage(format!("{}:{e}", input.display())))
}

/// Says what the run will do: the fallback's warning if the grammar rejects the input, then
/// the line naming input, algorithm, jobs, timeout and output.
fn announce(run: &Run<'_>, grammars: Grammars<'_>, input: &Input, algorithm: &str, out: &Path) {
    let (bin, args, progress) = (run.bin, run.args, &run.progress);
    if let (Some(rejected), Some(lang)) = (&input.rejected, grammars.lang) {
        progress.eprintln(&rejected.warning);
        progress.eprintln(&fallback_note(bin, lang, grammars.fallback, rejected.utf8));
    }
    let original = input.size();
    progress.set_original(original);
    let merge = args.parallel() == Parallel::Merge && args.jobs() > 1;
    progress.println(&format!(
        "{bin}: reducing {} ({}) with {algorithm}, -j {}{}, {}; result goes to {}",
        input.path.display(),
        describe(original),
        args.jobs(),
        if merge { " (merge)" } else { "" },
        run.timeout().describe(),
        out.display()
    ));
    if args.keep_temps {
        progress.println(&format!(
            "keeping every test run's directory under {}",
            run.oracle.temp_base().display()
        ));
    }
}

/// The writer of the result, holding the original until a better result comes; each new
/// best the tester finds is shown on the status line and written in the background.
fn start_writing(
    run: &Run<'_>,
    tester: &mut Tester,
    input: &Input,
    out: &Path,
) -> Result<Arc<BackgroundWriter>, Failure> {
    let writer = run.writer(&input.path, out, &input.bytes, true)?;
    // The status line's tokens come from the tree (see Progress::improved).
    let on_result: ResultHook = {
        let progress = run.progress.clone();
        Box::new(move |text: &[u8], found| {
            let size = Size {
                bytes: text.len(),
                tokens: None,
            };
            progress.improved(size, found);
        })
    };
    let writer = Arc::new(BackgroundWriter::spawn(writer, Some(on_result)));
    let sink = writer.clone();
    tester.set_best_sink(Box::new(move |text: &[u8]| sink.offer(text)));
    tester.set_observer(run.observer());
    Ok(writer)
}

/// The result laid out (see [`Formatter`]), if that is still interesting; and whether it
/// was (then the test has just seen the result).
fn lay_out(
    run: &Run<'_>,
    tester: &mut Tester,
    formatter: &Formatter,
    lang: Option<&dyn Language>,
    input: &Input,
    result: Vec<u8>,
) -> (Vec<u8>, bool) {
    let laid = match formatter.lay_out(lang, &input.path, &result) {
        Ok(Some(laid)) => laid,
        Ok(None) => return (result, false),
        Err(e) => {
            run.progress.eprintln(&format!(
                "{}: warning: {e}; the result stays as reduced",
                run.bin
            ));
            return (result, false);
        }
    };
    if !tester.kept().held_by(&laid) || !run.still_interesting(tester, laid.clone()) {
        if run.args.verbose > 0 {
            run.progress
                .println("the laid-out result is not interesting: the result stays as reduced");
        }
        return (result, false);
    }
    if run.args.verbose > 0 {
        let (from, to) = (result.len(), laid.len());
        run.progress
            .println(&format!("the result laid out: {from} → {to} bytes"));
    }
    (laid, true)
}

/// The reduction with the grammar (and its fallback stages).
fn with_grammar(
    stages: &Stages<'_>,
    input: &mut Input,
    tester: Tester,
) -> Result<Reduced, Failure> {
    let r = stages
        .reduce(input.tree.take(), &input.bytes, tester)
        .map_err(|e| Failure::usage(e.to_string()))?;
    Ok(Reduced {
        text: r.text,
        tokens: r.tokens,
        grammar: Some(r.grammar),
        original_tokens: r.original_tokens,
        tester: r.tester,
        session: r.session,
    })
}

/// The reduction without a grammar: ddmin on lines, then on bytes.
fn as_text(bytes: &[u8], kept: &[Range<usize>], mut tester: Tester, args: &Args) -> Reduced {
    tester.enter_stage(TEXT_ALGORITHM);
    let text = reduce_text(bytes, kept, &mut tester, &args.dd_options()).0;
    Reduced {
        text,
        tokens: None,
        grammar: None,
        original_tokens: None,
        tester,
        session: SessionStats::default(),
    }
}

/// The summary line (and with `-v` a line per stage), then the warning if the result does
/// not parse with the grammar.
fn tell_summary(facts: &Facts<'_>, exit: Exit) {
    let (bin, args) = (facts.bin, facts.args);
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
    let (Some(lang), Some(false)) = (facts.lang, facts.result_parses) else {
        return;
    };
    let out = facts.out_path.display();
    if facts.grammar.as_deref() == Some(lang.name()) {
        errln!(
            "{bin}: warning: the result in {out} does not parse as {}",
            lang.name()
        );
    } else if !args.quiet {
        errln!(
            "{bin}: note: the result in {out} does not parse as {} either (reduced with: {})",
            lang.name(),
            facts.grammar.as_deref().unwrap_or_default()
        );
    }
}
