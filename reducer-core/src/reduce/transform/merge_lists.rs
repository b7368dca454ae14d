//! Merging: two adjacent elements of one list that differ only in a list inside them become
//! one element holding the items of both (`int a; int b;` → `int a, b;`, `{ a; } { b; }` →
//! `{ a; b; }`). The second element's frame (what it holds besides its list) repeats the
//! first's, so the candidate drops it: longer list, one frame less. C-Reduce reaches some of
//! it by joining declarations; the full parse and the oracle decide whether the merged
//! element still means what is needed.

use super::items::{List, Lists};
use super::{by_sites, node_text, Change};
use crate::engine::session::{Session, View};
use crate::reduce::AlgoOptions;
use crate::syntax::tree::{Derivation, EditSet, NodeId, Tree};
use std::sync::Arc;

/// How many lists inside each element are compared (outermost first).
const LISTS_PER_ELEMENT: usize = 3;

/// One pass; returns whether anything changed.
pub fn pass(s: &mut Session<'_>, _o: &AlgoOptions) -> bool {
    by_sites(s, &sites, &|_, e: &EditSet| Some(Change::Edits(e.clone())))
}

fn is_element(tree: &Tree, n: NodeId) -> bool {
    matches!(tree.derivation(n), Derivation::Star | Derivation::Plus)
}

/// The lists inside `element` (not itself), outermost first, at most [`LISTS_PER_ELEMENT`].
fn inner_lists(v: &View<'_>, lists: &Lists, element: NodeId) -> Vec<(NodeId, List)> {
    let tree = v.tree;
    let mut out = Vec::new();
    let mut queue: std::collections::VecDeque<NodeId> = tree.children(element).collect();
    while let Some(n) = queue.pop_front() {
        if out.len() == LISTS_PER_ELEMENT {
            break;
        }
        if let Some(l) = lists.of(v, n) {
            out.push((n, l));
        }
        queue.extend(tree.children(n));
    }
    out
}

/// `element`'s text around the items of `list`, with runs of whitespace made one space.
fn frame(tree: &Tree, element: NodeId, list: &List) -> String {
    let (s, e) = tree.source_span(element);
    let (ls, le) = list.span(tree);
    let source = tree.source();
    let words = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
    format!("{}\u{0}{}", words(&source[s..ls]), words(&source[le..e]))
}

/// Every candidate, in tree order: for each pair of adjacent elements of one rule, the
/// first pair of lists inside them of one rule and equal frames: the second element goes
/// and its items follow the first's (after the list's separator).
pub(crate) fn sites(v: &View<'_>) -> Vec<EditSet> {
    let tree = v.tree;
    let lists = Lists::learn(v);
    let mut out = Vec::new();
    for p in tree.bfs() {
        let elements: Vec<NodeId> = tree.children(p).filter(|&c| is_element(tree, c)).collect();
        for pair in elements.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            if tree.rule(a) != tree.rule(b) {
                continue;
            }
            let (la, lb) = (inner_lists(v, &lists, a), inner_lists(v, &lists, b));
            let matched = la.iter().find_map(|(x, lx)| {
                lb.iter()
                    .find(|(y, ly)| {
                        tree.rule(*x) == tree.rule(*y) && frame(tree, a, lx) == frame(tree, b, ly)
                    })
                    .map(|(_, ly)| (*x, lx, ly))
            });
            let Some((x, lx, ly)) = matched else { continue };
            let Some(sep) = lists.separator(tree, x, lx) else {
                continue;
            };
            let (_, last) = lx.ends();
            let (ys, ye) = ly.span(tree);
            let joined = format!(
                "{}{sep} {}",
                node_text(tree, last).trim_end(),
                &tree.source()[ys..ye]
            );
            let mut edits = EditSet::new();
            edits.replace(last, Arc::from(joined));
            edits.delete(b);
            out.push(edits);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn candidates(src: &str) -> Vec<String> {
        super::super::toy_candidates(src, sites, " ")
    }

    #[test]
    fn adjacent_elements_with_the_same_frame_join_their_lists() {
        // Reference, worked by hand: the blocks `{ a; }` and `{ b; c; }` are adjacent
        // program elements whose frames (`{` … `}`) are equal: one candidate joins them.
        // `{ b; c; }` and `f(1);` differ in rule (a block, a call) but are elements of the
        // same rule; their lists' frames differ: no candidate.
        assert_eq!(candidates("{ a; } { b; c; } f(1);"), ["{ a; b; c; } f(1);"]);
        // Separated lists: `f(1); f(2, 3);` share the frame `f(` … `);`.
        assert_eq!(candidates("f(1); f(2, 3);"), ["f(1, 2, 3);"]);
        // Different frames: nothing.
        assert!(candidates("f(1); g(2, 3);").is_empty());
    }
}
