//! Perses (Sun et al., ICSE'18, as described in pardis-priority-aware-reduction.txt Sect. 2 and
//! hdd-with-hoisting.txt Sect. V): a worklist ordered by token weight. For each node taken
//! from it: its `*`/`+` list children are minimised with ddmin (or one at a time, `perses-n`),
//! its `?` children are dropped if possible, and the node itself is replaced by a compatible
//! descendant if possible; the surviving children go back to the worklist.

use super::nodes::reduce_nodes;
use super::AlgoOptions;
use crate::list::ListAlgorithm;
use crate::session::Session;
use crate::tree::{Derivation, EditSet, NodeId, Subst};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// How list children are minimised.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListMode {
    /// ddmin over the list (Perses).
    Ddmin,
    /// One element at a time (Perses-N of the Pardis paper).
    OneByOne,
}

/// One Perses pass; returns whether the tree got smaller.
pub fn pass(s: &mut Session<'_>, o: &AlgoOptions, mode: ListMode) -> bool {
    let before = s.tree.tokens();
    // Max-heap by token weight; ties in the order the nodes were queued.
    let mut queue: BinaryHeap<(u32, Reverse<u64>, NodeId)> = BinaryHeap::new();
    let mut seq = 0u64;
    let mut push = |queue: &mut BinaryHeap<_>, s: &Session<'_>, n: NodeId| {
        seq += 1;
        queue.push((s.tree.weight(n), Reverse(seq), n));
    };
    push(&mut queue, s, s.tree.root());
    while let Some((weight, _, node)) = queue.pop() {
        if s.interrupted() {
            break;
        }
        if !s.tree.is_live(node) {
            continue;
        }
        if weight != s.tree.weight(node) {
            push(&mut queue, s, node);
            continue;
        }
        reduce_lists(s, o, node, mode);
        drop_optionals(s, node);
        let node = replace_by_descendant(s, o, node);
        for c in s.tree.children(node).collect::<Vec<_>>() {
            push(&mut queue, s, c);
        }
    }
    s.tree.tokens() < before
}

/// The list groups among the children of `node`: runs of list elements of one rule.
pub fn list_groups(s: &Session<'_>, node: NodeId) -> Vec<Vec<NodeId>> {
    let mut groups: Vec<Vec<NodeId>> = Vec::new();
    for c in s.tree.children(node) {
        if !matches!(s.tree.derivation(c), Derivation::Star | Derivation::Plus) {
            continue;
        }
        match groups
            .iter_mut()
            .find(|g| s.tree.slot_rule(g[0]) == s.tree.slot_rule(c))
        {
            Some(g) => g.push(c),
            None => groups.push(vec![c]),
        }
    }
    groups
}

fn reduce_lists(s: &mut Session<'_>, o: &AlgoOptions, node: NodeId, mode: ListMode) {
    for group in list_groups(s, node) {
        match mode {
            ListMode::Ddmin => {
                let items = group.into_iter().map(|n| (n, Subst::Delete)).collect();
                reduce_nodes(s, items, ListAlgorithm::Ddmin, &o.dd, true);
            }
            ListMode::OneByOne => one_by_one(s, group),
        }
    }
}

/// Tries deleting each node in turn (the first that can go goes, then the next ones).
pub fn one_by_one(s: &mut Session<'_>, mut nodes: Vec<NodeId>) {
    while !nodes.is_empty() && !s.interrupted() {
        let list: Vec<EditSet> = nodes.iter().map(|&n| EditSet::deleting([n])).collect();
        match s.first_interesting_of(list) {
            Some(k) => {
                nodes.drain(..=k);
            }
            None => break,
        }
    }
}

fn drop_optionals(s: &mut Session<'_>, node: NodeId) {
    let optionals: Vec<NodeId> = s
        .tree
        .children(node)
        .filter(|&c| s.tree.derivation(c) == Derivation::Optional)
        .collect();
    one_by_one(s, optionals);
}

/// Tries to replace `node` by one of its compatible descendants, smallest first; returns the
/// node now in its place.
pub fn replace_by_descendant(s: &mut Session<'_>, o: &AlgoOptions, node: NodeId) -> NodeId {
    let mut candidates = s.view().hoist_candidates(node, o.hoist_depth);
    candidates.sort_by_key(|&d| s.tree.weight(d));
    let list: Vec<EditSet> = candidates
        .iter()
        .map(|&d| {
            let mut e = EditSet::new();
            e.hoist(node, d);
            e
        })
        .collect();
    match s.first_interesting_of(list) {
        Some(k) => candidates[k],
        None => node,
    }
}
