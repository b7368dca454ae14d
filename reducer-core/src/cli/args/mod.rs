//! The command line as the user typed it: what can be asked for (our option names, picire's
//! and Perses'), parsed with clap, and where the test command ends. What the options resolve
//! to (the engine's option records, the input and the test) is in `settings.rs`; parsing
//! (the flavors, the test command split off) in `parse.rs`; the options' values (choices
//! and value parsers) in `values.rs`.

use crate::engine::cache::{CacheMode, CacheOptions};
use crate::engine::oracle::expect::Expectations;
use crate::engine::session::{SessionOptions, SyntaxCheck};
use crate::engine::tester::Parallel;
use crate::reduce::gtr::corpus::Corpus;
use crate::reduce::list::{ComplementOrder, DdOptions};
use crate::reduce::transform::TransformOptions;
use crate::reduce::{AlgoOptions, GtrFilter, DEFAULT_ALGORITHM};
use crate::syntax::language::Language;
use clap::{ArgAction, CommandFactory, Parser};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

pub use super::flavor::Flavor;
pub(crate) use super::test_command::find_in_path;
use super::test_command::{as_path_command, list, script_is_first};
pub use super::test_command::{check_program, misplaced_options, FileFacts};

/// The most oracle runs at once: far more than any machine runs usefully, and few enough
/// threads and processes for any system to start.
pub const MAX_JOBS: usize = 256;

/// The algorithm name of `reduce-text`.
pub const TEXT_ALGORITHM: &str = "ddmin";

/// Every option of the shared command line (see `--help` for the user's view).
#[derive(Parser, Debug, Clone, PartialEq)]
#[command(version, max_term_width = 100)]
pub struct Args {
    /// The file to reduce; several files, or a directory, are reduced together (each run of
    /// the test gets all of them, under their relative paths). C-Reduce's order `SCRIPT INPUT`
    /// and C-Vise's `SCRIPT FILE…` (no --test) work too: the executable one is taken as the
    /// test.
    #[arg(value_name = "INPUT", num_args = 0..)]
    pub files: Vec<PathBuf>,

