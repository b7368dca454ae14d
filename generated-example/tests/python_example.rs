//! `reduce-python` on the bundled example (`examples/python`) with its own oracle: the program
//! must still end in `ValueError: negative quantity for widget` when run with `python3`. Skips
//! with a message when `python3` is missing.

use generated_example::Python;
use reducer_core::Language;
use std::path::Path;
use std::process::Command;

fn non_ws(t: &str) -> usize {
    t.chars().filter(|c| !c.is_whitespace()).count()
}

/// Runs `oracle` on `text` saved as `inventory.py` in a fresh directory; true when it exits 0.
fn interesting(oracle: &Path, text: &str) -> bool {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("inventory.py");
    std::fs::write(&f, text).unwrap();
    Command::new(oracle)
        .arg(&f)
        .current_dir(dir.path())
        .status()
        .is_ok_and(|s| s.success())
}

#[test]
fn bundled_python_example_reduces_to_the_failing_check() {
    if !Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
    {
        eprintln!("skipped: python3 is not installed");
        return;
    }
    let ex = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/python");
    let oracle = ex.join("interesting.sh");
    let original = std::fs::read_to_string(ex.join("inventory.py")).unwrap();
    assert!(
        interesting(&oracle, &original),
        "the example is interesting"
    );
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("inventory.py");
    std::fs::write(&input, &original).unwrap();
    let stats = dir.path().join("stats.json");
    let out = Command::new(env!("CARGO_BIN_EXE_reduce-python"))
        .args(["-q", "-j", "2", "--stats"])
        .arg(&stats)
        .arg(&input)
        .arg("--test")
        .arg(&oracle)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "reduce-python failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(std::fs::read_to_string(&input).unwrap(), original);
    let result = std::fs::read_to_string(dir.path().join("inventory.py.reduced")).unwrap();
    assert!(interesting(&oracle, &result), "result: {result:?}");
    assert!(Python.parse(&result).is_ok(), "result: {result:?}");
    assert!(
        non_ws(&result) * 5 < non_ws(&original),
        "result: {result:?}"
    );
    let stats: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(stats).unwrap()).unwrap();
    assert_eq!(stats["syntax_checks"]["result_parses"], true, "{stats}");
}
