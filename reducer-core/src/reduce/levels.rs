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
    let mut level = vec![s.tree.root()];
    while !level.is_empty() && !s.stopped() {
        let became = per_level(s, level);
        level = became
            .iter()
            .filter(|&&n| s.tree.is_live(n))
            .flat_map(|&n| children(&s.tree, n))
            .collect();
    }
    s.tree.tokens() < before
}

/// The children of `node` in the tree, for [`level_by_level`].
pub fn tree_children(tree: &Tree, node: NodeId) -> Vec<NodeId> {
    tree.children(node).collect()
}
