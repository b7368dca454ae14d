//! What the generator derives from separated lists and layout tokens, on real grammars:
//! the first item of `x ~ (sep ~ x)*` goes with the separator after it (a Python module's
//! docstring, a JSON array's first element, a C call's first argument), and the blank and
//! comment lines that Python's `sep` and `block_start` tokens take in are trivia.

use generated_example::{Json, Python, C};
use reducer_core::reduce::{self as algo, AlgoOptions};
use reducer_core::testing::session;
use reducer_core::Language;

/// Reduces `src` in `lang` with the default algorithm; the result, checked by `oracle`.
fn reduce(lang: &'static dyn Language, src: &str, oracle: fn(&str) -> bool) -> String {
    let mut s = session(lang, src, oracle, 1);
    algo::run(
        "pardis-hybrid+hoist+transform",
        &mut s,
        &AlgoOptions::default(),
    )
    .unwrap();
    let out = s.text();
    assert!(oracle(&out), "{out:?}");
    assert!(lang.parse(&out).is_ok(), "{out:?}");
    out
}

/// A module whose first statement is a long docstring, then functions, one of them the crash.
fn module_with_docstring() -> String {
    let mut src = String::from("\"\"\"The module.\n\n");
    for i in 0..60 {
        src.push_str(&format!(
            "Line {i} of a long description of what the module does.\n"
        ));
    }
    src.push_str("\"\"\"\n\nimport os\n\n");
    for i in 0..20 {
        src.push_str(&format!("def f{i}(x):\n    return x + {i}\n\n"));
    }
    src.push_str("def crash():\n    return 1 / 0\n");
    src
}

#[test]
fn a_python_module_loses_its_docstring_by_deletion() {
    let src = module_with_docstring();
    let out = reduce(&Python, &src, |t| t.contains("1 / 0"));
    // The docstring is no deletable `(sep ~ statement)` element: it goes as the first item
    // of the module's statement list, with the line break after it.
    assert!(!out.contains("\"\"\""), "{out:?}");
    assert!(out.len() < 20, "{out:?}");
}

#[test]
fn the_first_statement_of_a_block_goes_with_the_line_break_after_it() {
    let src = "def f():\n    x = 'first'\n    y = 2\n    return y\n";
    let out = reduce(&Python, src, |t| {
        t.contains("return y") && t.contains("y = 2")
    });
    assert!(!out.contains("first"), "{out:?}");
}

#[test]
fn comment_lines_inside_python_layout_tokens_go() {
    let src = "# header\nimport os\n\n# before the function\ndef f():\n    # at the block's start\n    a = 1\n    # between statements\n\n    b = 2\n    return a + b\n# trailing\n";
    let out = reduce(&Python, src, |t| {
        t.contains("a = 1") && t.contains("b = 2") && t.contains("return a + b")
    });
    assert!(!out.contains('#'), "{out:?}");
}

#[test]
fn a_json_array_and_a_c_call_lose_their_first_item() {
    let out = reduce(&Json, r#"{"k": [{"long": "first element"}, 2, 3]}"#, |t| {
        t.contains("3]")
    });
    assert!(!out.contains("first"), "{out:?}");
    let out = reduce(
        &C,
        "int g(int, int, int);\nint f(void) { return g(100000, 2, 3); }\n",
        |t| t.contains("g(2, 3)") || t.contains("g(2,3)"),
    );
    assert!(!out.contains("100000"), "{out:?}");
}
