//! A started run: waiting for the program in its own process group (timeout, `cancel`), then
//! killing what it left running, starting the run's next command if there is one and the
//! last one passed its check ([`steps`](super::steps)), and cleaning up.

use super::live::LiveRun;
use super::report::{Reports, RunError, RunReport};
use super::signals::{kill_group, signal_session, terminate_group};
use super::stderr::{text_tail, wait_readable, PipeReader, Tail};
use super::steps::{Check, Planned};
use super::{lock, CAPTURE_BYTES, STDERR_TAIL_BYTES};
use super::{spawn, spawn_failure};
use crate::engine::oracle::expect::{Ending, Expectations};
use crate::engine::oracle::run_dir::RunDir;
use crate::engine::oracle::{sys, Finished, Outcome, StartedTest};
use std::ffi::OsString;
use std::os::unix::process::ExitStatusExt;
use std::path::PathBuf;
use std::process::Child;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Sender};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// How long a program killed on timeout or cancellation has, after SIGTERM, to end before
/// SIGKILL (`srun` needs a moment to cancel its job step).
const TERM_GRACE: Duration = Duration::from_secs(2);

/// First pause of the waiting loop; it doubles up to [`MAX_POLL`].
const MIN_POLL: Duration = Duration::from_millis(1);
/// Longest pause of the waiting loop: it bounds the reaction time to the timeout and to
/// `cancel` (a speculative run past the winner of a list is reaped within this time, while
/// the next list waits for a free worker), at about 200 wake-ups a second per long run.
const MAX_POLL: Duration = Duration::from_millis(5);
/// At most this many reads from stderr between two checks of the clock and the flag.
const READS_PER_ROUND: usize = 16;
/// At most this many reads of a captured stream once the program has ended (enough for
/// [`CAPTURE_BYTES`] in full).
const CAPTURE_READS: usize = CAPTURE_BYTES / 4096 + 16;

/// A run whose program has been started ([`CommandOracle::launch`](super::CommandOracle::launch)).
#[derive(Debug)]
pub struct Launched {
    pub(super) start: Instant,
    /// The run's temporary directory, once made.
    pub(super) dir: Option<RunDir>,
    /// The run's place among the oracle's runs going on, once its directory is made.
    pub(super) live: Option<LiveRun>,
    pub(super) keep_temps: bool,
    pub(super) timeout: Option<Duration>,
    /// The running program, or the report of why none runs.
    pub(super) child: Result<Child, RunReport>,
    /// When the program exited, as seen by a thread that waits for nothing else.
    pub(super) exit_stamp: Option<ExitStamp>,
    /// The conditions of a built test, which decide the outcome instead of exit status 0.
    pub(super) expect: Option<Arc<Expectations>>,
    pub(super) reports: Arc<Mutex<Reports>>,
    /// The run's commands after the first.
    pub(super) sequel: Sequel,
}

/// What a run needs to start its next commands in the same directory.
#[derive(Debug)]
pub(super) struct Sequel {
    /// Every command of a run.
    pub(super) plan: Arc<[Planned]>,
    /// The next command to start.
    pub(super) next: usize,
    /// The candidate's paths.
    pub(super) files: Vec<PathBuf>,
    /// The oracle's environment.
    pub(super) env: Arc<[(OsString, OsString)]>,
    pub(super) exits: Arc<ExitWatcher>,
    /// The stdout the later commands are compared with, once a [`Check::Reference`] ran.
    pub(super) reference: Option<Vec<u8>>,
}

impl Launched {
    /// Waits for the program (killing it on timeout or when `cancel` is raised), cleans up
    /// and tells everything about the run.
    pub fn wait(self, cancel: &AtomicBool) -> RunReport {
        let Launched {
            start,
            dir,
            live,
            keep_temps,
            timeout,
            child,
            exit_stamp,
            expect,
            reports,
            mut sequel,
        } = self;
        let deadline = timeout.and_then(|t| start.checked_add(t));
        let mut report = match child {
            Ok(child) => {
                let waiting = Waiting {
                    live: live.as_ref(),
                    deadline,
                    start,
                    exit_stamp,
                    expect: expect.as_deref(),
                };
                run_commands(child, waiting, &mut sequel, dir.as_ref(), cancel)
            }
            Err(report) => report,
        };
        report.limit = timeout;
        let cleanup = Instant::now();
        let mut leftover = None;
        if let Some(dir) = dir {
            if keep_temps {
                report.kept_dir = Some(dir.keep());
            } else {
                // A directory the program made unremovable is not worth failing the run for:
                // it is counted, for a warning.
                leftover = dir.remove().err();
            }
        }
        drop(live);
        // The run's time: until the program ended, plus the clean-up.
        report.elapsed += cleanup.elapsed();
        let mut reports = lock(&reports);
        reports.record(&report);
        if let Some((path, e)) = leftover {
            reports.leftovers.count += 1;
            reports.leftovers.first.get_or_insert((path, e.to_string()));
        }
        report
    }
}

