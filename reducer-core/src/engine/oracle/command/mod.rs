//! Runs the user's interestingness test as a program, C-Reduce / C-Vise style.
//!
//! Each run of a [`CommandOracle`]:
//!
//! 1. creates a fresh private (0700) temporary directory (under the system temp dir unless
//!    told otherwise), with a `TMPDIR` of its own inside ([`run_dir`](super::run_dir));
//! 2. writes the candidate there under the input's file name (e.g. `bug.c`);
//! 3. starts `launcher... command... /abs/tmpdir/bug.c` (an argv vector, never a shell
//!    string) with that directory as working directory, `TMPDIR` set to the run's own, stdin
//!    from `/dev/null`, stdout discarded and the tail of stderr kept; the program leads its
//!    own session and process group;
//! 4. waits for it, checking the timeout and the `cancel` flag; on timeout or cancellation the
//!    whole process group gets `SIGTERM` (a launcher such as `srun` then ends its job step),
//!    and `SIGKILL` once the program has exited or after 2 s, grandchildren included, and so
//!    do the processes of its session that made groups of their own (`timeout` does; found
//!    in `/proc`). Once the program has exited, whatever it left running in its process
//!    group is killed as well;
//! 5. removes the directory (read-only subdirectories included), unless told to keep it;
//!    what cannot be removed is counted ([`CommandOracle::leftovers`]).
//!
//! [`CommandOracle::abandon`] ends every run going on at once, for a reducer that quits
//! without waiting for its worker threads.
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
//! use reducer_core::engine::oracle::command::CommandOracle;
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

#[cfg(test)]
mod expect_tests;
mod live;
mod report;
mod signals;
mod stderr;
pub mod steps;
#[cfg(test)]
mod steps_tests;
#[cfg(test)]
mod tests;
mod wait;

pub use report::{Leftovers, RunCounts, RunError, RunReport};
/// For `--format-with`, whose formatter runs in a group of its own.
#[cfg(feature = "cli")]
pub(crate) use signals::kill_group;
pub use steps::{Check, Step, PLACEHOLDER};
pub use wait::Launched;

use super::expect::Expectations;
use super::file_set::FileSet;
use super::run_dir::RunDir;
use super::sys;
use super::{Oracle, Outcome, StartedTest};
use live::{LiveRun, LiveRuns};
use report::Reports;
use std::ffi::{OsStr, OsString};
use std::fmt;
use std::io::{self, Read};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};
use steps::Planned;
use wait::{ExitWatcher, Sequel};

/// How many bytes of the program's stderr a [`RunReport`] keeps (the last ones).
pub const STDERR_TAIL_BYTES: usize = 4096;

/// How many bytes of stdout and stderr the conditions of a built test see (the last ones).
pub const CAPTURE_BYTES: usize = 16 << 20;

/// The timeout of a [`CommandOracle`] unless the builder sets another one.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(300);

/// Prefix of the name of every temporary directory, so that kept ones are easy to find.
pub const TEMP_DIR_PREFIX: &str = "reducer-";

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
    file_set: Option<Arc<RwLock<FileSet>>>,
    expect: Option<Arc<Expectations>>,
    placeholder: Option<OsString>,
    guards: Vec<(String, Vec<Step>)>,
    compare: Option<Vec<OsString>>,
}

impl CommandOracleBuilder {
    /// Adds a guard named `name` (for the counts and messages): its commands run, in order
    /// and before the test, on every candidate, and each must pass its [`Check`] for the
    /// candidate to count at all (see [`steps`]). Guards run in the order they are added.
    pub fn guard(mut self, name: impl Into<String>, steps: Vec<Step>) -> Self {
        self.guards.push((name.into(), steps));
        self
    }

