//! Edits: an [`EditSet`] is a candidate on top of the current tree; committing one makes it
//! the current tree (liveness, parents, slot derivations and token weights updated).

use super::{NodeId, Subst, Tree, DEAD, EDITED, NONE, PRISTINE};
use rustc_hash::FxHashMap;
use std::sync::Arc;

/// A set of edits on top of the current tree: one substitution per edited node.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EditSet {
    map: FxHashMap<NodeId, Subst>,
    /// The smallest and largest edited ids: printing asks about every slot it passes, and
    /// most lie outside this range.
    range: Option<(NodeId, NodeId)>,
}

impl EditSet {
    /// An empty edit set.
    pub fn new() -> Self {
        Self::default()
    }
    /// An edit set deleting all of `nodes`.
    pub fn deleting(nodes: impl IntoIterator<Item = NodeId>) -> Self {
        let mut e = Self::new();
        for n in nodes {
            e.delete(n);
        }
        e
    }
    /// Deletes `node`.
    pub fn delete(&mut self, node: NodeId) -> &mut Self {
        self.set(node, Subst::Delete)
    }
    /// Replaces `node` by its descendant `by`.
    pub fn hoist(&mut self, node: NodeId, by: NodeId) -> &mut Self {
        self.set(node, Subst::Hoist(by))
    }
    /// Replaces `node` by `text`.
    pub fn replace(&mut self, node: NodeId, text: Arc<str>) -> &mut Self {
        self.set(node, Subst::Text(text))
    }
    /// Sets an arbitrary substitution for `node`.
    pub fn set(&mut self, node: NodeId, subst: Subst) -> &mut Self {
        self.map.insert(node, subst);
        self.range = Some(match self.range {
            Some((lo, hi)) => (lo.min(node), hi.max(node)),
            None => (node, node),
        });
        self
    }
    /// The substitution of `node`, if edited.
    pub fn get(&self, node: NodeId) -> Option<&Subst> {
        match self.range {
            Some((lo, hi)) if (lo..=hi).contains(&node) => self.map.get(&node),
            _ => None,
        }
    }
    /// Number of edited nodes.
    pub fn len(&self) -> usize {
        self.map.len()
    }
    /// Whether nothing is edited.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }
    /// The edits, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = (NodeId, &Subst)> {
        self.map.iter().map(|(&n, s)| (n, s))
    }
    /// Adds all edits of `other` (its entries win).
    pub fn extend(&mut self, other: &EditSet) {
        for (n, s) in other.iter() {
            self.set(n, s.clone());
        }
    }
    /// The edits of all of `sets` together; where two edit the same node, the earlier
    /// one's substitution stands.
    pub fn union<'a>(sets: impl DoubleEndedIterator<Item = &'a EditSet>) -> EditSet {
        let mut all = EditSet::new();
        for e in sets.rev() {
            all.extend(e);
        }
        all
    }
    /// Whether committing these edits would change nothing in `tree`: every edited node is
    /// gone already (after a merged commit took in an edit of it, or of an ancestor).
    pub fn is_moot(&self, tree: &Tree) -> bool {
        self.map.keys().all(|&n| !tree.is_live(n))
    }
}

impl Tree {
    /// Whether any edit was committed since the tree was built.
    pub fn has_edits(&self) -> bool {
        !self.state.is_empty()
    }

    /// Applies `edits` to the current tree for good: updates liveness, parents, slot
    /// derivations and token weights. Edits on nodes that are no longer live are ignored.
    pub fn commit(&mut self, edits: &EditSet) {
        // Outermost edits first, so that edits inside a deleted subtree are skipped.
        let mut order: Vec<(NodeId, &Subst)> = edits.iter().collect();
        order.sort_by_key(|&(n, _)| self.depth(n));
        // Nodes that a hoist moves out of another edited subtree (the next item of a
        // separated list taking the first one's slot): they survive that subtree's edit.
        // (Found before any edit is applied: a hoist re-parents the node it moves.)
        let moved: Vec<NodeId> = order
            .iter()
            .filter_map(|&(n, s)| match s {
                Subst::Hoist(by) if !self.is_ancestor_or_self(n, *by) => Some(*by),
                _ => None,
            })
            .collect();
        let spared: FxHashMap<NodeId, NodeId> = order
            .iter()
            .filter(|(_, s)| matches!(s, Subst::Delete | Subst::Text(_)))
            .filter_map(|&(n, _)| {
                let m = moved.iter().find(|&&m| self.is_ancestor_or_self(n, m))?;
                Some((n, *m))
            })
            .collect();
        let spared = |node: NodeId| spared.get(&node).copied().unwrap_or(NONE);
        for (node, subst) in order {
            if self.nodes.has(node, DEAD) {
                continue;
            }
            let old = self.nodes.weight(node);
            let parent = self.nodes.parent(node);
            let new = match subst {
                Subst::Keep => continue,
                // The slot prints nothing from now on, as a gap (see `Tree::is_gap`).
                Subst::Delete => {
                    let keep = spared(node);
                    self.kill_subtree(node, keep);
                    0
                }
                Subst::Text(t) => {
                    let keep = spared(node);
                    self.kill_below(node, keep);
                    let w = self.counter.count(t);
                    self.nodes.set_weight(node, w);
                    w
                }
                Subst::Hoist(by) => {
                    let by = *by;
                    if self.nodes.has(by, DEAD) {
                        continue;
                    }
                    self.kill_subtree(node, by);
                    let derivation = self.nodes.derivation(node);
                    let slot_rule = self.slot_rule(node);
                    if slot_rule == self.nodes.rule(by) {
                        self.slot_rules.remove(&by);
                    } else {
                        self.slot_rules.insert(by, slot_rule);
                    }
                    self.nodes.set_parent(by, parent);
                    self.nodes.set_derivation(by, derivation);
                    self.nodes.weight(by)
                }
            };
            self.state.insert(node, subst.clone());
            self.nodes.set(node, EDITED, true);
            self.touch(node);
            if node == self.root {
                if let Subst::Hoist(by) = subst {
                    self.root = *by;
                }
            }
            self.add_weight(parent, new as i64 - old as i64);
        }
    }

