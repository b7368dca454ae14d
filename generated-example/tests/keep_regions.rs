//! Kept regions on C and JavaScript: every algorithm in-process on the real grammars, with
//! oracles that would otherwise let the regions go, and the `reduce-c` and `reduce-js`
//! binaries with real oracle scripts (markers, `--keep-lines`, the structure fallback,
//! errors before any test runs).

mod bundled;

use bundled::have;
use generated_example::{JavaScript, C};
use reducer_core::engine::keep::{self, Kept};
use reducer_core::reduce::{AlgoOptions, Algorithm};
use reducer_core::testing::recording_session;
use reducer_core::Language;
use std::path::{Path, PathBuf};
use std::process::Command;

static LANG_C: C = C;
static LANG_JS: JavaScript = JavaScript;

const C_INPUT: &str = "\
int helper(int x) { return x * 2; }
int unused(void) { return 7; }
/* reduce:keep-begin */
static int kept_value = 42;
int check(int v) { return v + kept_value; }
/* reduce:keep-end */
int main(void) {
  int a = helper(3);
  int b = unused();
  crash(a, b);
  return check(a);
}
";

const JS_INPUT: &str = "\
function helper(x) { return x * 2; }
var unused = [1, 2, 3];
// reduce:keep-begin
var kept = { value: 42 };
function check(v) { return v + kept.value; }
// reduce:keep-end
var a = helper(3);
crash(a, unused);
";

fn crashes(t: &str) -> bool {
    t.contains("crash(")
}

/// Runs every algorithm on `src` keeping its marked regions and the lines `lines`; checks
/// that each region stands in every result, that no text without them went to the oracle,
/// and that the rest was reduced.
fn every_algorithm(lang: &'static dyn Language, src: &str, lines: &[(usize, usize)]) {
    let regions = keep::regions(src.as_bytes(), &|t| lang.comment_len(t), lines).unwrap();
    assert!(!regions.is_empty());
    let kept = Kept::new(src.as_bytes(), &regions);
    let at: Vec<usize> = regions.iter().map(|r| r.start).collect();
    for &a in Algorithm::ALL {
        let name = a.name();
        let (mut s, log) = recording_session(lang, src, crashes, 1);
        assert!(s.keep(kept.clone(), &at));
        a.run(&mut s, &AlgoOptions::default());
        let text = s.text();
        assert!(crashes(&text), "{name}: {text:?}");
        assert!(
            kept.stand_at(text.as_bytes(), &s.kept_at()),
            "{name}: {text:?}"
        );
        for r in &regions {
            assert!(text.contains(&src[r.clone()]), "{name}: {text:?}");
        }
        if !name.starts_with("ddmin") {
            assert!(lang.accepts(&text), "{name}: {text:?}");
        }
        for seen in log.lock().unwrap().iter() {
            assert!(kept.held_by(seen.as_bytes()), "{name} tested {seen:?}");
        }
        let transform = a.transform().is_some() && a != Algorithm::TokenWindows;
        assert!(transform || text.len() < src.len(), "{name}: {text:?}");
    }
}

#[test]
fn c_regions_survive_every_algorithm() {
    every_algorithm(&LANG_C, C_INPUT, &[]);
    every_algorithm(&LANG_C, C_INPUT, &[(1, 1)]);
}

#[test]
fn javascript_regions_survive_every_algorithm() {
    every_algorithm(&LANG_JS, JS_INPUT, &[]);
    every_algorithm(&LANG_JS, JS_INPUT, &[(7, 7)]);
}

