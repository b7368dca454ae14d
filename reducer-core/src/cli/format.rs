//! The final result laid out for a bug report: from the grammar by default
//! ([`lay_out`](crate::syntax::pretty::lay_out): one statement per line, indentation by
//! nesting, no space before `;` `,` `)`), by the user's formatter with `--format-with CMD`
//! (`clang-format`, `gofmt`, `rustfmt`, …), or not at all with `--no-format`. The caller
//! keeps a laid-out text only if the test still finds it interesting (one query).

use super::args::Args;
use crate::engine::oracle::command::kill_group;
use crate::syntax::language::Language;
use crate::syntax::pretty;
use std::io::Read;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How a formatter is given the file: this word of its command stands for the path.
const PATH_PLACEHOLDER: &str = "{}";

/// The longest a formatter may run.
const FORMATTER_TIMEOUT: Duration = Duration::from_secs(60);

/// Who lays out the final result.
pub(super) enum Formatter {
    /// Nobody (`--no-format`).
    Off,
    /// The grammar of the file's language.
    Grammar,
    /// The user's command, as words (`--format-with`).
    Command(Vec<String>),
}

impl Formatter {
    /// The formatter the command line asks for.
    pub(super) fn of(args: &Args) -> Result<Formatter, String> {
        if args.no_format {
            return Ok(Formatter::Off);
        }
        let Some(cmd) = &args.format_with else {
            return Ok(Formatter::Grammar);
        };
        let words = shell_words::split(cmd).map_err(|e| format!("--format-with '{cmd}': {e}"))?;
        if words.is_empty() {
            return Err("--format-with needs a command".to_string());
        }
        Ok(Formatter::Command(words))
    }

    /// `text`, the result of the file `input` (read with `lang`, if it has a grammar), laid
    /// out; `Ok(None)` if nothing changes (or the grammar's layout cannot keep the tree), an
    /// error if the user's formatter fails.
    pub(super) fn lay_out(
        &self,
        lang: Option<&dyn Language>,
        input: &Path,
        text: &[u8],
    ) -> Result<Option<Vec<u8>>, String> {
        let out = match self {
            Formatter::Off => None,
            Formatter::Grammar => lang.and_then(|lang| by_grammar(lang, text)),
            Formatter::Command(words) => Some(by_command(words, input, text)?),
        };
        Ok(out.filter(|out| out != text))
    }
}

/// `text` laid out from `lang`'s grammar, if it parses.
fn by_grammar(lang: &dyn Language, text: &[u8]) -> Option<Vec<u8>> {
    let tree = lang.parse(std::str::from_utf8(text).ok()?).ok()?;
    pretty::lay_out(lang, &tree).map(String::into_bytes)
}

/// `text` formatted by the command `words`: the text goes into a file named as `input` in a
/// directory of its own, whose path stands for `{}` in the command (or comes last); the
/// formatted text is what the command prints, or (when it prints nothing, as formatters that
/// rewrite the file in place do) the file afterwards. An error if the command cannot be
/// started, fails, or runs past [`FORMATTER_TIMEOUT`].
fn by_command(words: &[String], input: &Path, text: &[u8]) -> Result<Vec<u8>, String> {
    let io = |what: &str, e: std::io::Error| format!("--format-with: {what}: {e}");
    let dir = tempfile::Builder::new()
        .prefix("reduce-format-")
        .tempdir()
        .map_err(|e| io("cannot make a temporary directory", e))?;
    let name = input.file_name().unwrap_or("result".as_ref());
    let file = dir.path().join(name);
    std::fs::write(&file, text).map_err(|e| io("cannot write the result", e))?;
    let mut args: Vec<std::ffi::OsString> = words[1..]
        .iter()
        .map(|w| match w.as_str() {
            PATH_PLACEHOLDER => file.clone().into_os_string(),
            _ => w.into(),
        })
        .collect();
    if !words[1..].iter().any(|w| w == PATH_PLACEHOLDER) {
        args.push(file.clone().into_os_string());
    }
    let mut child = Command::new(&words[0])
        .args(&args)
        .current_dir(dir.path())
        .env("TMPDIR", dir.path())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        // A group of its own, so that a timeout kills what the formatter started too.
        .process_group(0)
        .spawn()
        .map_err(|e| io(&format!("cannot run {}", words[0]), e))?;
    // Read stdout on a thread, so that a formatter printing much never blocks on the pipe.
    let mut stdout = child.stdout.take().expect("stdout is piped");
    let reader = std::thread::spawn(move || {
        let mut out = Vec::new();
        stdout.read_to_end(&mut out).map(|_| out)
    });
    let started = Instant::now();
    let status = loop {
        match child.try_wait().map_err(|e| io("cannot wait", e))? {
            Some(status) => break status,
            None if started.elapsed() > FORMATTER_TIMEOUT => {
                kill_group(child.id() as libc::pid_t);
                let _ = child.wait();
                let secs = FORMATTER_TIMEOUT.as_secs();
                return Err(format!("--format-with: {} ran past {secs} s", words[0]));
            }
            None => std::thread::sleep(Duration::from_millis(5)),
        }
    };
    let printed = reader
        .join()
        .map_err(|_| "--format-with: the reader of its output failed".to_string())?
        .map_err(|e| io("cannot read its output", e))?;
    if !status.success() {
        return Err(format!("--format-with: {} failed ({status})", words[0]));
    }
    match printed.is_empty() {
        true => std::fs::read(&file).map_err(|e| io("cannot read the result back", e)),
        false => Ok(printed),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_prints_the_formatted_text_or_rewrites_the_file() {
        let input = Path::new("dir/bug.c");
        // Prints: `tr` upper-cases what `cat` reads from the file named like the input.
        let upper = ["sh", "-c", "tr a-z A-Z < \"$1\"", "sh", "{}"].map(String::from);
        assert_eq!(by_command(&upper, input, b"int x;\n").unwrap(), b"INT X;\n");
        // Rewrites in place and prints nothing; the file keeps the input's name.
        let sed = ["sed", "-i", "s/int/long/"].map(String::from);
        assert_eq!(by_command(&sed, input, b"int x;\n").unwrap(), b"long x;\n");
        let named = ["sh", "-c", "case \"$1\" in */bug.c) echo yes;; esac", "sh"].map(String::from);
        assert_eq!(by_command(&named, input, b"").unwrap(), b"yes\n");
        // A failing or missing formatter is an error that says so.
        let fails = ["false"].map(String::from);
        let e = by_command(&fails, input, b"int x;\n").unwrap_err();
        assert!(e.contains("false failed"), "{e}");
        let missing = ["/nonexistent/formatter"].map(String::from);
        let e = by_command(&missing, input, b"int x;\n").unwrap_err();
        assert!(e.contains("cannot run /nonexistent/formatter"), "{e}");
    }

    #[test]
    fn nothing_is_laid_out_when_nothing_changes() {
        let cat = Formatter::Command(["cat"].map(String::from).to_vec());
        let path = Path::new("a.txt");
        assert_eq!(cat.lay_out(None, path, b"same\n"), Ok(None));
        assert_eq!(Formatter::Off.lay_out(None, path, b"x"), Ok(None));
        // Without a grammar, the grammar's layout does nothing.
        assert_eq!(Formatter::Grammar.lay_out(None, path, b"x"), Ok(None));
    }
}
