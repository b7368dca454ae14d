//! What the user sees while a reduction runs, on stderr: a live status line (indicatif) when
//! stderr is a terminal, plain log lines otherwise (on improvements, at most one a second,
//! and every five seconds), nothing with `-q`, every test's outcome with `-v`.

use crate::console::errln;
use crate::engine::oracle::Outcome;
use crate::engine::stats::Stats;
use crate::engine::tester::{Event, Observer, Source};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Least time between two log lines caused by improvements.
const IMPROVEMENT_LOG_GAP: Duration = Duration::from_secs(1);
/// A log line is printed at least this often while tests go on.
const PERIODIC_LOG_GAP: Duration = Duration::from_secs(5);
/// How often the live status line is redrawn.
const TICK: Duration = Duration::from_millis(200);

/// How progress is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// A live status line (stderr is a terminal).
    Live,
    /// Plain log lines (stderr is a file or a pipe).
    Log,
    /// Nothing but errors (`-q`).
    Quiet,
}

impl Style {
    /// The style for this run: quiet if asked, live on a terminal, log lines otherwise.
    pub fn detect(quiet: bool) -> Style {
        if quiet {
            Style::Quiet
        } else if std::io::stderr().is_terminal() {
            Style::Live
        } else {
            Style::Log
        }
    }
}

/// A size: bytes, and tokens when the reducer knows a grammar.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Size {
    /// Bytes.
    pub bytes: usize,
    /// Lexical tokens (`None` for `reduce-text`).
    pub tokens: Option<usize>,
}

/// One point of the size-over-time curve, as the progress display saw it.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// Seconds since the reduction started.
    pub seconds: f64,
    /// The size then.
    pub size: Size,
    /// The stage that found it, if one was announced.
    pub stage: Option<&'static str>,
    /// For a set of files: the file being reduced.
    pub file: Option<Arc<str>>,
    /// Oracle runs made by then.
    pub queries: u64,
}

/// The counters the status line shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// Oracle runs.
    pub queries: u64,
    /// Tests answered by the cache.
    pub cache_hits: u64,
    /// Candidates the syntax check rejected.
    pub syntax_rejected: u64,
}

impl Counters {
    fn of(stats: &Stats) -> Counters {
        Counters {
            queries: stats.queries,
            cache_hits: stats.cache_hits,
            syntax_rejected: stats.syntax_rejected,
        }
    }
}

struct State {
    style: Style,
    verbose: u8,
    bar: Option<ProgressBar>,
    started: Instant,
    last_log: Option<Instant>,
    original: Size,
    current: Size,
    counters: Counters,
    samples: Vec<Sample>,
    tests: u64,
    /// The stage the reduction is in, as the tester last announced it.
    stage: Option<&'static str>,
    /// For a set of files: the file being reduced.
    file: Option<Arc<str>>,
    finished: bool,
    /// An improvement not logged yet (rate limit).
    pending: bool,
}

/// The progress display, shared by the tester's observer, the best-result sink and the Ctrl-C
/// handler (cheap to clone).
#[derive(Clone)]
pub struct Progress {
    state: Arc<Mutex<State>>,
}

impl Progress {
    /// Starts showing progress of a reduction of an input of size `original`.
    pub fn new(style: Style, verbose: u8, original: Size) -> Progress {
        let bar = (style == Style::Live).then(|| {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
            bar.set_style(
                ProgressStyle::with_template("{spinner} [{elapsed_precise}] {msg}")
                    .unwrap_or_else(|_| ProgressStyle::default_spinner()),
            );
            bar.enable_steady_tick(TICK);
            bar
        });
        let started = Instant::now();
        let p = Progress {
            state: Arc::new(Mutex::new(State {
                style,
                verbose,
                bar,
                started,
                last_log: None,
                original,
                current: original,
                counters: Counters::default(),
                samples: vec![Sample {
                    seconds: 0.0,
                    size: original,
                    stage: None,
                    file: None,
                    queries: 0,
                }],
                tests: 0,
                stage: None,
                file: None,
                finished: false,
                pending: false,
            })),
        };
        p.lock().refresh();
        if style == Style::Log {
            p.start_ticker();
        }
        p
    }

