//! Hoisting (Vince, Hodován, Bársony and Kiss, "Extending Hierarchical Delta Debugging with
//! Hoisting", AST 2021): replace a node by a compatible descendant instead of pruning it.
//!
//! - [`chi`] is χ(n) (Fig. 7): the nearest compatible descendants of n on each path, ordered
//!   farthest first ("candidates … are prioritized by their distance to the ancestor, further
//!   nodes give higher priority", Sect. III-C).
//! - [`tmin`] is TMIN^χ (Fig. 6) over the nodes of one level: greedily replace a node δ by a
//!   candidate δ' ∈ χ(t'(δ)) while the result stays interesting, until no single replacement
//!   of any node of the level does (a 1-maximal transformation).
//! - [`hoist_pass`] is HOIST (Fig. 8): TMIN^χ on each level, root to leaves.
//! - [`hddh_pass`] is HDDH (Fig. 9): on each level, DDMIN as in HDD, then TMIN^χ on what stays.
//!
//! How the paper's definitions map onto our trees:
//! - COMPATIBLE(n, n') is the grammar's compatibility matrix on the rule of the slot n
//!   occupies (`Tree::slot_rule`) and the rule of n' — a superset of the paper's "identically
//!   labelled nodes" (Sect. III-C), which it names as one possible interpretation.
//! - The measure ‖·‖ (Fig. 6) is the token weight, not the node count: a candidate must print
//!   fewer tokens than n, and a compatible descendant printing as many tokens (a wrapper chain
//!   such as `stmt → if_stmt`) is looked through rather than returned, so that χ(n) never
//!   offers a replacement that leaves the text as it is.
//! - Fig. 7's recursion is unbounded; [`AlgoOptions::hoist_depth`] bounds how many levels
//!   below n are searched (0 = unbounded, the paper's χ(n); the default 4 is the bound Perses
//!   uses, Sect. V), to cap the cost on large subtrees. A level counts only where the token
//!   weight drops: the chains of single-child precedence wrappers of an expression grammar
//!   would otherwise use up the bound (in C, `x = f(1, g(y))` is 16 edges from `g(y)`, 4
//!   weight drops), and χ(n) could never reach the paper's Fig. 5 case of a call hoisted
//!   out of the call around it.
//!
//! The candidates of a level's nodes are tested as one list ([`tmin`]), so `-j N`
//! speculation tests the candidates of several nodes in parallel and commits exactly what the
//! node-by-node run commits.

use super::hdd::prune;
use super::levels::{level_by_level, tree_children};
use super::speculate::speculate;
use super::AlgoOptions;
use crate::engine::session::{Session, View};
use crate::syntax::tree::{EditSet, NodeId, Subst, Tree};

/// χ(n) (Fig. 7): the nearest descendants of `node` on each path that may replace it and print
/// fewer tokens, at most `max_depth` levels down (0 = unbounded), farthest first (ties in tree
/// order).
pub fn chi(view: &View<'_>, node: NodeId, max_depth: usize) -> Vec<NodeId> {
    let mut candidates = view.hoist_candidates(node, max_depth);
    // Stable: candidates at the same distance keep their tree order.
    candidates.sort_by_key(|&d| std::cmp::Reverse(distance(view.tree, node, d)));
    candidates
}

/// Number of edges from `ancestor` down to `node`.
fn distance(tree: &Tree, ancestor: NodeId, mut node: NodeId) -> usize {
    let mut d = 0;
    while node != ancestor {
        match tree.parent(node) {
            Some(p) => node = p,
            None => break,
        }
        d += 1;
    }
    d
}

