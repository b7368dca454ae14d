//! One benchmark run: find the input, the oracle and the reducer binary, run the reducer with
//! `--stats`, re-check its result with the oracle, and fold everything into a [`RunRecord`].

use crate::machine::{loadavg, now_utc};
use crate::results::{Outcome, RunRecord, Study};
use crate::spawn::{self, Cap};
use crate::stats::{self, Sizes, StatsRecord};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The algorithm name that selects the grammar-less `reduce-text` binary (run without `-a`).
pub const TEXT: &str = "reduce-text";

/// One benchmark input: `SET/NAME` under the benchmark directory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// `SET/NAME`, e.g. `perses/clang-22382`.
    pub name: String,
    /// The input file (`input.c`, `input.js`, …).
    pub input: PathBuf,
    /// The oracle script (`oracle.sh`).
    pub oracle: PathBuf,
    /// The reducer binary for the input's language, e.g. `reduce-c`.
    pub binary: &'static str,
}

/// The reducer binary for a file extension.
pub fn binary_for(ext: &str) -> Option<&'static str> {
    match ext {
        "c" | "h" => Some("reduce-c"),
        "js" | "mjs" => Some("reduce-js"),
        "json" => Some("reduce-json"),
        "java" => Some("reduce-java"),
        "cc" | "cpp" | "cxx" | "c++" | "hpp" | "hh" | "hxx" | "ii" | "ipp" | "tcc" => {
            Some("reduce-cpp")
        }
        "go" => Some("reduce-go"),
        "lua" => Some("reduce-lua"),
        "rs" => Some("reduce-rust"),
        "py" => Some("reduce-python"),
        _ => None,
    }
}

/// Resolves case names (`SET/NAME`, or `SET/*` for every case of a set) under `bench_dir`.
pub fn resolve_cases(bench_dir: &Path, names: &[String]) -> Result<Vec<Case>, String> {
    let mut out: Vec<Case> = Vec::new();
    for name in names {
        let expanded: Vec<String> = match name.strip_suffix("/*") {
            Some(set) => {
                let dir = bench_dir.join(set);
                let mut all: Vec<String> = std::fs::read_dir(&dir)
                    .map_err(|e| format!("{}: {e}", dir.display()))?
                    .filter_map(|e| e.ok())
                    .filter(|e| e.path().join("oracle.sh").is_file())
                    .map(|e| format!("{set}/{}", e.file_name().to_string_lossy()))
                    .collect();
                all.sort();
                all
            }
            None => vec![name.clone()],
        };
        for n in expanded {
            let case = resolve_case(bench_dir, &n)?;
            if !out.iter().any(|c| c.name == case.name) {
                out.push(case);
            }
        }
    }
    Ok(out)
}

fn resolve_case(bench_dir: &Path, name: &str) -> Result<Case, String> {
    let dir = bench_dir.join(name);
    let oracle = dir.join("oracle.sh");
    if !oracle.is_file() {
        return Err(format!(
            "case {name}: no oracle at {} (is --bench-dir right?)",
            oracle.display()
        ));
    }
    let entries = std::fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut inputs: Vec<PathBuf> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.file_stem().is_some_and(|s| s == "input") && p.is_file())
        .collect();
    inputs.sort();
    for input in inputs {
        let ext = input
            .extension()
            .map(|e| e.to_string_lossy().to_string())
            .unwrap_or_default();
        if let Some(binary) = binary_for(&ext) {
            return Ok(Case {
                name: name.to_string(),
                input,
                oracle,
                binary,
            });
        }
    }
    Err(format!(
        "case {name}: no input.c / input.js / input.json / input.java in {}",
        dir.display()
    ))
}

/// What to run: one case with one algorithm, job count and variant.
#[derive(Clone, Debug)]
pub struct Spec {
    /// The study it belongs to.
    pub study: Study,
    /// The input.
    pub case: Case,
    /// The algorithm (or [`TEXT`] for `reduce-text`).
    pub algorithm: String,
    /// `-j`.
    pub jobs: u32,
    /// The variant's label (empty for plain runs).
    pub variant: String,
    /// Options for the variant, put before `--test`.
    pub extra_args: Vec<String>,
}

