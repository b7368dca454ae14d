//! The shipped reducer binaries on real inputs with real oracle scripts: the bundled examples
//! (gcc, python3, node; javac through a cheaper grep oracle) and the smallest Perses and
//! JerryScript benchmark cases with their own oracles. Each test skips with a message when
//! the tools its oracle needs are missing.

mod bundled;

use bundled::{have, interesting, non_ws, reduce, root};
use reducer_core::Language;
use std::path::{Path, PathBuf};
use std::process::Command;

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
    // Every oracle run was verified but the original's test, the final check, the rechecks
    // of texts already adopted and, when the result has blank lines to drop, the default
    // algorithm's tidy-up of them (parsed before it is tested): these are not tree
    // candidates.
    let rechecks = stats["queries"]["rechecks"].as_u64().unwrap();
    let unverified = sent - rechecks - checks["verified"].as_u64().unwrap();
    assert!(
        (2..=3).contains(&unverified),
        "{unverified} runs not verified: {checks} {}",
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
    // Token ddmin has no syntax check: with a grep oracle its result is not Java (the oracle
    // does not keep the type and the `;`, so the result is not even a field of a compact
    // source file).
    let dir = tempfile::tempdir().unwrap();
    let oracle = dir.path().join("keep.sh");
    std::fs::write(&oracle, "#!/bin/sh\ngrep -q 'total = sum' \"$1\"\n").unwrap();
    std::process::Command::new("chmod")
        .arg("+x")
        .arg(&oracle)
        .status()
        .unwrap();
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

/// A C file the C grammar rejects twice (a stray `@` in a function the bug does not need, a
/// `}` that closes nothing at the end); the bug is the division by zero.
const BROKEN_C: &str = "\
#include <stdio.h>
struct point { int x, y; };
static int scale(struct point *p, int k) {
  p->x = p->x * k;
  return p->x @ p->y;
}
int divide(int x) {
  int y = x / 0;
  return y;
}
int main(void) {
  struct point p = { 1, 2 };
  printf(\"%d %d\\n\", scale(&p, 3), divide(4));
  return 0;
}
}
";

/// An executable `#!/bin/sh` script `name` in `dir` with `body`; every candidate it finds
/// interesting is also copied into `dir/seen/` (to check that results are byte for byte
/// what the test saw).
fn logging_oracle(dir: &Path, name: &str, body: &str) -> PathBuf {
    let seen = dir.join("seen");
    std::fs::create_dir_all(&seen).unwrap();
    let script = dir.join(name);
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\nif {body}; then cp \"$1\" \"{}/$$\"; exit 0; fi\nexit 1\n",
            seen.display()
        ),
    )
    .unwrap();
    Command::new("chmod")
        .arg("+x")
        .arg(&script)
        .status()
        .unwrap();
    script
}

/// Runs `bin` on `input` (written as `name` in `dir`) with `oracle` and `extra` options;
/// returns the output, the result's bytes (empty when none was written) and the stats.
fn reduce_bytes(
    bin: &str,
    dir: &Path,
    name: &str,
    input: &[u8],
    oracle: &Path,
    extra: &[&str],
) -> (std::process::Output, Vec<u8>, serde_json::Value) {
    let file = dir.join(name);
    std::fs::write(&file, input).unwrap();
    let stats = dir.join(format!("{name}.json"));
    let _ = std::fs::remove_file(&stats);
    let out = Command::new(bin)
        .args(["-j", "2", "--stats"])
        .arg(&stats)
        .args(extra)
        .arg(&file)
        .arg("--test")
        .arg(oracle)
        .output()
        .unwrap();
    assert_eq!(
        std::fs::read(&file).unwrap(),
        input,
        "the input is untouched"
    );
    let result = std::fs::read(dir.join(format!("{name}.reduced"))).unwrap_or_default();
    let stats = std::fs::read_to_string(stats)
        .map(|s| serde_json::from_str(&s).unwrap())
        .unwrap_or_default();
    (out, result, stats)
}

/// No blank or whitespace-only line and no trailing blank: what the tidy-up leaves.
fn tidy(text: &str) -> bool {
    text.lines()
        .all(|l| !l.trim().is_empty() && l.trim_end() == l)
}

/// Whether `result` is byte for byte one of the candidates the logging oracle found
/// interesting.
fn seen_by_the_oracle(dir: &Path, result: &[u8]) -> bool {
    std::fs::read_dir(dir.join("seen"))
        .unwrap()
        .any(|e| std::fs::read(e.unwrap().path()).unwrap() == result)
}

