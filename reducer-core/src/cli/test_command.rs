//! The input and the test on the command line: which file is the script (our order or
//! C-Reduce's), whether the test program can be run, and which of the user's options ended
//! up after `--test` by mistake.

use std::ffi::{OsStr, OsString};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// The option names that start the test command; it runs to the end of the command line or
/// to the next option of this tool spelled out in full (`--name`).
pub(super) const TEST_FLAGS: &[&str] = &["--test", "--test-script"];

/// Facts about a path that decide which positional is the script.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FileFacts {
    /// The path exists.
    pub exists: bool,
    /// It is a regular file (or a link to one).
    pub is_file: bool,
    /// Someone may execute it.
    pub executable: bool,
}

impl FileFacts {
    /// Looks at the file system.
    pub fn of(path: &Path) -> FileFacts {
        match std::fs::metadata(path) {
            Ok(m) => FileFacts {
                exists: true,
                is_file: m.is_file(),
                executable: m.is_file() && m.permissions().mode() & 0o111 != 0,
            },
            Err(_) => FileFacts::default(),
        }
    }
}

pub(super) fn list(files: &[PathBuf]) -> String {
    files
        .iter()
        .map(|f| f.display().to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// `name` as a path the oracle will not look up in `PATH`.
pub(super) fn as_path_command(p: &Path) -> OsString {
    if p.as_os_str().as_encoded_bytes().contains(&b'/') {
        p.as_os_str().to_os_string()
    } else {
        Path::new(".").join(p).into_os_string()
    }
}

/// C-Reduce's `SCRIPT INPUT` or our `INPUT SCRIPT`: whether the first file is the script.
pub(super) fn script_is_first(
    a: &Path,
    b: &Path,
    extensions: &[&str],
    facts: &dyn Fn(&Path) -> FileFacts,
) -> Result<bool, String> {
    let (fa, fb) = (facts(a), facts(b));
    let lang_ext = |p: &Path| {
        p.extension()
            .and_then(OsStr::to_str)
            .is_some_and(|e| extensions.iter().any(|x| x.eq_ignore_ascii_case(e)))
    };
    match (fa.executable, fb.executable) {
        (true, false) => return Ok(true),
        (false, true) => return Ok(false),
        // Both executable: the one with the language's extension is the input; else C-Reduce.
        (true, true) => return Ok(!lang_ext(a) || lang_ext(b)),
        (false, false) => {}
    }
    for (p, f) in [(a, fa), (b, fb)] {
        if !f.exists {
            return Err(format!("{}: no such file", p.display()));
        }
    }
    let script_like = |p: &Path| {
        p.extension()
            .and_then(OsStr::to_str)
            .is_some_and(|e| ["sh", "bash", "py", "pl", "rb", "zsh"].contains(&e))
    };
    for p in [a, b] {
        if script_like(p) && !lang_ext(p) {
            return Err(format!(
                "the test script {0} is not executable (chmod +x {0})",
                p.display()
            ));
        }
    }
    Err(format!(
        "neither {} nor {} is an executable test script (chmod +x the script, or use --test)",
        a.display(),
        b.display()
    ))
}

/// Checks that the test program (or, with a launcher, the launcher's program) can be run,
/// and returns the command with a program of the current directory resolved to a path.
pub fn check_program(test: &[OsString], launcher: &[String]) -> Result<Vec<OsString>, String> {
    let mut test = test.to_vec();
    if let Some(program) = test.first_mut() {
        let p = Path::new(program.as_os_str());
        let bare = !program.as_encoded_bytes().contains(&b'/');
        if bare && FileFacts::of(p).is_file && find_in_path(program).is_none() {
            *program = as_path_command(p);
        }
    }
    if let Some(l) = launcher.first() {
        // The test may live on another machine (ssh) or be found by the launcher: only the
        // launcher is checked here.
        return check_one(OsStr::new(l), "launcher").map(|()| test);
    }
    match test.first() {
        Some(program) => check_one(program, "test program").map(|()| test),
        None => Err("the test command is empty".to_string()),
    }
}

pub(super) fn check_one(program: &OsStr, what: &str) -> Result<(), String> {
    let p = Path::new(program);
    if program.as_encoded_bytes().contains(&b'/') {
        let f = FileFacts::of(p);
        if !f.exists {
            return Err(format!("{what} {}: no such file", p.display()));
        }
        if !f.is_file {
            return Err(format!("{what} {} is not a file", p.display()));
        }
        if !f.executable {
            return Err(format!(
                "{what} {0} is not executable (chmod +x {0})",
                p.display()
            ));
        }
        Ok(())
    } else if find_in_path(program).is_some() {
        Ok(())
    } else {
        Err(format!("{what} '{}' not found in PATH", p.display()))
    }
}

/// The first executable `name` in `PATH`.
pub(crate) fn find_in_path(name: &OsStr) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join(name))
        .find(|p| FileFacts::of(p).executable)
}

