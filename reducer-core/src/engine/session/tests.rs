use super::*;
use crate::testing::Toy;

fn node(s: &Session<'_>, rule: crate::syntax::tree::RuleId, text: &str) -> NodeId {
    crate::testing::node_spelling(&s.tree, rule, text)
}

#[test]
fn refused_deletions_are_kept_until_the_tree_changes() {
    use crate::testing::rule::{IDENT, PROGRAM_STAR, STMT};
    let oracle = |t: &str| t.contains("a()") && t.contains("k()");
    let mut s = crate::testing::session(&Toy, "{ a(); k(); } b();", oracle, 1);
    let block = node(&s, STMT, "{ a(); k(); }");
    let (k, b) = (node(&s, STMT, "k();"), node(&s, PROGRAM_STAR, "b();"));
    let refuses = |s: &Session<'_>| s.view().refusals.cover_hoist(&s.tree, block, k);
    // A syntax rejection (the call without its name) is no refusal.
    let name = node(&s, IDENT, "k");
    assert_eq!(
        s.first_interesting_of(vec![EditSet::deleting([name])]),
        None
    );
    assert_eq!(s.tester.stats().syntax_rejected, 1);
    assert!(s.view().refusals.is_empty());
    // Deleting the whole block is refused: hoisting `k();` into its place deletes only
    // part of it.
    let block_element = s.tree.parent(block).unwrap();
    assert_eq!(
        s.first_interesting_of(vec![EditSet::deleting([block_element])]),
        None
    );
    assert!(!s.view().refusals.is_empty() && !refuses(&s));
    // Deleting `a();` is refused: that hoist deletes all of it (and more).
    let a = node(&s, STMT, "a();");
    let a_element = s.tree.parent(a).unwrap();
    assert_eq!(
        s.first_interesting_of(vec![EditSet::deleting([a_element])]),
        None
    );
    assert!(refuses(&s));
    // A commit forgets them all.
    assert_eq!(
        s.first_interesting_of(vec![EditSet::deleting([b])]),
        Some(0)
    );
    assert!(s.view().refusals.is_empty() && !refuses(&s));
    assert_eq!(s.text(), "{ a(); k(); } ");
}
