//! Differential tests against real front ends: `node` for JavaScript, `javac` for Java, and
//! gcc on csmith programs for C. Each skips with a message when its tool is missing.
//!
//! The grammars are permissive by design (semantic errors such as a duplicate `let` are the
//! oracle's business), so the hard requirement is one-sided: what the real front end accepts,
//! we accept (≥ 99 %). Agreement on mutated files is reported in both directions.

mod common;

use common::{mutate_source as mutate, Rng};
use generated_example::{Java, JavaScript, C};
use reducer_core::Language;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn have(tool: &str, arg: &str) -> bool {
    Command::new(tool)
        .arg(arg)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    v.retain(|p| p.extension().is_some_and(|x| x == ext));
    v.sort();
    v
}

/// Agreement counts: (front end accepts, we accept too, front end rejects, we reject too).
#[derive(Default, Debug)]
struct Agreement {
    accepted: usize,
    accepted_too: usize,
    rejected: usize,
    rejected_too: usize,
    misses: Vec<String>,
}

impl Agreement {
    fn add(&mut self, name: &str, theirs: bool, ours: bool) {
        if theirs {
            self.accepted += 1;
            if ours {
                self.accepted_too += 1;
            } else {
                self.misses.push(name.to_string());
            }
        } else {
            self.rejected += 1;
            self.rejected_too += usize::from(!ours);
        }
    }

    fn report(&self, what: &str) -> f64 {
        let rate = self.accepted_too as f64 / self.accepted.max(1) as f64;
        eprintln!(
            "{what}: accepted by the front end {}/{} ({:.1} %), rejected by both {}/{}",
            self.accepted_too,
            self.accepted,
            100.0 * rate,
            self.rejected_too,
            self.rejected
        );
        rate
    }
}

/// Node's verdict on each file, in one node process: compiled as a CommonJS module body or,
/// failing that, as an ES module (`node --check` semantics), except `.mjs` = module only.
fn node_verdicts(paths: &[PathBuf]) -> Vec<bool> {
    const CHECKER: &str = r#"
const vm = require('vm'), fs = require('fs');
const out = [];
for (const f of fs.readFileSync(0, 'utf8').split('\n').filter(Boolean)) {
  const src = fs.readFileSync(f, 'utf8');
  let ok = false;
  if (!f.endsWith('.mjs')) {
    try { vm.compileFunction(src, ['exports', 'require', 'module', '__filename', '__dirname']); ok = true; } catch (e) {}
  }
  if (!ok) { try { new vm.SourceTextModule(src); ok = true; } catch (e) {} }
  out.push(ok ? '1' : '0');
}
process.stdout.write(out.join('\n') + '\n');
"#;
    let mut child = Command::new("node")
        .args(["--experimental-vm-modules", "--no-warnings", "-e", CHECKER])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("node runs");
    let list: String = paths.iter().map(|p| format!("{}\n", p.display())).collect();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(list.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| l == "1")
        .collect()
}

