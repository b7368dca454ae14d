//! The main flow of a reducer binary: command line → checks → reduction → final check →
//! summary and statistics.

use super::args::{check_program, misplaced_options, Args, Flavor, TEXT_ALGORITHM};
use super::guard::Files;
use super::inspect::{decode, grammar_report, not_utf8, parse_check, parse_error, parse_warning};
use super::output::{
    data_permissions_like, default_output, next_backup, same_file, write_atomic_with, write_backup,
    BackgroundWriter, BestWriter, ResultHook,
};
use super::progress::{removed_percent, Progress, Sample, Size, Style};
use super::stats_json::{self, FileSize, Record, Tool};
use super::Exit;
use crate::console::{errln, out, outln};
use crate::engine::cache::CacheStats;
use crate::engine::oracle::command::{CommandOracle, RunReport};
use crate::engine::oracle::{retry_not_run, Oracle, Outcome};
use crate::engine::session::Session;
use crate::engine::stats::{OracleClock, Stats};
use crate::engine::tester::Tester;
use crate::reduce;
use crate::reduce::list::{reduce_text, reduce_text_until};
use crate::syntax::language::Language;
use crate::syntax::tree::Tree;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The version printed by `--version` and recorded by `--stats`.
const VERSION: &str = env!("CARGO_PKG_VERSION");
/// How many lines of the test's stderr are shown when it rejects the original.
const STDERR_LINES: usize = 20;

/// A run that cannot go on: the exit status and what to tell the user.
struct Failure {
    exit: Exit,
    message: String,
}

fn fail<T>(exit: Exit, message: impl Into<String>) -> Result<T, Failure> {
    Err(Failure {
        exit,
        message: message.into(),
    })
}

/// Runs one command line; see [`super::run_with`] and [`super::run_with_fallback`].
pub(super) fn run(
    bin: &str,
    lang: Option<&dyn Language>,
    fallback: Option<&dyn Language>,
    argv: Vec<OsString>,
) -> Exit {
    let flavor = match lang {
        Some(l) => Flavor::Language {
            name: l.name(),
            extensions: l.extensions(),
        },
        None => Flavor::Text,
    };
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
    let result = if args.list_algorithms {
        list_algorithms(flavor);
        Ok(Exit::Success)
    } else if let (true, Some(lang)) = (args.print_grammar, lang) {
        out!("{}", grammar_report(lang));
        Ok(Exit::Success)
    } else if let (true, Some(lang)) = (args.parse_only, lang) {
        Ok(parse_only(lang, &args))
    } else {
        reduce(bin, lang, fallback, flavor, &args)
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
            let width = reduce::ALGORITHMS
                .iter()
                .map(|a| a.name.len())
                .max()
                .unwrap_or(0);
            for a in reduce::ALGORITHMS {
                outln!("{:width$}  {}", a.name, a.summary);
            }
        }
        Flavor::Text => outln!("{TEXT_ALGORITHM}  ddmin on lines, then on characters"),
    }
}

