//! The node arena of a [`Tree`](super::tree::Tree): 16 bytes a node.
//!
//! A node's span length, token weight, descendant count and distance to its parent are kept
//! in 16 bits each. The rare values that do not fit (a span over 64 KB, a subtree of more than
//! 65,534 nodes, a parent that far back, or one after the node, as the root added around the
//! top level is) go to a side table per field, and the inline field says so. In real inputs
//! these are a few nodes on the path to the root and the later children of very large
//! nodes: the side tables stay a small fraction of the arena.

use super::tree::{Derivation, NodeId, RuleId, NONE};
use rustc_hash::FxHashMap;

/// The inline value of a field whose value is in the field's side table.
const WIDE: u16 = u16::MAX;

/// The fields kept inline in 16 bits (the index of each in [`Node::short`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    /// `span_end - span_start`.
    SpanLen = 0,
    /// Current token weight.
    Weight = 1,
    /// Number of descendants in the input's tree (`desc_end - id - 1`).
    Descendants = 2,
    /// `id - parent`, 0 for no parent; wide: the parent's id itself.
    Parent = 3,
}

const FIELDS: [Field; 4] = [
    Field::SpanLen,
    Field::Weight,
    Field::Descendants,
    Field::Parent,
];

/// A node: 16 bytes. Its children in the input's tree are implicit (ids are given in
/// preorder: the first child is `id + 1`, the next sibling of `c` is `c`'s descendants' end)
/// and so is its text (the input bytes of its span that no child's span covers).
#[derive(Clone, Debug)]
struct Node {
    span_start: u32,
    /// The [`Field`]s, in their order, or [`WIDE`].
    short: [u16; 4],
    rule: RuleId,
    /// The slot derivation and the `DEAD`, `PRISTINE` and `EDITED` bits.
    flags: u8,
}

/// Flag: the node is no longer part of the current tree.
pub(super) const DEAD: u8 = 4;
/// Flag: no committed edit inside the subtree (it prints as its source span).
pub(super) const PRISTINE: u8 = 8;
/// Flag: the node has a committed substitution other than `Subst::Keep`.
pub(super) const EDITED: u8 = 16;

/// The arena: nodes by id, and the side tables of their wide fields.
#[derive(Clone, Debug, Default)]
pub(super) struct Nodes {
    nodes: Vec<Node>,
    /// Per [`Field`], the values of the nodes whose inline field is [`WIDE`] (entries of
    /// nodes whose field is inline are stale and never read; [`Nodes::seal`] drops them).
    wide: [FxHashMap<NodeId, u32>; 4],
}

impl Nodes {
    /// An empty arena with room for `capacity` nodes.
    pub(super) fn with_capacity(capacity: usize) -> Nodes {
        Nodes {
            nodes: Vec::with_capacity(capacity),
            wide: Default::default(),
        }
    }

    /// Number of nodes.
    pub(super) fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Adds a live, pristine node of `rule` derived as `derivation`, with an empty span at
    /// `start`, no descendants and weight 0; its id.
    #[inline]
    pub(super) fn push(
        &mut self,
        rule: RuleId,
        derivation: Derivation,
        parent: NodeId,
        start: u32,
    ) -> NodeId {
        let id = self.nodes.len() as NodeId;
        let up = match parent {
            NONE => Some(0),
            _ => Self::parent_distance(id, parent),
        };
        self.nodes.push(Node {
            span_start: start,
            short: [0, 0, 0, up.unwrap_or(WIDE)],
            rule,
            flags: derivation_bits(derivation) | PRISTINE,
        });
        if up.is_none() {
            self.store_wide(id, Field::Parent, None, parent);
        }
        id
    }

    /// Ends node `id`, pushed as the last of its descendants was: its span ends at `end`, its
    /// weight is `weight` and its descendants end at `desc_end`.
    #[inline]
    pub(super) fn close(&mut self, id: NodeId, end: u32, weight: u32, desc_end: NodeId) {
        let n = &mut self.nodes[id as usize];
        let (len, descendants) = (end - n.span_start, desc_end - id - 1);
        let short = |v: u32| v < u32::from(WIDE);
        if short(len) && short(weight) && short(descendants) && n.short[..3] == [0; 3] {
            n.short[..3].copy_from_slice(&[len as u16, weight as u16, descendants as u16]);
        } else {
            self.put(id, Field::SpanLen, len);
            self.put(id, Field::Weight, weight);
            self.put(id, Field::Descendants, descendants);
        }
    }

