//! The commands of one run, in order: a test may be more than one program. Guards
//! (`--guard`, `--ub-guard`) run first and must each succeed for the candidate to count at
//! all; then the test itself, or the two commands of a differential test (`--compare`),
//! whose outputs must differ. Every command of a run runs in the run's one directory, one
//! after the other, each as the single command of a plain run does (its own session and
//! process group, killed at the timeout); the timeout bounds the whole run, all its commands
//! together, as it bounds a script that runs several programs.
//!
//! A run stops at the first command whose check fails (a failing guard saves the
//! comparison): the candidate is then not interesting, or unresolved when the command ran
//! into the timeout. Which guard failed is counted ([`RunCounts`](super::RunCounts)).

use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::{Path, PathBuf};

/// What stands for the candidate's path in the words of a built command (`--run`,
/// `--guard`, `--compare`).
pub const PLACEHOLDER: &str = "{}";

/// What a command's run must show for the run to go on; the last command's decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// The test itself: its conditions ([`Expectations`](crate::engine::oracle::expect::Expectations)),
    /// or exit status 0, decide the candidate.
    Test,
    /// Exit status 0 within the timeout (a guard, a build step).
    Succeeds,
    /// Exit status 0; its stdout is the one later commands are compared with (the first
    /// command of `--compare`, the plain run of `--ub-guard`).
    Reference,
    /// Exit status 0 and the same stdout as the reference (the sanitised run of
    /// `--ub-guard`).
    SameOutput,
    /// Exit status 0 and another stdout than the reference: the candidate is interesting
    /// (the second command of `--compare`).
    OtherOutput,
}

impl Check {
    /// Whether the command's stdout is read.
    pub(super) fn reads_stdout(self) -> bool {
        matches!(
            self,
            Check::Reference | Check::SameOutput | Check::OtherOutput
        )
    }
}

/// One command of a guard, as given to
/// [`CommandOracleBuilder::guard`](super::CommandOracleBuilder::guard).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The program and its arguments; [`PLACEHOLDER`] stands for the candidate's path (one
    /// word per file of a set), appended when no word holds it.
    pub words: Vec<OsString>,
    /// What its run must show.
    pub check: Check,
    /// Environment variables for this command only.
    pub env: Vec<(OsString, OsString)>,
    /// Whether a relative program path (`./x`, `dir/x`) names a file of the current
    /// directory (the user's commands: resolved when the oracle is built), or of the run's
    /// directory (a program an earlier command built there).
    pub program_in_run_dir: bool,
}

impl Step {
    /// A command of the user's, which must succeed.
    pub fn succeeds<I, S>(words: I) -> Step
    where
        I: IntoIterator<Item = S>,
        S: Into<OsString>,
    {
        Step {
            words: words.into_iter().map(Into::into).collect(),
            check: Check::Succeeds,
            env: Vec::new(),
            program_in_run_dir: false,
        }
    }

    /// The same command, with `check`.
    pub fn checking(mut self, check: Check) -> Step {
        self.check = check;
        self
    }

    /// The same command, with an environment variable of its own.
    pub fn env(mut self, key: impl Into<OsString>, value: impl Into<OsString>) -> Step {
        self.env.push((key.into(), value.into()));
        self
    }

    /// The same command, its program a file of the run's directory.
    pub fn in_run_dir(mut self) -> Step {
        self.program_in_run_dir = true;
        self
    }
}

/// A command as each run starts it: the launcher, then the command.
#[derive(Clone, Debug)]
pub(super) struct Planned {
    /// Launcher and command, programs resolved.
    pub(super) argv: Vec<OsString>,
    /// Where the command starts in `argv` (after the launcher).
    pub(super) command_start: usize,
    /// The word that stands for the candidate's path, when one does.
    pub(super) placeholder: Option<OsString>,
    pub(super) check: Check,
    /// The guard it belongs to (an index into the oracle's guard names).
    pub(super) guard: Option<usize>,
    /// What it is, for messages (a guard's name, `--compare's first command`).
    pub(super) label: String,
    pub(super) env: Vec<(OsString, OsString)>,
}

impl Planned {
    /// The whole argv of a run on `files`: the candidate's paths where the placeholder
    /// stands, or after the command.
    pub(super) fn argv_for(&self, files: &[PathBuf]) -> Vec<OsString> {
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
}

/// Plans `command` behind `launcher`: relative program paths with a `/` resolved against
/// `cwd` (the command's own only when `resolve_command`), the placeholder kept only if a
/// word of the command holds it.
pub(super) fn plan(
    launcher: &[OsString],
    command: &[OsString],
    resolve_command: bool,
    placeholder: Option<&OsStr>,
    cwd: &mut dyn FnMut() -> std::io::Result<PathBuf>,
) -> std::io::Result<(Vec<OsString>, Option<OsString>)> {
    let mut argv = Vec::with_capacity(launcher.len() + command.len());
    for (i, part) in launcher.iter().chain(command).enumerate() {
        let is_program = match i == launcher.len() {
            true => resolve_command,
            false => i == 0,
        };
        if is_program && needs_resolving(part) {
            argv.push(cwd()?.join(part).into_os_string());
        } else {
            argv.push(part.clone());
        }
    }
    let placeholder = placeholder
        .filter(|p| !p.is_empty() && command.iter().any(|w| contains(w, p)))
        .map(OsStr::to_os_string);
    Ok((argv, placeholder))
}

/// Whether `word` holds `part`.
pub(super) fn contains(word: &OsStr, part: &OsStr) -> bool {
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
pub(super) fn needs_resolving(program: &OsStr) -> bool {
    Path::new(program).is_relative() && program.as_bytes().contains(&b'/')
}
