//! The command line shared by every generated reducer, and `reduce-text`.
//!
//! A language binary's `main` is one line:
//!
//! ```ignore
//! fn main() -> std::process::ExitCode { reducer_core::cli::main_with_fallback::<C, Structure>() }
//! ```
//!
//! where `Structure` is the language of `grammars/structure.pest` (generated, like `C`, by the
//! `#[reducer]` macro in the crate that ships the binaries: the engine cannot apply the macro
//! to itself). An input that does not parse with `C` is reduced with `Structure` until it does
//! (see [the fallback](#fallback)); `main::<C>()` has no structure grammar and falls back to
//! ddmin on lines and bytes instead.
//!
//! and the grammar-less text reducer's is `reducer_core::cli::text_main()`.
//!
//! What a run does, in order: parse the command line ([`args`]); check that the input parses
//! ([`inspect`]) and that the test finds the original interesting; reduce, writing every new
//! best result atomically as soon as it is found ([`output`]) while showing progress
//! ([`progress`]); re-check the final result with the test; print a summary and, if asked,
//! a JSON record ([`stats_json`]). Ctrl-C stops the reduction and keeps the best result.
//!
//! # Layout
//!
//! The modules read in the order a run happens, and each imports only modules of its own or
//! an earlier step, or the shared ones (no module imports one that imports it back; the test
//! `tests/layers.rs` checks this):
//!
//! 1. shared: `exit` (exit statuses, the `Failure` that ends a run), `flavor`, [`diagnostic`],
//!    [`progress`], [`output`] (atomic writes), `limits`, `timeout` (given, or derived from
//!    the original's run);
//! 2. the command line: `test_command` (where the test starts, which file is the script),
//!    [`help`], [`args`], `manual` (completions, man page);
//! 3. the plan: [`guard`] (what may be written), `grammars`, [`inspect`] and `input`
//!    (reading, parsing), `plan`;
//! 4. the test: `ub_guard` (the preset guard of `--ub-guard`), `oracle` (the script or the
//!    test built by `--run`/`--expect-*` or `--compare`, the guards, the tester that runs
//!    it, Ctrl-C), `check` (the verdicts on the original and on the result);
//! 5. the run: `format` (the final result laid out), `flow` (the steps every run shares: the
//!    tester's start, the original's verdict, the writers, the final check, the messages
//!    that end a run), `stages` (the fallback),
//!    `single` (one file), `file_set` (a set of files) and `run` (what the command line asks
//!    for);
//! 6. what a run leaves besides the result: [`stats_json`], `summary`, `report` (the HTML
//!    page of `--report`).
//!
//! # Fallback
//!
//! An input that the grammar rejects is not refused (unless `--no-fallback`): the parse error
//! is printed as a warning, and the reduction goes through stages, each until the next one
//! can take over:
//!
//! 1. input that is not UTF-8: ddmin on lines, then (if still not UTF-8 text a grammar reads)
//!    on bytes, as `reduce-text` does; everything written is the exact bytes tested;
//! 2. UTF-8 text the grammar rejects: the chosen algorithm with the structure grammar, which
//!    reads any text; it stops as soon as an interesting result parses with the grammar (or
//!    without a structure grammar, ddmin on lines and bytes);
//! 3. text the grammar reads: the chosen algorithm with the grammar.
//!
//! The summary line and `--stats` name the grammars used (`"C"`, `"fallback"`,
//! `"C after fallback"`, `"bytes"`, …).
//!
//! # Several files
//!
//! Several inputs, or a directory, are reduced together as one set: every
//! test run gets all the files, each file is reduced in turn with the grammar its extension
//! selects (or as text), and each result is written apart.
//! # Exit status
//!
//! | code | meaning |
//! | --- | --- |
//! | 0 | success: the result is interesting |
//! | 1 | usage or I/O error (bad option, missing file or test script, cannot write) |
//! | 2 | with `--no-fallback`: the input does not parse with the grammar (or is not UTF-8) |
//! | 3 | the original input is not interesting |
//! | 4 | the final result is no longer interesting, nor an earlier one (flaky test); the file is kept |
//! | 5 | the test could not be run, even when tried again (no temporary directory or disk space, test program missing, its `#!` interpreter missing); the best result so far is kept |
//! | 6 | a run limit (`--max-time`, `--max-queries`) was reached; the best result so far is kept (and checked, as at the end of any run) |
//! | 130 | interrupted (Ctrl-C); the best result so far is kept |