/// `--parse-only`: every positional (and `-i`) file is parsed and printed back.
fn parse_only(lang: &dyn Language, args: &Args) -> Exit {
    let files: Vec<&PathBuf> = args.input.iter().chain(&args.files).collect();
    if files.is_empty() {
        errln!("--parse-only needs a file to parse");
        return Exit::Usage;
    }
    let mut exit = Exit::Success;
    for path in files {
        let bytes = match std::fs::read(path) {
            Ok(b) => b,
            Err(e) => {
                errln!("{}: {e}", path.display());
                exit = Exit::Usage;
                continue;
            }
        };
        let checked = decode(path, bytes, lang.name()).and_then(|t| parse_check(lang, path, &t));
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

/// The input, read and (for a language) parsed.
struct Input {
    path: PathBuf,
    bytes: Vec<u8>,
    tree: Option<Tree>,
    /// Why the grammar does not read the input (`FILE:LINE:COL: warning: …`, with an
    /// excerpt), when it is to be reduced with the fallback.
    rejected: Option<Rejected>,
}

/// An input the grammar does not read.
struct Rejected {
    /// Where and why, as a warning.
    warning: String,
    /// The input is UTF-8 text (the grammar rejected it), not bytes.
    utf8: bool,
}

impl Input {
    fn size(&self) -> Size {
        Size {
            bytes: self.bytes.len(),
            tokens: self.tree.as_ref().map(|t| t.tokens() as usize),
        }
    }
}

fn read_bytes(path: &Path) -> Result<Vec<u8>, Failure> {
    std::fs::read(path).or_else(|e| fail(Exit::Usage, format!("{}: {e}", path.display())))
}

/// Decodes and parses the input's bytes (for a language). An input the grammar does not read
/// is refused with `refuse` (`--no-fallback`), and otherwise comes back without a tree and
/// with the reason.
fn parse_input(
    bin: &str,
    lang: Option<&dyn Language>,
    path: &Path,
    bytes: Vec<u8>,
    refuse: bool,
) -> Result<Input, Failure> {
    let untouched = |bytes: Vec<u8>, rejected: Option<Rejected>| Input {
        path: path.to_path_buf(),
        bytes,
        tree: None,
        rejected,
    };
    let Some(lang) = lang else {
        return Ok(untouched(bytes, None));
    };
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) if !refuse => {
            let warning = not_utf8(path, e.as_bytes(), Some("warning"));
            let rejected = Rejected {
                warning,
                utf8: false,
            };
            return Ok(untouched(e.into_bytes(), Some(rejected)));
        }
        Err(e) => {
            return fail(Exit::Parse, decode(path, e.into_bytes(), bin).unwrap_err());
        }
    };
    match lang.parse(&text) {
        Ok(tree) => Ok(Input {
            path: path.to_path_buf(),
            tree: Some(tree),
            bytes: text.into_bytes(),
            rejected: None,
        }),
        Err(e) if !refuse => {
            let warning = parse_warning(path, &text, &e);
            let rejected = Rejected {
                warning,
                utf8: true,
            };
            Ok(untouched(text.into_bytes(), Some(rejected)))
        }
        Err(e) => fail(
            Exit::Parse,
            format!(
                "{}\nthe input does not parse as {}: nothing can be reduced (see --parse-only)",
                parse_error(path, &text, &e),
                lang.name()
            ),
        ),
    }
}

