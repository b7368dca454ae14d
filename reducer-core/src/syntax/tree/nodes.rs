//! The node arena of a [`Tree`](super::tree::Tree): 5 bytes for every node, 10 more for the
//! nodes that are not chain links.
//!
//! A chain link is a node whose only child has the same span (C's precedence levels from
//! `assignment_expression` down to `primary_expression`: about 80 % of a C parse's nodes).
//! Its span and its descendants' end are its child's, and so is its weight until a committed
//! edit sets the two apart. So every node has a head (rule, flags, distance back to its
//! parent), and only the other nodes have a record (span start and length, token weight,
//! number of descendants). The records are in id order, found by rank over a bit per node. A
//! link's values are those of the first node after it with a record: the bottom of its chain,
//! as a link's child is the next id.
//!
//! A link's weight is its child's, read through the chain, unless the link carries
//! [`WEIGHED`]: then it is its own, in a side table. Setting a node's weight first gives the
//! link above it (the id before it, if that is a link reading through it) its current value as
//! its own, so every node's weight reads exactly as if each had a field of its own.
//!
//! The 16-bit fields (span length, weight, descendants, parent distance) keep the rare values
//! that do not fit (a span over 64 KB, a subtree of more than 65,534 nodes, a parent that far
//! back, or one after the node, as the root added around the top level is) in a side table per
//! field, and the inline field says so.
//!
//! While the tree is built, a node's record is written when the node closes, after its
//! descendants' (so in postorder), and only if it is not a link: the links' records never
//! exist. [`Nodes::index`] puts the records in id order once the parse is done.

use super::{Derivation, NodeId, RuleId, NONE};
use rustc_hash::FxHashMap;

/// The inline value of a field whose value is in the field's side table.
const WIDE: u16 = u16::MAX;

/// The fields kept inline in 16 bits (the index of each in [`Record::short`], and of its side
/// table in [`Nodes::wide`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    /// `span_end - span_start`.
    SpanLen = 0,
    /// Current token weight.
    Weight = 1,
    /// Number of descendants in the input's tree (`desc_end - id - 1`).
    Descendants = 2,
    /// `id - parent`, 0 for no parent; wide: the parent's id itself (in [`Head::up`]).
    Parent = 3,
}

const FIELDS: [Field; 4] = [
    Field::SpanLen,
    Field::Weight,
    Field::Descendants,
    Field::Parent,
];

/// What every node has: 5 bytes. Its children in the input's tree are implicit (ids are
/// given in preorder: the first child is `id + 1`, the next sibling of `c` is `c`'s
/// descendants' end) and so is its text (the input bytes of its span that no child's span
/// covers).
#[derive(Clone, Copy, Debug)]
struct Head {
    rule: [u8; 2],
    /// [`Field::Parent`].
    up: [u8; 2],
    /// The slot derivation and the `DEAD`, `PRISTINE`, `EDITED` and `WEIGHED` bits.
    flags: u8,
}

/// What a node that is not a chain link has besides its head: 10 bytes.
#[derive(Clone, Copy, Debug, Default)]
struct Record {
    /// The span's start, low half first.
    start: [u16; 2],
    /// [`Field::SpanLen`], [`Field::Weight`] and [`Field::Descendants`], or [`WIDE`].
    short: [u16; 3],
}

impl Record {
    fn start(&self) -> u32 {
        u32::from(self.start[0]) | u32::from(self.start[1]) << 16
    }
}

/// Flag: the node is no longer part of the current tree.
pub(super) const DEAD: u8 = 4;
/// Flag: no committed edit inside the subtree (it prints as its source span).
pub(super) const PRISTINE: u8 = 8;
/// Flag: the node has a committed substitution other than `Subst::Keep`.
pub(super) const EDITED: u8 = 16;
/// Flag: a chain link whose weight is its own (in [`Nodes::link_weights`]), not its child's.
const WEIGHED: u8 = 32;

