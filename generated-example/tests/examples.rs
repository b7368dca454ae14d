//! The bundled examples of C++, Go, Lua, Python and Rust reduced with their own oracles
//! (g++, the Go compiler, lua5.4, python3, rustc), and those of TypeScript, SQL, SMT-LIB 2,
//! Solidity, Verilog, GLSL, WebAssembly text, XML, PHP, Ruby and Fortran (node-typescript,
//! sqlite3, z3, solcjs, iverilog, glslangValidator, wat2wasm, xmllint, php, ruby, gfortran):
//! the result must still be interesting, parse with the language's grammar, and be much
//! smaller. Each test skips with a message when the tool its oracle needs is missing. (C, JSON,
//! JavaScript and Java: `binaries.rs`.)

mod bundled;

use bundled::{have, interesting, non_ws, reduce, root};
use generated_example::{
    Cpp, Fortran, Glsl, Php, Python, Ruby, Rust, Smt2, Solidity, Sql, TypeScript, Verilog, Wat, Xml,
};
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

/// Reduces `examples/DIR/FILE` with `bin` and the example's oracle, after checking that the
/// original is interesting; then checks that the result is interesting too, is text of the
/// language (`parses`), has `ratio` times fewer non-whitespace characters than the original,
/// and that the stats say success. Returns the result.
fn reduce_example(
    bin: &str,
    dir: &str,
    file: &str,
    parses: impl Fn(&str) -> bool,
    ratio: usize,
    extra: &[&str],
) -> String {
    let ex = root().join("examples").join(dir);
    let oracle = ex.join("interesting.sh");
    let input = ex.join(file);
    let original = std::fs::read_to_string(&input).unwrap();
    assert!(parses(original.as_str()), "{file} parses");
    assert!(
        interesting(&oracle, file, &original),
        "{file} is interesting"
    );
    let (_, result, stats) = reduce(bin, &input, &oracle, extra);
    assert!(interesting(&oracle, file, &result), "{result:?}");
    assert!(parses(result.as_str()), "{result:?}");
    assert!(
        non_ws(&result) * ratio < non_ws(&original),
        "{} of {} characters left: {result:?}",
        non_ws(&result),
        non_ws(&original)
    );
    assert_eq!(stats["status"], "success", "{stats}");
    assert_eq!(stats["syntax_checks"]["result_parses"], true, "{stats}");
    result
}

#[test]
#[ignore = "node loads the TypeScript compiler at every run: 4 minutes for the example"]
fn bundled_typescript_example_keeps_the_undefined_room() {
    // The oracle strips the types with Debian's node-typescript and runs the program in node
    // (0.5 s a run or more, most of it loading typescript.js): deletion and hoisting only,
    // about 330 runs instead of the default's 580 on this file.
    if !have("node") || !Path::new("/usr/share/nodejs/typescript/package.json").is_file() {
        eprintln!("skipped: node or node-typescript is not installed");
        return;
    }
    let result = reduce_example(
        env!("CARGO_BIN_EXE_reduce-typescript"),
        "typescript",
        "rooms.ts",
        |t| TypeScript.parse(t).is_ok(),
        8,
        &["-a", "pardis-hybrid+hoist"],
    );
    assert!(result.contains("capacity"), "{result:?}");
}

#[test]
fn bundled_sql_example_keeps_the_duplicate_card_number() {
    if !have("sqlite3") {
        eprintln!("skipped: sqlite3 is not installed");
        return;
    }
    let result = reduce_example(
        env!("CARGO_BIN_EXE_reduce-sql"),
        "sql",
        "library.sql",
        |t| Sql.parse(t).is_ok(),
        12,
        &[],
    );
    assert!(result.contains("card_no"), "{result:?}");
}

#[test]
fn bundled_smt2_example_keeps_the_bool_passed_to_finish() {
    if !have("z3") {
        eprintln!("skipped: z3 is not installed");
        return;
    }
    let result = reduce_example(
        env!("CARGO_BIN_EXE_reduce-smt2"),
        "smt2",
        "schedule.smt2",
        |t| Smt2.parse(t).is_ok(),
        12,
        &[],
    );
    assert!(result.contains("define-fun finish"), "{result:?}");
}

