//! The command line: what the user can ask for (our option names, picire's and Perses'), how
//! the input and the test are found on it (our order or C-Reduce's; the details are in
//! `test_command`), and how the options map onto the engine's option records.

use crate::engine::cache::{CacheMode, CacheOptions};
use crate::engine::session::{SessionOptions, SyntaxCheck};
use crate::engine::tester::Parallel;
use crate::reduce::gtr::corpus::Corpus;
use crate::reduce::list::{ComplementOrder, DdOptions};
use crate::reduce::transform::TransformOptions;
use crate::reduce::{AlgoOptions, GtrFilter, DEFAULT_ALGORITHM};
use crate::syntax::language::Language;
use clap::{ArgAction, CommandFactory, FromArgMatches, Parser, ValueEnum};
use std::ffi::OsString;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

pub(crate) use super::test_command::find_in_path;
use super::test_command::{
    as_path_command, list, own_long_options, script_is_first, split_test_command,
};
pub use super::test_command::{check_program, misplaced_options};

/// What kind of reducer the command line belongs to: it decides the help texts and which
/// options exist.
#[derive(Clone, Copy, Debug)]
pub enum Flavor {
    /// A grammar-aware reducer for one language.
    Language {
        /// The language's display name, e.g. `"C"`.
        name: &'static str,
        /// Its file extensions without the dot.
        extensions: &'static [&'static str],
    },
    /// The grammar-less `reduce-text` (ddmin on lines, then on characters).
    Text,
}

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
    "no_rename",
    "no_literals",
    "no_fallback",
];

/// The option names that start the test command; it runs to the end of the command line or
/// to the next option of this tool spelled out in full (`--name`).
pub(super) const TEST_FLAGS: &[&str] = &["--test", "--test-script"];

/// The most oracle runs at once: far more than any machine runs usefully, and few enough
/// threads and processes for any system to start.
pub const MAX_JOBS: usize = 256;

/// The algorithm name of `reduce-text`.
pub const TEXT_ALGORITHM: &str = "ddmin";

/// Every option of the shared command line (see `--help` for the user's view).
#[derive(Parser, Debug, Clone, PartialEq)]
#[command(version, max_term_width = 100)]
pub struct Args {
    /// The file to reduce. C-Reduce's order `SCRIPT INPUT` (no --test) works too: the
    /// executable one is taken as the test.
    #[arg(value_name = "INPUT", num_args = 0..=2)]
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
    /// Exit status 0 = interesting. Put it last: the command runs to the end of the line (or
    /// to the next option of this tool written as --name, or to a --, after which come files),
    /// so short options after it (-j 4) go to the test.
    #[arg(
        long,
        visible_alias = "test-script",
        value_name = "SCRIPT",
        num_args = 1..,
        allow_hyphen_values = true
    )]
    pub test: Vec<OsString>,

    /// Write the result to OUT (default: INPUT.reduced; INPUT is left untouched).
    #[arg(
        short = 'o',
        long = "output",
        value_name = "OUT",
        conflicts_with = "in_place"
    )]
    pub output: Option<PathBuf>,

    /// Write the result into INPUT itself, after saving the original as INPUT.orig (or
    /// INPUT.orig.1, .2, … if that exists already).
    #[arg(long)]
    pub in_place: bool,

    /// The reduction algorithm (see --list-algorithms).
    #[arg(short = 'a', long, value_name = "NAME")]
    pub algorithm: Option<String>,

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

    /// Keep every name as it is: no renaming (canonicalize) and no replacing one name by
    /// another (replace-identifiers, replace-subtrees), for tests that look for a name.
    #[arg(long)]
    pub no_rename: bool,

    /// Keep every literal (number, string, character, and any other atomic token that is
    /// not a name) as it is, for tests that check a value the program prints.
    #[arg(long)]
    pub no_literals: bool,

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

    /// Kill an oracle run after SECS seconds and count it as not interesting (0 = never).
    #[arg(long, value_name = "SECS", default_value_t = 30.0, value_parser = parse_seconds)]
    pub timeout: f64,

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

/// `--complement-order`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OrderArg {
    /// Remove the first chunk first.
    Forward,
    /// Remove the last chunk first.
    Backward,
}