#[test]
fn javascript_agrees_with_node() {
    if !have("node", "--version") {
        eprintln!("skipped: node is not installed");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut originals = files(&root.join("tests/corpus/js"), "js");
    originals.extend(files(&root.join("tests/corpus/js"), "mjs"));
    if let Ok(dir) = std::fs::read_dir(root.join("../../shared/bench/jrts")) {
        for case in dir.flatten() {
            originals.push(case.path().join("input.js"));
        }
    }
    originals.retain(|p| p.is_file());
    let tmp = tempfile::tempdir().unwrap();
    let mut r = Rng::new(0x5eed_1234_5678_9abc);
    let mut all = originals.clone();
    for (i, p) in originals.iter().enumerate() {
        let text = std::fs::read_to_string(p).unwrap();
        for k in 0..12 {
            let ext = p.extension().unwrap().to_str().unwrap();
            let m = tmp.path().join(format!("m{i}_{k}.{ext}"));
            std::fs::write(&m, mutate(&mut r, &text)).unwrap();
            all.push(m);
        }
    }
    let verdicts = node_verdicts(&all);
    assert_eq!(verdicts.len(), all.len(), "node answered for every file");
    let (mut orig, mut mutants) = (Agreement::default(), Agreement::default());
    for (i, (p, &theirs)) in all.iter().zip(&verdicts).enumerate() {
        let text = std::fs::read_to_string(p).unwrap();
        let ours = JavaScript.parse(&text).is_ok();
        let bucket = if i < originals.len() {
            &mut orig
        } else {
            &mut mutants
        };
        bucket.add(&p.display().to_string(), theirs, ours);
    }
    orig.report("javascript originals");
    let rate = mutants.report("javascript mutants");
    assert_eq!(
        orig.accepted_too, orig.accepted,
        "originals node accepts: {:?}",
        orig.misses
    );
    assert!(
        rate >= 0.99,
        "mutants node accepts but we reject: {:?}",
        mutants.misses
    );
}

/// javac's verdict on syntax only, for many files in one javac run: javac stops after
/// parsing (`-XDshould-stop.*=PARSE`), so only syntax errors are reported, each as
/// `PATH:LINE: error: …`; a file is valid when no error names it.
fn javac_verdicts(paths: &[PathBuf]) -> Vec<bool> {
    javac_verdicts_with(Path::new("javac"), &[], paths)
}

/// [`javac_verdicts`] with a given javac and extra options (`--release 25`).
fn javac_verdicts_with(javac: &Path, options: &[&str], paths: &[PathBuf]) -> Vec<bool> {
    let out = Command::new(javac)
        .args(options)
        .args([
            "-proc:none",
            "-XDshould-stop.ifNoError=PARSE",
            "-XDshould-stop.ifError=PARSE",
        ])
        .args(["-Xmaxerrs", "1000000", "-encoding", "UTF-8", "-d"])
        .arg(std::env::temp_dir().join("reducer-javac-out"))
        .args(paths)
        .output()
        .expect("javac runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let failing: std::collections::HashSet<&str> = stderr
        .lines()
        .filter_map(|l| l.split_once(": error:").map(|(loc, _)| loc))
        .filter_map(|loc| loc.rsplit_once(':').map(|(path, _line)| path))
        .collect();
    paths
        .iter()
        .map(|p| !failing.contains(p.to_str().unwrap()))
        .collect()
}

#[test]
fn java_agrees_with_javac() {
    if !have("javac", "-version") {
        eprintln!("skipped: javac is not installed");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let originals = files(&root.join("tests/corpus/java"), "java");
    assert!(
        originals.len() >= 15,
        "only {} Java corpus files",
        originals.len()
    );
    let tmp = tempfile::tempdir().unwrap();
    let mut r = Rng::new(0x0dd_ba11_cafe_f00d);
    let mut all = originals.clone();
    for (i, p) in originals.iter().enumerate() {
        let text = std::fs::read_to_string(p).unwrap();
        for k in 0..10 {
            // Same file name (a public class must match it), in a directory of its own.
            let dir = tmp.path().join(format!("m{i}_{k}"));
            std::fs::create_dir(&dir).unwrap();
            let m = dir.join(p.file_name().unwrap());
            std::fs::write(&m, mutate(&mut r, &text)).unwrap();
            all.push(m);
        }
    }
    let verdicts = javac_verdicts(&all);
    let (mut orig, mut mutants) = (Agreement::default(), Agreement::default());
    for (i, (p, &theirs)) in all.iter().zip(&verdicts).enumerate() {
        let text = std::fs::read_to_string(p).unwrap();
        let ours = Java.parse(&text).is_ok();
        let bucket = if i < originals.len() {
            &mut orig
        } else {
            &mut mutants
        };
        bucket.add(&p.display().to_string(), theirs, ours);
    }
    orig.report("java originals");
    let rate = mutants.report("java mutants");
    assert!(
        mutants.rejected > 50,
        "the mutants must include broken files"
    );
    assert_eq!(
        orig.accepted_too, orig.accepted,
        "originals javac accepts: {:?}",
        orig.misses
    );
    assert!(
        rate >= 0.99,
        "mutants javac accepts but we reject: {:?}",
        mutants.misses
    );
}

/// The javac of the Temurin JDK 25, when installed.
fn javac25() -> Option<PathBuf> {
    let javac = Path::new("/usr/lib/jvm/temurin-25-jdk-amd64/bin/javac");
    let ok = Command::new(javac)
        .arg("-version")
        .output()
        .is_ok_and(|o| o.status.success());
    ok.then(|| javac.to_path_buf())
}

/// Short Java 21-25 inputs and the verdict of javac 25's parser on each (checked again when
/// javac 25 is installed): edge cases of patterns, guards, `case null, default`, `_`, module
/// imports, compact source files and resources, accepted and rejected.
const JAVA25_SNIPPETS: &[(bool, &str)] = &[
    (true, "class A { void m(Object o) { switch (o) { case String when -> {} default -> {} } } }"),
    (true, "class A { void m(Object o) { switch (o) { case String s when when -> {} default -> {} } } }"),
    (true, "class A { int m(Object o) { return switch (o) { case null -> 0; case A a when (a != null) -> 1; default -> 2; }; } }"),
    (true, "class A { void m(Object o) { switch (o) { case A _, B _ when o != null -> {} default -> {} } } }"),
    (true, "class A { void m(Object o) { if (o instanceof final String s && o instanceof P(var x, P(_, int y))) {} } }"),
    (true, "class A { void m(Object o) { switch (o) { case p.Q.R(var x) -> {} case byte[] _ -> {} default -> {} } } }"),
    (true, "class A { void m(Object o) { switch (o) { case Integer i when i > 0: break; case null, default: break; } } }"),
    (true, "class A { void m() { var f = (var _, var _) -> 1; g(_ -> 2, (int _, String b) -> 3); for (int _ = 0, _ = 1; ;) {} } }"),
    (true, "import module java.base; import module.a.B; import static module.a.B.c; class A {}"),
    (true, "import java.util.*; static final int N = 1; void main() { IO.println(N); } class B {}"),
    (true, "class A { A() { int x = 1; this(x); } A(int x) { if (x < 0) throw new Error(); super(); } }"),
    (true, "class A { void m() throws Exception { try (a.b; this.c; new X(){}.f.g; a[0].b; f().g; (a).b) {} } }"),
    (true, "class A { Object o = @A ArrayList::new, p = @A int[]::clone, q = int[]::<String>new, r = String[]::<A>new; }"),
    (false, "class A { void m(Object o) { switch (o) { case _ -> {} } } }"),
    (false, "class A { void m(Object o) { if (o instanceof _) {} } }"),
    (false, "class A { void m(Object o) { switch (o) { case final P(int x) -> {} } } }"),
    (false, "class A { void m(Object o) { switch (o) { case @A P(int x) -> {} } } }"),
    (false, "class A { void m(Object o) { switch (o) { case P(var x, _) p -> {} } } }"),
    (false, "class A { void m(Object o) { if (o instanceof P(var x) p) {} } }"),
    (false, "class A { void m(Object o) { switch (o) { case (String s) -> {} } } }"),
    (false, "class A { void m(Object o) { switch (o) { case default -> {} } } }"),
    (false, "class A { void m(Object o) { switch (o) { case 1, default -> {} } } }"),
    (false, "class A { void m(Object o) { switch (o) { case null, default when x -> {} } } }"),
    (false, "class A { void m(Object o) { switch (o) { case String s when x -> y -> {} } } }"),
    (false, "class A { void m() { int _[] = {}; } }"),
    (false, "class A { void m() throws Exception { try (a.b()) {} } }"),
    (false, "class A { void m() throws Exception { try (a[0]) {} } }"),
    (false, "import module java.base.*; class A {}"),
];

/// Java 21-25 syntax against javac 25 (skipped without the Temurin JDK 25): the `java25`
/// corpus compiles (`--release 25`, no preview features) and parses and prints back; the
/// snippets above get javac's verdict; on byte-level mutants of the corpus we accept what
/// javac's parser accepts.
#[test]
fn java25_agrees_with_javac25() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let originals = files(&root.join("tests/corpus/java25"), "java");
    assert!(
        originals.len() >= 7,
        "only {} Java 25 corpus files",
        originals.len()
    );
    for p in &originals {
        let text = std::fs::read_to_string(p).unwrap();
        let tree = Java
            .parse(&text)
            .unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        assert_eq!(tree.text(), text, "{} prints back", p.display());
    }
    for (expected, snippet) in JAVA25_SNIPPETS {
        let ours = Java.parse(snippet).is_ok();
        assert_eq!(
            ours,
            *expected,
            "we {} `{snippet}`",
            if ours { "accept" } else { "reject" }
        );
    }
    let Some(javac) = javac25() else {
        eprintln!("skipped the javac comparison: no JDK 25 at /usr/lib/jvm/temurin-25-jdk-amd64");
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let compiled = Command::new(&javac)
        .args(["--release", "25", "-proc:none", "-d"])
        .arg(tmp.path().join("classes"))
        .args(&originals)
        .output()
        .unwrap();
    assert!(
        compiled.status.success(),
        "javac 25 rejects the java25 corpus:\n{}",
        String::from_utf8_lossy(&compiled.stderr)
    );
    let mut all = Vec::new();
    for (i, (_, snippet)) in JAVA25_SNIPPETS.iter().enumerate() {
        let dir = tmp.path().join(format!("s{i}"));
        std::fs::create_dir(&dir).unwrap();
        let f = dir.join("A.java");
        std::fs::write(&f, snippet).unwrap();
        all.push(f);
    }
    let snippets = all.len();
    let mut r = Rng::new(0x25_25_25);
    for (i, p) in originals.iter().enumerate() {
        let text = std::fs::read_to_string(p).unwrap();
        for k in 0..20 {
            let dir = tmp.path().join(format!("m{i}_{k}"));
            std::fs::create_dir(&dir).unwrap();
            let m = dir.join(p.file_name().unwrap());
            std::fs::write(&m, mutate(&mut r, &text)).unwrap();
            all.push(m);
        }
    }
    let verdicts = javac_verdicts_with(&javac, &["--release", "25"], &all);
    for ((expected, snippet), theirs) in JAVA25_SNIPPETS.iter().zip(&verdicts) {
        assert_eq!(theirs, expected, "javac 25 on `{snippet}`");
    }
    let mut mutants = Agreement::default();
    for (p, &theirs) in all.iter().zip(&verdicts).skip(snippets) {
        let text = std::fs::read_to_string(p).unwrap();
        mutants.add(&p.display().to_string(), theirs, Java.parse(&text).is_ok());
    }
    let rate = mutants.report("java 25 mutants");
    assert!(
        mutants.rejected > 30,
        "the mutants must include broken files"
    );
    assert!(
        rate >= 0.99,
        "mutants javac 25 accepts but we reject: {:?}",
        mutants.misses
    );
}

#[test]
fn csmith_programs_parse_after_preprocessing() {
    if !have("csmith", "--version") || !have("gcc", "--version") {
        eprintln!("skipped: csmith or gcc is not installed (apt-get install csmith libcsmith-dev)");
        return;
    }
    let include = ["/usr/include/csmith", "/usr/include/csmith-2.3.0"]
        .into_iter()
        .find(|d| Path::new(d).is_dir());
    let Some(include) = include else {
        eprintln!("skipped: csmith headers not found (apt-get install libcsmith-dev)");
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let mut parsed = 0;
    for seed in 1..=10u32 {
        let src = tmp.path().join(format!("s{seed}.c"));
        let gen = Command::new("csmith")
            .args(["--seed", &seed.to_string(), "-o"])
            .arg(&src)
            .status()
            .unwrap();
        assert!(gen.success());
        let pre = Command::new("gcc")
            .args(["-E", "-P", "-I", include])
            .arg(&src)
            .output()
            .unwrap();
        assert!(pre.status.success(), "gcc -E failed on seed {seed}");
        let text = String::from_utf8(pre.stdout).unwrap();
        let tree = C
            .parse(&text)
            .unwrap_or_else(|e| panic!("csmith seed {seed}: {e}"));
        assert_eq!(tree.text(), text);
        parsed += 1;
    }
    eprintln!("csmith: {parsed} preprocessed programs parse and print back");
}

/// The gcc options a C corpus file is checked with: its first line may name them as
/// `/* gcc: -std=c2x */`, or `/* gcc: none (reason) */` for a file gcc 12 cannot judge
/// (C23 beyond gcc 12); `-x c++` checks C++ linkage blocks; the default is `-std=gnu17`.
fn gcc_options(text: &str) -> Option<Vec<String>> {
    let first = text.lines().next().unwrap_or("");
    match first.split_once("gcc:") {
        Some((_, rest)) => {
            let opts = rest.trim_end().trim_end_matches("*/").trim();
            if opts.starts_with("none") {
                None
            } else {
                Some(opts.split_whitespace().map(String::from).collect())
            }
        }
        None => Some(vec!["-std=gnu17".to_string()]),
    }
}

/// Runs `gcc -fsyntax-only` with `opts` on `text`; true when gcc accepts it.
fn gcc_accepts(text: &str, opts: &[String]) -> bool {
    let tmp = tempfile::tempdir().unwrap();
    let src = tmp.path().join("t.c");
    std::fs::write(&src, text).unwrap();
    Command::new("gcc")
        .args(["-fsyntax-only", "-w", "-x", "c"])
        .args(opts)
        .arg(&src)
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

#[test]
fn c_corpus_agrees_with_gcc() {
    if !have("gcc", "--version") {
        eprintln!("skipped: gcc is not installed");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let paths = files(&root.join("tests/corpus/c"), "c");
    assert!(paths.len() >= 24, "only {} C corpus files", paths.len());
    let mut checked = 0;
    for p in &paths {
        let text = std::fs::read_to_string(p).unwrap();
        let tree = C
            .parse(&text)
            .unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        assert_eq!(tree.text(), text, "{} prints back", p.display());
        if let Some(opts) = gcc_options(&text) {
            assert!(
                gcc_accepts(&text, &opts),
                "gcc {opts:?} rejects {}",
                p.display()
            );
            checked += 1;
        }
    }
    eprintln!(
        "C corpus: {} files parse, {checked} of them checked by gcc",
        paths.len()
    );
}

/// `(x) op= y` for every assignment operator, after a plain, a dereferenced and a subscripted
/// parenthesised lvalue: a parenthesised name followed by an assignment operator is not a cast.
#[test]
fn parenthesised_lvalues_before_every_assignment_operator() {
    let ops = [
        "=", "+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "^=", "|=",
    ];
    let gcc = have("gcc", "--version");
    for op in ops {
        for (lhs, spaced) in [
            ("(r)", true),
            ("(r)", false),
            ("*(p)", true),
            ("(a)[i]", true),
            ("((r))", true),
        ] {
            let stmt = if spaced {
                format!("{lhs} {op} (n);")
            } else {
                format!("{lhs}{op}(n);")
            };
            let text = format!("void f(int r, int n, int *p, int *a, int i) {{\n  {stmt}\n}}\n");
            let tree = C.parse(&text).unwrap_or_else(|e| panic!("`{stmt}`: {e}"));
            assert_eq!(tree.text(), text);
            if gcc {
                assert!(gcc_accepts(&text, &[]), "gcc rejects `{stmt}`");
            }
        }
    }
}
