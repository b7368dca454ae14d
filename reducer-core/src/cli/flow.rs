//! The steps every reduction run takes, whether it reduces one file (`run.rs`) or a set of
//! files (`file_set`): the tester started with Ctrl-C and the run limits; the verdict on the
//! original; where results are written; the final check; and the messages that say how the
//! run ended and the records (`--stats`, `--report`) it leaves. Each message is written here
//! once, so the two kinds of run say the same things in the same words.

use super::args::Args;
use super::check::{final_check, original_verdict, Ending, FinalResult};
use super::exit::{fail, Exit, Failure};
use super::limits::Limits;
use super::oracle::{install_interrupt_handler, oracle_and_tester};
use super::output::{write_backup, write_records, BackgroundWriter, BestWriter};
use super::progress::{Progress, Size, Style};
use super::stats_json::OracleRecord;
use super::summary::{ClearOnDrop, LeftoverWarning};
use super::timeout::Timeout;
use crate::console::errln;
use crate::engine::oracle::command::{CommandOracle, CommandOracleBuilder, RunReport};
use crate::engine::oracle::confirm::Confirming;
use crate::engine::tester::{Event, Observer, Tester};
use std::ffi::OsString;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// A reduction run from the start of its tester to its last message.
pub(super) struct Run<'a> {
    /// The binary's name, first word of every message.
    pub(super) bin: &'a str,
    /// The command line.
    pub(super) args: &'a Args,
    /// The test, as a program run on a candidate.
    pub(super) oracle: Arc<CommandOracle>,
    /// The test as the tester asks it (`--confirm`).
    confirming: Arc<Confirming>,
    /// The live status line and the messages printed around it.
    pub(super) progress: Progress,
    /// `--max-time` and `--max-queries`.
    pub(super) limits: Limits,
    /// The timeout of each run: given, or derived once the original has run.
    timeout: OnceLock<Timeout>,
    started: Instant,
    // Dropped in this order: the status line is cleared before the warning is printed.
    _clear: ClearOnDrop,
    _leftovers: LeftoverWarning<'a>,
}

/// Where the results of a run are, for the messages that end it.
pub(super) enum Results<'p> {
    /// One file's result, at this path.
    One(&'p Path),
    /// The results of a set of files, each at its own place.
    Set,
}

impl Results<'_> {
    fn best_so_far(&self) -> String {
        match self {
            Results::One(path) => format!("the best result so far is in {}", path.display()),
            Results::Set => "the best results so far are kept".to_string(),
        }
    }

    fn inputs(&self) -> &'static str {
        match self {
            Results::One(_) => "the file",
            Results::Set => "the files",
        }
    }

    fn kept(&self) -> String {
        match self {
            Results::One(path) => format!("the result is kept in {}", path.display()),
            Results::Set => "the results are kept".to_string(),
        }
    }
}

impl<'a> Run<'a> {
    /// Builds the oracle and its tester from the command line, and starts the run: the
    /// status line (for an input of `size`), the `-j` warning, the Ctrl-C handler and the
    /// clock of the run limits.
    pub(super) fn start(
        bin: &'a str,
        args: &'a Args,
        builder: CommandOracleBuilder,
        size: Size,
    ) -> Result<(Run<'a>, Tester), Failure> {
        let (oracle, confirming, tester) = oracle_and_tester(builder, args)?;
        let leftovers = LeftoverWarning {
            bin,
            oracle: oracle.clone(),
        };
        let started = Instant::now();
        let progress = Progress::new(Style::detect(args.quiet), args.verbose, size);
        let clear = ClearOnDrop(progress.clone());
        if let Some(warning) = args.jobs_warning() {
            progress.eprintln(&format!("{bin}: {warning}"));
        }
        install_interrupt_handler(tester.interrupt_flag(), progress.clone(), oracle.clone());
        let limits = Limits::start(&tester, args.max_time, args.max_queries);
        let timeout = OnceLock::new();
        if let Some(given) = args.timeout() {
            let _ = timeout.set(Timeout::Given(given));
        }
        let run = Run {
            bin,
            args,
            oracle,
            confirming,
            progress,
            limits,
            timeout,
            started,
            _clear: clear,
            _leftovers: leftovers,
        };
        Ok((run, tester))
    }