impl StartedTest for Launched {
    fn finish(self: Box<Self>, cancel: &AtomicBool) -> Finished {
        let start = self.start;
        let report = self.wait(cancel);
        Finished {
            outcome: report.outcome,
            ended: start + report.elapsed,
        }
    }
}

/// The moment a program exited, recorded by the oracle's [`ExitWatcher`]: the thread that
/// will reap the program may be busy elsewhere when it exits (the tester prepares the next
/// candidate while a run goes), and its first look would then book that work as the
/// program's time.
#[derive(Debug)]
pub(super) struct ExitStamp(Arc<OnceLock<Instant>>);

impl ExitStamp {
    /// The earlier of the recorded exit and `observed` (when the reaper saw the exit).
    fn exited(&self, observed: Instant) -> Instant {
        self.0.get().map_or(observed, |&t| t.min(observed))
    }
}

/// One thread per oracle that waits (without reaping) for each started program in turn and
/// stamps its exit. Runs that overlap are stamped late or not at all, which the reaper's own
/// observation bounds ([`ExitStamp::exited`]); those are the pooled runs, whose reapers wait
/// at once. Handing a pid over costs a channel send, not a thread start, on the path that
/// launches every run.
#[derive(Debug, Default)]
pub(super) struct ExitWatcher {
    programs: Mutex<Option<Sender<Watched>>>,
}

/// A started program the watcher waits for, and where its exit goes.
#[derive(Debug)]
struct Watched {
    pid: libc::pid_t,
    stamp: Arc<OnceLock<Instant>>,
}

impl ExitWatcher {
    /// Starts watching the child `pid`. `None` if the watching thread cannot be started.
    pub(super) fn watch(&self, pid: libc::pid_t) -> Option<ExitStamp> {
        let stamp = Arc::new(OnceLock::new());
        let mut programs = lock(&self.programs);
        if programs.is_none() {
            let (send, receive) = channel::<Watched>();
            std::thread::Builder::new()
                .name("exit-stamp".to_string())
                .stack_size(64 * 1024)
                .spawn(move || {
                    for Watched { pid, stamp } in receive {
                        // Fails (ECHILD) when the program was reaped first: no stamp.
                        if let Ok(true) = sys::wait_exit(pid, false) {
                            let _ = stamp.set(Instant::now());
                        }
                    }
                })
                .ok()?;
            *programs = Some(send);
        }
        let watched = Watched {
            pid,
            stamp: stamp.clone(),
        };
        programs.as_ref()?.send(watched).ok()?;
        Some(ExitStamp(stamp))
    }
}

/// One output stream of the program: its pipe while open, and what is kept of it.
struct Stream {
    reader: Option<PipeReader>,
    tail: Tail,
}

impl Stream {
    fn new(pipe: Option<impl Into<std::os::fd::OwnedFd>>, cap: usize) -> Stream {
        Stream {
            reader: pipe.map(PipeReader::new),
            tail: Tail::new(cap),
        }
    }

    /// Reads what is there (at most `max_reads` chunks); the pipe goes at end of file.
    fn drain(&mut self, max_reads: usize) {
        if let Some(reader) = self.reader.as_mut() {
            if reader.drain(&mut self.tail, max_reads) {
                self.reader = None;
            }
        }
    }
}

/// What waiting for a started program needs besides the program.
struct Waiting<'a> {
    /// The run's place among the oracle's runs going on.
    live: Option<&'a LiveRun>,
    /// When the run (all its commands) times out.
    deadline: Option<Instant>,
    /// When the run started (its directory made, before the program).
    start: Instant,
    exit_stamp: Option<ExitStamp>,
    /// The conditions of a built test, which decide the outcome instead of exit status 0.
    expect: Option<&'a Expectations>,
}

/// How the wait for a program ended.
#[derive(Default)]
struct Waited {
    /// When the program exited, if it did.
    exited: Option<Instant>,
    timed_out: bool,
    cancelled: bool,
    /// Why the program could not be waited for.
    error: Option<String>,
}

