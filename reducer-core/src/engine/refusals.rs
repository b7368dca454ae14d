//! The deletions found not interesting on the current tree, for generators that assume what
//! delta debugging assumes: that a candidate deleting all of a refused deletion and more is
//! not interesting either (monotony, Definition 3.1 of Wang et al., "Probabilistic Delta
//! Debugging", ESEC/FSE 2021). A commit changes the tree and clears them: a refusal says
//! nothing about a text it was not tested on.

use crate::syntax::tree::{NodeId, Tree};
use rustc_hash::FxHashMap;

/// Refused deletions of more nodes than this are not kept: a candidate deleting all of them
/// and more is rare, and large sets would cost memory on large trees.
pub const MAX_REFUSED_NODES: usize = 4;

/// Sets of nodes whose deletion, as one candidate, was refused by the cache or the oracle
/// on the current tree (a syntax rejection is not a refusal: a larger deletion may parse).
///
/// It also keeps, for the whole run, the names a transformation could not change
/// ([`Refusals::refused_name`]): a hint for the order of later tries, never a reason to skip
/// one, since the text changes around them.
#[derive(Clone, Debug, Default)]
pub struct Refusals {
    /// Each refused set, under its first node.
    by_node: FxHashMap<NodeId, Vec<Box<[NodeId]>>>,
    /// Names whose change was refused at some point of the run.
    names: rustc_hash::FxHashSet<String>,
}

impl Refusals {
    /// Forgets every refused deletion (the tree changed); the refused names stay.
    pub fn clear(&mut self) {
        self.by_node.clear();
    }

    /// Records that changing `name` (renaming it, say) was refused.
    pub fn record_name(&mut self, name: &str) {
        if !self.names.contains(name) {
            self.names.insert(name.to_string());
        }
    }

    /// Whether changing `name` was refused at some point of the run.
    pub fn refused_name(&self, name: &str) -> bool {
        self.names.contains(name)
    }

    /// Whether nothing was refused on the current tree.
    pub fn is_empty(&self) -> bool {
        self.by_node.is_empty()
    }

    /// Records that deleting all of `nodes` at once was refused; sets larger than
    /// [`MAX_REFUSED_NODES`] (and empty ones) are not kept.
    pub fn record(&mut self, nodes: &[NodeId]) {
        if let (Some(&first), 1..=MAX_REFUSED_NODES) = (nodes.first(), nodes.len()) {
            self.by_node.entry(first).or_default().push(nodes.into());
        }
    }

    /// Whether replacing `node` by its descendant `by` (hoisting) deletes every node of a
    /// refused set: each of them lies in `node`'s subtree, outside `by`'s, and is not one
    /// of `by`'s ancestors (deleting those would delete `by` too).
    pub fn cover_hoist(&self, tree: &Tree, node: NodeId, by: NodeId) -> bool {
        if self.is_empty() {
            return false;
        }
        // The nodes from `by`'s parent up to `node`: they stay, holding `by`.
        let mut path = Vec::new();
        let mut up = tree.parent(by);
        while let Some(p) = up {
            path.push(p);
            if p == node {
                break;
            }
            up = tree.parent(p);
        }
        if path.last() != Some(&node) {
            return false; // `by` is not below `node`
        }
        let deleted = |m: NodeId| {
            tree.is_live(m)
                && tree.is_ancestor_or_self(node, m)
                && !tree.is_ancestor_or_self(by, m)
                && !path.contains(&m)
        };
        let mut stack = vec![node];
        while let Some(d) = stack.pop() {
            if d == by {
                continue;
            }
            if !path.contains(&d) {
                let sets = self.by_node.get(&d).map_or(&[][..], Vec::as_slice);
                if sets.iter().any(|set| set.iter().all(|&m| deleted(m))) {
                    return true;
                }
            }
            stack.extend(tree.children(d));
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::rule::{BLOCK_STAR, PROGRAM_STAR, STMT};
    use crate::testing::Toy;
    use crate::Language;

    use crate::testing::node_spelling as node;

    #[test]
    fn a_hoist_covers_a_refusal_when_it_deletes_all_of_it() {
        let tree = Toy.parse("{ a(); b(); c(); } d();").unwrap();
        let block = node(&tree, STMT, "{ a(); b(); c(); }");
        let [a, b, c] = ["a();", "b();", "c();"].map(|t| node(&tree, BLOCK_STAR, t));
        let d = node(&tree, PROGRAM_STAR, "d();");
        let b_stmt = node(&tree, STMT, "b();");
        let hoist_b = |r: &Refusals| r.cover_hoist(&tree, block, b_stmt);
        let mut r = Refusals::default();
        assert!(!hoist_b(&r), "nothing refused");
        // `b();` itself, and the block around it, stay or are kept: not covered.
        r.record(&[b]);
        r.record(&[block]);
        assert!(!hoist_b(&r));
        // A set with a node outside the block is not deleted in full.
        r.record(&[a, d]);
        assert!(!hoist_b(&r));
        // Both `a();` and `c();` go with the hoist.
        r.record(&[a, c]);
        assert!(hoist_b(&r));
        // A single one too; and a hoist of something that is not below is never covered.
        let mut single = Refusals::default();
        single.record(&[c]);
        assert!(hoist_b(&single));
        assert!(!single.cover_hoist(&tree, d, b_stmt));
        // Sets above the size limit are not kept.
        let mut large = Refusals::default();
        large.record(&[a, c, a, c, a][..MAX_REFUSED_NODES + 1]);
        assert!(large.is_empty());
        single.clear();
        assert!(!hoist_b(&single));
    }
}