    /// The file to reduce, as an option (picire's -i, Perses' --input-file).
    #[arg(
        short = 'i',
        long = "input",
        visible_alias = "input-file",
        value_name = "INPUT"
    )]
    pub input: Option<PathBuf>,

    /// The interestingness test: a program and its arguments, run with the candidate's path
    /// appended, in a fresh directory that holds the candidate under the input's file name.
    /// Exit status 0 = interesting. Put it last: the command runs to the end of the line, to
    /// a --, after which come files, or to the next long option of this tool (--output X,
    /// --stats=F), which is this tool's wherever it stands. Short options after it (-o X,
    /// -j4, -q) go to the test, as gcc -o and grep -q must; when the original is not
    /// interesting, a note names those that are this tool's too.
    #[arg(
        long,
        visible_alias = "test-script",
        value_name = "SCRIPT",
        num_args = 1..,
        allow_hyphen_values = true
    )]
    pub test: Vec<OsString>,

    /// The test as a command instead of a script: CMD is split into words as a shell would
    /// split it (quotes, backslashes) but never run by a shell; `{}` stands for the
    /// candidate's path (appended when absent). With no --expect-* condition, exit status 0
    /// means interesting. Instead of --test.
    #[arg(long, value_name = "CMD", help_heading = "Test without a script")]
    pub run: Option<String>,

    /// With --run: interesting only if the command's stderr matches REGEX (Rust regex
    /// syntax, searched anywhere; (?m) for ^ and $ at lines).
    #[arg(long, value_name = "REGEX", requires = "run", value_parser = parse_regex,
          help_heading = "Test without a script")]
    pub expect_stderr: Option<String>,

    /// With --run: interesting only if the command's stdout matches REGEX.
    #[arg(long, value_name = "REGEX", requires = "run", value_parser = parse_regex,
          help_heading = "Test without a script")]
    pub expect_stdout: Option<String>,

    /// With --run: interesting only if the command exits with status N.
    #[arg(
        long,
        value_name = "N",
        requires = "run",
        allow_negative_numbers = true,
        help_heading = "Test without a script"
    )]
    pub expect_exit: Option<i32>,

    /// With --run: interesting only if the command is ended by SIGNAL (a crash: SIGSEGV,
    /// SEGV or 11; not the kill of --timeout). A shell reports its child's crash as exit
    /// status 128+N instead: --expect-exit 139.
    #[arg(long, value_name = "SIGNAL", requires = "run", value_parser = parse_signal,
          help_heading = "Test without a script")]
    pub expect_signal: Option<i32>,

    /// With --run: interesting only if the command runs into --timeout (a hang).
    #[arg(long, requires = "run", help_heading = "Test without a script")]
    pub expect_timeout: bool,

    /// A differential test, instead of --test or --run: CMD_A and CMD_B (each split into
    /// words as --run's command, `{}` for the candidate's path) run one after the other in
    /// the run's directory, and the candidate is interesting when both exit with status 0
    /// within the timeout and their stdouts differ: two compilers, two optimisation levels
    /// (--compare 'sh -c "gcc -O0 {} -o a && ./a"' 'sh -c "gcc -O2 {} -o b && ./b"'), Lua
    /// 5.3 against 5.4, two Python versions. A command that exits otherwise, or crashes,
    /// makes the candidate not interesting. Add --guard or --ub-guard to keep undefined
    /// behaviour out.
    #[arg(
        long,
        num_args = 2,
        action = ArgAction::Set,
        value_names = ["CMD_A", "CMD_B"],
        conflicts_with_all = ["run", "expect_stderr", "expect_stdout", "expect_exit",
                              "expect_signal", "expect_timeout"],
        help_heading = "Test without a script"
    )]
    pub compare: Vec<String>,

    /// For flaky tests: a candidate is interesting once the test's acceptances of it
    /// outnumber its refusals by N (N acceptances when it does not flake); a first refusal
    /// counts at once. The original and the result are asked until either answer leads by
    /// N. A candidate given both answers is a flake; once one is seen (or a recheck of the
    /// result disagrees), no refusal is carried over a commit, and N is at least 2, more
    /// when the test was seen to accept by mistake often (4 at 5 % of the answers).
    /// --stats and the report give the flakes and their rate.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub confirm: u32,

    /// A command that must exit with status 0 (within the timeout) for a candidate to count
    /// at all; split into words as --run's command, `{}` for the candidate's path (appended
    /// when absent). Repeatable: the guards run in order, in the run's directory, before the
    /// test (--test, --run or --compare), and the first that fails makes the candidate not
    /// interesting without running the rest. --stats and the report count each guard's
    /// failures.
    #[arg(long, value_name = "CMD", help_heading = "Test without a script")]
    pub guard: Vec<String>,

    /// C and C++: a preset guard against undefined behaviour, as C-Reduce's documentation
    /// advises for wrong-code bugs; it runs before any --guard. With gcc (g++ for C++) found
    /// on PATH, each candidate must (1) compile with `-O2 -c -Wall -Wextra` and, as errors,
    /// the warnings that flag the usual undefined behaviour: -Werror=uninitialized,
    /// maybe-uninitialized, return-type, implicit-function-declaration, implicit-int,
    /// incompatible-pointer-types, int-conversion (those four C only), array-bounds,
    /// return-local-addr, sequence-point, div-by-zero, shift-count-overflow,
    /// shift-count-negative, shift-negative-value, overflow, aggressive-loop-optimizations,
    /// format, nonnull, stringop-overflow; with clang on PATH too, compile with clang's
    /// matching list (-Werror=sometimes-uninitialized, unsequenced, return-stack-address,
    /// …); (2) build at -O0 and run; (3) build at -O0 with `-g -fsanitize=undefined,address
    /// -fno-sanitize-recover=all` and run (ASAN_OPTIONS=detect_leaks=0): both runs exit with
    /// status 0 and the sanitised run prints what the plain run printed. The candidate's
    /// files are the program's sources; the programs are built in the run's directory.
    #[arg(long, help_heading = "Test without a script")]
    pub ub_guard: bool,

    /// Write the result to OUT (default: INPUT.reduced; INPUT is left untouched).
    #[arg(
        short = 'o',
        long = "output",
        value_name = "OUT",
        conflicts_with = "in_place"
    )]
    pub output: Option<PathBuf>,

    /// With a directory as the input: leave out the entries that match PATTERN (a name such
    /// as `node_modules` or `*.o`, or a path below the directory such as `build/*.c` or
    /// `docs/**`; a matching directory goes whole). Repeatable. Version-control directories
    /// (`.git`, …) are always left out.
    #[arg(long, value_name = "PATTERN")]
    pub exclude: Vec<String>,

    /// Files of a set that every test run gets as they are and that are never reduced (a
    /// Makefile, test data), by name or path as for --exclude. Repeatable. Their results are
    /// the files unchanged (and --in-place leaves them alone).
    #[arg(long, value_name = "PATTERN")]
    pub keep: Vec<String>,

    /// Write the result into INPUT itself, after saving the original as INPUT.orig (or
    /// INPUT.orig.1, .2, … if that exists already).
    #[arg(long)]
    pub in_place: bool,

    /// Keep the result's text as the reduction left it: by default it is laid out from the
    /// grammar (one statement per line, indentation by nesting, no space before ; , )) and
    /// kept so only if the test still finds it interesting (one more test run).
    #[arg(long)]
    pub no_format: bool,

    /// Lay out the result with CMD instead of the grammar (clang-format, gofmt, rustfmt, …):
    /// CMD is split into words as a shell would split it but never run by a shell; `{}`
    /// stands for the path of a copy of the result named as the input (appended when
    /// absent). What CMD prints is the laid-out text (or, if it prints nothing, the file
    /// afterwards); kept only if the test still finds it interesting.
    #[arg(long, value_name = "CMD", conflicts_with = "no_format")]
    pub format_with: Option<String>,

    /// The reduction algorithm (see --list-algorithms). ALGO+LIST runs an algorithm that
    /// minimises lists with the list reducer LIST in place of its own: hdd+probdd, perses+cdd,
    /// pardis-hybrid+hoist+wddmin, … (LIST: ddmin, opdd, probdd, cdd, wddmin, wprobdd).
    #[arg(short = 'a', long, value_name = "NAME")]
    pub algorithm: Option<String>,

    /// Print the completion script for SHELL and exit (e.g. `--completions bash >
    /// ~/.local/share/bash-completion/completions/NAME`; see README, Install).
    #[arg(long, value_name = "SHELL", value_enum)]
    pub completions: Option<clap_complete::Shell>,

    /// Print the manual page (roff) and exit (e.g. `--man > NAME.1`, then `man ./NAME.1`).
    #[arg(long)]
    pub man: bool,

    /// Print the algorithms, one line each, and exit.
    #[arg(long)]
    pub list_algorithms: bool,

    /// ddmin's split factor ν ≥ 2: the initial number of chunks and the factor by which the
    /// granularity grows.
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u32).range(2..))]
    pub split_factor: u32,

    /// ddmin: skip the "reduce to subset" tests, try complements only.
    #[arg(long)]
    pub no_subset_tests: bool,

    /// ddmin: the order in which complements are tried.
    #[arg(long, value_enum, default_value_t = OrderArg::Forward, value_name = "ORDER")]
    pub complement_order: OrderArg,

    /// The seed of the randomised list reducers (probdd breaks its ties at random): the same
    /// seed, input and test give the same run.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub seed: u64,

    /// What the outcome cache is keyed by: none, config (the kept elements, picire's config
    /// cache) or content (the printed candidate).
    #[arg(long, value_enum, default_value_t = CacheArg::Content, value_name = "KIND")]
    pub cache: CacheArg,

    /// Cache interesting outcomes too (by default only not-interesting ones are stored).
    #[arg(long)]
    pub cache_all_outcomes: bool,

    /// Keep cache entries larger than a newly found result (by default they are evicted).
    #[arg(long)]
    pub no_evict_larger: bool,

    /// Key the cache by full candidate texts instead of their SHA3-256 digests.
    #[arg(long)]
    pub cache_full_keys: bool,

    /// Do not re-parse candidates before testing them: every candidate reaches the oracle.
    #[arg(long, conflicts_with = "full_reparse")]
    pub no_reparse: bool,

    /// Re-parse every candidate in full (default: re-parse only around the edit).
    #[arg(long)]
    pub full_reparse: bool,

    /// Verification mode (hidden): parse in full every candidate the syntax check lets
    /// through to the oracle and count those that do not parse (in the summary when any do,
    /// and in --stats).
    #[arg(long, hide = true)]
    pub verify_syntax: bool,

    /// How many levels below a node Perses and hoisting look for a replacement (0 = all); a
    /// level counts where the token weight drops, not at single-child wrappers.
    #[arg(long, value_name = "N", default_value_t = AlgoOptions::default().hoist_depth)]
    pub hoist_depth: usize,

    /// GTR: learn which deletions and substitutions are allowed from the example inputs in DIR.
    #[arg(long, value_name = "DIR", conflicts_with = "gtr_unfiltered")]
    pub corpus: Option<PathBuf>,

    /// GTR: try every deletion and child substitution (the syntax check still filters).
    #[arg(long)]
    pub gtr_unfiltered: bool,

    /// Run each algorithm once instead of repeating it until nothing changes.
    #[arg(long)]
    pub one_pass: bool,

    /// Pardis: keep every nullable node of a single-child chain, not only the highest.
    #[arg(long)]
    pub no_nullability_pruning: bool,

    /// Ask the oracle again about every edit after each change: by default the default
    /// algorithm's stages refuse unseen an edit that was refused on an earlier text, when its
    /// surroundings and the uses of its names are what they were then.
    #[arg(long)]
    pub no_edit_memory: bool,

    /// Keep every name as it is: no renaming (canonicalize) and no replacing one name by
    /// another (replace-identifiers, replace-subtrees), for tests that look for a name.
    #[arg(long)]
    pub no_rename: bool,

    /// Keep every literal (number, string, character, and any other atomic token that is
    /// not a name) as it is, for tests that check a value the program prints.
    #[arg(long)]
    pub no_literals: bool,

    /// Read files ending in .EXT with LANG: a language of this reducer by name (`c`, `json`,
    /// …) or `text` (no grammar: ddmin on lines, then characters). Repeatable. It decides for
    /// each file of a set, and for a single input of `reduce`; by default the extension picks
    /// the language, and a file no language claims is reduced as text.
    #[arg(long = "lang", value_name = "EXT=LANG", value_parser = parse_ext_lang)]
    pub ext_lang: Vec<(String, String)>,

    /// Refuse an input that does not parse with the grammar, or is not UTF-8 (exit status 2).
    /// By default such an input is reduced anyway: with the structure grammar (brackets,
    /// strings, words, statements; any text parses), or byte by byte when it is not UTF-8,
    /// and with the grammar as soon as the result parses.
    #[arg(long)]
    pub no_fallback: bool,

    /// Oracle runs at once (default: the number of cores; at most 256). C-Reduce's and
    /// C-Vise's --n N works too. See --parallel for what the runs do.
    #[arg(
        short = 'j',
        long = "jobs",
        alias = "n",
        value_name = "N",
        value_parser = clap::value_parser!(u32).range(1..)
    )]
    pub jobs: Option<u32>,

    /// What -j N runs do: `exact` speculates on the next candidates, with the -j 1 result
    /// and queries; `merge` tests rounds of N candidates and commits the successes of a round
    /// together (far fewer sequential steps, for slow oracles; the result depends on N, never
    /// on timing); `auto` is merge above -j 2, exact otherwise.
    #[arg(long, value_enum, default_value_t = ParallelArg::Auto, value_name = "MODE")]
    pub parallel: ParallelArg,

    /// Kill a run of the test after SECS seconds (all its commands together: guards, test,
    /// comparison) and count it as not interesting (0 = never). Default: derived from the
    /// original's run time t, as min(10 × t + 1 s, 300 s) (the original's own run may take
    /// up to 300 s), so that a candidate whose loop no longer ends costs a few seconds, not
    /// minutes.
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    pub timeout: Option<f64>,

    /// Stop the reduction after DURATION (90s, 10m, 1h, 1h30m, or seconds), keep the best
    /// result so far, check it as usual, and exit with status 6. Running tests are cancelled
    /// as at Ctrl-C.
    #[arg(long, value_name = "DURATION", value_parser = parse_max_time)]
    pub max_time: Option<Duration>,

    /// Stop the reduction after N tests run (the check of the original included), keep the
    /// best result so far, check it as usual, and exit with status 6.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_queries: Option<u64>,

    /// Never delete or change lines A to B of the input (1-based, inclusive; `A` alone is
    /// one line; repeat for more ranges). Text from a `reduce:keep-begin` to a
    /// `reduce:keep-end` marker, each inside a comment (or alone on its line), is kept the
    /// same way. Names that occur in a kept region are never renamed. A single input only:
    /// in a file set, mark the regions in the files.
    #[arg(long, value_name = "A-B", value_parser = parse_line_range)]
    pub keep_lines: Vec<(usize, usize)>,

    /// Keep every oracle run's temporary directory (reducer-* in the system's temp dir).
    #[arg(long)]
    pub keep_temps: bool,

    /// A command put in front of every oracle run, split as a shell would, e.g. 'srun -n1 -c1'
    /// or 'nice -n 10' or 'ssh host'.
    #[arg(long, value_name = "CMD")]
    pub launcher: Option<String>,

    /// Write a JSON record of the run (sizes, queries, times, cache, options) to FILE.
    #[arg(long, value_name = "FILE")]
    pub stats: Option<PathBuf>,

    /// Write a page about the run to FILE (e.g. run.html): the size over time and over
    /// queries as plots, what each stage removed, the original and the result side by side,
    /// the settings and the test. One self-contained HTML file: it needs no network to view.
    #[arg(long, value_name = "FILE")]
    pub report: Option<PathBuf>,

    /// Print errors only.
    #[arg(short = 'q', long, conflicts_with = "verbose")]
    pub quiet: bool,

    /// Print every test's outcome (repeat for more detail).
    #[arg(short = 'v', long, action = ArgAction::Count)]
    pub verbose: u8,

    /// Print the normalized (Perses Normal Form) grammar and what the reducer believes about
    /// each rule, then exit.
    #[arg(long)]
    pub print_grammar: bool,

    /// Only parse the input files: check that printing gives back the exact bytes, print node
    /// count, token count and parse time.
    #[arg(long)]
    pub parse_only: bool,
}

mod parse;
mod settings;
#[cfg(test)]
mod tests;
mod values;

pub use settings::Job;
use values::{
    parse_ext_lang, parse_line_range, parse_max_time, parse_regex, parse_seconds, parse_signal,
};
pub use values::{CacheArg, OrderArg, ParallelArg};
