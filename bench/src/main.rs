//! `bench`: runs the release reducer binaries on the shared benchmark inputs and records, per
//! run, oracle queries, final sizes, wall and engine time, peak cache bytes, peak RSS and the
//! size-over-time curve; writes `results.json`, `results.md` and one SVG plot per input.
//!
//! ```sh
//! cargo build --release -p generated-example --bins -p bench
//! target/release/bench run --cases perses/clang-22382,jrts/3299 \
//!     --algorithms pardis-hybrid+hoist,perses --jobs 1,2 --out docs/bench/headline
//! target/release/bench cache-study --cases jrts/3299 --out docs/bench/cache
//! target/release/bench split-study --cases jrts/3483 --out docs/bench/split
//! target/release/bench table --out docs/bench/headline
//! target/release/bench parse --cases 'perses/*' --out docs/bench/parse
//! ```
//!
//! Runs are made one after the other, never two at once. The results file is rewritten after
//! every run; a run with the same case, algorithm, `-j` and variant as an earlier one in the
//! same file replaces it.

mod machine;
mod markdown;
mod parse;
mod plot;
mod results;
mod runner;
mod slow;
mod spawn;
mod stats;

use clap::{Args as ClapArgs, Parser, Subcommand};
use results::{Invocation, Results, RunRecord, Study};
use runner::{Case, Env, Spec};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

/// Benchmarks of the grammar-aware reducers.
#[derive(Parser, Debug)]
#[command(name = "bench", version, max_term_width = 100)]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Subcommand, Debug)]
enum Cmd {
    /// Run algorithms × inputs × job counts.
    Run {
        #[command(flatten)]
        common: Common,
        /// Algorithms, comma-separated (`reduce-text` runs the grammar-less binary).
        #[arg(long, value_delimiter = ',', default_value = "pardis-hybrid+hoist")]
        algorithms: Vec<String>,
        /// Job counts (`-j`), comma-separated.
        #[arg(long, value_delimiter = ',', default_value = "1")]
        jobs: Vec<u32>,
    },
    /// The outcome cache's optimisations, cumulative: baseline content cache, then
    /// store-only-not-interesting, then evict-larger, then SHA3 keys.
    CacheStudy {
        #[command(flatten)]
        common: Common,
        /// Algorithms, comma-separated.
        #[arg(long, value_delimiter = ',', default_value = "ddmin-lines,hdd")]
        algorithms: Vec<String>,
        /// Job counts (`-j`), comma-separated.
        #[arg(long, value_delimiter = ',', default_value = "1")]
        jobs: Vec<u32>,
        /// Also run without any cache (`--cache none`) as a reference.
        #[arg(long)]
        with_no_cache: bool,
    },
    /// ddmin's split factor ν, with and without subset tests.
    SplitStudy {
        #[command(flatten)]
        common: Common,
        /// Algorithms, comma-separated.
        #[arg(
            long,
            value_delimiter = ',',
            default_value = "ddmin-lines,ddmin-tokens"
        )]
        algorithms: Vec<String>,
        /// Split factors, comma-separated.
        #[arg(long, value_delimiter = ',', default_value = "2,3,4,5,8,16")]
        split_factors: Vec<u32>,
        /// Job counts (`-j`), comma-separated.
        #[arg(long, value_delimiter = ',', default_value = "1")]
        jobs: Vec<u32>,
    },
    /// Slow oracles: each case's oracle padded by a sleep (a stand-in for a slow build or
    /// test run), at several job counts; the table shows the speed-up over `-j 1` and the
    /// runs speculation wasted.
    SlowOracle {
        #[command(flatten)]
        common: Common,
        /// Algorithms, comma-separated.
        #[arg(
            long,
            value_delimiter = ',',
            default_value = "pardis-hybrid+hoist+transform"
        )]
        algorithms: Vec<String>,
        /// Job counts (`-j`), comma-separated.
        #[arg(long, value_delimiter = ',', default_value = "1,4,16,64")]
        jobs: Vec<u32>,
        /// Seconds each oracle run sleeps before the real oracle runs.
        #[arg(long, value_name = "SECS", default_value_t = 0.3)]
        pad: f64,
        /// The reducer's `--parallel` modes, comma-separated (`-j 1` runs once: it is the
        /// same in every mode).
        #[arg(long, value_delimiter = ',', default_value = "exact,merge")]
        modes: Vec<String>,
    },
    /// Parse throughput and peak memory per input: each input parsed by its binary's
    /// `--parse-only` in a process of its own; MB/s over the process's CPU time and peak RSS
    /// over the input's bytes (see `parse.rs`).
    Parse {
        /// Benchmark cases, comma-separated: `SET/NAME` or `SET/*`.
        #[arg(long, value_delimiter = ',')]
        cases: Vec<String>,
        /// More input files (the binary is chosen by extension); repeatable.
        #[arg(long = "file", value_name = "FILE")]
        files: Vec<PathBuf>,
        /// Write the table to DIR/parse.md as well.
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
        /// Where the benchmark inputs are (as for `run`).
        #[arg(long, value_name = "DIR")]
        bench_dir: Option<PathBuf>,
        /// Where the reducer binaries are (default: `target/release` of the workspace).
        #[arg(long, value_name = "DIR")]
        bin_dir: Option<PathBuf>,
    },
    /// Re-render `results.md` and the plots from `results.json`.
    Table {
        /// The results directory (holds `results.json`).
        #[arg(long, visible_alias = "in", value_name = "DIR")]
        out: PathBuf,
    },
}

