//! The shipped reducer binaries on real inputs with real oracle scripts: the bundled examples
//! (gcc, python3, node; javac through a cheaper grep oracle) and the smallest Perses and
//! JerryScript benchmark cases with their own oracles. Each test skips with a message when
//! the tools its oracle needs are missing.

use std::path::{Path, PathBuf};
use std::process::Command;

fn have(tool: &str) -> bool {
    Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Copies `input` into a fresh directory and reduces it there with `bin` and `oracle`;
/// returns (original, result, stats JSON).
fn reduce(
    bin: &str,
    input: &Path,
    oracle: &Path,
    extra: &[&str],
) -> (String, String, serde_json::Value) {
    let dir = tempfile::tempdir().unwrap();
    let local = dir.path().join(input.file_name().unwrap());
    std::fs::copy(input, &local).unwrap();
    let stats = dir.path().join("stats.json");
    let out = Command::new(bin)
        .args(["-q", "-j", "2", "--stats"])
        .arg(&stats)
        .args(extra)
        .arg(&local)
        .arg("--test")
        .arg(oracle)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{bin} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let original = std::fs::read_to_string(input).unwrap();
    assert_eq!(
        std::fs::read_to_string(&local).unwrap(),
        original,
        "the input is untouched"
    );
    let mut reduced = local.into_os_string();
    reduced.push(".reduced");
    let result = std::fs::read_to_string(PathBuf::from(reduced)).unwrap();
    let stats: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(stats).unwrap()).unwrap();
    (original, result, stats)
}

/// Runs `oracle` on `text` saved under `name`; true when it exits 0.
fn interesting(oracle: &Path, name: &str, text: &str) -> bool {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join(name);
    std::fs::write(&f, text).unwrap();
    Command::new(oracle)
        .arg(&f)
        .current_dir(dir.path())
        .status()
        .is_ok_and(|s| s.success())
}

fn non_ws(t: &str) -> usize {
    t.chars().filter(|c| !c.is_whitespace()).count()
}

#[test]
fn bundled_c_example_reduces_to_the_division() {
    if !have("gcc") {
        eprintln!("skipped: gcc is not installed");
        return;
    }
    let ex = root().join("examples/c");
    let oracle = ex.join("interesting.sh");
    let (original, result, stats) = reduce(
        env!("CARGO_BIN_EXE_reduce-c"),
        &ex.join("bug.c"),
        &oracle,
        &[],
    );
    assert!(interesting(&oracle, "bug.c", &result), "result: {result:?}");
    assert!(
        non_ws(&result) * 10 < non_ws(&original),
        "result: {result:?}"
    );
    assert!(result.contains("/ 0") || result.contains("/0"));
    assert_eq!(stats["status"], "success");
    assert!(stats["queries"]["real"].as_u64().unwrap() < 200);
}

#[test]
fn bundled_json_example_keeps_the_negative_price() {
    if !have("python3") {
        eprintln!("skipped: python3 is not installed");
        return;
    }
    let ex = root().join("examples/json");
    let oracle = ex.join("interesting.sh");
    let (original, result, _) = reduce(
        env!("CARGO_BIN_EXE_reduce-json"),
        &ex.join("orders.json"),
        &oracle,
        &[],
    );
    assert!(
        interesting(&oracle, "orders.json", &result),
        "result: {result:?}"
    );
    assert!(
        non_ws(&result) * 10 < non_ws(&original),
        "result: {result:?}"
    );
    // The default shrinks the literal to a smaller negative number; --no-literals keeps it.
    assert!(
        squeeze(&result).contains("\"price\":-"),
        "result: {result:?}"
    );
    let (_, kept, _) = reduce(
        env!("CARGO_BIN_EXE_reduce-json"),
        &ex.join("orders.json"),
        &oracle,
        &["--no-literals"],
    );
    assert!(kept.contains("-19.5"), "result: {kept:?}");
}