/// The arena: heads by id, the records of the nodes that are not chain links, and the side
/// tables.
#[derive(Clone, Debug, Default)]
pub(super) struct Nodes {
    heads: Vec<Head>,
    /// A bit per node: whether it has a record (it is not a chain link).
    kept: Vec<u64>,
    /// Per word of `kept`, the number of records before it (once indexed).
    ranks: Vec<u32>,
    /// The records: in the order the nodes closed while building, in id order once indexed.
    records: Vec<Record>,
    /// Whether `records` is in id order and `ranks` counts them.
    indexed: bool,
    /// Per [`Field`], the values of the nodes whose inline field is [`WIDE`] (entries of
    /// nodes whose field is inline are stale and never read; [`Nodes::seal`] drops them).
    wide: [FxHashMap<NodeId, u32>; 4],
    /// The weights of the links with [`WEIGHED`].
    link_weights: FxHashMap<NodeId, u32>,
}

impl Nodes {
    /// An empty arena with room for `nodes` nodes, `records` of them not chain links.
    pub(super) fn with_capacity(nodes: usize, records: usize) -> Nodes {
        Nodes {
            heads: Vec::with_capacity(nodes),
            kept: Vec::with_capacity(nodes.div_ceil(64)),
            records: Vec::with_capacity(records),
            ..Nodes::default()
        }
    }

    /// Number of nodes.
    pub(super) fn len(&self) -> usize {
        self.heads.len()
    }

    /// Number of records written (nodes closed that are not chain links).
    pub(super) fn records(&self) -> usize {
        self.records.len()
    }

    /// Adds a live, pristine node of `rule` derived as `derivation`; its id. Its span,
    /// weight and descendants come with [`Nodes::close`].
    #[inline]
    pub(super) fn push(&mut self, rule: RuleId, derivation: Derivation, parent: NodeId) -> NodeId {
        let id = self.heads.len() as NodeId;
        let up = match parent {
            NONE => Some(0),
            _ => Self::parent_distance(id, parent),
        };
        self.heads.push(Head {
            rule: rule.to_le_bytes(),
            up: up.unwrap_or(WIDE).to_le_bytes(),
            flags: derivation_bits(derivation) | PRISTINE,
        });
        if id.is_multiple_of(64) {
            self.kept.push(0);
        }
        if up.is_none() {
            self.wide[Field::Parent as usize].insert(id, parent);
        }
        id
    }

    /// Ends node `id`, pushed as the last of its descendants was: its span is `start..end`,
    /// its weight `weight` and its descendants end at `desc_end`. A chain `link` (its only
    /// child, the last node closed, has the same span and weight) gets no record. While
    /// building, nodes close children first; once [`indexed`](Nodes::index), only a node
    /// pushed last can close (the root added around the top level).
    #[inline]
    pub(super) fn close(
        &mut self,
        id: NodeId,
        start: u32,
        end: u32,
        weight: u32,
        desc_end: NodeId,
        link: bool,
    ) {
        if link {
            return;
        }
        let word = (id / 64) as usize;
        if self.indexed {
            debug_assert_eq!(
                id as usize,
                self.heads.len() - 1,
                "a node closed after indexing"
            );
            if self.ranks.len() == word {
                self.ranks.push(self.records.len() as u32);
            }
        }
        self.kept[word] |= 1 << (id % 64);
        let mut short = [0u16; 3];
        for (field, value) in [end - start, weight, desc_end - id - 1]
            .into_iter()
            .enumerate()
        {
            short[field] = match u16::try_from(value) {
                Ok(v) if v != WIDE => v,
                _ => {
                    self.wide[field].insert(id, value);
                    WIDE
                }
            };
        }
        self.records.push(Record {
            start: [start as u16, (start >> 16) as u16],
            short,
        });
    }

