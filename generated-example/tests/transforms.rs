//! The transformations beyond deletion on real grammars: comments go (the grammar's
//! `COMMENT` rule, measured by the generated parser), C type names become `int`, and the
//! default ends smaller than deletion and hoisting alone; `-j 2` gives the `-j 1` result.

use generated_example::{JavaScript, C};
use reducer_core::reduce::{self as algo, AlgoOptions};
use reducer_core::testing::session;
use reducer_core::Language;

type Pred = fn(&str) -> bool;

static LANG_C: C = C;
static LANG_JS: JavaScript = JavaScript;

fn reduce(lang: &'static dyn Language, algorithm: &str, src: &str, oracle: Pred) -> String {
    let mut texts = Vec::new();
    for jobs in [1, 2] {
        let mut s = session(lang, src, oracle, jobs);
        algo::run(algorithm, &mut s, &AlgoOptions::default()).unwrap();
        let out = s.text();
        assert!(oracle(&out), "{algorithm}: {out:?}");
        assert!(lang.parse(&out).is_ok(), "{algorithm}: {out:?}");
        texts.push(out);
    }
    assert_eq!(texts[0], texts[1], "{algorithm}: -j 2 differs from -j 1");
    texts.pop().unwrap()
}

#[test]
fn the_comment_rule_measures_comments() {
    assert_eq!(LANG_C.comment_len("/* a */ int"), Some(7));
    assert_eq!(LANG_C.comment_len("// x\nint"), Some(4));
    assert_eq!(LANG_C.comment_len("/ 2"), None);
    // A multi-line comment is trivia only where it ends a line (it stands for a line break).
    assert_eq!(LANG_JS.comment_len("/* a\n b */\nx"), Some(10));
    assert_eq!(LANG_JS.comment_len("x // y"), None);
}

#[test]
fn canonicalize_drops_comments_in_c_and_javascript() {
    fn keeps_return(t: &str) -> bool {
        t.contains("return x /") && t.contains("int x = 1;")
    }
    let src = "/* header\n   two lines */\nint f(void) { // entry\n    int x = 1; /* one */\n    return x / /* d */ 1;\n}\n";
    let out = reduce(&LANG_C, "canonicalize", src, keeps_return);
    assert!(!out.contains("/*") && !out.contains("//"), "{out:?}");
    fn logs(t: &str) -> bool {
        t.contains("console.log(a)") && t.contains("var a = 1;")
    }
    let src = "// c1\nvar a = 1; /* c2 */ console.log(a) // c3\n";
    let out = reduce(&LANG_JS, "canonicalize", src, logs);
    assert!(!out.contains("/*") && !out.contains("//"), "{out:?}");
}

#[test]
fn comment_starts_inside_string_literals_are_not_comments() {
    // The default's first step drops every comment in one test: a `//` inside a string
    // taken for a comment broke the string, so that on a preprocessed libstdc++ unit
    // ("http://gcc.gnu.org/bugzilla/") the candidate did not parse and the markers stayed.
    let src = "// c\nconst char *u = \"http://x/*y*/\"; /* d */\nint f(void) { return 0; }\n";
    let wanted = "const char *u = \"http://x/*y*/\";";
    let keeps = |t: &str| t.contains("const char *u = \"http://x/*y*/\";");
    let mut s = session(&LANG_C, src, keeps, 1);
    assert!(algo::transform::canonicalize::drop_all_comments(
        &mut s,
        &AlgoOptions::default()
    ));
    let out = s.text();
    assert!(out.contains(wanted), "{out:?}");
    assert!(!out.contains("// c") && !out.contains("/* d */"), "{out:?}");
}

#[test]
fn the_default_turns_typedef_names_into_int_and_ends_smaller() {
    fn oracle(t: &str) -> bool {
        // The assignment must stay, with its declarations (a stand-in for a compiler).
        let s: String = t.split_whitespace().collect();
        s.contains("v[0]=w;") && s.contains("v[2];") && s.contains("w;")
    }
    let src = "typedef int my_int32;\nstruct S { int f; };\nmy_int32 compute(my_int32 a) { return a; }\nint main(void) {\n  my_int32 v[2];\n  my_int32 w;\n  v[0] = w;\n  return 0;\n}\n";
    let old = reduce(&LANG_C, "pardis-hybrid+hoist", src, oracle);
    let new = reduce(&LANG_C, algo::DEFAULT_ALGORITHM, src, oracle);
    let size = |t: &str| t.split_whitespace().map(str::len).sum::<usize>();
    assert!(size(&new) < size(&old), "{new:?} vs {old:?}");
    assert!(!new.contains("my_int32"), "{new:?}");
}

