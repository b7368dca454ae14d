//! `reduce-rust` on the bundled example (`examples/rust/inventory.rs`) with its real oracle,
//! `interesting.sh`: rustc must still report E0382 (borrow of moved value). Skips with a
//! message when rustc is missing.
//!
//! The test runs the structural algorithm (`pardis-hybrid+hoist`): about 300 rustc runs, under
//! a minute. The default adds the transformation rounds (renaming, canonicalizing, replacing
//! subtrees), which take about 1,500 runs on this input, over five minutes on a loaded
//! two-core machine.

use reducer_core::Language;
use std::path::Path;
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn non_ws(t: &str) -> usize {
    t.chars().filter(|c| !c.is_whitespace()).count()
}

/// Runs `oracle` on `text` saved under `name` in a fresh directory; true when it exits 0.
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

#[test]
fn bundled_rust_example_reduces_to_the_moved_value() {
    if !Command::new("rustc")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
    {
        eprintln!("skipped: rustc is not installed");
        return;
    }
    let ex = root().join("examples/rust");
    let oracle = ex.join("interesting.sh");
    let original = std::fs::read_to_string(ex.join("inventory.rs")).unwrap();
    assert!(generated_example::Rust.parse(&original).is_ok());
    assert!(interesting(&oracle, "inventory.rs", &original));

    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("inventory.rs");
    std::fs::write(&input, &original).unwrap();
    let stats = dir.path().join("stats.json");
    let out = Command::new(env!("CARGO_BIN_EXE_reduce-rust"))
        .args(["-q", "-j", "2", "-a", "pardis-hybrid+hoist", "--stats"])
        .arg(&stats)
        .arg(&input)
        .arg("--test")
        .arg(&oracle)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "reduce-rust failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        std::fs::read_to_string(&input).unwrap(),
        original,
        "the input is untouched"
    );
    let result = std::fs::read_to_string(dir.path().join("inventory.rs.reduced")).unwrap();
    assert!(
        interesting(&oracle, "inventory.rs", &result),
        "result: {result:?}"
    );
    assert!(
        generated_example::Rust.parse(&result).is_ok(),
        "the result is Rust: {result:?}"
    );
    assert!(
        non_ws(&result) * 2 < non_ws(&original),
        "result: {result:?}"
    );
    assert!(result.contains("note"), "result: {result:?}");
    let stats: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(stats).unwrap()).unwrap();
    assert_eq!(stats["syntax_checks"]["result_parses"], true, "{stats}");
}