    /// Marks `node` and its ancestors as no longer printing their source span.
    fn touch(&mut self, mut node: NodeId) {
        while node != NONE && self.nodes.has(node, PRISTINE) {
            self.nodes.set(node, PRISTINE, false);
            node = self.nodes.parent(node);
        }
    }

    /// Whether the pristine node `n` is one of `sorted` (ascending ids) or has one of them
    /// among its descendants.
    pub(super) fn holds_any(&self, n: NodeId, sorted: &[NodeId]) -> bool {
        if n == self.root {
            // The root added around the top-level nodes holds them all, but not by id range.
            return !sorted.is_empty();
        }
        let end = self.nodes.desc_end(n);
        let first = sorted.partition_point(|&e| e < n);
        sorted.get(first).is_some_and(|&e| e < end)
    }

    /// Number of current ancestors of `node`.
    fn depth(&self, mut node: NodeId) -> usize {
        let mut d = 0;
        while let Some(p) = self.parent(node) {
            node = p;
            d += 1;
        }
        d
    }

    fn add_weight(&mut self, mut node: NodeId, delta: i64) {
        if delta == 0 {
            return;
        }
        while node != NONE {
            let weight = (self.nodes.weight(node) as i64 + delta).max(0) as u32;
            self.nodes.set_weight(node, weight);
            node = self.nodes.parent(node);
        }
    }

    /// Marks `node` and its current descendants dead, except the subtree of `keep`.
    fn kill_subtree(&mut self, node: NodeId, keep: NodeId) {
        if node == keep {
            return;
        }
        self.kill_below(node, keep);
        self.nodes.set(node, DEAD, true);
    }

    /// Marks the current descendants of `node` dead, except the subtree of `keep`.
    fn kill_below(&mut self, node: NodeId, keep: NodeId) {
        let mut stack: Vec<NodeId> = self.children(node).collect();
        while let Some(n) = stack.pop() {
            if n == keep {
                continue;
            }
            stack.extend(self.children(n));
            self.nodes.set(n, DEAD, true);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::tree::builder::tests::{random_tree, Rng, RULES};
    use crate::syntax::tree::Segment;

    /// The tokens a slot prints now, worked out plainly from the committed substitutions and
    /// the input's text (a token rule's node is one token).
    fn printed(t: &Tree, slot: NodeId) -> u32 {
        match t.subst(slot) {
            Subst::Text(s) => t.token_counter().count(s),
            Subst::Delete => 0,
            Subst::Hoist(by) => printed(t, *by),
            Subst::Keep if RULES[t.rule(slot) as usize].token => {
                let (start, end) = t.source_span(slot);
                u32::from(end > start)
            }
            Subst::Keep => t
                .segments(slot)
                .map(|s| match s {
                    Segment::Text { start, end } => t
                        .token_counter()
                        .count(&t.source()[start as usize..end as usize]),
                    Segment::Child(c) => printed(t, c),
                    Segment::Gap => 0,
                })
                .sum(),
        }
    }

    /// Committed deletions, replacements and hoists keep every live node's weight at what
    /// its current text counts, links and the nodes at the bottom of their chains included.
    #[test]
    fn committed_weights_match_a_plain_recount() {
        let mut set_apart = 0;
        for seed in 1..12 {
            let mut t = random_tree(seed, 2_000);
            let mut rng = Rng(seed * 31);
            for _ in 0..60 {
                let live: Vec<NodeId> = t.bfs();
                let node = live[1 + rng.below(live.len() as u32 - 1) as usize];
                let mut e = EditSet::new();
                match rng.below(3) {
                    0 => e.delete(node),
                    1 => e.replace(node, ["", "x", "x ( y"][rng.below(3) as usize].into()),
                    _ => {
                        // A descendant a few levels down, often the bottom of a chain.
                        let mut by = node;
                        for _ in 0..1 + rng.below(4) {
                            let children: Vec<NodeId> = t.children(by).collect();
                            match children.len() {
                                0 => break,
                                n => by = children[rng.below(n as u32) as usize],
                            }
                        }
                        if by == node {
                            continue;
                        }
                        e.hoist(node, by)
                    }
                };
                t.commit(&e);
                for n in t.bfs() {
                    assert_eq!(t.weight(n), printed(&t, n), "seed {seed} node {n}");
                }
                set_apart = set_apart.max(t.nodes.link_weights());
            }
        }
        assert!(
            set_apart > 0,
            "no link's weight was set apart from its child's"
        );
    }
}
