//! End-to-end tests of the shared command line: the `reduce-toy` and `reduce-text` binaries
//! run on real files with real `#!/bin/sh` oracle scripts, in temporary directories.
//!
//! No timing assertions beyond generous bounds.

// The only unsafe code: sending SIGINT to the reducer under test.
#![allow(unsafe_code)]

mod common;

use common::*;
use std::fs;
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

#[test]
fn reduces_to_a_smaller_interesting_file_and_leaves_the_input_alone() {
    let c = Case::new();
    c.write("bug.toy", BUG);
    c.script("check.sh", r#"grep -q 'crash(' "$1""#);
    let o = c.run(TOY, &["bug.toy", "-j", "2", "--test", "./check.sh"]);
    assert_exit(&o, 0);
    assert_eq!(c.read_str("bug.toy"), BUG);
    let out = c.read_str("bug.toy.reduced");
    assert!(out.contains("crash("), "{out:?}");
    assert!(out.len() < BUG.len() / 3, "{out:?}");
    assert!(parses(&c, "bug.toy.reduced"));
    assert!(stderr(&o).contains("done"), "{}", stderr(&o));
    // No temporary files are left beside the output.
    let mut names: Vec<String> = fs::read_dir(c.dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["bug.toy", "bug.toy.reduced", "check.sh"]);
}

#[test]
fn creduce_order_with_a_script_that_reads_the_file_by_name() {
    let c = Case::new();
    c.write("bug.toy", BUG);
    // C-Reduce style: no argument, the candidate is ./bug.toy in the working directory.
    c.script("check.sh", "grep -q 'crash(' bug.toy");
    let o = c.run(TOY, &["check.sh", "bug.toy", "-o", "small.toy", "-j", "1"]);
    assert_exit(&o, 0);
    let out = c.read_str("small.toy");
    assert!(
        out.contains("crash(") && out.len() < BUG.len() / 3,
        "{out:?}"
    );
    assert_eq!(c.read_str("bug.toy"), BUG);
    assert!(!c.path("bug.toy.reduced").exists());
    // Our order with the test given as a program and arguments (a test on PATH).
    let o = c.run(
        TOY,
        &[
            "bug.toy", "-o", "grep.toy", "--test", "grep", "-q", "crash(",
        ],
    );
    assert_exit(&o, 0);
    assert!(c.read_str("grep.toy").contains("crash("));
}

#[test]
fn in_place_never_rewrites_the_test_script() {
    let c = Case::new();
    c.script("check.sh", "exit 0");
    let script = c.read_str("check.sh");
    let o = c.run(TEXT, &["check.sh", "--in-place", "--test", "./check.sh"]);
    assert_exit(&o, 1);
    assert!(
        stderr(&o).contains("refusing to overwrite"),
        "{}",
        stderr(&o)
    );
    assert_eq!(c.read_str("check.sh"), script);
    assert!(!c.path("check.sh.orig").exists());
}

#[test]
fn in_place_saves_backups_without_overwriting_them() {
    let c = Case::new();
    c.write("bug.toy", BUG);
    c.script("check.sh", r#"grep -q 'crash(' "$1""#);
    let o = c.run(TOY, &["bug.toy", "--in-place", "--test", "./check.sh"]);
    assert_exit(&o, 0);
    assert!(stderr(&o).contains("bug.toy.orig"), "{}", stderr(&o));
    assert_eq!(c.read_str("bug.toy.orig"), BUG);
    let first = c.read_str("bug.toy");
    assert!(first.contains("crash(") && first.len() < BUG.len());
    // A second run keeps the first backup and picks the next free name.
    fs::write(c.path("bug.toy"), BUG.replace("var d", "var e")).unwrap();
    let o = c.run(TOY, &["--in-place", "bug.toy", "--test", "./check.sh"]);
    assert_exit(&o, 0);
    assert!(stderr(&o).contains("bug.toy.orig.1"), "{}", stderr(&o));
    assert_eq!(c.read_str("bug.toy.orig"), BUG);
    assert_eq!(c.read_str("bug.toy.orig.1"), BUG.replace("var d", "var e"));
}

/// Runs a reduction, makes the oracle hang once the first improvement is on disk, sends
/// SIGINT, and checks that the run stops soon (the hanging oracle is killed), exits 130 and
/// leaves an interesting best-so-far file. With `set`, a second file the test does not need
/// is reduced with it (a file set): both results are kept.
fn interrupt_after_first_improvement(jobs: &str, set: bool) {
    let c = Case::new();
    let input = big_bug();
    c.write("bug.toy", &input);
    let mut files = vec!["bug.toy"];
    if set {
        c.write("other.toy", BUG);
        files.push("other.toy");
    }
    let slow = c.path("slow-now");
    c.script(
        "check.sh",
        "sleep 0.1\n[ -e \"$SLOW\" ] && sleep 60\ngrep -q 'crash(' \"$1\"",
    );
    let log = fs::File::create(c.path("log")).unwrap();
    let mut child = c
        .command(
            TOY,
            &[
                files.as_slice(),
                &["-j", jobs, "--timeout", "300", "--test", "./check.sh"],
            ]
            .concat(),
        )
        .env("SLOW", &slow)
        .stderr(log)
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    // Wait for the first improvement to reach the output file.
    loop {
        let now = fs::read_to_string(c.path("bug.toy.reduced")).unwrap_or_default();
        if !now.is_empty() && now != input {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no improvement within 60 s"
        );
        if let Some(status) = child.try_wait().unwrap() {
            panic!("finished before the interrupt: {status}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    // From now on every test hangs; let some start, then interrupt.
    fs::write(&slow, "").unwrap();
    std::thread::sleep(Duration::from_millis(500));
    let interrupted = Instant::now();
    // SAFETY: sending a signal to our own child.
    unsafe {
        libc::kill(child.id() as libc::pid_t, libc::SIGINT);
    }
    let status = child.wait().unwrap();
    let log = c.read_str("log");
    assert_eq!(status.code(), Some(130), "{log}");
    assert!(
        interrupted.elapsed() < Duration::from_secs(30),
        "the hanging test was not cancelled: {:?}",
        interrupted.elapsed()
    );
    assert!(log.contains("interrupted"), "{log}");
    let best = c.read_str("bug.toy.reduced");
    assert!(
        best.contains("crash(") && best.len() < input.len(),
        "{best:?}"
    );
    assert!(parses(&c, "bug.toy.reduced"));
    assert_eq!(c.read_str("bug.toy"), input);
    if set {
        assert_eq!(c.read_str("other.toy"), BUG);
        assert!(c.read_str("other.toy.reduced").len() < BUG.len());
    }
}

#[test]
fn ctrl_c_keeps_the_best_so_far_of_every_file_of_a_set() {
    interrupt_after_first_improvement("2", true);
}

#[test]
fn ctrl_c_keeps_an_interesting_best_so_far_and_exits_130() {
    interrupt_after_first_improvement("1", false);
}

#[test]
fn ctrl_c_cancels_parallel_oracle_runs() {
    interrupt_after_first_improvement("3", false);
}

#[test]
fn an_input_that_does_not_parse_is_located_and_refused_with_no_fallback() {
    let c = Case::new();
    c.script("check.sh", "exit 0");
    c.write("bad.toy", "var a = 1;\nvar = ;\n");
    let o = c.run(TOY, &["bad.toy", "--no-fallback", "--test", "./check.sh"]);
    assert_exit(&o, 2);
    // As compilers print it: position, the message, the line and a caret.
    let err = stderr(&o);
    assert!(err.contains("bad.toy:2:5: error: "), "{err}");
    assert!(err.contains(" 2 | var = ;\n   |     ^"), "{err}");
    assert!(!err.contains("..") && !err.contains("__"), "{err}");
    c.write("bin.toy", b"var a = 1;\n\xff\xfe\n");
    let o = c.run(TOY, &["bin.toy", "--test", "./check.sh", "--no-fallback"]);
    assert_exit(&o, 2);
    assert!(
        stderr(&o).contains("bin.toy:2:1: not valid UTF-8"),
        "{}",
        stderr(&o)
    );
    assert!(!c.path("bad.toy.reduced").exists());
    assert!(!c.path("bin.toy.reduced").exists());
}

#[test]
fn an_input_that_does_not_parse_is_reduced_byte_by_byte_then_with_the_grammar() {
    // reduce-toy has no structure grammar (cli::main): its fallback is ddmin on lines and
    // bytes, and the grammar takes over once the result parses.
    let c = Case::new();
    let input = format!("{BUG}var = ;\n");
    c.write("bad.toy", &input);
    c.script("check.sh", r#"grep -q 'crash(' "$1""#);
    let o = c.run(
        TOY,
        &["bad.toy", "--stats", "s.json", "--test", "./check.sh"],
    );
    assert_exit(&o, 0);
    let err = stderr(&o);
    let line = BUG.lines().count() + 1;
    assert!(
        err.contains(&format!("bad.toy:{line}:5: warning: ")),
        "{err}"
    );
    assert!(err.contains("--no-fallback"), "{err}");
    assert!(err.contains("grammar: Toy after bytes"), "{err}");
    let out = c.read_str("bad.toy.reduced");
    assert!(
        out.contains("crash(") && out.len() < BUG.len() / 3,
        "{out:?}"
    );
    assert!(parses(&c, "bad.toy.reduced"));
    let stats: serde_json::Value = serde_json::from_slice(&c.read("s.json")).unwrap();
    assert_eq!(stats["grammar"], "Toy after bytes");
    assert_eq!(stats["syntax_checks"]["result_parses"], true);

    // Bytes that are not UTF-8 and that the test needs: the result is those bytes, exactly.
    let mut bytes = BUG.as_bytes().to_vec();
    bytes.extend_from_slice(b"\xff\xfe crash(\n");
    c.write("bin.toy", &bytes);
    c.script(
        "bytes.sh",
        "LC_ALL=C grep -q \"$(printf '\\377\\376')\" \"$1\" && grep -q 'crash(' \"$1\"",
    );
    let o = c.run(
        TOY,
        &["bin.toy", "--stats", "b.json", "--test", "./bytes.sh"],
    );
    assert_exit(&o, 0);
    let warning = format!("bin.toy:{line}:1: warning: not valid UTF-8 (byte 0xff)");
    assert!(stderr(&o).contains(&warning), "{}", stderr(&o));
    let out = c.read("bin.toy.reduced");
    assert!(out.len() < 12, "{out:?}");
    assert!(out.windows(2).any(|w| w == b"\xff\xfe"), "{out:?}");
    let stats: serde_json::Value = serde_json::from_slice(&c.read("b.json")).unwrap();
    assert_eq!(stats["grammar"], "bytes");
    assert_eq!(stats["output"]["bytes"], out.len());
    assert_eq!(c.read("bin.toy"), bytes);
}

#[test]
fn an_uninteresting_original_is_explained() {
    let c = Case::new();
    c.write("bug.toy", BUG);
    c.script("check.sh", "echo 'no crash today' >&2\nexit 1");
    let o = c.run(TOY, &["bug.toy", "--test", "./check.sh"]);
    assert_exit(&o, 3);
    let e = stderr(&o);
    assert!(
        e.contains("not interesting") && e.contains("exit status 1"),
        "{e}"
    );
    assert!(e.contains("no crash today"), "{e}");
    assert!(!c.path("bug.toy.reduced").exists());
}

#[test]
fn a_missing_or_non_executable_script_is_a_usage_error() {
    let c = Case::new();
    c.write("bug.toy", BUG);
    let o = c.run(TOY, &["bug.toy", "--test", "./nope.sh"]);
    assert_exit(&o, 1);
    assert!(
        stderr(&o).contains("nope.sh: no such file"),
        "{}",
        stderr(&o)
    );
    c.write("plain.sh", "#!/bin/sh\nexit 0\n");
    let o = c.run(TOY, &["bug.toy", "--test", "./plain.sh"]);
    assert_exit(&o, 1);
    assert!(stderr(&o).contains("chmod +x"), "{}", stderr(&o));
    let o = c.run(TOY, &["plain.sh", "bug.toy"]);
    assert_exit(&o, 1);
    assert!(stderr(&o).contains("not executable"), "{}", stderr(&o));
    let o = c.run(TOY, &["bug.toy"]);
    assert_exit(&o, 1);
    assert!(
        stderr(&o).contains("no interestingness test"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_hanging_oracle_is_cut_by_the_timeout() {
    let c = Case::new();
    c.write("bug.toy", BUG);
    // Candidates without `var d` hang: they time out and count as not interesting.
    c.script(
        "check.sh",
        "grep -q 'crash(' \"$1\" || exit 1\ngrep -q 'var d' \"$1\" || sleep 60\nexit 0",
    );
    let start = Instant::now();
    let o = c.run(
        TOY,
        &[
            "bug.toy",
            "--timeout",
            "0.5",
            "--stats",
            "s.json",
            "--test",
            "./check.sh",
        ],
    );
    assert_exit(&o, 0);
    assert!(
        start.elapsed() < Duration::from_secs(50),
        "{:?}",
        start.elapsed()
    );
    let out = c.read_str("bug.toy.reduced");
    assert!(out.contains("var d") && out.contains("crash("), "{out:?}");
    let stats: serde_json::Value = serde_json::from_slice(&c.read("s.json")).unwrap();
    assert!(
        stats["queries"]["unresolved"].as_u64().unwrap() >= 1,
        "{stats}"
    );
}

#[test]
fn file_names_with_spaces_and_shell_metacharacters() {
    let c = Case::new();
    let name = "my bug; $(touch pwned) 'x' \"y\".toy";
    c.write(name, BUG);
    c.script("check.sh", r#"grep -q 'crash(' "$1""#);
    let o = c.run(TOY, &[name, "--test", "./check.sh"]);
    assert_exit(&o, 0);
    let out = c.read_str(&format!("{name}.reduced"));
    assert!(out.contains("crash(") && out.len() < BUG.len());
    assert!(!c.path("pwned").exists());
    let o = c.run(TOY, &["--in-place", name, "--test", "./check.sh"]);
    assert_exit(&o, 0);
    assert_eq!(c.read_str(&format!("{name}.orig")), BUG);
}

#[test]
fn stats_json_has_the_documented_fields() {
    let c = Case::new();
    c.write("bug.toy", BUG);
    c.script("check.sh", r#"grep -q 'crash(' "$1""#);
    let o = c.run(
        TOY,
        &[
            "-q",
            "bug.toy",
            "--stats",
            "run.json",
            "--test",
            "./check.sh",
        ],
    );
    assert_exit(&o, 0);
    assert_eq!(stderr(&o), "", "-q prints nothing on success");
    let v: serde_json::Value = serde_json::from_slice(&c.read("run.json")).unwrap();
    for path in [
        "/tool/name",
        "/tool/version",
        "/language",
        "/status",
        "/input/bytes",
        "/input/tokens",
        "/input/non_whitespace_chars",
        "/output/bytes",
        "/output/tokens",
        "/queries/real",
        "/queries/cached",
        "/queries/speculative",
        "/queries/unresolved",
        "/queries/syntax_rejected",
        "/syntax_checks/local",
        "/syntax_checks/full_parses",
        "/syntax_checks/seconds",
        "/time/wall_seconds",
        "/time/oracle_seconds",
        "/time/engine_seconds",
        "/cache/peak_bytes",
        "/cache/peak_entries",
        "/size_over_time/0/bytes",
        "/algorithm",
        "/options/split_factor",
        "/options/jobs",
    ] {
        assert!(v.pointer(path).is_some(), "{path} missing in {v}");
    }
    assert_eq!(v["status"], "success");
    assert_eq!(v["input"]["bytes"], BUG.len());
    let out = c.read("bug.toy.reduced");
    assert_eq!(v["output"]["bytes"], out.len());
    assert!(v["queries"]["real"].as_u64().unwrap() >= 2);
    assert!(v["output"]["tokens"].as_u64() < v["input"]["tokens"].as_u64());
}

#[test]
fn print_grammar_parse_only_list_help_version() {
    let c = Case::new();
    let o = c.run(TOY, &["--print-grammar"]);
    assert_exit(&o, 0);
    let g = stdout(&o);
    assert!(
        g.contains("Perses Normal Form") && g.contains("replaceable by"),
        "{g}"
    );
    assert!(g.contains("program_star: * element"), "{g}");

    c.write("ok.toy", BUG);
    c.write("bad.toy", "if (;\n");
    let o = c.run(TOY, &["--parse-only", "ok.toy"]);
    assert_exit(&o, 0);
    assert!(stdout(&o).contains("ok.toy: parses:") && stdout(&o).contains("tokens"));
    let o = c.run(TOY, &["--parse-only", "bad.toy"]);
    assert_exit(&o, 2);
    assert!(stderr(&o).starts_with("bad.toy:1:5:"), "{}", stderr(&o));

    let o = c.run(TOY, &["--list-algorithms"]);
    assert_exit(&o, 0);
    assert!(stdout(&o).lines().count() >= 10 && stdout(&o).contains("pardis"));

    let o = c.run(TOY, &["--help"]);
    assert_exit(&o, 0);
    let h = stdout(&o);
    for needle in [
        "--test",
        "Exit status",
        "130",
        "srun",
        "--launcher",
        "Examples",
    ] {
        assert!(h.contains(needle), "help lacks {needle}");
    }
    let o = c.run(TOY, &["--version"]);
    assert_exit(&o, 0);
    assert!(stdout(&o).starts_with("reduce-toy "), "{}", stdout(&o));

    let o = c.run(
        TOY,
        &["ok.toy", "--algorithm", "nonsense", "--test", "true"],
    );
    assert_exit(&o, 1);
    assert!(stderr(&o).contains("unknown algorithm"), "{}", stderr(&o));
    let o = c.run(TOY, &["ok.toy", "--bogus-flag"]);
    assert_exit(&o, 1);
}

#[test]
fn every_algorithm_runs_from_the_command_line() {
    let c = Case::new();
    c.write("bug.toy", BUG);
    c.script("check.sh", r#"grep -q 'crash(' "$1""#);
    let list = stdout(&c.run(TOY, &["--list-algorithms"]));
    // The algorithms, one per line, up to the blank line before the list reducers.
    let algorithms = list.lines().take_while(|l| !l.trim().is_empty());
    for name in algorithms.filter_map(|l| l.split_whitespace().next()) {
        let out = format!("out-{}.toy", name.replace('*', "s").replace('+', "p"));
        let o = c.run(
            TOY,
            &[
                "bug.toy",
                "-q",
                "-a",
                name,
                "-o",
                &out,
                "--test",
                "./check.sh",
            ],
        );
        assert_exit(&o, 0);
        let text = c.read_str(&out);
        // The result is laid out (whitespace only), so it is compared without whitespace.
        let solid = |t: &str| t.chars().filter(|c| !c.is_whitespace()).count();
        assert!(
            text.contains("crash(") && solid(&text) <= solid(BUG),
            "{name}: {text:?}"
        );
    }
}

#[test]
fn parallel_runs_give_the_sequential_result_and_the_launcher_is_used() {
    let c = Case::new();
    c.write("bug.toy", big_bug());
    c.script(
        "check.sh",
        "[ \"$VIA_LAUNCHER\" = yes ] || exit 9\ngrep -q 'crash(' \"$1\"",
    );
    let launcher = ["--launcher", "env VIA_LAUNCHER=yes"];
    let mut a = vec!["bug.toy", "-j", "1", "-o", "seq.toy"];
    a.extend(launcher);
    a.extend(["--test", "./check.sh"]);
    assert_exit(&c.run(TOY, &a), 0);
    let mut b = vec!["bug.toy", "-j", "3", "--parallel", "exact", "-o", "par.toy"];
    b.extend(launcher);
    b.extend(["--test", "./check.sh"]);
    assert_exit(&c.run(TOY, &b), 0);
    assert_eq!(c.read_str("seq.toy"), c.read_str("par.toy"));
    // Above -j 2 the default is the merge mode: the same result at every run for one -j,
    // interesting, and the rounds are in the statistics.
    let merged: Vec<String> = (0..2)
        .map(|i| {
            let out = format!("merge{i}.toy");
            let stats = format!("merge{i}.json");
            let mut m = vec!["bug.toy", "-j", "4", "-o", &out, "--stats", &stats];
            m.extend(launcher);
            m.extend(["--test", "./check.sh"]);
            assert_exit(&c.run(TOY, &m), 0);
            let record: serde_json::Value = serde_json::from_slice(&c.read(&stats)).unwrap();
            assert_eq!(record["options"]["parallel"], "merge");
            assert!(record["queries"]["rounds"].as_u64() > Some(0), "{record}");
            c.read_str(&out)
        })
        .collect();
    assert_eq!(merged[0], merged[1]);
    assert!(merged[0].contains("crash("));
    // Without the launcher the original is not interesting (exit 9).
    let o = c.run(TOY, &["bug.toy", "--test", "./check.sh"]);
    assert_exit(&o, 3);
    assert!(stderr(&o).contains("exit status 9"), "{}", stderr(&o));
}

#[test]
fn a_final_result_the_test_refuses_gives_way_to_an_earlier_one_it_accepts() {
    let c = Case::new();
    c.write("bug.toy", BUG);
    // Small candidates are interesting only the first time one is seen.
    c.script(
        "check.sh",
        "grep -q 'crash(' \"$1\" || exit 1\n\
         if [ $(wc -c < \"$1\") -le 40 ]; then\n\
           [ -e \"$MARK\" ] && exit 1\n\
           touch \"$MARK\"\n\
         fi\n\
         exit 0",
    );
    // Without the memory of refused edits there are no rechecks: the final check of the
    // result is the first to ask again. It refuses, and so does the next question about the
    // same result; the last results adopted are asked about in turn, and the first one the
    // test accepts (a larger one) is written instead.
    let o = c
        .command(
            TOY,
            &[
                "bug.toy",
                "-j",
                "1",
                "--no-edit-memory",
                "--stats",
                "s.json",
                "--test",
                "./check.sh",
            ],
        )
        .env("MARK", c.path("seen-small"))
        .output()
        .unwrap();
    assert_exit(&o, 0);
    let err = stderr(&o);
    assert!(
        err.contains("refused when asked again")
            && err.contains("written instead")
            && err.contains("--confirm"),
        "{err}"
    );
    let out = c.read_str("bug.toy.reduced");
    assert!(out.contains("crash(") && out.len() > 40, "{out:?}");
    let record: serde_json::Value = serde_json::from_slice(&c.read("s.json")).unwrap();
    assert_eq!(record["output"]["bytes"], out.len());
    assert_eq!(record["queries"]["flaky"], true, "{record}");
    assert_eq!(record["queries"]["rollbacks"], 1, "{record}");
    // By default a recheck finds the test flaky; the result is asked about again, refused,
    // and the reduction goes back and ends at a result the test accepts every time.
    std::fs::remove_file(c.path("bug.toy.reduced")).unwrap();
    let o = c
        .command(TOY, &["bug.toy", "-j", "1", "--test", "./check.sh"])
        .env("MARK", c.path("seen-small-2"))
        .output()
        .unwrap();
    assert_exit(&o, 0);
    assert!(stderr(&o).contains("it is flaky"), "{}", stderr(&o));
    let out = c.read_str("bug.toy.reduced");
    assert!(out.contains("crash(") && out.len() > 40, "{out:?}");
}

#[test]
fn a_final_result_is_kept_but_not_reported_as_success_when_no_earlier_one_is_accepted() {
    let c = Case::new();
    c.write("bug.toy", BUG);
    // The test accepts its first six runs' candidates that hold the crash, then nothing.
    c.script(
        "check.sh",
        "echo >> \"$COUNT\"\n\
         grep -q 'crash(' \"$1\" && [ $(wc -l < \"$COUNT\") -le 6 ]",
    );
    let o = c
        .command(
            TOY,
            &[
                "bug.toy",
                "-j",
                "1",
                "--no-edit-memory",
                "--test",
                "./check.sh",
            ],
        )
        .env("COUNT", c.path("runs"))
        .output()
        .unwrap();
    assert_exit(&o, 4);
    let err = stderr(&o);
    assert!(
        err.contains("no longer interesting") && err.contains("cannot be trusted"),
        "{err}"
    );
    // The result stays written: it was interesting once.
    let out = c.read_str("bug.toy.reduced");
    assert!(out.contains("crash(") && out.len() < BUG.len(), "{out:?}");
}

#[test]
fn reduce_text_takes_any_bytes() {
    let c = Case::new();
    let mut input = b"first line\n\xff\xfe binary \x00 junk\nsome needle here\nlast\n".to_vec();
    input.extend_from_slice(b"\x80\x81 more\n");
    c.write("blob.bin", &input);
    c.script("check.sh", r#"grep -q 'needle' "$1""#);
    let o = c.run(
        TEXT,
        &["blob.bin", "--stats", "t.json", "--test", "./check.sh"],
    );
    assert_exit(&o, 0);
    assert_eq!(c.read("blob.bin.reduced"), b"needle");
    assert_eq!(c.read("blob.bin"), input);
    let v: serde_json::Value = serde_json::from_slice(&c.read("t.json")).unwrap();
    assert_eq!(v["input"]["tokens"], serde_json::Value::Null);
    assert_eq!(v["output"]["bytes"], 6);
    assert_eq!(v["algorithm"], "ddmin");
    // Grammar options do not exist here.
    let o = c.run(TEXT, &["--print-grammar"]);
    assert_exit(&o, 1);
    let o = c.run(TEXT, &["--list-algorithms"]);
    assert_exit(&o, 0);
    assert!(stdout(&o).starts_with("ddmin"));
}

#[test]
fn relative_script_path_from_another_directory() {
    let c = Case::new();
    fs::create_dir(c.path("work")).unwrap();
    c.write("work/bug.toy", BUG);
    c.script("check.sh", r#"grep -q 'crash(' "$1""#);
    let o = c.run(
        TOY,
        &["work/bug.toy", "-o", "work/out.toy", "--test", "./check.sh"],
    );
    assert_exit(&o, 0);
    assert!(c.read_str("work/out.toy").contains("crash("));
    assert!(Path::new(&c.path("work/out.toy")).exists());
    // Short options after --test belong to the test; the message says so.
    let o = c.run(TOY, &["work/bug.toy", "--test", "./check.sh", "-j", "2"]);
    assert_exit(&o, 3);
    assert!(stderr(&o).contains("went to the test"), "{}", stderr(&o));
}

#[test]
fn ctrl_c_during_the_check_of_the_original_stops_at_once() {
    let c = Case::new();
    c.write("bug.toy", BUG);
    c.script("check.sh", "sleep 60");
    let child = c
        .command(
            TOY,
            &["bug.toy", "--timeout", "300", "--test", "./check.sh"],
        )
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_secs(1));
    let interrupted = Instant::now();
    // SAFETY: sending a signal to our own child.
    unsafe {
        libc::kill(child.id() as libc::pid_t, libc::SIGINT);
    }
    let o = child.wait_with_output().unwrap();
    assert_exit(&o, 130);
    assert!(interrupted.elapsed() < Duration::from_secs(30));
    assert!(
        stderr(&o).contains("interrupted before the reduction"),
        "{}",
        stderr(&o)
    );
    assert!(!c.path("bug.toy.reduced").exists());
}

#[test]
fn a_second_ctrl_c_quits_at_once_and_leaves_no_run_behind() {
    // The test ignores SIGTERM, so the wind-down after the first Ctrl-C waits for it; the
    // second quits without waiting, but still kills it and removes its directory.
    let c = Case::new();
    c.write("bug.toy", BUG);
    c.script(
        "check.sh",
        "trap '' TERM\nsleep 60 &\necho $! > \"$PIDFILE\"\nwait",
    );
    fs::create_dir(c.path("tmp")).unwrap();
    let child = c
        .command(
            TOY,
            &[
                "bug.toy",
                "-j",
                "2",
                "--timeout",
                "300",
                "--test",
                "./check.sh",
            ],
        )
        .env("TMPDIR", c.path("tmp"))
        .env("PIDFILE", c.path("pid"))
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let until = Instant::now() + Duration::from_secs(30);
    while fs::read_to_string(c.path("pid")).map_or(true, |p| p.trim().is_empty()) {
        assert!(Instant::now() < until, "the test did not start");
        std::thread::sleep(Duration::from_millis(20));
    }
    let pid: libc::pid_t = c.read_str("pid").trim().parse().unwrap();
    for pause in [0, 300] {
        std::thread::sleep(Duration::from_millis(pause));
        // SAFETY: sending a signal to our own child.
        unsafe {
            libc::kill(child.id() as libc::pid_t, libc::SIGINT);
        }
    }
    let o = child.wait_with_output().unwrap();
    assert_exit(&o, 130);
    let left: Vec<_> = fs::read_dir(c.path("tmp")).unwrap().collect();
    assert!(left.is_empty(), "{left:?}");
    let until = Instant::now() + Duration::from_secs(10);
    // Gone, or a zombie waiting to be reaped.
    let running = || {
        fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
            !stat
                .rsplit_once(')')
                .is_some_and(|(_, rest)| rest.trim_start().starts_with(['Z', 'X']))
        })
    };
    while running() {
        assert!(
            Instant::now() < until,
            "the test's sleep {pid} is still running"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn no_output_is_ever_written_over_the_input_the_script_or_another_output() {
    let c = Case::new();
    c.write("bug.toy", BUG);
    let script = r#"grep -q 'crash(' "$1""#;
    c.script("check.sh", script);
    let script_bytes = c.read("check.sh");
    std::os::unix::fs::symlink(c.path("bug.toy"), c.path("link.toy")).unwrap();
    let cases: &[&[&str]] = &[
        // --stats over the input, directly and through a link.
        &["bug.toy", "--stats", "bug.toy", "--test", "./check.sh"],
        &["bug.toy", "--stats", "link.toy", "--test", "./check.sh"],
        // -o or --stats over the test script.
        &["bug.toy", "-o", "check.sh", "--test", "./check.sh"],
        &["bug.toy", "--stats", "./check.sh", "--test", "./check.sh"],
        &["bug.toy", "-o", "check.sh", "--test", "sh", "check.sh"],
        // Two outputs in one file, existing or not.
        &[
            "bug.toy",
            "-o",
            "s.json",
            "--stats",
            "s.json",
            "--test",
            "./check.sh",
        ],
        &[
            "bug.toy",
            "--stats",
            "bug.toy.reduced",
            "--test",
            "./check.sh",
        ],
        // --stats over the backup --in-place is about to make.
        &[
            "bug.toy",
            "--in-place",
            "--stats",
            "bug.toy.orig",
            "--test",
            "./check.sh",
        ],
    ];
    for argv in cases {
        let o = c.run(TOY, argv);
        assert_exit(&o, 1);
        assert!(
            stderr(&o).contains("refusing") || stderr(&o).contains("same file"),
            "{argv:?}: {}",
            stderr(&o)
        );
        assert_eq!(c.read_str("bug.toy"), BUG, "{argv:?}");
        assert_eq!(c.read("check.sh"), script_bytes, "{argv:?}");
        for made in ["s.json", "bug.toy.reduced", "bug.toy.orig"] {
            assert!(!c.path(made).exists(), "{argv:?} made {made}");
        }
    }
    // Distinct files still work.
    let o = c.run(
        TOY,
        &[
            "bug.toy",
            "-o",
            "out.toy",
            "--stats",
            "s.json",
            "--test",
            "./check.sh",
        ],
    );
    assert_exit(&o, 0);
    assert!(c.read_str("out.toy").contains("crash("));
    assert!(c.path("s.json").exists());
}

#[test]
fn results_keep_the_input_s_permission_bits() {
    use std::os::unix::fs::PermissionsExt;
    let c = Case::new();
    let input = c.write("bug.toy", BUG);
    fs::set_permissions(&input, fs::Permissions::from_mode(0o644)).unwrap();
    c.script("check.sh", r#"grep -q 'crash(' "$1""#);
    let mode = |name: &str| fs::metadata(c.path(name)).unwrap().permissions().mode() & 0o777;
    for argv in [
        &["bug.toy", "--test", "./check.sh"][..],
        &["bug.toy", "-o", "small.toy", "--test", "./check.sh"],
        &[
            "bug.toy",
            "--stats",
            "s.json",
            "--in-place",
            "--test",
            "./check.sh",
        ],
    ] {
        assert_exit(&c.run(TOY, argv), 0);
    }
    for made in [
        "bug.toy.reduced",
        "small.toy",
        "bug.toy",
        "bug.toy.orig",
        "s.json",
    ] {
        assert_eq!(mode(made), 0o644, "{made}");
    }
}

#[test]
fn a_double_dash_after_the_test_is_not_passed_to_it() {
    let c = Case::new();
    c.write("-rf.toy", BUG);
    // The test fails if it gets anything but the candidate's path.
    c.script("check.sh", r#"[ "$#" = 1 ] && grep -q 'crash(' "$1""#);
    let o = c.run(TOY, &["--test", "./check.sh", "--", "-rf.toy"]);
    assert_exit(&o, 0);
    assert!(c.read_str("-rf.toy.reduced").contains("crash("));
}

#[test]
fn the_option_order_note_names_only_options_of_ours() {
    let c = Case::new();
    c.write("bug.toy", BUG);
    c.script("no.sh", "exit 1");
    // grep's -x is no option of ours.
    let o = c.run(TOY, &["bug.toy", "--test", "grep", "-x", "no such text"]);
    assert_exit(&o, 3);
    assert!(!stderr(&o).contains("note:"), "{}", stderr(&o));
    let o = c.run(TOY, &["bug.toy", "--test", "./no.sh", "-j", "4"]);
    assert_exit(&o, 3);
    assert!(
        stderr(&o).contains("note: -j 4 after --test went to the test"),
        "{}",
        stderr(&o)
    );
}

/// Short options of ours after `--test` go to the test and are named when the original is
/// not interesting; long ones are ours wherever they stand. For one file, for a set, and for
/// the grammar-less reducer alike.
#[test]
fn options_after_the_test_are_taken_or_named() {
    let c = Case::new();
    c.write("bug.toy", BUG);
    c.write("other.toy", BUG);
    c.write("bug.txt", "keep crash\nother\n");
    // Interesting only when called with the candidates' paths alone.
    c.script(
        "check.sh",
        r#"for a; do case $a in -*) exit 1;; esac; done; grep -q 'crash' "$1""#,
    );
    for (bin, inputs) in [
        (TOY, &["bug.toy"][..]),
        (TOY, &["bug.toy", "other.toy"][..]),
        (TEXT, &["bug.txt"][..]),
    ] {
        for (after, named) in [
            (&["-o", "out.x"][..], "-o out.x"),
            (&["-j4"][..], "-j4"),
            (&["-q", "-a", "ddmin"][..], "-q, -a ddmin"),
        ] {
            let mut argv = inputs.to_vec();
            argv.extend(["--test", "./check.sh"]);
            argv.extend(after);
            let o = c.run(bin, &argv);
            assert_exit(&o, 3);
            let note = format!("note: {named} after --test went to the test as its arguments");
            assert!(stderr(&o).contains(&note), "{argv:?}: {}", stderr(&o));
            assert!(!c.path("out.x").exists());
        }
    }
    // Long options are the reducer's, with their value apart or after `=`.
    let o = c.run(
        TOY,
        &[
            "bug.toy",
            "--test",
            "./check.sh",
            "--output=small.toy",
            "--stats",
            "s.json",
        ],
    );
    assert_exit(&o, 0);
    assert!(c.read_str("small.toy").contains("crash"));
    assert!(c.read_str("s.json").contains("\"queries\""));
    let o = c.run(
        TOY,
        &[
            "bug.toy",
            "other.toy",
            "--test",
            "./check.sh",
            "--output",
            "set",
        ],
    );
    assert_exit(&o, 0);
    assert!(c.read_str("set/bug.toy").len() <= BUG.len());
}

#[test]
fn a_gtr_corpus_is_learned_before_the_reduction_and_a_bad_one_is_a_usage_error() {
    let c = Case::new();
    c.write("bug.toy", BUG);
    c.script("check.sh", "grep -q 'crash(' \"$1\"");
    let o = c.run(
        TOY,
        &[
            "bug.toy",
            "-a",
            "gtr*",
            "--corpus",
            "nowhere",
            "--test",
            "./check.sh",
        ],
    );
    assert_exit(&o, 1);
    assert!(stderr(&o).contains("--corpus nowhere"), "{}", stderr(&o));
    assert!(!c.path("bug.toy.reduced").exists());
    std::fs::create_dir(c.path("examples")).unwrap();
    c.write("examples/a.toy", "if (a) { f(1); } else { g(2); }\n");
    let o = c.run(
        TOY,
        &[
            "bug.toy",
            "-a",
            "gtr*",
            "--corpus",
            "examples",
            "--stats",
            "s.json",
            "--test",
            "./check.sh",
        ],
    );
    assert_exit(&o, 0);
    let stats: serde_json::Value = serde_json::from_slice(&c.read("s.json")).unwrap();
    assert_eq!(stats["options"]["gtr_filter"], "corpus:examples");
    assert!(c.read_str("bug.toy.reduced").contains("crash("));
}

/// `--max-queries` and `--max-time` stop the reduction, keep an interesting best so far,
/// check it as usual and exit with status 6; for one file and for a set.
#[test]
fn run_limits_stop_cleanly_with_their_own_status() {
    let c = Case::new();
    c.write("bug.toy", big_bug());
    c.write("other.toy", BUG);
    c.script("check.sh", r#"grep -q 'crash(' "$1""#);
    let o = c.run(
        TOY,
        &[
            "bug.toy",
            "-j",
            "1",
            "--max-queries",
            "5",
            "--stats",
            "s.json",
            "--test",
            "./check.sh",
        ],
    );
    assert_exit(&o, 6);
    assert!(
        stderr(&o).contains("--max-queries 5 reached: the reduction stopped"),
        "{}",
        stderr(&o)
    );
    let out = c.read_str("bug.toy.reduced");
    assert!(
        out.contains("crash(") && out.len() < big_bug().len(),
        "{out}"
    );
    let stats: serde_json::Value = serde_json::from_slice(&c.read("s.json")).unwrap();
    assert_eq!(stats["status"], "limit");
    assert_eq!(stats["exit_code"], 6);
    // Five queries, then the final check; a sixth run the tester had already started when
    // the fifth answered is cancelled, as at Ctrl-C, and counted as unresolved, unless it
    // answered first (on a loaded machine): then it counts as a query. Never more than one.
    let cancelled = stats["queries"]["unresolved"].as_u64().unwrap();
    let real = stats["queries"]["real"].as_u64().unwrap();
    assert!(cancelled <= 1, "{stats}");
    assert!(
        real == 6 + cancelled || (cancelled == 0 && real == 7),
        "{stats}"
    );

    // A slow test: the time limit cancels the running ones, as Ctrl-C does.
    c.script("slow.sh", "grep -q 'crash(' \"$1\" || exit 1\nsleep 1");
    let started = Instant::now();
    let o = c.run(
        TOY,
        &[
            "bug.toy",
            "-o",
            "timed.toy",
            "--max-time",
            "2s",
            "--test",
            "./slow.sh",
        ],
    );
    let took = started.elapsed();
    assert_exit(&o, 6);
    assert!(took < Duration::from_secs(8), "{took:?}");
    assert!(
        stderr(&o).contains("--max-time 2 s reached"),
        "{}",
        stderr(&o)
    );
    assert!(c.read_str("timed.toy").contains("crash("));

    // A set.
    let o = c.run(
        TOY,
        &[
            "bug.toy",
            "other.toy",
            "-o",
            "set",
            "--max-queries",
            "3",
            "--test",
            "./check.sh",
        ],
    );
    assert_exit(&o, 6);
    assert!(c.read_str("set/bug.toy").contains("crash("));
    // A limit is a number or a duration.
    for bad in [["--max-time", "soon"], ["--max-queries", "0"]] {
        let mut argv = vec!["bug.toy"];
        argv.extend(bad);
        argv.extend(["--test", "./check.sh"]);
        assert_exit(&c.run(TOY, &argv), 1);
    }
}

/// The progress names the stage (and, for a set, the file), and so does the `--stats`
/// record's size-over-time curve.
#[test]
fn progress_names_the_stage_and_the_file() {
    let c = Case::new();
    c.write("bug.toy", BUG);
    c.write("other.toy", BUG);
    c.script("check.sh", r#"grep -q 'crash(' "$1""#);
    let stages = [
        "deletion",
        "hoisting",
        "splice-lists",
        "replace-identifiers",
        "canonicalize",
        "token-windows",
        "replace-subtrees",
        "tidy-up",
        "emptying",
        // A file's size when its reduction starts: the algorithm's name.
        "pardis-hybrid+hoist",
        "pardis-hybrid+hoist+transform",
    ];
    let o = c.run(
        TOY,
        &["bug.toy", "-v", "--stats", "s.json", "--test", "./check.sh"],
    );
    assert_exit(&o, 0);
    let err = stderr(&o);
    assert!(
        err.contains("new best: ") && err.contains(" (deletion)"),
        "{err}"
    );
    let stats: serde_json::Value = serde_json::from_slice(&c.read("s.json")).unwrap();
    let points = stats["size_over_time"].as_array().unwrap();
    assert!(points.len() > 1, "{stats}");
    // Each point says how many queries had run by then: never fewer than before, never more
    // than the run made.
    let queries: Vec<u64> = points
        .iter()
        .map(|p| p["queries"].as_u64().unwrap())
        .collect();
    assert!(queries.windows(2).all(|w| w[0] <= w[1]), "{queries:?}");
    assert!(queries[queries.len() - 1] <= stats["queries"]["real"].as_u64().unwrap());
    assert!(queries[queries.len() - 1] > 0, "{queries:?}");
    for p in &points[1..] {
        let stage = p["stage"].as_str().unwrap_or_default();
        assert!(stages.contains(&stage), "{p}");
        assert!(p["file"].is_null());
    }
    // A set: the file too.
    c.script(
        "both.sh",
        r#"grep -q 'crash(' "$1" && grep -q 'crash(' "$2""#,
    );
    let o = c.run(
        TOY,
        &[
            "bug.toy",
            "other.toy",
            "-o",
            "set",
            "-v",
            "--stats",
            "set.json",
            "--test",
            "./both.sh",
        ],
    );
    assert_exit(&o, 0);
    let err = stderr(&o);
    assert!(err.contains(" (bug.toy, deletion)"), "{err}");
    assert!(err.contains(" (other.toy, "), "{err}");
    let stats: serde_json::Value = serde_json::from_slice(&c.read("set.json")).unwrap();
    let points = stats["size_over_time"].as_array().unwrap();
    assert!(points.len() > 1, "{stats}");
    for p in &points[1..] {
        assert!(
            ["bug.toy", "other.toy"].contains(&p["file"].as_str().unwrap()),
            "{p}"
        );
        assert!(
            stages.contains(&p["stage"].as_str().unwrap_or_default()),
            "{p}"
        );
    }
}

/// Completions and the manual page come from the clap definition, for every binary.
#[test]
fn completions_and_the_manual_page_are_printed() {
    let c = Case::new();
    for (bin, name) in [(TOY, "reduce-toy"), (TEXT, "reduce-text-under-test")] {
        for shell in ["bash", "zsh", "fish"] {
            let o = c.run(bin, &["--completions", shell]);
            assert_exit(&o, 0);
            let text = stdout(&o);
            assert!(text.contains(name) && text.contains("max-time"), "{shell}");
        }
        let o = c.run(bin, &["--man"]);
        assert_exit(&o, 0);
        assert!(
            stdout(&o).contains(&format!(".TH {name} 1")),
            "{}",
            stdout(&o)
        );
    }
    assert_exit(&c.run(TOY, &["--completions", "tcsh"]), 1);
}