    /// Drops the nodes from id `len` on, and the records from `records` on (the records of
    /// the nodes closed since there were `records`: while building, they are the nodes from
    /// `len` on that closed).
    #[inline]
    pub(super) fn truncate(&mut self, len: usize, records: usize) {
        debug_assert!(!self.indexed);
        if len >= self.heads.len() {
            // Nothing pushed since, so nothing closed (the common case: a rule that failed
            // before anything inside it matched).
            return;
        }
        self.heads.truncate(len);
        self.records.truncate(records);
        self.kept.truncate(len.div_ceil(64));
        if !len.is_multiple_of(64) {
            self.kept[len / 64] &= (1 << (len % 64)) - 1;
        }
    }

    /// Puts the records in id order once every node is closed (they were written as the
    /// nodes closed, children first), so that they can be found by rank. The order nodes close
    /// in is found again from the parents: a node closes after its descendants, before the
    /// next node that is not one of them.
    pub(super) fn index(&mut self) {
        if self.indexed {
            return;
        }
        self.count_ranks();
        let mut sorted = vec![Record::default(); self.records.len()];
        let mut closed = 0;
        let mut close = |nodes: &Nodes, id: NodeId| {
            if nodes.is_kept(id) {
                sorted[nodes.rank(id)] = nodes.records[closed];
                closed += 1;
            }
        };
        // The nodes open at each id: its ancestors.
        let mut open: Vec<NodeId> = Vec::new();
        for id in 0..self.heads.len() as NodeId {
            let parent = self.parent(id);
            while let Some(&top) = open.last() {
                if top == parent {
                    break;
                }
                open.pop();
                close(self, top);
            }
            open.push(id);
        }
        while let Some(top) = open.pop() {
            close(self, top);
        }
        assert_eq!(
            closed,
            self.records.len(),
            "records of nodes that never closed"
        );
        self.records = sorted;
        self.indexed = true;
    }

    /// Counts [`Nodes::ranks`] from the bits.
    fn count_ranks(&mut self) {
        self.ranks.clear();
        self.ranks.reserve_exact(self.kept.len());
        let mut before = 0;
        for &word in &self.kept {
            self.ranks.push(before);
            before += word.count_ones();
        }
    }

    /// Frees spare capacity and the side tables' stale entries, once the arena is complete
    /// and [indexed](Nodes::index).
    pub(super) fn seal(&mut self) {
        self.index();
        self.heads.shrink_to_fit();
        self.kept.shrink_to_fit();
        self.records.shrink_to_fit();
        self.count_ranks();
        self.ranks.shrink_to_fit();
        for field in FIELDS {
            let mut table = std::mem::take(&mut self.wide[field as usize]);
            table.retain(|&id, _| {
                (id as usize) < self.heads.len()
                    && match field {
                        Field::Parent => self.heads[id as usize].up == WIDE.to_le_bytes(),
                        _ => {
                            self.is_kept(id)
                                && self.records[self.rank(id)].short[field as usize] == WIDE
                        }
                    }
            });
            table.shrink_to_fit();
            self.wide[field as usize] = table;
        }
        self.link_weights.shrink_to_fit();
    }

    /// Number of side-table entries (live or stale).
    #[cfg(test)]
    pub(super) fn wide_entries(&self) -> usize {
        self.wide.iter().map(|t| t.len()).sum()
    }

    /// Number of links whose weight is their own.
    #[cfg(test)]
    pub(super) fn link_weights(&self) -> usize {
        self.link_weights.len()
    }

    /// Whether `id` has a record (is not a chain link).
    #[inline]
    pub(super) fn is_kept(&self, id: NodeId) -> bool {
        self.kept[(id / 64) as usize] >> (id % 64) & 1 != 0
    }

    /// The index of `id`'s record, if it has one: the records before it (once indexed).
    #[inline]
    fn rank(&self, id: NodeId) -> usize {
        let word = (id / 64) as usize;
        let below = self.kept[word] & ((1 << (id % 64)) - 1);
        self.ranks[word] as usize + below.count_ones() as usize
    }

