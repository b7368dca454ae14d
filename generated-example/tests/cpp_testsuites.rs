//! The C++ grammar on third-party C++ installed at test time: every standard header of the
//! installed libstdc++ preprocessed at `-std=c++17`, `c++20` and `c++23`, and deterministic
//! samples of gcc 12's `g++.dg` and `libstdc++-v3/testsuite` tests (Debian's
//! `gcc-12-source`), raw and after `g++ -E`, for the files g++ accepts with the options of
//! their `dg-options` lines. Every accepted file must print back byte for byte. Each test
//! skips with a message when g++ or the tarball is absent.

mod gcc_testsuite;

use gcc_testsuite::{dg_options, extract, files, have, parallel, preprocess, summarize, tarball};
use generated_example::Cpp;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// The C++ grammar's verdict on `text`: `None` when it parses and prints back.
fn check(text: &str) -> Option<String> {
    gcc_testsuite::check(&Cpp, text)
}

/// The standard a test asks for by its target selector (`{ dg-do compile { target c++20 } }`)
/// when its options name none: g++ 12 defaults to `gnu++17`.
fn target_std(text: &str) -> &'static str {
    let target = text
        .lines()
        .find_map(|l| l.find("dg-do").map(|at| &l[at..]))
        .unwrap_or("");
    if target.contains("c++23") || target.contains("c++2b") {
        "-std=c++23"
    } else if target.contains("c++20") || target.contains("c++2a") {
        "-std=c++20"
    } else {
        "-std=gnu++17"
    }
}

/// The standard headers of the installed libstdc++ (`/usr/include/c++/N`: the files without
/// an extension, such as `vector` and `ranges`).
fn standard_headers() -> Option<(PathBuf, Vec<String>)> {
    let out = Command::new("g++").arg("-dumpversion").output().ok()?;
    let version = String::from_utf8(out.stdout).ok()?;
    let dir = Path::new("/usr/include/c++").join(version.trim());
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .ok()?
        .flatten()
        .filter(|e| e.path().is_file())
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| !n.contains('.'))
        .collect();
    names.sort();
    Some((dir, names))
}