    /// Logs every [`PERIODIC_LOG_GAP`] even while no test finishes (a long oracle run), until
    /// [`Progress::finish`].
    fn start_ticker(&self) {
        let state = Arc::downgrade(&self.state);
        std::thread::spawn(move || loop {
            std::thread::sleep(Duration::from_millis(250));
            let Some(state) = state.upgrade() else { return };
            let mut s = state.lock().unwrap_or_else(|e| e.into_inner());
            if s.finished {
                return;
            }
            let gap = if s.pending {
                IMPROVEMENT_LOG_GAP
            } else {
                PERIODIC_LOG_GAP
            };
            if s.last_log.is_none_or(|t| t.elapsed() >= gap) {
                s.log();
            }
        });
    }

    /// Sets the original's size once it is fully known (its tokens after the parse).
    pub fn set_original(&self, original: Size) {
        let mut s = self.lock();
        s.original = original;
        s.current = original;
        if let Some(first) = s.samples.first_mut() {
            first.size = original;
        }
        s.refresh();
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Records a new best result, found at `found`. When the original's size has tokens, the
    /// display waits for the tree's own count of the result ([`Event::Measured`]), so that
    /// progress, summary and `--stats` count tokens alike.
    pub fn improved(&self, size: Size, found: Instant) {
        let mut s = self.lock();
        let seconds = found.saturating_duration_since(s.started).as_secs_f64();
        let (stage, file, queries) = (s.stage, s.file.clone(), s.counters.queries);
        s.samples.push(Sample {
            seconds,
            size,
            stage,
            file,
            queries,
        });
        if s.original.tokens.is_none() {
            s.show_best(size);
        }
    }

    /// The tester's observer: counts tests, prints them with `-v`, logs periodically; its
    /// warnings begin with `bin`, the program's name.
    pub fn observer(&self, bin: &str) -> Observer {
        let p = self.clone();
        let flaky = format!(
            "{bin}: warning: the test answered differently when asked again about one text: \
             it is flaky; refused edits are no longer remembered, acceptances are confirmed \
             (see --confirm), and each stage's result is asked about again"
        );
        Box::new(move |event: &Event, stats: &Stats| {
            let mut s = p.lock();
            s.counters = Counters::of(stats);
            if let Event::Stage { name } = *event {
                s.stage = Some(name);
            }
            if let Event::Flaky = *event {
                // Shown even when quiet: the user's test answers differently for one text.
                s.eprintln(&flaky);
            }
            if let Event::Measured { bytes, tokens } = *event {
                let size = Size {
                    bytes,
                    tokens: Some(tokens),
                };
                if size != s.current {
                    // A set's sizes are its files' sizes: the samples come from here.
                    if s.file.is_some() {
                        let sample = Sample {
                            seconds: s.started.elapsed().as_secs_f64(),
                            size,
                            stage: s.stage,
                            file: s.file.clone(),
                            queries: s.counters.queries,
                        };
                        s.samples.push(sample);
                    }
                    s.show_best(size);
                }
            }
            if let Event::Tested {
                outcome,
                source,
                bytes,
                elapsed,
            } = *event
            {
                s.tests += 1;
                let shown = match source {
                    Source::Oracle => s.verbose >= 1,
                    Source::Cache | Source::Syntax | Source::Memory => s.verbose >= 2,
                };
                if shown {
                    let line = describe_test(s.tests, outcome, source, bytes, elapsed);
                    s.println(&line);
                }
            }
            s.refresh();
            if s.last_log.is_none_or(|t| t.elapsed() >= PERIODIC_LOG_GAP) {
                s.log();
            }
        })
    }

    /// For a set of files: the file reduced from now on.
    pub fn set_file(&self, file: &str) {
        let mut s = self.lock();
        s.file = Some(Arc::from(file));
        s.refresh();
    }

    /// Prints a line (above the live status line, if there is one); nothing when quiet.
    pub fn println(&self, line: &str) {
        self.lock().println(line);
    }

    /// Prints a line even when quiet (errors).
    pub fn eprintln(&self, line: &str) {
        self.lock().eprintln(line);
    }

    /// Removes the live status line and stops periodic log lines.
    pub fn finish(&self) {
        let mut s = self.lock();
        s.finished = true;
        if let Some(bar) = s.bar.take() {
            bar.finish_and_clear();
        }
    }

    /// The size-over-time samples seen so far.
    pub fn samples(&self) -> Vec<Sample> {
        self.lock().samples.clone()
    }

    /// The current best size.
    pub fn current(&self) -> Size {
        self.lock().current
    }
}

impl State {
    fn status(&self) -> String {
        let place = match (self.file.as_deref(), self.stage) {
            (Some(f), Some(s)) => format!("{f}, {s}: "),
            (Some(f), None) => format!("{f}: "),
            (None, Some(s)) => format!("{s}: "),
            (None, None) => String::new(),
        };
        format!(
            "{place}{}",
            status_line(self.original, self.current, self.counters)
        )
    }

