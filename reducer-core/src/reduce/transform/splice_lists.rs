//! Splicing: a list element is replaced by the elements of a list nested inside it, when
//! each of them can stand in the outer list: the statement `{ a; b; }` in a block becomes
//! the two statements `a; b;`, `if (c) { a; b; } else { d; }` becomes `a; b;` or `d;`.
//! No published reducer has this; C-Vise reaches some of it by deleting balanced braces.
//! Whether an element can stand in the outer list is asked of the parser (the element's
//! text must parse as the outer element's rule); the full parse of each candidate decides.

use super::{by_sites, node_text, Change};
use crate::engine::session::{Session, View};
use crate::reduce::AlgoOptions;
use crate::syntax::tree::{Derivation, EditSet, NodeId, Tree};
use std::sync::Arc;

/// One pass; returns whether anything changed.
pub fn pass(s: &mut Session<'_>, o: &AlgoOptions) -> bool {
    by_sites(s, &o.transform, &sites, &|_, (node, texts)| {
        let mut edits = EditSet::new();
        edits.replace(*node, Arc::from(texts.join("\n")));
        Some(Change::Edits(edits))
    })
}

fn is_element(tree: &Tree, n: NodeId) -> bool {
    matches!(tree.derivation(n), Derivation::Star | Derivation::Plus)
}

/// The lists nearest below `node` (list elements with no list element between them and
/// `node`), each as its elements in order, lists in the order of their first element.
fn inner_lists(tree: &Tree, node: NodeId) -> Vec<Vec<NodeId>> {
    let mut lists: Vec<(NodeId, Vec<NodeId>)> = Vec::new();
    let mut stack: Vec<NodeId> = tree.children(node).rev().collect();
    while let Some(n) = stack.pop() {
        if is_element(tree, n) {
            let parent = tree.parent(n).expect("an element has a parent");
            match lists.iter_mut().find(|(p, _)| *p == parent) {
                Some((_, elements)) => elements.push(n),
                None => lists.push((parent, vec![n])),
            }
            continue;
        }
        stack.extend(tree.children(n).rev());
    }
    lists.into_iter().map(|(_, e)| e).collect()
}

/// Every (list element, texts of a nested list's elements that each parse in its slot,
/// those that print only blanks left out), heaviest elements first.
fn sites(v: &View<'_>) -> Vec<(NodeId, Vec<String>)> {
    let tree = v.tree;
    let mut nodes: Vec<NodeId> = tree
        .bfs()
        .into_iter()
        .filter(|&n| is_element(tree, n))
        .collect();
    nodes.sort_by_key(|&n| std::cmp::Reverse(tree.weight(n)));
    let mut list = Vec::new();
    for n in nodes {
        let slot = tree.slot_rule(n);
        for inner in inner_lists(tree, n) {
            // Elements that print only blanks (XML's white space between elements) go.
            let texts: Vec<String> = inner
                .iter()
                .map(|&e| node_text(tree, e).trim().to_string())
                .filter(|t| !t.is_empty())
                .collect();
            let fits = !texts.is_empty()
                && texts
                    .iter()
                    .all(|t| v.lang.parse_prefix(slot, t) == Ok(t.len()));
            if fits {
                list.push((n, texts));
            }
        }
    }
    list
}
