//! The bundled examples of C++, Go, Lua, Python and Rust reduced with their own oracles
//! (g++, the Go compiler, lua5.4, python3, rustc): the result must still be interesting,
//! parse with the language's grammar, and be much smaller. Each test skips with a message when
//! the tool its oracle needs is missing. (C, JSON, JavaScript and Java: `binaries.rs`.)

mod bundled;

use bundled::{have, interesting, non_ws, reduce, root};
use generated_example::{Cpp, Python, Rust};
use reducer_core::Language;
use std::path::Path;
use std::process::Command;

#[test]
fn bundled_cpp_example_keeps_the_missing_operator() {
    if !have("g++") {
        eprintln!("skipped: g++ is not installed");
        return;
    }
    let ex = root().join("examples/cpp");
    let oracle = ex.join("interesting.sh");
    let (original, result, stats) = reduce(
        env!("CARGO_BIN_EXE_reduce-cpp"),
        &ex.join("bug.cpp"),
        &oracle,
        &[],
    );
    // The result is C++ the grammar reads, that g++ rejects for the same reason only.
    assert!(interesting(&oracle, "bug.cpp", &result), "{result}");
    assert!(Cpp.parse(&result).is_ok(), "{result}");
    assert!(non_ws(&result) * 8 < non_ws(&original), "{result}");
    assert!(!result.lines().any(|l| !l.is_empty() && l.trim().is_empty()));
    assert_eq!(stats["status"], "success");
    assert_eq!(stats["grammar"], "C++");
}

#[test]
fn bundled_go_example_keeps_the_constraint_error() {
    // The oracle runs the Go compiler directly (no build cache, about 0.1 s a run).
    let compile = "/usr/lib/go-1.19/pkg/tool/linux_amd64/compile";
    if !Path::new(compile).is_file() {
        eprintln!("skipped: no {compile} (apt-get install golang-1.19-go)");
        return;
    }
    let ex = root().join("examples/go");
    let oracle = ex.join("interesting.sh");
    let input = ex.join("inventory.go");
    let original = std::fs::read_to_string(&input).unwrap();
    assert!(interesting(&oracle, "inventory.go", &original));
    let (_, result, stats) = reduce(env!("CARGO_BIN_EXE_reduce-go"), &input, &oracle, &[]);
    assert!(interesting(&oracle, "inventory.go", &result), "{result:?}");
    assert!(non_ws(&result) * 10 < non_ws(&original), "{result:?}");
    assert!(result.contains("string"), "{result:?}");
    assert_eq!(stats["status"], "success");
}

#[test]
fn bundled_lua_example_keeps_the_arithmetic_on_the_missing_discount() {
    // lua5.4 has no --version.
    let lua = Command::new("lua5.4").arg("-v").output();
    if !lua.is_ok_and(|o| o.status.success()) {
        eprintln!("skipped: lua5.4 is not installed");
        return;
    }
    let ex = root().join("examples/lua");
    let oracle = ex.join("interesting.sh");
    let (original, result, stats) = reduce(
        env!("CARGO_BIN_EXE_reduce-lua"),
        &ex.join("invoice.lua"),
        &oracle,
        &[],
    );
    assert!(interesting(&oracle, "invoice.lua", &result), "{result:?}");
    assert!(result.contains("discount"), "{result:?}");
    assert!(non_ws(&result) * 10 < non_ws(&original), "{result:?}");
    // The result is valid Lua for luac as well.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("invoice.lua");
    std::fs::write(&file, &result).unwrap();
    let luac = Command::new("luac5.4").arg("-p").arg(&file).status();
    assert!(luac.is_ok_and(|s| s.success()), "{result:?}");
    assert_eq!(stats["status"], "success");
    assert!(stats["queries"]["real"].as_u64().unwrap() < 4000);
}

#[test]
fn bundled_python_example_reduces_to_the_failing_check() {
    if !have("python3") {
        eprintln!("skipped: python3 is not installed");
        return;
    }
    let ex = root().join("examples/python");
    let oracle = ex.join("interesting.sh");
    let input = ex.join("inventory.py");
    let original = std::fs::read_to_string(&input).unwrap();
    assert!(interesting(&oracle, "inventory.py", &original));
    let (_, result, stats) = reduce(env!("CARGO_BIN_EXE_reduce-python"), &input, &oracle, &[]);
    assert!(interesting(&oracle, "inventory.py", &result), "{result:?}");
    assert!(Python.parse(&result).is_ok(), "{result:?}");
    assert!(non_ws(&result) * 5 < non_ws(&original), "{result:?}");
    assert_eq!(stats["syntax_checks"]["result_parses"], true, "{stats}");
}

#[test]
fn bundled_rust_example_reduces_to_the_moved_value() {
    if !have("rustc") {
        eprintln!("skipped: rustc is not installed");
        return;
    }
    let ex = root().join("examples/rust");
    let oracle = ex.join("interesting.sh");
    let input = ex.join("inventory.rs");
    let original = std::fs::read_to_string(&input).unwrap();
    assert!(Rust.parse(&original).is_ok());
    assert!(interesting(&oracle, "inventory.rs", &original));
    // Deletion and hoisting only: the default's transformation rounds take about 1,500 rustc
    // runs on this file.
    let (_, result, stats) = reduce(
        env!("CARGO_BIN_EXE_reduce-rust"),
        &input,
        &oracle,
        &["-a", "pardis-hybrid+hoist"],
    );
    assert!(interesting(&oracle, "inventory.rs", &result), "{result:?}");
    assert!(
        Rust.parse(&result).is_ok(),
        "the result is Rust: {result:?}"
    );
    assert!(non_ws(&result) * 2 < non_ws(&original), "{result:?}");
    assert!(result.contains("note"), "{result:?}");
    assert_eq!(stats["syntax_checks"]["result_parses"], true, "{stats}");
}
