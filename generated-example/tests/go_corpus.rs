//! The Go grammar against Go's own parser on the Go 1.19 distribution's sources (Debian's
//! `golang-1.19-src`: the standard library, the commands and the compiler's test suite), with
//! `gofmt -e -l` (Debian's `golang-1.19-go`) as the judge of what is valid syntax.
//!
//! - Acceptance: a deterministic third of the `.go` files; of those gofmt accepts, at least
//!   99 % must parse and print back byte for byte (the test suite's deliberately invalid
//!   `errorcheck` files are sorted out by gofmt, not by name).
//! - Rejection: deterministic mutants of accepted files (a token or a line deleted, a bracket
//!   inserted, a token duplicated, two tokens swapped); of those gofmt rejects, the grammar must
//!   reject at least 95 %, and it must accept at least 99 % of those gofmt accepts.
//!
//! Both skip with a message when the corpus or gofmt is missing.

use generated_example::Go;
use reducer_core::Language;
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

mod common;
use common::Rng;

const CORPUS: &str = "/usr/share/go-1.19";
const GOFMT: &str = "/usr/lib/go-1.19/bin/gofmt";

/// The corpus's `.go` files, sorted; `None` (with a message) when the corpus or gofmt is absent.
fn corpus() -> Option<Vec<PathBuf>> {
    if !Path::new(GOFMT).is_file() {
        eprintln!("skipped: no {GOFMT} (apt-get install golang-1.19-go)");
        return None;
    }
    let mut out = Vec::new();
    let mut stack = vec![PathBuf::from(CORPUS)];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "go") {
                out.push(p);
            }
        }
    }
    if out.len() < 1000 {
        eprintln!(
            "skipped: only {} .go files under {CORPUS} (apt-get install golang-1.19-src)",
            out.len()
        );
        return None;
    }
    out.sort();
    Some(out)
}

/// A `//line` or `/*line` directive makes gofmt report errors under another file name: such
/// files are judged one at a time.
fn has_line_directive(text: &str) -> bool {
    text.contains("//line ") || text.contains("/*line ")
}

/// The files of `paths` that `gofmt -e -l` accepts. Files are checked 200 per call; a call
/// that fails names the bad files on stderr (`path:line:col: message`).
fn gofmt_accepts(paths: &[PathBuf]) -> HashSet<PathBuf> {
    let run = |batch: &[PathBuf]| {
        Command::new(GOFMT)
            .args(["-e", "-l"])
            .args(batch)
            .output()
            .expect("gofmt runs")
    };
    let mut accepted = HashSet::new();
    let (alone, together): (Vec<PathBuf>, Vec<PathBuf>) = paths
        .iter()
        .cloned()
        .partition(|p| std::fs::read_to_string(p).map_or(true, |t| has_line_directive(&t)));
    for batch in together.chunks(200) {
        let out = run(batch);
        if out.status.success() {
            accepted.extend(batch.iter().cloned());
            continue;
        }
        let stderr = String::from_utf8_lossy(&out.stderr);
        let bad: HashSet<&str> = stderr
            .lines()
            .filter_map(|l| l.split_once(".go:").map(|(p, _)| p))
            .collect();
        accepted.extend(
            batch
                .iter()
                .filter(|p| {
                    let s = p.to_string_lossy();
                    !bad.contains(s.strip_suffix(".go").unwrap_or(&s))
                })
                .cloned(),
        );
    }
    for p in alone {
        if run(std::slice::from_ref(&p)).status.success() {
            accepted.insert(p);
        }
    }
    accepted
}

#[test]
fn go_sources_parse_and_print_back() {
    let Some(all) = corpus() else {
        return;
    };
    let sample: Vec<PathBuf> = all.iter().step_by(3).cloned().collect();
    let started = Instant::now();
    let accepted = gofmt_accepts(&sample);
    let gofmt_secs = started.elapsed().as_secs_f64();
    let mut valid: Vec<&PathBuf> = sample.iter().filter(|p| accepted.contains(*p)).collect();
    valid.retain(|p| std::fs::read_to_string(p).is_ok());
    let (mut bytes, mut failures) = (0, Vec::new());
    let started = Instant::now();
    for p in &valid {
        let text = std::fs::read_to_string(p).unwrap();
        bytes += text.len();
        match Go.parse(&text) {
            Ok(tree) if tree.text() == text => {}
            Ok(_) => failures.push(format!("{}: prints back differently", p.display())),
            Err(e) => failures.push(format!("{}:{e}", p.display())),
        }
    }
    let secs = started.elapsed().as_secs_f64();
    let parsed = valid.len() - failures.len();
    eprintln!(
        "go corpus: {} files of {}, gofmt accepts {} ({gofmt_secs:.1} s); {parsed} parse and print back ({:.1} MB in {secs:.1} s, {:.2} MB/s)",
        sample.len(),
        all.len(),
        valid.len(),
        bytes as f64 / 1e6,
        bytes as f64 / 1e6 / secs
    );
    assert!(valid.len() >= 1000, "only {} valid files", valid.len());
    assert!(
        parsed as f64 >= 0.99 * valid.len() as f64,
        "{} of {} valid files failed:\n{}",
        failures.len(),
        valid.len(),
        failures.join("\n")
    );
    if !failures.is_empty() {
        eprintln!("failures:\n{}", failures.join("\n"));
    }
}

