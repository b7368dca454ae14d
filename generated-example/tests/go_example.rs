//! `reduce-go` on the bundled example (`examples/go`): a program that the Go compiler rejects
//! because a generic function is instantiated with a type outside its constraint, reduced with
//! the example's own oracle (the compiler, run directly). Skips with a message when Go 1.19 is
//! not installed.

use std::path::{Path, PathBuf};
use std::process::Command;

const COMPILE: &str = "/usr/lib/go-1.19/pkg/tool/linux_amd64/compile";

fn example() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/go")
}

/// Runs `oracle` on `text` saved as `inventory.go` in a fresh directory; true when it exits 0.
fn interesting(oracle: &Path, text: &str) -> bool {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("inventory.go");
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
fn bundled_go_example_keeps_the_constraint_error() {
    if !Path::new(COMPILE).is_file() {
        eprintln!("skipped: no {COMPILE} (apt-get install golang-1.19-go)");
        return;
    }
    let ex = example();
    let oracle = ex.join("interesting.sh");
    let input = ex.join("inventory.go");
    let original = std::fs::read_to_string(&input).unwrap();
    assert!(
        interesting(&oracle, &original),
        "the example is interesting"
    );

    let dir = tempfile::tempdir().unwrap();
    let local = dir.path().join("inventory.go");
    std::fs::copy(&input, &local).unwrap();
    let stats = dir.path().join("stats.json");
    let out = Command::new(env!("CARGO_BIN_EXE_reduce-go"))
        .args(["-q", "-j", "2", "--stats"])
        .arg(&stats)
        .arg(&local)
        .arg("--test")
        .arg(&oracle)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "reduce-go failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(std::fs::read_to_string(&local).unwrap(), original);
    let result = std::fs::read_to_string(dir.path().join("inventory.go.reduced")).unwrap();
    let stats: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(stats).unwrap()).unwrap();
    eprintln!(
        "go example: {} -> {} bytes, {} queries\n{result}",
        original.len(),
        result.len(),
        stats["queries"]["real"]
    );
    assert!(interesting(&oracle, &result), "result: {result:?}");
    assert!(
        non_ws(&result) * 10 < non_ws(&original),
        "result: {result:?}"
    );
    assert!(result.contains("string"), "result: {result:?}");
    assert_eq!(stats["status"], "success");
}