    /// `id - parent` if it fits inline (the parent is before the node, not too far).
    #[inline]
    fn parent_distance(id: NodeId, parent: NodeId) -> Option<u16> {
        id.checked_sub(parent)
            .filter(|&up| up > 0)
            .and_then(|up| u16::try_from(up).ok())
            .filter(|&up| up != WIDE)
    }

    /// Drops the nodes from id `len` on.
    pub(super) fn truncate(&mut self, len: usize) {
        self.nodes.truncate(len);
    }

    /// Frees spare capacity and the side tables' stale entries, once the arena is complete.
    pub(super) fn seal(&mut self) {
        self.nodes.shrink_to_fit();
        for field in FIELDS {
            let nodes = &self.nodes;
            let table = &mut self.wide[field as usize];
            table.retain(|&id, _| {
                nodes
                    .get(id as usize)
                    .is_some_and(|n| n.short[field as usize] == WIDE)
            });
            table.shrink_to_fit();
        }
    }

    /// Number of side-table entries (live or stale).
    #[cfg(test)]
    pub(super) fn wide_entries(&self) -> usize {
        self.wide.iter().map(|t| t.len()).sum()
    }

    #[inline]
    fn get(&self, id: NodeId, field: Field) -> u32 {
        match self.nodes[id as usize].short[field as usize] {
            WIDE => self.wide[field as usize][&id],
            v => u32::from(v),
        }
    }

    /// Stores `inline` in the node, or [`WIDE`] and `value` in the side table if `inline` is
    /// `None`.
    #[inline]
    fn store(&mut self, id: NodeId, field: Field, inline: Option<u16>, value: u32) {
        let slot = &mut self.nodes[id as usize].short[field as usize];
        match inline {
            // The common case: a short value replacing a short value.
            Some(v) if v != WIDE && *slot != WIDE => *slot = v,
            _ => self.store_wide(id, field, inline, value),
        }
    }

    /// [`Nodes::store`] where the old or the new value is in the side table.
    #[cold]
    #[inline(never)]
    fn store_wide(&mut self, id: NodeId, field: Field, inline: Option<u16>, value: u32) {
        let slot = &mut self.nodes[id as usize].short[field as usize];
        match inline.filter(|&v| v != WIDE) {
            Some(v) => {
                if *slot == WIDE {
                    self.wide[field as usize].remove(&id);
                }
                *slot = v;
            }
            None => {
                *slot = WIDE;
                self.wide[field as usize].insert(id, value);
            }
        }
    }

    #[inline]
    fn put(&mut self, id: NodeId, field: Field, value: u32) {
        self.store(id, field, u16::try_from(value).ok(), value);
    }

    /// The rule of `id`.
    #[inline]
    pub(super) fn rule(&self, id: NodeId) -> RuleId {
        self.nodes[id as usize].rule
    }

    /// Byte offset of the first byte of `id`'s span.
    #[inline]
    pub(super) fn span_start(&self, id: NodeId) -> u32 {
        self.nodes[id as usize].span_start
    }

    /// Byte span of `id` in the input.
    #[inline]
    pub(super) fn span(&self, id: NodeId) -> (u32, u32) {
        let start = self.span_start(id);
        (start, start + self.get(id, Field::SpanLen))
    }

    /// Current token weight of `id`.
    #[inline]
    pub(super) fn weight(&self, id: NodeId) -> u32 {
        self.get(id, Field::Weight)
    }

    /// Sets the token weight of `id`.
    #[inline]
    pub(super) fn set_weight(&mut self, id: NodeId, weight: u32) {
        self.put(id, Field::Weight, weight);
    }

    /// The id just past `id`'s descendants in the input's tree.
    #[inline]
    pub(super) fn desc_end(&self, id: NodeId) -> NodeId {
        id + 1 + self.get(id, Field::Descendants)
    }

