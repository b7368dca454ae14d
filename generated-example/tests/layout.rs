//! The layout of final results (`reducer_core::syntax::pretty::lay_out`) on the real grammars:
//! exact texts for small inputs, and on the bundled examples the properties a bug report
//! needs: the text parses back with the same tokens, lines are no longer than the
//! original's, no blank line, no trailing blank, no space before `;`, and laying out again
//! changes nothing.

use generated_example::{Cpp, Go, Java, JavaScript, Json, Lua, Python, Rust, C};
use reducer_core::syntax::pretty::lay_out;
use reducer_core::Language;

/// The layout of `src` (which must parse) in `lang`.
fn laid_out(lang: &dyn Language, src: &str) -> Option<String> {
    let tree = lang
        .parse(src)
        .unwrap_or_else(|e| panic!("{}: {e}", lang.name()));
    lay_out(lang, &tree)
}

/// The layout of `src`, which must exist.
fn layout(lang: &dyn Language, src: &str) -> String {
    laid_out(lang, src).unwrap_or_else(|| panic!("{}: no layout of {src:?}", lang.name()))
}

/// `text` without any whitespace: what a layout must keep.
fn squeezed(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

/// Checks the properties every layout of the example `path` (under `examples/`) must have;
/// `long_tokens`: whether tokens of the example (strings, comments) span lines (then blank
/// lines may be inside them).
fn check_example(lang: &dyn Language, path: &str, long_tokens: bool) {
    let file = format!("{}/examples/{path}", env!("CARGO_MANIFEST_DIR"));
    let src = std::fs::read_to_string(&file).unwrap();
    let out = layout(lang, &src);
    assert!(lang.parse(&out).is_ok(), "{path}: does not parse:\n{out}");
    assert_eq!(
        squeezed(&out),
        squeezed(&src),
        "{path}: tokens changed:\n{out}"
    );
    // Indentation is recomputed: the text of a line is what may not grow.
    let longest = |t: &str| {
        t.lines()
            .map(|l| l.trim().chars().count())
            .max()
            .unwrap_or(0)
    };
    assert!(
        longest(&out) <= longest(&src),
        "{path}: a line longer than the original's:\n{out}"
    );
    for line in out.lines() {
        assert!(
            long_tokens || !line.trim().is_empty(),
            "{path}: a blank line:\n{out}"
        );
        assert_eq!(line.trim_end(), line, "{path}: a trailing blank:\n{out}");
        assert!(!line.contains(" ;"), "{path}: a space before `;`:\n{out}");
    }
    assert!(out.ends_with('\n') && !out.ends_with("\n\n"), "{path}");
    assert_eq!(layout(lang, &out), out, "{path}: not idempotent");
}

#[test]
fn the_bundled_c_result_is_laid_out() {
    assert_eq!(
        layout(&C, "v()\n{\n    v / 0 ;\n}\n"),
        "v() {\n    v / 0;\n}\n"
    );
}

#[test]
fn c_blocks_are_indented_by_nesting_and_data_keeps_its_lines() {
    let src = "\n\nint  main (void)\n{\n        int a = 0 ;   int b[2] = { 1,\n   2 };\n  for (a = 0; a < 2; a++)\n              {\n    if (b[a] > 1) { b[a] = b[ a ] / 0 ; } else\n      {\n          a ++ ;\n      }\n\n\n              }\n  return a ;\n}\n";
    assert_eq!(
        layout(&C, src),
        "int main (void) {
    int a = 0;
    int b[2] = { 1,
        2 };
    for (a = 0; a < 2; a++) {
        if (b[a] > 1) {
            b[a] = b[a] / 0;
        } else {
            a ++;
        }
    }
    return a;
}
"
    );
}

#[test]
fn c_bodies_without_braces_are_indented_under_their_statement() {
    // A reduced result's lines: the body of a `for`, an `if` and an `else` one level deeper
    // than the statement it belongs to, nested ones deeper still.
    let src = "int main (void)\n{\n  for (;;)\n  abort ();\n}\nvoid f (int a)\n{\n  if (a)\n  if (a > 1)\n  g ();\n  else\n  h (a,\n  1);\n  else\n  abort ();\n}\n";
    let out = layout(&C, src);
    assert_eq!(
        out,
        "int main (void) {
    for (;;)
        abort ();
}
void f (int a) {
    if (a)
        if (a > 1)
            g ();
        else
            h (a,
                1);
    else
        abort ();
}
"
    );
    assert_eq!(layout(&C, &out), out);
    // Where the statements' lines are the grammar's, a body stays on its statement's line.
    assert_eq!(
        layout(
            &C,
            "int main (void)\n{\n  for (;;)\n    abort ();\n  return 0;\n}\n"
        ),
        "int main (void) {\n    for (;;) abort ();\n    return 0;\n}\n"
    );
}

#[test]
fn c_structs_comments_and_directives() {
    let src = "#include <stdio.h>\nstruct s { int a ; /* why */ char *b ; } ;\n// done\nint x ;";
    assert_eq!(
        layout(&C, src),
        "#include <stdio.h>\nstruct s {\n    int a; /* why */\n    char *b;\n};\n// done\nint x;\n"
    );
}

