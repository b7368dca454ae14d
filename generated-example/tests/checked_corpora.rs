//! The languages whose corpus comes from `bench/corpora/<lang>.sh`: real third-party files
//! from the registries (`fetch DIR`), each judged first by the language's own checker
//! (`check FILE`). The grammar must parse at least 99 % of the files the checker accepts, print
//! every parsed file back byte for byte, and reject most of the seeded one-line deletions of
//! accepted files that the checker rejects (a grammar that accepts garbage looks perfect on
//! real files): 90 %, or less where the checker rejects for meaning as well as syntax (GLSL:
//! glslang calls an undeclared name a syntax error, and a deleted `#include` or declaration
//! leaves names undeclared, which no grammar can see).
//!
//! Fetching needs the registries (and root, to install the checker), so a corpus that cannot
//! be fetched skips with a message. The fetched files stay in `target/corpora/<lang>`.
//! The corpora whose fetch or checker is slow (minutes) are `#[ignore]`d here and run with
//! `cargo test --release -p generated-example --test checked_corpora -- --ignored`.

use reducer_core::Language;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every regular file below `dir`, sorted (the fetch scripts' own markers left out).
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            let hidden = p
                .file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with('.'));
            if hidden {
                continue;
            }
            if p.is_dir() {
                stack.push(p);
            } else if p.is_file() {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Whether the language's own checker accepts `file`.
fn checker_accepts(script: &Path, file: &Path) -> bool {
    Command::new("bash")
        .arg(script)
        .arg("check")
        .arg(file)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// A small deterministic generator (xorshift) for the mutants.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

/// `text` without its line `k` (lines end with `\n`).
fn without_line(text: &str, k: usize) -> String {
    text.split_inclusive('\n')
        .enumerate()
        .filter(|&(i, _)| i != k)
        .map(|(_, l)| l)
        .collect()
}

/// Fetches the corpus of `name`, judges it, and checks `lang` on it (see the module docs):
/// at least `rejects` percent of the mutants the checker rejects must be rejected.
fn check_corpus(name: &str, lang: &dyn Language, rejects: usize) {
    check_corpus_in(name, &[lang], rejects);
}

/// [`check_corpus`] for a corpus of several grammars (Fortran's two source forms): each file
/// is read with the first of `langs` that claims its extension, or the first of `langs`.
fn check_corpus_in(name: &str, langs: &[&dyn Language], rejects: usize) {
    let pick = |path: &Path| -> &dyn Language {
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        langs
            .iter()
            .copied()
            .find(|l| l.extensions().iter().any(|e| e.eq_ignore_ascii_case(ext)))
            .unwrap_or(langs[0])
    };
    let script = root().join("bench/corpora").join(format!("{name}.sh"));
    let dir = root().join("target/corpora").join(name);
    let fetched = Command::new("bash")
        .arg(&script)
        .arg("fetch")
        .arg(&dir)
        .stdin(Stdio::null())
        .output();
    match fetched {
        Ok(o) if o.status.success() => {}
        Ok(o) => {
            eprintln!(
                "skipped: {name} corpus not fetched: {}",
                String::from_utf8_lossy(&o.stderr).trim()
            );
            return;
        }
        Err(e) => {
            eprintln!("skipped: {name} corpus not fetched: {e}");
            return;
        }
    }
    let all = files(&dir);
    let (mut accepted, mut parsed, mut failures) = (Vec::new(), 0usize, Vec::new());
    for path in &all {
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        if !checker_accepts(&script, path) {
            continue;
        }
        match pick(path).parse(&text) {
            Ok(tree) => {
                assert_eq!(
                    tree.text(),
                    text,
                    "{}: prints back differently",
                    path.display()
                );
                parsed += 1;
            }
            Err(e) => failures.push(format!("{}:{e}", path.display())),
        }
        accepted.push((path.clone(), text));
    }
    assert!(
        accepted.len() >= 300,
        "{name}: only {} of {} files accepted by the checker",
        accepted.len(),
        all.len()
    );
    assert!(
        parsed * 100 >= accepted.len() * 99,
        "{name}: {parsed} of {} accepted files parse; failures:\n{}",
        accepted.len(),
        failures.join("\n")
    );
    // Rejection: one seeded line deleted from each of up to 150 accepted files.
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let scratch = tempfile::tempdir().unwrap();
    let (mut rejected, mut caught, mut let_through) = (0usize, 0usize, Vec::new());
    let step = (accepted.len() / 150).max(1);
    for (path, text) in accepted.iter().step_by(step) {
        let lines = text.split_inclusive('\n').count();
        if lines < 2 {
            continue;
        }
        let k = rng.below(lines);
        let mutant = without_line(text, k);
        let file = scratch.path().join(path.file_name().unwrap());
        std::fs::write(&file, &mutant).unwrap();
        if checker_accepts(&script, &file) {
            continue;
        }
        rejected += 1;
        if pick(path).parse(&mutant).is_err() {
            caught += 1;
        } else {
            let_through.push(format!("{} without line {}", path.display(), k + 1));
        }
    }
    eprintln!(
        "{name}: {parsed} of {} accepted files parse ({} fetched); {caught} of {rejected} rejected mutants rejected",
        accepted.len(),
        all.len()
    );
    assert!(
        caught * 100 >= rejected * rejects,
        "{name}: only {caught} of {rejected} mutants the checker rejects are rejected:\n{}",
        let_through.join("\n")
    );
}

#[test]
fn xml_corpus() {
    check_corpus("xml", &generated_example::Xml, 90);
}

#[test]
fn glsl_corpus() {
    // 49 of 105 on the first run: most mutants glslang rejects lost an `#include`, a
    // `#define` or a declaration (see the module docs).
    check_corpus("glsl", &generated_example::Glsl, 40);
}

#[test]
#[ignore = "fetches crates and npm packages, then runs wasm2wat for minutes"]
fn wat_corpus() {
    check_corpus("wat", &generated_example::Wat, 90);
}

#[test]
#[ignore = "installs typescript from npm and runs its parser once per file"]
fn typescript_corpus() {
    check_corpus("typescript", &generated_example::TypeScript, 90);
}

#[test]
#[ignore = "installs solc from npm; its checker costs half a second per file"]
fn solidity_corpus() {
    check_corpus("solidity", &generated_example::Solidity, 90);
}

#[test]
#[ignore = "starts a MariaDB server for its checker"]
fn sql_corpus() {
    check_corpus("sql", &generated_example::Sql, 90);
}

#[test]
#[ignore = "fetches the verilator source package; verilator lints each file"]
fn verilog_corpus() {
    check_corpus("verilog", &generated_example::Verilog, 90);
}

#[test]
#[ignore = "builds its corpus with yosys and z3"]
fn smt2_corpus() {
    check_corpus("smt2", &generated_example::Smt2, 90);
}

#[test]
fn php_corpus() {
    check_corpus("php", &generated_example::Php, 90);
}

#[test]
fn ruby_corpus() {
    check_corpus("ruby", &generated_example::Ruby, 90);
}

#[test]
#[ignore = "extracts gfortran's testsuite from gcc-12-source and runs gfortran on 7,000 files"]
fn fortran_corpus() {
    // Free form and fixed form, each file by its extension.
    check_corpus_in(
        "fortran",
        &[
            &generated_example::Fortran,
            &generated_example::FortranFixed,
        ],
        90,
    );
}
