//! The Python grammar against Python's own parser (`ast.parse`, one `python3` process for
//! all files): the installed standard library (`/usr/lib/python3.11`, with Debian's
//! `libpython3.11-testsuite` for its `test/` package; `PYTHON_STDLIB` names another
//! directory) and `tests/corpus/python`, of which the files named `py312_*` need Python 3.12
//! (skipped when `python3` is older). Every file `ast.parse` accepts must parse and print back
//! byte for byte (at least 99 % of them; all do at the time of writing), and the grammar must
//! reject at least 95 % of the broken variants (mutants) that `ast.parse` rejects.
//!
//! Skips with a message when `python3` or the standard library is missing. The files are a
//! deterministic sample bounded in bytes, so the test takes well under a minute in release.

mod common;

use common::Rng;
use generated_example::Python;
use reducer_core::Language;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The Python interpreter used as the checker (`PYTHON3` overrides `python3`).
fn python() -> String {
    std::env::var("PYTHON3").unwrap_or_else(|_| "python3".to_owned())
}

/// `python3`'s (major, minor) version, `None` when it does not run.
fn python_version() -> Option<(u32, u32)> {
    let out = Command::new(python())
        .args([
            "-c",
            "import sys; print(sys.version_info[0], sys.version_info[1])",
        ])
        .output()
        .ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    let mut it = text.split_whitespace().map(|x| x.parse().ok());
    Some((it.next()??, it.next()??))
}

/// The verdict of `ast.parse` for each text (true = valid), in one `python3` run.
fn ast_accepts(texts: &[String]) -> Vec<bool> {
    let dir = tempfile::tempdir().unwrap();
    let mut list = String::new();
    for (i, t) in texts.iter().enumerate() {
        let p = dir.path().join(format!("{i}.py"));
        std::fs::write(&p, t).unwrap();
        list.push_str(&format!("{}\n", p.display()));
    }
    let list_path = dir.path().join("files.txt");
    std::fs::write(&list_path, list).unwrap();
    const CHECK: &str = "import ast, sys, warnings\n\
        warnings.simplefilter('ignore')\n\
        for p in open(sys.argv[1]).read().splitlines():\n    \
            try:\n        \
                ast.parse(open(p, 'rb').read(), p)\n        \
                print('OK')\n    \
            except (SyntaxError, ValueError, MemoryError, RecursionError):\n        \
                print('ERR')\n";
    let out = Command::new(python())
        .args(["-c", CHECK])
        .arg(&list_path)
        .output()
        .expect("python3 runs");
    let verdicts: Vec<bool> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| l == "OK")
        .collect();
    assert_eq!(
        verdicts.len(),
        texts.len(),
        "python3 failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    verdicts
}

/// The `.py` files below `dir` (recursively, without `site-packages`), sorted.
fn py_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                if !p.ends_with("site-packages") && !p.ends_with("dist-packages") {
                    stack.push(p);
                }
            } else if p.extension().is_some_and(|x| x == "py") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The standard library directory, `None` (with a message) when absent.
fn stdlib() -> Option<PathBuf> {
    let dir = std::env::var_os("PYTHON_STDLIB")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/lib/python3.11"));
    if dir.join("os.py").is_file() {
        Some(dir)
    } else {
        eprintln!("skipped: no Python standard library at {}", dir.display());
        None
    }
}

/// The project's own Python files (`tests/corpus/python`), without the `py312_*` ones when
/// `python3` is older than 3.12.
fn own_corpus(version: (u32, u32)) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/python");
    let all = py_files(&dir);
    assert!(
        all.len() >= 8,
        "only {} files in {}",
        all.len(),
        dir.display()
    );
    if version >= (3, 12) {
        return all;
    }
    eprintln!("python3 is {version:?}: the py312_* corpus files are not checked");
    all.into_iter()
        .filter(|p| {
            !p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("py312_")
        })
        .collect()
}

/// Every `step`-th file of `paths` up to `budget` bytes in all (UTF-8 files only, as the
/// reducer reads them), with its text.
fn sample(paths: &[PathBuf], budget: usize) -> Vec<(PathBuf, String)> {
    let texts: Vec<(PathBuf, String)> = paths
        .iter()
        .filter_map(|p| Some((p.clone(), std::fs::read_to_string(p).ok()?)))
        .collect();
    let total: usize = texts.iter().map(|(_, t)| t.len()).sum();
    let step = total.div_ceil(budget.max(1)).max(1);
    texts.into_iter().step_by(step).collect()
}

/// The files of `files` that `ast.parse` accepts.
fn valid(files: Vec<(PathBuf, String)>) -> Vec<(PathBuf, String)> {
    let texts: Vec<String> = files.iter().map(|(_, t)| t.clone()).collect();
    let verdicts = ast_accepts(&texts);
    files
        .into_iter()
        .zip(verdicts)
        .filter_map(|(f, ok)| ok.then_some(f))
        .collect()
}