/// Waits for the run's first command `child`, then starts and waits for each next one
/// while the last passed its check (see [`steps`](super::steps)), and reports on the run.
fn run_commands(
    mut child: Child,
    mut waiting: Waiting<'_>,
    sequel: &mut Sequel,
    dir: Option<&RunDir>,
    cancel: &AtomicBool,
) -> RunReport {
    loop {
        let step = &sequel.plan[sequel.next - 1];
        let expect = waiting.expect.filter(|_| step.check == Check::Test);
        let (mut report, stdout, stderr) = wait_for(child, &waiting, expect, cancel);
        if report.error.is_some() || report.cancelled {
            return report;
        }
        match step.check {
            Check::Test => {
                judge(&mut report, expect, &stdout, &stderr);
                return report;
            }
            check => {
                let passed = passes(check, &report, &stdout, sequel.reference.as_deref());
                if let Err(why) = passed {
                    report.outcome = match report.timed_out {
                        true => Outcome::Unresolved,
                        false => Outcome::NotInteresting,
                    };
                    report.failed_guard = step.guard;
                    report.unmet = Some(format!("{}: {why}", step.label));
                    return report;
                }
                if check == Check::Reference {
                    sequel.reference = Some(stdout);
                }
                if check == Check::OtherOutput || sequel.next == sequel.plan.len() {
                    report.outcome = Outcome::Interesting;
                    return report;
                }
            }
        }
        // The next command, in the same directory.
        let (Some(dir), Some(live)) = (dir, waiting.live) else {
            return report;
        };
        let step = &sequel.plan[sequel.next];
        sequel.next += 1;
        let stdout = step.check.reads_stdout()
            || (step.check == Check::Test
                && waiting.expect.is_some_and(Expectations::reads_stdout));
        child = match spawn(step, &sequel.files, dir, live, &sequel.env, stdout) {
            Ok(child) => child,
            Err(e) => return spawn_failure(step, e, waiting.start),
        };
        waiting.exit_stamp = sequel.exits.watch(child.id() as libc::pid_t);
    }
}

/// Whether the run of a command checked by `check` (not [`Check::Test`]) passed: `Err`
/// says why not.
fn passes(
    check: Check,
    report: &RunReport,
    stdout: &[u8],
    reference: Option<&[u8]>,
) -> Result<(), String> {
    if report.timed_out {
        return Err("it ran into the timeout".to_string());
    }
    if report.exit_code != Some(0) {
        return Err(format!("it ended with {}", report.describe()));
    }
    let same = reference.map(|r| r == stdout);
    match (check, same) {
        (Check::SameOutput, Some(false)) => {
            Err("its output differs from the unsanitised run's".to_string())
        }
        (Check::OtherOutput, Some(true)) => Err("it prints what the first printed".to_string()),
        _ => Ok(()),
    }
}

/// Waits for the started program `child` and reports on it (its outcome unresolved until
/// judged), with its stdout and stderr as far as they were captured.
fn wait_for(
    mut child: Child,
    waiting: &Waiting<'_>,
    expect: Option<&Expectations>,
    cancel: &AtomicBool,
) -> (RunReport, Vec<u8>, Vec<u8>) {
    // The child is the leader of its own process group: its pid is the group's id.
    let pgid = child.id() as libc::pid_t;
    let stderr_cap = match expect.is_some_and(Expectations::reads_stderr) {
        true => CAPTURE_BYTES,
        false => STDERR_TAIL_BYTES,
    };
    let mut streams = [
        Stream::new(child.stderr.take(), stderr_cap),
        Stream::new(child.stdout.take(), CAPTURE_BYTES),
    ];
    let exit_stamp = waiting.exit_stamp.as_ref();
    let mut waited = watch(pgid, &mut streams, waiting.deadline, cancel, exit_stamp);
    end_group(pgid, waited.timed_out || waited.cancelled);
    if let Some(live) = waiting.live {
        live.reaping();
    }
    let status = child.wait();
    let [stderr, stdout] = drain_all(streams);
    let (stderr_tail, stderr_truncated) = text_tail(&stderr.0, STDERR_TAIL_BYTES, stderr.1);
    let mut report = RunReport {
        outcome: Outcome::Unresolved,
        exit_code: None,
        signal: None,
        timed_out: waited.timed_out,
        cancelled: waited.cancelled,
        stderr_tail,
        stderr_truncated,
        // Until the program ended: its exit, or the kill.
        elapsed: (waited.exited)
            .unwrap_or_else(Instant::now)
            .saturating_duration_since(waiting.start),
        error: None,
        kept_dir: None,
        unmet: None,
        limit: None,
        failed_guard: None,
    };
    match status {
        Ok(status) => {
            report.exit_code = status.code();
            report.signal = status.signal();
        }
        Err(e) => waited.error = waited.error.or_else(|| Some(e.to_string())),
    }
    if let Some(msg) = waited.error {
        report.error = Some(RunError::Wait(msg));
    }
    (report, stdout.0, stderr.0)
}

