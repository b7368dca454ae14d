//! Pardis (Gharachorlu and Sumner, "PARDIS: Priority Aware Test Case Reduction", FASE 2019):
//! priority-aware deletion of nullable nodes.
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
//! real heap replays the recorded pops, with the keys they were queued with, up to it, so the
//! run is identical to `-j 1` and to the one-node-at-a-time algorithm.

use super::nodes::reduce_nodes;
use super::speculate::speculate;
use super::AlgoOptions;
use crate::engine::session::{Session, View};
use crate::reduce::list::ListAlgorithm;
use crate::syntax::tree::{NodeId, Subst, Tree};
use std::collections::BinaryHeap;

/// The position of every live node in a breadth-first traversal that visits children right
/// to left, numbered downwards from the number of nodes (bfsOrder(root) = n, its last child
/// n − 1, …), indexed by node id. Larger means higher and further right.
pub fn bfs_order(tree: &Tree) -> Vec<u32> {
    // The visit order itself is the queue: no per-node allocation (this runs on the whole
    // tree at the start of every pass, with no oracle run to hide behind).
    let mut visited: Vec<NodeId> = vec![tree.root()];
    let mut next = 0;
    while next < visited.len() {
        let n = visited[next];
        next += 1;
        visited.extend(tree.children(n).rev());
    }
    let mut order = vec![0u32; tree.arena_len()];
    let total = visited.len() as u32;
    for (i, n) in visited.into_iter().enumerate() {
        order[n as usize] = total - i as u32;
    }
    order
}

/// Whether the pass may delete `node`: nullable (with the pruning when asked), or the first
/// item of a separated list, which goes with the separator after it ([`View::deleting`]).
fn nullable(view: &View<'_>, node: NodeId, pruning: bool) -> bool {
    if pruning {
        view.is_nullable_pruned(node) || view.leads_list(node)
    } else {
        view.is_deletable(node)
    }
}

/// ρ of a queued node (Alg. 1, Fig. 4): (token weight, BFS order, id), the weight read when
/// the node is queued.
type Key = (u32, u32, NodeId);

/// One pop of Alg. 1, recorded so that the real heap can replay it.
struct Pop {
    /// The node popped.
    node: NodeId,
    /// The queue entries its children got if the node stays, with the keys they had when
    /// queued: the winner's deletion makes its ancestors lighter, and the sequential
    /// algorithm had queued them before that.
    children: Vec<Key>,
}

/// One pass of Alg. 1; returns whether the tree got smaller.
pub fn pass(s: &mut Session<'_>, o: &AlgoOptions) -> bool {
    let before = s.tree.tokens();
    let order = bfs_order(&s.tree);
    let key = |t: &Tree, n: NodeId| (t.weight(n), order[n as usize], n);
    // Alg. 1 line 1: q ← PriorityQueue(ρ, {root})
    let mut heap: BinaryHeap<Key> = BinaryHeap::from([key(&s.tree, s.tree.root())]);
    while !heap.is_empty() && !s.stopped() {
        // Lines 2–8, speculatively: every pop under the assumption that its test fails.
        let mut sim = heap.clone();
        let run = speculate(s, &mut |v| {
            let (_, _, node) = sim.pop()?;
            let children: Vec<Key> = v.tree.children(node).map(|c| key(v.tree, c)).collect();
            sim.extend(children.iter().copied());
            let tests = match nullable(v, node, o.nullability_pruning) {
                true => vec![v.deleting(&[node])],
                false => Vec::new(),
            };
            Some((Pop { node, children }, tests))
        });
        let Some((winner, _)) = run.winner else {
            break; // No deletion in the rest of the heap keeps the input interesting.
        };
        // Replay on the real heap with the recorded keys, so that it pops what the round
        // popped: every pop up to the winner; the winner's children are not queued (line 5:
        // it was removed).
        for (i, pop) in run.steps.into_iter().enumerate().take(winner + 1) {
            let popped = heap.pop().map(|(_, _, n)| n);
            debug_assert_eq!(popped, Some(pop.node), "the replay diverged from the round");
            if i < winner {
                heap.extend(pop.children);
            }
        }
    }
    s.tree.tokens() < before
}

/// ρ_hybrid of a queued node: (token weight, parent's BFS order, node's BFS order, id).
type HybridKey = (u32, u32, u32, NodeId);

