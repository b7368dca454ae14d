//! End-to-end tests of the oracles the command line builds beyond a script: the timeout
//! derived from the original's run, guards (`--guard`, `--ub-guard`) and differential tests
//! (`--compare`), with the counts `--stats` gives of them.

mod common;

use common::*;
use std::time::{Duration, Instant};

fn stats(c: &Case, name: &str) -> serde_json::Value {
    serde_json::from_slice(&c.read(name)).unwrap()
}

/// Lines in `name` (0 when it does not exist).
fn lines(c: &Case, name: &str) -> u64 {
    std::fs::read_to_string(c.path(name)).map_or(0, |s| s.lines().count() as u64)
}

#[test]
fn an_endless_loop_introduced_by_a_reduction_costs_about_the_derived_timeout_not_30_s() {
    let c = Case::new();
    c.write("bug.toy", BUG);
    // Deleting `var d` stands for deleting a loop's exit condition: the test then hangs.
    c.script(
        "check.sh",
        r#"grep -q 'crash(' "$1" || exit 1
grep -q 'var d' "$1" || sleep 100
exit 0"#,
    );
    let started = Instant::now();
    let o = c.run(
        TOY,
        &[
            "bug.toy",
            "-j",
            "1",
            "--stats",
            "s.json",
            "--test",
            "./check.sh",
        ],
    );
    let wall = started.elapsed();
    assert_exit(&o, 0);
    let out = c.read_str("bug.toy.reduced");
    assert!(out.contains("crash(") && out.contains("var d"), "{out:?}");
    let s = stats(&c, "s.json");
    let oracle = &s["oracle"];
    assert_eq!(oracle["timeout_derived"], true);
    let timeout = oracle["timeout_seconds"].as_f64().unwrap();
    let original = oracle["original_seconds"].as_f64().unwrap();
    assert!((timeout - (10.0 * original + 1.0)).abs() < 1e-6, "{oracle}");
    assert!((1.0..3.0).contains(&timeout), "{oracle}");
    assert_eq!(s["options"]["timeout_seconds"], timeout);
    // Every hang was cut at the derived timeout: with -j 1 each is a needed, unresolved run.
    let timed_out = oracle["timed_out"].as_u64().unwrap();
    assert!(timed_out >= 1, "{oracle}");
    assert_eq!(Some(timed_out), s["queries"]["unresolved"].as_u64());
    let bound = timed_out as f64 * (timeout + 2.0) + 20.0;
    assert!(
        wall.as_secs_f64() < bound && wall < Duration::from_secs(30 * timed_out),
        "{timed_out} hangs took {wall:?}"
    );
    let err = stderr(&o);
    assert!(
        err.contains("(derived: 10 × the original's")
            && err.contains(&format!("{timed_out} timed out")),
        "{err}"
    );

    // --timeout still decides, and 0 means none.
    let o = c.run(
        TOY,
        &[
            "bug.toy",
            "-o",
            "t.toy",
            "--timeout",
            "1.5",
            "--stats",
            "t.json",
            "--test",
            "./check.sh",
        ],
    );
    assert_exit(&o, 0);
    let s = stats(&c, "t.json");
    assert_eq!(s["oracle"]["timeout_seconds"], 1.5);
    assert_eq!(s["oracle"]["timeout_derived"], false);
    assert!(stderr(&o).contains("timeout 1.5 s;"), "{}", stderr(&o));
    c.script("fine.sh", r#"grep -q 'crash(' "$1""#);
    let o = c.run(
        TOY,
        &[
            "bug.toy",
            "-o",
            "n.toy",
            "--timeout",
            "0",
            "--test",
            "./fine.sh",
        ],
    );
    assert_exit(&o, 0);
    assert!(stderr(&o).contains("no timeout;"), "{}", stderr(&o));
}

#[test]
fn a_comparison_behind_a_guard_keeps_what_the_guard_asks_for_and_counts_its_refusals() {
    let c = Case::new();
    c.write("bug.toy", BUG);
    // Two "implementations" of Toy: both print the crash code; the second also prints a
    // line when the program loops (the "miscompilation"). The guard asks every candidate to
    // declare a variable, and logs each refusal; the first command logs each of its runs.
    let crash_code = r#"sed -n 's/.*crash(\([0-9]*\)).*/\1/p' "$1""#;
    // The scripts run in each run's own directory: their logs go to the case's.
    let a_log = c.path("a-runs.log");
    let refusal_log = c.path("refusals.log");
    c.script(
        "a.sh",
        &format!("echo a >> '{}'; {crash_code}", a_log.display()),
    );
    c.script(
        "b.sh",
        &format!("{crash_code}; grep -q 'while1(' \"$1\" && echo looped; true"),
    );
    c.script(
        "guard.sh",
        &format!(
            r#"grep -q "var " "$1" || {{ echo x >> '{}'; exit 1; }}"#,
            refusal_log.display()
        ),
    );
    let (a, b, guard) = ("./a.sh {}", "./b.sh {}", "./guard.sh {}");
    let o = c.run(
        TOY,
        &[
            "bug.toy",
            "-j",
            "1",
            "--stats",
            "s.json",
            "--compare",
            a,
            b,
            "--guard",
            guard,
        ],
    );
    assert_exit(&o, 0);
    let out = c.read_str("bug.toy.reduced");
    assert!(out.contains("while1(") && out.contains("var "), "{out:?}");
    assert!(out.len() < BUG.len() / 2, "{out:?}");
    let s = stats(&c, "s.json");
    let guards = &s["oracle"]["guards"];
    assert_eq!(guards.as_array().unwrap().len(), 1, "{guards}");
    assert_eq!(guards[0]["name"], format!("--guard '{guard}'"));
    let failed = guards[0]["failed"].as_u64().unwrap();
    assert!(failed > 0);
    assert_eq!(
        failed,
        lines(&c, "refusals.log"),
        "every refusal counted once"
    );
    // The guard ran first: the comparison ran on every other candidate, and only on those.
    let runs = s["oracle"]["runs"].as_u64().unwrap();
    assert_eq!(lines(&c, "a-runs.log"), runs - failed);
    assert!(
        stderr(&o).contains(&format!("guards failed: --guard '{guard}' ({failed}×)")),
        "{}",
        stderr(&o)
    );
    assert_eq!(s["options"]["compare"][1], b);

    // Without the guard, the comparison alone keeps the loop and nothing else it needs.
    let o = c.run(
        TOY,
        &["bug.toy", "-o", "bare.toy", "-j", "1", "--compare", a, b],
    );
    assert_exit(&o, 0);
    let bare = c.read_str("bare.toy");
    assert!(
        bare.contains("while1(") && !bare.contains("var "),
        "{bare:?}"
    );
}

#[test]
fn a_comparison_whose_commands_print_the_same_is_no_bug() {
    let c = Case::new();
    c.write("bug.toy", BUG);
    let o = c.run(TOY, &["bug.toy", "--compare", "cat {}", "cat"]);
    assert_exit(&o, 3);
    assert!(
        stderr(&o).contains("--compare's second command: it prints what the first printed"),
        "{}",
        stderr(&o)
    );
    let o = c.run(
        TOY,
        &["bug.toy", "--compare", "cat {}", "false", "--guard", "true"],
    );
    assert_exit(&o, 3);
    assert!(
        stderr(&o).contains("--compare's second command: it ended with exit status 1"),
        "{}",
        stderr(&o)
    );
    let o = c.run(
        TOY,
        &["bug.toy", "--compare", "cat {}", "echo", "--guard", "false"],
    );
    assert_exit(&o, 3);
    assert!(
        stderr(&o).contains("--guard 'false': it ended with exit status 1"),
        "{}",
        stderr(&o)
    );
}

/// Whether gcc can build and run a sanitised program here.
fn sanitizers_work(c: &Case) -> bool {
    c.write("probe.c", "int main(void) { return 0; }\n");
    let built = c
        .command(
            "gcc",
            &["-fsanitize=undefined,address", "-o", "probe", "probe.c"],
        )
        .status()
        .is_ok_and(|s| s.success());
    built
        && c.command(c.path("probe").to_str().unwrap(), &[])
            .env("ASAN_OPTIONS", "detect_leaks=0")
            .status()
            .is_ok_and(|s| s.success())
}

/// A C program with no undefined behaviour, two of whose lines keep it so: without
/// `u = 7;` it reads an uninitialised variable (gcc's warnings say so), without `i = 3;` it
/// reads past an array (only the sanitisers can tell: `i` is volatile).
const DEFINED: &str = "\
#include <stdio.h>
int main(void) {
  int a[4] = {1, 2, 3, 4};
  volatile int i = 4;
  int u;
  u = 7;
  i = 3;
  printf(\"%d\\n\", a[i]);
  printf(\"%d\\n\", u);
  return 0;
}
";

#[test]
fn the_ub_guard_keeps_a_reduction_free_of_undefined_behaviour() {
    let c = Case::new();
    if !sanitizers_work(&c) {
        eprintln!("skipped: gcc with its sanitizers is not available");
        return;
    }
    c.write("bug.c", DEFINED);
    // Interesting: both prints are there.
    c.script(
        "check.sh",
        r#"grep -q 'a\[i\]' "$1" && grep -q ', u)' "$1""#,
    );
    // The lines, then the characters, would take minutes of compiles: the first 150 tests
    // (the lines' and some characters') show what the guard does.
    let o = c.run(
        TEXT,
        &[
            "bug.c",
            "-j",
            "2",
            "--max-queries",
            "150",
            "--stats",
            "s.json",
            "--ub-guard",
            "--run",
            "./check.sh {}",
        ],
    );
    assert_exit(&o, 6);
    let out = c.read_str("bug.c.reduced");
    assert!(out.len() < DEFINED.len(), "{out:?}");
    let s = stats(&c, "s.json");
    let guards = s["oracle"]["guards"].as_array().unwrap().clone();
    let failed = |name: &str| {
        guards
            .iter()
            .find(|g| g["name"] == name)
            .unwrap_or_else(|| panic!("no {name} in {guards:?}"))["failed"]
            .as_u64()
            .unwrap()
    };
    assert!(failed("--ub-guard (gcc warnings)") > 0, "{guards:?}");
    assert!(failed("--ub-guard (gcc sanitizers)") > 0, "{guards:?}");
    // The result builds and runs clean under the sanitisers.
    let built = c
        .command(
            "gcc",
            &[
                "-O0",
                "-g",
                "-fsanitize=undefined,address",
                "-fno-sanitize-recover=all",
                "-o",
                "result",
                "-x",
                "c",
                "bug.c.reduced",
            ],
        )
        .output()
        .unwrap();
    assert!(built.status.success(), "{}", stderr(&built));
    let ran = c
        .command(c.path("result").to_str().unwrap(), &[])
        .env("ASAN_OPTIONS", "detect_leaks=0")
        .output()
        .unwrap();
    assert!(ran.status.success(), "{}", stderr(&ran));
    // What the unsanitised build prints, too.
    let plain = c
        .command(
            "gcc",
            &["-O0", "-w", "-o", "plain", "-x", "c", "bug.c.reduced"],
        )
        .status()
        .unwrap();
    assert!(plain.success());
    let plain = c
        .command(c.path("plain").to_str().unwrap(), &[])
        .output()
        .unwrap();
    assert_eq!(stdout(&plain), stdout(&ran));
    // And gcc finds nothing uninitialised in it.
    let warned = c
        .command(
            "gcc",
            &[
                "-O2",
                "-Wall",
                "-Wextra",
                "-c",
                "-x",
                "c",
                "bug.c.reduced",
                "-o",
                "w.o",
            ],
        )
        .output()
        .unwrap();
    assert!(
        !stderr(&warned).contains("uninitialized"),
        "{}",
        stderr(&warned)
    );
}
