//! Sets of files reduced in one run, with real oracles: a C file and two headers (gcc), a
//! JavaScript module and the module it imports (node), and a directory of JavaScript,
//! JSON, C and text files with the `reduce` binary that links every language. Each test
//! copies a bundled example, reduces the copy, checks that the inputs are untouched and
//! that the oracle still finds the results interesting, and skips with a message when the
//! oracle's tools are missing.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn have(tool: &str) -> bool {
    Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples")
        .join(name)
}

/// Copies the example directory `name` into a fresh directory.
fn copy_example(name: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&example(name), dir.path());
    dir
}

fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), &target).unwrap();
        }
    }
}

fn run(bin: &str, dir: &Path, args: &[&str]) -> Output {
    Command::new(bin)
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Runs `oracle` (no arguments) in a fresh directory holding `files` (relative path,
/// content); true when it exits 0.
fn interesting(oracle: &Path, files: &[(&str, &[u8])]) -> bool {
    let dir = tempfile::tempdir().unwrap();
    for (rel, bytes) in files {
        let path = dir.path().join(rel);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, bytes).unwrap();
    }
    Command::new(oracle)
        .current_dir(dir.path())
        .status()
        .is_ok_and(|s| s.success())
}

fn read(p: impl AsRef<Path>) -> Vec<u8> {
    fs::read(p.as_ref()).unwrap_or_else(|e| panic!("{}: {e}", p.as_ref().display()))
}

const C_FILES: [&str; 3] = ["buffer.c", "buffer.h", "types.h"];

#[test]
fn a_c_file_and_two_headers_reduce_together() {
    if !have("gcc") {
        eprintln!("skipped: gcc is not installed");
        return;
    }
    let dir = copy_example("c-headers");
    let d = dir.path();
    let stats = d.join("stats.json");
    let out = run(
        env!("CARGO_BIN_EXE_reduce-c"),
        d,
        &[
            "-j",
            "2",
            "-o",
            "out",
            "--stats",
            "stats.json",
            "--report",
            "report.html",
            "buffer.c",
            "buffer.h",
            "types.h",
            "--test",
            "./interesting.sh",
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let results: Vec<Vec<u8>> = C_FILES
        .iter()
        .map(|f| read(d.join("out").join(f)))
        .collect();
    for f in C_FILES {
        assert_eq!(
            read(d.join(f)),
            read(example("c-headers").join(f)),
            "{f} untouched"
        );
    }
    let named: Vec<(&str, &[u8])> = C_FILES
        .iter()
        .copied()
        .zip(results.iter().map(Vec::as_slice))
        .collect();
    assert!(interesting(&d.join("interesting.sh"), &named), "{named:?}");
    // The definition stays in buffer.c and the declaration in buffer.h; types.h, which the
    // conflict does not need, is emptied.
    let text = |i: usize| String::from_utf8_lossy(&results[i]).into_owned();
    assert!(
        text(0).contains("buffer_new") && text(0).contains("buffer.h"),
        "{}",
        text(0)
    );
    assert!(text(1).contains("buffer_new"), "{}", text(1));
    assert!(results[2].is_empty(), "{}", text(2));
    let total: usize = results.iter().map(Vec::len).sum();
    let original: usize = C_FILES.iter().map(|f| read(d.join(f)).len()).sum();
    assert!(
        total * 10 < original,
        "{total} of {original} bytes: {named:?}"
    );
    let stats: serde_json::Value = serde_json::from_slice(&read(stats)).unwrap();
    assert_eq!(stats["status"], "success");
    assert_eq!(stats["files"].as_array().unwrap().len(), 3);
    assert_eq!(stats["files"][2]["grammar"], "emptied");
    assert_eq!(stats["output"]["bytes"], total);
    // The report tells the same run: every file with its result, the set's queries.
    let page = String::from_utf8(read(d.join("report.html"))).unwrap();
    assert!(page.contains(": 3 files</h1>"), "{page}");
    for f in C_FILES {
        assert!(page.contains(&format!("<h3>{f} (")), "{f}");
        assert!(page.contains(&format!("→ out/{f}</h3>")), "{f}");
    }
    assert!(page.contains(&format!("with {} queries", stats["queries"]["real"])));
    assert_eq!(page.matches("<svg ").count(), 2);
}

#[test]
fn in_place_saves_each_original_and_refuses_to_overwrite_an_input() {
    if !have("gcc") {
        eprintln!("skipped: gcc is not installed");
        return;
    }
    let dir = copy_example("c-headers");
    let d = dir.path();
    let mut args = vec!["-j", "2", "--in-place"];
    args.extend(C_FILES);
    args.extend(["--test", "./interesting.sh"]);
    let out = run(env!("CARGO_BIN_EXE_reduce-c"), d, &args);
    assert!(out.status.success(), "{}", stderr(&out));
    for f in C_FILES {
        let orig = read(d.join(format!("{f}.orig")));
        assert_eq!(orig, read(example("c-headers").join(f)), "{f}.orig");
        assert!(read(d.join(f)).len() < orig.len(), "{f} reduced in place");
    }
    // An output that is an input, and -o naming a file, are refused before any test runs.
    fs::write(d.join("buffer.c.reduced"), "keep me").unwrap();
    let out = run(
        env!("CARGO_BIN_EXE_reduce-c"),
        d,
        &["buffer.c", "buffer.c.reduced", "--test", "./interesting.sh"],
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("refusing to overwrite"),
        "{}",
        stderr(&out)
    );
    assert_eq!(read(d.join("buffer.c.reduced")), b"keep me");
    let out = run(
        env!("CARGO_BIN_EXE_reduce-c"),
        d,
        &[
            "-o",
            "buffer.h",
            "buffer.c",
            "types.h",
            "--test",
            "./interesting.sh",
        ],
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("names a directory"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn an_uninteresting_set_is_reported_before_any_work() {
    if !have("gcc") {
        eprintln!("skipped: gcc is not installed");
        return;
    }
    let dir = copy_example("c-headers");
    let d = dir.path();
    // Without buffer.h in the set, gcc cannot find it: not interesting.
    let out = run(
        env!("CARGO_BIN_EXE_reduce-c"),
        d,
        &[
            "-o",
            "out",
            "buffer.c",
            "types.h",
            "--test",
            "./interesting.sh",
        ],
    );
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(stderr(&out).contains("not interesting"), "{}", stderr(&out));
    assert!(!d.join("out").exists(), "nothing written");
}

#[test]
fn a_javascript_module_and_its_import_reduce_together() {
    if !have("node") {
        eprintln!("skipped: node is not installed");
        return;
    }
    let dir = copy_example("js-modules");
    let d = dir.path();
    let out = run(
        env!("CARGO_BIN_EXE_reduce-js"),
        d,
        // -j 4: the merge mode, on a set.
        &[
            "-j",
            "4",
            "main.mjs",
            "format.mjs",
            "--test",
            "./interesting.sh",
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let main = read(d.join("main.mjs.reduced"));
    let format = read(d.join("format.mjs.reduced"));
    assert!(
        interesting(
            &d.join("interesting.sh"),
            &[("main.mjs", &main), ("format.mjs", &format)]
        ),
        "{}\n{}",
        String::from_utf8_lossy(&main),
        String::from_utf8_lossy(&format)
    );
    let (main, format) = (
        String::from_utf8_lossy(&main),
        String::from_utf8_lossy(&format),
    );
    assert!(
        main.contains("import") && main.contains("./format.mjs"),
        "{main}"
    );
    assert!(
        format.contains("toUpperCase") && !format.contains("formatRow"),
        "{format}"
    );
    assert!(main.len() + format.len() < 200, "{main}\n{format}");
}

#[test]
fn a_mixed_language_directory_reduces_with_the_reduce_binary() {
    if !have("node") {
        eprintln!("skipped: node is not installed");
        return;
    }
    let dir = copy_example("mixed");
    let d = dir.path();
    // An empty JSON file (which JSON does not read) is never reduced: not refused, even with
    // --no-fallback.
    fs::write(d.join("project/data/empty.json"), "").unwrap();
    // Deletion only, to keep the test short; the default goes on with transformations.
    let out = run(
        env!("CARGO_BIN_EXE_reduce"),
        d,
        &[
            "-j",
            "2",
            "-a",
            "pardis-hybrid+hoist",
            "--no-fallback",
            "--stats",
            "stats.json",
            "project",
            "--test",
            "./interesting.sh",
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let stats: serde_json::Value = serde_json::from_slice(&read(d.join("stats.json"))).unwrap();
    let grammar_of = |rel: &str| {
        let files = stats["files"].as_array().unwrap();
        let f = files
            .iter()
            .find(|f| f["input"]["path"].as_str().unwrap().ends_with(rel))
            .unwrap_or_else(|| panic!("{rel} in {files:?}"));
        f["grammar"].as_str().unwrap().to_string()
    };
    // Each file with its own grammar; the ones the failure does not need are emptied.
    assert_eq!(grammar_of("main.js"), "JavaScript");
    assert_eq!(grammar_of("data/parts.json"), "JSON");
    for unneeded in ["README.txt", "native/checksum.c"] {
        assert_eq!(grammar_of(unneeded), "emptied");
        assert!(read(d.join("project.reduced").join(unneeded)).is_empty());
    }
    // The result is a directory the test still fails on, given as the test's argument.
    let result = d.join("project.reduced");
    let ok = Command::new(d.join("interesting.sh"))
        .arg(&result)
        .status()
        .unwrap();
    assert!(ok.success());
    let parts = String::from_utf8(read(result.join("data/parts.json"))).unwrap();
    assert!(
        parts.contains("p-107") && !parts.contains("p-100"),
        "{parts}"
    );
    let original: u64 = stats["input"]["bytes"].as_u64().unwrap();
    let reduced: u64 = stats["output"]["bytes"].as_u64().unwrap();
    assert!(reduced * 4 < original, "{reduced} of {original} bytes");
}

#[test]
fn the_test_script_in_a_directory_is_left_out_and_never_rewritten() {
    if !have("gcc") {
        eprintln!("skipped: gcc is not installed");
        return;
    }
    let dir = copy_example("c-headers");
    let d = dir.path();
    let script = read(d.join("interesting.sh"));
    // The directory is `.`, and it holds the test script: the script is not part of the set
    // (not reduced, not rewritten in place), the other files are.
    let out = run(
        env!("CARGO_BIN_EXE_reduce-c"),
        d,
        &[
            "-j",
            "2",
            "-a",
            "pardis-hybrid+hoist",
            "--in-place",
            ".",
            "--test",
            "./interesting.sh",
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("left out of the set"),
        "{}",
        stderr(&out)
    );
    assert_eq!(read(d.join("interesting.sh")), script);
    assert!(!d.join("interesting.sh.orig").exists());
    for f in C_FILES {
        assert_eq!(
            read(d.join(format!("{f}.orig"))),
            read(example("c-headers").join(f))
        );
    }
    assert!(read(d.join("types.h")).is_empty());
    // Without --in-place the results of `.` go beside it, named after it.
    let name = d.file_name().unwrap().to_string_lossy().into_owned();
    let out = run(
        env!("CARGO_BIN_EXE_reduce-c"),
        d,
        &[
            "-a",
            "pardis-hybrid+hoist",
            ".",
            "--test",
            "./interesting.sh",
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(d
        .parent()
        .unwrap()
        .join(format!("{name}.reduced/buffer.c"))
        .is_file());
    let _ = fs::remove_dir_all(d.parent().unwrap().join(format!("{name}.reduced")));
}

#[test]
fn a_kept_file_is_in_every_run_as_it_is_and_never_rewritten() {
    if !have("gcc") {
        eprintln!("skipped: gcc is not installed");
        return;
    }
    let dir = copy_example("c-headers");
    let d = dir.path();
    let out = run(
        env!("CARGO_BIN_EXE_reduce-c"),
        d,
        &[
            "-j",
            "2",
            "-a",
            "pardis-hybrid+hoist",
            "--in-place",
            "--keep",
            "types.h",
            "--stats",
            "s.json",
            "buffer.c",
            "buffer.h",
            "types.h",
            "--test",
            "./interesting.sh",
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        read(d.join("types.h")),
        read(example("c-headers").join("types.h"))
    );
    assert!(
        !d.join("types.h.orig").exists(),
        "a kept file needs no backup"
    );
    assert!(d.join("buffer.c.orig").exists());
    assert!(read(d.join("buffer.c")).len() < read(d.join("buffer.c.orig")).len());
    let stats: serde_json::Value = serde_json::from_slice(&read(d.join("s.json"))).unwrap();
    assert_eq!(stats["files"][2]["grammar"], "kept");
}
