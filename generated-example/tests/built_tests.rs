//! Tests built from the command line (`--run CMD --expect-…`), with no script, on real
//! programs: a gcc warning on stderr, a crash by SIGSEGV, a wrong output on stdout, and an
//! original that does not meet the conditions. Each test skips with a message when the
//! program its test runs is missing.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn have(tool: &str) -> bool {
    Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

fn example(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

/// Runs `bin` in `dir` with `args`.
fn run(bin: &str, dir: &Path, args: &[&str]) -> Output {
    Command::new(bin)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Runs `argv` with the file `name` holding `text`, in a fresh directory; its output.
fn check(argv: &[&str], name: &str, text: &str) -> Output {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(name), text).unwrap();
    Command::new(argv[0])
        .args(&argv[1..])
        .arg(name)
        .current_dir(dir.path())
        .output()
        .unwrap()
}

#[test]
fn a_gcc_warning_on_stderr_with_no_script() {
    if !have("gcc") {
        eprintln!("skipped: gcc is not installed");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(example("examples/c/bug.c"), dir.path().join("bug.c")).unwrap();
    let o = run(
        env!("CARGO_BIN_EXE_reduce-c"),
        dir.path(),
        &[
            "bug.c",
            "-q",
            "-j",
            "2",
            "--stats",
            "s.json",
            "--run",
            "gcc -x c -c -o /dev/null -Wall {}",
            "--expect-stderr",
            r"warning: division by zero \[-Wdiv-by-zero\]",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let result = std::fs::read_to_string(dir.path().join("bug.c.reduced")).unwrap();
    assert!(result.len() < 200, "{result}");
    let gcc = check(
        &["gcc", "-x", "c", "-c", "-o", "/dev/null", "-Wall"],
        "r.c",
        &result,
    );
    assert!(stderr(&gcc).contains("-Wdiv-by-zero"), "{result}");
    // The record names the built test.
    let stats: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("s.json")).unwrap()).unwrap();
    let built = &stats["options"]["built_test"];
    assert_eq!(built["run"][0], "gcc");
    assert_eq!(built["run"][7], "{}");
    assert_eq!(
        built["expect_stderr"],
        r"warning: division by zero \[-Wdiv-by-zero\]"
    );
    assert_eq!(built["expect_exit"], serde_json::Value::Null);
}

#[test]
fn a_crash_by_a_signal() {
    if !have("python3") {
        eprintln!("skipped: python3 is not installed");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let input = r#"{"name": "demo", "items": [1, 2, {"deep": ["boom", 3]}], "ok": true}"#;
    std::fs::write(dir.path().join("in.json"), input).unwrap();
    // Reads the file named by its last argument and dereferences NULL when it holds "boom".
    let crasher = "python3 -c 'import sys, ctypes; \
                   t = open(sys.argv[1]).read(); \
                   ctypes.string_at(0) if \"boom\" in t else None' {}";
    let o = run(
        env!("CARGO_BIN_EXE_reduce-json"),
        dir.path(),
        &[
            "in.json",
            "-q",
            "--run",
            crasher,
            "--expect-signal",
            "SIGSEGV",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let result = std::fs::read_to_string(dir.path().join("in.json.reduced")).unwrap();
    // Laid out: a final line break.
    assert_eq!(result, "\"boom\"\n");
    // Exit status 139 is how a shell reports the crash; the program itself gets the signal.
    let o = run(
        env!("CARGO_BIN_EXE_reduce-json"),
        dir.path(),
        &["in.json", "-q", "--run", crasher, "--expect-exit", "139"],
    );
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
}

const WRONG_TOTAL: &str = r#"function total(items) {
  let sum = 0;
  for (const it of items) {
    sum += it.price * it.count;
  }
  return sum;
}
const cart = [{ price: 2, count: 3 }, { price: 5 }, { price: 1, count: 1 }];
console.log("items: " + cart.length);
console.log("total: " + total(cart));
"#;

#[test]
fn a_wrong_output_on_stdout() {
    if !have("node") {
        eprintln!("skipped: node is not installed");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("cart.js"), WRONG_TOTAL).unwrap();
    let o = run(
        env!("CARGO_BIN_EXE_reduce-js"),
        dir.path(),
        &[
            "cart.js",
            "-q",
            // Deletion and hoisting only: a third of the default's node runs.
            "-a",
            "pardis-hybrid+hoist",
            "--no-literals",
            "--run",
            "node {}",
            "--expect-stdout",
            "(?m)^total: NaN$",
            "--expect-exit",
            "0",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let result = std::fs::read_to_string(dir.path().join("cart.js.reduced")).unwrap();
    assert!(result.len() < WRONG_TOTAL.len() * 2 / 3, "{result}");
    let node = check(&["node"], "r.js", &result);
    assert!(
        String::from_utf8_lossy(&node.stdout).contains("total: NaN"),
        "{result}"
    );
}

#[test]
fn an_original_that_misses_a_condition_is_explained() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.json"), "[1, 2]").unwrap();
    let o = run(
        env!("CARGO_BIN_EXE_reduce-json"),
        dir.path(),
        &["a.json", "--run", "cat", "--expect-stderr", "never printed"],
    );
    assert_eq!(o.status.code(), Some(3));
    assert!(
        stderr(&o).contains(
            "not interesting: the test ended with exit status 0: stderr does not match \
             'never printed' (--expect-stderr)"
        ),
        "{}",
        stderr(&o)
    );
    // --run and --test together are a usage error.
    let o = run(
        env!("CARGO_BIN_EXE_reduce-json"),
        dir.path(),
        &["a.json", "--run", "cat", "--test", "true"],
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("--run and --test both give the test"));
}