    /// Shows `size` as the new best: the status line, a `-v` line, a log line when due.
    fn show_best(&mut self, size: Size) {
        self.current = size;
        if self.verbose > 0 {
            let by = match (self.file.as_deref(), self.stage) {
                (Some(f), Some(s)) => format!(" ({f}, {s})"),
                (Some(f), None) => format!(" ({f})"),
                (None, Some(s)) => format!(" ({s})"),
                (None, None) => String::new(),
            };
            let line = format!("new best: {}{by}", describe_size(size));
            self.println(&line);
        }
        self.refresh();
        let due = self
            .last_log
            .is_none_or(|t| t.elapsed() >= IMPROVEMENT_LOG_GAP);
        if due {
            self.log();
        } else {
            self.pending = true;
        }
    }

    fn refresh(&self) {
        if let Some(bar) = &self.bar {
            bar.set_message(self.status());
        }
    }

    /// Prints a line even when quiet.
    fn eprintln(&self, line: &str) {
        match &self.bar {
            Some(bar) => bar.suspend(|| errln!("{line}")),
            None => errln!("{line}"),
        }
    }

    fn println(&self, line: &str) {
        match (&self.bar, self.style) {
            (_, Style::Quiet) => {}
            (Some(bar), _) => bar.println(line),
            (None, _) => errln!("{line}"),
        }
    }

