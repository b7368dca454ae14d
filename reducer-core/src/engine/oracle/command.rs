//! Runs the user's interestingness test as a program, C-Reduce / C-Vise style.
//!
//! Each run of a [`CommandOracle`]:
//!
//! 1. creates a fresh private (0700) temporary directory (under the system temp dir unless
//!    told otherwise), with a `TMPDIR` of its own inside ([`run_dir`](super::run_dir));
//! 2. writes the candidate there under the input's file name (e.g. `bug.c`);
//! 3. starts `launcher... command... /abs/tmpdir/bug.c` (an argv vector, never a shell
//!    string) with that directory as working directory, `TMPDIR` set to the run's own, stdin
//!    from `/dev/null`, stdout discarded and the tail of stderr kept; the program runs in its
//!    own process group;
//! 4. waits for it, checking the timeout and the `cancel` flag; on timeout or cancellation the
//!    whole process group is killed (`SIGKILL`), grandchildren included. Once the program
//!    has exited, whatever it left running in its process group is killed as well;
//! 5. removes the directory (read-only subdirectories included), unless told to keep it;
//!    what cannot be removed is counted ([`CommandOracle::leftovers`]).
//!
//! Exit status 0 means [`Outcome::Interesting`], any other exit status
//! [`Outcome::NotInteresting`]; a timeout, a death by signal or a cancellation give
//! [`Outcome::Unresolved`]. A run that could not happen at all (no temporary directory, the
//! candidate not written, the program missing, not executable or naming a missing
//! interpreter in its `#!` line) gives [`Outcome::NotRun`]: it says nothing about the
//! candidate. [`CommandOracle::run`] returns the whole
//! story as a [`RunReport`] (exit code, signal, stderr tail, error), e.g. to explain why the
//! original input is not interesting.
//!
//! ```no_run
//! use reducer_core::oracle::command::CommandOracle;
//! use std::sync::atomic::AtomicBool;
//! use std::time::Duration;
//!
//! let oracle = CommandOracle::builder(["./oracle.sh"], "bug.c")
//!     .timeout(Duration::from_secs(10))
//!     .build()
//!     .unwrap();
//! let report = oracle.run(b"int main() {}", &AtomicBool::new(false));
//! if let Some(err) = report.error.as_ref().filter(|e| e.is_spawn()) {
//!     eprintln!("cannot run the test script: {err}");
//! }
//! ```
//!
//! Unix only (process groups, `kill`, `waitid`).

use super::run_dir::RunDir;
use super::{Finished, Oracle, Outcome, StartedTest};
use std::ffi::{OsStr, OsString};
use std::fmt;
use std::io::{self, Read};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::io::AsRawFd;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStderr, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// How many bytes of the program's stderr a [`RunReport`] keeps (the last ones).
pub const STDERR_TAIL_BYTES: usize = 4096;

/// The timeout of a [`CommandOracle`] unless the builder sets another one.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(300);

/// Prefix of the name of every temporary directory, so that kept ones are easy to find.
pub const TEMP_DIR_PREFIX: &str = "reducer-";

/// First pause of the waiting loop; it doubles up to [`MAX_POLL`].
const MIN_POLL: Duration = Duration::from_millis(1);
/// Longest pause of the waiting loop: it bounds the reaction time to the timeout and to
/// `cancel` (a speculative run past the winner of a list is reaped within this time, while
/// the next list waits for a free worker), at about 200 wake-ups a second per long run.
const MAX_POLL: Duration = Duration::from_millis(5);
/// Size of one read from the stderr pipe.
const READ_CHUNK: usize = 8192;
/// At most this many reads from stderr between two checks of the clock and the flag.
const READS_PER_ROUND: usize = 16;
/// How often starting the program is retried when the kernel says "text file busy".
const SPAWN_RETRIES: u32 = 5;

/// Why a [`CommandOracleBuilder`] could not build an oracle.
#[derive(Debug)]
pub enum ConfigError {
    /// The command has no program (empty argv).
    EmptyCommand,
    /// The input's file name has no usable last component (empty, `/`, `..`, …).
    BadFileName(OsString),
    /// A relative path had to be resolved but the current directory is unknown.
    CurrentDir(io::Error),
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfigError::EmptyCommand => write!(f, "the test command is empty"),
            ConfigError::BadFileName(name) => {
                write!(f, "unusable input file name {:?}", Path::new(name))
            }
            ConfigError::CurrentDir(e) => {
                write!(f, "cannot determine the current directory: {e}")
            }
        }
    }
}

impl std::error::Error for ConfigError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ConfigError::CurrentDir(e) => Some(e),
            _ => None,
        }
    }
}

/// Why a run did not get as far as an exit status.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunError {
    /// The temporary directory could not be created or the candidate not written.
    Setup(String),
    /// The program could not be started (missing, not executable, …): the user's command is
    /// wrong, not the candidate.
    Spawn {
        /// The program that was to be started (the launcher's, if there is one).
        program: PathBuf,
        /// The kind of the operating system's error.
        kind: io::ErrorKind,
        /// The operating system's message.
        message: String,
        /// The interpreter named by the program's `#!` line, when that is what is missing
        /// (the system then reports the script itself as not found).
        missing_interpreter: Option<PathBuf>,
    },
    /// Waiting for the program failed.
    Wait(String),
}

impl RunError {
    /// Whether the program could not be started at all.
    pub fn is_spawn(&self) -> bool {
        matches!(self, RunError::Spawn { .. })
    }
}

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunError::Setup(m) => write!(f, "{m}"),
            RunError::Spawn {
                program,
                missing_interpreter: Some(interpreter),
                ..
            } => write!(
                f,
                "{}: its #! line names the interpreter {}, which does not exist",
                program.display(),
                interpreter.display()
            ),
            RunError::Spawn {
                program, message, ..
            } => write!(f, "{}: {message}", program.display()),
            RunError::Wait(m) => write!(f, "waiting for the test program failed: {m}"),
        }
    }
}

impl std::error::Error for RunError {}

/// Everything known about one run of the test program.
#[derive(Clone, Debug)]
pub struct RunReport {
    /// The verdict.
    pub outcome: Outcome,
    /// The exit code, if the program exited normally.
    pub exit_code: Option<i32>,
    /// The signal that ended the program, if one did (`SIGKILL` after a timeout or a
    /// cancellation).
    pub signal: Option<i32>,
    /// The run took longer than the timeout and was killed.
    pub timed_out: bool,
    /// The `cancel` flag was raised during the run, which was then killed.
    pub cancelled: bool,
    /// The last (at most [`STDERR_TAIL_BYTES`]) bytes the program wrote to stderr, decoded
    /// lossily as UTF-8.
    pub stderr_tail: String,
    /// Stderr was longer than what `stderr_tail` keeps.
    pub stderr_truncated: bool,
    /// Wall-clock time of the whole run (directory set-up and clean-up included).
    pub elapsed: Duration,
    /// Set when the run failed before an exit status could be had: the outcome is then
    /// [`Outcome::NotRun`] for a [`RunError::Setup`] or [`RunError::Spawn`],
    /// [`Outcome::Unresolved`] for a [`RunError::Wait`].
    pub error: Option<RunError>,
    /// The temporary directory, when it was kept (`keep_temps`).
    pub kept_dir: Option<PathBuf>,
}

