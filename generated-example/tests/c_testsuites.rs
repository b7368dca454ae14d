//! gcc's own C testsuite as a third-party corpus, installed at test time: Debian's
//! `gcc-12-source` package holds the gcc 12 source tarball, whose `gcc.c-torture` tests
//! (`compile/`, `execute/`: decades of bug reports, K&R code, GNU extensions) and
//! `gcc.dg/c2x-*.c` tests (the C23 of gcc 12) are extracted to a temporary directory.
//!
//! Measured: the torture files as written (raw: directives, macros), the same files after
//! `gcc -E` (with line markers, the options of their `dg-options` lines) for those gcc accepts,
//! and the `c2x-*` files gcc accepts with `-std=c2x`. Every accepted file must print back
//! byte for byte. Each test skips with a message when the tarball or gcc is absent.

use generated_example::C;
use reducer_core::Language;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// The gcc 12 source tarball of Debian's `gcc-12-source`.
fn tarball() -> Option<PathBuf> {
    let dir = Path::new("/usr/src/gcc-12");
    let found = std::fs::read_dir(dir).ok().and_then(|entries| {
        let mut tars: Vec<PathBuf> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| {
                p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.starts_with("gcc-") && n.contains(".tar"))
            })
            .collect();
        tars.sort();
        tars.pop()
    });
    if found.is_none() {
        eprintln!(
            "skipped: no gcc source tarball under /usr/src/gcc-12 (apt-get install gcc-12-source)"
        );
    }
    found
}

fn have_gcc() -> bool {
    let ok = Command::new("gcc")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        eprintln!("skipped: no gcc");
    }
    ok
}

/// Extracts the members matching `patterns` (`tar --wildcards`) into a new temporary directory.
fn extract(tar: &Path, patterns: &[&str]) -> Option<tempfile::TempDir> {
    let out = tempfile::tempdir().unwrap();
    let status = Command::new("tar")
        .arg("-xf")
        .arg(tar)
        .arg("-C")
        .arg(out.path())
        .arg("--wildcards")
        .args(patterns)
        .status();
    if !status.is_ok_and(|s| s.success()) {
        eprintln!(
            "skipped: could not extract {patterns:?} from {}",
            tar.display()
        );
        return None;
    }
    Some(out)
}

/// The `.c` files below `dir` (recursively), sorted.
fn c_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "c") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The options of a test's `{ dg-options "…" }` and `{ dg-additional-options "…" }` lines that
/// matter to the front end (`-std=`, `-ansi`, `-D`, `-U`, `-f…`, `-trigraphs`, `-pedantic…`);
/// target options (`-m…`) and the rest are dropped.
fn dg_options(text: &str) -> Vec<String> {
    let mut opts = Vec::new();
    for line in text.lines() {
        for key in ["dg-options", "dg-additional-options"] {
            let Some(at) = line.find(key) else { continue };
            let rest = &line[at + key.len()..];
            let Some(open) = rest.find('"') else { continue };
            let Some(len) = rest[open + 1..].find('"') else {
                continue;
            };
            for o in rest[open + 1..open + 1 + len].split_whitespace() {
                if [
                    "-std=",
                    "-ansi",
                    "-D",
                    "-U",
                    "-f",
                    "-trigraphs",
                    "-pedantic",
                ]
                .iter()
                .any(|p| o.starts_with(p))
                    && !o.starts_with("-fdump")
                    && !o.starts_with("-fprofile")
                {
                    opts.push(o.to_string());
                }
            }
        }
    }
    opts
}

/// gcc's verdict and preprocessed output for `path` with `opts` (plus `-std=gnu17` when
/// `opts` names no standard): `None` when `gcc -fsyntax-only` rejects the file. One gcc run:
/// `-save-temps` keeps the preprocessed text it checked (the same bytes `gcc -E` prints).
fn gcc_preprocess(path: &Path, opts: &[String]) -> Option<String> {
    let mut args: Vec<String> = vec!["-w".into()];
    if !opts.iter().any(|o| o.starts_with("-std=") || o == "-ansi") {
        args.push("-std=gnu17".into());
    }
    args.extend(opts.iter().cloned());
    let temps = tempfile::tempdir().ok()?;
    let syntax = Command::new("gcc")
        .args(&args)
        .args(["-fsyntax-only", "-save-temps", "-dumpdir"])
        .arg(temps.path().join("x-"))
        .arg("-I")
        .arg(path.parent().unwrap())
        .arg(path)
        .output()
        .ok()?;
    if !syntax.status.success() {
        return None;
    }
    let stem = path.file_stem()?.to_str()?;
    let pre = std::fs::read(temps.path().join(format!("x-{stem}.i"))).ok()?;
    String::from_utf8(pre).ok()
}

/// Parses `text` and checks the print-back: `None` when accepted, else the reason.
fn check(text: &str) -> Option<String> {
    match C.parse(text) {
        Ok(tree) if tree.text() == text => None,
        Ok(_) => Some("prints back differently".into()),
        Err(e) => Some(e.to_string().lines().next().unwrap_or("").to_string()),
    }
}

/// Runs `f` on every item of `items` on two threads; results in the order of `items`.
fn parallel<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let half = items.len().div_ceil(2);
    std::thread::scope(|s| {
        let handles: Vec<_> = items
            .chunks(half.max(1))
            .map(|chunk| s.spawn(|| chunk.iter().map(&f).collect::<Vec<R>>()))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    })
}