/// Explains a run of the test that did not find its candidate interesting.
fn explain(r: &RunReport, args: &Args) -> String {
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
fn run_retried(
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
fn check_once(tester: &mut Tester, oracle: &CommandOracle, text: &[u8]) -> RunReport {
    let cancel = tester.interrupt_flag();
    let (report, not_run) = run_retried(oracle, &tester.oracle_clock(), text, &cancel);
    tester.count_outside_run(report.outcome, report.elapsed, not_run);
    report
}

/// The failure of a run whose test could not be run, even when tried again.
fn not_run_failure<T>(cause: &str) -> Result<T, Failure> {
    fail(
        Exit::TestNotRun,
        format!("the test could not be run, even when tried again: {cause}"),
    )
}

/// A hint when the test command holds options of this tool (`--test ./t.sh -j 4`): they
/// were given to the test, not to the reducer.
fn misplaced_options_hint(test: &[OsString]) -> String {
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

/// Installs the Ctrl-C (and SIGTERM) handler: the first signal raises `flag` so that the
/// reduction winds down and the best result is kept; the second exits at once.
fn install_interrupt_handler(flag: Arc<AtomicBool>, progress: Progress) {
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

fn reduce(
    bin: &str,
    lang: Option<&dyn Language>,
    fallback: Option<&dyn Language>,
    flavor: Flavor,
    args: &Args,
) -> Result<Exit, Failure> {
    let usage = |m: String| Failure {
        exit: Exit::Usage,
        message: m,
    };
    let algorithm = args.algorithm_name(flavor).to_string();
    if lang.is_some() && !reduce::is_known(&algorithm) {
        return fail(
            Exit::Usage,
            format!("{}", reduce::UnknownAlgorithm(algorithm.clone())),
        );
    }
    let extensions = lang.map_or(&[][..], |l| l.extensions());
    let job = args.job(extensions).map_err(usage)?;
    let launcher = args.launcher().map_err(usage)?;
    let test = check_program(&job.test, &launcher).map_err(usage)?;
    if let Some(dir) = &args.corpus {
        if !dir.is_dir() {
            return fail(
                Exit::Usage,
                format!("--corpus {}: not a directory", dir.display()),
            );
        }
    }
    let bytes = read_bytes(&job.input)?;
    let out_path = match (&args.output, args.in_place) {
        (_, true) => job.input.clone(),
        (Some(o), false) => o.clone(),
        (None, false) => default_output(&job.input),
    };
    if !args.in_place && same_file(&out_path, &job.input) {
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
        next_backup(&job.input).into_iter().collect()
    } else {
        Vec::new()
    };
    Files::of_run(
        &job.input,
        &test,
        (!args.in_place).then_some(out_path.as_path()),
        &backups,
        args.stats.as_deref(),
    )
    .check()
    .map_err(usage)?;

    let mut builder = CommandOracle::builder(test.clone(), job.input.as_os_str())
        .launcher(launcher.clone())
        .keep_temps(args.keep_temps);
    builder = match args.timeout() {
        Some(t) => builder.timeout(t),
        None => builder.no_timeout(),
    };
    let oracle = Arc::new(builder.build().map_err(|e| usage(e.to_string()))?);
    let _leftovers = LeftoverWarning {
        bin,
        oracle: oracle.clone(),
    };
    let mut tester = Tester::new(
        oracle.clone() as Arc<dyn Oracle>,
        args.cache_options(),
        args.jobs(),
    );
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
    install_interrupt_handler(tester.interrupt_flag(), progress.clone());

    // The original must be interesting, or there is nothing to do. Its test runs while the
    // input is parsed.
    let first = {
        let (oracle, clock, cancel) = (
            oracle.clone(),
            tester.oracle_clock(),
            tester.interrupt_flag(),
        );
        let text = bytes.clone();
        std::thread::spawn(move || run_retried(&oracle, &clock, &text, &cancel))
    };
    let mut input = match parse_input(bin, lang, &job.input, bytes, args.no_fallback) {
        Ok(input) => input,
        Err(failure) => {
            tester.interrupt_flag().store(true, Ordering::SeqCst);
            let _ = first.join();
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
        "{bin}: reducing {} ({}) with {algorithm}, -j {}, timeout {}; result goes to {}",
        input.path.display(),
        describe(original),
        args.jobs(),
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

    let Ok((first, not_run)) = first.join() else {
        return fail(
            Exit::Usage,
            "the test of the original input could not be run",
        );
    };
    tester.count_outside_run(first.outcome, first.elapsed, not_run);
    if tester.interrupted() {
        return fail(
            Exit::Interrupted,
            "interrupted before the reduction started",
        );
    }
    if !first.outcome.is_interesting() {
        progress.finish();
        if first.outcome == Outcome::NotRun {
            return not_run_failure(&first.describe());
        }
        return fail(
            Exit::NotInteresting,
            format!(
                "the original input {} is not interesting: {}{}",
                input.path.display(),
                explain(&first, args),
                misplaced_options_hint(&test)
            ),
        );
    }

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
    tester.set_observer(progress.observer());

    // The reduction.
    let (result, result_tokens, grammar, mut tester) = match lang {
        Some(lang) => {
            let tree = input.tree.take();
            let stages = Stages {
                lang,
                fallback,
                args,
                algorithm: &algorithm,
                progress: &progress,
                bin,
            };
            let r = stages
                .reduce(tree, &input.bytes, tester)
                .map_err(|e| usage(e.to_string()))?;
            if r.original_tokens.is_some() {
                original.tokens = r.original_tokens;
            }
            (r.text, r.tokens, Some(r.grammar), r.tester)
        }
        None => {
            let text = reduce_text(&input.bytes, &mut tester, &args.dd_options());
            (text, None, None, tester)
        }
    };
    let interrupted = tester.interrupted();
    let mut not_run = tester.not_run_cause().map(str::to_string);
    // The syntax check filters candidates but proves nothing: the result is parsed in full.
    let result_parses = lang.map(|l| l.accepts_bytes(&result));

    // The result is on disk already; make sure of it, then check it once more.
    let write_error = {
        let mut w = writer.finish();
        w.write(&result);
        w.error().map(str::to_string)
    };
    let mut exit = if interrupted {
        Exit::Interrupted
    } else {
        Exit::Success
    };
    let mut flaky = None;
    if !interrupted && not_run.is_none() && result != input.bytes {
        let last = check_once(&mut tester, &oracle, &result);
        if tester.interrupted() {
            exit = Exit::Interrupted;
        } else if last.outcome == Outcome::NotRun {
            not_run = Some(last.describe());
        } else if !last.outcome.is_interesting() {
            flaky = Some(explain(&last, args));
            exit = Exit::Flaky;
        }
        if args.verbose > 0 {
            progress.println(&format!("final check: {}", last.describe()));
        }
    }
    if not_run.is_some() && exit == Exit::Success {
        exit = Exit::TestNotRun;
    }
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
        cache: tester.cache_stats(),
        samples: progress.samples(),
    };
    if !args.quiet {
        errln!("{}", facts.summary(exit));
        if args.verbose > 0 {
            for p in &facts.stats.passes {
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
    if let Some(path) = &args.stats {
        let json = facts.record(exit).to_json();
        // As readable as the input (a new file; an existing one keeps its permissions).
        let like_input = data_permissions_like(&job.input);
        if let Err(e) = write_atomic_with(path, json.as_bytes(), like_input.as_ref()) {
            errln!("{bin}: cannot write {}: {e}", path.display());
            if exit == Exit::Success {
                exit = Exit::Usage;
            }
        }
    }
    Ok(exit)
}

/// What is known at the end of a run: for the summary line and the `--stats` record.
struct Facts<'a> {
    bin: &'a str,
    lang: Option<&'a dyn Language>,
    /// The grammars the reduction used, last first (`"C"`, `"C after fallback"`, …; `None`
    /// without a grammar).
    grammar: Option<String>,
    args: &'a Args,
    algorithm: String,
    input: &'a Input,
    original: Size,
    out_path: &'a Path,
    result: &'a [u8],
    /// Whether the result parses in full (`None` without a grammar).
    result_parses: Option<bool>,
    out_size: Size,
    wall: Duration,
    stats: Stats,
    cache: CacheStats,
    samples: Vec<Sample>,
}

impl Facts<'_> {
    /// One line: sizes before and after, share removed, time, tests, where the result is,
    /// for a run that ends with `exit`.
    fn summary(&self, exit: Exit) -> String {
        let (o, n, stats) = (self.original, self.out_size, &self.stats);
        let removed = match (o.tokens, n.tokens) {
            (Some(a), Some(b)) => removed_percent(a, b),
            _ => removed_percent(o.bytes, n.bytes),
        };
        let what = match exit {
            Exit::Interrupted => "interrupted; best so far",
            Exit::TestNotRun => "stopped; best so far",
            _ => "done",
        };
        let syntax = match self.lang {
            Some(_) => format!(", {} syntax-rejected", stats.syntax_rejected),
            None => String::new(),
        };
        let grammar = match &self.grammar {
            Some(g) => format!("; grammar: {g}"),
            None => String::new(),
        };
        let not_run = match stats.not_run {
            0 => String::new(),
            n => format!(", {n} could not be run"),
        };
        let invalid = match stats.verified_invalid {
            0 => String::new(),
            n => format!(
                ", {n} of {} verified candidates did not parse",
                stats.verified
            ),
        };
        format!(
            "{}: {what}: {} → {} ({removed:.1}% removed) in {:.1} s; {} queries (+{} speculative, \
             {} unresolved{not_run}), {} cache hits{syntax}{invalid}{grammar}; result in {}",
            self.bin,
            describe(o),
            describe(n),
            self.wall.as_secs_f64(),
            stats.queries,
            stats.speculative,
            stats.unresolved,
            stats.cache_hits,
            self.out_path.display()
        )
    }

    /// The `--stats` record of a run that ends with `exit`.
    fn record(&self, exit: Exit) -> Record {
        let grammar = self.lang.is_some();
        Record {
            tool: Tool {
                name: self.bin.to_string(),
                version: VERSION.to_string(),
            },
            language: self.lang.map(|l| l.name().to_string()),
            grammar: self.grammar.clone(),
            status: match exit {
                Exit::Success => "success",
                Exit::Interrupted => "interrupted",
                Exit::Flaky => "flaky",
                Exit::TestNotRun => "test-not-run",
                _ => "error",
            }
            .to_string(),
            exit_code: exit.code(),
            input: FileSize::measure(&self.input.path, &self.input.bytes, self.original.tokens),
            output: FileSize::measure(self.out_path, self.result, self.out_size.tokens),
            queries: stats_json::queries(&self.stats),
            syntax_checks: stats_json::syntax_checks(&self.stats, self.result_parses),
            time: stats_json::times(self.wall, self.stats.oracle_time, self.stats.oracle_busy),
            cache: stats_json::cache(&self.cache),
            size_over_time: stats_json::size_over_time(&self.stats, &self.samples, grammar),
            algorithm: self.algorithm.clone(),
            passes: stats_json::passes(&self.stats),
            options: stats_json::Options::of(self.args, grammar),
        }
    }
}

/// Warns once, however the run ends, about the test's temporary directories that could not be
/// removed (dropped after the status line is cleared).
struct LeftoverWarning<'a> {
    bin: &'a str,
    oracle: Arc<CommandOracle>,
}

impl Drop for LeftoverWarning<'_> {
    fn drop(&mut self) {
        let left = self.oracle.leftovers();
        if let Some((path, why)) = &left.first {
            let what = match left.count {
                1 => "1 temporary directory of the test".to_string(),
                n => format!("{n} temporary directories of the test"),
            };
            errln!(
                "{}: warning: {what} could not be removed, e.g. {}: {why}",
                self.bin,
                path.display()
            );
        }
    }
}

/// Removes the live status line however the run ends.
struct ClearOnDrop(Progress);

impl Drop for ClearOnDrop {
    fn drop(&mut self) {
        self.0.finish();
    }
}

fn describe(size: Size) -> String {
    match size.tokens {
        Some(1) => format!("{} bytes, 1 token", size.bytes),
        Some(t) => format!("{} bytes, {t} tokens", size.bytes),
        None => format!("{} bytes", size.bytes),
    }
}

/// What the note after a rejected input says will happen (see [the fallback](super#fallback)).
fn fallback_note(
    bin: &str,
    lang: &dyn Language,
    fallback: Option<&dyn Language>,
    utf8: bool,
) -> String {
    let name = lang.name();
    let how = match (utf8, fallback) {
        (false, Some(_)) => "the input is not UTF-8 text: reducing it byte by byte (ddmin on \
                             lines, then bytes) until it is, then with the structure grammar"
            .to_string(),
        (false, None) => "the input is not UTF-8 text: reducing it byte by byte (ddmin on \
                          lines, then bytes)"
            .to_string(),
        (true, Some(_)) => format!(
            "the input does not parse as {name}: reducing it with the structure grammar \
             (brackets, strings, words, statements; any text parses)"
        ),
        (true, None) => format!(
            "the input does not parse as {name}: reducing it byte by byte (ddmin on lines, \
             then bytes)"
        ),
    };
    format!(
        "{bin}: note: {how}, and with the {name} grammar as soon as the result parses; \
         --no-fallback refuses such inputs (exit status {})",
        Exit::Parse.code()
    )
}

/// The result of [`reduce_staged`].
struct Reduced {
    text: Vec<u8>,
    /// The result's tokens, counted by the last grammar used (`None` after bytes).
    tokens: Option<usize>,
    /// The original's tokens counted by that grammar, when it is not the input's own tree.
    original_tokens: Option<usize>,
    /// The grammars used, last first: `"C"`, `"fallback"`, `"C after fallback"`, `"bytes"`,
    /// `"C after fallback after bytes"`, …
    grammar: String,
    tester: Tester,
}

/// The stage name of the structure grammar.
const FALLBACK: &str = "fallback";
/// The stage name of the byte-level fallback.
const BYTES: &str = "bytes";

/// The reduction with a grammar, and its fallbacks.
///
/// [`Stages::reduce`] reduces the input with `lang`, or, when `tree` is `None` (the input is
/// not UTF-8 or `lang` rejects it), through the fallback stages until `lang` reads the result
/// (see [the fallback](super#fallback)): ddmin on lines and bytes for bytes that are not UTF-8
/// (or without a structure grammar), the structure grammar `fallback` for text, the algorithm
/// `algorithm` on each grammar.
struct Stages<'a> {
    lang: &'a dyn Language,
    fallback: Option<&'a dyn Language>,
    args: &'a Args,
    algorithm: &'a str,
    progress: &'a Progress,
    bin: &'a str,
}

impl Stages<'_> {
    fn reduce(
        &self,
        mut tree: Option<Tree>,
        original: &[u8],
        mut tester: Tester,
    ) -> Result<Reduced, reduce::UnknownAlgorithm> {
        let Stages {
            lang,
            fallback,
            args,
            algorithm,
            progress,
            bin,
        } = *self;
        let mut stages: Vec<&str> = Vec::new();
        let mut text = original.to_vec();
        // The result's and the original's tokens, counted by the last tree stage.
        let mut counted: (Option<usize>, Option<usize>) = (None, None);
        let count = |session: &Session<'_>, text: &str, original_too: bool| {
            let counter = session.tree.token_counter();
            let tokens = if text == session.tree.text() {
                session.tree.tokens() as usize
            } else {
                counter.count(text) as usize
            };
            let original = std::str::from_utf8(original)
                .ok()
                .filter(|_| original_too)
                .map(|o| counter.count(o) as usize);
            (Some(tokens), original)
        };
        loop {
            if let Some(tree) = tree.take() {
                // The grammar stage: the last one.
                let recount = !stages.is_empty();
                if recount {
                    progress.println(&format!(
                        "{bin}: the result parses as {0}: reducing it with the {0} grammar",
                        lang.name()
                    ));
                }
                stages.push(lang.name());
                let mut session = Session::new(lang, tree, tester, args.session_options());
                reduce::run(algorithm, &mut session, &args.algo_options())?;
                let out = session.text();
                counted = count(&session, &out, recount);
                text = out.into_bytes();
                tester = session.tester;
                break;
            }
            if tester.stopped() {
                break;
            }
            let utf8 = std::str::from_utf8(&text).ok();
            if let Some(t) = utf8.filter(|t| lang.accepts(t)) {
                match lang.parse(t) {
                    Ok(parsed) => {
                        tree = Some(parsed);
                        continue;
                    }
                    Err(_) => break,
                }
            }
            if stages.contains(&FALLBACK) {
                break;
            }
            // The structure grammar, on text (it fails only on nesting deeper than the parser's
            // stack guard allows: then bytes).
            let structure = fallback
                .zip(utf8)
                .and_then(|(f, t)| Some((f, f.parse(t).ok()?)));
            if let Some((f, structure_tree)) = structure {
                stages.push(FALLBACK);
                let mut session = Session::new(f, structure_tree, tester, args.session_options());
                session.stop_once_parses(lang);
                let mut options = args.algo_options();
                // A corpus of examples is in the language's grammar, not in the structure grammar.
                if let reduce::GtrFilter::Corpus(_) = options.gtr_filter {
                    options.gtr_filter = reduce::GtrFilter::Grammar;
                }
                reduce::run(algorithm, &mut session, &options)?;
                let out = session.text();
                counted = count(&session, &out, true);
                text = out.into_bytes();
                tester = session.tester;
                continue;
            }
            if stages.contains(&BYTES) {
                break;
            }
            stages.push(BYTES);
            let structure_next = fallback.is_some();
            let enough =
                |t: &[u8]| std::str::from_utf8(t).is_ok_and(|t| structure_next || lang.accepts(t));
            text = reduce_text_until(&text, &mut tester, &args.dd_options(), enough);
            counted = (None, None);
        }
        stages.reverse();
        Ok(Reduced {
            text,
            tokens: counted.0,
            original_tokens: counted.1,
            grammar: stages.join(" after "),
            tester,
        })
    }
}