/// Options shared by the measuring subcommands.
#[derive(ClapArgs, Debug)]
struct Common {
    /// Benchmark cases, comma-separated: `SET/NAME` (e.g. `perses/clang-22382`) or `SET/*`.
    #[arg(long, value_delimiter = ',', required = true)]
    cases: Vec<String>,
    /// The results directory (results.json, results.md, plots/, raw/).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// Cap each run at SECS seconds of wall time: SIGINT, the reducer keeps its best result
    /// and the run is recorded as capped.
    #[arg(long, value_name = "SECS")]
    timeout_per_run: Option<f64>,
    /// The reducer's per-oracle-run timeout (`--timeout`; default: the reducer's own).
    #[arg(long, value_name = "SECS")]
    oracle_timeout: Option<f64>,
    /// Where the benchmark inputs are (default: `$BENCH_DIR`, else `../shared/bench` next to
    /// the workspace).
    #[arg(long, value_name = "DIR")]
    bench_dir: Option<PathBuf>,
    /// Where the reducer binaries are (default: `target/release` of the workspace).
    #[arg(long, value_name = "DIR")]
    bin_dir: Option<PathBuf>,
    /// Where the reduced outputs go (default: `target/bench-outputs/<name of --out>`).
    #[arg(long, value_name = "DIR")]
    outputs_dir: Option<PathBuf>,
    /// Start a new results file instead of adding to the one in --out.
    #[arg(long)]
    fresh: bool,
    /// An extra option for every reducer command line (repeatable), e.g. `--reducer-arg=--no-reparse`.
    #[arg(long = "reducer-arg", value_name = "ARG", allow_hyphen_values = true)]
    reducer_args: Vec<String>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match real_main(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("bench: {e}");
            ExitCode::from(1)
        }
    }
}

