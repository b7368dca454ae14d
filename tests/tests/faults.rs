//! Fault injection: the test's world breaks while the reducer runs (the script vanishes, its
//! interpreter is missing, `$TMPDIR` fills up). A test that could not be run is never taken
//! for an answer: the reducer tries once more, then stops with exit status 5, the cause named
//! and the best result so far kept. And the test's litter (scratch files in `$TMPDIR`,
//! read-only directories) goes away with each run, or is warned about once.

// The only unsafe code: `geteuid`.
#![allow(unsafe_code)]

mod common;

use common::*;
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::{Command, Output};

/// The exit status of a run whose test could not be run.
const NOT_RUN: i32 = 5;

/// A script that counts its runs in `$COUNT` and, from run `$AT` on, does `$ACTION` once
/// it has its answer: a fault that strikes mid-run.
const COUNTING: &str = r#"n=$(cat "$COUNT" 2>/dev/null || echo 0)
n=$((n + 1))
echo "$n" > "$COUNT"
grep -q 'crash(' "$1"
answer=$?
if [ "$n" -ge "$AT" ]; then eval "$ACTION"; fi
exit $answer"#;

/// Runs `reduce-toy bug.toy -j 1 --stats run.json --test ./check.sh` with the `COUNTING`
/// script doing `action` from run `at` on, with `$TMPDIR` set to `tmpdir` if given.
fn run_with_fault(c: &Case, at: u32, action: &str, tmpdir: Option<&Path>) -> Output {
    c.write("bug.toy", big_bug());
    c.script("check.sh", COUNTING);
    let mut cmd = c.command(
        TOY,
        &[
            "bug.toy",
            "-j",
            "1",
            "--stats",
            "run.json",
            "--test",
            "./check.sh",
        ],
    );
    cmd.env("COUNT", c.path("count"))
        .env("AT", at.to_string())
        .env("ACTION", action);
    if let Some(dir) = tmpdir {
        cmd.env("TMPDIR", dir);
    }
    cmd.output().unwrap()
}

/// Checks a run stopped by a test that could not be run: exit 5, `cause` named, an
/// interesting best result kept, the attempts counted in `--stats`.
#[track_caller]
fn assert_stopped_keeping_the_best(c: &Case, o: &Output, cause: &str) {
    assert_exit(o, NOT_RUN);
    let err = stderr(o);
    assert!(err.contains("could not be run"), "{err}");
    assert!(
        err.contains(cause),
        "the cause {cause:?} is not named: {err}"
    );
    assert!(err.contains("best result so far"), "{err}");
    assert!(!err.contains("flaky"), "{err}");
    let best = c.read_str("bug.toy.reduced");
    assert!(best.contains("crash("), "{best:?}");
    assert!(best.len() < big_bug().len(), "nothing was kept: {best:?}");
    assert!(parses(c, "bug.toy.reduced"));
    assert_eq!(c.read_str("bug.toy"), big_bug());
    let v: serde_json::Value = serde_json::from_slice(&c.read("run.json")).unwrap();
    assert_eq!(v["status"], "test-not-run");
    assert_eq!(v["exit_code"], NOT_RUN);
    assert_eq!(v["queries"]["not_run"], 2, "one attempt and one retry: {v}");
}

