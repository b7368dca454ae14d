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
#[cfg(test)]
mod tests;
mod wait;

pub use report::{Leftovers, RunError, RunReport};
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
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};
use wait::ExitWatcher;

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
}

impl CommandOracleBuilder {
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
        let placeholder = self
            .placeholder
            .filter(|p| !p.is_empty() && self.command.iter().any(|w| contains(w, p)));
        Ok(CommandOracle {
            command_start: self.launcher.len(),
            placeholder,
            expect: self.expect,
            argv,
            file_name,
            timeout: self.timeout,
            keep_temps: self.keep_temps,
            temp_base,
            env: self.env,
            file_set: self.file_set,
            reports: Arc::default(),
            exits: ExitWatcher::default(),
            live: Arc::default(),
        })
    }
}

/// Whether `word` holds `part`.
fn contains(word: &OsStr, part: &OsStr) -> bool {
    let (w, p) = (word.as_bytes(), part.as_bytes());
    w.windows(p.len()).any(|x| x == p)
}

/// `word` with every `placeholder` replaced by `path`.
fn substitute(word: &OsStr, placeholder: &OsStr, path: &OsStr) -> OsString {
    let (w, p) = (word.as_bytes(), placeholder.as_bytes());
    let mut out = Vec::with_capacity(w.len() + path.len());
    let mut i = 0;
    while i < w.len() {
        if w[i..].starts_with(p) {
            out.extend_from_slice(path.as_bytes());
            i += p.len();
        } else {
            out.push(w[i]);
            i += 1;
        }
    }
    OsString::from_vec(out)
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
    /// The files written beside the candidate, if it is one of a set.
    file_set: Option<Arc<RwLock<FileSet>>>,
    /// Where the command starts in `argv` (after the launcher).
    command_start: usize,
    /// The word that stands for the candidate's path in the command, when one does.
    placeholder: Option<OsString>,
    /// The conditions of a built test.
    expect: Option<Arc<Expectations>>,
    reports: Arc<Mutex<Reports>>,
    /// Stamps the exit of each started program.
    exits: ExitWatcher,
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
        let launched = |run: Option<(RunDir, LiveRun)>, child: Result<Child, RunReport>| {
            let (dir, live) = run.unzip();
            Launched {
                start,
                dir,
                live,
                keep_temps: self.keep_temps,
                timeout: self.timeout,
                exit_stamp: child
                    .as_ref()
                    .ok()
                    .and_then(|c| self.exits.watch(c.id() as libc::pid_t)),
                child,
                expect: self.expect.clone(),
                reports: self.reports.clone(),
            }
        };
        let (dir, live) = match self
            .live
            .begin(&self.temp_base, TEMP_DIR_PREFIX, self.keep_temps)
        {
            Ok(run) => run,
            Err(msg) => {
                return launched(None, Err(RunReport::not_run(RunError::Setup(msg), start)));
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
        let child = match files {
            Ok(files) => self.spawn(&dir, &live, &files).map_err(|e| {
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
            Err(e) => Err(RunReport::not_run(RunError::Setup(e.to_string()), start)),
        };
        launched(Some((dir, live)), child)
    }

    /// The whole argv of a run on `files`: the candidate's paths where the placeholder
    /// stands, or after the command.
    fn argv_for(&self, files: &[PathBuf]) -> Vec<OsString> {
        let Some(p) = &self.placeholder else {
            let files = files.iter().map(|f| f.as_os_str().to_os_string());
            return self.argv.iter().cloned().chain(files).collect();
        };
        let mut argv = self.argv[..self.command_start].to_vec();
        for word in &self.argv[self.command_start..] {
            if contains(word, p) {
                argv.extend(files.iter().map(|f| substitute(word, p, f.as_os_str())));
            } else {
                argv.push(word.clone());
            }
        }
        argv
    }

    fn spawn(&self, dir: &RunDir, live: &LiveRun, files: &[PathBuf]) -> io::Result<Child> {
        let argv = self.argv_for(files);
        let stdout = match self
            .expect
            .as_deref()
            .is_some_and(Expectations::reads_stdout)
        {
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
        for (k, v) in &self.env {
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