    /// The first node at or after `id` with a record, and the record's index: `id` itself, or
    /// the bottom of the chain below the link `id` (the last node has a record: it has no
    /// child).
    #[inline(always)]
    fn bottom(&self, id: NodeId) -> (NodeId, usize) {
        debug_assert!(self.indexed);
        let mut word = (id / 64) as usize;
        let mut bits = self.kept[word] & (!0 << (id % 64));
        while bits == 0 {
            word += 1;
            bits = self.kept[word];
        }
        let bit = bits.trailing_zeros();
        let below = self.kept[word] & ((1 << bit) - 1);
        (
            word as NodeId * 64 + bit,
            self.ranks[word] as usize + below.count_ones() as usize,
        )
    }

    /// Field `field` of the record `index`, which is node `id`'s.
    #[inline]
    fn get(&self, id: NodeId, index: usize, field: Field) -> u32 {
        match self.records[index].short[field as usize] {
            WIDE => self.wide[field as usize][&id],
            v => u32::from(v),
        }
    }

    /// Sets field `field` of the record `index`, which is node `id`'s.
    #[inline]
    fn put(&mut self, id: NodeId, index: usize, field: Field, value: u32) {
        let slot = &mut self.records[index].short[field as usize];
        match u16::try_from(value) {
            // The common case: a short value replacing a short value.
            Ok(v) if v != WIDE && *slot != WIDE => *slot = v,
            _ => self.put_wide(id, index, field, value),
        }
    }

    /// [`Nodes::put`] where the old or the new value is in the side table.
    #[cold]
    #[inline(never)]
    fn put_wide(&mut self, id: NodeId, index: usize, field: Field, value: u32) {
        let slot = &mut self.records[index].short[field as usize];
        match u16::try_from(value) {
            Ok(v) if v != WIDE => {
                if *slot == WIDE {
                    self.wide[field as usize].remove(&id);
                }
                *slot = v;
            }
            _ => {
                *slot = WIDE;
                self.wide[field as usize].insert(id, value);
            }
        }
    }

    /// The rule of `id`.
    #[inline]
    pub(super) fn rule(&self, id: NodeId) -> RuleId {
        RuleId::from_le_bytes(self.heads[id as usize].rule)
    }

    /// Byte span of `id` in the input.
    #[inline]
    pub(super) fn span(&self, id: NodeId) -> (u32, u32) {
        let (bottom, index) = self.bottom(id);
        let start = self.records[index].start();
        (start, start + self.get(bottom, index, Field::SpanLen))
    }

    /// The id just past `id`'s descendants in the input's tree.
    #[inline]
    pub(super) fn desc_end(&self, id: NodeId) -> NodeId {
        let (bottom, index) = self.bottom(id);
        bottom + 1 + self.get(bottom, index, Field::Descendants)
    }

    /// [`Nodes::span`] and [`Nodes::desc_end`] of `id` at once.
    #[inline(always)]
    pub(super) fn extent(&self, id: NodeId) -> (u32, u32, NodeId) {
        let (bottom, index) = self.bottom(id);
        let start = self.records[index].start();
        (
            start,
            start + self.get(bottom, index, Field::SpanLen),
            bottom + 1 + self.get(bottom, index, Field::Descendants),
        )
    }

    /// Current token weight of `id`.
    #[inline]
    pub(super) fn weight(&self, id: NodeId) -> u32 {
        if self.link_weights.is_empty() {
            let (bottom, index) = self.bottom(id);
            return self.get(bottom, index, Field::Weight);
        }
        let mut node = id;
        loop {
            if self.is_kept(node) {
                return self.get(node, self.rank(node), Field::Weight);
            }
            if self.heads[node as usize].flags & WEIGHED != 0 {
                return self.link_weights[&node];
            }
            node += 1;
        }
    }