impl RunReport {
    /// The report of a run that could not be run at all.
    fn not_run(error: RunError, start: Instant) -> RunReport {
        RunReport {
            outcome: Outcome::NotRun,
            exit_code: None,
            signal: None,
            timed_out: false,
            cancelled: false,
            stderr_tail: String::new(),
            stderr_truncated: false,
            elapsed: start.elapsed(),
            error: Some(error),
            kept_dir: None,
        }
    }

    /// Whether the program could not be started at all (a wrong command, not a wrong
    /// candidate), e.g. to say "cannot run the test script: …".
    pub fn is_spawn_error(&self) -> bool {
        self.error.as_ref().is_some_and(RunError::is_spawn)
    }

    /// A short human-readable account of how the run ended, e.g. "exit status 1",
    /// "timed out after 5.000s", "killed by signal 11".
    pub fn describe(&self) -> String {
        if let Some(e) = &self.error {
            if e.is_spawn() {
                return format!("cannot run the test program: {e}");
            }
            return e.to_string();
        }
        if self.timed_out {
            return format!("timed out after {:.3}s", self.elapsed.as_secs_f64());
        }
        if self.cancelled {
            return "cancelled".to_string();
        }
        match (self.exit_code, self.signal) {
            (Some(c), _) => format!("exit status {c}"),
            (None, Some(s)) => format!("killed by signal {s}"),
            (None, None) => "ended in an unknown way".to_string(),
        }
    }
}

/// Sets up a [`CommandOracle`]; made by [`CommandOracle::builder`].
#[derive(Clone, Debug)]
pub struct CommandOracleBuilder {
    command: Vec<OsString>,
    file_name: OsString,
    launcher: Vec<OsString>,
    timeout: Option<Duration>,
    keep_temps: bool,
    temp_base: Option<PathBuf>,
    env: Vec<(OsString, OsString)>,
}

impl CommandOracleBuilder {
    /// Puts `launcher` (program and arguments, e.g. `["srun", "-n1"]`, `["nice", "-n", "10"]`)
    /// in front of the command. Empty means none (the default).
    pub fn launcher<I, S>(mut self, launcher: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<OsString>,
    {
        self.launcher = launcher.into_iter().map(Into::into).collect();
        self
    }

    /// Kills a run after `timeout` and counts it [`Outcome::Unresolved`] (default
    /// [`DEFAULT_TIMEOUT`]).
    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.timeout = Some(timeout);
        self
    }

    /// Lets runs take as long as they take (only the `cancel` flag stops them).
    pub fn no_timeout(mut self) -> Self {
        self.timeout = None;
        self
    }

    /// Keeps every temporary directory for debugging instead of removing it (default
    /// false); [`RunReport::kept_dir`] tells where each one is.
    pub fn keep_temps(mut self, keep: bool) -> Self {
        self.keep_temps = keep;
        self
    }

    /// Creates the temporary directories under `base` instead of the system temp dir. A
    /// relative `base` is taken relative to the current directory at [`build`](Self::build)
    /// time.
    pub fn temp_dir(mut self, base: impl Into<PathBuf>) -> Self {
        self.temp_base = Some(base.into());
        self
    }

    /// Sets an environment variable for the program (on top of the inherited environment).
    pub fn env(mut self, key: impl Into<OsString>, value: impl Into<OsString>) -> Self {
        self.env.push((key.into(), value.into()));
        self
    }

    /// Sets several environment variables for the program, like [`env`](Self::env).
    pub fn envs<I, K, V>(mut self, vars: I) -> Self
    where
        I: IntoIterator<Item = (K, V)>,
        K: Into<OsString>,
        V: Into<OsString>,
    {
        self.env
            .extend(vars.into_iter().map(|(k, v)| (k.into(), v.into())));
        self
    }

    /// Builds the oracle. Relative program paths that contain a `/` (e.g. `./oracle.sh`),
    /// for the command and for the launcher, are resolved against the current directory
    /// now, since the program runs in a temporary directory; bare names (`python3`) are
    /// left to the `PATH` search.
    pub fn build(self) -> Result<CommandOracle, ConfigError> {
        if self.command.is_empty() {
            return Err(ConfigError::EmptyCommand);
        }
        let file_name = match Path::new(&self.file_name).file_name() {
            Some(name) => name.to_os_string(),
            None => return Err(ConfigError::BadFileName(self.file_name)),
        };
        let mut cwd: Option<PathBuf> = None;
        let mut cwd = || -> Result<PathBuf, ConfigError> {
            if cwd.is_none() {
                cwd = Some(std::env::current_dir().map_err(ConfigError::CurrentDir)?);
            }
            Ok(cwd.clone().unwrap())
        };
        let mut argv = Vec::with_capacity(self.launcher.len() + self.command.len());
        for (i, part) in self.launcher.iter().chain(&self.command).enumerate() {
            let is_program = i == 0 || i == self.launcher.len();
            if is_program && needs_resolving(part) {
                argv.push(cwd()?.join(part).into_os_string());
            } else {
                argv.push(part.clone());
            }
        }
        let temp_base = match self.temp_base {
            Some(base) if base.is_relative() => cwd()?.join(base),
            Some(base) => base,
            None => std::env::temp_dir(),
        };
        Ok(CommandOracle {
            argv,
            file_name,
            timeout: self.timeout,
            keep_temps: self.keep_temps,
            temp_base,
            env: self.env,
            reports: Arc::default(),
        })
    }
}

/// A relative path with a directory part (`./x`, `dir/x`): the program would be looked up
/// relative to the working directory, which is the temporary one when it runs.
fn needs_resolving(program: &OsStr) -> bool {
    Path::new(program).is_relative() && program.as_bytes().contains(&b'/')
}

/// Runs the user's program on each candidate (see the [module documentation](self)).
///
/// `Send + Sync`: several worker threads may run it at once, each run in its own
/// temporary directory.
#[derive(Debug)]
pub struct CommandOracle {
    argv: Vec<OsString>,
    file_name: OsString,
    timeout: Option<Duration>,
    keep_temps: bool,
    temp_base: PathBuf,
    env: Vec<(OsString, OsString)>,
    reports: Arc<Mutex<Reports>>,
}

/// The reports a [`CommandOracle`] keeps of its finished runs (by any thread).
#[derive(Debug, Default)]
struct Reports {
    /// The most recent run.
    last: Option<RunReport>,
    /// The most recent run that could not be run ([`Outcome::NotRun`]).
    last_not_run: Option<RunReport>,
    /// Run directories that could not be removed.
    leftovers: Leftovers,
}

/// The run directories a [`CommandOracle`] could not remove.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Leftovers {
    /// How many.
    pub count: u64,
    /// The first one, and why it stayed.
    pub first: Option<(PathBuf, String)>,
}

impl Reports {
    fn record(&mut self, report: &RunReport) {
        if report.outcome == Outcome::NotRun {
            self.last_not_run = Some(report.clone());
        }
        self.last = Some(report.clone());
    }
}