/// TMIN^χ (Fig. 6) over the nodes δ of one level: returns the level with each node replaced by
/// what now stands in its place, t'(δ).
///
/// Each node is hoisted as long as one of its candidates works (tmin₂: t'[δ ↦ δ'] for every
/// δ' ∈ χ(δ), farthest first); a hoisted node's new occupant is tried again at once, since
/// τ(t'(δ)) = χ(t'(δ)) (the recursion applies transformations transitively). Sweeps over the
/// level repeat until one changes nothing: a success can make a candidate of an earlier node
/// interesting, and tmin₂ only stops when no δ has a δ' left.
///
/// The candidates of the level's nodes, from the node being hoisted on, form one list
/// ([`Session::first_interesting`]): the tests are those of the node-by-node loop, in its
/// order, and `-j N` runs ahead across nodes instead of within one node's few candidates.
/// After a success the list starts again at the node that was hoisted (its new occupant
/// first). In merge mode several nodes' hoists may be committed at once; each then stands
/// for its new occupant.
pub fn tmin(s: &mut Session<'_>, o: &AlgoOptions, level: &[NodeId]) -> Vec<NodeId> {
    tmin_with(s, o, level, false)
}

/// [`tmin`], skipping the candidates that delete all of a deletion refused on the current
/// tree when `skip_refused` ([`Refusals::cover_hoist`]).
///
/// [`Refusals::cover_hoist`]: crate::engine::refusals::Refusals::cover_hoist
fn tmin_with(
    s: &mut Session<'_>,
    o: &AlgoOptions,
    level: &[NodeId],
    skip_refused: bool,
) -> Vec<NodeId> {
    let mut level: Vec<NodeId> = level
        .iter()
        .copied()
        .filter(|&n| s.tree.is_live(n))
        .collect();
    loop {
        let mut improved = false;
        let mut from = 0;
        while from < level.len() && !s.stopped() {
            // ∃δ' ∈ τ(t'(δ)) · test(t'[δ ↦ δ'](c)) = ✗  ⇒  t' ← t'[δ ↦ δ'], for the δ of
            // the level in order: one step per node (its position), its hoists the tests.
            let mut next = from;
            let run = speculate(s, &mut |v| {
                let node = *level.get(next)?;
                next += 1;
                let tests = match v.tree.is_live(node) {
                    true => chi(v, node, o.hoist_depth)
                        .into_iter()
                        .filter(|&by| !(skip_refused && v.refusals.cover_hoist(v.tree, node, by)))
                        .map(|by| {
                            let mut e = EditSet::new();
                            e.hoist(node, by);
                            e
                        })
                        .collect(),
                    false => Vec::new(),
                };
                Some((next - 1, tests))
            });
            let Some((step, _)) = run.winner else {
                break;
            };
            from = run.steps[step];
            improved = true;
            for delta in level.iter_mut() {
                *delta = occupant(&s.tree, *delta);
            }
        }
        if !improved || s.stopped() {
            return level;
        }
    }
}

/// What stands in `node`'s place: the node itself, or the descendant that replaced it (and so
/// on, for a node hoisted more than once).
fn occupant(tree: &Tree, mut node: NodeId) -> NodeId {
    while !tree.is_live(node) {
        match tree.subst(node) {
            Subst::Hoist(by) => node = *by,
            _ => break,
        }
    }
    node
}

/// One HOIST pass (Fig. 8); returns whether the tree got smaller.
pub fn hoist_pass(s: &mut Session<'_>, o: &AlgoOptions) -> bool {
    // hoisting ← TMIN^χ(nodes); TRANSFORM(input_tree, level, hoisting)
    level_by_level(s, tree_children, |s, level| tmin(s, o, &level))
}

/// One HOIST pass that skips what monotony says cannot be interesting: a hoist that
/// deletes all of a deletion the cache or the oracle refused on the current tree (for
/// instance after pardis' last pass, which refused every deletion it tried). Such a
/// candidate can still be interesting when the oracle is not monotone (a declaration that
/// could not go alone goes with its only use), so this is the default's hoisting, and
/// [`hoist_pass`] stays the paper's; returns whether the tree got smaller.
pub fn monotone_hoist_pass(s: &mut Session<'_>, o: &AlgoOptions) -> bool {
    level_by_level(s, tree_children, |s, level| tmin_with(s, o, &level, true))
}

