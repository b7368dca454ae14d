//! What the end-to-end tests of the shipped binaries share: running a reducer binary on a copy
//! of an input with an oracle script, and running the oracle on a text.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// True when `tool --version` runs.
pub fn have(tool: &str) -> bool {
    Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The `generated-example` crate directory.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Copies `input` into a fresh directory and reduces it there with `bin` and `oracle`;
/// returns (original, result, stats JSON).
pub fn reduce(
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
pub fn interesting(oracle: &Path, name: &str, text: &str) -> bool {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join(name);
    std::fs::write(&f, text).unwrap();
    Command::new(oracle)
        .arg(&f)
        .current_dir(dir.path())
        .status()
        .is_ok_and(|s| s.success())
}

/// The number of characters that are not whitespace.
pub fn non_ws(t: &str) -> usize {
    t.chars().filter(|c| !c.is_whitespace()).count()
}
