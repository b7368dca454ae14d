//! HDD (Misherghi and Su, "HDD: Hierarchical Delta Debugging", ICSE 2006, in the formulation of
//! Fig. 2 of Vince et al., "Extending Hierarchical Delta Debugging with Hoisting", AST 2021):
//! ddmin over the nodes of each level of the tree, from the root to the leaves. A node outside the configuration is deleted when it
//! is nullable, or replaced by its rule's minimal text when that is shorter; a node that
//! allows neither is not part of the configuration.

use super::levels::{level_by_level, tree_children};
use super::nodes::reduce_nodes;
use super::AlgoOptions;
use crate::engine::session::Session;
use crate::reduce::list::ListAlgorithm;
use crate::syntax::tree::{NodeId, Subst};

/// One HDD pass over all levels; returns whether the tree got smaller.
pub fn pass(s: &mut Session<'_>, o: &AlgoOptions) -> bool {
    level_by_level(s, tree_children, |s, level| {
        // minconfig ← ddmin(nodes); prune(tree, level, minconfig)
        prune(s, o, &level);
        level
    })
}

/// HDD's step on one level: ddmin over its removable nodes; what stays, stays.
pub fn prune(s: &mut Session<'_>, o: &AlgoOptions, level: &[NodeId]) {
    let items = removable(s, level);
    reduce_nodes(s, items, ListAlgorithm::Ddmin, &o.dd, false);
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
