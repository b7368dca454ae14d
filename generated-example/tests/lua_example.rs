//! `reduce-lua` end to end on the bundled example `examples/lua/invoice.lua`, whose oracle
//! `interesting.sh` runs it with `lua5.4` and looks for its arithmetic error; skips with a
//! message when `lua5.4` is missing.

use std::path::Path;
use std::process::Command;

fn non_ws(t: &str) -> usize {
    t.chars().filter(|c| !c.is_whitespace()).count()
}

#[test]
fn bundled_lua_example_keeps_the_arithmetic_on_the_missing_discount() {
    if !Command::new("lua5.4")
        .arg("-v")
        .output()
        .is_ok_and(|o| o.status.success())
    {
        eprintln!("skipped: lua5.4 is not installed");
        return;
    }
    let ex = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/lua");
    let oracle = ex.join("interesting.sh");
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("invoice.lua");
    std::fs::copy(ex.join("invoice.lua"), &input).unwrap();
    let stats = dir.path().join("stats.json");
    let out = Command::new(env!("CARGO_BIN_EXE_reduce-lua"))
        .args(["-q", "-j", "2", "--stats"])
        .arg(&stats)
        .arg(&input)
        .arg("--test")
        .arg(&oracle)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "reduce-lua failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let original = std::fs::read_to_string(ex.join("invoice.lua")).unwrap();
    assert_eq!(std::fs::read_to_string(&input).unwrap(), original);
    let result = std::fs::read_to_string(dir.path().join("invoice.lua.reduced")).unwrap();

    // The result is still interesting: the oracle, run on it in a fresh directory.
    let check = tempfile::tempdir().unwrap();
    let file = check.path().join("invoice.lua");
    std::fs::write(&file, &result).unwrap();
    let interesting = Command::new(&oracle)
        .arg(&file)
        .current_dir(check.path())
        .status()
        .unwrap();
    assert!(interesting.success(), "result: {result:?}");
    assert!(result.contains("discount"), "result: {result:?}");
    assert!(
        non_ws(&result) * 10 < non_ws(&original),
        "result: {result:?}"
    );
    // The result is valid Lua for luac as well.
    let luac = Command::new("luac5.4").arg("-p").arg(&file).status();
    assert!(luac.is_ok_and(|s| s.success()), "result: {result:?}");
    let stats: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(stats).unwrap()).unwrap();
    assert_eq!(stats["status"], "success");
    assert!(stats["queries"]["real"].as_u64().unwrap() < 4000);
}