#[test]
fn without_regions_the_oracles_let_them_go() {
    for (lang, src) in [
        (&LANG_C as &'static dyn Language, C_INPUT),
        (&LANG_JS, JS_INPUT),
    ] {
        let (mut s, _) = recording_session(lang, src, crashes, 1);
        Algorithm::Default.run(&mut s, &AlgoOptions::default());
        assert!(!s.text().contains("42"), "{:?}", s.text());
    }
}

/// An executable `#!/bin/sh` oracle in `dir` that greps for `crash(`.
fn crash_oracle(dir: &Path) -> PathBuf {
    let script = dir.join("crash.sh");
    std::fs::write(&script, "#!/bin/sh\ngrep -q 'crash(' \"$1\"\n").unwrap();
    Command::new("chmod")
        .arg("+x")
        .arg(&script)
        .status()
        .unwrap();
    script
}

/// Runs `bin` on `input` (written as `name` in `dir`) with `extra` options and the crash
/// oracle; returns the output and the result (empty when none was written).
fn run(
    bin: &str,
    dir: &Path,
    name: &str,
    input: &str,
    extra: &[&str],
) -> (std::process::Output, String) {
    let file = dir.join(name);
    std::fs::write(&file, input).unwrap();
    let oracle = crash_oracle(dir);
    let out = Command::new(bin)
        .args(["-q", "-j", "2"])
        .args(extra)
        .arg(&file)
        .arg("--test")
        .arg(&oracle)
        .output()
        .unwrap();
    let result = std::fs::read_to_string(dir.join(format!("{name}.reduced"))).unwrap_or_default();
    (out, result)
}

#[test]
fn reduce_c_and_reduce_js_keep_marked_regions_and_lines() {
    if !have("grep") {
        eprintln!("skipped: grep is not installed");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            env!("CARGO_BIN_EXE_reduce-c"),
            "bug.c",
            C_INPUT,
            "1-1",
            "int helper(int x) { return x * 2; }\n",
        ),
        (
            env!("CARGO_BIN_EXE_reduce-js"),
            "bug.js",
            JS_INPUT,
            "2",
            "var unused = [1, 2, 3];\n",
        ),
    ];
    for (bin, name, input, lines, line) in cases {
        // From the start of the begin marker's line to the end of the end marker's.
        let begin = input.find("reduce:keep-begin").unwrap();
        let end = input.find("reduce:keep-end").unwrap();
        let region = &input
            [input[..begin].rfind('\n').unwrap() + 1..end + input[end..].find('\n').unwrap() + 1];
        let (out, result) = run(bin, dir.path(), name, input, &["--keep-lines", lines]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(result.contains(region), "{name}: {result:?}");
        assert!(result.contains(line), "{name}: {result:?}");
        assert!(result.contains("crash("), "{name}: {result:?}");
        assert!(result.len() < input.len(), "{name}: {result:?}");
    }
}

#[test]
fn a_region_survives_the_structure_fallback() {
    let dir = tempfile::tempdir().unwrap();
    // `@` is not C: the structure grammar reduces it.
    let input = "\
int a = 1;
int b = a @ 2;
// reduce:keep-begin
int keep_me(int v) { return v + 1; }
// reduce:keep-end
int c = crash(a, b);
";
    assert!(!LANG_C.accepts(input));
    let (out, result) = run(
        env!("CARGO_BIN_EXE_reduce-c"),
        dir.path(),
        "broken.c",
        input,
        &[],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let region = "// reduce:keep-begin\nint keep_me(int v) { return v + 1; }\n// reduce:keep-end\n";
    assert!(result.contains(region), "{result:?}");
    assert!(
        result.contains("crash(") && result.len() < input.len(),
        "{result:?}"
    );
}

#[test]
fn unbalanced_markers_and_bad_lines_are_errors_before_any_test() {
    let dir = tempfile::tempdir().unwrap();
    let bin = env!("CARGO_BIN_EXE_reduce-c");
    let input = "int a;\n  /* reduce:keep-end */\nint crash(void);\n";
    let (out, result) = run(bin, dir.path(), "unbalanced.c", input, &[]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("unbalanced.c:2:6: reduce:keep-end without a reduce:keep-begin"),
        "{err}"
    );
    assert!(result.is_empty());
    let (out, _) = run(
        bin,
        dir.path(),
        "lines.c",
        "int crash(void);\n",
        &["--keep-lines", "2-3"],
    );
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("lines 2-3: the input has 1 lines"), "{err}");
    let (out, _) = run(
        bin,
        dir.path(),
        "order.c",
        "int crash(void);\n",
        &["--keep-lines", "3-2"],
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn in_a_file_set_each_file_keeps_its_marked_regions() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let header = "\
int unused_decl(int);
// reduce:keep-begin
int kept_decl(int value);
// reduce:keep-end
int other_decl(void);
";
    std::fs::write(d.join("a.c"), C_INPUT).unwrap();
    std::fs::write(d.join("b.h"), header).unwrap();
    // The test needs a.c's call only: without its region, b.h would be emptied.
    let oracle = d.join("t.sh");
    std::fs::write(&oracle, "#!/bin/sh\ngrep -q 'crash(' a.c\n").unwrap();
    Command::new("chmod")
        .arg("+x")
        .arg(&oracle)
        .status()
        .unwrap();
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_reduce-c"))
            .current_dir(d)
            .args(["-q", "-o", "out"])
            .args(args)
            .args(["a.c", "b.h", "--test", "./t.sh"])
            .output()
            .unwrap()
    };
    let out = run(&[]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let b = std::fs::read_to_string(d.join("out/b.h")).unwrap();
    let region = "// reduce:keep-begin\nint kept_decl(int value);\n// reduce:keep-end\n";
    assert!(b.contains(region) && b.len() < header.len(), "{b:?}");
    let a = std::fs::read_to_string(d.join("out/a.c")).unwrap();
    assert!(
        a.contains("static int kept_value = 42;") && a.contains("crash("),
        "{a:?}"
    );
    // --keep-lines names lines of one input.
    let out = run(&["--keep-lines", "1-2"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--keep-lines takes a single input"));
}
