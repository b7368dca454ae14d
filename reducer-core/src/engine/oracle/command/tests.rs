//! Tests of the command oracle: real scripts, process groups, timeouts, stderr.

use super::stderr::Tail;
use super::steps::needs_resolving;
use super::*;
use crate::engine::oracle::sys;
use std::os::unix::fs::PermissionsExt;
use std::sync::atomic::Ordering;
use std::sync::Arc;

/// Writes an executable `#!/bin/sh` script named `name` into `dir`.
fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

fn no_cancel() -> AtomicBool {
    AtomicBool::new(false)
}

/// A generous bound: far below the 30 s the hanging scripts sleep.
const WELL_BELOW_30S: Duration = Duration::from_secs(15);
/// A timeout long enough for a script to install its traps or write its pid file on a
/// loaded machine before it is asked to end.
const STARTED_WELL_BEFORE: Duration = Duration::from_secs(2);

/// Whether `pid` is a live (not zombie) process.
fn alive(pid: libc::pid_t) -> bool {
    if !sys::kill(pid, 0) {
        return false;
    }
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        // The state is the field after the parenthesised command name.
        Ok(stat) => !stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| rest.trim_start().starts_with(['Z', 'X'])),
        Err(_) => false,
    }
}

/// Waits (generously) for `pid` to be gone; true if it is.
fn gone_soon(pid: libc::pid_t) -> bool {
    let until = Instant::now() + Duration::from_secs(10);
    while Instant::now() < until {
        if !alive(pid) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    false
}

fn read_pid(path: &Path) -> libc::pid_t {
    let until = Instant::now() + Duration::from_secs(10);
    loop {
        if let Ok(s) = std::fs::read_to_string(path) {
            if let Ok(pid) = s.trim().parse() {
                return pid;
            }
        }
        assert!(Instant::now() < until, "no pid in {}", path.display());
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn exit_status_decides_the_outcome() {
    let dir = tempfile::tempdir().unwrap();
    let yes = script(dir.path(), "yes.sh", "exit 0");
    let no = script(dir.path(), "no.sh", "exit 1");
    let odd = script(dir.path(), "odd.sh", "exit 77");
    let c = no_cancel();
    let o = CommandOracle::new([&yes], "bug.c").unwrap();
    assert_eq!(o.test(b"x", &c), Outcome::Interesting);
    let o = CommandOracle::new([&no], "bug.c").unwrap();
    assert_eq!(o.test(b"x", &c), Outcome::NotInteresting);
    let last = o.last_report().unwrap();
    assert_eq!((last.exit_code, last.signal), (Some(1), None));
    assert!(!last.timed_out && !last.cancelled && last.error.is_none());
    let r = CommandOracle::new([&odd], "bug.c").unwrap().run(b"x", &c);
    assert_eq!(
        (r.outcome, r.exit_code),
        (Outcome::NotInteresting, Some(77))
    );
    assert_eq!(r.describe(), "exit status 77");
}

#[test]
fn the_script_sees_the_file_in_its_cwd_creduce_style() {
    let dir = tempfile::tempdir().unwrap();
    // Reads bug.c from its working directory, ignoring the argument.
    let s = script(dir.path(), "oracle.sh", "grep -q 'int main' bug.c");
    let o = CommandOracle::new([&s], "bug.c").unwrap();
    let c = no_cancel();
    assert_eq!(
        o.test(b"int main() { return 0; }\n", &c),
        Outcome::Interesting
    );
    assert_eq!(o.test(b"float f;\n", &c), Outcome::NotInteresting);
}

#[test]
fn the_script_gets_the_absolute_path_as_last_argument() {
    let dir = tempfile::tempdir().unwrap();
    let s = script(
        dir.path(),
        "oracle.sh",
        r#"[ "$1" = --flag ] || exit 11
[ "$#" = 2 ] || exit 12
case "$2" in /*) ;; *) exit 13 ;; esac
[ "$(basename "$2")" = bug.c ] || exit 14
[ "$(cd "$(dirname "$2")" && pwd -P)" = "$(pwd -P)" ] || exit 15
[ "$(cat "$2")" = payload ] || exit 16
[ ! -t 0 ] && [ -z "$(cat)" ] || exit 17
exit 0"#,
    );
    let o = CommandOracle::new([s.as_os_str(), OsStr::new("--flag")], "some/dir/bug.c").unwrap();
    assert_eq!(o.file_name(), OsStr::new("bug.c"));
    let r = o.run(b"payload", &no_cancel());
    assert_eq!(
        (r.outcome, r.exit_code),
        (Outcome::Interesting, Some(0)),
        "{r:?}"
    );
}

#[test]
fn a_file_set_is_written_whole_with_the_candidate_in_place_of_the_active_file() {
    use crate::engine::oracle::file_set::{FileSet, SetFile};
    use std::sync::RwLock;
    let dir = tempfile::tempdir().unwrap();
    // Needs both files where they are relative to each other, and gets both paths.
    let s = script(
        dir.path(),
        "oracle.sh",
        r#"[ "$#" = 2 ] || exit 11
[ "$1" = "$(pwd -P)/main.c" ] || [ "$1" = "$(pwd)/main.c" ] || exit 12
[ "$(cat inc/defs.h)" = "$(cat "$2")" ] || exit 13
grep -q 'include "inc/defs.h"' main.c && grep -q 'int x' inc/defs.h"#,
    );
    let files = vec![
        SetFile {
            path: PathBuf::from("main.c"),
            bytes: b"#include \"inc/defs.h\"\n".to_vec(),
        },
        SetFile {
            path: PathBuf::from("inc/defs.h"),
            bytes: b"int x;\n".to_vec(),
        },
    ];
    let set = Arc::new(RwLock::new(FileSet::new(files).unwrap()));
    let o = CommandOracle::builder([&s], "main.c")
        .file_set(set.clone())
        .build()
        .unwrap();
    let c = no_cancel();
    // The candidate replaces main.c, then (once the set says so) defs.h.
    assert_eq!(
        o.test(b"#include \"inc/defs.h\"\n", &c),
        Outcome::Interesting
    );
    assert_eq!(o.test(b"", &c), Outcome::NotInteresting);
    set.write().unwrap().set_active(1);
    assert_eq!(o.test(b"int x, y;\n", &c), Outcome::Interesting);
    assert_eq!(o.test(b"int y;\n", &c), Outcome::NotInteresting);
    // A directory given as the input: the test gets the run's directory.
    let d = script(
        dir.path(),
        "dir.sh",
        r#"[ "$#" = 1 ] && [ -f "$1/inc/defs.h" ]"#,
    );
    let set = Arc::new(RwLock::new(set.read().unwrap().clone().passing_dir()));
    let o = CommandOracle::builder([&d], "main.c")
        .file_set(set)
        .build()
        .unwrap();
    assert_eq!(o.test(b"int x;\n", &c), Outcome::Interesting);
}

#[test]
fn interpreter_with_arguments() {
    let dir = tempfile::tempdir().unwrap();
    // Not executable: run through `sh` found on PATH (a bare name is not resolved).
    let s = dir.path().join("check.sh");
    std::fs::write(&s, "[ \"$1\" = -x ] && grep -q needle \"$2\"\n").unwrap();
    let o =
        CommandOracle::new([OsStr::new("sh"), s.as_os_str(), OsStr::new("-x")], "t.txt").unwrap();
    assert_eq!(o.argv()[0], OsStr::new("sh"));
    let c = no_cancel();
    assert_eq!(o.test(b"hay needle hay", &c), Outcome::Interesting);
    assert_eq!(o.test(b"hay hay", &c), Outcome::NotInteresting);
}

#[test]
fn relative_program_path_is_resolved_against_the_cwd_at_construction() {
    let dir = tempfile::tempdir().unwrap();
    let s = script(dir.path(), "oracle.sh", "exit 0");
    // A relative path from the current directory to the script, e.g. ../../tmp/x/oracle.sh.
    let cwd = std::env::current_dir().unwrap();
    let mut rel = PathBuf::new();
    for _ in cwd.components().skip(1) {
        rel.push("..");
    }
    rel.push(s.strip_prefix("/").unwrap());
    assert!(rel.is_relative());
    let o = CommandOracle::new([&rel], "bug.c").unwrap();
    assert_eq!(Path::new(&o.argv()[0]), cwd.join(&rel));
    assert_eq!(o.test(b"", &no_cancel()), Outcome::Interesting);

    assert!(needs_resolving(OsStr::new("./oracle.sh")));
    assert!(needs_resolving(OsStr::new("tools/oracle.sh")));
    assert!(!needs_resolving(OsStr::new("python3")));
    assert!(!needs_resolving(OsStr::new("/bin/sh")));
    let o = CommandOracle::builder(["python3", "./check.py"], "a.py")
        .launcher(["./wrap", "-n1"])
        .build()
        .unwrap();
    let argv: Vec<_> = o.argv().iter().map(PathBuf::from).collect();
    assert_eq!(
        argv,
        [
            cwd.join("./wrap"),
            "-n1".into(),
            "python3".into(),
            "./check.py".into()
        ]
    );
}

#[test]
fn a_hanging_oracle_is_killed_at_the_timeout() {
    let dir = tempfile::tempdir().unwrap();
    let s = script(dir.path(), "hang.sh", "sleep 30");
    let o = CommandOracle::builder([&s], "bug.c")
        .timeout(Duration::from_millis(300))
        .build()
        .unwrap();
    let r = o.run(b"x", &no_cancel());
    assert_eq!(r.outcome, Outcome::Unresolved);
    assert!(r.timed_out && !r.cancelled, "{r:?}");
    // Asked to end first (SIGTERM), which a shell running `sleep` does at once: killed by
    // it, or, when the `sleep` got it first, exiting with 128 + SIGTERM.
    assert!(
        r.signal == Some(libc::SIGTERM) || r.exit_code == Some(128 + libc::SIGTERM),
        "{r:?}"
    );
    assert!(r.elapsed < WELL_BELOW_30S, "{r:?}");
    assert!(r.describe().starts_with("timed out"));
}

#[test]
fn a_timed_out_program_gets_sigterm_first_and_sigkill_if_it_stays() {
    let dir = tempfile::tempdir().unwrap();
    let marker = dir.path().join("got-term");
    // A launcher such as srun ends its job step on SIGTERM, then exits.
    let s = script(
        dir.path(),
        "polite.sh",
        "trap 'touch \"$MARKER\"; exit 143' TERM
while :; do sleep 0.05; done",
    );
    let o = CommandOracle::builder([&s], "bug.c")
        .timeout(STARTED_WELL_BEFORE)
        .env("MARKER", &marker)
        .build()
        .unwrap();
    let r = o.run(b"x", &no_cancel());
    assert!(r.timed_out, "{r:?}");
    assert!(marker.exists(), "the program was not asked to end");
    assert_eq!(r.exit_code, Some(143), "{r:?}");
    // One that ignores SIGTERM is killed after the grace period.
    let s = script(
        dir.path(),
        "stubborn.sh",
        "trap '' TERM
while :; do sleep 0.05; done",
    );
    let o = CommandOracle::builder([&s], "bug.c")
        .timeout(STARTED_WELL_BEFORE)
        .build()
        .unwrap();
    let started = std::time::Instant::now();
    let r = o.run(b"x", &no_cancel());
    assert!(r.timed_out, "{r:?}");
    assert_eq!(r.signal, Some(libc::SIGKILL), "{r:?}");
    let took = started.elapsed();
    assert!(
        took >= Duration::from_secs(2) && took < WELL_BELOW_30S,
        "{took:?}"
    );
}

#[test]
fn the_timeout_kills_grandchildren_too() {
    let dir = tempfile::tempdir().unwrap();
    let pidfile = dir.path().join("pid");
    let s = script(
        dir.path(),
        "hang.sh",
        "sleep 30 &\necho $! > \"$PIDFILE\"\nwait",
    );
    let o = CommandOracle::builder([&s], "bug.c")
        .timeout(STARTED_WELL_BEFORE)
        .env("PIDFILE", &pidfile)
        .build()
        .unwrap();
    let r = o.run(b"x", &no_cancel());
    assert_eq!(r.outcome, Outcome::Unresolved);
    assert!(r.timed_out, "{r:?}");
    assert!(r.elapsed < WELL_BELOW_30S, "{r:?}");
    let pid = read_pid(&pidfile);
    assert!(gone_soon(pid), "grandchild {pid} survived");
}

#[test]
fn the_timeout_kills_what_left_the_process_group() {
    // GNU `timeout` moves itself and its command into a process group of their own: killing
    // the run's group leaves them running (a compiler would go on writing into the run's
    // directory after its removal). They stay in the run's session.
    let dir = tempfile::tempdir().unwrap();
    let pidfile = dir.path().join("pid");
    let s = script(
        dir.path(),
        "escape.sh",
        "timeout 60 sh -c 'echo $$ > \"$PIDFILE\"; exec sleep 30'",
    );
    let o = CommandOracle::builder([&s], "bug.c")
        .timeout(STARTED_WELL_BEFORE)
        .env("PIDFILE", &pidfile)
        .build()
        .unwrap();
    let r = o.run(b"x", &no_cancel());
    assert!(r.timed_out, "{r:?}");
    assert!(r.elapsed < WELL_BELOW_30S, "{r:?}");
    let pid = read_pid(&pidfile);
    assert!(gone_soon(pid), "{pid}, in a group of its own, survived");
}

#[test]
fn leftovers_of_a_finished_run_are_killed_and_not_waited_for() {
    let dir = tempfile::tempdir().unwrap();
    let pidfile = dir.path().join("pid");
    // The background sleep keeps stderr open: the run must not wait for it.
    let s = script(
        dir.path(),
        "bg.sh",
        "sleep 30 &\necho $! > \"$PIDFILE\"\nexit 0",
    );
    let o = CommandOracle::builder([&s], "bug.c")
        .no_timeout()
        .env("PIDFILE", &pidfile)
        .build()
        .unwrap();
    let r = o.run(b"x", &no_cancel());
    assert_eq!(r.outcome, Outcome::Interesting, "{r:?}");
    assert!(r.elapsed < WELL_BELOW_30S, "{r:?}");
    let pid = read_pid(&pidfile);
    assert!(gone_soon(pid), "background process {pid} survived");
}

#[test]
fn cancellation_ends_a_long_run_quickly() {
    let dir = tempfile::tempdir().unwrap();
    let s = script(dir.path(), "hang.sh", "sleep 30");
    let o = CommandOracle::builder([&s], "bug.c")
        .no_timeout()
        .build()
        .unwrap();
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = cancel.clone();
    let raiser = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(200));
        flag.store(true, Ordering::SeqCst);
    });
    let r = o.run(b"x", &cancel);
    raiser.join().unwrap();
    assert_eq!(r.outcome, Outcome::Unresolved);
    assert!(r.cancelled && !r.timed_out, "{r:?}");
    assert!(r.elapsed < WELL_BELOW_30S, "{r:?}");
    assert_eq!(r.describe(), "cancelled");
}

#[test]
fn a_started_run_is_under_way_before_anyone_waits() {
    let dir = tempfile::tempdir().unwrap();
    // The program records that it ran; nobody waits for it until it has.
    let mark = dir.path().join("ran");
    let s = script(
        dir.path(),
        "mark.sh",
        &format!("grep -q bug \"$1\" && touch '{}'", mark.display()),
    );
    let o = CommandOracle::new([&s], "bug.c").unwrap();
    let test = Oracle::start(&o, b"a bug").expect("a program is started at once");
    let deadline = Instant::now() + Duration::from_secs(10);
    while !mark.exists() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(mark.exists(), "the program did not run before the wait");
    // The answer is collected on another thread, as the tester's workers do.
    let waiter = std::thread::spawn(move || test.finish(&AtomicBool::new(false)).outcome);
    assert_eq!(waiter.join().unwrap(), Outcome::Interesting);
    assert!(o.last_report().is_some_and(|r| r.exit_code == Some(0)));
    // Cancelled before the wait: killed at once, and its directory is gone.
    let hang = script(dir.path(), "hang.sh", "sleep 30");
    let o = CommandOracle::builder([&hang], "bug.c")
        .no_timeout()
        .temp_dir(dir.path().join("temps"))
        .build()
        .unwrap();
    std::fs::create_dir(dir.path().join("temps")).unwrap();
    let test = Oracle::start(&o, b"x").unwrap();
    assert_eq!(
        test.finish(&AtomicBool::new(true)).outcome,
        Outcome::Unresolved
    );
    let r = o.last_report().unwrap();
    assert!(r.cancelled && r.elapsed < WELL_BELOW_30S, "{r:?}");
    assert_eq!(
        std::fs::read_dir(dir.path().join("temps")).unwrap().count(),
        0
    );
}

#[test]
fn a_run_ends_when_its_program_exits_not_when_someone_waits() {
    // The program exits at once; whoever reaps it is busy for 600 ms first (as the tester
    // is, preparing the next candidate). That time is not the run's.
    let dir = tempfile::tempdir().unwrap();
    let s = script(dir.path(), "quick.sh", "exit 0");
    let o = CommandOracle::new([&s], "bug.c").unwrap();
    let busy = Duration::from_millis(600);
    let launched = Instant::now();
    let test = Oracle::start(&o, b"x").unwrap();
    std::thread::sleep(busy);
    let finished = test.finish(&AtomicBool::new(false));
    assert_eq!(finished.outcome, Outcome::Interesting);
    let took = finished.ended - launched;
    assert!(
        took < busy / 2,
        "the wait was booked as the run's time: {took:?}"
    );
    let r = o.last_report().unwrap();
    assert!(r.elapsed < busy / 2, "{r:?}");
}

#[test]
fn death_by_signal_is_unresolved() {
    let dir = tempfile::tempdir().unwrap();
    let s = script(dir.path(), "crash.sh", "kill -SEGV $$");
    let r = CommandOracle::new([&s], "bug.c")
        .unwrap()
        .run(b"", &no_cancel());
    assert_eq!(r.outcome, Outcome::Unresolved);
    assert_eq!((r.exit_code, r.signal), (None, Some(libc::SIGSEGV)));
    assert!(!r.timed_out && !r.cancelled && r.error.is_none());
}

#[test]
fn file_name_with_spaces_and_shell_metacharacters() {
    let name = "a b;$(x)'q\".c";
    let dir = tempfile::tempdir().unwrap();
    let s = script(
        dir.path(),
        "oracle.sh",
        r#"[ "$(ls)" = "$EXPECTED" ] || exit 21
[ "$(basename "$1")" = "$EXPECTED" ] || exit 22
[ "$(cat "$1")" = "the content" ] || exit 23
[ "$(cat "./$EXPECTED")" = "the content" ] || exit 24
exit 0"#,
    );
    let o = CommandOracle::builder([&s], name)
        .env("EXPECTED", name)
        .build()
        .unwrap();
    let r = o.run(b"the content", &no_cancel());
    assert_eq!(
        (r.outcome, r.exit_code),
        (Outcome::Interesting, Some(0)),
        "{r:?}"
    );
}

fn entries(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect()
}

#[test]
fn temp_dirs_are_removed() {
    let scripts = tempfile::tempdir().unwrap();
    let base = tempfile::tempdir().unwrap();
    let yes = script(
        scripts.path(),
        "yes.sh",
        "touch extra; mkdir sub; touch sub/f",
    );
    let no = script(scripts.path(), "no.sh", "exit 1");
    let hang = script(scripts.path(), "hang.sh", "sleep 30");
    let c = no_cancel();
    // Only the hanging script gets a short timeout: a loaded machine can take
    // more than a second to start a shell.
    for (s, expected, timeout) in [
        (&yes, Outcome::Interesting, Duration::from_secs(60)),
        (&no, Outcome::NotInteresting, Duration::from_secs(60)),
        (&hang, Outcome::Unresolved, Duration::from_millis(300)),
    ] {
        let o = CommandOracle::builder([s], "bug.c")
            .temp_dir(base.path())
            .timeout(timeout)
            .build()
            .unwrap();
        assert_eq!(o.temp_base(), base.path());
        let r = o.run(b"x", &c);
        assert_eq!(r.outcome, expected);
        assert_eq!(r.kept_dir, None);
        assert_eq!(entries(base.path()), Vec::<PathBuf>::new());
    }
}

#[test]
fn each_run_has_its_own_tmpdir_which_goes_with_it_even_when_killed() {
    let scripts = tempfile::tempdir().unwrap();
    let base = tempfile::tempdir().unwrap();
    let s = script(
        scripts.path(),
        "litter.sh",
        r#"[ "$TMPDIR" = "$(pwd)/.tmp" ] || exit 9
[ -d "$TMPDIR" ] && [ -w "$TMPDIR" ] || exit 10
touch "$TMPDIR/cc1.s" || exit 11
sleep 30"#,
    );
    let o = CommandOracle::builder([&s], "bug.c")
        .temp_dir(base.path())
        .timeout(Duration::from_millis(500))
        .build()
        .unwrap();
    let r = o.run(b"x", &no_cancel());
    assert!(r.timed_out, "{r:?}");
    assert_eq!(entries(base.path()), Vec::<PathBuf>::new());
    assert_eq!(o.leftovers(), Leftovers::default());
    // The run's directory is private.
    let peek = script(
        scripts.path(),
        "mode.sh",
        r#"[ "$(stat -c %a .)" = 700 ] && [ "$(stat -c %a .tmp)" = 700 ]"#,
    );
    let r = CommandOracle::new([&peek], "bug.c")
        .unwrap()
        .run(b"x", &no_cancel());
    assert_eq!(r.outcome, Outcome::Interesting, "{r:?}");
}

#[test]
fn abandoning_kills_the_runs_going_on_removes_their_directories_and_starts_none() {
    // What quitting at once (a second Ctrl-C) does before the process exits: nobody will
    // wait for these runs.
    let scripts = tempfile::tempdir().unwrap();
    let base = tempfile::tempdir().unwrap();
    let s = script(
        scripts.path(),
        "long.sh",
        "timeout 60 sh -c 'echo $$ > \"$PIDS/$(basename \"$PWD\")\"; exec sleep 30'",
    );
    let pids = scripts.path().join("pids");
    std::fs::create_dir(&pids).unwrap();
    let o = CommandOracle::builder([&s], "bug.c")
        .no_timeout()
        .temp_dir(base.path())
        .env("PIDS", &pids)
        .build()
        .unwrap();
    let runs = [o.launch(b"x"), o.launch(b"y")];
    assert_eq!(entries(base.path()).len(), 2);
    let until = Instant::now() + Duration::from_secs(10);
    while entries(&pids).len() < 2 && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(10));
    }
    let sleepers: Vec<_> = entries(&pids).iter().map(|p| read_pid(p)).collect();
    assert_eq!(sleepers.len(), 2);
    assert_eq!(o.abandon(), 2);
    assert_eq!(entries(base.path()), Vec::<PathBuf>::new());
    for pid in sleepers {
        // In a process group of its own (`timeout`), in the run's session.
        assert!(gone_soon(pid), "{pid} survived");
    }
    // Their waits end at once, without a leftover: the directories are already gone.
    for run in runs {
        let r = run.wait(&no_cancel());
        assert!(r.elapsed < WELL_BELOW_30S, "{r:?}");
        assert_ne!(r.outcome, Outcome::Interesting);
    }
    assert_eq!(o.leftovers(), Leftovers::default());
    // No run begins any more.
    let r = o.run(b"z", &no_cancel());
    assert_eq!(r.outcome, Outcome::NotRun, "{r:?}");
    assert!(r.describe().contains("quitting"), "{}", r.describe());
    assert_eq!(entries(base.path()), Vec::<PathBuf>::new());
    assert_eq!(o.abandon(), 0);
}

#[test]
fn keep_temps_leaves_the_directories_and_tells_where() {
    let scripts = tempfile::tempdir().unwrap();
    let base = tempfile::tempdir().unwrap();
    let s = script(scripts.path(), "oracle.sh", "echo seen > note; exit 1");
    let o = CommandOracle::builder([&s], "bug.c")
        .temp_dir(base.path())
        .keep_temps(true)
        .build()
        .unwrap();
    assert!(o.keeps_temps());
    let c = no_cancel();
    let r1 = o.run(b"first", &c);
    let r2 = o.run(b"second", &c);
    let (d1, d2) = (r1.kept_dir.unwrap(), r2.kept_dir.unwrap());
    assert_ne!(d1, d2);
    let mut all = entries(base.path());
    all.sort();
    let mut expected = vec![d1.clone(), d2.clone()];
    expected.sort();
    assert_eq!(all, expected);
    assert!(d1
        .file_name()
        .unwrap()
        .to_string_lossy()
        .starts_with(TEMP_DIR_PREFIX));
    assert_eq!(std::fs::read(d1.join("bug.c")).unwrap(), b"first");
    assert_eq!(std::fs::read(d2.join("bug.c")).unwrap(), b"second");
    assert_eq!(std::fs::read(d1.join("note")).unwrap(), b"seen\n");
}

#[test]
fn launcher_prefix_and_extra_environment() {
    let dir = tempfile::tempdir().unwrap();
    let s = script(
        dir.path(),
        "oracle.sh",
        r#"[ "$FOO" = 1 ] && [ "$BAR" = 2 ]"#,
    );
    let c = no_cancel();
    let plain = CommandOracle::builder([&s], "bug.c")
        .env("BAR", "2")
        .build()
        .unwrap();
    assert_eq!(plain.test(b"", &c), Outcome::NotInteresting);
    let launched = CommandOracle::builder([&s], "bug.c")
        .launcher(["env", "FOO=1"])
        .envs([("BAR", "2")])
        .build()
        .unwrap();
    assert_eq!(launched.argv()[0], OsStr::new("env"));
    assert_eq!(launched.test(b"", &c), Outcome::Interesting);
    // A launcher such as `nice` keeps the process group: timeouts still kill everything.
    let hang = script(dir.path(), "hang.sh", "sleep 30");
    let r = CommandOracle::builder([&hang], "bug.c")
        .launcher(["nice", "-n", "1"])
        .timeout(Duration::from_millis(300))
        .build()
        .unwrap()
        .run(b"", &c);
    assert!(r.timed_out && r.elapsed < WELL_BELOW_30S, "{r:?}");
}

#[test]
fn stderr_tail_is_captured() {
    let dir = tempfile::tempdir().unwrap();
    let s = script(dir.path(), "oracle.sh", "echo 'oops: no crash' >&2\nexit 1");
    let r = CommandOracle::new([&s], "bug.c")
        .unwrap()
        .run(b"", &no_cancel());
    assert_eq!(r.stderr_tail, "oops: no crash\n");
    assert!(!r.stderr_truncated);
}

#[test]
fn stderr_tail_is_bounded_and_a_chatty_oracle_does_not_block() {
    let dir = tempfile::tempdir().unwrap();
    // About 300 KB, far more than a pipe holds.
    let s = script(
        dir.path(),
        "chatty.sh",
        r#"i=0
while [ $i -lt 5000 ]; do
  echo "line $i xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" >&2
  i=$((i+1))
done
echo THE-END >&2
exit 3"#,
    );
    let o = CommandOracle::builder([&s], "bug.c")
        .timeout(Duration::from_secs(60))
        .build()
        .unwrap();
    let r = o.run(b"", &no_cancel());
    assert_eq!(
        (r.outcome, r.exit_code),
        (Outcome::NotInteresting, Some(3)),
        "{r:?}"
    );
    assert!(r.stderr_truncated);
    assert!(r.stderr_tail.len() <= STDERR_TAIL_BYTES);
    assert!(r.stderr_tail.len() >= STDERR_TAIL_BYTES - 100);
    assert!(r
        .stderr_tail
        .ends_with("line 4999 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\nTHE-END\n"));
    assert!(!r.stderr_tail.contains("line 0 "));
}

#[test]
fn tail_keeps_the_last_bytes() {
    let mut t = Tail::new(8);
    t.push(b"abc");
    t.push(b"defgh");
    assert_eq!(t.finish(), ("abcdefgh".to_string(), false));
    let mut t = Tail::new(8);
    for chunk in [&b"0123"[..], b"456789", b"ab", b"cdefghijklmnop", b"q"] {
        t.push(chunk);
    }
    assert_eq!(t.finish(), ("jklmnopq".to_string(), true));
    // A multi-byte character cut at the front is dropped, not garbled.
    let mut t = Tail::new(4);
    t.push("xé€".as_bytes()); // x, é (2 bytes), € (3 bytes): keeps the last 4 bytes.
    assert_eq!(t.finish(), ("€".to_string(), true));
}

#[test]
fn a_missing_program_is_a_test_not_run_not_a_panic() {
    let c = no_cancel();
    for program in [
        "/nonexistent/dir/oracle.sh",
        "no-such-program-for-reducer-tests",
    ] {
        let o = CommandOracle::new([program], "bug.c").unwrap();
        let r = o.run(b"x", &c);
        assert_eq!(r.outcome, Outcome::NotRun);
        assert!(r.is_spawn_error(), "{r:?}");
        match r.error.as_ref().unwrap() {
            RunError::Spawn {
                program: p,
                kind,
                missing_interpreter,
                ..
            } => {
                assert_eq!(p, Path::new(program));
                assert_eq!(*kind, io::ErrorKind::NotFound);
                assert_eq!(*missing_interpreter, None);
            }
            other => panic!("unexpected {other:?}"),
        }
        assert!(r.describe().contains(program), "{}", r.describe());
        assert_eq!(o.test(b"x", &c), Outcome::NotRun);
        assert_eq!(o.not_run_cause(), Some(r.describe()));
    }
    // Not executable.
    let dir = tempfile::tempdir().unwrap();
    let s = dir.path().join("plain.sh");
    std::fs::write(&s, "exit 0\n").unwrap();
    let r = CommandOracle::new([&s], "bug.c").unwrap().run(b"x", &c);
    assert!(r.is_spawn_error() && r.outcome == Outcome::NotRun, "{r:?}");
    // An unusable temp base is a set-up error, not a spawn error.
    let r = CommandOracle::builder(["true"], "bug.c")
        .temp_dir("/nonexistent/base")
        .build()
        .unwrap()
        .run(b"x", &c);
    assert_eq!(r.outcome, Outcome::NotRun);
    assert!(matches!(r.error, Some(RunError::Setup(_))) && !r.is_spawn_error());
    assert!(
        r.describe().contains("/nonexistent/base"),
        "{}",
        r.describe()
    );
}

#[test]
fn a_missing_interpreter_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let s = dir.path().join("t.py");
    std::fs::write(&s, "#!/nonexistent/bin/python9 -u\nexit 0\n").unwrap();
    std::fs::set_permissions(&s, std::fs::Permissions::from_mode(0o755)).unwrap();
    let o = CommandOracle::new([&s], "bug.c").unwrap();
    let r = o.run(b"x", &no_cancel());
    assert_eq!(r.outcome, Outcome::NotRun, "{r:?}");
    let why = r.describe();
    assert!(
        why.contains("/nonexistent/bin/python9") && why.contains("t.py"),
        "{why}"
    );
    let ok = script(dir.path(), "ok.sh", "exit 0");
    assert_eq!(missing_interpreter(&ok), None);
    assert_eq!(missing_interpreter(Path::new("sh")), None);
}

#[test]
fn bad_configurations_are_refused() {
    let empty: [&str; 0] = [];
    assert!(matches!(
        CommandOracle::new(empty, "bug.c"),
        Err(ConfigError::EmptyCommand)
    ));
    for name in ["", "/", "..", "a/.."] {
        assert!(
            matches!(
                CommandOracle::new(["true"], name),
                Err(ConfigError::BadFileName(_))
            ),
            "{name:?}"
        );
    }
}

#[test]
fn parallel_runs_do_not_interfere() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<CommandOracle>();
    let dir = tempfile::tempdir().unwrap();
    let base = tempfile::tempdir().unwrap();
    let s = script(
        dir.path(),
        "oracle.sh",
        "sleep 0.05\n[ \"$(ls)\" = bug.c ] && grep -q yes bug.c",
    );
    let o = Arc::new(
        CommandOracle::builder([&s], "bug.c")
            .temp_dir(base.path())
            .build()
            .unwrap(),
    );
    let workers: Vec<_> = (0..4)
        .map(|w| {
            let o = o.clone();
            std::thread::spawn(move || {
                let c = AtomicBool::new(false);
                for i in 0..5 {
                    let interesting = (w + i) % 2 == 0;
                    let text = if interesting { "yes" } else { "no" };
                    let expected = if interesting {
                        Outcome::Interesting
                    } else {
                        Outcome::NotInteresting
                    };
                    assert_eq!(o.test(text.as_bytes(), &c), expected);
                }
            })
        })
        .collect();
    for w in workers {
        w.join().unwrap();
    }
    assert!(o.last_report().is_some());
    assert_eq!(entries(base.path()), Vec::<PathBuf>::new());
}