fn real_main(cli: Cli) -> Result<ExitCode, String> {
    let argv: Vec<String> = std::env::args().collect();
    match cli.command {
        Cmd::Parse {
            cases,
            files,
            out,
            bench_dir,
            bin_dir,
        } => {
            let root = workspace_root();
            let cases = if cases.is_empty() {
                Vec::new()
            } else {
                let dir = bench_dir.unwrap_or_else(|| default_bench_dir(&root));
                let dir =
                    std::fs::canonicalize(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
                runner::resolve_cases(&dir, &cases)?
            };
            if cases.is_empty() && files.is_empty() {
                return Err("parse: give --cases or --file".to_string());
            }
            let bin_dir = bin_dir.unwrap_or_else(|| root.join("target").join("release"));
            let scratch = root.join("target").join("bench-outputs").join("parse");
            let rows = parse::measure(&cases, &files, &bin_dir, &scratch)?;
            let table = parse::table(&rows);
            print!("{table}");
            if let Some(out) = out {
                std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
                let path = out.join("parse.md");
                std::fs::write(&path, &table).map_err(|e| format!("{}: {e}", path.display()))?;
            }
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Table { out } => {
            let results = Results::load(&out.join("results.json"))?;
            render(&out, &results)?;
            println!("wrote {}", out.join("results.md").display());
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Run {
            common,
            algorithms,
            jobs,
        } => {
            let cases = cases(&common)?;
            let mut specs = Vec::new();
            for case in &cases {
                for a in &algorithms {
                    for &j in &jobs {
                        specs.push(spec(Study::Runs, case, a, j, "", &[]));
                    }
                }
            }
            measure(&common, specs, argv)
        }
        Cmd::SlowOracle {
            common,
            algorithms,
            jobs,
            pad,
            modes,
        } => {
            if let Some(bad) = modes
                .iter()
                .find(|m| !["exact", "merge"].contains(&m.as_str()))
            {
                return Err(format!("--modes: unknown mode {bad} (exact or merge)"));
            }
            let mut specs = Vec::new();
            for case in &cases(&common)? {
                let case = slow::padded(case, &common.out.join("padded-oracles"), pad)?;
                for a in &algorithms {
                    for &j in &jobs {
                        let modes = if j == 1 { &modes[..1] } else { &modes[..] };
                        for mode in modes {
                            let variant = slow::variant(pad, mode);
                            let args = ["--parallel", mode.as_str()];
                            specs.push(spec(Study::SlowOracle, &case, a, j, &variant, &args));
                        }
                    }
                }
            }
            measure(&common, specs, argv)
        }
        Cmd::CacheStudy {
            common,
            algorithms,
            jobs,
            with_no_cache,
        } => {
            let cases = cases(&common)?;
            let mut variants = cache_variants();
            if with_no_cache {
                variants.insert(0, ("no cache", vec!["--cache", "none"]));
            }
            let mut specs = Vec::new();
            for case in &cases {
                for a in &algorithms {
                    for &j in &jobs {
                        for (name, args) in &variants {
                            specs.push(spec(Study::Cache, case, a, j, name, args));
                        }
                    }
                }
            }
            measure(&common, specs, argv)
        }
        Cmd::SplitStudy {
            common,
            algorithms,
            split_factors,
            jobs,
        } => {
            if let Some(bad) = split_factors.iter().find(|n| **n < 2) {
                return Err(format!("--split-factors: {bad} is below 2"));
            }
            let cases = cases(&common)?;
            let mut specs = Vec::new();
            for case in &cases {
                for a in &algorithms {
                    for &j in &jobs {
                        for &n in &split_factors {
                            for subsets in [true, false] {
                                let (name, args) = split_variant(n, subsets);
                                let args: Vec<&str> = args.iter().map(String::as_str).collect();
                                specs.push(spec(Study::Split, case, a, j, &name, &args));
                            }
                        }
                    }
                }
            }
            measure(&common, specs, argv)
        }
    }
}

/// The cache study's variants, cumulative, as (label, reducer options).
fn cache_variants() -> Vec<(&'static str, Vec<&'static str>)> {
    vec![
        (
            "baseline",
            vec![
                "--cache",
                "content",
                "--cache-all-outcomes",
                "--no-evict-larger",
                "--cache-full-keys",
            ],
        ),
        (
            "+only-not-interesting",
            vec![
                "--cache",
                "content",
                "--no-evict-larger",
                "--cache-full-keys",
            ],
        ),
        (
            "+evict-larger",
            vec!["--cache", "content", "--cache-full-keys"],
        ),
        ("+sha3-keys", vec!["--cache", "content"]),
    ]
}

/// The split study's variant for ν = `n`, with or without subset tests.
fn split_variant(n: u32, subsets: bool) -> (String, Vec<String>) {
    let mut args = vec!["--split-factor".to_string(), n.to_string()];
    if subsets {
        (format!("ν={n}, subsets"), args)
    } else {
        args.push("--no-subset-tests".to_string());
        (format!("ν={n}, no subsets"), args)
    }
}

fn spec(
    study: Study,
    case: &Case,
    algorithm: &str,
    jobs: u32,
    variant: &str,
    args: &[&str],
) -> Spec {
    Spec {
        study,
        case: case.clone(),
        algorithm: algorithm.to_string(),
        jobs,
        variant: variant.to_string(),
        extra_args: args.iter().map(|s| s.to_string()).collect(),
    }
}

/// The workspace root: the nearest directory upwards from the current one whose Cargo.toml
/// declares a `[workspace]`; the current directory if none does.
fn workspace_root() -> PathBuf {
    let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    let mut dir: Option<&Path> = Some(&cwd);
    while let Some(d) = dir {
        let manifest = std::fs::read_to_string(d.join("Cargo.toml")).unwrap_or_default();
        if manifest.lines().any(|l| l.trim() == "[workspace]") {
            return d.to_path_buf();
        }
        dir = d.parent();
    }
    cwd
}

fn bench_dir(common: &Common) -> PathBuf {
    if let Some(d) = &common.bench_dir {
        return d.clone();
    }
    default_bench_dir(&workspace_root())
}

/// `$BENCH_DIR`, else `../shared/bench` next to the workspace `root`.
fn default_bench_dir(root: &Path) -> PathBuf {
    if let Some(d) = std::env::var_os("BENCH_DIR") {
        return PathBuf::from(d);
    }
    root.parent().unwrap_or(root).join("shared").join("bench")
}

fn cases(common: &Common) -> Result<Vec<Case>, String> {
    let dir = bench_dir(common);
    let dir = std::fs::canonicalize(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    runner::resolve_cases(&dir, &common.cases)
}

/// Runs `specs` one after the other, saving the results after each.
fn measure(common: &Common, specs: Vec<Spec>, argv: Vec<String>) -> Result<ExitCode, String> {
    let root = workspace_root();
    let out = &common.out;
    let raw_dir = out.join("raw");
    std::fs::create_dir_all(&raw_dir).map_err(|e| format!("{}: {e}", raw_dir.display()))?;
    let bin_dir = common
        .bin_dir
        .clone()
        .unwrap_or_else(|| root.join("target").join("release"));
    let bin_dir =
        std::fs::canonicalize(&bin_dir).map_err(|e| format!("{}: {e}", bin_dir.display()))?;
    let outputs_dir = common.outputs_dir.clone().unwrap_or_else(|| {
        let name = out
            .file_name()
            .map_or("bench".into(), |n| n.to_string_lossy().to_string());
        root.join("target").join("bench-outputs").join(name)
    });
    std::fs::create_dir_all(&outputs_dir).map_err(|e| format!("{}: {e}", outputs_dir.display()))?;
    let raw_dir = std::fs::canonicalize(&raw_dir).map_err(|e| e.to_string())?;
    let outputs_dir = std::fs::canonicalize(&outputs_dir).map_err(|e| e.to_string())?;

    // Every binary must be there before anything runs.
    let mut missing: Vec<String> = Vec::new();
    for s in &specs {
        let b = if s.algorithm == runner::TEXT {
            runner::TEXT
        } else {
            s.case.binary
        };
        let p = bin_dir.join(b);
        if !p.is_file() && !missing.contains(&p.display().to_string()) {
            missing.push(p.display().to_string());
        }
    }
    if !missing.is_empty() {
        return Err(format!(
            "missing reducer binaries: {} (cargo build --release -p generated-example --bins)",
            missing.join(", ")
        ));
    }

    let results_path = out.join("results.json");
    let mut results = if results_path.is_file() && !common.fresh {
        Results::load(&results_path)?
    } else {
        Results::default()
    };
    results.format = results::FORMAT;
    results.machine = machine::Machine::detect(&root);
    results.bench_dir = bench_dir(common).display().to_string();
    results.bin_dir = bin_dir.display().to_string();
    results.invocations.push(Invocation {
        argv,
        started_utc: machine::now_utc(),
        load_start: machine::loadavg(),
        binaries_commit: std::fs::read_to_string(bin_dir.join("COMMIT"))
            .map(|c| c.trim().to_string())
            .unwrap_or_default(),
    });
    results.save(&results_path)?;

    let env = Env {
        bin_dir,
        raw_dir,
        outputs_dir,
        cap: common
            .timeout_per_run
            .filter(|s| *s > 0.0)
            .map(Duration::from_secs_f64),
        oracle_timeout: common.oracle_timeout,
        extra_args: common.reducer_args.clone(),
    };
    let total = specs.len();
    let mut failures = 0;
    for (i, s) in specs.iter().enumerate() {
        println!(
            "[{}/{total}] {} {} -j{}{} (load {:.2}) …",
            i + 1,
            s.case.name,
            s.algorithm,
            s.jobs,
            if s.variant.is_empty() {
                String::new()
            } else {
                format!(" [{}]", s.variant)
            },
            machine::loadavg()[0]
        );
        let rec = runner::run(&env, s);
        println!("    {}", summary(&rec));
        if !matches!(rec.outcome, results::Outcome::Ok | results::Outcome::Capped) {
            failures += 1;
        }
        results.upsert(rec);
        results.save(&results_path)?;
        if let Err(e) = render(out, &results) {
            eprintln!("bench: {e}");
        }
    }
    println!(
        "{total} runs, {failures} not ok; results in {}",
        results_path.display()
    );
    Ok(if failures == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    })
}

/// One line about a finished run.
fn summary(r: &RunRecord) -> String {
    let mut s = format!(
        "{}: {} real queries ({} cached, {} speculative, {} syntax-rejected), {} tokens / {} non-ws chars / {} bytes, {:.1} s (engine {:.1} s), RSS {}, verified {}",
        r.outcome.word(),
        r.queries.real,
        r.queries.cached,
        r.queries.speculative,
        r.queries.syntax_rejected,
        r.output.tokens.map_or("–".to_string(), |t| t.to_string()),
        r.output.non_whitespace_chars,
        r.output.bytes,
        r.wall_seconds,
        r.engine_seconds,
        markdown::bytes(r.peak_rss_self_bytes),
        match r.verified {
            Some(true) => "pass",
            Some(false) => "FAIL",
            None => "–",
        }
    );
    if !r.note.is_empty() {
        s.push_str(&format!("\n    note: {}", r.note));
    }
    s
}

/// Writes `results.md` and one plot per case of the plain runs into `out`.
fn render(out: &Path, results: &Results) -> Result<(), String> {
    results::write_atomic(
        &out.join("results.md"),
        markdown::render(results).as_bytes(),
    )?;
    let runs: Vec<&RunRecord> = results
        .runs
        .iter()
        .filter(|r| r.study == Study::Runs)
        .collect();
    let mut cases: Vec<&str> = Vec::new();
    for r in &runs {
        if !cases.contains(&r.case.as_str()) {
            cases.push(&r.case);
        }
    }
    if cases.is_empty() {
        return Ok(());
    }
    let plots = out.join("plots");
    std::fs::create_dir_all(&plots).map_err(|e| format!("{}: {e}", plots.display()))?;
    for case in cases {
        let of_case: Vec<&RunRecord> = runs.iter().filter(|r| r.case == case).copied().collect();
        let path = plots.join(plot::file_name(case));
        if let Err(e) = plot::draw(&path, case, &of_case) {
            eprintln!("bench: plot: {e}");
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cache_variants_are_cumulative() {
        let v = cache_variants();
        let names: Vec<_> = v.iter().map(|(n, _)| *n).collect();
        assert_eq!(
            names,
            [
                "baseline",
                "+only-not-interesting",
                "+evict-larger",
                "+sha3-keys"
            ]
        );
        // Each step turns one optimisation on: one switch fewer than the step before.
        for w in v.windows(2) {
            assert_eq!(w[0].1.len(), w[1].1.len() + 1);
            assert!(w[1].1.iter().all(|a| w[0].1.contains(a)));
        }
    }

    #[test]
    fn split_variants_name_the_factor() {
        assert_eq!(split_variant(3, true).0, "ν=3, subsets");
        let (name, args) = split_variant(8, false);
        assert_eq!(name, "ν=8, no subsets");
        assert_eq!(args, ["--split-factor", "8", "--no-subset-tests"]);
    }

    #[test]
    fn the_command_line_parses() {
        let cli = Cli::try_parse_from([
            "bench",
            "run",
            "--cases",
            "perses/clang-22382,jrts/3299",
            "--algorithms",
            "pardis-hybrid+hoist,perses",
            "--jobs",
            "1,2",
            "--out",
            "docs/bench/x",
            "--timeout-per-run",
            "600",
            "--reducer-arg=--no-reparse",
        ])
        .unwrap();
        match cli.command {
            Cmd::Run {
                common,
                algorithms,
                jobs,
            } => {
                assert_eq!(common.cases, ["perses/clang-22382", "jrts/3299"]);
                assert_eq!(algorithms, ["pardis-hybrid+hoist", "perses"]);
                assert_eq!(jobs, [1, 2]);
                assert_eq!(common.timeout_per_run, Some(600.0));
                assert_eq!(common.reducer_args, ["--no-reparse"]);
            }
            other => panic!("{other:?}"),
        }
        assert!(Cli::try_parse_from(["bench", "table", "--in", "d"]).is_ok());
    }
}