/// Prints the failures and returns the acceptance rate; fails at once on a print-back error.
fn summarize(what: &str, n: usize, failures: &[(PathBuf, String)], root: &Path) -> f64 {
    let rate = if n == 0 {
        1.0
    } else {
        1.0 - failures.len() as f64 / n as f64
    };
    eprintln!(
        "{what}: {} of {n} parse ({:.2} %)",
        n - failures.len(),
        rate * 100.0
    );
    for (p, why) in failures.iter().take(60) {
        eprintln!("  {}: {why}", p.strip_prefix(root).unwrap_or(p).display());
    }
    assert!(
        failures
            .iter()
            .all(|(_, why)| why != "prints back differently"),
        "{what}: a file parsed but printed back differently"
    );
    rate
}

/// The `gcc.c-torture/{compile,execute}` tests (3,694 files): raw, and after `gcc -E` for
/// those gcc accepts with their `dg-options` (`-std=gnu17` by default). At least 99 % of the
/// preprocessed files must parse; the raw figure has a floor a little under the measured one.
#[test]
fn gcc_torture_tests_parse() {
    let Some(tar) = tarball() else { return };
    if !have_gcc() {
        return;
    }
    let started = Instant::now();
    let Some(dir) = extract(
        &tar,
        &[
            "*/gcc/testsuite/gcc.c-torture/compile/*.c",
            "*/gcc/testsuite/gcc.c-torture/execute/*.c",
        ],
    ) else {
        return;
    };
    let paths = c_files(dir.path());
    assert!(paths.len() >= 3000, "only {} torture files", paths.len());
    let extracted = started.elapsed().as_secs_f64();

    // (raw verdict, preprocessed verdict: None when gcc rejects the file)
    type Verdicts = (Option<String>, Option<Option<String>>);
    let results: Vec<Verdicts> = parallel(&paths, |p| {
        let bytes = std::fs::read(p).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        let raw = check(&text);
        let pre = gcc_preprocess(p, &dg_options(&text)).map(|out| check(&out));
        (raw, pre)
    });

    let raw_failures: Vec<(PathBuf, String)> = paths
        .iter()
        .zip(&results)
        .filter_map(|(p, (raw, _))| raw.clone().map(|w| (p.clone(), w)))
        .collect();
    let pre_n = results.iter().filter(|(_, pre)| pre.is_some()).count();
    let pre_failures: Vec<(PathBuf, String)> = paths
        .iter()
        .zip(&results)
        .filter_map(|(p, (_, pre))| pre.clone().flatten().map(|w| (p.clone(), w)))
        .collect();
    let root = dir.path().join("gcc-12.2.0/gcc/testsuite");
    let raw_rate = summarize("gcc torture, raw", paths.len(), &raw_failures, &root);
    let pre_rate = summarize("gcc torture, gcc -E", pre_n, &pre_failures, &root);
    eprintln!(
        "gcc torture: {} files ({} accepted by gcc), extracted in {extracted:.1} s, all in {:.1} s",
        paths.len(),
        pre_n,
        started.elapsed().as_secs_f64()
    );
    assert!(pre_n >= 3000, "gcc accepted only {pre_n} torture files");
    assert!(
        pre_rate >= 0.99,
        "{:.2} % of preprocessed torture files parse",
        pre_rate * 100.0
    );
    assert!(
        raw_rate >= 0.985,
        "{:.2} % of raw torture files parse",
        raw_rate * 100.0
    );
}

/// The `gcc.dg/c2x-*.c` tests whose `dg-options` ask for C2x (`-std=c2x`, `-std=gnu2x`) and
/// that gcc 12 accepts with those options, as written and after `gcc -E`.
#[test]
fn gcc_c2x_tests_parse() {
    let Some(tar) = tarball() else { return };
    if !have_gcc() {
        return;
    }
    let Some(dir) = extract(&tar, &["*/gcc/testsuite/gcc.dg/c2x-*.c"]) else {
        return;
    };
    let paths: Vec<(PathBuf, String, Vec<String>)> = c_files(dir.path())
        .into_iter()
        .filter_map(|p| {
            let text = String::from_utf8(std::fs::read(&p).ok()?).ok()?;
            let opts = dg_options(&text);
            opts.iter()
                .any(|o| o == "-std=c2x" || o == "-std=gnu2x")
                .then_some((p, text, opts))
        })
        .collect();
    let results: Vec<Option<(Option<String>, Option<String>)>> =
        parallel(&paths, |(p, text, opts)| {
            gcc_preprocess(p, opts).map(|pre| (check(text), check(&pre)))
        });
    let accepted: Vec<_> = paths
        .iter()
        .zip(&results)
        .filter_map(|((p, _, _), r)| r.clone().map(|r| (p.clone(), r)))
        .collect();
    let raw_failures: Vec<(PathBuf, String)> = accepted
        .iter()
        .filter_map(|(p, (raw, _))| raw.clone().map(|w| (p.clone(), w)))
        .collect();
    let pre_failures: Vec<(PathBuf, String)> = accepted
        .iter()
        .filter_map(|(p, (_, pre))| pre.clone().map(|w| (p.clone(), w)))
        .collect();
    let root = dir.path().join("gcc-12.2.0/gcc/testsuite");
    eprintln!(
        "gcc c2x: {} files ask for C2x, gcc 12 accepts {}",
        paths.len(),
        accepted.len()
    );
    let raw_rate = summarize("gcc c2x, raw", accepted.len(), &raw_failures, &root);
    let pre_rate = summarize("gcc c2x, gcc -E", accepted.len(), &pre_failures, &root);
    assert!(
        accepted.len() >= 20,
        "gcc accepted only {} c2x files",
        accepted.len()
    );
    assert!(
        raw_rate >= 0.94,
        "{:.1} % of raw c2x files parse",
        raw_rate * 100.0
    );
    assert!(
        pre_rate >= 0.98,
        "{:.1} % of preprocessed c2x files parse",
        pre_rate * 100.0
    );
}
