//! Parsing the command line: the clap command of each flavor (`reduce-text` hides and
//! refuses the options that need a grammar), the test command split off before clap sees
//! it, and the checks clap cannot express.

use super::super::test_command::{own_long_options, split_test_command};
use super::*;
use clap::FromArgMatches;

/// The options of a grammar-aware reducer that mean nothing without a grammar (hidden and
/// refused by `reduce-text`), as clap argument ids.
const GRAMMAR_ONLY: &[&str] = &[
    "print_grammar",
    "parse_only",
    "no_reparse",
    "full_reparse",
    "verify_syntax",
    "hoist_depth",
    "corpus",
    "gtr_unfiltered",
    "one_pass",
    "no_nullability_pruning",
    "no_edit_memory",
    "seed",
    "no_rename",
    "no_literals",
    "no_fallback",
    "ext_lang",
];

impl Args {
    /// The clap command for this flavor: name, about, examples, and (for `reduce-text`) the
    /// grammar options hidden.
    pub fn command_for(bin: &str, flavor: Flavor) -> clap::Command {
        let mut cmd = Args::command()
            .name(bin.to_string())
            .bin_name(bin.to_string())
            .about(about(flavor))
            .override_usage(format!(
                "{bin} [OPTIONS] INPUT... --test SCRIPT [ARGS]...\n       {bin} [OPTIONS] INPUT... --run CMD [--expect-...]\n       {bin} [OPTIONS] INPUT... --compare CMD_A CMD_B [--guard CMD]... [--ub-guard]\n       {bin} [OPTIONS] SCRIPT INPUT..."
            ))
            .after_help(super::super::help::after_help(bin, flavor));
        if let Flavor::Text = flavor {
            for id in GRAMMAR_ONLY {
                cmd = cmd.mut_arg(*id, |a| a.hide(true));
            }
        }
        cmd
    }

    /// Parses a command line (`argv[0]` first). The test command is split off first, so that
    /// the script's own options (`grep -q`) never reach clap.
    pub fn parse_from_argv(
        bin: &str,
        flavor: Flavor,
        argv: impl IntoIterator<Item = OsString>,
    ) -> Result<Args, clap::Error> {
        let mut cmd = Args::command_for(bin, flavor);
        let own = own_long_options(&cmd);
        let (rest, test) = split_test_command(argv.into_iter().collect(), &own);
        let matches = cmd.try_get_matches_from_mut(rest)?;
        let mut args = Args::from_arg_matches(&matches).map_err(|e| e.format(&mut cmd))?;
        if args.run.is_some() && (test.is_some() || !args.test.is_empty()) {
            return Err(cmd.error(
                clap::error::ErrorKind::ArgumentConflict,
                "--run and --test both give the test: use one of them",
            ));
        }
        if !args.compare.is_empty() && (test.is_some() || !args.test.is_empty()) {
            return Err(cmd.error(
                clap::error::ErrorKind::ArgumentConflict,
                "--compare and --test both give the test: use one of them",
            ));
        }
        if args.expect_timeout && args.timeout.unwrap_or(0.0) == 0.0 {
            return Err(cmd.error(
                clap::error::ErrorKind::ArgumentConflict,
                "--expect-timeout needs a --timeout (a hang has no run time to derive one \
                 from; 0 means none)",
            ));
        }
        if let Some(test) = test {
            if test.is_empty() {
                return Err(cmd.error(
                    clap::error::ErrorKind::InvalidValue,
                    "--test needs a program to run, e.g. --test ./check.sh",
                ));
            }
            args.test = test;
        }
        if let Flavor::Text = flavor {
            for id in GRAMMAR_ONLY {
                if matches.value_source(id) == Some(clap::parser::ValueSource::CommandLine) {
                    let msg = format!(
                        "--{} needs a grammar: it is not available in {bin}",
                        id.replace('_', "-")
                    );
                    return Err(cmd.error(clap::error::ErrorKind::ArgumentConflict, msg));
                }
            }
            if let Some(a) = args.algorithm.as_deref().filter(|a| *a != TEXT_ALGORITHM) {
                let msg =
                    format!("{bin} has one algorithm, '{TEXT_ALGORITHM}'; '{a}' needs a grammar");
                return Err(cmd.error(clap::error::ErrorKind::InvalidValue, msg));
            }
        }
        Ok(args)
    }
}

fn about(flavor: Flavor) -> String {
    match flavor {
        Flavor::Language { name, .. } => format!(
            "Reduces a {name} file to a small one that is still interesting, cutting along the \
             grammar: every candidate parses, and the user's test decides (exit 0 = interesting)."
        ),
        Flavor::Text => "Reduces any file to a small one that is still interesting, with no \
                         grammar: ddmin on lines, then on characters (as picire does). The user's \
                         test decides (exit 0 = interesting)."
            .to_string(),
    }
}