    /// The current parent of `id`, [`NONE`] for none.
    #[inline]
    pub(super) fn parent(&self, id: NodeId) -> NodeId {
        match self.nodes[id as usize].short[Field::Parent as usize] {
            0 => NONE,
            WIDE => self.wide[Field::Parent as usize][&id],
            up => id - NodeId::from(up),
        }
    }

    /// Sets the current parent of `id` ([`NONE`] for none).
    #[inline]
    pub(super) fn set_parent(&mut self, id: NodeId, parent: NodeId) {
        let inline = match parent {
            NONE => Some(0),
            _ => Self::parent_distance(id, parent),
        };
        self.store(id, Field::Parent, inline, parent);
    }

    /// How `id` is derived in the slot it currently occupies.
    #[inline]
    pub(super) fn derivation(&self, id: NodeId) -> Derivation {
        match self.nodes[id as usize].flags & 3 {
            0 => Derivation::Regular,
            1 => Derivation::Star,
            2 => Derivation::Plus,
            _ => Derivation::Optional,
        }
    }

    /// Sets the derivation of `id`'s slot.
    #[inline]
    pub(super) fn set_derivation(&mut self, id: NodeId, d: Derivation) {
        let n = &mut self.nodes[id as usize];
        n.flags = (n.flags & !3) | derivation_bits(d);
    }

    /// Whether `id` has `flag` ([`DEAD`], [`PRISTINE`] or [`EDITED`]).
    #[inline]
    pub(super) fn has(&self, id: NodeId, flag: u8) -> bool {
        self.nodes[id as usize].flags & flag != 0
    }

    /// Sets or clears `flag` on `id`.
    #[inline]
    pub(super) fn set(&mut self, id: NodeId, flag: u8, on: bool) {
        let n = &mut self.nodes[id as usize];
        if on {
            n.flags |= flag;
        } else {
            n.flags &= !flag;
        }
    }
}