impl CommandOracle {
    /// Starts setting up an oracle that runs `command` (program and leading arguments, e.g.
    /// `["./oracle.sh"]` or `["python3", "check.py", "--flag"]`; the candidate's absolute path
    /// is appended) on candidates written under `file_name`. Only the last component of
    /// `file_name` is used, so the input's path may be given as is.
    pub fn builder<I, S>(command: I, file_name: impl Into<OsString>) -> CommandOracleBuilder
    where
        I: IntoIterator<Item = S>,
        S: Into<OsString>,
    {
        CommandOracleBuilder {
            command: command.into_iter().map(Into::into).collect(),
            file_name: file_name.into(),
            launcher: Vec::new(),
            timeout: Some(DEFAULT_TIMEOUT),
            keep_temps: false,
            temp_base: None,
            env: Vec::new(),
        }
    }

    /// An oracle with the default options: no launcher, [`DEFAULT_TIMEOUT`], system temp dir,
    /// temporary directories removed.
    pub fn new<I, S>(command: I, file_name: impl Into<OsString>) -> Result<Self, ConfigError>
    where
        I: IntoIterator<Item = S>,
        S: Into<OsString>,
    {
        Self::builder(command, file_name).build()
    }

    /// The argv every run starts with (launcher, then command, programs resolved); the
    /// candidate's path comes after it.
    pub fn argv(&self) -> &[OsString] {
        &self.argv
    }

    /// The name the candidate file gets.
    pub fn file_name(&self) -> &OsStr {
        &self.file_name
    }

    /// The timeout of one run, if any.
    pub fn timeout(&self) -> Option<Duration> {
        self.timeout
    }

    /// The directory under which the temporary directories are created.
    pub fn temp_base(&self) -> &Path {
        &self.temp_base
    }

    /// Whether temporary directories are kept.
    pub fn keeps_temps(&self) -> bool {
        self.keep_temps
    }

    /// The report of the most recently finished run (by any thread), if any.
    pub fn last_report(&self) -> Option<RunReport> {
        lock(&self.reports).last.clone()
    }

    /// The run directories that could not be removed so far (e.g. for one warning at the
    /// end of a reduction).
    pub fn leftovers(&self) -> Leftovers {
        lock(&self.reports).leftovers.clone()
    }

    /// The report of the most recently finished run that could not be run
    /// ([`Outcome::NotRun`]), if any.
    pub fn last_not_run(&self) -> Option<RunReport> {
        lock(&self.reports).last_not_run.clone()
    }

    /// Runs the program once on `candidate` and tells everything about it. Never panics;
    /// failures end up in [`RunReport::error`]. Raising `cancel` kills the run.
    pub fn run(&self, candidate: &[u8], cancel: &AtomicBool) -> RunReport {
        self.launch(candidate).wait(cancel)
    }

    /// Sets up a run on `candidate` (its temporary directory and file) and starts the
    /// program; [`Launched::wait`], on any thread, sees it to the end.
    pub fn launch(&self, candidate: &[u8]) -> Launched {
        let start = Instant::now();
        let launched = |dir, child: Result<Child, RunReport>| Launched {
            start,
            dir,
            keep_temps: self.keep_temps,
            timeout: self.timeout,
            exit_stamp: child
                .as_ref()
                .ok()
                .and_then(|c| ExitStamp::watch(c.id() as libc::pid_t)),
            child,
            reports: self.reports.clone(),
        };
        let dir = match RunDir::create(&self.temp_base, TEMP_DIR_PREFIX) {
            Ok(dir) => dir,
            Err(msg) => {
                return launched(None, Err(RunReport::not_run(RunError::Setup(msg), start)));
            }
        };
        let file = dir.path().join(&self.file_name);
        let child = match std::fs::write(&file, candidate) {
            Ok(()) => self.spawn(&dir, &file).map_err(|e| {
                let program = PathBuf::from(&self.argv[0]);
                let missing_interpreter = match e.kind() {
                    io::ErrorKind::NotFound => missing_interpreter(&program),
                    _ => None,
                };
                let err = RunError::Spawn {
                    program,
                    kind: e.kind(),
                    message: e.to_string(),
                    missing_interpreter,
                };
                RunReport::not_run(err, start)
            }),
            Err(e) => {
                let msg = format!("cannot write the candidate to {}: {e}", file.display());
                Err(RunReport::not_run(RunError::Setup(msg), start))
            }
        };
        launched(Some(dir), child)
    }

    fn spawn(&self, dir: &RunDir, file: &Path) -> io::Result<Child> {
        let mut cmd = Command::new(&self.argv[0]);
        cmd.args(&self.argv[1..])
            .arg(file)
            .current_dir(dir.path())
            .env("TMPDIR", dir.tmp())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .process_group(0);
        for (k, v) in &self.env {
            cmd.env(k, v);
        }
        let mut attempt = 0;
        loop {
            match cmd.spawn() {
                // A script just written (by the user, or by a test) can be briefly held open
                // for writing by a child forked meanwhile by another thread: try again.
                Err(e) if e.raw_os_error() == Some(libc::ETXTBSY) && attempt < SPAWN_RETRIES => {
                    attempt += 1;
                    std::thread::sleep(Duration::from_millis(10 * u64::from(attempt)));
                }
                result => return result,
            }
        }
    }
}

/// The interpreter named by the `#!` line of the script `program`, if the script exists and
/// that interpreter does not (`execve` then fails with "not found", as if the script were
/// missing). Only programs given as paths are looked at.
fn missing_interpreter(program: &Path) -> Option<PathBuf> {
    if !program.as_os_str().as_bytes().contains(&b'/') {
        return None;
    }
    let mut head = [0u8; 256];
    let n = std::fs::File::open(program)
        .and_then(|mut f| f.read(&mut head))
        .ok()?;
    let line = head[..n].strip_prefix(b"#!")?;
    let line = &line[..line.iter().position(|&b| b == b'\n').unwrap_or(line.len())];
    let interpreter = line
        .split(|b| b.is_ascii_whitespace())
        .find(|w| !w.is_empty())?;
    let interpreter = PathBuf::from(OsStr::from_bytes(interpreter));
    (!interpreter.exists()).then_some(interpreter)
}

/// A run whose program has been started ([`CommandOracle::launch`]).
#[derive(Debug)]
pub struct Launched {
    start: Instant,
    /// The run's temporary directory, once made.
    dir: Option<RunDir>,
    keep_temps: bool,
    timeout: Option<Duration>,
    /// The running program, or the report of why none runs.
    child: Result<Child, RunReport>,
    /// When the program exited, as seen by a thread that waits for nothing else.
    exit_stamp: Option<ExitStamp>,
    reports: Arc<Mutex<Reports>>,
}