    /// Sets the token weight of `id`, and of no other node.
    pub(super) fn set_weight(&mut self, id: NodeId, weight: u32) {
        let old = self.weight(id);
        if old == weight {
            if self.heads[id as usize].flags & WEIGHED != 0 && self.weight(id + 1) == weight {
                // A link whose weight is its child's again.
                self.heads[id as usize].flags &= !WEIGHED;
                self.link_weights.remove(&id);
            }
            return;
        }
        // The link above `id`, if it reads its weight through `id`, keeps its value.
        if let Some(above) = id.checked_sub(1) {
            let link = !self.is_kept(above);
            let head = &mut self.heads[above as usize];
            if link && head.flags & WEIGHED == 0 {
                head.flags |= WEIGHED;
                self.link_weights.insert(above, old);
            }
        }
        if self.is_kept(id) {
            self.put(id, self.rank(id), Field::Weight, weight);
        } else if self.weight(id + 1) == weight {
            // The link's weight is its child's again.
            self.heads[id as usize].flags &= !WEIGHED;
            self.link_weights.remove(&id);
        } else {
            self.heads[id as usize].flags |= WEIGHED;
            self.link_weights.insert(id, weight);
        }
    }

    /// Sets the weight of `id`, which has a record, while the tree is built: the links whose
    /// chains end at `id` read the same.
    #[inline]
    pub(super) fn init_weight(&mut self, id: NodeId, weight: u32) {
        debug_assert!(self.is_kept(id) && self.link_weights.is_empty());
        self.put(id, self.rank(id), Field::Weight, weight);
    }