fn squeeze(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

#[test]
fn bundled_js_example_still_throws() {
    if !have("node") {
        eprintln!("skipped: node is not installed");
        return;
    }
    let ex = root().join("examples/js");
    let oracle = ex.join("interesting.sh");
    let (original, result, _) = reduce(
        env!("CARGO_BIN_EXE_reduce-js"),
        &ex.join("crash.js"),
        &oracle,
        &[],
    );
    assert!(
        interesting(&oracle, "crash.js", &result),
        "result: {result:?}"
    );
    assert!(
        non_ws(&result) * 5 < non_ws(&original),
        "result: {result:?}"
    );
}

#[test]
fn java_example_with_a_grep_oracle() {
    // javac takes seconds per run; the grammar side is exercised with a cheap oracle that
    // keeps the offending assignment and requires the file to still parse as Java.
    let dir = tempfile::tempdir().unwrap();
    let oracle = java_grep_oracle(dir.path());
    let input = root().join("examples/java/Ledger.java");
    let (original, result, _) = reduce(env!("CARGO_BIN_EXE_reduce-java"), &input, &oracle, &[]);
    assert!(result.contains("int total = sum;"));
    assert!(
        non_ws(&result) * 5 < non_ws(&original),
        "result: {result:?}"
    );
    let reparsed = Command::new(env!("CARGO_BIN_EXE_reduce-java"))
        .arg("--parse-only")
        .arg(input.with_file_name("missing.java"))
        .output()
        .unwrap();
    assert!(!reparsed.status.success(), "a missing file is an error");
}

/// A Java 21 program whose switch over a sealed hierarchy with record patterns misses a case.
const NOT_EXHAUSTIVE_JAVA: &str = r#"import java.util.List;

public class Shapes {
    sealed interface Shape permits Circle, Square, Group {}
    record Circle(double radius) implements Shape {}
    record Square(double side) implements Shape {}
    record Group(Shape first, Shape second) implements Shape {}

    static double area(Shape s) {
        return switch (s) {
            case Circle(double r) when r > 10 -> 0;
            case Circle(var r) -> Math.PI * r * r;
            case Group(Circle c, var rest) -> area(c) + area(rest);
            case Group(Square(var side), Shape rest) -> side * side + area(rest);
        };
    }

    static String name(Object o) {
        if (o instanceof Circle(var r) && r > 1) {
            return "big circle";
        }
        return o instanceof Square ? "square" : "other";
    }

    public static void main(String[] args) {
        for (Shape s : List.of(new Circle(1), new Group(new Circle(2), new Square(3)))) {
            System.out.println(name(s) + area(s));
        }
    }
}
"#;

#[test]
fn java21_record_pattern_switch_with_a_javac25_oracle() {
    let javac = Path::new("/usr/lib/jvm/temurin-25-jdk-amd64/bin/javac");
    if !javac.is_file() {
        eprintln!("skipped: no JDK 25 at /usr/lib/jvm/temurin-25-jdk-amd64");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("Shapes.java");
    std::fs::write(&input, NOT_EXHAUSTIVE_JAVA).unwrap();
    // Interesting: a record pattern after `case` is left and javac 25 still reports the switch
    // as not exhaustive (a quick-starting JVM: each run is a fresh javac).
    let oracle = dir.path().join("not-exhaustive.sh");
    std::fs::write(
        &oracle,
        format!(
            "#!/bin/sh\ngrep -q 'case [A-Za-z_.]*(' \"$1\" || exit 1\n\
             {} -J-XX:TieredStopAtLevel=1 -J-XX:+UseSerialGC -XDrawDiagnostics -proc:none -d out \"$1\" 2>&1 \
             | grep -q compiler.err.not.exhaustive\n",
            javac.display()
        ),
    )
    .unwrap();
    Command::new("chmod")
        .arg("+x")
        .arg(&oracle)
        .status()
        .unwrap();
    assert!(interesting(&oracle, "Shapes.java", NOT_EXHAUSTIVE_JAVA));
    let (original, result, stats) = reduce(
        env!("CARGO_BIN_EXE_reduce-java"),
        &input,
        &oracle,
        &["-a", "pardis-hybrid+hoist"],
    );
    assert!(
        interesting(&oracle, "Shapes.java", &result),
        "result: {result:?}"
    );
    assert!(
        non_ws(&result) * 4 < non_ws(&original),
        "result: {result:?}"
    );
    eprintln!(
        "record-pattern switch: {} -> {} non-whitespace chars, {} queries:\n{result}",
        non_ws(&original),
        non_ws(&result),
        stats["queries"]["real"]
    );
}

fn shared_case(set: &str, case: &str) -> Option<PathBuf> {
    let dir = root().join("../../shared/bench").join(set).join(case);
    if dir.join("oracle.sh").is_file() {
        Some(dir)
    } else {
        eprintln!("skipped: {} is absent", dir.display());
        None
    }
}

#[test]
fn perses_benchmark_case_with_its_gcc_oracle() {
    if !have("gcc") {
        eprintln!("skipped: gcc is not installed");
        return;
    }
    let Some(case) = shared_case("perses", "timeout-gcc-71632") else {
        return;
    };
    let oracle = case.join("oracle.sh");
    let (original, result, stats) = reduce(
        env!("CARGO_BIN_EXE_reduce-c"),
        &case.join("input.c"),
        &oracle,
        &[],
    );
    assert!(
        interesting(&oracle, "input.c", &result),
        "result: {result:?}"
    );
    assert!(non_ws(&result) < non_ws(&original));
    eprintln!(
        "timeout-gcc-71632: {} -> {} non-whitespace chars, {} queries",
        non_ws(&original),
        non_ws(&result),
        stats["queries"]["real"]
    );
}

#[test]
fn jrts_benchmark_case_with_its_node_oracle() {
    if !have("node") {
        eprintln!("skipped: node is not installed");
        return;
    }
    let Some(case) = shared_case("jrts", "3483") else {
        return;
    };
    let oracle = case.join("oracle.sh");
    let (original, result, _) = reduce(
        env!("CARGO_BIN_EXE_reduce-js"),
        &case.join("input.js"),
        &oracle,
        &[],
    );
    assert!(
        interesting(&oracle, "input.js", &result),
        "result: {result:?}"
    );
    assert!(non_ws(&result) < non_ws(&original));
}

#[test]
fn parse_errors_name_file_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.c");
    std::fs::write(&bad, "int main(void) {\n  return 0\n}\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_reduce-c"))
        .arg("--parse-only")
        .arg(&bad)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.c:3:1"), "{err}");
}

