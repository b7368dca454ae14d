//! gcc's own C testsuite as a third-party corpus, installed at test time: Debian's
//! `gcc-12-source` package holds the gcc 12 source tarball, whose `gcc.c-torture` tests
//! (`compile/`, `execute/`: decades of bug reports, K&R code, GNU extensions) and
//! `gcc.dg/c2x-*.c` tests (the C23 of gcc 12) are extracted to a temporary directory.
//!
//! Measured: the torture files as written (raw: directives, macros), the same files after
//! `gcc -E` (with line markers, the options of their `dg-options` lines) for those gcc accepts,
//! and the `c2x-*` files gcc accepts with `-std=c2x`. Every accepted file must print back
//! byte for byte. Each test skips with a message when the tarball or gcc is absent.

mod gcc_testsuite;

use gcc_testsuite::{dg_options, extract, files, have, parallel, preprocess, summarize, tarball};
use generated_example::C;
use std::path::PathBuf;
use std::time::Instant;

/// gcc's verdict and `gcc -E` output (`-std=gnu17` unless the options name a standard).
fn gcc_preprocess(path: &std::path::Path, opts: &[String]) -> Option<String> {
    preprocess("gcc", "-std=gnu17", path, opts)
}

/// The C grammar's verdict on `text`: `None` when it parses and prints back.
fn check(text: &str) -> Option<String> {
    gcc_testsuite::check(&C, text)
}

/// The `gcc.c-torture/{compile,execute}` tests (3,694 files): raw, and after `gcc -E` for
/// those gcc accepts with their `dg-options` (`-std=gnu17` by default). At least 99 % of the
/// preprocessed files must parse; the raw figure has a floor a little under the measured one.
#[test]
fn gcc_torture_tests_parse() {
    let Some(tar) = tarball() else { return };
    if !have("gcc") {
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
    let paths = files(dir.path(), "c");
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
    if !have("gcc") {
        return;
    }
    let Some(dir) = extract(&tar, &["*/gcc/testsuite/gcc.dg/c2x-*.c"]) else {
        return;
    };
    let paths: Vec<(PathBuf, String, Vec<String>)> = files(dir.path(), "c")
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