/// Waits until the program of group `pgid` exits, `cancel` is raised or the `deadline`
/// passes, reading its output `streams` meanwhile so that it never blocks on a full pipe.
fn watch(
    pgid: libc::pid_t,
    streams: &mut [Stream; 2],
    deadline: Option<Instant>,
    cancel: &AtomicBool,
    exit_stamp: Option<&ExitStamp>,
) -> Waited {
    let mut pause = MIN_POLL;
    loop {
        // Checked without reaping, so the group id cannot be reused before the kill.
        match sys::wait_exit(pgid, true) {
            Ok(true) => {
                let observed = Instant::now();
                let exited = exit_stamp.map_or(observed, |s| s.exited(observed));
                return Waited {
                    exited: Some(exited),
                    ..Waited::default()
                };
            }
            Ok(false) => {}
            Err(e) => {
                return Waited {
                    error: Some(e.to_string()),
                    ..Waited::default()
                }
            }
        }
        if cancel.load(Ordering::SeqCst) {
            return Waited {
                cancelled: true,
                ..Waited::default()
            };
        }
        let now = Instant::now();
        let mut nap = pause;
        if let Some(deadline) = deadline {
            if now >= deadline {
                return Waited {
                    timed_out: true,
                    ..Waited::default()
                };
            }
            nap = nap.min(deadline - now);
        }
        // Wakes up early when the program writes or closes a pipe (often at exit).
        let open: Vec<&PipeReader> = streams.iter().filter_map(|s| s.reader.as_ref()).collect();
        if wait_readable(&open, nap) {
            for s in streams.iter_mut() {
                s.drain(READS_PER_ROUND);
            }
        }
        pause = (pause * 2).min(MAX_POLL);
    }
}

/// Ends what is left of the run's processes. A run `cut_short` (timeout, cancellation) is
/// asked to end first: a launcher such as `srun` forwards SIGTERM and ends the job step it
/// started on another node, which a SIGKILL of the launcher would leave running; such a run
/// also ends the processes of its session that left the group (`timeout 60 rustc …` in a
/// script puts rustc in a group of its own, which would go on running after the script is
/// killed and write into the run's directory once it is removed). Then SIGKILL to the
/// group: after a normal exit it ends whatever the program left running (a background
/// `sleep`).
fn end_group(pgid: libc::pid_t, cut_short: bool) {
    if cut_short {
        signal_session(pgid, libc::SIGTERM);
        terminate_group(pgid, TERM_GRACE);
        signal_session(pgid, libc::SIGKILL);
    }
    kill_group(pgid);
}

/// What is left in each pipe, and each stream's bytes (with whether its start was cut).
/// Never waits for a writer that escaped the group; a captured stream gets more reads: its
/// whole content counts.
fn drain_all(streams: [Stream; 2]) -> [(Vec<u8>, bool); 2] {
    streams.map(|mut s| {
        let reads = if s.tail.capacity() > STDERR_TAIL_BYTES {
            CAPTURE_READS
        } else {
            READS_PER_ROUND * 8
        };
        s.drain(reads);
        s.tail.into_bytes()
    })
}

/// The outcome of a run that ended (or timed out): decided by `expect` if given, otherwise
/// by exit status 0.
fn judge(report: &mut RunReport, expect: Option<&Expectations>, stdout: &[u8], stderr: &[u8]) {
    if let Some(expect) = expect {
        let verdict = expect.judge(&Ending {
            exit_code: report.exit_code,
            signal: report.signal,
            timed_out: report.timed_out,
            stdout,
            stderr,
        });
        report.outcome = verdict.outcome;
        report.unmet = verdict.unmet;
    } else if !report.timed_out {
        report.outcome = match report.exit_code {
            Some(0) => Outcome::Interesting,
            Some(_) => Outcome::NotInteresting,
            None => Outcome::Unresolved,
        };
    }
}