impl Spec {
    /// A file-name-safe identifier of the run.
    pub fn id(&self) -> String {
        let study = match self.study {
            Study::Runs => "run",
            Study::Cache => "cache",
            Study::Split => "split",
            Study::SlowOracle => "slow",
        };
        let raw = format!(
            "{study}-{}-{}-j{}-{}",
            self.case.name, self.algorithm, self.jobs, self.variant
        );
        let mut id = crate::results::safe_name(&raw);
        while id.ends_with(['-', '_']) {
            id.pop();
        }
        id
    }
}

/// Where things are and how runs are capped.
#[derive(Clone, Debug)]
pub struct Env {
    /// Where the reducer binaries are (`target/release`).
    pub bin_dir: PathBuf,
    /// Where per-run stats and logs go (`OUT/raw`).
    pub raw_dir: PathBuf,
    /// Where the reduced outputs go.
    pub outputs_dir: PathBuf,
    /// The cap on one run's wall time, if any.
    pub cap: Option<Duration>,
    /// The reducer's own per-oracle-run timeout (`--timeout`), if given.
    pub oracle_timeout: Option<f64>,
    /// Options added to every reducer command line.
    pub extra_args: Vec<String>,
}

/// How long the reducer may take to wind down after the cap's SIGINT.
const GRACE: Duration = Duration::from_secs(90);
/// How long the final re-check of a result may take.
const VERIFY_TIMEOUT: Duration = Duration::from_secs(120);

/// The reducer's command line for `spec`, writing to `out` and `stats`.
pub fn command_line(env: &Env, spec: &Spec, out: &Path, stats: &Path) -> Vec<String> {
    let text = spec.algorithm == TEXT;
    let binary = if text { TEXT } else { spec.case.binary };
    let mut argv = vec![
        env.bin_dir.join(binary).display().to_string(),
        spec.case.input.display().to_string(),
    ];
    if !text {
        argv.extend(["--algorithm".to_string(), spec.algorithm.clone()]);
    }
    argv.extend([
        "-j".to_string(),
        spec.jobs.to_string(),
        "--stats".to_string(),
        stats.display().to_string(),
        "-o".to_string(),
        out.display().to_string(),
        "-q".to_string(),
    ]);
    if let Some(t) = env.oracle_timeout {
        argv.extend(["--timeout".to_string(), t.to_string()]);
    }
    argv.extend(env.extra_args.iter().cloned());
    argv.extend(spec.extra_args.iter().cloned());
    argv.extend(["--test".to_string(), spec.case.oracle.display().to_string()]);
    argv
}