    /// The test of `text` (the first file's text of a set), as the tester's checks take it:
    /// asked until either answer leads by `--confirm`'s level ([`Confirming::check`]).
    pub(super) fn test_of(
        &self,
        text: Vec<u8>,
    ) -> impl Fn(&AtomicBool) -> RunReport + Send + 'static {
        let oracle = self.oracle.clone();
        let confirming = self.confirming.clone();
        move |cancel| confirming.check(cancel, || oracle.run(&text, cancel), |r| r.outcome)
    }

    /// Derives the timeout from the original's run `first` (unless `--timeout` gave one):
    /// every later run gets it. Call it once the original's test has ended, before the run
    /// is announced.
    pub(super) fn settle_timeout(&self, first: Option<&RunReport>) {
        if self.timeout.get().is_none() {
            let derived = Timeout::from_original(first);
            self.oracle.set_timeout(derived.limit());
            let _ = self.timeout.set(derived);
        }
    }

    /// The timeout of each run (before [`Run::settle_timeout`], the original's limit).
    pub(super) fn timeout(&self) -> Timeout {
        match self.timeout.get() {
            Some(t) => *t,
            None => Timeout::Given(self.oracle.timeout()),
        }
    }

    /// What the record says of the test: its timeout, the runs that timed out, the runs
    /// each guard failed.
    pub(super) fn oracle_record(&self) -> OracleRecord {
        let timeout = self.timeout();
        let original = match timeout {
            Timeout::Derived { original, .. } => Some(original),
            Timeout::Given(_) => None,
        };
        let o = &self.oracle;
        let counts = o.counts();
        let mut record = OracleRecord::of(&counts, o.guard_names(), timeout.limit(), original);
        record.confirm = self.confirming.times();
        record.flakes = self.confirming.flakes();
        record.flake_rate = match counts.runs {
            0 => 0.0,
            runs => record.flakes as f64 / runs as f64,
        };
        record
    }

    /// The observer of the tester: the status line, the run limits, and once the tester
    /// found the test flaky, the confirmation's automatic level
    /// ([`Confirming::flakiness_seen`]).
    pub(super) fn observer(&self) -> Observer {
        let mut inner = self.limits.observe(self.progress.observer(self.bin));
        let confirming = self.confirming.clone();
        Box::new(move |event, stats| {
            if let Event::Flaky = event {
                confirming.flakiness_seen();
            }
            inner(event, stats)
        })
    }

    /// Goes on if the test found the original (`what` names it) interesting; otherwise ends
    /// the run with the reason (see [`original_verdict`]).
    pub(super) fn check_original(
        &self,
        first: Option<RunReport>,
        tester: &Tester,
        what: &str,
        test: &[OsString],
    ) -> Result<(), Failure> {
        let (progress, limits) = (&self.progress, &self.limits);
        original_verdict(first, tester, progress, what, test, limits)
    }

    /// The writer of the result of `source`, holding its `original` text: with `--in-place`
    /// the input itself, after its original is saved beside it (unless `reduced` is false:
    /// a file of a set that is never reduced needs no backup); otherwise a new file at
    /// `output`.
    pub(super) fn writer(
        &self,
        source: &Path,
        output: &Path,
        original: &[u8],
        reduced: bool,
    ) -> Result<BestWriter, Failure> {
        if self.args.in_place {
            if reduced {
                let backup = write_backup(source, original).map_err(|e| {
                    Failure::usage(format!(
                        "cannot save the original of {}: {e}",
                        source.display()
                    ))
                })?;
                self.progress
                    .println(&format!("original saved as {}", backup.display()));
            }
            return Ok(BestWriter::holding(source.to_path_buf(), original));
        }
        let mut writer = BestWriter::new(output.to_path_buf()).created_like(source);
        if !writer.write(original) {
            return fail(Exit::Usage, writer.error().unwrap_or_default().to_string());
        }
        Ok(writer)
    }

    /// Whether the test still finds `candidate` interesting (one query; the first file's
    /// text of a set, whose other files the caller has set), unless the run was stopped.
    pub(super) fn still_interesting(&self, tester: &mut Tester, candidate: Vec<u8>) -> bool {
        if tester.interrupted() || tester.not_run_cause().is_some() {
            return false;
        }
        let report = tester.check(self.test_of(candidate));
        report.is_some_and(|r| r.outcome.is_interesting()) && !tester.interrupted()
    }

    /// Tests the result once more (see [`final_check`]: the test runs on `result`, after
    /// whatever the caller set up beside it; `earlier` results stand in for one the test
    /// refuses), stops the status line, and says how long the run took.
    pub(super) fn finish(
        &self,
        tester: &mut Tester,
        changed: bool,
        result: &[u8],
        earlier: &[Vec<u8>],
    ) -> Result<(Ending, Duration), Failure> {
        let (progress, limits) = (&self.progress, &self.limits);
        let test_of = |text| self.test_of(text);
        let last = FinalResult { result, earlier };
        let ending = final_check(tester, changed, self.args, progress, limits, last, test_of)?;
        let wall = self.started.elapsed();
        self.progress.finish();
        Ok((ending, wall))
    }

    /// The messages after the summary line: a limit reached, a test that could not be run, a
    /// flaky final check, a result that could not be written. Returns the exit status, a
    /// usage error if the result could not be written.
    pub(super) fn tell_ending(
        &self,
        ending: &Ending,
        write_error: Option<&str>,
        results: Results<'_>,
    ) -> Exit {
        let bin = self.bin;
        if let Some(limit) = self.limits.describe() {
            errln!(
                "{bin}: {limit} reached: the reduction stopped; {}",
                results.best_so_far()
            );
        }
        if let Some(cause) = &ending.not_run {
            errln!(
                "{bin}: the test could not be run, even when tried again: {cause}\n{bin}: the \
                 reduction stopped; {}",
                results.best_so_far()
            );
        }
        // What a flaky test's messages end with.
        let confirm = format!(
            "{bin}: a test that flakes can be asked again before its answers count: \
             --confirm {} (see --help)",
            self.confirming.times().max(2) + 1
        );
        if let Some(why) = &ending.flaky {
            errln!(
                "{bin}: the final result is no longer interesting: {why}\n{bin}: the test is \
                 flaky (or depends on something besides {}); {} but cannot be trusted\n{confirm}",
                results.inputs(),
                results.kept(),
            );
        }
        if let Some((text, why)) = &ending.replaced {
            errln!(
                "{bin}: the final result was refused when asked again: {why}\n{bin}: the test \
                 is flaky (or depends on something besides {}); an earlier result that it \
                 accepted again ({} bytes) was written instead\n{confirm}",
                results.inputs(),
                text.len(),
            );
        }
        match write_error {
            Some(e) => {
                errln!("{bin}: {e}");
                match ending.exit {
                    Exit::Success => Exit::Usage,
                    exit => exit,
                }
            }
            None => ending.exit,
        }
    }

    /// Writes the `--stats` record (`json`) and the `--report` page, each as readable as
    /// `near` (the first input); a failure turns a successful `exit` into a usage error.
    pub(super) fn write_records(
        &self,
        json: String,
        page: Option<String>,
        near: &Path,
        exit: Exit,
    ) -> Exit {
        let written = [(&self.args.stats, Some(json)), (&self.args.report, page)];
        match write_records(self.bin, &written, near) {
            false if exit == Exit::Success => Exit::Usage,
            _ => exit,
        }
    }
}

/// Writes the final `texts` with their `writers` (the results are on disk already, this
/// makes sure of it); the first write error, if any.
pub(super) fn write_results(
    writers: &[Arc<BackgroundWriter>],
    texts: &[Vec<u8>],
) -> Option<String> {
    let mut error = None;
    for (writer, text) in writers.iter().zip(texts) {
        let mut w = writer.finish();
        w.write(text);
        error = error.or_else(|| w.error().map(str::to_string));
    }
    error
}
