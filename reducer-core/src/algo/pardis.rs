//! Pardis (pardis-priority-aware-reduction.txt): priority-aware deletion of nullable nodes.
//!
//! - [`pass`] is Alg. 1: a max-heap of nodes by ρ = (token weight, right-to-left BFS order);
//!   pop the top node; if it is nullable and deleting it keeps the input interesting, delete
//!   it, else queue its children.
//! - [`hybrid_pass`] is Alg. 2: ρ = (token weight, parent's BFS order, node's BFS order); pop
//!   every queued node of the same weight and parent, keep the nullable ones, minimise that
//!   group with opdd, and queue the children of what stays.
//!
//! Nullability pruning (Sect. 3.2, Alg. 3) is applied when [`AlgoOptions::nullability_pruning`]
//! is set: in a chain of nodes printing the same tokens only the highest nullable one counts.
//!
//! Parallel speculation for Alg. 1: the candidates of one round are generated on a copy of the
//! heap assuming every test fails (the common case); the first interesting one wins, and the
//! real heap replays the recorded pops up to it, so the run is identical to `-j 1`.

use super::nodes::reduce_nodes;
use super::AlgoOptions;
use crate::list::ListAlgorithm;
use crate::session::{Session, View};
use crate::tree::{EditSet, NodeId, Subst, Tree};
use std::collections::BinaryHeap;

/// The position of every live node in a breadth-first traversal that visits children right
/// to left, numbered downwards from the number of nodes (bfsOrder(root) = n, its last child
/// n − 1, …), indexed by node id. Larger means higher and further right.
pub fn bfs_order(tree: &Tree) -> Vec<u32> {
    let mut order = vec![0u32; tree.arena_len()];
    let mut queue = std::collections::VecDeque::from([tree.root()]);
    let mut visited: Vec<NodeId> = Vec::new();
    while let Some(n) = queue.pop_front() {
        visited.push(n);
        let children: Vec<NodeId> = tree.children(n).collect();
        queue.extend(children.into_iter().rev());
    }
    let total = visited.len() as u32;
    for (i, n) in visited.into_iter().enumerate() {
        order[n as usize] = total - i as u32;
    }
    order
}

fn nullable(view: &View<'_>, node: NodeId, pruning: bool) -> bool {
    if pruning {
        view.is_nullable_pruned(node)
    } else {
        view.is_nullable(node)
    }
}

/// One pop of Alg. 1, recorded so that the real heap can replay it.
struct Pop {
    /// Whether the node was tested (it was nullable).
    tested: bool,
    /// The children queued if the node stays.
    children: Vec<NodeId>,
}

/// One pass of Alg. 1; returns whether the tree got smaller.
pub fn pass(s: &mut Session<'_>, o: &AlgoOptions) -> bool {
    let before = s.tree.tokens();
    let order = bfs_order(&s.tree);
    let key = |t: &Tree, n: NodeId| (t.weight(n), order[n as usize], n);
    // Alg. 1 line 1: q ← PriorityQueue(ρ, {root})
    let mut heap: BinaryHeap<(u32, u32, NodeId)> = BinaryHeap::from([key(&s.tree, s.tree.root())]);
    while !heap.is_empty() && !s.interrupted() {
        // Lines 2–8, speculatively: every pop under the assumption that its test fails.
        let mut sim = heap.clone();
        let mut log: Vec<Pop> = Vec::new();
        let found = s.first_interesting(&mut |v| loop {
            let (_, _, n) = sim.pop()?;
            let children: Vec<NodeId> = v.tree.children(n).collect();
            for &c in &children {
                sim.push(key(v.tree, c));
            }
            let tested = nullable(v, n, o.nullability_pruning);
            log.push(Pop { tested, children });
            if tested {
                return Some(EditSet::deleting([n]));
            }
        });
        let Some(winner) = found else {
            break; // No deletion in the rest of the heap keeps the input interesting.
        };
        // Replay on the real heap: every pop up to the winner; the winner's children are not
        // queued (line 5: it was removed).
        let mut tests = 0;
        for pop in log {
            heap.pop();
            if pop.tested {
                if tests == winner {
                    break;
                }
                tests += 1;
            }
            for c in pop.children {
                heap.push((s.tree.weight(c), order[c as usize], c));
            }
        }
    }
    s.tree.tokens() < before
}

/// One pass of Alg. 2; returns whether the tree got smaller.
pub fn hybrid_pass(s: &mut Session<'_>, o: &AlgoOptions) -> bool {
    let before = s.tree.tokens();
    let order = bfs_order(&s.tree);
    let parent_order = |t: &Tree, n: NodeId| t.parent(n).map_or(u32::MAX, |p| order[p as usize]);
    let key = |t: &Tree, n: NodeId| (t.weight(n), parent_order(t, n), order[n as usize], n);
    // Alg. 2 line 1: q ← PriorityQueue(ρ_hybrid, {root})
    let mut heap: BinaryHeap<(u32, u32, u32, NodeId)> =
        BinaryHeap::from([key(&s.tree, s.tree.root())]);
    while let Some(&(weight, parent, _, _)) = heap.peek() {
        if s.interrupted() {
            break;
        }
        // Line 3: every queued node with the same weight and parent.
        let mut group: Vec<NodeId> = Vec::new();
        while let Some(&(w, p, _, n)) = heap.peek() {
            if (w, p) != (weight, parent) {
                break;
            }
            heap.pop();
            if s.tree.is_live(n) {
                group.push(n);
            }
        }
        // Line 4: keep the nullable ones; line 5: minimise them with opdd.
        let view = s.view();
        let (trial, fixed): (Vec<NodeId>, Vec<NodeId>) = group
            .into_iter()
            .partition(|&n| nullable(&view, n, o.nullability_pruning));
        let items = trial.into_iter().map(|n| (n, Subst::Delete)).collect();
        let kept = reduce_nodes(s, items, ListAlgorithm::Opdd, &o.dd, true);
        // Lines 6–7: the removed nodes are gone; queue the children of the others.
        for n in kept.into_iter().chain(fixed) {
            if s.tree.is_live(n) {
                for c in s.tree.children(n).collect::<Vec<_>>() {
                    heap.push(key(&s.tree, c));
                }
            }
        }
    }
    s.tree.tokens() < before
}