impl Launched {
    /// Waits for the program (killing it on timeout or when `cancel` is raised), cleans up
    /// and tells everything about the run.
    pub fn wait(self, cancel: &AtomicBool) -> RunReport {
        let Launched {
            start,
            dir,
            keep_temps,
            timeout,
            child,
            exit_stamp,
            reports,
        } = self;
        let mut report = match child {
            Ok(child) => wait_for(child, timeout, cancel, start, exit_stamp),
            Err(report) => report,
        };
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

/// The moment a program exited, recorded by a thread of its own that blocks until then: the
/// thread that will reap the program may be busy elsewhere when it exits (the tester prepares
/// the next candidate while a run goes), and its first look would then book that work as the
/// program's time.
#[derive(Debug)]
struct ExitStamp(Arc<OnceLock<Instant>>);

impl ExitStamp {
    /// Starts watching the child `pid` (without reaping it). `None` if no thread could be
    /// started: the reaper's own observation is then the exit time.
    fn watch(pid: libc::pid_t) -> Option<ExitStamp> {
        let stamp = Arc::new(OnceLock::new());
        let set = stamp.clone();
        std::thread::Builder::new()
            .name("exit-stamp".to_string())
            .stack_size(64 * 1024)
            .spawn(move || {
                // Fails (ECHILD) when the program was reaped first: no stamp, which is fine.
                if let Ok(true) = wait_exit(pid, false) {
                    let _ = set.set(Instant::now());
                }
            })
            .ok()?;
        Some(ExitStamp(stamp))
    }

    /// The earlier of the recorded exit and `observed` (when the reaper saw the exit).
    fn exited(&self, observed: Instant) -> Instant {
        self.0.get().map_or(observed, |&t| t.min(observed))
    }
}

/// Waits for the started program `child` and reports on it.
fn wait_for(
    mut child: Child,
    timeout: Option<Duration>,
    cancel: &AtomicBool,
    start: Instant,
    exit_stamp: Option<ExitStamp>,
) -> RunReport {
    let spawned = Instant::now();
    // The child is the leader of its own process group: its pid is the group's id.
    let pgid = child.id() as libc::pid_t;
    let mut stderr = child.stderr.take().map(StderrReader::new);
    let mut tail = Tail::new(STDERR_TAIL_BYTES);
    let deadline = timeout.and_then(|t| spawned.checked_add(t));
    let mut pause = MIN_POLL;
    let (mut timed_out, mut cancelled) = (false, false);
    let mut wait_error = None;
    let mut exited = None;
    loop {
        // Checked without reaping, so the group id cannot be reused before the kill below.
        match wait_exit(pgid, true) {
            Ok(true) => {
                let observed = Instant::now();
                exited = Some(exit_stamp.map_or(observed, |s| s.exited(observed)));
                break;
            }
            Ok(false) => {}
            Err(e) => {
                wait_error = Some(e.to_string());
                break;
            }
        }
        if cancel.load(Ordering::SeqCst) {
            cancelled = true;
            break;
        }
        let now = Instant::now();
        let mut nap = pause;
        if let Some(deadline) = deadline {
            if now >= deadline {
                timed_out = true;
                break;
            }
            nap = nap.min(deadline - now);
        }
        match stderr.as_mut() {
            // Wakes up early when the program writes to stderr or closes it (often at exit).
            Some(reader) => {
                if reader.wait_readable(nap) && reader.drain(&mut tail, READS_PER_ROUND) {
                    stderr = None;
                }
            }
            None => std::thread::sleep(nap),
        }
        pause = (pause * 2).min(MAX_POLL);
    }
    // On timeout or cancellation this kills the program; after a normal exit, whatever it
    // left running in its group (e.g. a background `sleep`).
    kill_group(pgid);
    let status = child.wait();
    if let Some(reader) = stderr.as_mut() {
        // What is left in the pipe; never waits for a writer that escaped the group.
        reader.drain(&mut tail, READS_PER_ROUND * 8);
    }
    let (stderr_tail, stderr_truncated) = tail.finish();
    let mut report = RunReport {
        outcome: Outcome::Unresolved,
        exit_code: None,
        signal: None,
        timed_out,
        cancelled,
        stderr_tail,
        stderr_truncated,
        // Until the program ended: its exit, or the kill.
        elapsed: exited
            .unwrap_or_else(Instant::now)
            .saturating_duration_since(start),
        error: None,
        kept_dir: None,
    };
    match status {
        Ok(status) => {
            report.exit_code = status.code();
            report.signal = status.signal();
        }
        Err(e) => wait_error = wait_error.or_else(|| Some(e.to_string())),
    }
    if let Some(msg) = wait_error {
        report.error = Some(RunError::Wait(msg));
    } else if !timed_out && !cancelled {
        report.outcome = match report.exit_code {
            Some(0) => Outcome::Interesting,
            Some(_) => Outcome::NotInteresting,
            None => Outcome::Unresolved,
        };
    }
    report
}

impl Oracle for CommandOracle {
    fn test(&self, candidate: &[u8], cancel: &AtomicBool) -> Outcome {
        self.run(candidate, cancel).outcome
    }

    fn start(&self, candidate: &[u8]) -> Option<Box<dyn StartedTest>> {
        Some(Box::new(self.launch(candidate)))
    }

    fn not_run_cause(&self) -> Option<String> {
        self.last_not_run().map(|r| r.describe())
    }
}

/// Locks `m`, whatever a panicking holder left in it (a report is always whole).
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Whether the child `pid` has exited, without reaping it (it stays a zombie until
/// `Child::wait`); with `poll` false, waits until it has.
fn wait_exit(pid: libc::pid_t, poll: bool) -> io::Result<bool> {
    let flags = libc::WEXITED | libc::WNOWAIT | if poll { libc::WNOHANG } else { 0 };
    loop {
        // SAFETY: an all-zero siginfo_t is a valid value; waitid only writes into it.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        // SAFETY: plain system call on our own child, with a valid out pointer.
        let r = unsafe { libc::waitid(libc::P_PID, pid as libc::id_t, &mut info, flags) };
        if r == -1 {
            let e = io::Error::last_os_error();
            if e.kind() == io::ErrorKind::Interrupted {
                continue;
            }
            return Err(e);
        }
        // With WNOHANG, si_pid stays 0 when the child has not changed state.
        // SAFETY: waitid filled in (or left zeroed) the structure.
        return Ok(unsafe { info.si_pid() } != 0);
    }
}

/// Sends SIGKILL to every process of the group `pgid` (errors such as "no such process" are
/// of no interest).
fn kill_group(pgid: libc::pid_t) {
    if pgid > 0 {
        // SAFETY: plain system call; a negative pid addresses the process group.
        unsafe {
            libc::kill(-pgid, libc::SIGKILL);
        }
    }
}

/// The read end of the child's stderr pipe, read without blocking.
struct StderrReader {
    pipe: ChildStderr,
    buf: Vec<u8>,
}

impl StderrReader {
    fn new(pipe: ChildStderr) -> Self {
        let fd = pipe.as_raw_fd();
        // SAFETY: fcntl on a file descriptor we own.
        unsafe {
            let flags = libc::fcntl(fd, libc::F_GETFL);
            if flags != -1 {
                libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK);
            }
        }
        StderrReader {
            pipe,
            buf: vec![0; READ_CHUNK],
        }
    }

    /// Waits up to `timeout` for something to read (data or end of file); true if so.
    fn wait_readable(&self, timeout: Duration) -> bool {
        let mut fds = libc::pollfd {
            fd: self.pipe.as_raw_fd(),
            events: libc::POLLIN,
            revents: 0,
        };
        let ms = timeout.as_millis().clamp(1, i32::MAX as u128) as libc::c_int;
        // SAFETY: one valid pollfd.
        let r = unsafe { libc::poll(&mut fds, 1, ms) };
        // On error (EINTR), say "readable": the non-blocking read sorts it out.
        r != 0
    }

    /// Reads what is available, at most `max_reads` chunks, into `tail`. True at end of file
    /// (or on a read error): the pipe is then of no further use.
    fn drain(&mut self, tail: &mut Tail, max_reads: usize) -> bool {
        for _ in 0..max_reads {
            match self.pipe.read(&mut self.buf) {
                Ok(0) => return true,
                Ok(n) => tail.push(&self.buf[..n]),
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return false,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(_) => return true,
            }
        }
        false
    }
}

/// Keeps the last `cap` bytes of a stream.
struct Tail {
    cap: usize,
    buf: Vec<u8>,
    truncated: bool,
}

impl Tail {
    fn new(cap: usize) -> Self {
        Tail {
            cap,
            buf: Vec::new(),
            truncated: false,
        }
    }

    fn push(&mut self, data: &[u8]) {
        if data.len() >= self.cap {
            self.truncated |= !self.buf.is_empty() || data.len() > self.cap;
            self.buf.clear();
            self.buf.extend_from_slice(&data[data.len() - self.cap..]);
            return;
        }
        self.buf.extend_from_slice(data);
        // Trim only now and then, not on every small write.
        if self.buf.len() >= 2 * self.cap {
            self.trim();
        }
    }

    fn trim(&mut self) {
        if self.buf.len() > self.cap {
            let excess = self.buf.len() - self.cap;
            self.buf.drain(..excess);
            self.truncated = true;
        }
    }

    /// The kept bytes as text, and whether anything was dropped.
    fn finish(mut self) -> (String, bool) {
        self.trim();
        let mut bytes = &self.buf[..];
        if self.truncated {
            // Do not start in the middle of a UTF-8 sequence.
            let skip = bytes
                .iter()
                .take(3)
                .take_while(|&&b| b & 0xC0 == 0x80)
                .count();
            bytes = &bytes[skip..];
        }
        (String::from_utf8_lossy(bytes).into_owned(), self.truncated)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;
    use std::sync::Arc;

    /// Writes an executable `#!/bin/sh` script named `name` into `dir`.
    fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
        let path = dir.join(name);
        std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        path
    }

    fn no_cancel() -> AtomicBool {
        AtomicBool::new(false)
    }

    /// A generous bound: far below the 30 s the hanging scripts sleep.
    const WELL_BELOW_30S: Duration = Duration::from_secs(15);

    /// Whether `pid` is a live (not zombie) process.
    fn alive(pid: libc::pid_t) -> bool {
        // SAFETY: signal 0 only checks existence.
        if unsafe { libc::kill(pid, 0) } != 0 {
            return false;
        }
        match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
            // The state is the field after the parenthesised command name.
            Ok(stat) => !stat
                .rsplit_once(')')
                .is_some_and(|(_, rest)| rest.trim_start().starts_with(['Z', 'X'])),
            Err(_) => false,
        }
    }

    /// Waits (generously) for `pid` to be gone; true if it is.
    fn gone_soon(pid: libc::pid_t) -> bool {
        let until = Instant::now() + Duration::from_secs(10);
        while Instant::now() < until {
            if !alive(pid) {
                return true;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        false
    }

    fn read_pid(path: &Path) -> libc::pid_t {
        let until = Instant::now() + Duration::from_secs(10);
        loop {
            if let Ok(s) = std::fs::read_to_string(path) {
                if let Ok(pid) = s.trim().parse() {
                    return pid;
                }
            }
            assert!(Instant::now() < until, "no pid in {}", path.display());
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    #[test]
    fn exit_status_decides_the_outcome() {
        let dir = tempfile::tempdir().unwrap();
        let yes = script(dir.path(), "yes.sh", "exit 0");
        let no = script(dir.path(), "no.sh", "exit 1");
        let odd = script(dir.path(), "odd.sh", "exit 77");
        let c = no_cancel();
        let o = CommandOracle::new([&yes], "bug.c").unwrap();
        assert_eq!(o.test(b"x", &c), Outcome::Interesting);
        let o = CommandOracle::new([&no], "bug.c").unwrap();
        assert_eq!(o.test(b"x", &c), Outcome::NotInteresting);
        let last = o.last_report().unwrap();
        assert_eq!((last.exit_code, last.signal), (Some(1), None));
        assert!(!last.timed_out && !last.cancelled && last.error.is_none());
        let r = CommandOracle::new([&odd], "bug.c").unwrap().run(b"x", &c);
        assert_eq!(
            (r.outcome, r.exit_code),
            (Outcome::NotInteresting, Some(77))
        );
        assert_eq!(r.describe(), "exit status 77");
    }

    #[test]
    fn the_script_sees_the_file_in_its_cwd_creduce_style() {
        let dir = tempfile::tempdir().unwrap();
        // Reads bug.c from its working directory, ignoring the argument.
        let s = script(dir.path(), "oracle.sh", "grep -q 'int main' bug.c");
        let o = CommandOracle::new([&s], "bug.c").unwrap();
        let c = no_cancel();
        assert_eq!(
            o.test(b"int main() { return 0; }\n", &c),
            Outcome::Interesting
        );
        assert_eq!(o.test(b"float f;\n", &c), Outcome::NotInteresting);
    }

    #[test]
    fn the_script_gets_the_absolute_path_as_last_argument() {
        let dir = tempfile::tempdir().unwrap();
        let s = script(
            dir.path(),
            "oracle.sh",
            r#"[ "$1" = --flag ] || exit 11
[ "$#" = 2 ] || exit 12
case "$2" in /*) ;; *) exit 13 ;; esac
[ "$(basename "$2")" = bug.c ] || exit 14
[ "$(cd "$(dirname "$2")" && pwd -P)" = "$(pwd -P)" ] || exit 15
[ "$(cat "$2")" = payload ] || exit 16
[ ! -t 0 ] && [ -z "$(cat)" ] || exit 17
exit 0"#,
        );
        let o =
            CommandOracle::new([s.as_os_str(), OsStr::new("--flag")], "some/dir/bug.c").unwrap();
        assert_eq!(o.file_name(), OsStr::new("bug.c"));
        let r = o.run(b"payload", &no_cancel());
        assert_eq!(
            (r.outcome, r.exit_code),
            (Outcome::Interesting, Some(0)),
            "{r:?}"
        );
    }

    #[test]
    fn interpreter_with_arguments() {
        let dir = tempfile::tempdir().unwrap();
        // Not executable: run through `sh` found on PATH (a bare name is not resolved).
        let s = dir.path().join("check.sh");
        std::fs::write(&s, "[ \"$1\" = -x ] && grep -q needle \"$2\"\n").unwrap();
        let o = CommandOracle::new([OsStr::new("sh"), s.as_os_str(), OsStr::new("-x")], "t.txt")
            .unwrap();
        assert_eq!(o.argv()[0], OsStr::new("sh"));
        let c = no_cancel();
        assert_eq!(o.test(b"hay needle hay", &c), Outcome::Interesting);
        assert_eq!(o.test(b"hay hay", &c), Outcome::NotInteresting);
    }

    #[test]
    fn relative_program_path_is_resolved_against_the_cwd_at_construction() {
        let dir = tempfile::tempdir().unwrap();
        let s = script(dir.path(), "oracle.sh", "exit 0");
        // A relative path from the current directory to the script, e.g. ../../tmp/x/oracle.sh.
        let cwd = std::env::current_dir().unwrap();
        let mut rel = PathBuf::new();
        for _ in cwd.components().skip(1) {
            rel.push("..");
        }
        rel.push(s.strip_prefix("/").unwrap());
        assert!(rel.is_relative());
        let o = CommandOracle::new([&rel], "bug.c").unwrap();
        assert_eq!(Path::new(&o.argv()[0]), cwd.join(&rel));
        assert_eq!(o.test(b"", &no_cancel()), Outcome::Interesting);

        assert!(needs_resolving(OsStr::new("./oracle.sh")));
        assert!(needs_resolving(OsStr::new("tools/oracle.sh")));
        assert!(!needs_resolving(OsStr::new("python3")));
        assert!(!needs_resolving(OsStr::new("/bin/sh")));
        let o = CommandOracle::builder(["python3", "./check.py"], "a.py")
            .launcher(["./wrap", "-n1"])
            .build()
            .unwrap();
        let argv: Vec<_> = o.argv().iter().map(PathBuf::from).collect();
        assert_eq!(
            argv,
            [
                cwd.join("./wrap"),
                "-n1".into(),
                "python3".into(),
                "./check.py".into()
            ]
        );
    }

    #[test]
    fn a_hanging_oracle_is_killed_at_the_timeout() {
        let dir = tempfile::tempdir().unwrap();
        let s = script(dir.path(), "hang.sh", "sleep 30");
        let o = CommandOracle::builder([&s], "bug.c")
            .timeout(Duration::from_millis(300))
            .build()
            .unwrap();
        let r = o.run(b"x", &no_cancel());
        assert_eq!(r.outcome, Outcome::Unresolved);
        assert!(r.timed_out && !r.cancelled, "{r:?}");
        assert_eq!(r.signal, Some(libc::SIGKILL));
        assert!(r.elapsed < WELL_BELOW_30S, "{r:?}");
        assert!(r.describe().starts_with("timed out"));
    }

    #[test]
    fn the_timeout_kills_grandchildren_too() {
        let dir = tempfile::tempdir().unwrap();
        let pidfile = dir.path().join("pid");
        let s = script(
            dir.path(),
            "hang.sh",
            "sleep 30 &\necho $! > \"$PIDFILE\"\nwait",
        );
        let o = CommandOracle::builder([&s], "bug.c")
            .timeout(Duration::from_millis(300))
            .env("PIDFILE", &pidfile)
            .build()
            .unwrap();
        let r = o.run(b"x", &no_cancel());
        assert_eq!(r.outcome, Outcome::Unresolved);
        assert!(r.timed_out, "{r:?}");
        assert!(r.elapsed < WELL_BELOW_30S, "{r:?}");
        let pid = read_pid(&pidfile);
        assert!(gone_soon(pid), "grandchild {pid} survived");
    }

    #[test]
    fn leftovers_of_a_finished_run_are_killed_and_not_waited_for() {
        let dir = tempfile::tempdir().unwrap();
        let pidfile = dir.path().join("pid");
        // The background sleep keeps stderr open: the run must not wait for it.
        let s = script(
            dir.path(),
            "bg.sh",
            "sleep 30 &\necho $! > \"$PIDFILE\"\nexit 0",
        );
        let o = CommandOracle::builder([&s], "bug.c")
            .no_timeout()
            .env("PIDFILE", &pidfile)
            .build()
            .unwrap();
        let r = o.run(b"x", &no_cancel());
        assert_eq!(r.outcome, Outcome::Interesting, "{r:?}");
        assert!(r.elapsed < WELL_BELOW_30S, "{r:?}");
        let pid = read_pid(&pidfile);
        assert!(gone_soon(pid), "background process {pid} survived");
    }

    #[test]
    fn cancellation_ends_a_long_run_quickly() {
        let dir = tempfile::tempdir().unwrap();
        let s = script(dir.path(), "hang.sh", "sleep 30");
        let o = CommandOracle::builder([&s], "bug.c")
            .no_timeout()
            .build()
            .unwrap();
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = cancel.clone();
        let raiser = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(200));
            flag.store(true, Ordering::SeqCst);
        });
        let r = o.run(b"x", &cancel);
        raiser.join().unwrap();
        assert_eq!(r.outcome, Outcome::Unresolved);
        assert!(r.cancelled && !r.timed_out, "{r:?}");
        assert!(r.elapsed < WELL_BELOW_30S, "{r:?}");
        assert_eq!(r.describe(), "cancelled");
    }

    #[test]
    fn a_started_run_is_under_way_before_anyone_waits() {
        let dir = tempfile::tempdir().unwrap();
        // The program records that it ran; nobody waits for it until it has.
        let mark = dir.path().join("ran");
        let s = script(
            dir.path(),
            "mark.sh",
            &format!("grep -q bug \"$1\" && touch '{}'", mark.display()),
        );
        let o = CommandOracle::new([&s], "bug.c").unwrap();
        let test = Oracle::start(&o, b"a bug").expect("a program is started at once");
        let deadline = Instant::now() + Duration::from_secs(10);
        while !mark.exists() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(mark.exists(), "the program did not run before the wait");
        // The answer is collected on another thread, as the tester's workers do.
        let waiter = std::thread::spawn(move || test.finish(&AtomicBool::new(false)).outcome);
        assert_eq!(waiter.join().unwrap(), Outcome::Interesting);
        assert!(o.last_report().is_some_and(|r| r.exit_code == Some(0)));
        // Cancelled before the wait: killed at once, and its directory is gone.
        let hang = script(dir.path(), "hang.sh", "sleep 30");
        let o = CommandOracle::builder([&hang], "bug.c")
            .no_timeout()
            .temp_dir(dir.path().join("temps"))
            .build()
            .unwrap();
        std::fs::create_dir(dir.path().join("temps")).unwrap();
        let test = Oracle::start(&o, b"x").unwrap();
        assert_eq!(
            test.finish(&AtomicBool::new(true)).outcome,
            Outcome::Unresolved
        );
        let r = o.last_report().unwrap();
        assert!(r.cancelled && r.elapsed < WELL_BELOW_30S, "{r:?}");
        assert_eq!(
            std::fs::read_dir(dir.path().join("temps")).unwrap().count(),
            0
        );
    }

    #[test]
    fn a_run_ends_when_its_program_exits_not_when_someone_waits() {
        // The program exits at once; whoever reaps it is busy for 600 ms first (as the tester
        // is, preparing the next candidate). That time is not the run's.
        let dir = tempfile::tempdir().unwrap();
        let s = script(dir.path(), "quick.sh", "exit 0");
        let o = CommandOracle::new([&s], "bug.c").unwrap();
        let busy = Duration::from_millis(600);
        let launched = Instant::now();
        let test = Oracle::start(&o, b"x").unwrap();
        std::thread::sleep(busy);
        let finished = test.finish(&AtomicBool::new(false));
        assert_eq!(finished.outcome, Outcome::Interesting);
        let took = finished.ended - launched;
        assert!(
            took < busy / 2,
            "the wait was booked as the run's time: {took:?}"
        );
        let r = o.last_report().unwrap();
        assert!(r.elapsed < busy / 2, "{r:?}");
    }

    #[test]
    fn death_by_signal_is_unresolved() {
        let dir = tempfile::tempdir().unwrap();
        let s = script(dir.path(), "crash.sh", "kill -SEGV $$");
        let r = CommandOracle::new([&s], "bug.c")
            .unwrap()
            .run(b"", &no_cancel());
        assert_eq!(r.outcome, Outcome::Unresolved);
        assert_eq!((r.exit_code, r.signal), (None, Some(libc::SIGSEGV)));
        assert!(!r.timed_out && !r.cancelled && r.error.is_none());
    }

    #[test]
    fn file_name_with_spaces_and_shell_metacharacters() {
        let name = "a b;$(x)'q\".c";
        let dir = tempfile::tempdir().unwrap();
        let s = script(
            dir.path(),
            "oracle.sh",
            r#"[ "$(ls)" = "$EXPECTED" ] || exit 21
[ "$(basename "$1")" = "$EXPECTED" ] || exit 22
[ "$(cat "$1")" = "the content" ] || exit 23
[ "$(cat "./$EXPECTED")" = "the content" ] || exit 24
exit 0"#,
        );
        let o = CommandOracle::builder([&s], name)
            .env("EXPECTED", name)
            .build()
            .unwrap();
        let r = o.run(b"the content", &no_cancel());
        assert_eq!(
            (r.outcome, r.exit_code),
            (Outcome::Interesting, Some(0)),
            "{r:?}"
        );
    }

    fn entries(dir: &Path) -> Vec<PathBuf> {
        std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect()
    }

    #[test]
    fn temp_dirs_are_removed() {
        let scripts = tempfile::tempdir().unwrap();
        let base = tempfile::tempdir().unwrap();
        let yes = script(
            scripts.path(),
            "yes.sh",
            "touch extra; mkdir sub; touch sub/f",
        );
        let no = script(scripts.path(), "no.sh", "exit 1");
        let hang = script(scripts.path(), "hang.sh", "sleep 30");
        let c = no_cancel();
        for (s, expected) in [
            (&yes, Outcome::Interesting),
            (&no, Outcome::NotInteresting),
            (&hang, Outcome::Unresolved),
        ] {
            let o = CommandOracle::builder([s], "bug.c")
                .temp_dir(base.path())
                .timeout(Duration::from_millis(300))
                .build()
                .unwrap();
            assert_eq!(o.temp_base(), base.path());
            let r = o.run(b"x", &c);
            assert_eq!(r.outcome, expected);
            assert_eq!(r.kept_dir, None);
            assert_eq!(entries(base.path()), Vec::<PathBuf>::new());
        }
    }

    #[test]
    fn each_run_has_its_own_tmpdir_which_goes_with_it_even_when_killed() {
        let scripts = tempfile::tempdir().unwrap();
        let base = tempfile::tempdir().unwrap();
        let s = script(
            scripts.path(),
            "litter.sh",
            r#"[ "$TMPDIR" = "$(pwd)/.tmp" ] || exit 9
[ -d "$TMPDIR" ] && [ -w "$TMPDIR" ] || exit 10
touch "$TMPDIR/cc1.s" || exit 11
sleep 30"#,
        );
        let o = CommandOracle::builder([&s], "bug.c")
            .temp_dir(base.path())
            .timeout(Duration::from_millis(500))
            .build()
            .unwrap();
        let r = o.run(b"x", &no_cancel());
        assert!(r.timed_out, "{r:?}");
        assert_eq!(entries(base.path()), Vec::<PathBuf>::new());
        assert_eq!(o.leftovers(), Leftovers::default());
        // The run's directory is private.
        let peek = script(
            scripts.path(),
            "mode.sh",
            r#"[ "$(stat -c %a .)" = 700 ] && [ "$(stat -c %a .tmp)" = 700 ]"#,
        );
        let r = CommandOracle::new([&peek], "bug.c")
            .unwrap()
            .run(b"x", &no_cancel());
        assert_eq!(r.outcome, Outcome::Interesting, "{r:?}");
    }

    #[test]
    fn keep_temps_leaves_the_directories_and_tells_where() {
        let scripts = tempfile::tempdir().unwrap();
        let base = tempfile::tempdir().unwrap();
        let s = script(scripts.path(), "oracle.sh", "echo seen > note; exit 1");
        let o = CommandOracle::builder([&s], "bug.c")
            .temp_dir(base.path())
            .keep_temps(true)
            .build()
            .unwrap();
        assert!(o.keeps_temps());
        let c = no_cancel();
        let r1 = o.run(b"first", &c);
        let r2 = o.run(b"second", &c);
        let (d1, d2) = (r1.kept_dir.unwrap(), r2.kept_dir.unwrap());
        assert_ne!(d1, d2);
        let mut all = entries(base.path());
        all.sort();
        let mut expected = vec![d1.clone(), d2.clone()];
        expected.sort();
        assert_eq!(all, expected);
        assert!(d1
            .file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with(TEMP_DIR_PREFIX));
        assert_eq!(std::fs::read(d1.join("bug.c")).unwrap(), b"first");
        assert_eq!(std::fs::read(d2.join("bug.c")).unwrap(), b"second");
        assert_eq!(std::fs::read(d1.join("note")).unwrap(), b"seen\n");
    }

    #[test]
    fn launcher_prefix_and_extra_environment() {
        let dir = tempfile::tempdir().unwrap();
        let s = script(
            dir.path(),
            "oracle.sh",
            r#"[ "$FOO" = 1 ] && [ "$BAR" = 2 ]"#,
        );
        let c = no_cancel();
        let plain = CommandOracle::builder([&s], "bug.c")
            .env("BAR", "2")
            .build()
            .unwrap();
        assert_eq!(plain.test(b"", &c), Outcome::NotInteresting);
        let launched = CommandOracle::builder([&s], "bug.c")
            .launcher(["env", "FOO=1"])
            .envs([("BAR", "2")])
            .build()
            .unwrap();
        assert_eq!(launched.argv()[0], OsStr::new("env"));
        assert_eq!(launched.test(b"", &c), Outcome::Interesting);
        // A launcher such as `nice` keeps the process group: timeouts still kill everything.
        let hang = script(dir.path(), "hang.sh", "sleep 30");
        let r = CommandOracle::builder([&hang], "bug.c")
            .launcher(["nice", "-n", "1"])
            .timeout(Duration::from_millis(300))
            .build()
            .unwrap()
            .run(b"", &c);
        assert!(r.timed_out && r.elapsed < WELL_BELOW_30S, "{r:?}");
    }

    #[test]
    fn stderr_tail_is_captured() {
        let dir = tempfile::tempdir().unwrap();
        let s = script(dir.path(), "oracle.sh", "echo 'oops: no crash' >&2\nexit 1");
        let r = CommandOracle::new([&s], "bug.c")
            .unwrap()
            .run(b"", &no_cancel());
        assert_eq!(r.stderr_tail, "oops: no crash\n");
        assert!(!r.stderr_truncated);
    }

    #[test]
    fn stderr_tail_is_bounded_and_a_chatty_oracle_does_not_block() {
        let dir = tempfile::tempdir().unwrap();
        // About 300 KB, far more than a pipe holds.
        let s = script(
            dir.path(),
            "chatty.sh",
            r#"i=0
while [ $i -lt 5000 ]; do
  echo "line $i xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" >&2
  i=$((i+1))
done
echo THE-END >&2
exit 3"#,
        );
        let o = CommandOracle::builder([&s], "bug.c")
            .timeout(Duration::from_secs(60))
            .build()
            .unwrap();
        let r = o.run(b"", &no_cancel());
        assert_eq!(
            (r.outcome, r.exit_code),
            (Outcome::NotInteresting, Some(3)),
            "{r:?}"
        );
        assert!(r.stderr_truncated);
        assert!(r.stderr_tail.len() <= STDERR_TAIL_BYTES);
        assert!(r.stderr_tail.len() >= STDERR_TAIL_BYTES - 100);
        assert!(r.stderr_tail.ends_with(
            "line 4999 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\nTHE-END\n"
        ));
        assert!(!r.stderr_tail.contains("line 0 "));
    }

    #[test]
    fn tail_keeps_the_last_bytes() {
        let mut t = Tail::new(8);
        t.push(b"abc");
        t.push(b"defgh");
        assert_eq!(t.finish(), ("abcdefgh".to_string(), false));
        let mut t = Tail::new(8);
        for chunk in [&b"0123"[..], b"456789", b"ab", b"cdefghijklmnop", b"q"] {
            t.push(chunk);
        }
        assert_eq!(t.finish(), ("jklmnopq".to_string(), true));
        // A multi-byte character cut at the front is dropped, not garbled.
        let mut t = Tail::new(4);
        t.push("xé€".as_bytes()); // x, é (2 bytes), € (3 bytes): keeps the last 4 bytes.
        assert_eq!(t.finish(), ("€".to_string(), true));
    }

    #[test]
    fn a_missing_program_is_a_test_not_run_not_a_panic() {
        let c = no_cancel();
        for program in [
            "/nonexistent/dir/oracle.sh",
            "no-such-program-for-reducer-tests",
        ] {
            let o = CommandOracle::new([program], "bug.c").unwrap();
            let r = o.run(b"x", &c);
            assert_eq!(r.outcome, Outcome::NotRun);
            assert!(r.is_spawn_error(), "{r:?}");
            match r.error.as_ref().unwrap() {
                RunError::Spawn {
                    program: p,
                    kind,
                    missing_interpreter,
                    ..
                } => {
                    assert_eq!(p, Path::new(program));
                    assert_eq!(*kind, io::ErrorKind::NotFound);
                    assert_eq!(*missing_interpreter, None);
                }
                other => panic!("unexpected {other:?}"),
            }
            assert!(r.describe().contains(program), "{}", r.describe());
            assert_eq!(o.test(b"x", &c), Outcome::NotRun);
            assert_eq!(o.not_run_cause(), Some(r.describe()));
        }
        // Not executable.
        let dir = tempfile::tempdir().unwrap();
        let s = dir.path().join("plain.sh");
        std::fs::write(&s, "exit 0\n").unwrap();
        let r = CommandOracle::new([&s], "bug.c").unwrap().run(b"x", &c);
        assert!(r.is_spawn_error() && r.outcome == Outcome::NotRun, "{r:?}");
        // An unusable temp base is a set-up error, not a spawn error.
        let r = CommandOracle::builder(["true"], "bug.c")
            .temp_dir("/nonexistent/base")
            .build()
            .unwrap()
            .run(b"x", &c);
        assert_eq!(r.outcome, Outcome::NotRun);
        assert!(matches!(r.error, Some(RunError::Setup(_))) && !r.is_spawn_error());
        assert!(
            r.describe().contains("/nonexistent/base"),
            "{}",
            r.describe()
        );
    }

    #[test]
    fn a_missing_interpreter_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let s = dir.path().join("t.py");
        std::fs::write(&s, "#!/nonexistent/bin/python9 -u\nexit 0\n").unwrap();
        std::fs::set_permissions(&s, std::fs::Permissions::from_mode(0o755)).unwrap();
        let o = CommandOracle::new([&s], "bug.c").unwrap();
        let r = o.run(b"x", &no_cancel());
        assert_eq!(r.outcome, Outcome::NotRun, "{r:?}");
        let why = r.describe();
        assert!(
            why.contains("/nonexistent/bin/python9") && why.contains("t.py"),
            "{why}"
        );
        let ok = script(dir.path(), "ok.sh", "exit 0");
        assert_eq!(missing_interpreter(&ok), None);
        assert_eq!(missing_interpreter(Path::new("sh")), None);
    }

    #[test]
    fn bad_configurations_are_refused() {
        let empty: [&str; 0] = [];
        assert!(matches!(
            CommandOracle::new(empty, "bug.c"),
            Err(ConfigError::EmptyCommand)
        ));
        for name in ["", "/", "..", "a/.."] {
            assert!(
                matches!(
                    CommandOracle::new(["true"], name),
                    Err(ConfigError::BadFileName(_))
                ),
                "{name:?}"
            );
        }
    }

    #[test]
    fn parallel_runs_do_not_interfere() {
        fn assert_send_sync<T: Send + Sync>() {}
        assert_send_sync::<CommandOracle>();
        let dir = tempfile::tempdir().unwrap();
        let base = tempfile::tempdir().unwrap();
        let s = script(
            dir.path(),
            "oracle.sh",
            "sleep 0.05\n[ \"$(ls)\" = bug.c ] && grep -q yes bug.c",
        );
        let o = Arc::new(
            CommandOracle::builder([&s], "bug.c")
                .temp_dir(base.path())
                .build()
                .unwrap(),
        );
        let workers: Vec<_> = (0..4)
            .map(|w| {
                let o = o.clone();
                std::thread::spawn(move || {
                    let c = AtomicBool::new(false);
                    for i in 0..5 {
                        let interesting = (w + i) % 2 == 0;
                        let text = if interesting { "yes" } else { "no" };
                        let expected = if interesting {
                            Outcome::Interesting
                        } else {
                            Outcome::NotInteresting
                        };
                        assert_eq!(o.test(text.as_bytes(), &c), expected);
                    }
                })
            })
            .collect();
        for w in workers {
            w.join().unwrap();
        }
        assert!(o.last_report().is_some());
        assert_eq!(entries(base.path()), Vec::<PathBuf>::new());
    }
}