    /// The current parent of `id`, [`NONE`] for none.
    #[inline]
    pub(super) fn parent(&self, id: NodeId) -> NodeId {
        match u16::from_le_bytes(self.heads[id as usize].up) {
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
        let table = &mut self.wide[Field::Parent as usize];
        let head = &mut self.heads[id as usize];
        match inline {
            Some(up) => {
                if head.up == WIDE.to_le_bytes() {
                    table.remove(&id);
                }
                head.up = up.to_le_bytes();
            }
            None => {
                head.up = WIDE.to_le_bytes();
                table.insert(id, parent);
            }
        }
    }

    /// How `id` is derived in the slot it currently occupies.
    #[inline]
    pub(super) fn derivation(&self, id: NodeId) -> Derivation {
        match self.heads[id as usize].flags & 3 {
            0 => Derivation::Regular,
            1 => Derivation::Star,
            2 => Derivation::Plus,
            _ => Derivation::Optional,
        }
    }

    /// Sets the derivation of `id`'s slot.
    #[inline]
    pub(super) fn set_derivation(&mut self, id: NodeId, d: Derivation) {
        let head = &mut self.heads[id as usize];
        head.flags = (head.flags & !3) | derivation_bits(d);
    }

    /// Whether `id` has `flag` ([`DEAD`], [`PRISTINE`] or [`EDITED`]).
    #[inline]
    pub(super) fn has(&self, id: NodeId, flag: u8) -> bool {
        self.heads[id as usize].flags & flag != 0
    }

    /// Sets or clears `flag` ([`DEAD`], [`PRISTINE`] or [`EDITED`]) on `id`.
    #[inline]
    pub(super) fn set(&mut self, id: NodeId, flag: u8, on: bool) {
        debug_assert!(flag & (WEIGHED | 3) == 0);
        let head = &mut self.heads[id as usize];
        if on {
            head.flags |= flag;
        } else {
            head.flags &= !flag;
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
    use crate::syntax::tree::builder::tests::Rng;

    #[test]
    fn a_head_is_5_bytes_and_a_record_10() {
        assert_eq!(std::mem::size_of::<Head>(), 5);
        assert_eq!(std::mem::size_of::<Record>(), 10);
    }

    /// The reference: every field of every node as a plain `u32`, as the arena was before
    /// links shared their child's values.
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
        let (start, end, desc_end) = nodes.extent(id);
        assert_eq!((start, end), nodes.span(id));
        assert_eq!(desc_end, nodes.desc_end(id));
        Plain {
            span: (start, end),
            weight: nodes.weight(id),
            desc_end,
            parent: nodes.parent(id),
            rule: nodes.rule(id),
            derivation: nodes.derivation(id),
        }
    }

    fn check(nodes: &Nodes, plain: &[Plain]) {
        assert_eq!(nodes.len(), plain.len());
        for (id, p) in plain.iter().enumerate() {
            assert_eq!(read(nodes, id as NodeId), *p, "node {id}");
        }
    }

    const DERIVATIONS: [Derivation; 4] = [
        Derivation::Regular,
        Derivation::Star,
        Derivation::Plus,
        Derivation::Optional,
    ];

    /// Builds random trees into a [`Nodes`] as the tree builder does (nodes pushed in preorder,
    /// closed children first, links without a record, subtrees built and then truncated
    /// away) and into a plain list, side by side.
    struct Random {
        rng: Rng,
        nodes: Nodes,
        plain: Vec<Plain>,
        /// Where the next node's text may start.
        pos: u32,
        /// Stretches of text this long are rare: spans over 64 KB.
        long: u32,
    }

    impl Random {
        fn new(seed: u64, long: u32) -> Random {
            Random {
                rng: Rng(seed | 1),
                nodes: Nodes::with_capacity(0, 0),
                plain: Vec::new(),
                pos: 0,
                long,
            }
        }

        fn gap(&mut self) -> u32 {
            match self.rng.below(200) {
                0 => self.long,
                n => n % 4,
            }
        }

        /// A subtree under `parent`, below `branches` nodes that are not links; whether it is
        /// a chain link is decided by its shape. Its id.
        fn subtree(&mut self, parent: NodeId, branches: u32) -> NodeId {
            let rule = self.rng.below(50) as RuleId;
            let derivation = DERIVATIONS[self.rng.below(4) as usize];
            let id = self.nodes.push(rule, derivation, parent);
            assert_eq!(id as usize, self.plain.len());
            let start = self.pos;
            self.plain.push(Plain {
                span: (start, start),
                weight: 0,
                desc_end: id + 1,
                parent,
                rule,
                derivation,
            });
            // Mostly chains (one child, no text of its own), else 0 to 4 children with text
            // around them.
            let chain = branches < 7 && self.rng.below(10) < 7;
            let children = match branches {
                _ if chain => 1,
                0..7 => self
                    .rng
                    .below(5)
                    .saturating_sub(u32::from(self.rng.below(8) == 0)),
                _ => 0,
            };
            let below = branches + u32::from(!chain);
            let own_text = !chain || self.rng.below(8) == 0;
            let mut weight = 0;
            if children == 0 {
                self.pos += 1 + self.gap();
                weight += 1;
            }
            for _ in 0..children {
                if own_text {
                    let gap = self.gap();
                    weight += u32::from(gap > 0);
                    self.pos += gap;
                }
                if self.rng.below(6) == 0 {
                    // A child that closes and is rolled back, with everything after it.
                    let (len, records, pos) = (self.nodes.len(), self.nodes.records(), self.pos);
                    self.subtree(id, below);
                    self.nodes.truncate(len, records);
                    self.plain.truncate(len);
                    self.pos = pos;
                }
                let child = self.subtree(id, below);
                weight += self.plain[child as usize].weight;
            }
            if own_text {
                let gap = self.gap();
                weight += u32::from(gap > 0);
                self.pos += gap;
            }
            let desc_end = self.nodes.len() as NodeId;
            let link = children == 1 && self.plain[id as usize + 1].span == (start, self.pos);
            let p = &mut self.plain[id as usize];
            (p.span.1, p.weight, p.desc_end) = (self.pos, weight, desc_end);
            // Leaves are weighed as they close, the others when the tree is done.
            let closing_weight = if children == 0 { weight } else { 0 };
            self.nodes
                .close(id, start, self.pos, closing_weight, desc_end, link);
            id
        }

        /// Builds `tops` top-level trees, indexes and weighs.
        fn build(seed: u64, tops: u32, long: u32) -> (Nodes, Vec<Plain>) {
            let mut r = Random::new(seed, long);
            for _ in 0..tops {
                r.subtree(NONE, 0);
            }
            let Random {
                mut nodes, plain, ..
            } = r;
            nodes.index();
            for id in (0..nodes.len() as NodeId).rev() {
                if nodes.is_kept(id) && id + 1 < nodes.desc_end(id) {
                    nodes.init_weight(id, plain[id as usize].weight);
                }
            }
            (nodes, plain)
        }
    }

    /// The links are the nodes whose only child has their span.
    fn links(plain: &[Plain]) -> usize {
        (0..plain.len())
            .filter(|&id| {
                let p = &plain[id];
                p.desc_end as usize > id + 1
                    && plain[id + 1].span == p.span
                    && plain[id + 1].desc_end == p.desc_end
            })
            .count()
    }

    #[test]
    fn links_read_their_chains_values() {
        let (mut all, mut all_links, mut wide) = (0, 0, 0);
        for seed in 1..40 {
            let (mut nodes, plain) = Random::build(seed, 1 + seed as u32 % 3, 70_000);
            let links = links(&plain);
            assert_eq!(nodes.records(), plain.len() - links, "seed {seed}");
            check(&nodes, &plain);
            nodes.seal();
            check(&nodes, &plain);
            (all, all_links) = (all + plain.len(), all_links + links);
            wide += nodes.wide_entries();
        }
        assert!(
            all > 10_000 && all_links * 3 > all,
            "{all_links} links of {all}"
        );
        assert!(wide > 100, "{wide} spans over 64 KB");
    }

    /// Wide values: spans over 64 KB, a subtree of 70,000 nodes, parents more than 65,534
    /// ids back or after their node.
    #[test]
    fn wide_values_round_trip_through_the_side_tables() {
        const WIDTH: u32 = 70_000;
        let mut nodes = Nodes::with_capacity(0, 0);
        let mut plain = Vec::new();
        // A root with WIDTH leaves, every third of them under a link.
        let root = nodes.push(1, Derivation::Regular, NONE);
        let mut pos = 0;
        for i in 0..WIDTH {
            let chained = i % 3 == 0;
            let top = nodes.push(2, Derivation::Star, root);
            let leaf = match chained {
                true => nodes.push(3, Derivation::Regular, top),
                false => top,
            };
            let span = (pos, pos + 1 + i % 2);
            nodes.close(leaf, span.0, span.1, 1, leaf + 1, false);
            if chained {
                nodes.close(top, span.0, span.1, 0, leaf + 1, true);
            }
            for (id, parent) in [(top, root), (leaf, top)]
                .into_iter()
                .take(1 + chained as usize)
            {
                let rule = if id == leaf && chained { 3 } else { 2 };
                let derivation = match id == top {
                    true => Derivation::Star,
                    false => Derivation::Regular,
                };
                plain.push(Plain {
                    span,
                    weight: 1,
                    desc_end: leaf + 1,
                    parent,
                    rule,
                    derivation,
                });
            }
            pos = span.1 + 1;
        }
        let end = nodes.len() as NodeId;
        nodes.close(root, 0, pos, 0, end, false);
        plain.insert(
            0,
            Plain {
                span: (0, pos),
                weight: WIDTH,
                desc_end: end,
                parent: NONE,
                rule: 1,
                derivation: Derivation::Regular,
            },
        );
        // Added last, as the root around a top level: the parent of the first ten nodes.
        nodes.index();
        nodes.init_weight(root, WIDTH);
        let added = nodes.push(4, Derivation::Regular, NONE);
        nodes.close(added, 0, pos, WIDTH, added + 1, false);
        plain.push(Plain {
            span: (0, pos),
            weight: WIDTH,
            desc_end: added + 1,
            parent: NONE,
            rule: 4,
            derivation: Derivation::Regular,
        });
        for (id, p) in plain.iter_mut().enumerate().skip(1).take(10) {
            p.parent = added;
            nodes.set_parent(id as NodeId, added);
        }
        nodes.seal();
        check(&nodes, &plain);
        // The root's span, weight and descendants and the added root's span and weight; the
        // parents more than 65,534 back or after their node.
        let far = plain
            .iter()
            .enumerate()
            .filter(|&(id, p)| {
                p.parent != NONE && (p.parent as usize > id || id - p.parent as usize >= 0xffff)
            })
            .count();
        assert!(far > 20_000);
        assert_eq!(nodes.wide_entries(), 5 + far);

        // Going back inline drops the entries; flags leave the fields alone.
        for id in 0..plain.len() as NodeId {
            let p = &mut plain[id as usize];
            if p.parent != NONE {
                p.parent = if id % 2 == 0 { NONE } else { id - 1 };
                nodes.set_parent(id, p.parent);
            }
            nodes.set(id, DEAD, id % 3 == 0);
            nodes.set(id, EDITED, id % 5 == 0);
            nodes.set_derivation(id, Derivation::Plus);
            p.derivation = Derivation::Plus;
        }
        let root_weight = 7;
        nodes.set_weight(root, root_weight);
        plain[root as usize].weight = root_weight;
        nodes.seal();
        check(&nodes, &plain);
        // The roots' spans, the first root's descendants, the added root's weight.
        assert_eq!(nodes.wide_entries(), 4);
        for id in 0..plain.len() as NodeId {
            assert_eq!(nodes.has(id, DEAD), id % 3 == 0);
            assert_eq!(nodes.has(id, EDITED), id % 5 == 0);
            assert!(nodes.has(id, PRISTINE));
        }
    }

    /// Setting weights, as committed edits do (a link replaced by text, a node deleted under
    /// a chain, weights added up the parents), reads exactly as per-node fields would, and
    /// a link whose weight is its child's again gives its own up.
    #[test]
    fn set_weight_changes_exactly_one_node() {
        for seed in 1..30 {
            let (mut nodes, mut plain) = Random::build(seed, 2, 70_000);
            let n = plain.len() as u32;
            let mut rng = Rng(seed * 7919);
            for step in 0..400 {
                let id = match rng.below(3) {
                    // Up a chain from a node, as adding a weight up the parents does.
                    0 => {
                        let mut id = rng.below(n);
                        let delta = rng.below(5);
                        while id != NONE {
                            let p = &mut plain[id as usize];
                            p.weight = p.weight.saturating_sub(delta);
                            nodes.set_weight(id, p.weight);
                            id = p.parent;
                        }
                        continue;
                    }
                    _ => rng.below(n),
                };
                let weight = match rng.below(4) {
                    0 => 0,
                    1 => 70_000 + rng.below(10),
                    // The value of its child, or of the node above it.
                    2 => plain[(id as usize + 1).min(n as usize - 1)].weight,
                    _ => plain[id.saturating_sub(1) as usize].weight,
                };
                plain[id as usize].weight = weight;
                nodes.set_weight(id, weight);
                if step % 50 == 0 {
                    check(&nodes, &plain);
                }
            }
            check(&nodes, &plain);
            // Every link's weight back to its child's: no link keeps one of its own.
            for id in (0..n).rev() {
                let weight = plain[id as usize].weight;
                nodes.set_weight(id, weight);
            }
            for id in (0..n - 1).rev() {
                if !nodes.is_kept(id) {
                    let below = plain[id as usize + 1].weight;
                    plain[id as usize].weight = below;
                    nodes.set_weight(id, below);
                }
            }
            check(&nodes, &plain);
            assert_eq!(nodes.link_weights(), 0, "seed {seed}");
        }
    }
}
