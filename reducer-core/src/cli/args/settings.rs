//! What the command line resolves to: the engine's option records, the number of jobs and
//! the parallel mode, the launcher, GTR's corpus, and the input and the test found among the
//! positionals (our order or C-Reduce's; the details are in `test_command`).

use super::*;

/// The input and the test, once found on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Job {
    /// The files (or directories) to reduce: one for a single-file run.
    pub inputs: Vec<PathBuf>,
    /// The test program and its arguments (the program resolved to a path when it names a
    /// file of the current directory).
    pub test: Vec<OsString>,
}

impl Job {
    /// The first input (the only one of a single-file run).
    pub fn input(&self) -> &Path {
        &self.inputs[0]
    }

    /// Whether the run reduces a set of files: several inputs, or a directory.
    pub fn is_file_set(&self) -> bool {
        self.inputs.len() > 1 || self.inputs[0].is_dir()
    }
}

impl Args {
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
            seed: self.seed,
        }
    }

    /// The options of the tree algorithms. With `--corpus`, GTR's filter is the grammar's
    /// until the corpus is learned ([`Args::learn_corpus`]) and put in its place.
    pub fn algo_options(&self) -> AlgoOptions {
        AlgoOptions {
            one_pass: self.one_pass,
            dd: self.dd_options(),
            list: None,
            hoist_depth: self.hoist_depth,
            nullability_pruning: !self.no_nullability_pruning,
            edit_memory: !self.no_edit_memory,
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

    /// The per-run timeout `--timeout` gives: `None` without the option (the timeout is then
    /// derived from the original's run), `Some(None)` for `--timeout 0` (none).
    pub fn timeout(&self) -> Option<Option<Duration>> {
        self.timeout
            .map(|t| (t > 0.0).then(|| Duration::from_secs_f64(t)))
    }

    /// The conditions of the test built by `--run` (`None` without it; none given: exit
    /// status 0).
    pub fn expectations(&self) -> Result<Option<Expectations>, String> {
        if self.run.is_none() {
            return Ok(None);
        }
        let regex = |r: &Option<String>| {
            r.as_deref()
                .map(regex::bytes::Regex::new)
                .transpose()
                .map_err(|e| e.to_string())
        };
        Ok(Some(Expectations {
            exit: self.expect_exit,
            signal: self.expect_signal,
            timeout: self.expect_timeout,
            stdout: regex(&self.expect_stdout)?,
            stderr: regex(&self.expect_stderr)?,
        }))
    }

    /// The words of `--run`, split as a shell would split them.
    pub fn run_command(&self) -> Result<Option<Vec<OsString>>, String> {
        let Some(run) = &self.run else {
            return Ok(None);
        };
        let words = shell_words::split(run).map_err(|e| format!("--run '{run}': {e}"))?;
        if words.is_empty() {
            return Err("--run needs a command, e.g. --run 'gcc -c {}'".to_string());
        }
        Ok(Some(words.into_iter().map(OsString::from).collect()))
    }

    /// The two commands of `--compare`, each split as a shell would split it (`None`
    /// without the option).
    pub fn compare_commands(&self) -> Result<Option<[Vec<OsString>; 2]>, String> {
        let [a, b] = self.compare.as_slice() else {
            return Ok(None);
        };
        Ok(Some([words("--compare", a)?, words("--compare", b)?]))
    }

    /// The commands of `--guard`, in order, each split as a shell would split it.
    pub fn guard_commands(&self) -> Result<Vec<Vec<OsString>>, String> {
        self.guard.iter().map(|g| words("--guard", g)).collect()
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
        if let Some([a, _]) = self.compare_commands()? {
            if files.is_empty() {
                return Err("no input file: give INPUT with --compare".to_string());
            }
            return Ok(Job {
                inputs: files,
                test: a,
            });
        }
        if let Some(run) = self.run_command()? {
            if files.is_empty() {
                return Err("no input file: give INPUT with --run".to_string());
            }
            return Ok(Job {
                inputs: files,
                test: run,
            });
        }
        let (inputs, test) = if !test.is_empty() {
            match files.len() {
                0 => {
                    // `--test SCRIPT INPUT`: the test swallowed the input.
                    let last = Path::new(test.last().unwrap()).to_path_buf();
                    let f = facts(&last);
                    if test.len() >= 2 && f.is_file && !f.executable {
                        test.pop();
                        (vec![last], test)
                    } else {
                        return Err("no input file: give INPUT before --test".to_string());
                    }
                }
                _ => (files, test),
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
                    (vec![input], vec![as_path_command(&script)])
                }
                _ if self.input.is_none() && facts(&files[0]).executable => {
                    // C-Vise's `SCRIPT FILE FILE…`.
                    let script = files.remove(0);
                    (files, vec![as_path_command(&script)])
                }
                _ => {
                    return Err(format!(
                        "no interestingness test among {}: give the files, then --test SCRIPT",
                        list(&files)
                    ))
                }
            }
        };
        Ok(Job { inputs, test })
    }
}

/// The words of `command`, given to `option`, split as a shell would split them.
fn words(option: &str, command: &str) -> Result<Vec<OsString>, String> {
    let words = shell_words::split(command).map_err(|e| format!("{option} '{command}': {e}"))?;
    if words.is_empty() {
        return Err(format!(
            "{option} needs a command, e.g. {option} 'gcc -c {{}}'"
        ));
    }
    Ok(words.into_iter().map(OsString::from).collect())
}