    /// Makes the test differential: the command is run, then `other` (its words, with
    /// [`PLACEHOLDER`] for the candidate's path), and the candidate is interesting when both
    /// exit with status 0 within the timeout and their stdouts differ (`--compare`). The
    /// conditions of [`expect`](Self::expect) are then not used.
    pub fn compare_with<I, S>(mut self, other: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<OsString>,
    {
        self.compare = Some(other.into_iter().map(Into::into).collect());
        self
    }

    /// Decides each run's outcome by `expect` instead of by exit status 0 (a test built
    /// from the command line: `--expect-stderr`, `--expect-signal`, …). Stdout is then
    /// captured when a condition reads it, and so is all of stderr (the last
    /// [`CAPTURE_BYTES`] of each).
    pub fn expect(mut self, expect: Expectations) -> Self {
        self.expect = Some(Arc::new(expect));
        self
    }

    /// Puts the candidate's path where a word of the command holds `placeholder` (`{}`),
    /// instead of after the command: every such word becomes one word per path (a set of
    /// files gives several). A command without it gets the paths appended as usual.
    pub fn candidate_placeholder(mut self, placeholder: impl Into<OsString>) -> Self {
        self.placeholder = Some(placeholder.into());
        self
    }

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

    /// Writes every file of `set` into each run's directory, the candidate in place of its
    /// active file, and gives the test what [`FileSet::write_into`] returns as its last
    /// arguments (instead of one file named like the input). The caller may change the set
    /// between tests (e.g. make another file the active one).
    pub fn file_set(mut self, set: Arc<RwLock<FileSet>>) -> Self {
        self.file_set = Some(set);
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
        let mut cwd = || -> io::Result<PathBuf> {
            if cwd.is_none() {
                cwd = Some(std::env::current_dir()?);
            }
            Ok(cwd.clone().unwrap())
        };
        let placeholder = OsStr::new(PLACEHOLDER);
        let mut plan = Vec::new();
        let mut guard_names = Vec::new();
        for (g, (name, steps)) in self.guards.into_iter().enumerate() {
            guard_names.push(name);
            for step in steps {
                let resolve = !step.program_in_run_dir;
                let (argv, ph) = steps::plan(
                    &self.launcher,
                    &step.words,
                    resolve,
                    Some(placeholder),
                    &mut cwd,
                )
                .map_err(ConfigError::CurrentDir)?;
                if step.words.is_empty() {
                    return Err(ConfigError::EmptyCommand);
                }
                plan.push(Planned {
                    argv,
                    command_start: self.launcher.len(),
                    placeholder: ph,
                    check: step.check,
                    guard: Some(g),
                    label: guard_names[g].clone(),
                    env: step.env,
                });
            }
        }
        let main = plan.len();
        let main_placeholder = match &self.compare {
            Some(_) => Some(placeholder),
            None => self.placeholder.as_deref(),
        };
        let (argv, ph) = steps::plan(
            &self.launcher,
            &self.command,
            true,
            main_placeholder,
            &mut cwd,
        )
        .map_err(ConfigError::CurrentDir)?;
        let main_check = match self.compare {
            Some(_) => Check::Reference,
            None => Check::Test,
        };
        plan.push(Planned {
            argv,
            command_start: self.launcher.len(),
            placeholder: ph,
            check: main_check,
            guard: None,
            label: "--compare's first command".to_string(),
            env: Vec::new(),
        });
        if let Some(other) = &self.compare {
            if other.is_empty() {
                return Err(ConfigError::EmptyCommand);
            }
            let (argv, ph) = steps::plan(&self.launcher, other, true, Some(placeholder), &mut cwd)
                .map_err(ConfigError::CurrentDir)?;
            plan.push(Planned {
                argv,
                command_start: self.launcher.len(),
                placeholder: ph,
                check: Check::OtherOutput,
                guard: None,
                label: "--compare's second command".to_string(),
                env: Vec::new(),
            });
        }
        let temp_base = match self.temp_base {
            Some(base) if base.is_relative() => cwd().map_err(ConfigError::CurrentDir)?.join(base),
            Some(base) => base,
            None => std::env::temp_dir(),
        };
        Ok(CommandOracle {
            plan: plan.into(),
            main,
            guard_names,
            expect: self.expect,
            file_name,
            timeout: Mutex::new(self.timeout),
            keep_temps: self.keep_temps,
            temp_base,
            env: self.env.into(),
            file_set: self.file_set,
            reports: Arc::default(),
            exits: Arc::default(),
            live: Arc::default(),
        })
    }
}

/// Runs the user's program on each candidate (see the [module documentation](self)).
///
/// `Send + Sync`: several worker threads may run it at once, each run in its own
/// temporary directory.
#[derive(Debug)]
pub struct CommandOracle {
    /// The commands of every run, in order: the guards', then the test's (or the two of a
    /// comparison).
    plan: Arc<[Planned]>,
    /// Where the test's command is in `plan`.
    main: usize,
    /// The name of each guard, by index.
    guard_names: Vec<String>,
    file_name: OsString,
    /// The timeout of one run (all its commands), changed by [`CommandOracle::set_timeout`].
    timeout: Mutex<Option<Duration>>,
    keep_temps: bool,
    temp_base: PathBuf,
    env: Arc<[(OsString, OsString)]>,
    /// The files written beside the candidate, if it is one of a set.
    file_set: Option<Arc<RwLock<FileSet>>>,
    /// The conditions of a built test.
    expect: Option<Arc<Expectations>>,
    reports: Arc<Mutex<Reports>>,
    /// Stamps the exit of each started program.
    exits: Arc<ExitWatcher>,
    /// The runs going on, for [`CommandOracle::abandon`].
    live: Arc<LiveRuns>,
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
            file_set: None,
            expect: None,
            placeholder: None,
            guards: Vec::new(),
            compare: None,
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
        &self.plan[self.main].argv
    }

    /// The names of the guards, in the order they run.
    pub fn guard_names(&self) -> &[String] {
        &self.guard_names
    }

    /// How many commands each run starts at most (guards, test, comparison).
    pub fn commands(&self) -> usize {
        self.plan.len()
    }