#[test]
fn bundled_solidity_example_keeps_the_transfer_on_a_plain_address() {
    // solc is not in Debian: the oracle takes npm's solcjs from SOLC_DIR or
    // /opt/solc-0.8.32 (bench/bugs/solidity/install.sh), about 0.9 s a run; deletion and
    // hoisting only (about 85 runs).
    let mut dirs: Vec<String> = std::env::var("SOLC_DIR").into_iter().collect();
    dirs.extend(["/opt/solc-0.8.32", "/usr/local/lib", "/usr/lib"].map(String::from));
    let solc = dirs
        .iter()
        .any(|d| Path::new(d).join("node_modules/solc/soljson.js").is_file());
    if !have("node") || !solc {
        eprintln!("skipped: no node or no npm solc (bench/bugs/solidity/install.sh installs one)");
        return;
    }
    let result = reduce_example(
        env!("CARGO_BIN_EXE_reduce-solidity"),
        "solidity",
        "Crowdfund.sol",
        |t| Solidity.parse(t).is_ok(),
        16,
        &["-a", "pardis-hybrid+hoist"],
    );
    assert!(result.contains("transfer"), "{result:?}");
}

#[test]
fn bundled_verilog_example_keeps_the_unbound_name() {
    // iverilog has no --version.
    let iverilog = Command::new("iverilog").arg("-V").output();
    if !iverilog.is_ok_and(|o| o.status.success()) {
        eprintln!("skipped: iverilog is not installed");
        return;
    }
    let result = reduce_example(
        env!("CARGO_BIN_EXE_reduce-verilog"),
        "verilog",
        "fifo.v",
        |t| Verilog.parse(t).is_ok(),
        20,
        &[],
    );
    assert!(result.contains("rd_ptr_nxt"), "{result:?}");
}

#[test]
fn bundled_glsl_example_keeps_the_call_no_overload_fits() {
    if !have("glslangValidator") {
        eprintln!("skipped: glslangValidator is not installed (glslang-tools)");
        return;
    }
    let result = reduce_example(
        env!("CARGO_BIN_EXE_reduce-glsl"),
        "glsl",
        "lighting.frag",
        |t| Glsl.parse(t).is_ok(),
        12,
        &[],
    );
    assert!(result.contains("attenuate"), "{result:?}");
}

#[test]
fn bundled_wat_example_keeps_the_i64_argument() {
    if !have("wat2wasm") {
        eprintln!("skipped: wat2wasm is not installed (wabt)");
        return;
    }
    let result = reduce_example(
        env!("CARGO_BIN_EXE_reduce-wat"),
        "wat",
        "ring.wat",
        |t| Wat.parse(t).is_ok(),
        8,
        &[],
    );
    assert!(result.contains("i64"), "{result:?}");
}

#[test]
fn bundled_xml_example_keeps_the_decimal_comma() {
    if !have("xmllint") {
        eprintln!("skipped: xmllint is not installed (libxml2-utils)");
        return;
    }
    let result = reduce_example(
        env!("CARGO_BIN_EXE_reduce-xml"),
        "xml",
        "catalog.xml",
        |t| Xml.parse(t).is_ok(),
        12,
        &[],
    );
    assert!(result.contains("2,50"), "{result:?}");
}

#[test]
fn bundled_php_example_keeps_the_string_amount() {
    if !have("php") {
        eprintln!("skipped: php is not installed (php-cli)");
        return;
    }
    let result = reduce_example(
        env!("CARGO_BIN_EXE_reduce-php"),
        "php",
        "ledger.php",
        |t| Php.parse(t).is_ok(),
        8,
        &[],
    );
    assert!(result.contains("post"), "{result:?}");
}

#[test]
fn bundled_ruby_example_keeps_the_nil_factor() {
    if !have("ruby") {
        eprintln!("skipped: ruby is not installed");
        return;
    }
    reduce_example(
        env!("CARGO_BIN_EXE_reduce-ruby"),
        "ruby",
        "recipes.rb",
        |t| Ruby.parse(t).is_ok(),
        8,
        &[],
    );
}

#[test]
fn bundled_fortran_example_keeps_the_real_argument() {
    if !have("gfortran") {
        eprintln!("skipped: gfortran is not installed");
        return;
    }
    reduce_example(
        env!("CARGO_BIN_EXE_reduce-fortran"),
        "fortran",
        "heat.f90",
        |t| Fortran.parse(t).is_ok(),
        8,
        &[],
    );
}