/// `--parallel`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ParallelArg {
    /// Merge above -j 2, exact otherwise.
    Auto,
    /// Speculation with the -j 1 result.
    Exact,
    /// Rounds of N candidates, successes merged.
    Merge,
}

/// `--cache`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CacheArg {
    /// No cache.
    None,
    /// Keyed by configuration (the kept elements of one list reduction).
    Config,
    /// Keyed by the printed candidate.
    Content,
}

fn parse_seconds(s: &str) -> Result<f64, String> {
    let v: f64 = s
        .parse()
        .map_err(|_| format!("not a number of seconds: {s}"))?;
    if v.is_finite() && v >= 0.0 {
        Ok(v)
    } else {
        Err(format!("not a number of seconds: {s}"))
    }
}

/// The input and the test, once found on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Job {
    /// The file to reduce.
    pub input: PathBuf,
    /// The test program and its arguments (the program resolved to a path when it names a
    /// file of the current directory).
    pub test: Vec<OsString>,
}

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

impl Args {
    /// The clap command for this flavor: name, about, examples, and (for `reduce-text`) the
    /// grammar options hidden.
    pub fn command_for(bin: &str, flavor: Flavor) -> clap::Command {
        let mut cmd = Args::command()
            .name(bin.to_string())
            .bin_name(bin.to_string())
            .about(about(flavor))
            .override_usage(format!(
                "{bin} [OPTIONS] INPUT --test SCRIPT [ARGS]...\n       {bin} [OPTIONS] SCRIPT INPUT"
            ))
            .after_help(super::help::after_help(bin, flavor));
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

    /// The algorithm asked for, or the default one.
    pub fn algorithm_name(&self, flavor: Flavor) -> &str {
        match (self.algorithm.as_deref(), flavor) {
            (Some(a), _) => a,
            (None, Flavor::Language { .. }) => DEFAULT_ALGORITHM,
            (None, Flavor::Text) => TEXT_ALGORITHM,
        }
    }

    /// The ddmin options.
    pub fn dd_options(&self) -> DdOptions {
        DdOptions {
            split_factor: self.split_factor as usize,
            subset_tests: !self.no_subset_tests,
            complement_order: match self.complement_order {
                OrderArg::Forward => ComplementOrder::Forward,
                OrderArg::Backward => ComplementOrder::Backward,
            },
        }
    }

    /// The options of the tree algorithms. With `--corpus`, GTR's filter is the grammar's
    /// until the corpus is learned ([`Args::learn_corpus`]) and put in its place.
    pub fn algo_options(&self) -> AlgoOptions {
        AlgoOptions {
            one_pass: self.one_pass,
            dd: self.dd_options(),
            hoist_depth: self.hoist_depth,
            nullability_pruning: !self.no_nullability_pruning,
            gtr_filter: match self.gtr_unfiltered {
                true => GtrFilter::Unfiltered,
                false => GtrFilter::Grammar,
            },
            transform: TransformOptions {
                rename: !self.no_rename,
                literals: !self.no_literals,
                ..TransformOptions::default()
            },
        }
    }

    /// The corpus of `--corpus DIR` learned for `lang` (before any reduction, so that a
    /// folder that cannot be read is a usage error); `None` without the option.
    pub fn learn_corpus(&self, lang: &dyn Language) -> Result<Option<Arc<Corpus>>, String> {
        let Some(dir) = &self.corpus else {
            return Ok(None);
        };
        if !dir.is_dir() {
            return Err(format!("--corpus {}: not a directory", dir.display()));
        }
        Corpus::from_dir(lang, dir)
            .map(|c| Some(Arc::new(c)))
            .map_err(|e| format!("--corpus {}: {e}", dir.display()))
    }

    /// GTR's filter as the statistics name it: `grammar`, `unfiltered` or `corpus:DIR`.
    pub fn gtr_filter_name(&self) -> String {
        match (&self.corpus, self.gtr_unfiltered) {
            (Some(dir), _) => format!("corpus:{}", dir.display()),
            (None, true) => "unfiltered".to_string(),
            (None, false) => "grammar".to_string(),
        }
    }

    /// How -j N uses its runs (`auto` resolved: merge mode pays from three jobs on, see
    /// docs/benchmarks.md).
    pub fn parallel(&self) -> Parallel {
        match self.parallel {
            ParallelArg::Auto if self.jobs() > 2 => Parallel::Merge,
            ParallelArg::Auto | ParallelArg::Exact => Parallel::Exact,
            ParallelArg::Merge => Parallel::Merge,
        }
    }

    /// The cache's switches.
    pub fn cache_options(&self) -> CacheOptions {
        CacheOptions {
            mode: match self.cache {
                CacheArg::None => CacheMode::None,
                CacheArg::Config => CacheMode::Config,
                CacheArg::Content => CacheMode::Content,
            },
            only_not_interesting: !self.cache_all_outcomes,
            evict_larger: !self.no_evict_larger,
            hash_keys: !self.cache_full_keys,
        }
    }

    /// The session's options (the syntax check).
    pub fn session_options(&self) -> SessionOptions {
        let syntax_check = if self.no_reparse {
            SyntaxCheck::Off
        } else if self.full_reparse {
            SyntaxCheck::Full
        } else {
            SyntaxCheck::Local
        };
        SessionOptions {
            syntax_check,
            verify_syntax: self.verify_syntax,
            ..SessionOptions::default()
        }
    }

    /// Oracle runs at once, at most [`MAX_JOBS`].
    pub fn jobs(&self) -> usize {
        let jobs = match self.jobs {
            Some(j) => j as usize,
            None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        };
        jobs.min(MAX_JOBS)
    }

    /// A warning when `-j` asks for more than [`MAX_JOBS`] runs at once.
    pub fn jobs_warning(&self) -> Option<String> {
        self.jobs.filter(|&j| j as usize > MAX_JOBS).map(|j| {
            format!("warning: -j {j} is more than {MAX_JOBS} runs at once: using {MAX_JOBS}")
        })
    }

    /// The per-run timeout, `None` for none.
    pub fn timeout(&self) -> Option<Duration> {
        (self.timeout > 0.0).then(|| Duration::from_secs_f64(self.timeout))
    }

    /// The launcher prefix, split as a shell would split it.
    pub fn launcher(&self) -> Result<Vec<String>, String> {
        match &self.launcher {
            None => Ok(Vec::new()),
            Some(s) => shell_words::split(s).map_err(|e| format!("--launcher '{s}': {e}")),
        }
    }

    /// Finds the input and the test on the command line: `INPUT --test SCRIPT…`,
    /// `--test SCRIPT… INPUT` (a trailing existing non-executable file), `-i INPUT SCRIPT`,
    /// or C-Reduce's `SCRIPT INPUT` (the executable one is the script). `extensions` (the
    /// language's) break ties when both files are executable.
    pub fn job(&self, extensions: &[&str]) -> Result<Job, String> {
        self.job_with(extensions, &FileFacts::of)
    }

    /// [`Args::job`] with the file-system facts supplied by `facts` (for tests).
    pub fn job_with(
        &self,
        extensions: &[&str],
        facts: &dyn Fn(&Path) -> FileFacts,
    ) -> Result<Job, String> {
        let mut files: Vec<PathBuf> = self.files.clone();
        let mut test = self.test.clone();
        if let Some(input) = &self.input {
            files.insert(0, input.clone());
        }
        let (input, test) = if !test.is_empty() {
            match files.len() {
                1 => (files.remove(0), test),
                0 => {
                    // `--test SCRIPT INPUT`: the test swallowed the input.
                    let last = Path::new(test.last().unwrap()).to_path_buf();
                    let f = facts(&last);
                    if test.len() >= 2 && f.is_file && !f.executable {
                        test.pop();
                        (last, test)
                    } else {
                        return Err("no input file: give INPUT before --test".to_string());
                    }
                }
                _ => {
                    return Err(format!(
                        "one input file at a time (got {}); the test command goes after --test",
                        list(&files)
                    ))
                }
            }
        } else {
            match files.len() {
                0 => return Err("no input file and no test: see --help".to_string()),
                1 => {
                    return Err(format!(
                    "no interestingness test: give --test SCRIPT (or SCRIPT {0} as C-Reduce does)",
                    files[0].display()
                ))
                }
                2 => {
                    let script_first = if self.input.is_some() {
                        false
                    } else {
                        script_is_first(&files[0], &files[1], extensions, facts)?
                    };
                    let (script, input) = if script_first {
                        (files[0].clone(), files[1].clone())
                    } else {
                        (files[1].clone(), files[0].clone())
                    };
                    // A positional script is a path, even without a slash (`creduce t.sh x.c`).
                    (input, vec![as_path_command(&script)])
                }
                _ => return Err(format!("too many files: {}", list(&files))),
            }
        };
        Ok(Job { input, test })
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

#[cfg(test)]
mod tests {
    use super::*;

    const C: Flavor = Flavor::Language {
        name: "C",
        extensions: &["c", "h"],
    };

    fn parse(flavor: Flavor, line: &str) -> Result<Args, clap::Error> {
        let argv = std::iter::once("reduce-c")
            .chain(line.split_whitespace())
            .map(OsString::from);
        Args::parse_from_argv("reduce-c", flavor, argv)
    }

    fn words(ws: &[&str]) -> Vec<OsString> {
        ws.iter().map(OsString::from).collect()
    }

    /// A file system where `*.sh` and `exe*` are executable and `missing*` does not exist.
    fn fake(p: &Path) -> FileFacts {
        let name = p.to_string_lossy();
        let exists = !name.contains("missing");
        FileFacts {
            exists,
            is_file: exists,
            executable: exists && (name.ends_with(".sh") || name.contains("exe")),
        }
    }

    #[test]
    fn input_then_test_with_its_own_options() {
        let a = parse(C, "bug.c -j 3 --test grep -q -j foo").unwrap();
        assert_eq!(a.files, [PathBuf::from("bug.c")]);
        assert_eq!(a.test, words(&["grep", "-q", "-j", "foo"]));
        assert_eq!(a.jobs, Some(3));
        let job = a.job_with(&["c"], &fake).unwrap();
        assert_eq!(job.input, PathBuf::from("bug.c"));
        assert_eq!(job.test, words(&["grep", "-q", "-j", "foo"]));
    }

    #[test]
    fn a_long_option_of_ours_ends_the_test_command() {
        let a = parse(C, "--test ./t.sh arg --timeout 5 bug.c").unwrap();
        assert_eq!(a.test, words(&["./t.sh", "arg"]));
        assert_eq!(a.timeout, 5.0);
        assert_eq!(a.files, [PathBuf::from("bug.c")]);
        // Perses' spelling.
        let a = parse(C, "--test-script r.sh --input-file small.c").unwrap();
        assert_eq!(a.test, words(&["r.sh"]));
        assert_eq!(a.input, Some(PathBuf::from("small.c")));
        assert_eq!(
            a.job_with(&["c"], &fake).unwrap().input,
            PathBuf::from("small.c")
        );
        assert!(parse(C, "bug.c --test").is_err());
    }

    #[test]
    fn a_double_dash_ends_the_test_command_and_is_not_passed_to_it() {
        let a = parse(C, "--test ./t.sh -- -rf.c").unwrap();
        assert_eq!(a.test, words(&["./t.sh"]));
        assert_eq!(a.files, [PathBuf::from("-rf.c")]);
        let job = a.job_with(&["c"], &fake).unwrap();
        assert_eq!(
            (job.input, job.test),
            (PathBuf::from("-rf.c"), words(&["./t.sh"]))
        );
        let a = parse(C, "bug.c --test grep -q x --").unwrap();
        assert_eq!(a.test, words(&["grep", "-q", "x"]));
    }

    #[test]
    fn only_options_that_can_only_be_ours_are_called_misplaced() {
        let found = |line: &str| misplaced_options(&words(&line.split(' ').collect::<Vec<_>>()));
        assert_eq!(found("./t.sh -j 4 -a perses"), ["-j 4", "-a perses"]);
        assert_eq!(found("./t.sh -j8"), ["-j8"]);
        for test in [
            "grep -q some error",
            "gcc -c -o /dev/null -v",
            "sed -i s/a/b/",
            "grep -a x",
            "make -j",
        ] {
            assert_eq!(found(test), Vec::<String>::new(), "{test}");
        }
    }

    #[test]
    fn test_then_input_takes_the_trailing_plain_file_as_input() {
        let a = parse(C, "--test ./t.sh bug.c").unwrap();
        let job = a.job_with(&["c"], &fake).unwrap();
        assert_eq!(job.input, PathBuf::from("bug.c"));
        assert_eq!(job.test, words(&["./t.sh"]));
        let a = parse(C, "--test grep -q missing_foo").unwrap();
        assert!(a.job_with(&["c"], &fake).is_err());
    }

    #[test]
    fn creduce_order_and_ours_are_told_apart() {
        for line in ["test.sh bug.c", "bug.c test.sh"] {
            let job = parse(C, line).unwrap().job_with(&["c"], &fake).unwrap();
            assert_eq!(job.input, PathBuf::from("bug.c"), "{line}");
            assert_eq!(job.test, words(&["./test.sh"]), "{line}");
        }
        // Both executable: the language's extension marks the input; otherwise C-Reduce order.
        let job = parse(C, "exe.c exe_test")
            .unwrap()
            .job_with(&["c"], &fake)
            .unwrap();
        assert_eq!(job.input, PathBuf::from("exe.c"));
        let job = parse(C, "dir/exe1 exe2")
            .unwrap()
            .job_with(&["c"], &fake)
            .unwrap();
        assert_eq!(
            (job.input, job.test),
            (PathBuf::from("exe2"), words(&["dir/exe1"]))
        );
    }

    #[test]
    fn a_missing_or_non_executable_script_is_named() {
        let e = parse(C, "missing.sh bug.c")
            .unwrap()
            .job_with(&["c"], &fake)
            .unwrap_err();
        assert!(e.contains("missing.sh: no such file"), "{e}");
        let plain = |p: &Path| FileFacts {
            executable: false,
            ..fake(p)
        };
        let e = parse(C, "bug.c check.py")
            .unwrap()
            .job_with(&["c"], &plain)
            .unwrap_err();
        assert!(e.contains("check.py is not executable"), "{e}");
        let e = parse(C, "a.c b.c")
            .unwrap()
            .job_with(&["c"], &plain)
            .unwrap_err();
        assert!(e.contains("neither"), "{e}");
        let e = parse(C, "bug.c")
            .unwrap()
            .job_with(&["c"], &fake)
            .unwrap_err();
        assert!(e.contains("no interestingness test"), "{e}");
    }

    #[test]
    fn options_map_onto_the_engine() {
        let a = parse(
            C,
            "x.c --split-factor 3 --no-subset-tests --complement-order backward --cache config \
             --cache-all-outcomes --no-evict-larger --cache-full-keys --full-reparse \
             --verify-syntax --hoist-depth 0 --corpus corp --one-pass --no-nullability-pruning --timeout 0 \
             -a perses --test t.sh",
        )
        .unwrap();
        let dd = a.dd_options();
        assert_eq!(
            (dd.split_factor, dd.subset_tests, dd.complement_order),
            (3, false, ComplementOrder::Backward)
        );
        let c = a.cache_options();
        assert_eq!(
            (c.mode, c.only_not_interesting, c.evict_larger, c.hash_keys),
            (CacheMode::Config, false, false, false)
        );
        assert_eq!(a.session_options().syntax_check, SyntaxCheck::Full);
        assert!(a.session_options().verify_syntax);
        let o = a.algo_options();
        assert!(o.one_pass && !o.nullability_pruning && o.hoist_depth == 0);
        assert_eq!(o.gtr_filter, GtrFilter::Grammar);
        assert_eq!(a.gtr_filter_name(), "corpus:corp");
        assert!(
            a.learn_corpus(&crate::testing::Toy).is_err(),
            "no such folder"
        );
        assert_eq!(a.timeout(), None);
        assert_eq!(a.algorithm_name(C), "perses");

        let d = parse(C, "x.c --test t.sh").unwrap();
        assert_eq!(d.cache_options(), CacheOptions::default());
        assert_eq!(d.session_options().syntax_check, SyntaxCheck::Local);
        assert!(!d.session_options().verify_syntax);
        assert_eq!(d.timeout(), Some(Duration::from_secs(30)));
        assert_eq!(d.algorithm_name(C), DEFAULT_ALGORITHM);
        assert!(d.jobs() >= 1);
        assert_eq!(d.dd_options(), DdOptions::default());
    }

    #[test]
    fn jobs_take_creduce_s_spelling_and_are_bounded() {
        let a = parse(C, "x.c --n 4 --test t").unwrap();
        assert_eq!((a.jobs(), a.jobs_warning()), (4, None));
        // After --test, --n is ours too: it ends the test command.
        let a = parse(C, "x.c --test ./t.sh --n 3").unwrap();
        assert_eq!((a.test, a.jobs), (words(&["./t.sh"]), Some(3)));
        let a = parse(C, "x.c -j 100000 --test t").unwrap();
        assert_eq!(a.jobs(), MAX_JOBS);
        let w = a.jobs_warning().unwrap();
        assert!(w.contains("100000") && w.contains("256"), "{w}");
        assert!(parse(C, "x.c").unwrap().jobs() <= MAX_JOBS);
    }

    #[test]
    fn the_parallel_mode_is_merge_above_two_jobs_unless_asked() {
        let mode = |line: &str| parse(C, line).unwrap().parallel();
        assert_eq!(mode("x.c -j 1 --test t"), Parallel::Exact);
        assert_eq!(mode("x.c -j 2 --test t"), Parallel::Exact);
        assert_eq!(mode("x.c -j 3 --test t"), Parallel::Merge);
        assert_eq!(mode("x.c -j 16 --parallel exact --test t"), Parallel::Exact);
        assert_eq!(mode("x.c -j 2 --parallel merge --test t"), Parallel::Merge);
        assert!(parse(C, "x.c --parallel fast --test t").is_err());
    }

    #[test]
    fn conflicts_and_bad_values_are_usage_errors() {
        for line in [
            "x.c --in-place -o y --test t",
            "x.c --no-reparse --full-reparse --test t",
            "x.c --split-factor 1 --test t",
            "x.c -j 0 --test t",
            "x.c --timeout -1 --test t",
            "x.c -q -v --test t",
        ] {
            assert!(parse(C, line).is_err(), "{line}");
        }
    }

    #[test]
    fn launcher_is_split_like_a_shell() {
        let a = parse(C, "x.c --test t").unwrap();
        assert_eq!(a.launcher().unwrap(), Vec::<String>::new());
        let a = Args {
            launcher: Some("srun -n1 --comment 'a b' \"c d\"".into()),
            ..a
        };
        assert_eq!(
            a.launcher().unwrap(),
            ["srun", "-n1", "--comment", "a b", "c d"]
        );
        let a = Args {
            launcher: Some("ssh 'host".into()),
            ..a
        };
        assert!(a.launcher().is_err());
    }

    #[test]
    fn text_flavor_refuses_grammar_options() {
        assert!(parse(Flavor::Text, "x.txt --print-grammar").is_err());
        assert!(parse(Flavor::Text, "x.txt -a perses --test t").is_err());
        let a = parse(Flavor::Text, "x.txt -a ddmin --test t").unwrap();
        assert_eq!(a.algorithm_name(Flavor::Text), TEXT_ALGORITHM);
        assert!(parse(C, "x.c --print-grammar").unwrap().print_grammar);
    }

    #[test]
    fn program_checks_name_the_problem() {
        let e = check_program(&words(&["/nonexistent/t.sh"]), &[]).unwrap_err();
        assert!(e.contains("no such file"), "{e}");
        let e = check_program(&words(&["no-such-program-xyz"]), &[]).unwrap_err();
        assert!(e.contains("not found in PATH"), "{e}");
        assert!(check_program(&words(&["sh", "-c", "true"]), &[]).is_ok());
        // With a launcher, only the launcher is checked.
        assert!(check_program(&words(&["/remote/t.sh"]), &["env".to_string()]).is_ok());
        let dir = tempfile::tempdir().unwrap();
        let s = dir.path().join("t.sh");
        std::fs::write(&s, "exit 0\n").unwrap();
        let e = check_program(&[s.clone().into_os_string()], &[]).unwrap_err();
        assert!(e.contains("chmod +x"), "{e}");
    }

    #[test]
    fn help_and_version_render() {
        let mut cmd = Args::command_for("reduce-c", C);
        let help = cmd.render_long_help().to_string();
        for needle in ["--test", "--in-place", "Exit status", "srun", "C-Reduce"] {
            assert!(help.contains(needle), "help lacks {needle}");
        }
        cmd.debug_assert();
        let text = Args::command_for("reduce-text", Flavor::Text)
            .render_help()
            .to_string();
        assert!(!text.contains("--print-grammar"));
    }
}
