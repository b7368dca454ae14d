//! What a reducer binary does with its command line: print help, completions, the man page,
//! the algorithms or the grammar; parse files (`--parse-only`); or reduce one file
//! ([`single`](super::single)) or a set of them ([`file_set`](super::file_set)).

use super::args::{Args, Flavor, TEXT_ALGORITHM};
use super::exit::{Exit, Failure};
use super::grammars::{self, Chooser, Grammar};
use super::inspect::{decode, grammar_report, parse_check};
use super::{file_set, manual, single};
use crate::console::{errln, out, outln};
use crate::reduce;
use std::ffi::OsString;
use std::path::PathBuf;

/// Runs one command line; see [`super::run_with`] and [`super::run_with_grammars`].
pub(super) fn run(bin: &str, grammars: &[Grammar<'_>], argv: Vec<OsString>) -> Exit {
    let flavor = grammars::flavor(grammars);
    let args = match Args::parse_from_argv(bin, flavor, argv) {
        Ok(a) => a,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                Exit::Usage
            } else {
                Exit::Success
            };
        }
    };
    let result = if let Some(shell) = args.completions {
        manual::print(&manual::completions(bin, flavor, shell))
            .map(|()| Exit::Success)
            .map_err(Failure::usage)
    } else if args.man {
        manual::print(&manual::man_page(bin, flavor))
            .map(|()| Exit::Success)
            .map_err(Failure::usage)
    } else if args.list_algorithms {
        list_algorithms(flavor);
        Ok(Exit::Success)
    } else if args.print_grammar && !grammars.is_empty() {
        for g in grammars {
            out!("{}", grammar_report(g.lang));
        }
        Ok(Exit::Success)
    } else if args.parse_only && !grammars.is_empty() {
        Ok(parse_only(grammars, &args))
    } else {
        reduce(bin, grammars, flavor, &args)
    };
    match result {
        Ok(exit) => exit,
        Err(f) => {
            errln!("{bin}: {}", f.message);
            f.exit
        }
    }
}

fn list_algorithms(flavor: Flavor) {
    match flavor {
        Flavor::Language { .. } => {
            let all = reduce::Algorithm::ALL;
            let width = all.iter().map(|a| a.name().len()).max().unwrap_or(0);
            for a in all {
                outln!("{:width$}  {}", a.name(), a.summary());
            }
            let minimising: Vec<&str> = all
                .iter()
                .filter(|a| a.minimises_lists())
                .map(|a| a.name())
                .collect();
            outln!(
                "\nALGO+LIST: ALGO with the list reducer LIST in place of its own (e.g. hdd+probdd), for ALGO one of {}; LIST one of:",
                minimising.join(", ")
            );
            let lists = reduce::list::ListAlgorithm::SELECTABLE;
            let width = lists.iter().map(|l| l.name().len()).max().unwrap_or(0);
            for l in lists {
                outln!("  {:width$}  {}", l.name(), l.summary());
            }
        }
        Flavor::Text => outln!("{TEXT_ALGORITHM}  ddmin on lines, then on characters"),
    }
}

/// `--parse-only`: every positional (and `-i`) file is parsed and printed back.
fn parse_only(grammars: &[Grammar<'_>], args: &Args) -> Exit {
    let files: Vec<&PathBuf> = args.input.iter().chain(&args.files).collect();
    if files.is_empty() {
        errln!("--parse-only needs a file to parse");
        return Exit::Usage;
    }
    let chooser = match Chooser::new(grammars, &args.ext_lang) {
        Ok(c) => c,
        Err(e) => {
            errln!("{e}");
            return Exit::Usage;
        }
    };
    let mut exit = Exit::Success;
    for path in files {
        let Some(Grammar { lang, .. }) = chooser.for_input(path) else {
            errln!("{}: no grammar reads this file's extension", path.display());
            exit = Exit::Usage;
            continue;
        };
        let bytes = match std::fs::read(path) {
            Ok(b) => b,
            Err(e) => {
                errln!("{}: {e}", path.display());
                exit = Exit::Usage;
                continue;
            }
        };
        let checked = decode(path, bytes, lang.name()).and_then(|t| parse_check(lang, path, t));
        match checked {
            Ok(report) => outln!("{}", report.line(path)),
            Err(msg) => {
                errln!("{msg}");
                if exit == Exit::Success {
                    exit = Exit::Parse;
                }
            }
        }
    }
    exit
}

fn reduce(
    bin: &str,
    grammars: &[Grammar<'_>],
    flavor: Flavor,
    args: &Args,
) -> Result<Exit, Failure> {
    let usage = Failure::usage;
    let extensions = match flavor {
        Flavor::Language { extensions, .. } => extensions,
        Flavor::Text => &[][..],
    };
    let job = args.job(extensions).map_err(usage)?;
    let chooser = Chooser::new(grammars, &args.ext_lang).map_err(usage)?;
    if job.is_file_set() {
        if !args.keep_lines.is_empty() {
            return Err(usage(
                "--keep-lines takes a single input; in a file set, mark the regions to keep \
                 in the files (reduce:keep-begin ... reduce:keep-end)"
                    .to_string(),
            ));
        }
        return file_set::reduce(bin, &chooser, flavor, args, job);
    }
    single::reduce(bin, &chooser, flavor, args, job)
}