/// Runs g++ with `args` on `source` (given on standard input); its stdout when it succeeds.
fn gxx(args: &[&str], source: &str) -> Option<String> {
    use std::io::Write;
    let mut child = Command::new("g++")
        .args(args)
        .args(["-x", "c++", "-", "-o", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .ok()?;
    child.stdin.take()?.write_all(source.as_bytes()).ok()?;
    let out = child.wait_with_output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8(out.stdout).ok())?
}

/// For each of C++17, C++20 and C++23: one translation unit that includes every standard
/// header that preprocesses at that standard, checked by `g++ -fsyntax-only`, preprocessed
/// with line markers, must parse and print back.
#[test]
fn standard_headers_parse() {
    if !have("g++") {
        return;
    }
    let Some((dir, names)) = standard_headers() else {
        eprintln!("skipped: no libstdc++ headers found");
        return;
    };
    assert!(
        names.len() > 80,
        "only {} headers in {}",
        names.len(),
        dir.display()
    );
    for std in ["-std=c++17", "-std=c++20", "-std=c++23"] {
        let started = Instant::now();
        let ok = parallel(&names, |n| {
            gxx(&[std, "-E", "-P"], &format!("#include <{n}>\n")).is_some()
        });
        let included: Vec<&String> = names
            .iter()
            .zip(ok)
            .filter(|(_, ok)| *ok)
            .map(|(n, _)| n)
            .collect();
        let source: String = included
            .iter()
            .map(|n| format!("#include <{n}>\n"))
            .collect();
        let unit = gxx(&[std, "-E"], &source).expect("the headers preprocess together");
        assert!(
            gxx(&[std, "-fsyntax-only"], &unit).is_some(),
            "g++ {std} rejects the headers together"
        );
        let parsed = Instant::now();
        if let Some(why) = check(&unit) {
            let line = why
                .split(':')
                .next()
                .unwrap_or("0")
                .parse::<usize>()
                .unwrap_or(0);
            let at = unit.lines().nth(line.saturating_sub(1)).unwrap_or("");
            panic!("{std}: {why}\n  {at}");
        }
        eprintln!(
            "{std}: {} of {} headers, {} bytes after g++ -E, parsed in {:.1} s ({:.1} s in all)",
            included.len(),
            names.len(),
            unit.len(),
            parsed.elapsed().as_secs_f64(),
            started.elapsed().as_secs_f64()
        );
        assert!(
            included.len() * 10 >= names.len() * 8,
            "{std}: too few headers"
        );
    }
}

/// Every `step`-th file with extension `ext` below the tarball's `pattern`, raw and after
/// `g++ -E` for those g++ accepts; returns the raw and preprocessed acceptance rates.
fn sample(
    pattern: &str,
    ext: &str,
    step: usize,
    include: &[&str],
    what: &str,
) -> Option<(f64, f64, usize)> {
    let tar = tarball()?;
    if !have("g++") {
        return None;
    }
    let started = Instant::now();
    let dir = extract(&tar, &[pattern])?;
    let paths: Vec<PathBuf> = files(dir.path(), ext).into_iter().step_by(step).collect();
    // Per file: None when g++ rejects it, else the raw and the preprocessed verdicts.
    type Verdicts = (Option<String>, Option<String>);
    let results: Vec<Option<Verdicts>> = parallel(&paths, |p| {
        let text = String::from_utf8(std::fs::read(p).ok()?).ok()?;
        let mut opts = dg_options(&text);
        opts.retain(|o| !o.starts_with("-fdump") && !o.starts_with("-fplugin"));
        if !opts.iter().any(|o| o.starts_with("-std=")) {
            opts.push(target_std(&text).into());
        }
        for i in include {
            opts.push(format!("-I{}", dir.path().join(i).display()));
        }
        preprocess("g++", "-std=gnu++17", p, &opts).map(|pre| (check(&text), check(&pre)))
    });
    let accepted: Vec<(PathBuf, Verdicts)> = paths
        .iter()
        .zip(results)
        .filter_map(|(p, r)| r.map(|r| (p.clone(), r)))
        .collect();
    let raw_failures: Vec<(PathBuf, String)> = accepted
        .iter()
        .filter_map(|(p, (raw, _))| raw.clone().map(|w| (p.clone(), w)))
        .collect();
    let pre_failures: Vec<(PathBuf, String)> = accepted
        .iter()
        .filter_map(|(p, (_, pre))| pre.clone().map(|w| (p.clone(), w)))
        .collect();
    let root = dir.path().join("gcc-12.2.0");
    let raw = summarize(
        &format!("{what}, raw"),
        accepted.len(),
        &raw_failures,
        &root,
    );
    let pre = summarize(
        &format!("{what}, g++ -E"),
        accepted.len(),
        &pre_failures,
        &root,
    );
    eprintln!(
        "{what}: {} sampled, {} accepted by g++, {:.1} s",
        paths.len(),
        accepted.len(),
        started.elapsed().as_secs_f64()
    );
    Some((raw, pre, accepted.len()))
}

/// Every 40th test of `g++.dg` (about 380 files; g++ accepts about 70 % of them).
#[test]
fn gxx_dg_tests_parse() {
    let Some((raw, pre, n)) = sample("*/gcc/testsuite/g++.dg/*", "C", 40, &[], "g++.dg") else {
        return;
    };
    assert!(n >= 200, "g++ accepted only {n} files");
    assert!(
        pre >= 0.97,
        "{:.2} % of preprocessed g++.dg files parse",
        pre * 100.0
    );
    assert!(
        raw >= 0.95,
        "{:.2} % of raw g++.dg files parse",
        raw * 100.0
    );
}

/// Every 400th test of `libstdc++-v3/testsuite` (about 23 files, each a large translation
/// unit after `g++ -E`).
#[test]
fn libstdcxx_tests_parse() {
    let Some((raw, pre, n)) = sample(
        "*/libstdc++-v3/testsuite/*",
        "cc",
        400,
        &["gcc-12.2.0/libstdc++-v3/testsuite/util"],
        "libstdc++ testsuite",
    ) else {
        return;
    };
    assert!(n >= 15, "g++ accepted only {n} files");
    assert!(
        pre >= 0.97,
        "{:.2} % of preprocessed libstdc++ tests parse",
        pre * 100.0
    );
    assert!(
        raw >= 0.95,
        "{:.2} % of raw libstdc++ tests parse",
        raw * 100.0
    );
}
