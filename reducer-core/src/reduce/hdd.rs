//! HDD (hdd-with-hoisting.txt Fig. 2; Misherghi & Su): ddmin over the nodes of each level of
//! the tree, from the root to the leaves. A node outside the configuration is deleted when it
//! is nullable, or replaced by its rule's minimal text when that is shorter; a node that
//! allows neither is not part of the configuration.

use super::nodes::reduce_nodes;
use super::AlgoOptions;
use crate::engine::session::Session;
use crate::reduce::list::ListAlgorithm;
use crate::syntax::tree::{NodeId, Subst};

/// One HDD pass over all levels; returns whether the tree got smaller.
pub fn pass(s: &mut Session<'_>, o: &AlgoOptions) -> bool {
    let before = s.tree.tokens();
    // level ← 0; nodes ← tagNodes(tree, level)
    let mut level: Vec<NodeId> = vec![s.tree.root()];
    while !level.is_empty() && !s.stopped() {
        // minconfig ← ddmin(nodes); prune(tree, level, minconfig)
        let items = removable(s, &level);
        reduce_nodes(s, items, ListAlgorithm::Ddmin, &o.dd, false);
        // level ← level + 1; nodes ← tagNodes(tree, level)
        level = next_level(s, &level);
    }
    s.tree.tokens() < before
}

/// The nodes of `level` that can be removed, with how.
pub fn removable(s: &Session<'_>, level: &[NodeId]) -> Vec<(NodeId, Subst)> {
    let view = s.view();
    level
        .iter()
        .filter(|&&n| s.tree.is_live(n))
        .filter_map(|&n| view.removal(n).map(|r| (n, r)))
        .collect()
}

/// The current children of the live nodes of `level`.
pub fn next_level(s: &Session<'_>, level: &[NodeId]) -> Vec<NodeId> {
    level
        .iter()
        .filter(|&&n| s.tree.is_live(n))
        .flat_map(|&n| s.tree.children(n))
        .collect()
}