fn derivation_bits(d: Derivation) -> u8 {
    match d {
        Derivation::Regular => 0,
        Derivation::Star => 1,
        Derivation::Plus => 2,
        Derivation::Optional => 3,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_node_is_16_bytes() {
        assert_eq!(std::mem::size_of::<Node>(), 16);
    }

    /// The plain expectation: every field as a full `u32`.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    struct Plain {
        span: (u32, u32),
        weight: u32,
        desc_end: NodeId,
        parent: NodeId,
        rule: RuleId,
        derivation: Derivation,
    }

    fn read(nodes: &Nodes, id: NodeId) -> Plain {
        Plain {
            span: nodes.span(id),
            weight: nodes.weight(id),
            desc_end: nodes.desc_end(id),
            parent: nodes.parent(id),
            rule: nodes.rule(id),
            derivation: nodes.derivation(id),
        }
    }

    fn write(nodes: &mut Nodes, id: NodeId, p: &Plain) {
        nodes.close(id, p.span.1, p.weight, p.desc_end);
        nodes.set_parent(id, p.parent);
    }

    /// How many of the plain values do not fit in 16 bits (a parent after its node never does).
    fn wide_values(plain: &[Plain]) -> usize {
        let wide = |v: u32| usize::from(v >= 0xffff);
        let mut n = 0;
        for (id, p) in plain.iter().enumerate() {
            let id = id as NodeId;
            n += wide(p.span.1 - p.span.0) + wide(p.weight) + wide(p.desc_end - id - 1);
            if p.parent != NONE {
                n += usize::from(p.parent > id) + wide(id.saturating_sub(p.parent));
            }
        }
        n
    }

    /// A root spanning 200,000 bytes with 70,000 children (a wide tree: the later children's
    /// parent is more than 65,534 ids back), the last child holding a chain 70,000 deep (its
    /// nodes have more than 65,534 descendants), and a node added after the others as the
    /// parent of the first ones, as the root added around a top level is.
    #[test]
    fn wide_values_round_trip_through_the_side_tables() {
        const WIDTH: u32 = 70_000;
        const DEPTH: u32 = 70_000;
        let total = WIDTH + DEPTH;
        let mut plain: Vec<Plain> = Vec::new();
        // The root, then WIDTH - 1 leaf children, then the chain under the last child.
        plain.push(Plain {
            span: (0, 200_000),
            weight: 100_000,
            desc_end: total,
            parent: NONE,
            rule: 1,
            derivation: Derivation::Regular,
        });
        for i in 1..WIDTH {
            plain.push(Plain {
                span: (i, i + 1 + i % 3),
                weight: i % 70_000,
                desc_end: i + 1,
                parent: 0,
                rule: (i % 7) as RuleId,
                derivation: Derivation::Star,
            });
        }
        for i in WIDTH..total {
            plain.push(Plain {
                span: (WIDTH, 150_000 - (i - WIDTH)),
                weight: 80_000 - (i - WIDTH),
                desc_end: total,
                parent: if i == WIDTH { 0 } else { i - 1 },
                rule: 9,
                derivation: Derivation::Optional,
            });
        }
        // Added last: the parent of the first ten leaves.
        plain.push(Plain {
            span: (0, 200_000),
            weight: 3,
            desc_end: total + 1,
            parent: NONE,
            rule: 2,
            derivation: Derivation::Regular,
        });
        for p in plain.iter_mut().skip(1).take(10) {
            p.parent = total;
        }
        let mut nodes = Nodes::with_capacity(0);
        for (id, p) in plain.iter().enumerate() {
            let id = id as NodeId;
            assert_eq!(nodes.push(p.rule, p.derivation, NONE, p.span.0), id);
            write(&mut nodes, id, p);
        }
        nodes.seal();
        for (id, p) in plain.iter().enumerate() {
            assert_eq!(read(&nodes, id as NodeId), *p, "node {id}");
        }
        assert_eq!(nodes.wide_entries(), wide_values(&plain));
        // The root's span, weight and descendants, the later leaves' weights and parents, the
        // ten leaves moved, the chain's upper part.
        assert!(wide_values(&plain) > 20_000);

        // Going back inline drops the entries; flags leave the fields alone.
        let mut edited = plain.clone();
        for (id, p) in edited.iter_mut().enumerate() {
            p.weight = (id % 100) as u32;
            if p.parent != NONE {
                p.parent = if id.is_multiple_of(2) {
                    NONE
                } else {
                    id as NodeId - 1
                };
            }
            write(&mut nodes, id as NodeId, p);
            nodes.set(id as NodeId, DEAD, id.is_multiple_of(3));
            nodes.set(id as NodeId, EDITED, id.is_multiple_of(5));
            nodes.set_derivation(id as NodeId, Derivation::Plus);
            p.derivation = Derivation::Plus;
        }
        nodes.seal();
        assert_eq!(nodes.wide_entries(), wide_values(&edited));
        for (id, p) in edited.iter().enumerate() {
            let id = id as NodeId;
            assert_eq!(read(&nodes, id), *p, "node {id}");
            assert_eq!(nodes.has(id, DEAD), id.is_multiple_of(3));
            assert_eq!(nodes.has(id, EDITED), id.is_multiple_of(5));
            assert!(nodes.has(id, PRISTINE));
        }
    }

    /// Truncated nodes' wide entries are stale: a node taking the id again reads its own
    /// values, and sealing drops them.
    #[test]
    fn truncation_leaves_no_value_behind() {
        let mut nodes = Nodes::with_capacity(0);
        nodes.push(0, Derivation::Regular, NONE, 0);
        let big = nodes.push(1, Derivation::Regular, 0, 0);
        nodes.close(big, 100_000, 70_000, big + 1);
        nodes.truncate(1);
        let small = nodes.push(2, Derivation::Star, 0, 5);
        assert_eq!(small, big);
        nodes.close(small, 6, 0, small + 1);
        assert_eq!(nodes.span(small), (5, 6));
        assert_eq!(nodes.weight(small), 0);
        assert_eq!(nodes.wide_entries(), 2);
        nodes.seal();
        assert_eq!(nodes.wide_entries(), 0);
        assert_eq!(
            (
                nodes.parent(small),
                nodes.rule(small),
                nodes.desc_end(small)
            ),
            (0, 2, 2)
        );
    }
}