/// Runs `spec` and returns its record (failures are recorded, not returned as errors).
pub fn run(env: &Env, spec: &Spec) -> RunRecord {
    let id = spec.id();
    let ext = spec
        .case
        .input
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    let out = env.outputs_dir.join(format!("{id}{ext}"));
    let stats_path = env.raw_dir.join(format!("{id}.stats.json"));
    let log = env.raw_dir.join(format!("{id}.log"));
    for stale in [&out, &stats_path] {
        let _ = std::fs::remove_file(stale);
    }
    let argv = command_line(env, spec, &out, &stats_path);
    let input_text = std::fs::read(&spec.case.input).unwrap_or_default();
    let mut rec = RunRecord {
        study: spec.study,
        case: spec.case.name.clone(),
        algorithm: spec.algorithm.clone(),
        jobs: spec.jobs,
        variant: spec.variant.clone(),
        extra_args: spec.extra_args.clone(),
        command: argv.clone(),
        started_utc: now_utc(),
        load_start: loadavg(),
        load_end: [0.0; 3],
        outcome: Outcome::Error,
        exit_code: None,
        signal: None,
        reducer_status: String::new(),
        wall_seconds: 0.0,
        reduction_seconds: 0.0,
        oracle_seconds: 0.0,
        engine_seconds: 0.0,
        cpu_user_seconds: 0.0,
        cpu_sys_seconds: 0.0,
        queries: Default::default(),
        syntax_checks: Default::default(),
        input: Sizes::of_text(&input_text),
        output: Sizes::default(),
        peak_cache_bytes: 0,
        peak_cache_entries: 0,
        peak_rss_bytes: 0,
        peak_rss_self_bytes: 0,
        verified: None,
        size_over_time: Vec::new(),
        stats_file: stats_path.display().to_string(),
        output_file: out.display().to_string(),
        log_file: log.display().to_string(),
        note: String::new(),
    };
    let mut cmd = Command::new(&argv[0]);
    cmd.args(&argv[1..]);
    let cap = env.cap.map(|after| Cap {
        after,
        grace: GRACE,
    });
    let finished = match spawn::run(cmd, &log, cap) {
        Ok(f) => f,
        Err(e) => {
            rec.note = format!("cannot run {}: {e}", argv[0]);
            rec.load_end = loadavg();
            return rec;
        }
    };
    rec.exit_code = finished.exit_code;
    rec.signal = finished.signal;
    rec.wall_seconds = finished.wall_seconds;
    rec.cpu_user_seconds = finished.user_seconds;
    rec.cpu_sys_seconds = finished.sys_seconds;
    rec.peak_rss_bytes = finished.maxrss_bytes;
    rec.peak_rss_self_bytes = finished.self_hwm_bytes;

    let record: Option<StatsRecord> = std::fs::read_to_string(&stats_path)
        .ok()
        .and_then(|t| stats::parse(&t).ok());
    match &record {
        Some(s) => {
            rec.reducer_status = s.status.clone();
            rec.reduction_seconds = s.time.wall_seconds;
            rec.oracle_seconds = s.time.oracle_seconds;
            rec.engine_seconds = s.time.engine_seconds;
            rec.queries = s.queries.clone();
            rec.syntax_checks = s.syntax_checks.clone();
            rec.input = s.input.clone();
            rec.output = s.output.clone();
            rec.peak_cache_bytes = s.cache.peak_bytes as u64;
            rec.peak_cache_entries = s.cache.peak_entries as u64;
            rec.size_over_time = s.size_over_time.clone();
        }
        None => {
            if let Ok(text) = std::fs::read(&out) {
                rec.output = Sizes::of_text(&text);
            }
        }
    }

    let has_output = out.is_file();
    if has_output {
        match verify(&spec.case.oracle, &out) {
            Ok(ok) => rec.verified = Some(ok),
            Err(e) => rec.note = format!("re-check failed to run: {e}"),
        }
    }
    rec.outcome = if record.is_none() || !has_output {
        Outcome::Error
    } else if rec.verified == Some(false) {
        Outcome::VerifyFailed
    } else if finished.capped {
        Outcome::Capped
    } else if finished.exit_code == Some(0) {
        Outcome::Ok
    } else if finished.exit_code == Some(4) {
        Outcome::VerifyFailed
    } else {
        Outcome::Error
    };
    if rec.outcome == Outcome::Error || rec.outcome == Outcome::VerifyFailed {
        let tail = log_tail(&log, 6);
        if !tail.is_empty() {
            if !rec.note.is_empty() {
                rec.note.push_str("; ");
            }
            rec.note.push_str(&tail);
        }
    }
    if finished.killed {
        rec.note = format!("killed with SIGKILL after the cap; {}", rec.note);
    }
    rec.load_end = loadavg();
    rec
}

