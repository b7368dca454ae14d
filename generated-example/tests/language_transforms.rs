//! Transformations that fit the language, from the grammar's tables and its declared
//! stand-ins: SMT-LIB's `let` inlined into its body, a WebAssembly function body that must
//! still give a value becomes `unreachable`, an XML element becomes its children, a Boolean
//! term `true`. Each reduction runs with `-j 1` and `-j 2` and must end where the oracle
//! agrees.
#![cfg(all(feature = "smt2", feature = "wat", feature = "xml"))]

use generated_example::{Smt2, Wat, Xml};
use reducer_core::reduce::{self as algo, AlgoOptions};
use reducer_core::testing::session;
use reducer_core::Language;

type Pred = fn(&str) -> bool;

static LANG_SMT2: Smt2 = Smt2;
static LANG_WAT: Wat = Wat;
static LANG_XML: Xml = Xml;

/// The default's result on `src` with `-j 1`, checked against `-j 2`, the oracle and the
/// parser.
fn reduce(lang: &'static dyn Language, src: &str, oracle: Pred) -> String {
    let mut texts = Vec::new();
    for jobs in [1, 2] {
        let mut s = session(lang, src, oracle, jobs);
        algo::run(
            "pardis-hybrid+hoist+transform",
            &mut s,
            &AlgoOptions::default(),
        )
        .unwrap();
        let out = s.text();
        assert!(oracle(&out), "{out:?}");
        assert!(lang.parse(&out).is_ok(), "{out:?}");
        texts.push(out);
    }
    assert_eq!(texts[0], texts[1], "-j 2 differs from -j 1");
    texts.pop().unwrap()
}

/// `text` with its white space runs made single spaces, and none after `(` or before `)`.
fn squeezed(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace("( ", "(")
        .replace(" )", ")")
}

#[test]
fn an_smt_let_is_inlined_into_its_body() {
    // A stand-in for a solver bug: the assertion must still say `a + 1 > 0`, written with
    // the let or without it; `a` must stay declared.
    fn oracle(t: &str) -> bool {
        let t = squeezed(t);
        t.contains("(declare-fun a () Int)")
            && (t.contains("(assert (> (+ a 1) 0))")
                || t.contains("(assert (let ((x (+ a 1))) (> x 0)))"))
    }
    let src = "(declare-fun a () Int)\n(declare-fun b () Int)\n(assert (let ((x (+ a 1))) (> x 0)))\n(check-sat)\n";
    let out = squeezed(&reduce(&LANG_SMT2, src, oracle));
    assert_eq!(out, "(declare-fun a () Int) (assert (> (+ a 1) 0))");
}

#[test]
fn an_smt_term_becomes_a_boolean_constant() {
    // The bug needs a disjunction whose first argument is the `<` on `b`: the other
    // argument, a Boolean the oracle does not look at, becomes `true` (it cannot go: `or`
    // needs two arguments here). Subtree replacement alone: on an input this small the
    // default's budget ends its rounds before it.
    fn oracle(t: &str) -> bool {
        let t = squeezed(t);
        t.contains("(declare-fun b () Int)")
            && t.contains("(assert (or (< b 3) ")
            && t.split("(assert (or (< b 3) ").nth(1).is_some_and(|rest| {
                let arg = rest.split(')').next().unwrap_or("");
                ["true", "false", "(> a 0"]
                    .iter()
                    .any(|w| arg.starts_with(w))
            })
            && (!t.contains("(> a 0") || t.contains("(declare-fun a () Int)"))
    }
    let src = "(declare-fun a () Int)\n(declare-fun b () Int)\n(assert (or (< b 3) (> a 0)))\n";
    let mut s = session(&LANG_SMT2, src, oracle, 1);
    assert!(algo::transform::replace_subtrees::pass(
        &mut s,
        &AlgoOptions::default()
    ));
    let out = squeezed(&s.text());
    assert!(out.ends_with("(assert (or (< b 3) true))"), "{out}");
}

/// Whether every function of `t` (flat instructions only) leaves one i32 on the stack, as a
/// validator would check: `unreachable` makes the rest of a body valid.
fn valid_wat(t: &str) -> bool {
    t.split("(func").skip(1).all(|func| {
        let body = func.rsplit_once("(result i32)").map_or(func, |(_, b)| b);
        let mut words = body
            .split(|c: char| c.is_whitespace() || c == ')')
            .filter(|w| !w.is_empty());
        let mut depth: i32 = 0;
        while let Some(w) = words.next() {
            match w {
                "unreachable" => return true,
                "local.get" | "i32.const" => {
                    words.next();
                    depth += 1;
                }
                "i32.add" | "i32.mul" | "i32.sub" => depth -= 1,
                "call" if depth >= 1 => {
                    words.next();
                }
                _ => return false,
            }
            if depth < 1 {
                return false;
            }
        }
        depth == 1
    })
}

#[test]
fn a_wat_function_body_becomes_unreachable() {
    // The bug needs a function that calls `$g`; every function must still validate, so
    // `$g`'s body cannot go, but it can become `unreachable` (and its parameter go after).
    fn oracle(t: &str) -> bool {
        valid_wat(t) && t.contains("call $g") && t.contains("(func $g")
    }
    let src = "(module\n  (func $g (param i32) (result i32)\n    local.get 0\n    i32.const 7\n    i32.mul\n    i32.const 9\n    i32.add)\n  (func $f (result i32)\n    i32.const 1\n    call $g))\n";
    assert!(oracle(src));
    let out = squeezed(&reduce(&LANG_WAT, src, oracle));
    assert_eq!(
        out,
        "(func $g (result i32) unreachable) (func i32.const 1 call $g)"
    );
}

#[test]
fn an_xml_element_becomes_its_children() {
    // The bug needs `keep` and `other` inside the root, and `a` a child of it.
    fn oracle(t: &str) -> bool {
        let t = squeezed(t);
        t.starts_with("<root>")
            && t.contains("<a/>")
            && t.contains("<keep/>")
            && t.contains("<other>text</other>")
    }
    let src = "<root>\n  <a/>\n  <wrap b=\"1\">\n    <keep/>\n    <other>text</other>\n  </wrap>\n</root>\n";
    let out = squeezed(&reduce(&LANG_XML, src, oracle));
    assert_eq!(out, "<root> <a/> <keep/> <other>text</other> </root>");
}