/// Whether gcc accepts `text` as C (`-fsyntax-only`), compiled from a directory of its own.
fn gcc_accepts(text: &str) -> bool {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static RUNS: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "compound-edits-{}-{}",
        std::process::id(),
        RUNS.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("t.c");
    std::fs::write(&file, text).unwrap();
    let ok = std::process::Command::new("gcc")
        .args(["-x", "c", "-fsyntax-only", "-w", "-std=gnu17"])
        .arg(&file)
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    let _ = std::fs::remove_dir_all(&dir);
    ok
}

fn have_gcc() -> bool {
    std::process::Command::new("gcc")
        .arg("--version")
        .stdout(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

fn squeeze(t: &str) -> String {
    t.split_whitespace().collect()
}

#[test]
fn compound_edits_on_c_with_gcc_as_the_oracle() {
    if !have_gcc() {
        eprintln!("skipped: gcc is not installed");
        return;
    }
    // A typedef goes with its uses made `int`.
    fn keeps_assignment(t: &str) -> bool {
        squeeze(t).contains("v[0]=w") && gcc_accepts(t)
    }
    let src = "typedef long elem;\nint main(void) {\n  elem v[2];\n  elem w;\n  v[0] = w;\n  return 0;\n}\n";
    assert!(keeps_assignment(src));
    let out = reduce(&LANG_C, "eliminate-definitions", src, keeps_assignment);
    assert!(!out.contains("elem") && !out.contains("typedef"), "{out:?}");
    assert!(squeeze(&out).contains("intv[2];"), "{out:?}");
    // Declarations with the same specifiers become one (`int i, j;` shows the program's
    // declarator lists and their separator).
    let src = "int main(void) {\n  int v[2];\n  int w;\n  int i, j;\n  v[0] = w + i + j;\n  return 0;\n}\n";
    let out = reduce(&LANG_C, "merge-lists", src, keeps_assignment);
    assert!(squeeze(&out).contains("intv[2],w,i,j;"), "{out:?}");
    // The grammar shows the separator where the program no longer does: no declaration
    // of this one has two declarators.
    let src = "int main(void) {\n  int v[2];\n  int w;\n  v[0] = w;\n  return 0;\n}\n";
    let out = reduce(&LANG_C, "merge-lists", src, keeps_assignment);
    assert!(squeeze(&out).contains("intv[2],w;"), "{out:?}");
    // Two functions become one, and the local both declare is declared once: gcc refuses
    // it twice. (The globals may move into the body too: nothing outside needs them.)
    fn both_stores(t: &str) -> bool {
        let squeezed = squeeze(t);
        squeezed.contains("a[i]=1;") && squeezed.contains("b[i]=2;") && gcc_accepts(t)
    }
    let src = "int a[2], b[2];\nvoid f(void) {\n  int i;\n  a[i] = 1;\n}\nvoid g(void) {\n  int i;\n  b[i] = 2;\n}\n";
    assert!(both_stores(src));
    let out = reduce(&LANG_C, "merge-lists", src, both_stores);
    let out = squeeze(&out);
    assert_eq!(out.matches("(void){").count(), 1, "{out:?}");
    assert_eq!(out.matches("i;").count(), 1, "{out:?}");
    // A parameter goes with the argument of each call (gcc refuses either alone).
    fn two_calls(t: &str) -> bool {
        squeeze(t).matches("add(").count() == 3 && gcc_accepts(t)
    }
    let src = "static int add(int unused, int a) { return a; }\nint main(void) { return add(1, 2) + add(3, 4); }\n";
    assert!(two_calls(src));
    let out = reduce(&LANG_C, "eliminate-parameters", src, two_calls);
    let out = squeeze(&out);
    assert!(
        out.contains("intadd(inta)") && out.contains("add(2)+add(4)"),
        "{out:?}"
    );
}

#[test]
fn token_windows_try_keywords_first() {
    // Windows go from the end of the text: the first candidate that parses deletes the
    // `-` of `- 1`, unless windows of keywords come first, as they do (`int`, then `short`).
    static SEEN: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());
    fn oracle(t: &str) -> bool {
        SEEN.lock().unwrap().push(t.to_string());
        t.contains("a =") && t.contains("1;") && t.contains("f()")
    }
    let src = "short a;\nint f() { a = - 1; }\n";
    let mut s = session(&LANG_C, src, oracle, 1);
    SEEN.lock().unwrap().clear();
    algo::run("token-windows", &mut s, &AlgoOptions::default()).unwrap();
    let seen = SEEN.lock().unwrap().clone();
    assert_eq!(
        seen.first().map(String::as_str),
        Some("short a;\nf() { a = - 1; }\n"),
        "{seen:#?}"
    );
    let out = s.text();
    assert!(!out.contains("short") && !out.contains("int"), "{out:?}");
    assert!(oracle(&out) && LANG_C.parse(&out).is_ok(), "{out:?}");
}