/// The long option names of `cmd` (aliases included), which end a test command.
pub(super) fn own_long_options(cmd: &clap::Command) -> Vec<String> {
    let mut names = vec!["help".to_string(), "version".to_string()];
    for a in cmd.get_arguments() {
        if let Some(l) = a.get_long() {
            names.push(l.to_string());
        }
        if let Some(aliases) = a.get_all_aliases() {
            names.extend(aliases.into_iter().map(str::to_string));
        }
    }
    names
}

/// Splits the test command off `argv`: from a [`TEST_FLAGS`] option to the end, to the next
/// long option of this tool, or to a `--` (which is ours: what follows it are files, e.g. an
/// input named `-x.c`, as clap's own tip suggests). Returns the rest of the command line and
/// the test words (`None` when there is no separate test option; `--test=X` is left to clap).
pub(super) fn split_test_command(
    argv: Vec<OsString>,
    own: &[String],
) -> (Vec<OsString>, Option<Vec<OsString>>) {
    let is_own = |a: &OsStr| {
        let Some(s) = a.to_str() else { return false };
        let Some(name) = s.strip_prefix("--") else {
            return false;
        };
        let name = name.split('=').next().unwrap_or_default();
        !name.is_empty() && own.iter().any(|o| o == name)
    };
    let mut rest = Vec::with_capacity(argv.len());
    let mut test: Option<Vec<OsString>> = None;
    let mut it = argv.into_iter().peekable();
    if let Some(argv0) = it.next() {
        rest.push(argv0);
    }
    while let Some(a) = it.next() {
        if a == "--" {
            rest.push(a);
            rest.extend(it);
            break;
        }
        if TEST_FLAGS.iter().any(|f| a == *f) {
            let words = test.get_or_insert_with(Vec::new);
            while let Some(w) = it.next_if(|w| !is_own(w) && w != "--") {
                words.push(w);
            }
            continue;
        }
        rest.push(a);
    }
    (rest, test)
}

/// The short options of `cmd` (aliases, `-h` and `-V` included), with whether each takes a
/// value.
fn own_short_options(cmd: &clap::Command) -> Vec<(char, bool)> {
    let mut cmd = cmd.clone();
    cmd.build();
    let mut shorts = Vec::new();
    for a in cmd.get_arguments() {
        let takes_value = a.get_action().takes_values();
        for c in a.get_short_and_visible_aliases().unwrap_or_default() {
            shorts.push((c, takes_value));
        }
    }
    shorts
}

/// The words of the test command (its program excepted) that `cmd` reads as its own short
/// options, as typed: `-o out.c`, `-oout.c`, `-j4`, `-j 4`, `-q`, `-qv`. A word counts only
/// when every letter of it is an option of `cmd` and `cmd` accepts the value it gets (so
/// `make -j` and `-j all` are not ours). Long options of ours never get here: they end the
/// test command. Such words may still be the test's own (`gcc -o`, `grep -q`): the note that
/// names them says so.
pub fn misplaced_options(test: &[OsString], cmd: &clap::Command) -> Vec<String> {
    let shorts = own_short_options(cmd);
    let words: Vec<&str> = test
        .iter()
        .skip(1)
        .map(|w| w.to_str().unwrap_or(""))
        .collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let used = short_option_at(&words[i..], &shorts)
            .filter(|&n| clap_accepts(cmd, &words[i..i + n]))
            .unwrap_or(0);
        if used > 0 {
            found.push(words[i..i + used].join(" "));
            i += used;
        } else {
            i += 1;
        }
    }
    found
}

/// How many words at the start of `words` make one cluster of short options of ours (1, or
/// 2 when the last letter takes the next word as its value); `None` if the first word is not
/// one.
fn short_option_at(words: &[&str], shorts: &[(char, bool)]) -> Option<usize> {
    let letters = words[0].strip_prefix('-').filter(|l| !l.starts_with('-'))?;
    let mut chars = letters.chars();
    chars.clone().next()?;
    while let Some(c) = chars.next() {
        let &(_, takes_value) = shorts.iter().find(|(s, _)| *s == c)?;
        if takes_value {
            return match chars.as_str() {
                "" if words.len() > 1 => Some(2),
                "" => None,
                _ => Some(1),
            };
        }
    }
    Some(1)
}

/// Whether clap parses `words` alone as options of `cmd`.
fn clap_accepts(cmd: &clap::Command, words: &[&str]) -> bool {
    let argv = std::iter::once("reducer").chain(words.iter().copied());
    match cmd.clone().try_get_matches_from(argv) {
        Ok(_) => true,
        Err(e) => matches!(
            e.kind(),
            clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion
        ),
    }
}