/// Alg. 2 line 3: pops every queued node with the same weight and parent as the top one;
/// the live ones form the group (`None` once the queue is empty). Also returns how many
/// entries were popped.
fn pop_group(heap: &mut BinaryHeap<HybridKey>, tree: &Tree) -> Option<(Vec<NodeId>, usize)> {
    let &(weight, parent, _, _) = heap.peek()?;
    let mut group = Vec::new();
    let mut popped = 0;
    while let Some(&(w, p, _, n)) = heap.peek() {
        if (w, p) != (weight, parent) {
            break;
        }
        heap.pop();
        popped += 1;
        if tree.is_live(n) {
            group.push(n);
        }
    }
    Some((group, popped))
}

/// One group of a run of Alg. 2, as generated assuming its tests fail.
struct Group {
    /// Queue entries it took.
    popped: usize,
    /// Its nullable nodes (line 4), and the others.
    trial: Vec<NodeId>,
    fixed: Vec<NodeId>,
    /// The queue entries its nodes' children got, had its tests failed (line 7).
    children: Vec<HybridKey>,
}

/// One pass of Alg. 2; returns whether the tree got smaller.
///
/// A group's first test deletes all its nullable nodes (opdd on a part of a tree starts by
/// trying the empty configuration). Assuming those tests fail, the common case, the groups
/// that follow are known in advance, so the first tests of a run of groups form one list
/// for the tester: the next candidate is prepared while the oracle runs, and `-j N` tests
/// several groups at once. A group with more than one nullable node ends the run, since
/// opdd goes on with it. On a success the real queue replays the run up to the winner, so
/// the tests and the result are those of the group-by-group algorithm.
///
/// In merge mode (`--parallel merge`, N jobs) a group of at most N nullable nodes does not
/// end the run: its list entries are the deletion of all of them, then of each one (the one
/// pass of opdd at its finest granularity, which is where opdd with a split factor of N
/// starts on such a group), so that a round spans many small groups. A larger group ends the
/// run and goes to opdd as before.
pub fn hybrid_pass(s: &mut Session<'_>, o: &AlgoOptions) -> bool {
    let before = s.tree.tokens();
    let order = bfs_order(&s.tree);
    let parent_order = |t: &Tree, n: NodeId| t.parent(n).map_or(u32::MAX, |p| order[p as usize]);
    let key = |t: &Tree, n: NodeId| (t.weight(n), parent_order(t, n), order[n as usize], n);
    let children_keys = |t: &Tree, nodes: &[NodeId]| -> Vec<HybridKey> {
        let mut keys = Vec::new();
        for &n in nodes {
            if t.is_live(n) {
                keys.extend(t.children(n).map(|c| key(t, c)));
            }
        }
        keys
    };
    // The largest group that a run goes past (merge mode), and whose nodes it tests one by one.
    let inline = if s.tester.merging() {
        s.tester.jobs()
    } else {
        1
    };
    // Alg. 2 line 1: q ← PriorityQueue(ρ_hybrid, {root})
    let mut heap: BinaryHeap<HybridKey> = BinaryHeap::from([key(&s.tree, s.tree.root())]);
    while !heap.is_empty() && !s.stopped() {
        // Lines 3–5 for a run of groups, on a copy of the queue. A group's tests: none (no
        // nullable node), the deletion of all its nullable nodes, and in merge mode also
        // each one's.
        let mut sim = heap.clone();
        let mut ends_run = false;
        let speculated = speculate(s, &mut |v| {
            if ends_run {
                return None; // opdd goes on with that group if its first test fails
            }
            let (group, popped) = pop_group(&mut sim, v.tree)?;
            let (trial, fixed): (Vec<NodeId>, Vec<NodeId>) = group
                .into_iter()
                .partition(|&n| nullable(v, n, o.nullability_pruning));
            let mut children = children_keys(v.tree, &trial);
            children.extend(children_keys(v.tree, &fixed));
            sim.extend(children.iter().copied());
            let mut tests = Vec::new();
            if !trial.is_empty() {
                tests.push(v.deleting(&trial));
            }
            if trial.len() > 1 && trial.len() <= inline {
                tests.extend(trial.iter().map(|&n| v.deleting(&[n])));
            }
            ends_run = trial.len() > inline;
            let group = Group {
                popped,
                trial,
                fixed,
                children,
            };
            Some((group, tests))
        });
        // Replay the run on the real queue: the groups before the winner failed their tests.
        let (run, winner) = (speculated.steps, speculated.winner.map(|(g, _)| g));
        let last = winner.unwrap_or(run.len().saturating_sub(1));
        for (i, g) in run.iter().enumerate().take(last + 1) {
            for _ in 0..g.popped {
                heap.pop();
            }
            if Some(i) == winner {
                // What is left of the group stays: queue its children.
                heap.extend(children_keys(&s.tree, &g.trial));
                heap.extend(children_keys(&s.tree, &g.fixed));
            } else if i == last && g.trial.len() > inline && !s.stopped() {
                // Line 5 goes on: opdd minimises the group, and what stays is queued.
                let items = g.trial.iter().map(|&n| (n, Subst::Delete)).collect();
                let kept = reduce_nodes(s, items, ListAlgorithm::Opdd, &o.dd, false);
                heap.extend(children_keys(&s.tree, &kept));
                heap.extend(children_keys(&s.tree, &g.fixed));
            } else {
                heap.extend(g.children.iter().copied());
            }
        }
    }
    s.tree.tokens() < before
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Toy;
    use crate::Language;

    #[test]
    fn a_spent_query_budget_ends_the_passes() {
        use crate::engine::tester::QueryBudget;
        let src = "var a = 1; f(a); { g(2); h(3); } var b = 4;";
        for jobs in [1, 2] {
            let mut s = crate::testing::session(&Toy, src, |t| t.contains("h(3)"), jobs);
            let before = s.text();
            let queries = s.tester.stats().queries;
            s.tester.set_budget(QueryBudget {
                until: Some(queries),
                idle: None,
            });
            // Both return (before, pardis-hybrid's queue never shrank: no test was offered)
            // and change nothing.
            assert!(!hybrid_pass(&mut s, &AlgoOptions::default()));
            assert!(!pass(&mut s, &AlgoOptions::default()));
            assert_eq!(s.text(), before);
            assert_eq!(s.tester.stats().queries, queries);
        }
    }

    /// Alg. 2 as the paper states it, one group at a time: the reference for the runs of
    /// groups of [`hybrid_pass`].
    fn group_by_group_pass(s: &mut Session<'_>, o: &AlgoOptions) {
        let order = bfs_order(&s.tree);
        let parent_order =
            |t: &Tree, n: NodeId| t.parent(n).map_or(u32::MAX, |p| order[p as usize]);
        let key = |t: &Tree, n: NodeId| (t.weight(n), parent_order(t, n), order[n as usize], n);
        let mut heap = BinaryHeap::from([key(&s.tree, s.tree.root())]);
        while let Some((group, _)) = pop_group(&mut heap, &s.tree) {
            let view = s.view();
            let (trial, fixed): (Vec<NodeId>, Vec<NodeId>) = group
                .into_iter()
                .partition(|&n| nullable(&view, n, o.nullability_pruning));
            let items = trial.into_iter().map(|n| (n, Subst::Delete)).collect();
            let kept = reduce_nodes(s, items, ListAlgorithm::Opdd, &o.dd, true);
            for n in kept.into_iter().chain(fixed) {
                if s.tree.is_live(n) {
                    for c in s.tree.children(n).collect::<Vec<_>>() {
                        heap.push(key(&s.tree, c));
                    }
                }
            }
        }
    }

    /// Alg. 1 as the paper states it, one node at a time, every key computed when the node is
    /// queued: the reference for the speculative rounds of [`pass`].
    fn sequential_pass(s: &mut Session<'_>, o: &AlgoOptions) {
        let order = bfs_order(&s.tree);
        let key = |t: &Tree, n: NodeId| (t.weight(n), order[n as usize], n);
        // q ← PriorityQueue(ρ, {root})
        let mut heap = BinaryHeap::from([key(&s.tree, s.tree.root())]);
        // while q ≠ ∅: n ← q.pop()
        while let Some((_, _, n)) = heap.pop() {
            // if nullable(n) ∧ test(tree − n) = ✗: tree ← tree − n
            if nullable(&s.view(), n, o.nullability_pruning) && {
                let deletion = s.view().deleting(&[n]);
                s.try_edits(deletion)
            } {
                continue;
            }
            // else q.push(children(n))
            for c in s.tree.children(n).collect::<Vec<_>>() {
                heap.push(key(&s.tree, c));
            }
        }
    }

    #[test]
    fn speculative_rounds_test_what_the_sequential_algorithm_tests() {
        const SRC: &str = "var a = 1; var b = 2;\n\
            if (a < b) { print(a, b); f(1); } else { g(2); }\n\
            { var c = a + b; h(c); { print(c); k(a, b, c); } }\n\
            k(!a, (b)); f(g(1), h(2));\n";
        // Deleting `k(1, 2, 3);` makes its enclosing block lighter than `f(4, 5);`, both
        // queued in the same round with the keys they had before: the replay of the round
        // must pop what the round popped.
        const NESTED: &str = "{ { k(1, 2, 3); print; } f(4, 5); }";
        fn needs_print_c(t: &str) -> bool {
            t.contains("print(c)") && t.contains("var c")
        }
        fn needs_k(t: &str) -> bool {
            t.contains("k(") && t.contains("if")
        }
        fn needs_print_f_4(t: &str) -> bool {
            t.contains("print;") && t.contains("f(4")
        }
        fn nothing(_: &str) -> bool {
            false
        }
        type Oracle = fn(&str) -> bool;
        let cases: [(&str, Oracle); 5] = [
            (SRC, needs_print_c),
            (SRC, needs_k),
            (SRC, nothing),
            (NESTED, needs_print_f_4),
            (NESTED, nothing),
        ];
        for (src, oracle) in cases {
            let reference = oracle_calls(src, oracle, 1, sequential_pass);
            let rounds = oracle_calls(src, oracle, 1, |s, o| {
                pass(s, o);
            });
            assert!(reference.0.len() > 2);
            assert_eq!(rounds, reference);
            let parallel = oracle_calls(src, oracle, 3, |s, o| {
                pass(s, o);
            });
            assert_eq!(parallel.2, reference.2);
        }
    }

    /// The texts the oracle saw, in order, the tests answered without it (cache, syntax)
    /// and the result, for one pass of `pass`.
    fn oracle_calls(
        src: &str,
        oracle: fn(&str) -> bool,
        jobs: usize,
        pass: fn(&mut Session<'_>, &AlgoOptions),
    ) -> (Vec<String>, (u64, u64), String) {
        let (mut s, seen) = crate::testing::recording_session(&Toy, src, oracle, jobs);
        pass(&mut s, &AlgoOptions::default());
        let calls = seen.lock().unwrap().clone();
        let st = s.tester.stats();
        (calls, (st.cache_hits, st.syntax_rejected), s.tree.text())
    }

    #[test]
    fn runs_of_groups_test_what_the_group_by_group_algorithm_tests() {
        const SRC: &str = "var a = 1; var b = 2;\n\
            if (a < b) { print(a, b); f(1); } else { g(2); }\n\
            { var c = a + b; h(c); { print(c); k(a, b, c); } }\n\
            k(!a, (b)); f(g(1), h(2));\n";
        fn needs_print_c(t: &str) -> bool {
            t.contains("print(c)") && t.contains("var c")
        }
        fn needs_k(t: &str) -> bool {
            t.contains("k(") && t.contains("if")
        }
        fn nothing(_: &str) -> bool {
            false
        }
        for oracle in [needs_print_c as fn(&str) -> bool, needs_k, nothing] {
            let reference = oracle_calls(SRC, oracle, 1, group_by_group_pass);
            let runs = oracle_calls(SRC, oracle, 1, |s, o| {
                hybrid_pass(s, o);
            });
            assert!(reference.0.len() > 5);
            assert_eq!(runs, reference);
            // In parallel, the same result; the oracle sees more (speculation).
            let parallel = oracle_calls(SRC, oracle, 3, |s, o| {
                hybrid_pass(s, o);
            });
            assert_eq!(parallel.2, reference.2);
        }
    }

    #[test]
    fn bfs_order_numbers_levels_top_down_right_to_left() {
        let mut t = Toy
            .parse("var a = 1; if (a) { f(a, 2); } else { g(3); }\n")
            .unwrap();
        // A deleted subtree drops out of the numbering.
        let gone = t.children(t.root()).next().unwrap();
        t.commit(&crate::syntax::tree::EditSet::deleting([gone]));
        let order = bfs_order(&t);
        // The reference: walk the levels, each read right to left, numbering downwards.
        let live: Vec<NodeId> = t
            .levels()
            .into_iter()
            .flat_map(|level| level.into_iter().rev())
            .collect();
        let mut expected = vec![0u32; t.arena_len()];
        for (i, &n) in live.iter().enumerate() {
            expected[n as usize] = (live.len() - i) as u32;
        }
        assert_eq!(order, expected);
        assert_eq!(order[t.root() as usize] as usize, live.len());
        assert_eq!(order[gone as usize], 0);
    }
}
