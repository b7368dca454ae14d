//! gcc's own testsuite as a third-party corpus, installed at test time: Debian's
//! `gcc-12-source` package holds the gcc 12 source tarball, from which tests extract what
//! they need to a temporary directory, ask gcc or g++ which files it accepts (with the
//! options of their `dg-options` lines), and parse them raw and preprocessed.

#![allow(dead_code)]

use reducer_core::Language;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The gcc 12 source tarball of Debian's `gcc-12-source`.
pub fn tarball() -> Option<PathBuf> {
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

/// True when `compiler --version` runs (else a skip message).
pub fn have(compiler: &str) -> bool {
    let ok = Command::new(compiler)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        eprintln!("skipped: no {compiler}");
    }
    ok
}

/// Extracts the members matching `patterns` (`tar --wildcards`) into a new temporary directory.
pub fn extract(tar: &Path, patterns: &[&str]) -> Option<tempfile::TempDir> {
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

/// The files below `dir` (recursively) whose extension is `ext`, sorted.
pub fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == ext) {
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
pub fn dg_options(text: &str) -> Vec<String> {
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

/// The compiler's verdict and preprocessed output for `path` with `opts` (plus
/// `default_std` when `opts` names no standard): `None` when `compiler -fsyntax-only` rejects
/// the file. One compiler run: `-save-temps` keeps the preprocessed text it checked (the same
/// bytes `-E` prints).
pub fn preprocess(
    compiler: &str,
    default_std: &str,
    path: &Path,
    opts: &[String],
) -> Option<String> {
    let mut args: Vec<String> = vec!["-w".into()];
    if !opts.iter().any(|o| o.starts_with("-std=") || o == "-ansi") {
        args.push(default_std.into());
    }
    args.extend(opts.iter().cloned());
    let temps = tempfile::tempdir().ok()?;
    let syntax = Command::new(compiler)
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
    let pre = ["i", "ii"]
        .iter()
        .find_map(|ext| std::fs::read(temps.path().join(format!("x-{stem}.{ext}"))).ok())?;
    String::from_utf8(pre).ok()
}

/// Parses `text` and checks the print-back: `None` when accepted, else the reason.
pub fn check(lang: &dyn Language, text: &str) -> Option<String> {
    match lang.parse(text) {
        Ok(tree) if tree.text() == text => None,
        Ok(_) => Some("prints back differently".into()),
        Err(e) => Some(e.to_string().lines().next().unwrap_or("").to_string()),
    }
}

/// Runs `f` on every item of `items` on two threads; results in the order of `items`.
pub fn parallel<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
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
pub fn summarize(what: &str, n: usize, failures: &[(PathBuf, String)], root: &Path) -> f64 {
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