#[test]
fn a_c_file_the_grammar_rejects_is_reduced_with_the_structure_grammar() {
    let dir = tempfile::tempdir().unwrap();
    let bin = env!("CARGO_BIN_EXE_reduce-c");
    assert!(!generated_example::C.accepts(BROKEN_C));
    // The test needs the stray `@`: no result can parse as C.
    let oracle = logging_oracle(
        dir.path(),
        "at.sh",
        "grep -q 'x @ p' \"$1\" && grep -q 'x / 0' \"$1\"",
    );
    let (out, result, stats) =
        reduce_bytes(bin, dir.path(), "bug.c", BROKEN_C.as_bytes(), &oracle, &[]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("bug.c:5:15: warning: "), "{err}");
    assert!(err.contains("grammar: fallback;"), "{err}");
    assert_eq!(stats["grammar"], "fallback");
    assert_eq!(stats["language"], "C");
    assert_eq!(stats["syntax_checks"]["result_parses"], false);
    let text = String::from_utf8(result.clone()).unwrap();
    assert!(text.contains("x @ p") && text.contains("x / 0"), "{text:?}");
    assert!(non_ws(&text) * 4 < non_ws(BROKEN_C), "{text:?}");
    assert!(tidy(&text), "{text:?}");
    assert!(seen_by_the_oracle(dir.path(), &result));
    assert_eq!(stats["output"]["bytes"], result.len());

    // --no-fallback: today's refusal, and nothing written.
    let (out, result, _) = reduce_bytes(
        bin,
        dir.path(),
        "refused.c",
        BROKEN_C.as_bytes(),
        &oracle,
        &["--no-fallback"],
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("refused.c:5:15: error: "), "{err}");
    assert!(result.is_empty() && !dir.path().join("refused.c.reduced").exists());
}

#[test]
fn the_fallback_hands_over_to_the_c_grammar_once_the_result_parses() {
    let dir = tempfile::tempdir().unwrap();
    let bin = env!("CARGO_BIN_EXE_reduce-c");
    let oracle = logging_oracle(dir.path(), "div.sh", "grep -q 'x / 0' \"$1\"");
    let (out, result, stats) = reduce_bytes(
        bin,
        dir.path(),
        "bug.c",
        BROKEN_C.as_bytes(),
        &oracle,
        &["-v"],
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("grammar: C after fallback;"), "{err}");
    assert!(
        err.contains("reduce-c: the result parses as C: reducing it with the C grammar"),
        "{err}"
    );
    assert_eq!(stats["grammar"], "C after fallback");
    assert_eq!(stats["syntax_checks"]["result_parses"], true);
    let text = String::from_utf8(result.clone()).unwrap();
    assert!(generated_example::C.accepts(&text), "{text:?}");
    assert!(text.contains("x / 0") && non_ws(&text) <= 12, "{text:?}");
    assert!(tidy(&text), "{text:?}");
    assert!(seen_by_the_oracle(dir.path(), &result));
    // The token counts are C's, before and after.
    assert!(
        stats["input"]["tokens"].as_u64().unwrap() > 80,
        "{}",
        stats["input"]
    );
    assert!(
        stats["output"]["tokens"].as_u64().unwrap() <= 6,
        "{}",
        stats["output"]
    );
}

#[test]
fn a_c_file_that_is_not_utf8_is_reduced_byte_by_byte() {
    let dir = tempfile::tempdir().unwrap();
    let bin = env!("CARGO_BIN_EXE_reduce-c");
    let mut input = b"int main(void) {\n  const char *s = \"".to_vec();
    input.extend_from_slice(b"\xff\xfe\x80");
    input.extend_from_slice(
        b"\";\n  int y = 1 / 0;\n  return s[0] + y;\n}\n\xc3\x28 trailing junk\n",
    );
    assert!(std::str::from_utf8(&input).is_err());
    // The test needs the bytes that are not UTF-8.
    let oracle = logging_oracle(
        dir.path(),
        "bytes.sh",
        "LC_ALL=C grep -q \"$(printf '\\377\\376')\" \"$1\" && grep -q '1 / 0' \"$1\"",
    );
    let (out, result, stats) = reduce_bytes(bin, dir.path(), "bin.c", &input, &oracle, &[]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains("bin.c:2:20: warning: not valid UTF-8 (byte 0xff)"),
        "{err}"
    );
    assert_eq!(stats["grammar"], "bytes");
    assert!(result.windows(2).any(|w| w == b"\xff\xfe"), "{result:?}");
    assert!(result.windows(5).any(|w| w == b"1 / 0"), "{result:?}");
    assert!(result.len() * 4 < input.len(), "{result:?}");
    assert!(seen_by_the_oracle(dir.path(), &result));
    assert_eq!(stats["output"]["bytes"], result.len());

    // The same bytes, where the test does not need them: C takes over after the lines.
    let oracle = logging_oracle(dir.path(), "div.sh", "grep -q '1 / 0' \"$1\"");
    let (out, result, stats) = reduce_bytes(bin, dir.path(), "bin2.c", &input, &oracle, &[]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(stats["grammar"], "C after bytes");
    assert!(generated_example::C.accepts_bytes(&result), "{result:?}");
    assert!(seen_by_the_oracle(dir.path(), &result));

    let (out, _, _) = reduce_bytes(
        bin,
        dir.path(),
        "bin3.c",
        &input,
        &oracle,
        &["--no-fallback"],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(!dir.path().join("bin3.c.reduced").exists());
}