/// A grep oracle keeping the Java example's offending assignment, in `dir`.
fn java_grep_oracle(dir: &Path) -> PathBuf {
    let oracle = dir.join("keep.sh");
    std::fs::write(&oracle, "#!/bin/sh\ngrep -q 'int total = sum;' \"$1\"\n").unwrap();
    std::process::Command::new("chmod")
        .arg("+x")
        .arg(&oracle)
        .status()
        .unwrap();
    oracle
}

#[test]
fn verification_mode_parses_every_candidate_sent_to_the_oracle() {
    let dir = tempfile::tempdir().unwrap();
    let oracle = java_grep_oracle(dir.path());
    let input = root().join("examples/java/Ledger.java");
    let bin = env!("CARGO_BIN_EXE_reduce-java");
    let (_, _, stats) = reduce(bin, &input, &oracle, &["--verify-syntax"]);
    let checks = &stats["syntax_checks"];
    let sent = stats["queries"]["real"].as_u64().unwrap()
        + stats["queries"]["speculative"].as_u64().unwrap();
    // Every oracle run but three was verified: the original's test, the final check and the
    // default algorithm's tidy-up of blank lines (parsed before it is tested) are not tree
    // candidates.
    assert_eq!(
        checks["verified"].as_u64().unwrap() + 3,
        sent,
        "{checks} {}",
        stats["queries"]
    );
    assert_eq!(checks["verified_invalid"], 0, "{checks}");
    assert_eq!(checks["result_parses"], true, "{checks}");
    let (_, _, stats) = reduce(bin, &input, &oracle, &[]);
    assert_eq!(stats["syntax_checks"]["verified"], 0);
    assert_eq!(stats["syntax_checks"]["result_parses"], true);
}

#[test]
fn a_result_that_does_not_parse_is_reported() {
    // Token ddmin has no syntax check: with a grep oracle its result is not Java.
    let dir = tempfile::tempdir().unwrap();
    let oracle = java_grep_oracle(dir.path());
    let input = dir.path().join("Ledger.java");
    std::fs::copy(root().join("examples/java/Ledger.java"), &input).unwrap();
    let stats = dir.path().join("stats.json");
    let out = Command::new(env!("CARGO_BIN_EXE_reduce-java"))
        .args(["-q", "-a", "ddmin-tokens", "--stats"])
        .arg(&stats)
        .arg(&input)
        .arg("--test")
        .arg(&oracle)
        .output()
        .unwrap();
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("does not parse as Java"), "{stderr}");
    let stats: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(stats).unwrap()).unwrap();
    assert_eq!(stats["syntax_checks"]["result_parses"], false);
}
