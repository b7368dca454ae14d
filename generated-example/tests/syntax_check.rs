//! The local syntax check on a real grammar: a candidate whose edit sits at the very start
//! of a list element is re-parsed from where the element now starts (a replacement text
//! included), so valid replacements pass and invalid ones never reach the oracle.

use generated_example::C;
use reducer_core::testing::session;
use reducer_core::{EditSet, Language, NodeId};

static LANG: C = C;

const SRC: &str =
    "void f(void) {\n    int a ;\n    struct S0 l[3][4] ;\n    x = a;\n    l[0][1] = a;\n}\n";

/// The node that prints `text` in the original tree (the first, outermost one).
fn node(s: &reducer_core::engine::session::Session<'static>, text: &str) -> NodeId {
    let none = EditSet::new();
    s.tree
        .bfs()
        .into_iter()
        .find(|&n| s.tree.print_node(n, &none) == text)
        .unwrap_or_else(|| panic!("no node prints {text:?}"))
}

/// Whether the session's syntax check lets `edits` through, checked against a full parse.
fn passes(s: &mut reducer_core::engine::session::Session<'static>, edits: &EditSet) -> bool {
    let text = s.tree.print(edits);
    let passed = s.candidate(edits).text.is_some();
    assert!(
        !passed || LANG.parse(&text).is_ok(),
        "an invalid candidate passed the check: {text:?}"
    );
    passed
}

#[test]
fn replacements_at_the_start_of_an_element_are_checked_where_they_print() {
    let mut s = session(&LANG, SRC, |_| true, 1);
    let keyword = node(&s, "struct");
    let tag = node(&s, "S0");
    // `union S0 l[3][4];` is valid: it must pass (it was rejected, the re-parse starting
    // after the replacement).
    let mut e = EditSet::new();
    e.replace(keyword, "union".into());
    assert!(passes(&mut s, &e));
    // `union l[3][4];` takes `l` as the tag: invalid, it must not pass (it did, the
    // re-parse starting at `l[3][4];`, an expression statement).
    e.delete(tag);
    assert!(!passes(&mut s, &e));
    // A renaming at the start of a statement (what the transformations do all the time).
    let x = node(&s, "x");
    let mut e = EditSet::new();
    e.replace(x, "b".into());
    assert!(passes(&mut s, &e));
    let mut e = EditSet::new();
    e.replace(x, "(b)".into());
    assert!(passes(&mut s, &e));
}