    /// The name the candidate file gets.
    pub fn file_name(&self) -> &OsStr {
        &self.file_name
    }

    /// The timeout of one run, if any.
    pub fn timeout(&self) -> Option<Duration> {
        *lock(&self.timeout)
    }

    /// Sets the timeout of the runs that start from now on (`None`: none), e.g. once the
    /// original's run time is known.
    pub fn set_timeout(&self, timeout: Option<Duration>) {
        *lock(&self.timeout) = timeout;
    }

    /// What the finished runs so far came to: how many, how many timed out, how many each
    /// guard failed.
    pub fn counts(&self) -> RunCounts {
        let mut counts = lock(&self.reports).counts.clone();
        counts.guard_failures.resize(self.guard_names.len(), 0);
        counts
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
    #[cfg(test)]
    pub(crate) fn last_report(&self) -> Option<RunReport> {
        lock(&self.reports).last.clone()
    }

    /// Ends every run going on at once (their programs killed, their directories removed)
    /// and lets no other begin: for quitting at once (a second Ctrl-C). Returns how many
    /// runs there were.
    pub fn abandon(&self) -> usize {
        self.live.abandon()
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
        let sequel = |files: Vec<PathBuf>| Sequel {
            plan: self.plan.clone(),
            next: 1,
            files,
            env: self.env.clone(),
            exits: self.exits.clone(),
            reference: None,
        };
        let launched = |run: Option<(RunDir, LiveRun)>,
                        child: Result<Child, RunReport>,
                        files: Vec<PathBuf>| {
            let (dir, live) = run.unzip();
            Launched {
                start,
                dir,
                live,
                keep_temps: self.keep_temps,
                timeout: self.timeout(),
                exit_stamp: child
                    .as_ref()
                    .ok()
                    .and_then(|c| self.exits.watch(c.id() as libc::pid_t)),
                child,
                expect: self.expect.clone(),
                reports: self.reports.clone(),
                sequel: sequel(files),
            }
        };
        let (dir, live) = match self
            .live
            .begin(&self.temp_base, TEMP_DIR_PREFIX, self.keep_temps)
        {
            Ok(run) => run,
            Err(msg) => {
                let report = RunReport::not_run(RunError::Setup(msg), start);
                return launched(None, Err(report), Vec::new());
            }
        };
        let files = match &self.file_set {
            Some(set) => read(set).write_into(dir.path(), candidate),
            None => {
                let file = dir.path().join(&self.file_name);
                std::fs::write(&file, candidate)
                    .map(|()| vec![file.clone()])
                    .map_err(|e| {
                        io::Error::new(
                            e.kind(),
                            format!("cannot write the candidate to {}: {e}", file.display()),
                        )
                    })
            }
        };
        let (child, files) = match files {
            Ok(files) => {
                let step = &self.plan[0];
                let child = spawn(
                    step,
                    &files,
                    &dir,
                    &live,
                    &self.env,
                    self.reads_stdout(step),
                )
                .map_err(|e| spawn_failure(step, e, start));
                (child, files)
            }
            Err(e) => {
                let report = RunReport::not_run(RunError::Setup(e.to_string()), start);
                (Err(report), Vec::new())
            }
        };
        launched(Some((dir, live)), child, files)
    }

    /// Whether the run of `step` must capture its stdout.
    fn reads_stdout(&self, step: &Planned) -> bool {
        step.check.reads_stdout()
            || (step.check == Check::Test
                && self
                    .expect
                    .as_deref()
                    .is_some_and(Expectations::reads_stdout))
    }
}

/// The report of a run whose command `step` could not be started.
fn spawn_failure(step: &Planned, e: io::Error, start: Instant) -> RunReport {
    let program = PathBuf::from(&step.argv[0]);
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
}

/// Starts the command `step` on `files` in the run's directory `dir`, with the oracle's
/// environment `env` and the step's own, its stdout captured when `stdout` is set.
fn spawn(
    step: &Planned,
    files: &[PathBuf],
    dir: &RunDir,
    live: &LiveRun,
    env: &[(OsString, OsString)],
    stdout: bool,
) -> io::Result<Child> {
    let argv = step.argv_for(files);
    let stdout = match stdout {
        true => Stdio::piped(),
        false => Stdio::null(),
    };
    let mut cmd = Command::new(&argv[0]);
    cmd.args(&argv[1..])
        .current_dir(dir.path())
        .env("TMPDIR", dir.tmp())
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::piped());
    sys::start_new_session(&mut cmd);
    for (k, v) in env.iter().chain(&step.env) {
        cmd.env(k, v);
    }
    let mut attempt = 0;
    loop {
        match live.spawn(&mut cmd) {
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

/// Reads the file set, whatever a panicking writer left in it (a set is always whole).
fn read(set: &RwLock<FileSet>) -> std::sync::RwLockReadGuard<'_, FileSet> {
    set.read().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Locks `m`, whatever a panicking holder left in it (a report is always whole).
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}