/// Runs the oracle on `file` once more (in a fresh directory, the path as argument).
pub fn verify(oracle: &Path, file: &Path) -> Result<bool, String> {
    let file = std::fs::canonicalize(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let dir = std::env::temp_dir().join(format!("bench-verify-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let mut child = Command::new(oracle)
        .arg(&file)
        .current_dir(&dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("{}: {e}", oracle.display()))?;
    let started = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().map_err(|e| e.to_string())? {
            break Some(s);
        }
        if started.elapsed() > VERIFY_TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let _ = std::fs::remove_dir_all(&dir);
    match status {
        Some(s) => Ok(s.success()),
        None => Err(format!(
            "the oracle took more than {} s",
            VERIFY_TIMEOUT.as_secs()
        )),
    }
}

/// The last `n` non-empty lines of a log, joined with ` | `.
fn log_tail(log: &Path, n: usize) -> String {
    let text = std::fs::read_to_string(log).unwrap_or_default();
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    lines[lines.len().saturating_sub(n)..].join(" | ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn bench_tree() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for (case, file) in [
            ("set/a", "input.c"),
            ("set/b", "input.js"),
            ("x/c", "input.txt"),
        ] {
            let d = dir.path().join(case);
            std::fs::create_dir_all(&d).unwrap();
            std::fs::write(d.join(file), "int a;\n").unwrap();
            let o = d.join("oracle.sh");
            std::fs::write(&o, "#!/bin/sh\ngrep -q 'int' \"$1\"\n").unwrap();
            std::fs::set_permissions(&o, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
        dir
    }

    #[test]
    fn cases_resolve_with_their_binary_and_sets_expand() {
        let dir = bench_tree();
        let cases = resolve_cases(dir.path(), &["set/*".into(), "set/a".into()]).unwrap();
        let names: Vec<_> = cases.iter().map(|c| (c.name.as_str(), c.binary)).collect();
        assert_eq!(names, [("set/a", "reduce-c"), ("set/b", "reduce-js")]);
        assert!(resolve_cases(dir.path(), &["x/c".into()]).is_err());
        assert!(resolve_cases(dir.path(), &["nope/d".into()]).is_err());
    }

    #[test]
    fn the_command_line_has_the_test_last() {
        let dir = bench_tree();
        let case = resolve_cases(dir.path(), &["set/a".into()])
            .unwrap()
            .remove(0);
        let env = Env {
            bin_dir: "/bin-dir".into(),
            raw_dir: "/raw".into(),
            outputs_dir: "/outs".into(),
            cap: None,
            oracle_timeout: Some(60.0),
            extra_args: vec![],
        };
        let spec = Spec {
            study: Study::Cache,
            case: case.clone(),
            algorithm: "hdd".into(),
            jobs: 2,
            variant: "+evict larger".into(),
            extra_args: vec!["--cache".into(), "content".into()],
        };
        assert_eq!(spec.id(), "cache-set_a-hdd-j2-_evict_larger");
        let argv = command_line(&env, &spec, Path::new("/o.c"), Path::new("/s.json"));
        assert_eq!(argv[0], "/bin-dir/reduce-c");
        assert_eq!(argv[2..4], ["--algorithm", "hdd"]);
        assert!(argv.windows(2).any(|w| w == ["-j", "2"]));
        assert!(argv.windows(2).any(|w| w == ["--timeout", "60"]));
        assert_eq!(argv[argv.len() - 2], "--test");
        assert!(argv.last().unwrap().ends_with("oracle.sh"));
        let text = Spec {
            algorithm: TEXT.into(),
            ..spec
        };
        let argv = command_line(&env, &text, Path::new("/o.c"), Path::new("/s.json"));
        assert_eq!(argv[0], "/bin-dir/reduce-text");
        assert!(!argv.contains(&"--algorithm".to_string()));
    }

    #[test]
    fn verify_runs_the_oracle_on_the_file() {
        let dir = bench_tree();
        let case = resolve_cases(dir.path(), &["set/a".into()])
            .unwrap()
            .remove(0);
        let good = dir.path().join("good.c");
        std::fs::write(&good, "int x;").unwrap();
        let bad = dir.path().join("bad.c");
        std::fs::write(&bad, "char x;").unwrap();
        assert_eq!(verify(&case.oracle, &good), Ok(true));
        assert_eq!(verify(&case.oracle, &bad), Ok(false));
        assert!(verify(&case.oracle, &dir.path().join("missing.c")).is_err());
    }
}
