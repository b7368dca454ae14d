//! Definition elimination (C-Reduce's and C-Vise's typedef and variable inlining, on the
//! grammar's tables): a list element that introduces a name goes, and in the same candidate
//! every other occurrence of the name becomes the shortest text without a name that its
//! slot accepts: `typedef int a; a x;` → `int x;`, `int v; g(v);` → `g(0);`,
//! `struct S {…}; struct S x;` → `int x;`. Each part alone is refused (the deletion breaks
//! the uses, the replacement makes the text longer); together they can be smaller.
//!
//! What introduces a name is read from the tables: an occurrence *binds* when only a name
//! may stand in its place (no rule compatible with the slots of the nodes that print just
//! the name has a shortest text free of names: a declarator, a parameter), and it *uses* the
//! name otherwise (an expression accepts `0`, a type specifier `int`). A use is replaced at
//! the highest node around it that holds no other name (`struct S` as a whole, `v++;` as a
//! whole) when that removes the most text.

use super::names::{binds, element_of, holds, name_index, Names, StandIns};
use super::{by_sites, node_text, Change};
use crate::engine::session::{Session, View};
use crate::reduce::AlgoOptions;
use crate::syntax::tree::{EditSet, NodeId, Subst};
use std::collections::HashMap;
use std::sync::Arc;

/// One pass (nothing with `--no-rename`: names are what it removes): every elimination of
/// [`sites`], then every inlining of [`inline_bindings`](super::inline_bindings); returns
/// whether anything changed.
pub fn pass(s: &mut Session<'_>, o: &AlgoOptions) -> bool {
    if !o.transform.rename {
        return false;
    }
    let all = |v: &View<'_>| {
        let mut list = sites(v);
        list.extend(super::inline_bindings::sites(v));
        list
    };
    by_sites(s, &o.transform, &all, &|_, e: &EditSet| {
        Some(Change::Edits(e.clone()))
    })
}

/// The best replacement of a use: among the occurrence and its ancestors that hold no other
/// name (`is_name` tells the name nodes), below the root, the node whose stand-in leaves the
/// shortest text (the highest on ties); `None` if none has a stand-in.
fn replacement(
    v: &View<'_>,
    stand_ins: &StandIns<'_>,
    occurrence: NodeId,
    is_name: &dyn Fn(NodeId) -> bool,
) -> Option<(NodeId, &'static str)> {
    let tree = v.tree;
    let mut best: Option<(isize, NodeId, &'static str)> = None;
    let mut n = occurrence;
    loop {
        if let Some(t) = stand_ins.of(tree.slot_rule(n)) {
            let gain = node_text(tree, n).trim().len() as isize - t.len() as isize;
            if best.is_none_or(|(best_gain, _, _)| gain >= best_gain) {
                best = Some((gain, n, t));
            }
        }
        let Some(p) = tree.parent(n) else { break };
        if p == tree.root() || holds(v, p, &|m| m != occurrence && is_name(m)) {
            break;
        }
        n = p;
    }
    best.map(|(_, n, t)| (n, t))
}

/// Every candidate: for each name (rarest first) and the element of each of its binding
/// occurrences ([`element_of`]), the element deleted and every occurrence outside it replaced.
/// Names with an occurrence outside that neither the element holds nor a stand-in can
/// replace are skipped.
pub(crate) fn sites(v: &View<'_>) -> Vec<EditSet> {
    let tree = v.tree;
    let tables = v.tables();
    let stand_ins = StandIns::new(v);
    let is_name = |n: NodeId| tables.is_identifier(tree.rule(n));
    let mut names = Names::of(v).list;
    names.sort_by_key(|(_, nodes)| nodes.len());
    // Each binding name node with its name's index.
    let binding: HashMap<NodeId, usize> = name_index(&names)
        .into_iter()
        .filter(|&(n, _)| binds(v, &stand_ins, n))
        .collect();
    let mut list = Vec::new();
    for (i, (_, occurrences)) in names.iter().enumerate() {
        if occurrences.len() < 2 {
            continue;
        }
        let other_binding = |n: NodeId| binding.get(&n).is_some_and(|&j| j != i);
        let mut elements: Vec<NodeId> = Vec::new();
        for &o in occurrences {
            if !binding.contains_key(&o) {
                continue;
            }
            let Some(element) = element_of(v, o, &|n| holds(v, n, &other_binding)) else {
                continue;
            };
            if elements.contains(&element) {
                continue;
            }
            elements.push(element);
            let outside: Vec<NodeId> = occurrences
                .iter()
                .copied()
                .filter(|&u| !tree.is_ancestor_or_self(element, u))
                .collect();
            // Nothing to replace, or another binding of the name that would have to go too.
            if outside.is_empty() || outside.iter().any(|u| binding.contains_key(u)) {
                continue;
            }
            let mut edits = EditSet::new();
            edits.delete(element);
            let complete = outside.iter().all(|&u| {
                replacement(v, &stand_ins, u, &is_name).is_some_and(|(n, t)| {
                    edits.set(n, Subst::Text(Arc::from(t)));
                    true
                })
            });
            if complete {
                list.push(edits);
            }
        }
    }
    list
}

#[cfg(test)]
mod tests {
    use super::super::names::names_in;
    use super::*;
    use crate::testing::Toy;
    use crate::Language;

    /// The candidates of `sites` on `src`, printed without whitespace.
    fn candidates(src: &str) -> Vec<String> {
        super::super::toy_candidates(src, sites, "")
    }

    #[test]
    fn a_declaration_goes_and_each_use_becomes_the_shortest_name_free_text() {
        // Reference, worked by hand: names rarest first (`f`, `g` occur once: nothing to
        // replace); `b` is bound by `var b;` and used in `f(a, b)`, where `, b` as a whole
        // (no other name inside) takes its rule's shortest text `,0`; `a` is bound by
        // `var a = 1;`, and its uses become `0` (the highest node that holds only `a`:
        // the expression in `f(…)`, the optional argument list in `g(…)`).
        assert_eq!(
            candidates("var a = 1; var b; f(a, b); g(a);"),
            ["vara=1;f(a,0);g(a);", "varb;f(0,b);g(0);"]
        );
    }

    #[test]
    fn only_elements_around_single_bindings_go() {
        // `x` is only used (no `var x`): no candidate; `y` is bound twice: each candidate
        // would have to delete the other binding too.
        assert!(candidates("f(x); g(x);").is_empty());
        assert!(candidates("var y; var y; f(y);").is_empty());
        // A binding inside a block: the outermost element around it that binds nothing
        // else goes (the block's statement); with another binding beside it, the statement.
        assert_eq!(candidates("{ var z; } h(z);"), ["h(0);"]);
        assert_eq!(
            candidates("{ var z; var w; } h(z, w);"),
            ["{varw;}h(0,w);", "{varz;}h(z,0);"]
        );
    }

    #[test]
    fn stand_ins_hold_no_name() {
        let tree = Toy.parse("f(1);").unwrap();
        let v = View {
            tree: &tree,
            lang: &Toy,
            kept: &[],
            refusals: &crate::engine::refusals::Refusals::default(),
        };
        let s = StandIns::new(&v);
        use crate::testing::rule::*;
        assert_eq!(s.of(PRIMARY), Some("0"));
        assert_eq!(s.of(STMT), Some(";"));
        // An identifier's slot only takes names; a call `a()` holds one.
        assert_eq!(s.of(IDENT), None);
        assert_eq!(s.of(CALL), None);
        assert!(names_in(&v, "(a)") && !names_in(&v, "0"));
    }
}
