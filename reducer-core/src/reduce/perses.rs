//! Perses (Sun, Li, Zhang, Gu and Su, "Perses: Syntax-Guided Program Reduction", ICSE 2018,
//! Alg. 2–4): a worklist ordered by token weight. For each node taken from it:
//! - a regular node (one that is neither a list element nor the body of a `?`) is replaced by
//!   a compatible descendant if one keeps the input interesting (ReduceRegular, Alg. 4), and
//!   the node that replaced it goes back to the worklist (Alg. 4 line 17), so that its lists
//!   and optionals are reduced in this pass;
//! - otherwise its `*`/`+` list children are minimised with ddmin (or one at a time,
//!   `perses-n`) and its `?` children are dropped if possible (ReduceStar, Alg. 3), and the
//!   surviving children go back to the worklist.
//!
//! Perses' tree has a node for each quantified rule, whose children are the elements; ours
//! keeps the elements as children of the node whose rule holds the quantifier, so one node
//! of ours can be both a regular node and the list nodes below it. Replacement comes first,
//! as in Perses, where a regular node is taken from the worklist before its list nodes.

use super::nodes::reduce_nodes;
use super::AlgoOptions;
use crate::engine::session::Session;
use crate::reduce::list::ListAlgorithm;
use crate::syntax::tree::{Derivation, EditSet, NodeId, Subst};
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
        if s.stopped() {
            break;
        }
        if !s.tree.is_live(node) {
            continue;
        }
        if weight != s.tree.weight(node) {
            push(&mut queue, s, node);
            continue;
        }
        if s.tree.derivation(node) == Derivation::Regular {
            if let Some(by) = replace_by_descendant(s, o, node) {
                push(&mut queue, s, by);
                continue;
            }
        }
        reduce_lists(s, o, node, mode);
        drop_optionals(s, node);
        for c in s.tree.children(node).collect::<Vec<_>>() {
            push(&mut queue, s, c);
        }
    }
    s.tree.tokens() < before
}

/// The list groups among the children of `node`: runs of list elements of one rule (but
/// the [protected](crate::engine::session::View::protected) ones, which stay).
pub fn list_groups(s: &Session<'_>, node: NodeId) -> Vec<Vec<NodeId>> {
    let mut groups: Vec<Vec<NodeId>> = Vec::new();
    let view = s.view();
    for c in s.tree.children(node) {
        if !matches!(s.tree.derivation(c), Derivation::Star | Derivation::Plus) || view.protected(c)
        {
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
    while !nodes.is_empty() && !s.stopped() {
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
        .filter(|&c| s.tree.derivation(c) == Derivation::Optional && !s.view().protected(c))
        .collect();
    one_by_one(s, optionals);
}

/// Tries to replace `node` by one of its compatible descendants, smallest first (the smallest
/// interesting one, as Alg. 4 keeps); returns the descendant now in its place, if any.
pub fn replace_by_descendant(s: &mut Session<'_>, o: &AlgoOptions, node: NodeId) -> Option<NodeId> {
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
    s.first_interesting_of(list).map(|k| candidates[k])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{session, Toy};

    fn squeeze(t: &str) -> String {
        t.split_whitespace().collect()
    }

    /// One pass of Perses on `src`: the result (squeezed) and the tester's statistics.
    fn one_pass(src: &str, oracle: fn(&str) -> bool) -> (String, crate::engine::stats::Stats) {
        let mut s = session(&Toy, src, oracle, 1);
        pass(&mut s, &AlgoOptions::default(), ListMode::Ddmin);
        (squeeze(&s.tree.text()), s.tester.stats().clone())
    }

    #[test]
    fn a_replacing_node_is_reduced_in_the_same_pass() {
        // The `if` is replaced by its block, whose list still holds `f(1);`, and the block by
        // `print;`: both within one pass, since each replacement goes back to the worklist.
        let (out, _) = one_pass("if (1) { print; f(1); }", |t| t.contains("print"));
        assert_eq!(out, "print;");
        let (out, _) = one_pass("if (1) { print; f(1); }", |t| t.contains("{ print"));
        assert_eq!(out, "{print;}");
    }

    #[test]
    fn only_regular_nodes_are_replaced() {
        // With nothing interesting every node is taken from the worklist once, and Perses
        // makes the tests of Alg. 2: ReduceRegular's candidates for a regular node (Alg. 4),
        // ddmin's for each list (Alg. 3, after the test removing the whole list) and one per
        // optional; a list element or the body of a `?` is not replaced.
        let src = "var a = 1; if (a) { f(a); g(1, 2); } else { h(-2); } { k(a); { } } m(a + (1));";
        let (_, stats) = one_pass(src, |_| false);
        let s = session(&Toy, src, |_| false, 1);
        let o = AlgoOptions::default();
        let mut expected = 0;
        for n in s.tree.bfs() {
            if s.tree.derivation(n) == Derivation::Regular {
                expected += s.view().hoist_candidates(n, o.hoist_depth).len();
            }
            for group in list_groups(&s, n) {
                expected += 1;
                if group.len() > 1 {
                    let mut count = 0;
                    let mut never = crate::reduce::list::Pred(|_: &[NodeId]| {
                        count += 1;
                        false
                    });
                    crate::reduce::list::ddmin(group, &mut never, &o.dd);
                    expected += count;
                }
            }
            expected += s
                .tree
                .children(n)
                .filter(|&c| s.tree.derivation(c) == Derivation::Optional)
                .count();
        }
        assert_eq!(stats.tests(), expected as u64, "{stats:?}");
    }
}
