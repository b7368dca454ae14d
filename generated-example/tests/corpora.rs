//! Every generated language on real files: the project's own corpora, the shared benchmark
//! inputs and, where the machine has them, large realistic corpora (npm's JavaScript sources,
//! the JDK's Java sources). Each accepted file must print back byte for byte.
//!
//! Tests that need files outside the repository skip with a message when they are absent.

use generated_example::{Java, JavaScript, Json, C};
use reducer_core::Language;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The files with one of `extensions` below `dir` (recursively), sorted.
fn files(dir: &Path, extensions: &[&str]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p
                .extension()
                .and_then(|x| x.to_str())
                .is_some_and(|x| extensions.contains(&x))
            {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Parses every file and checks the print-back; returns (files, bytes, failures).
fn parse_all(lang: &dyn Language, paths: &[PathBuf]) -> (usize, usize, Vec<String>) {
    let mut failures = Vec::new();
    let mut bytes = 0;
    for p in paths {
        let Ok(text) = std::fs::read_to_string(p) else {
            continue;
        };
        bytes += text.len();
        match lang.parse(&text) {
            Ok(tree) => {
                if tree.text() != text {
                    failures.push(format!("{}: prints back differently", p.display()));
                }
            }
            Err(e) => failures.push(format!("{}:{e}", p.display())),
        }
    }
    (paths.len(), bytes, failures)
}

/// The `members` of `zip` extracted to a temporary directory; `None` (with a message) when
/// `unzip` cannot do it.
fn unzip(zip: &Path, members: &[&str]) -> Option<tempfile::TempDir> {
    let out = tempfile::tempdir().unwrap();
    let status = std::process::Command::new("unzip")
        .args(["-q", "-o"])
        .arg(zip)
        .args(members)
        .arg("-d")
        .arg(out.path())
        .status();
    if !status.is_ok_and(|s| s.success()) {
        eprintln!("skipped: could not unzip {}", zip.display());
        return None;
    }
    Some(out)
}

/// Fails with the list of files that did not parse or print back.
fn assert_none_failed(what: &str, n: usize, failures: &[String]) {
    assert!(
        failures.is_empty(),
        "{what}: {} of {n} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

fn corpus_dir(lang: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/corpus")
        .join(lang)
}

fn shared_bench(set: &str) -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/bench")
        .join(set);
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("skipped: {} is absent", dir.display());
        None
    }
}

#[test]
fn project_corpora_parse_and_print_back() {
    // (language, corpus directory, extensions, minimum number of files)
    let langs: [(&dyn Language, &str, &[&str], usize); 5] = [
        (&C, "c", &["c"], 15),
        (&JavaScript, "js", &["js", "mjs"], 15),
        (&Java, "java", &["java"], 15),
        // Java 21-25 syntax, one topic per file (checked against javac 25 in frontends.rs)
        (&Java, "java25", &["java"], 7),
        (&Json, "json", &["json"], 15),
    ];
    for (lang, dir, ext, min) in langs {
        let paths = files(&corpus_dir(dir), ext);
        if paths.is_empty() && dir == "json" {
            continue; // JSON is covered by the generated differential tests.
        }
        assert!(
            paths.len() >= min,
            "{dir}: only {} corpus files",
            paths.len()
        );
        let (n, _, failures) = parse_all(lang, &paths);
        assert_none_failed(dir, n, &failures);
    }
}

#[test]
fn every_perses_benchmark_input_parses_and_prints_back() {
    let Some(dir) = shared_bench("perses") else {
        return;
    };
    let paths: Vec<PathBuf> = files(&dir, &["c"])
        .into_iter()
        .filter(|p| p.file_name().is_some_and(|n| n == "input.c"))
        .collect();
    assert!(
        paths.len() >= 30,
        "expected the 38 Perses inputs, found {}",
        paths.len()
    );
    let start = Instant::now();
    let (n, bytes, failures) = parse_all(&C, &paths);
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "perses: {n} files, {:.1} MB in {secs:.2} s ({:.2} MB/s)",
        bytes as f64 / 1e6,
        bytes as f64 / 1e6 / secs
    );
    assert_none_failed("perses", n, &failures);
}

#[test]
fn every_jrts_benchmark_input_parses_and_prints_back() {
    let Some(dir) = shared_bench("jrts") else {
        return;
    };
    let paths: Vec<PathBuf> = files(&dir, &["js"]);
    assert!(
        paths.len() >= 13,
        "expected the 13 JerryScript inputs, found {}",
        paths.len()
    );
    let (n, _, failures) = parse_all(&JavaScript, &paths);
    assert_none_failed("jrts", n, &failures);
}

/// npm's own sources: hundreds of real CommonJS and ES-module files.
#[test]
fn npm_sources_parse() {
    let dir = Path::new("/usr/lib/node_modules/npm");
    let paths: Vec<PathBuf> = files(dir, &["js", "cjs", "mjs"])
        .into_iter()
        .take(400)
        .collect();
    if paths.len() < 50 {
        eprintln!(
            "skipped: fewer than 50 JavaScript files under {}",
            dir.display()
        );
        return;
    }
    let (n, bytes, failures) = parse_all(&JavaScript, &paths);
    eprintln!("npm: {n} files, {bytes} bytes, {} failures", failures.len());
    assert_none_failed("npm", n, &failures);
}

/// The JDK's own sources (src.zip), a sample of a few hundred files.
#[test]
fn jdk_sources_parse() {
    let Some(zip) = [
        "/usr/lib/jvm/java-17-openjdk-amd64/lib/src.zip",
        "/usr/lib/jvm/openjdk-17/lib/src.zip",
    ]
    .iter()
    .map(Path::new)
    .find(|p| p.is_file()) else {
        eprintln!("skipped: no JDK 17 src.zip (apt-get install openjdk-17-source)");
        return;
    };
    let Some(out) = unzip(
        zip,
        &[
            "java.base/java/util/*",
            "java.base/java/lang/*",
            "java.base/java/time/*",
        ],
    ) else {
        return;
    };
    let paths: Vec<PathBuf> = files(out.path(), &["java"])
        .into_iter()
        .step_by(3)
        .take(300)
        .collect();
    assert!(paths.len() >= 50, "only {} JDK files", paths.len());
    let start = Instant::now();
    let (n, bytes, failures) = parse_all(&Java, &paths);
    eprintln!(
        "jdk: {n} files, {:.1} MB in {:.2} s, {} failures",
        bytes as f64 / 1e6,
        start.elapsed().as_secs_f64(),
        failures.len()
    );
    assert_none_failed("jdk", n, &failures);
}

/// The JDK 25 sources (src.zip of the Temurin JDK 25): the packages that use Java 21-25 syntax
/// most (the class-file API, the foreign-function internals, javap, jnativescan, java.text),
/// about 400 files. The whole src.zip (15 224 files) is measured outside the test suite; see
/// grammars/README.md.
#[test]
fn jdk25_sources_parse() {
    let zip = Path::new("/usr/lib/jvm/temurin-25-jdk-amd64/lib/src.zip");
    if !zip.is_file() {
        eprintln!("skipped: no JDK 25 src.zip at {}", zip.display());
        return;
    }
    let Some(out) = unzip(
        zip,
        &[
            "java.base/java/lang/classfile/*",
            "java.base/jdk/internal/classfile/*",
            "java.base/jdk/internal/foreign/*",
            "java.base/java/text/*",
            "jdk.jdeps/com/sun/tools/javap/*",
            "jdk.jdeps/com/sun/tools/jnativescan/*",
        ],
    ) else {
        return;
    };
    let paths: Vec<PathBuf> = files(out.path(), &["java"]);
    assert!(paths.len() >= 300, "only {} JDK 25 files", paths.len());
    let start = Instant::now();
    let (n, bytes, failures) = parse_all(&Java, &paths);
    let secs = start.elapsed().as_secs_f64();
    // Files whose tree has a node of a Java 21+ rule: a pattern, `_`, a guard, `case null, default`.
    let new_rules: Vec<_> = ["pattern", "unnamed", "guard", "case_null_default"]
        .iter()
        .map(|r| Java::rule_id(r).unwrap())
        .collect();
    let new_syntax = paths
        .iter()
        .filter_map(|p| Java.parse(&std::fs::read_to_string(p).ok()?).ok())
        .filter(|t| t.bfs().into_iter().any(|n| new_rules.contains(&t.rule(n))))
        .count();
    eprintln!(
        "jdk 25: {n} files ({new_syntax} with Java 21+ syntax), {:.1} MB in {secs:.2} s, {} failures",
        bytes as f64 / 1e6,
        failures.len()
    );
    assert!(
        new_syntax >= 40,
        "only {new_syntax} sample files use Java 21+ syntax"
    );
    assert_none_failed("jdk 25", n, &failures);
}

/// The raw (unpreprocessed) C headers the machine has: glibc's, the kernel's UAPI headers and
/// those of installed `-dev` packages (Python, OpenSSL…), as a C programmer's files look before
/// `gcc -E`: directives everywhere, declaration-specifier macros (`__THROW`, `PyAPI_FUNC(int)`,
/// `ZEXPORT`), bare macro lines (`__BEGIN_DECLS`). At least 95 % must parse (C++ headers and
/// the directories of C++ libraries are left out).
#[test]
fn raw_c_headers_parse() {
    let root = Path::new("/usr/include");
    let mut paths: Vec<PathBuf> = files(root, &["h"])
        .into_iter()
        .filter(|p| {
            let rel = p.strip_prefix(root).unwrap().to_string_lossy().into_owned();
            let dir = rel.rsplit_once('/').map_or("", |(d, _)| d);
            dir.is_empty()
                || [
                    "linux",
                    "asm-generic",
                    "sys",
                    "net",
                    "netinet",
                    "arpa",
                    "scsi",
                    "rdma",
                    "drm",
                    "sound",
                    "mtd",
                    "misc",
                    "video",
                    "xen",
                    "openssl",
                ]
                .iter()
                .any(|d| dir == *d || dir.starts_with(&format!("{d}/")))
                || dir.starts_with("python3")
                || ["bits", "sys", "asm", "gnu"]
                    .iter()
                    .any(|d| dir == format!("x86_64-linux-gnu/{d}"))
        })
        .collect();
    paths.retain(|p| std::fs::read_to_string(p).is_ok());
    if paths.len() < 100 {
        eprintln!("skipped: only {} C headers under /usr/include", paths.len());
        return;
    }
    let started = Instant::now();
    let (n, bytes, failures) = parse_all(&C, &paths);
    let printed_back = failures
        .iter()
        .all(|f| !f.ends_with("prints back differently"));
    let rate = 1.0 - failures.len() as f64 / n as f64;
    eprintln!(
        "raw C headers: {} of {n} parse ({:.1} %), {:.1} MB in {:.1} s",
        n - failures.len(),
        rate * 100.0,
        bytes as f64 / 1e6,
        started.elapsed().as_secs_f64()
    );
    for f in failures.iter().take(20) {
        eprintln!("  {}", f.lines().next().unwrap_or(""));
    }
    assert!(
        printed_back,
        "a header parsed but printed back differently: {failures:?}"
    );
    assert!(rate >= 0.95, "{:.1} % of raw C headers parse", rate * 100.0);
}