    /// A plain log line (log style only).
    fn log(&mut self) {
        if self.style == Style::Log {
            self.last_log = Some(Instant::now());
            self.pending = false;
            let secs = self.started.elapsed().as_secs_f64();
            errln!("[{secs:7.1}s] {}", self.status());
        }
    }
}

fn describe_size(size: Size) -> String {
    match size.tokens {
        Some(t) => format!("{t} tokens, {} bytes", size.bytes),
        None => format!("{} bytes", size.bytes),
    }
}

/// One `-v` line: test number, candidate size, outcome, where it came from.
pub fn describe_test(
    n: u64,
    outcome: Outcome,
    source: Source,
    bytes: usize,
    elapsed: Duration,
) -> String {
    let verdict = match outcome {
        Outcome::Interesting => "interesting",
        Outcome::NotInteresting => "not interesting",
        Outcome::Unresolved => "unresolved (timeout or signal)",
        Outcome::NotRun => "could not be run",
    };
    match source {
        Source::Oracle => format!(
            "test {n}: {bytes} bytes: {verdict} ({:.3}s)",
            elapsed.as_secs_f64()
        ),
        Source::Cache => format!("test {n}: {bytes} bytes: {verdict} (cached)"),
        Source::Syntax => format!("test {n}: rejected by the syntax check"),
        Source::Memory => format!("test {n}: {bytes} bytes: {verdict} (an edit refused before)"),
    }
}

/// The status text: current size against the original, share removed, queries, cache hits.
pub fn status_line(original: Size, current: Size, c: Counters) -> String {
    let (tokens, syntax) = match (original.tokens, current.tokens) {
        (Some(o), Some(t)) => (
            format!("{t}/{o} tokens, "),
            format!(", {} syntax-rejected", c.syntax_rejected),
        ),
        _ => (String::new(), String::new()),
    };
    let (now, was) = match (original.tokens, current.tokens) {
        (Some(o), Some(t)) => (t, o),
        _ => (current.bytes, original.bytes),
    };
    format!(
        "{tokens}{}/{} bytes ({:.1}% removed), {} queries, {} cache hits{syntax}",
        current.bytes,
        original.bytes,
        removed_percent(was, now),
        c.queries,
        c.cache_hits,
    )
}

/// How much of `was` is gone in `now`, in percent.
pub fn removed_percent(was: usize, now: usize) -> f64 {
    if was == 0 {
        0.0
    } else {
        100.0 * (was.saturating_sub(now)) as f64 / was as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_line_shows_sizes_share_and_counters() {
        let o = Size {
            bytes: 1000,
            tokens: Some(200),
        };
        let c = Size {
            bytes: 100,
            tokens: Some(50),
        };
        let counters = Counters {
            queries: 12,
            cache_hits: 3,
            syntax_rejected: 4,
        };
        let s = status_line(o, c, counters);
        assert_eq!(
            s,
            "50/200 tokens, 100/1000 bytes (75.0% removed), 12 queries, 3 cache hits, 4 syntax-rejected"
        );
        let text = status_line(
            Size {
                bytes: 10,
                tokens: None,
            },
            Size {
                bytes: 1,
                tokens: None,
            },
            Counters::default(),
        );
        assert_eq!(text, "1/10 bytes (90.0% removed), 0 queries, 0 cache hits");
        assert_eq!(removed_percent(0, 0), 0.0);
    }

    #[test]
    fn test_lines_name_the_source() {
        let d = Duration::from_millis(12);
        assert_eq!(
            describe_test(3, Outcome::NotInteresting, Source::Oracle, 40, d),
            "test 3: 40 bytes: not interesting (0.012s)"
        );
        assert!(describe_test(1, Outcome::Interesting, Source::Cache, 4, d).ends_with("(cached)"));
        assert!(describe_test(1, Outcome::NotInteresting, Source::Syntax, 0, d).contains("syntax"));
    }

    #[test]
    fn quiet_progress_records_samples_and_shows_the_tree_s_token_count() {
        let p = Progress::new(
            Style::Quiet,
            0,
            Size {
                bytes: 10,
                tokens: Some(3),
            },
        );
        let mut obs = p.observer("reduce-toy");
        let stats = Stats::default();
        obs(
            &Event::Tested {
                outcome: Outcome::Interesting,
                source: Source::Oracle,
                bytes: 5,
                elapsed: Duration::ZERO,
            },
            &stats,
        );
        // The writer's text-only count is not shown: the tree's count is, as in the summary.
        p.improved(
            Size {
                bytes: 5,
                tokens: None,
            },
            Instant::now(),
        );
        assert_eq!(p.current().bytes, 10);
        obs(
            &Event::Measured {
                bytes: 5,
                tokens: 2,
            },
            &stats,
        );
        p.finish();
        let samples = p.samples();
        assert_eq!(samples.len(), 2);
        assert_eq!(samples[1].size.bytes, 5);
        assert_eq!(
            p.current(),
            Size {
                bytes: 5,
                tokens: Some(2)
            }
        );
    }
}
