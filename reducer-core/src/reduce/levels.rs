//! The level-wise driver of HDD, hoisting, HDDH and GTR: the tree is walked level by level,
//! from the root to the leaves, and a per-level transformation decides what each level's
//! nodes become (pruned, hoisted, substituted); the next level is the children of what the
//! level became, read from the tree as it is then.

use crate::engine::session::Session;
use crate::syntax::tree::{NodeId, Tree};

/// Runs `per_level` on each level of the tree, root first: it gets the level's nodes and
/// returns what they became (a node replaced by a descendant stands for it; deleted nodes
/// may stay, dead). The next level is `children` of the live nodes it returned. Stops when
/// a level is empty or the session stops; returns whether the tree got smaller.
///
/// HDD's `tagNodes(tree, level + 1)` and HOIST's `TAGNODES` (Vince et al., AST 2021, Figs. 2,
/// 8, 9) and GTR's `level(t, i)` (Herfert et al., ASE 2017, Alg. 4) are this walk
/// with the tree's children, or GTR's children of a chain of wrapper nodes.
pub fn level_by_level(
    s: &mut Session<'_>,
    children: impl Fn(&Tree, NodeId) -> Vec<NodeId>,
    mut per_level: impl FnMut(&mut Session<'_>, Vec<NodeId>) -> Vec<NodeId>,
) -> bool {
    let before = s.tree.tokens();
    let below = |tree: &Tree, became: &[NodeId]| -> Vec<NodeId> {
        became
            .iter()
            .filter(|&&n| tree.is_live(n))
            .flat_map(|&n| children(tree, n))
            .collect()
    };
    let mut level = vec![s.tree.root()];
    // The tree's size when the levels below were last looked ahead at: until a level
    // changes it, that look-ahead holds for the levels after it too.
    let mut looked_at = None;
    while !level.is_empty() && !s.stopped() {
        // Merge mode's look-ahead: the levels below, as they are if this one changes nothing
        // (each level is a list of its own, often a short one).
        let size = s.tree.tokens();
        if looked_at != Some(size)
            && s.look_ahead(|s| {
                let mut next = below(&s.tree, &level);
                while !next.is_empty() && !s.stopped() {
                    let became = per_level(s, next);
                    next = below(&s.tree, &became);
                }
            })
        {
            looked_at = Some(size);
        }
        let became = per_level(s, level);
        level = below(&s.tree, &became);
    }
    s.tree.tokens() < before
}

/// The children of `node` in the tree, for [`level_by_level`].
pub fn tree_children(tree: &Tree, node: NodeId) -> Vec<NodeId> {
    tree.children(node).collect()
}

#[cfg(test)]
mod tests {
    use crate::engine::tester::Parallel;
    use crate::reduce::hoist::hoist_pass;
    use crate::reduce::AlgoOptions;
    use crate::testing::{recording_session, Toy};

    /// Hoisting with an oracle that refuses everything: each level is a short list.
    const NESTED: &str = "if (a) { if (b) { f(1 + 2); } else { g(-3); } }\n{ { h((4)); } }\n";

    /// The texts the oracle saw (sorted), and the queries, speculative runs and rounds.
    fn hoisting(jobs: usize) -> (Vec<String>, (u64, u64, u64)) {
        let (mut s, log) = recording_session(&Toy, NESTED, |_| false, jobs);
        if jobs > 1 {
            s.tester.set_parallel(Parallel::Merge);
        }
        hoist_pass(&mut s, &AlgoOptions::default());
        let mut seen = log.lock().unwrap().clone();
        seen.sort();
        let st = s.tester.stats();
        (seen, (st.queries, st.speculative, st.rounds))
    }

    #[test]
    fn the_levels_below_run_in_the_slots_a_short_level_leaves() {
        let (one_by_one, (queries, _, _)) = hoisting(1);
        assert!(queries > 8, "{one_by_one:#?}");
        // At -j 16 the look-ahead puts the lower levels' candidates beside the first level's
        // in one round: the same texts, each run once and counted once.
        let (merged, (q, speculative, rounds)) = hoisting(16);
        assert_eq!(merged, one_by_one);
        assert_eq!((q, speculative), (queries, 0));
        assert_eq!(rounds, queries.div_ceil(16));
    }
}
