//! The reducer on a real Slurm cluster, through `--launcher 'srun …'`: the bundled JSON
//! example reduces with every oracle run a job step; a run cut by the timeout and a Ctrl-C
//! leave no job and no process behind; the runs' temporary directories are removed.
//!
//! Needs a cluster where this machine can run `srun` (`.ci/slurm-up` brings up a one-node
//! cluster on localhost, as root). Skips with a message without one, except after
//! `.ci/slurm-up` said the cluster was up (its marker file, `$SLURM_MARKER` or
//! `/tmp/reducer-slurm-up`, exists): then a cluster that cannot be used is a failure.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The job name of every step the tests start, to find them in `squeue`.
const JOB: &str = "reducer-slurm-test";

/// The launcher the tests prove (README's recipe).
fn launcher() -> String {
    format!("srun --ntasks=1 --quiet --job-name={JOB}")
}

/// Whether a cluster is there to test on; panics if `.ci/slurm-up` said one would be.
fn cluster_up() -> bool {
    let marker = std::env::var_os("SLURM_MARKER")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/tmp/reducer-slurm-up"));
    let states = Command::new("sinfo").args(["-h", "-o", "%t"]).output();
    let up = states.as_ref().is_ok_and(|o| {
        o.status.success()
            && String::from_utf8_lossy(&o.stdout)
                .lines()
                .any(|s| ["idle", "mix", "alloc"].iter().any(|u| s.starts_with(u)))
    });
    if !up && marker.exists() {
        panic!(
            "{} says the cluster is up, but sinfo does not show a usable node: {states:?}",
            marker.display()
        );
    }
    if !up {
        eprintln!("skipping: no Slurm cluster (as root, .ci/slurm-up brings one up)");
    }
    up
}

/// The steps of the tests still known to Slurm (running or completing).
fn jobs_left() -> Vec<String> {
    let out = Command::new("squeue")
        .args(["-h", "-n", JOB, "-o", "%i %t"])
        .output()
        .expect("squeue");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

/// Waits up to 15 s for Slurm to forget the tests' jobs (a cancelled job is "completing"
/// for a moment); returns what is left.
fn settled_jobs() -> Vec<String> {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let left = jobs_left();
        if left.is_empty() || Instant::now() > deadline {
            return left;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// Processes whose command line holds `pattern`.
fn processes(pattern: &str) -> Vec<String> {
    let out = Command::new("pgrep").args(["-a", "-f", pattern]).output();
    out.map(|o| {
        String::from_utf8_lossy(&o.stdout)
            .lines()
            .map(str::to_string)
            .collect()
    })
    .unwrap_or_default()
}

/// The entries of a directory.
fn entries(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .map(|d| {
            d.map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default()
}

/// A working directory with a private `TMPDIR` for the reducer's runs.
struct Work {
    dir: tempfile::TempDir,
}

impl Work {
    fn new() -> Work {
        let w = Work {
            dir: tempfile::tempdir().unwrap(),
        };
        std::fs::create_dir(w.tmp()).unwrap();
        w
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    fn tmp(&self) -> PathBuf {
        self.path("tmp")
    }

    fn script(&self, name: &str, body: &str) {
        use std::os::unix::fs::PermissionsExt;
        let p = self.path(name);
        std::fs::write(&p, format!("#!/bin/sh\n{body}\n")).unwrap();
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
    }

    fn reducer(&self, args: &[&str]) -> Command {
        let mut c = Command::new(env!("CARGO_BIN_EXE_reduce-json"));
        c.args(args)
            .current_dir(self.dir.path())
            .env("TMPDIR", self.tmp())
            .stdin(Stdio::null());
        c
    }
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A JSON document where dropping `"c"` makes the oracle hang (in `sleep 347`).
const HANGS: &str = "{\"b\": 1, \"c\": [2, 3]}\n";
const HANGING_ORACLE: &str = "grep -q '\"b\"' \"$1\" || exit 1\n\
    grep -q '\"c\"' \"$1\" && exit 0\n\
    sleep 347";

#[test]
fn reductions_run_as_slurm_job_steps_and_leave_nothing_behind() {
    if !cluster_up() {
        return;
    }
    assert_eq!(
        jobs_left(),
        Vec::<String>::new(),
        "jobs left by an earlier run"
    );
    let launcher = launcher();

    // 1. The bundled example, every oracle run a job step.
    if Command::new("python3").arg("--version").output().is_ok() {
        let w = Work::new();
        let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/json");
        std::fs::copy(example.join("orders.json"), w.path("orders.json")).unwrap();
        std::fs::copy(example.join("interesting.sh"), w.path("interesting.sh")).unwrap();
        let o = w
            .reducer(&[
                "orders.json",
                "-j",
                "2",
                "--launcher",
                &launcher,
                "--test",
                "./interesting.sh",
            ])
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", stderr(&o));
        let original = std::fs::read(w.path("orders.json")).unwrap();
        let reduced = std::fs::read(w.path("orders.json.reduced")).unwrap();
        assert!(reduced.len() < original.len() / 2, "{reduced:?}");
        let check = Command::new(w.path("interesting.sh"))
            .arg(w.path("orders.json.reduced"))
            .status()
            .unwrap();
        assert!(check.success(), "the result is not interesting");
        assert_eq!(settled_jobs(), Vec::<String>::new());
        assert_eq!(
            entries(&w.tmp()),
            Vec::<String>::new(),
            "run directories left"
        );
    } else {
        eprintln!("skipping the bundled example: no python3");
    }

    // 2. Runs cut by the timeout: their steps are cancelled, their processes gone.
    let w = Work::new();
    std::fs::write(w.path("in.json"), HANGS).unwrap();
    w.script("hangs.sh", HANGING_ORACLE);
    let o = w
        .reducer(&[
            "in.json",
            "-j",
            "2",
            "--timeout",
            "1",
            "--stats",
            "s.json",
            "--launcher",
            &launcher,
            "--test",
            "./hangs.sh",
        ])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let stats: serde_json::Value =
        serde_json::from_slice(&std::fs::read(w.path("s.json")).unwrap()).unwrap();
    assert!(
        stats["queries"]["unresolved"].as_u64() > Some(0),
        "no run timed out: {stats}"
    );
    assert_eq!(
        settled_jobs(),
        Vec::<String>::new(),
        "steps left after timeouts"
    );
    assert_eq!(processes("sleep 347"), Vec::<String>::new());
    assert_eq!(
        entries(&w.tmp()),
        Vec::<String>::new(),
        "run directories left"
    );

    // 3. Ctrl-C while steps run: the reducer stops, keeps its best result, and cancels them.
    let w = Work::new();
    std::fs::write(w.path("in.json"), HANGS).unwrap();
    w.script("hangs.sh", HANGING_ORACLE);
    let child = w
        .reducer(&[
            "in.json",
            "-j",
            "2",
            "--timeout",
            "120",
            "--launcher",
            &launcher,
            "--test",
            "./hangs.sh",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    while processes("sleep 347").is_empty() {
        assert!(Instant::now() < deadline, "no oracle run ever hung");
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(!jobs_left().is_empty(), "the hanging run is not a job step");
    let interrupt = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(interrupt.success());
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    assert!(w.path("in.json.reduced").exists(), "no best-so-far result");
    assert_eq!(
        settled_jobs(),
        Vec::<String>::new(),
        "steps left after Ctrl-C"
    );
    assert_eq!(processes("sleep 347"), Vec::<String>::new());
    assert_eq!(
        entries(&w.tmp()),
        Vec::<String>::new(),
        "run directories left"
    );
}