/// One HDDH pass (Fig. 9): per level, DDMIN over the removable nodes (as HDD does, see
/// [`super::hdd`]), then TMIN^χ over the nodes that stay; returns whether the tree got smaller.
pub fn hddh_pass(s: &mut Session<'_>, o: &AlgoOptions) -> bool {
    level_by_level(s, tree_children, |s, level| {
        // minconfig ← DDMIN(nodes); PRUNE(input_tree, level, minconfig)
        prune(s, o, &level);
        // hoisting ← TMIN^χ(minconfig); TRANSFORM(input_tree, level, hoisting).
        // Deleted nodes are dead and skipped; a node replaced by its minimal text has no
        // children left and so no candidates.
        tmin(s, o, &level)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reduce;

    use crate::testing::Toy;
    use crate::Language;

    type Pred = fn(&str) -> bool;

    fn session(src: &str, oracle: Pred, jobs: usize) -> Session<'static> {
        crate::testing::session(&Toy, src, oracle, jobs)
    }

    fn run_with(
        name: &str,
        src: &str,
        oracle: Pred,
        jobs: usize,
        o: &AlgoOptions,
    ) -> Session<'static> {
        let mut s = session(src, oracle, jobs);
        reduce::run(name, &mut s, o).unwrap();
        s
    }

    fn run(name: &str, src: &str, oracle: Pred, jobs: usize) -> Session<'static> {
        run_with(name, src, oracle, jobs, &AlgoOptions::default())
    }

    fn squeeze(t: &str) -> String {
        t.chars().filter(|c| !c.is_whitespace()).collect()
    }

    /// Whether `e` on the final tree gives a candidate that passes the session's syntax check
    /// and is interesting.
    fn interesting(s: &mut Session<'_>, e: &EditSet, oracle: Pred) -> bool {
        let text = s.candidate(e).text.map(|t| String::from_utf8(t).unwrap());
        text.as_deref().is_some_and(oracle)
    }

    #[test]
    fn monotone_hoisting_skips_what_a_refused_deletion_covers() {
        // Every hoist of the block deletes `a();` or `k();`, whose deletions pardis refused
        // just before: the monotone pass tests none of them, the paper's tests them all, and
        // both end with the same text.
        fn needs_a_and_k(t: &str) -> bool {
            t.contains("a()") && t.contains("k()")
        }
        let o = AlgoOptions::default();
        let mut runs = Vec::new();
        for pass in [hoist_pass, monotone_hoist_pass] {
            let mut s = session("{ a(); k(); }", needs_a_and_k, 1);
            assert!(!crate::reduce::pardis::hybrid_pass(&mut s, &o));
            let before = s.tester.stats().queries;
            assert!(!pass(&mut s, &o));
            runs.push((s.text(), s.tester.stats().queries - before));
        }
        assert_eq!(runs[0].0, runs[1].0);
        assert!(runs[0].1 >= 2, "{runs:?}");
        assert_eq!(runs[1].1, 0, "{runs:?}");
    }

    /// 1-maximality of TMIN^χ at the fixpoint: no single hoist by a χ(n) candidate of any
    /// node keeps the result interesting.
    fn assert_hoist_minimal(s: &mut Session<'_>, oracle: Pred, depth: usize) {
        for n in s.tree.bfs() {
            for d in chi(&s.view(), n, depth) {
                let mut e = EditSet::new();
                e.hoist(n, d);
                assert!(
                    !interesting(s, &e, oracle),
                    "{e:?} keeps {:?} interesting",
                    s.tree.text()
                );
            }
        }
    }

    /// 1-minimality of HDD's DDMIN at the fixpoint: no single removal keeps it interesting.
    fn assert_removal_minimal(s: &mut Session<'_>, oracle: Pred) {
        for n in s.tree.bfs() {
            if let Some(r) = s.view().removal(n) {
                let mut e = EditSet::new();
                e.set(n, r);
                assert!(
                    !interesting(s, &e, oracle),
                    "removing {n} keeps {:?} interesting",
                    s.tree.text()
                );
            }
        }
    }

    fn needs_print(t: &str) -> bool {
        t.contains("print")
    }

    const PROGRAM: &str = "var a = 1; var b = 2;\n\
        if (a < b) { if (b) { print(a, b); } f(1); } else { g(2); }\n\
        { var c = a + b; h(c); { k((c)); } }\n";

    fn needs_k_c(t: &str) -> bool {
        t.contains("k(") && t.contains('c')
    }

    /// Keeps an `if`, the declaration of `c` and the call of `k` on `c`.
    fn needs_if_var_k(t: &str) -> bool {
        t.contains("if") && t.contains("var c") && t.contains("k((c)")
    }

    #[test]
    fn chi_is_nearest_on_each_path_farthest_first() {
        let s = session("if (1) { x; } else { y; }", needs_print, 1);
        let t = &s.tree;
        let element = t.children(t.root()).next().unwrap();
        let stmts: Vec<NodeId> = t
            .bfs()
            .into_iter()
            .filter(|&n| t.rule(n) == crate::testing::rule::STMT)
            .collect();
        // stmts[0] is the `if`, [1] the then-branch (3 edges below the list element), [2] the
        // else-branch (4 edges, through `if_else`).
        let v = s.view();
        assert_eq!(v.hoist_candidates(element, 0), vec![stmts[1], stmts[2]]);
        assert_eq!(chi(&v, element, 0), vec![stmts[2], stmts[1]]);
        // Nearest on each path: the statements inside the blocks are not offered.
        assert_eq!(chi(&v, element, 0).len(), 2);
    }

    #[test]
    fn hoisting_reaches_what_hdd_cannot() {
        let src = "if (1) { print; }";
        let hdd = run("hdd*", src, needs_print, 1);
        assert!(hdd.tree.text().contains("if"), "{:?}", hdd.tree.text());
        for name in ["hoist", "hddh", "hoist*+hdd*", "hoist*+hddh*"] {
            let s = run(name, src, needs_print, 1);
            let out = squeeze(&s.tree.text());
            assert!(out == "print;" || out == "{print;}", "{name}: {out:?}");
            assert!(s.tree.tokens() < hdd.tree.tokens(), "{name}");
        }
    }

    #[test]
    fn one_hoist_pass_takes_the_farthest_candidate_first() {
        // Both branches keep `print`; the else-branch is farther from the list element than
        // the then-branch, so it is tried (and taken) first.
        let s = run(
            "hoist",
            "if (1) { print(1); } else { print; }",
            needs_print,
            1,
        );
        assert_eq!(squeeze(&s.tree.text()), "print;");
    }

    #[test]
    fn fixpoints_are_interesting_and_one_minimal() {
        for oracle in [needs_k_c as Pred, needs_if_var_k] {
            for name in ["hoist*+hdd*", "hoist*+hddh*"] {
                let mut s = run(name, PROGRAM, oracle, 1);
                let out = s.tree.text();
                assert!(oracle(&out) && Toy.parse(&out).is_ok(), "{name}: {out:?}");
                assert_hoist_minimal(&mut s, oracle, 4);
                assert_removal_minimal(&mut s, oracle);
                eprintln!(
                    "{name:14} {:3} queries -> {out:?}",
                    s.tester.stats().queries
                );
            }
            // Hoisting alone, to its own fixpoint, with the paper's unbounded χ(n).
            let o = AlgoOptions {
                hoist_depth: 0,
                ..AlgoOptions::default()
            };
            let mut s = session(PROGRAM, oracle, 1);
            reduce::repeat(&mut s, true, |s| hoist_pass(s, &o));
            let out = s.tree.text();
            assert!(oracle(&out) && Toy.parse(&out).is_ok(), "hoist*: {out:?}");
            assert!(s.tree.tokens() < Toy.parse(PROGRAM).unwrap().tokens());
            assert_hoist_minimal(&mut s, oracle, 0);
            eprintln!(
                "hoist* (χ unbounded) {:3} queries -> {out:?}",
                s.tester.stats().queries
            );
        }
    }

    #[test]
    fn one_hddh_pass_is_one_maximal_per_level() {
        // After one HDDH pass the last level TMIN saw is 1-maximal; a second pass over an
        // unchanged tree changes nothing.
        let mut s = session(PROGRAM, needs_if_var_k, 1);
        let o = AlgoOptions::default();
        reduce::repeat(&mut s, true, |s| hddh_pass(s, &o));
        let text = s.tree.text();
        assert!(!hddh_pass(&mut s, &o));
        assert_eq!(s.tree.text(), text);
        assert_hoist_minimal(&mut s, needs_if_var_k, 4);
        assert_removal_minimal(&mut s, needs_if_var_k);
    }

    #[test]
    fn syntax_check_sees_nodes_hoisted_earlier() {
        // TMIN hoists the new occupant of a slot again (τ(t'(δ))); the local syntax check must
        // still find that node's text: `{ k(1); }` with the statement hoisted into the list
        // element's slot, then an attempt to put the bare expression `k(1)` there.
        let mut s = session("{ { k(1); } }", |_| true, 1);
        let t = &s.tree;
        let stars: Vec<NodeId> = t
            .bfs()
            .into_iter()
            .filter(|&n| t.rule(n) == crate::testing::rule::BLOCK_STAR)
            .collect();
        assert!(s.try_edits({
            let mut e = EditSet::new();
            e.hoist(stars[0], stars[1]);
            e
        }));
        assert_eq!(squeeze(&s.tree.text()), "{k(1);}");
        let t = &s.tree;
        let expr = t
            .bfs()
            .into_iter()
            .find(|&n| t.rule(n) == crate::testing::rule::EXPR)
            .unwrap();
        let mut e = EditSet::new();
        e.hoist(stars[1], expr);
        assert_eq!(squeeze(&t.print(&e)), "{k(1)}");
        assert!(
            s.candidate(&e).text.is_none(),
            "an unparsable candidate passed the syntax check"
        );
    }

    #[test]
    fn parallel_runs_give_the_sequential_result() {
        for oracle in [needs_k_c as Pred, needs_if_var_k] {
            for name in ["hoist", "hddh", "hoist*+hdd*", "hoist*+hddh*"] {
                let a = run(name, PROGRAM, oracle, 1);
                let b = run(name, PROGRAM, oracle, 2);
                assert_eq!(a.tree.text(), b.tree.text(), "{name}");
                assert_eq!(a.tester.stats().queries, b.tester.stats().queries, "{name}");
            }
        }
    }

    /// TMIN^χ node by node, as Fig. 6 states it: the reference for the level lists of
    /// [`tmin`].
    fn node_by_node_tmin(s: &mut Session<'_>, o: &AlgoOptions, level: &[NodeId]) -> Vec<NodeId> {
        let mut level: Vec<NodeId> = level
            .iter()
            .copied()
            .filter(|&n| s.tree.is_live(n))
            .collect();
        loop {
            let mut improved = false;
            for delta in level.iter_mut() {
                // tmin₂ at δ: the first interesting t'[δ ↦ δ'], δ' ∈ χ(δ), then again at δ'.
                while s.tree.is_live(*delta) {
                    let candidates = chi(&s.view(), *delta, o.hoist_depth);
                    let edits = candidates
                        .iter()
                        .map(|&d| {
                            let mut e = EditSet::new();
                            e.hoist(*delta, d);
                            e
                        })
                        .collect();
                    let Some(k) = s.first_interesting_of(edits) else {
                        break;
                    };
                    *delta = candidates[k];
                    improved = true;
                }
            }
            if !improved {
                return level;
            }
        }
    }

    #[test]
    fn level_lists_test_what_the_node_by_node_loop_tests() {
        fn calls(oracle: Pred, by_node: bool) -> (Vec<String>, String) {
            let (mut s, seen) = crate::testing::recording_session(&Toy, PROGRAM, oracle, 1);
            let o = AlgoOptions::default();
            level_by_level(&mut s, tree_children, |s, level| {
                if by_node {
                    node_by_node_tmin(s, &o, &level)
                } else {
                    tmin(s, &o, &level)
                }
            });
            let calls = seen.lock().unwrap().clone();
            (calls, s.tree.text())
        }
        for oracle in [needs_k_c as Pred, needs_if_var_k] {
            let reference = calls(oracle, true);
            assert!(reference.0.len() > 3);
            assert_eq!(calls(oracle, false), reference);
        }
    }
}
