//! The Rust grammar against rustc's own parser, on the Rust sources Debian ships in
//! `rust-web-src` (`/usr/src/rustc-<version>/`: the compiler, the standard library, the tests
//! of rustfmt, clippy and rust-analyzer, the rustc-perf crates; about 24,000 files).
//!
//! The checker is `RUSTC_BOOTSTRAP=1 rustc -Zparse-crate-root-only`, which stops after parsing
//! the crate root (out-of-line `mod x;` files are not read). A file is valid Rust when rustc
//! parses it as edition 2024 or as edition 2021: the compiler and library are written in 2024
//! (let chains), older tests in 2021 (`gen` as a name). Some rustfmt, clippy and rust-analyzer
//! test files are deliberately invalid; rustc sorts them out.
//!
//! Running rustc on every file takes tens of minutes, so the test checks a deterministic sample
//! (every k-th file of at most 32 KB, in path order) and one mutant of each: every valid file
//! must parse and print back byte for byte, and the grammar must reject the mutants rustc
//! rejects. Skips with a message when the sources or rustc are missing.

mod common;

use common::{mutate_source, Rng};
use generated_example::Rust;
use reducer_core::Language;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Files in the sample.
const SAMPLE: usize = 300;
/// Larger files are left out of the sample (rustc and the parser are linear; small files make
/// more distinct files per second).
const MAX_BYTES: u64 = 32 * 1024;

/// The newest `/usr/src/rustc-*` directory, if any.
fn source_root() -> Option<PathBuf> {
    let mut roots: Vec<PathBuf> = std::fs::read_dir("/usr/src")
        .ok()?
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("rustc-"))
                && p.join("library").is_dir()
        })
        .collect();
    roots.sort();
    roots.pop()
}

/// The `.rs` files below `dir` of at most `MAX_BYTES`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            let Ok(meta) = e.metadata() else { continue };
            if meta.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") && meta.len() <= MAX_BYTES {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// True when rustc's parser accepts `file` as edition 2024 or 2021.
fn rustc_parses(file: &Path) -> bool {
    ["2024", "2021"].iter().any(|edition| {
        Command::new("rustc")
            .env("RUSTC_BOOTSTRAP", "1")
            .args(["-Zparse-crate-root-only", "--edition", edition])
            .arg(file)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    })
}

/// `f` over `items` on two threads, in order.
fn par_map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let chunk = items.len().div_ceil(2).max(1);
    std::thread::scope(|s| {
        let handles: Vec<_> = items
            .chunks(chunk)
            .map(|c| s.spawn(|| c.iter().map(&f).collect::<Vec<R>>()))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    })
}

fn have_rustc() -> bool {
    Command::new("rustc")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn rustc_sources_parse_print_back_and_mutants_agree_with_rustc() {
    let Some(root) = source_root() else {
        eprintln!("skipped: no Rust sources under /usr/src/rustc-* (Debian package rust-web-src)");
        return;
    };
    if !have_rustc() {
        eprintln!("skipped: rustc is not installed");
        return;
    }
    let started = Instant::now();
    let all = rust_files(&root);
    let stride = (all.len() / SAMPLE).max(1);
    let sample: Vec<(PathBuf, String)> = all
        .iter()
        .step_by(stride)
        .take(SAMPLE)
        .filter_map(|p| Some((p.clone(), std::fs::read_to_string(p).ok()?)))
        .collect();
    let verdicts = par_map(&sample, |(p, _)| rustc_parses(p));
    let valid: Vec<&(PathBuf, String)> = sample
        .iter()
        .zip(&verdicts)
        .filter(|(_, ok)| **ok)
        .map(|(f, _)| f)
        .collect();

    // Every file rustc accepts parses and prints back.
    let (mut bytes, mut parse_time) = (0, Duration::ZERO);
    let mut failures = Vec::new();
    for (path, text) in &valid {
        let t = Instant::now();
        let parsed = Rust.parse(text);
        parse_time += t.elapsed();
        bytes += text.len();
        match parsed {
            Ok(tree) if tree.text() == *text => {}
            Ok(_) => failures.push(format!("{}: prints back differently", path.display())),
            Err(e) => failures.push(format!("{}:{e}", path.display())),
        }
    }
    let parsed = valid.len() - failures.len();
    eprintln!(
        "{} files of {} sampled ({} in {}), rustc accepts {}, {parsed} parse and print back; \
         {:.2} MB/s",
        sample.len(),
        all.len(),
        stride,
        root.display(),
        valid.len(),
        bytes as f64 / 1e6 / parse_time.as_secs_f64().max(1e-9),
    );
    assert!(
        valid.len() * 2 > sample.len(),
        "rustc accepts only {} of {} files: is the checker working?",
        valid.len(),
        sample.len()
    );
    assert!(
        parsed * 100 >= valid.len() * 99,
        "{} of {} rustc-valid files failed:\n{}",
        failures.len(),
        valid.len(),
        failures.join("\n")
    );
    if !failures.is_empty() {
        eprintln!("failed:\n{}", failures.join("\n"));
    }

    // One mutant per valid file (a deleted token, line or span, an inserted bracket or
    // operator), classified by rustc.
    let dir = tempfile::tempdir().unwrap();
    let mut r = Rng::new(2026);
    let mutants: Vec<(PathBuf, String)> = valid
        .iter()
        .enumerate()
        .filter(|(_, (_, text))| !text.is_empty())
        .map(|(i, (_, text))| {
            let m = mutate_source(&mut r, text);
            let p = dir.path().join(format!("m{i}.rs"));
            std::fs::write(&p, &m).unwrap();
            (p, m)
        })
        .collect();
    let rustc_ok = par_map(&mutants, |(p, _)| rustc_parses(p));
    let (mut rejected, mut rejected_too, mut accepted, mut accepted_too) = (0, 0, 0, 0);
    let mut disagreements = Vec::new();
    for ((path, text), ok) in mutants.iter().zip(rustc_ok) {
        let ours = Rust.accepts(text);
        if ok {
            accepted += 1;
            accepted_too += usize::from(ours);
        } else {
            rejected += 1;
            rejected_too += usize::from(!ours);
        }
        if ok != ours {
            let name = path.file_name().unwrap().to_string_lossy();
            disagreements.push(format!("{name}: rustc {ok}, grammar {ours}"));
        }
    }
    eprintln!(
        "mutants: rustc rejects {rejected}, the grammar rejects {rejected_too} of them; rustc \
         accepts {accepted}, the grammar accepts {accepted_too} of them ({:.0?} in all)",
        started.elapsed()
    );
    assert!(
        rejected > 0,
        "no mutant was rejected: is the checker working?"
    );
    assert!(
        rejected_too * 100 >= rejected * 95,
        "the grammar accepts {} of {rejected} mutants rustc rejects:\n{}",
        rejected - rejected_too,
        disagreements.join("\n")
    );
    assert!(
        accepted_too * 100 >= accepted * 95,
        "the grammar rejects {} of {accepted} mutants rustc accepts:\n{}",
        accepted - accepted_too,
        disagreements.join("\n")
    );
}