#[test]
fn python_files_that_ast_parse_accepts_parse_and_print_back() {
    let Some(version) = python_version() else {
        eprintln!("skipped: python3 is not installed");
        return;
    };
    let mut files = sample(&own_corpus(version), usize::MAX);
    let own = files.len();
    if let Some(dir) = stdlib() {
        files.extend(sample(&py_files(&dir), 12_000_000));
    }
    let checked = files.len();
    let accepted = valid(files);
    assert!(
        accepted.len() * 10 >= checked * 9,
        "ast.parse rejects most files"
    );
    let start = std::time::Instant::now();
    let (mut bytes, mut failures) = (0usize, Vec::new());
    for (p, text) in &accepted {
        bytes += text.len();
        match Python.parse(text) {
            Ok(tree) if tree.text() == *text => {}
            Ok(_) => failures.push(format!("{}: prints back differently", p.display())),
            Err(e) => failures.push(format!("{}:{e}", p.display())),
        }
    }
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "python: {checked} files ({own} own), {} accepted by ast.parse ({:.1} MB), {} parse and print back, {:.2} MB/s",
        accepted.len(),
        bytes as f64 / 1e6,
        accepted.len() - failures.len(),
        bytes as f64 / 1e6 / secs
    );
    assert!(
        failures.len() * 100 <= accepted.len(),
        "{} of {} files fail:\n{}",
        failures.len(),
        accepted.len(),
        failures.join("\n")
    );
    for f in &failures {
        eprintln!("  failed: {f}");
    }
}

/// The pieces of `text` a mutation works on: runs of word characters, runs of blanks, line
/// breaks, and single other characters.
fn pieces(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let class = |c: char| {
        if c.is_alphanumeric() || c == '_' {
            0
        } else if c == ' ' || c == '\t' {
            1
        } else {
            2
        }
    };
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    for (k, &(i, c)) in chars.iter().enumerate() {
        let next = chars.get(k + 1).map(|&(_, d)| d);
        if class(c) == 2 || next.is_none_or(|d| class(d) != class(c)) {
            out.push(&text[start..i + c.len_utf8()]);
            start = i + c.len_utf8();
        }
    }
    out
}

/// One random syntactic mutation of `text`: a token or a line deleted, a bracket, colon,
/// comma, operator, keyword or indentation inserted, two tokens swapped.
fn mutate(text: &str, rng: &mut Rng) -> String {
    let ps = pieces(text);
    let words: Vec<usize> = (0..ps.len()).filter(|&i| ps[i].trim() != "").collect();
    if words.len() < 2 {
        return format!("{text})");
    }
    let at = words[rng.below(words.len())];
    let mut out: Vec<&str> = ps.clone();
    const INSERTS: &[&str] = &[
        "(", ")", "[", "]", "{", "}", ":", ",", "=", ";", ".", "*", "**", "+", "if ", "else ",
        "def ", "lambda ", "not ", "in ", "\n", "\n    ", "    ", "\\", "'", "\"", "f\"{", "@",
        "async ", "yield ", "return ", ":=", "->", "pass ", "match ", "case ",
    ];
    match rng.below(5) {
        0 | 1 => {
            out.remove(at);
        }
        2 => out.insert(at, *rng.pick(INSERTS)),
        3 => {
            // Delete the line holding the token.
            let line_start = (0..at).rev().find(|&i| ps[i] == "\n").map_or(0, |i| i + 1);
            let line_end = (at..ps.len()).find(|&i| ps[i] == "\n").unwrap_or(ps.len());
            out.drain(line_start..line_end.min(ps.len() - 1) + 1);
        }
        _ => {
            let other = words[rng.below(words.len())];
            out.swap(at, other);
        }
    }
    out.concat()
}

#[test]
fn python_grammar_rejects_what_ast_parse_rejects() {
    let Some(version) = python_version() else {
        eprintln!("skipped: python3 is not installed");
        return;
    };
    let mut files = sample(&own_corpus(version), usize::MAX);
    if let Some(dir) = stdlib() {
        // Small modules only: a mutant is parsed whole.
        let small: Vec<PathBuf> = py_files(&dir)
            .into_iter()
            .filter(|p| std::fs::metadata(p).is_ok_and(|m| m.len() < 20_000))
            .collect();
        files.extend(sample(&small, 1_500_000));
    }
    let files = valid(files);
    let mut rng = Rng::new(24);
    let mutants: Vec<String> = files
        .iter()
        .flat_map(|(_, t)| [t; 3])
        .map(|t| mutate(t, &mut rng))
        .collect();
    let verdicts = ast_accepts(&mutants);
    let (mut rejected, mut agree, mut valid_n, mut valid_ok) = (0, 0, 0, 0);
    let mut wrong = Vec::new();
    for (m, ok) in mutants.iter().zip(&verdicts) {
        let ours = Python.parse(m).is_ok();
        if *ok {
            valid_n += 1;
            valid_ok += usize::from(ours);
        } else {
            rejected += 1;
            if ours {
                wrong.push(m);
            } else {
                agree += 1;
            }
        }
    }
    eprintln!(
        "python mutants: {} from {} files; ast.parse rejects {rejected}, the grammar too for {agree} ({:.1} %); ast.parse accepts {valid_n}, the grammar {valid_ok}",
        mutants.len(),
        files.len(),
        agree as f64 * 100.0 / rejected.max(1) as f64
    );
    assert!(rejected >= 100, "only {rejected} invalid mutants");
    assert!(
        agree * 100 >= rejected * 95,
        "the grammar accepts {} of {rejected} mutants that ast.parse rejects",
        wrong.len()
    );
    assert!(
        valid_ok * 100 >= valid_n * 99,
        "the grammar rejects {} of {valid_n} mutants that ast.parse accepts",
        valid_n - valid_ok
    );
}