#[test]
fn cpp_classes_and_templates() {
    let src = "template <class T> class A { public : T f ( ) { return t ; } T t ; } ;\nint main() { A<int> a; return a.f( ); }";
    assert_eq!(
        layout(&Cpp, src),
        "template <class T> class A {\n    public :\n    T f () {\n        return t;\n    }\n    T t;\n};\nint main() {\n    A<int> a;\n    return a.f();\n}\n"
    );
}

#[test]
fn java_members_get_lines() {
    let src = "class A\n{\n  int x ;\n    @Override public String toString( ) { return \"a\" ; }\n  void f(int a , int b) { if (a > b) { x = a / 0; } else x = b; }\n}\n";
    assert_eq!(
        layout(&Java, src),
        "class A {\n    int x;\n    @Override public String toString() {\n        return \"a\";\n    }\n    void f(int a, int b) {\n        if (a > b) {\n            x = a / 0;\n        } else x = b;\n    }\n}\n"
    );
}

#[test]
fn javascript_without_semicolons_keeps_its_statements_apart() {
    let src = "function f (a , b)\n{\n  let o = { k : 1, g() { return a / b } }\n  if (a) { return o.g( ) } else\n  { throw new Error(\"x\") }\n}\nf(1,\n  2)\n";
    let out = layout(&JavaScript, src);
    assert_eq!(squeezed(&out), squeezed(src));
    assert_eq!(laid_out(&JavaScript, &out).as_deref(), Some(out.as_str()));
    assert_eq!(
        out,
        "function f (a, b) {\n    let o = { k : 1, g() { return a / b } }\n    if (a) { return o.g() } else\n    { throw new Error(\"x\") }\n}\nf(1,\n    2)\n"
    );
}

#[test]
fn go_keeps_its_line_ends() {
    let src = "package main\n\nimport \"fmt\"\n\nfunc main() {\nx := 1\n      if x > 0 {\n  fmt.Println( x ) }\n\ty := []int{\n\t\t1,\n\t\t2,\n\t}\n\tfor i := range y { x += i; x++ }\n}\n";
    assert_eq!(
        layout(&Go, src),
        "package main\nimport \"fmt\"\nfunc main() {\n    x := 1\n    if x > 0 {\n        fmt.Println(x)\n    }\n    y := []int{\n        1,\n        2,\n    }\n    for i := range y {\n        x += i;\n        x++\n    }\n}\n"
    );
}

#[test]
fn python_keeps_its_indentation() {
    let src = "import os\n\n\ndef f(x ,y):\n    if x :\n        return  x+y\n\n\n    else:\n        return (x,\n                  y)\nclass A :\n    def g(self): pass\n";
    assert_eq!(
        layout(&Python, src),
        "import os\ndef f(x,y):\n    if x :\n        return x+y\n    else:\n        return (x,\n            y)\nclass A :\n    def g(self): pass\n"
    );
}

#[test]
fn json_keeps_its_lines_without_spaces_before_commas() {
    let src = "{\"a\" : [1 , 2,{\"b\":null}],\n      \"c\": {\"d\" : true}  }";
    assert_eq!(
        layout(&Json, src),
        "{\"a\" : [1, 2,{\"b\":null}],\n    \"c\": {\"d\" : true} }\n"
    );
}

#[test]
fn rust_items_and_statements() {
    let src = "fn main()\n{\n    let v = vec![1 , 2];\n      let x = match v.len() { 0 => 1, n => { n / 0 } };\n    println!(\"{}\", x)\n}\nstruct S { a: i32, b: u8 }\n";
    let out = layout(&Rust, src);
    assert_eq!(squeezed(&out), squeezed(src));
    // A block in an arm holds a statement list, so the arms get lines too (as rustfmt has it).
    assert_eq!(
        out,
        "fn main() {\n    let v = vec![1, 2];\n    let x = match v.len() {\n        0 => 1,\n        n => {\n            n / 0\n        }\n    };\n    println!(\"{}\", x)\n}\nstruct S { a: i32, b: u8 }\n"
    );
}

#[test]
fn lua_blocks_end_on_their_own_lines() {
    let src = "local function f(x)\n      if x > 1 then return x\n  else\n      return f( x - 1 ) end\nend\nwhile true do f(1) end\nlocal t = { a = 1, b = 2 }\n";
    assert_eq!(
        layout(&Lua, src),
        "local function f(x)\n    if x > 1 then\n        return x\n    else\n        return f(x - 1)\n    end\nend\nwhile true do\n    f(1)\nend\nlocal t = { a = 1, b = 2 }\n"
    );
}

#[test]
fn bundled_examples_keep_their_tokens_on_shorter_lines() {
    check_example(&C, "c/bug.c", false);
    check_example(&Cpp, "cpp/bug.cpp", false);
    check_example(&Java, "java/Ledger.java", false);
    check_example(&JavaScript, "js/crash.js", false);
    check_example(&Go, "go/inventory.go", false);
    check_example(&Json, "json/orders.json", false);
    check_example(&Rust, "rust/inventory.rs", false);
    check_example(&Lua, "lua/invoice.lua", false);
    check_example(&Python, "python/inventory.py", true);
}