#[test]
fn a_script_deleted_mid_run_stops_the_reduction_keeping_the_best() {
    let c = Case::new();
    let o = run_with_fault(&c, 3, r#"rm -f "$0""#, None);
    assert!(!c.path("check.sh").exists());
    assert_stopped_keeping_the_best(&c, &o, "check.sh");
    assert!(!stderr(&o).contains("not interesting"), "{}", stderr(&o));
}

#[test]
fn a_missing_interpreter_is_named_and_is_not_a_missing_script() {
    let c = Case::new();
    c.write("bug.toy", BUG);
    let script = c.write(
        "check.sh",
        "#!/nonexistent/bin/interp -e\ngrep -q 'crash(' \"$1\"\n",
    );
    fs::set_permissions(&script, fs::Permissions::from_mode(0o755)).unwrap();
    let o = c.run(TOY, &["bug.toy", "--test", "./check.sh"]);
    assert_exit(&o, NOT_RUN);
    let err = stderr(&o);
    assert!(err.contains("/nonexistent/bin/interp"), "{err}");
    assert!(err.contains("#!"), "{err}");
    assert!(!c.path("bug.toy.reduced").exists());
}

#[test]
fn an_uninteresting_original_is_still_exit_3() {
    let c = Case::new();
    c.write("bug.toy", BUG);
    c.script("check.sh", "exit 1");
    let o = c.run(TOY, &["bug.toy", "--test", "./check.sh"]);
    assert_exit(&o, 3);
    assert!(!stderr(&o).contains("could not be run"), "{}", stderr(&o));
}

/// A small tmpfs mounted on a fresh directory, unmounted when dropped.
struct Tmpfs {
    dir: tempfile::TempDir,
}

impl Tmpfs {
    /// Mounts one, or says why the test is skipped (not root, no mount namespace rights…).
    fn mount(size: &str) -> Option<Tmpfs> {
        let dir = tempfile::tempdir().unwrap();
        let out = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir.path())
            .output();
        match out {
            Ok(o) if o.status.success() => Some(Tmpfs { dir }),
            Ok(o) => {
                eprintln!("skipped: cannot mount a tmpfs: {}", stderr(&o).trim());
                None
            }
            Err(e) => {
                eprintln!("skipped: cannot run mount: {e}");
                None
            }
        }
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }

    /// Fills it up.
    fn fill(&self) {
        let _ = Command::new("sh")
            .arg("-c")
            .arg(r#"head -c 100000000 /dev/zero > "$1/fill" 2>/dev/null"#)
            .arg("sh")
            .arg(self.path())
            .status();
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(self.dir.path()).status();
    }
}

#[test]
fn a_tmpdir_that_fills_mid_run_stops_the_reduction_keeping_the_best() {
    let Some(tmp) = Tmpfs::mount("256k") else {
        return;
    };
    let c = Case::new();
    // The candidate goes first: the space its removal would free is taken too.
    let fill = format!(
        r#"rm -f "$1"; head -c 100000000 /dev/zero > '{}/fill' 2>/dev/null"#,
        tmp.path().display()
    );
    let o = run_with_fault(&c, 3, &fill, Some(tmp.path()));
    assert_stopped_keeping_the_best(&c, &o, "No space left on device");
}

#[test]
fn a_full_tmpdir_at_the_start_is_not_an_uninteresting_original() {
    let Some(tmp) = Tmpfs::mount("64k") else {
        return;
    };
    tmp.fill();
    let c = Case::new();
    c.write("bug.toy", BUG);
    c.script("check.sh", r#"grep -q 'crash(' "$1""#);
    let o = c
        .command(TOY, &["bug.toy", "--test", "./check.sh"])
        .env("TMPDIR", tmp.path())
        .output()
        .unwrap();
    assert_exit(&o, NOT_RUN);
    let err = stderr(&o);
    assert!(err.contains("No space left on device"), "{err}");
    assert!(!err.contains("not interesting"), "{err}");
}

/// Entries left in `dir`.
fn left_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// `cmd`, run without root's power to ignore permissions when the tests run as root (so that
/// a read-only directory binds the reducer as it binds any user); unchanged otherwise.
fn as_a_plain_user(cmd: Command) -> Option<Command> {
    // SAFETY: plain system call.
    if unsafe { libc::geteuid() } != 0 {
        return Some(cmd);
    }
    let probe = Command::new("setpriv")
        .args([
            "--bounding-set=-dac_override,-dac_read_search,-fowner",
            "true",
        ])
        .status();
    if !probe.is_ok_and(|s| s.success()) {
        eprintln!("skipped: running as root and setpriv cannot drop the capabilities");
        return None;
    }
    let mut wrapped = Command::new("setpriv");
    wrapped
        .arg("--bounding-set=-dac_override,-dac_read_search,-fowner")
        .arg(cmd.get_program())
        .args(cmd.get_args());
    if let Some(dir) = cmd.get_current_dir() {
        wrapped.current_dir(dir);
    }
    for (k, v) in cmd.get_envs() {
        match v {
            Some(v) => wrapped.env(k, v),
            None => wrapped.env_remove(k),
        };
    }
    Some(wrapped)
}

#[test]
fn scratch_files_and_read_only_directories_of_the_test_go_with_its_run() {
    let c = Case::new();
    c.write("bug.toy", big_bug());
    fs::create_dir(c.path("tmp")).unwrap();
    // A compiler's scratch file in $TMPDIR, left by runs that end and by runs that are
    // killed (speculation), and a read-only module cache in the working directory.
    c.script(
        "check.sh",
        r#"touch "${TMPDIR:-/tmp}/cc$$.s"
mkdir -p cache/mod && touch cache/mod/go.mod && chmod 555 cache/mod cache
grep -q 'crash(' "$1" || exit 1
case "$(cat "$1")" in *var*) sleep 0.2 ;; esac"#,
    );
    let mut cmd = c.command(TOY, &["bug.toy", "-j", "3", "--test", "./check.sh"]);
    cmd.env("TMPDIR", c.path("tmp"));
    let Some(mut cmd) = as_a_plain_user(cmd) else {
        return;
    };
    let o = cmd.output().unwrap();
    assert_exit(&o, 0);
    assert_eq!(left_in(&c.path("tmp")), Vec::<String>::new());
    assert!(
        !stderr(&o).contains("could not be removed"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn what_cannot_be_removed_is_warned_about_once() {
    let c = Case::new();
    c.write("bug.toy", BUG);
    fs::create_dir(c.path("tmp")).unwrap();
    // A mount point inside the run's directory cannot be removed, even by root.
    c.script(
        "check.sh",
        r#"mkdir m && mount -t tmpfs tmpfs m 2>/dev/null && pwd >> "$MOUNTS"
grep -q 'crash(' "$1""#,
    );
    let mounts = c.path("mounts");
    let o = c
        .command(TOY, &["bug.toy", "-j", "1", "--test", "./check.sh"])
        .env("TMPDIR", c.path("tmp"))
        .env("MOUNTS", &mounts)
        .output()
        .unwrap();
    let mounted = fs::read_to_string(&mounts).unwrap_or_default();
    for dir in mounted.lines() {
        let _ = Command::new("umount").arg(format!("{dir}/m")).status();
    }
    if mounted.is_empty() {
        eprintln!("skipped: the test cannot mount a tmpfs");
        return;
    }
    assert_exit(&o, 0);
    let err = stderr(&o);
    let warnings: Vec<&str> = err
        .lines()
        .filter(|l| l.contains("could not be removed"))
        .collect();
    assert_eq!(warnings.len(), 1, "{err}");
    let runs = mounted.lines().count();
    assert!(
        warnings[0].contains(&format!("{runs} temporary directories")),
        "{runs} runs: {err}"
    );
}

#[test]
fn a_closed_stdout_or_stderr_never_stops_a_reduction() {
    let c = Case::new();
    c.write("bug.toy", big_bug());
    c.script("check.sh", r#"grep -q 'crash(' "$1""#);
    // `reduce-toy … -vv 2>&1 | head -0`: both streams are a pipe nobody reads.
    let mut child = c
        .command(TOY, &["bug.toy", "-vv", "-j", "2", "--test", "./check.sh"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    drop(child.stderr.take());
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0), "{status}");
    let best = c.read_str("bug.toy.reduced");
    assert!(best.contains("crash(") && best.len() < 40, "{best:?}");
    // Nor does it stop the listings.
    let mut child = c
        .command(TOY, &["--print-grammar"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    assert_eq!(child.wait().unwrap().code(), Some(0));
}

#[test]
fn an_absurd_job_count_is_bounded_with_a_warning() {
    let c = Case::new();
    c.write("bug.toy", BUG);
    c.script("check.sh", r#"grep -q 'crash(' "$1""#);
    let o = c.run(TOY, &["bug.toy", "-j", "100000", "--test", "./check.sh"]);
    assert_exit(&o, 0);
    assert!(stderr(&o).contains("-j 100000"), "{}", stderr(&o));
    assert!(stderr(&o).contains("-j 256"), "{}", stderr(&o));
    // C-Reduce's spelling.
    let o = c.run(
        TOY,
        &["bug.toy", "--n", "2", "-o", "n.toy", "--test", "./check.sh"],
    );
    assert_exit(&o, 0);
    assert!(stderr(&o).contains("-j 2,"), "{}", stderr(&o));
}