/// The tokens of a Go text (byte ranges), comments and white space left out: strings, runes,
/// names and numbers whole, operators by longest match.
fn tokens(text: &str) -> Vec<(usize, usize)> {
    const OPS: [&str; 24] = [
        "<<=", ">>=", "&^=", "...", ":=", "++", "--", "&&", "||", "<-", "==", "!=", "<=", ">=",
        "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<", ">>",
    ];
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let start = i;
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if text[i..].starts_with("//") {
            i = text[i..].find('\n').map_or(b.len(), |n| i + n);
            continue;
        }
        if text[i..].starts_with("/*") {
            i = text[i + 2..].find("*/").map_or(b.len(), |n| i + n + 4);
            continue;
        }
        if c == b'"' || c == b'\'' || c == b'`' {
            i += 1;
            while i < b.len() && b[i] != c && (c == b'`' || b[i] != b'\n') {
                i += if b[i] == b'\\' && c != b'`' { 2 } else { 1 };
            }
            i = (i + 1).min(b.len());
        } else if c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80 {
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] >= 0x80) {
                i += 1;
            }
        } else if let Some(op) = OPS.iter().find(|op| text[i..].starts_with(**op)) {
            i += op.len();
        } else {
            i += 1;
        }
        while !text.is_char_boundary(i.min(b.len())) {
            i += 1;
        }
        i = i.min(b.len());
        out.push((start, i));
    }
    out
}

/// One mutant of `text`: a token or a line deleted, a bracket inserted before a token, a
/// token duplicated, or two adjacent tokens swapped.
fn mutate(text: &str, rng: &mut Rng) -> Option<String> {
    let toks = tokens(text);
    if toks.len() < 5 {
        return None;
    }
    let (s, e) = toks[rng.below(toks.len())];
    Some(match rng.below(5) {
        0 => format!("{}{}", &text[..s], &text[e..]),
        1 => {
            let lines: Vec<&str> = text.split('\n').collect();
            let k = rng.below(lines.len());
            let kept: Vec<&str> = lines
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != k)
                .map(|(_, l)| *l)
                .collect();
            kept.join("\n")
        }
        2 => {
            let bracket = *rng.pick(&["(", ")", "[", "]", "{", "}"]);
            format!("{}{bracket}{}", &text[..s], &text[s..])
        }
        3 => format!("{} {}{}", &text[..e], &text[s..e], &text[e..]),
        _ => {
            let j = rng.below(toks.len() - 1);
            let ((a0, a1), (b0, b1)) = (toks[j], toks[j + 1]);
            format!(
                "{}{}{}{}{}",
                &text[..a0],
                &text[b0..b1],
                &text[a1..b0],
                &text[a0..a1],
                &text[b1..]
            )
        }
    })
}

#[test]
fn go_mutants_agree_with_gofmt() {
    let Some(all) = corpus() else {
        return;
    };
    // Sources: every 15th file (a different third from the acceptance test's), under 64 KiB,
    // without line directives (so that gofmt names the mutant in its errors).
    let sources: Vec<(PathBuf, String)> = all
        .iter()
        .skip(1)
        .step_by(15)
        .filter_map(|p| Some((p.clone(), std::fs::read_to_string(p).ok()?)))
        .filter(|(_, t)| t.len() < 64 * 1024 && !has_line_directive(t))
        .collect();
    let paths: Vec<PathBuf> = sources.iter().map(|(p, _)| p.clone()).collect();
    let accepted = gofmt_accepts(&paths);
    let source_ok = accepted.len();
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng::new(24);
    let mut mutants = Vec::new();
    for (p, text) in sources.iter().filter(|(p, _)| accepted.contains(p)) {
        for _ in 0..2 {
            let Some(m) = mutate(text, &mut rng) else {
                continue;
            };
            let path = dir.path().join(format!("m{:04}.go", mutants.len()));
            std::fs::write(&path, &m).unwrap();
            mutants.push((path, p.clone(), m));
        }
    }
    let mutant_paths: Vec<PathBuf> = mutants.iter().map(|(p, _, _)| p.clone()).collect();
    let gofmt_ok = gofmt_accepts(&mutant_paths);
    let (mut rejected, mut agree_rejected, mut agree_accepted) = (0, 0, 0);
    let mut disagreements = Vec::new();
    for (path, source, text) in &mutants {
        let ours = Go.parse(text).is_ok_and(|t| t.text() == *text);
        let theirs = gofmt_ok.contains(path);
        if !theirs {
            rejected += 1;
        }
        match (theirs, ours) {
            (false, false) => agree_rejected += 1,
            (true, true) => agree_accepted += 1,
            _ => disagreements.push(format!(
                "{} (mutant of {}): gofmt {}, grammar {}",
                path.display(),
                source.display(),
                if theirs { "accepts" } else { "rejects" },
                if ours { "accepts" } else { "rejects" }
            )),
        }
    }
    let accepted = mutants.len() - rejected;
    eprintln!(
        "go mutants: of {} source files ({source_ok} valid), {} mutants; gofmt rejects {rejected} (the grammar agrees on {agree_rejected}) and accepts {accepted} (the grammar agrees on {agree_accepted})",
        sources.len(),
        mutants.len()
    );
    if !disagreements.is_empty() {
        eprintln!("disagreements:\n{}", disagreements.join("\n"));
    }
    assert!(rejected >= 200, "only {rejected} rejected mutants");
    assert!(
        agree_rejected as f64 >= 0.95 * rejected as f64,
        "the grammar accepts {} of the {rejected} mutants gofmt rejects",
        rejected - agree_rejected
    );
    assert!(
        agree_accepted as f64 >= 0.99 * accepted as f64,
        "the grammar rejects {} of the {accepted} mutants gofmt accepts",
        accepted - agree_accepted
    );
}