pub mod args;
mod check;
pub mod diagnostic;
mod exit;
mod file_set;
mod flavor;
mod flow;
mod format;
mod grammars;
pub mod guard;
pub mod help;
mod input;
pub mod inspect;
mod limits;
mod manual;
mod oracle;
pub mod output;
mod plan;
pub mod progress;
pub mod report;
mod run;
mod single;
mod stages;
pub mod stats_json;
mod summary;
mod test_command;
mod timeout;
mod ub_guard;

pub use exit::Exit;
pub use grammars::Grammar;

use crate::syntax::language::Language;
use std::ffi::OsString;
use std::path::Path;
use std::process::ExitCode;

/// The `main` of a language's reducer without a structure grammar: parses the process's
/// command line and runs. An input that does not parse is reduced with ddmin on lines and
/// bytes until it does (see [the fallback](self#fallback)).
pub fn main<L: Language + Default>() -> ExitCode {
    let lang = L::default();
    let argv: Vec<OsString> = std::env::args_os().collect();
    let bin = bin_name(&argv, &format!("reduce-{}", lang.name().to_lowercase()));
    let grammars = [Grammar {
        lang: &lang,
        fallback: None,
    }];
    run::run(&bin, &grammars, argv).into()
}

/// The `main` of a language's reducer `L` whose inputs that `L` rejects are reduced with the
/// structure grammar `F` until they parse (see [the fallback](self#fallback)).
pub fn main_with_fallback<L: Language + Default, F: Language + Default>() -> ExitCode {
    let (lang, fallback) = (L::default(), F::default());
    let argv: Vec<OsString> = std::env::args_os().collect();
    let bin = bin_name(&argv, &format!("reduce-{}", lang.name().to_lowercase()));
    let grammars = [Grammar {
        lang: &lang,
        fallback: Some(&fallback),
    }];
    run::run(&bin, &grammars, argv).into()
}

/// The `main` of a reducer for several languages (`reduce`): each input file is read with
/// the grammar its extension selects, and a file no grammar claims is reduced as text.
pub fn main_many(grammars: &[Grammar<'_>]) -> ExitCode {
    let argv: Vec<OsString> = std::env::args_os().collect();
    let bin = bin_name(&argv, "reduce");
    run::run(&bin, grammars, argv).into()
}

/// The `main` of `reduce-text`: ddmin on lines, then on characters, for any file.
pub fn text_main() -> ExitCode {
    let argv: Vec<OsString> = std::env::args_os().collect();
    let bin = bin_name(&argv, "reduce-text");
    run::run(&bin, &[], argv).into()
}

/// Runs a reducer on an explicit command line (`argv[0]` first), as `main` would, and
/// returns its exit status. `lang` is `None` for `reduce-text`. Installs a Ctrl-C handler
/// the first time it is called in a process.
pub fn run_with(bin: &str, lang: Option<&dyn Language>, argv: Vec<OsString>) -> Exit {
    let grammars: Vec<Grammar<'_>> = lang
        .map(|lang| Grammar {
            lang,
            fallback: None,
        })
        .into_iter()
        .collect();
    run::run(bin, &grammars, argv)
}

/// [`run_with`] for a language with a structure grammar `fallback` (see
/// [`main_with_fallback`]).
pub fn run_with_fallback(
    bin: &str,
    lang: &dyn Language,
    fallback: &dyn Language,
    argv: Vec<OsString>,
) -> Exit {
    let grammars = [Grammar {
        lang,
        fallback: Some(fallback),
    }];
    run::run(bin, &grammars, argv)
}

/// [`run_with`] for a reducer of several languages (see [`main_many`]).
pub fn run_with_grammars(bin: &str, grammars: &[Grammar<'_>], argv: Vec<OsString>) -> Exit {
    run::run(bin, grammars, argv)
}

/// The program's name as invoked (`argv[0]`'s file name), or `fallback`.
fn bin_name(argv: &[OsString], fallback: &str) -> String {
    argv.first()
        .and_then(|a| Path::new(a).file_name())
        .map(|n| n.to_string_lossy().into_owned())
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| fallback.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exit_codes_are_the_documented_ones() {
        let all = [
            (Exit::Success, 0),
            (Exit::Usage, 1),
            (Exit::Parse, 2),
            (Exit::NotInteresting, 3),
            (Exit::Flaky, 4),
            (Exit::TestNotRun, 5),
            (Exit::Limit, 6),
            (Exit::Interrupted, 130),
        ];
        for (e, c) in all {
            assert_eq!(e.code(), c);
        }
    }

    #[test]
    fn bin_name_is_argv0s_file_name() {
        let argv = vec![OsString::from("/usr/bin/reduce-c")];
        assert_eq!(bin_name(&argv, "x"), "reduce-c");
        assert_eq!(bin_name(&[], "reduce-text"), "reduce-text");
    }
}
