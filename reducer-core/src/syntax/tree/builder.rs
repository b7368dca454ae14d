//! Building a [`Tree`] from a parser's stream of rule open/close events.

use super::{Derivation, NodeId, Nodes, RuleId, Tree, NONE};
use crate::syntax::tokens::TokenCounter;
use rustc_hash::FxHashMap;
use std::sync::Arc;

/// The state of a [`TreeBuilder`] to go back to ([`TreeBuilder::mark`],
/// [`TreeBuilder::rollback`]): a parser that backtracks undoes the events since.
#[derive(Clone, Copy)]
pub struct Mark {
    nodes: u32,
    records: u32,
    open: u32,
    in_arena: u32,
    skip_depth: u32,
    top: u32,
    last_closed: Closed,
}

/// The node closed last, and its span: when a node closes, the last node closed is its last
/// child, and the node is a chain link if that is also its first (`id + 1`) and spans as much.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Closed {
    id: NodeId,
    start: u32,
    end: u32,
}

/// A rule open: its rule, where it starts, and its node once it is in the arena.
#[derive(Clone, Copy)]
struct Open {
    rule: RuleId,
    pos: u32,
    /// [`NONE`] until the node is added to the arena.
    id: NodeId,
}

/// Builds a [`Tree`] from a stream of rule open/close events (pest's `Pairs::tokens()`, or a
/// parser's calls as they happen, with [`TreeBuilder::rollback`] when it backtracks).
///
/// A backtracking parser opens several rules for each one it keeps, most of them failing
/// before anything inside matched. So a rule opened enters the arena only when a rule inside
/// it, or itself, closes; with it go the open rules around it that are not there yet, in
/// order, so ids stay in preorder. A node that closes as a chain link (its only child has its
/// span) gets no record in the arena (see `syntax/tree/nodes.rs`). Weights are computed once, for the
/// nodes kept, when the tree is finished.
pub struct TreeBuilder<'r> {
    rules: &'r [super::RuleInfo],
    source: Arc<str>,
    nodes: Nodes,
    /// The rules open, innermost last.
    open: Vec<Open>,
    /// How many of the outermost open rules are in the arena (the others are not, yet).
    in_arena: usize,
    /// Depth of events nested inside a token rule or a hidden rule (ignored).
    skip_depth: usize,
    top: Vec<NodeId>,
    last_closed: Closed,
    counter: TokenCounter,
}

impl<'r> TreeBuilder<'r> {
    /// Starts building a tree for `source`, with the language's rule table and literals. An
    /// `Arc<str>` is shared with the tree, not copied (a `&str` is copied once).
    pub fn new(
        source: impl Into<Arc<str>>,
        rules: &'r [super::RuleInfo],
        literals: &[&str],
    ) -> Self {
        let source: Arc<str> = source.into();
        TreeBuilder {
            rules,
            // A node per input byte, a record per four: about what the grammars here build
            // (0.6 to 1.8 nodes, 0.2 to 0.3 records), and, for a large input, allocations the
            // allocator maps on their own at once, so the arena grows in place and leaves no
            // freed smaller copies of itself in the heap (untouched capacity costs address
            // space only; `finish` gives back the rest).
            nodes: Nodes::with_capacity(source.len(), source.len() / 4),
            source,
            open: Vec::new(),
            in_arena: 0,
            skip_depth: 0,
            top: Vec::new(),
            last_closed: Closed {
                id: NONE,
                start: 0,
                end: 0,
            },
            counter: TokenCounter::new(literals),
        }
    }

    /// A rule starts at byte `pos`.
    pub fn open(&mut self, rule: RuleId, pos: usize) {
        let info = &self.rules[rule as usize];
        if self.skip_depth > 0 || info.hidden {
            self.skip_depth += 1;
            return;
        }
        self.open.push(Open {
            rule,
            pos: pos as u32,
            id: NONE,
        });
        if info.token {
            self.skip_depth = 1;
        }
    }

    /// Adds the open rules that are not in the arena yet, outermost first.
    fn enter_open(&mut self) {
        for i in self.in_arena..self.open.len() {
            let parent = match i {
                0 => NONE,
                _ => self.open[i - 1].id,
            };
            let rule = self.open[i].rule;
            let derivation = self.rules[rule as usize].derivation;
            self.open[i].id = self.nodes.push(rule, derivation, parent);
        }
        self.in_arena = self.open.len();
    }

    /// The innermost open rule ends at byte `pos`. Weights are left for [`finish`], which
    /// counts the text of the nodes kept only.
    ///
    /// [`finish`]: Self::finish
    pub fn close(&mut self, pos: usize) {
        if self.skip_depth > 0 {
            self.skip_depth -= 1;
            // A token rule's own close event ends the skipping (skip_depth reached 0 here
            // while the token node is still open).
            if self.skip_depth > 0 || !self.token_open() {
                return;
            }
        }
        self.enter_open();
        let end = pos as u32;
        let Open {
            rule,
            id,
            pos: start,
        } = self.open.pop().expect("close without open");
        self.in_arena -= 1;
        let is_token = self.rules[rule as usize].token;
        let weight = u32::from(is_token && end > start);
        let desc_end = self.nodes.len() as NodeId;
        let closed = Closed { id, start, end };
        let link = !is_token
            && self.last_closed
                == Closed {
                    id: id + 1,
                    ..closed
                };
        self.nodes.close(id, start, end, weight, desc_end, link);
        self.last_closed = closed;
        if self.open.is_empty() {
            self.top.push(id);
        }
    }

    /// The current state, to [`rollback`](Self::rollback) to.
    pub fn mark(&self) -> Mark {
        Mark {
            nodes: self.nodes.len() as u32,
            records: self.nodes.records() as u32,
            open: self.open.len() as u32,
            in_arena: self.in_arena as u32,
            skip_depth: self.skip_depth as u32,
            top: self.top.len() as u32,
            last_closed: self.last_closed,
        }
    }

    /// Undoes every event since `mark` was taken. The rules open then must still be open
    /// (events since were balanced, or only opened rules that are now being abandoned).
    pub fn rollback(&mut self, mark: Mark) {
        self.nodes
            .truncate(mark.nodes as usize, mark.records as usize);
        self.open.truncate(mark.open as usize);
        // Rules open then that entered the arena since leave it again with their nodes.
        let in_arena = mark.in_arena as usize;
        if self.in_arena > in_arena {
            for o in &mut self.open[in_arena..] {
                o.id = NONE;
            }
            self.in_arena = in_arena;
        }
        self.skip_depth = mark.skip_depth as usize;
        self.top.truncate(mark.top as usize);
        self.last_closed = mark.last_closed;
    }

    fn token_open(&self) -> bool {
        self.open
            .last()
            .is_some_and(|o| self.rules[o.rule as usize].token)
    }

    /// Sets the weight of every node but the tokens (weighed as they closed) and the chain
    /// links (which read their child's): the tokens of its own text plus its children's
    /// weights, children first (they come after their parent in preorder).
    fn weigh(&mut self) {
        for id in (0..self.nodes.len() as NodeId).rev() {
            if !self.nodes.is_kept(id) || self.rules[self.nodes.rule(id) as usize].token {
                continue;
            }
            let (start, end, desc_end) = self.nodes.extent(id);
            let (mut cursor, mut weight) = (start, 0);
            let mut child = id + 1;
            while child < desc_end {
                let (s, e, next) = self.nodes.extent(child);
                if s > cursor {
                    weight += self
                        .counter
                        .count(&self.source[cursor as usize..s as usize]);
                }
                weight += self.nodes.weight(child);
                cursor = e;
                child = next;
            }
            if end > cursor {
                weight += self
                    .counter
                    .count(&self.source[cursor as usize..end as usize]);
            }
            self.nodes.init_weight(id, weight);
        }
    }

    /// Finishes the tree. If the events did not produce exactly one top-level node covering
    /// the whole input, a root of rule `root_rule` is added around them.
    pub fn finish(mut self, root_rule: RuleId) -> Tree {
        assert!(self.open.is_empty(), "unclosed rule");
        self.nodes.index();
        self.weigh();
        let len = self.source.len() as u32;
        let single = self.top.len() == 1 && { self.nodes.span(self.top[0]) == (0, len) };
        let root = if single {
            self.top[0]
        } else {
            let id = self.nodes.len() as NodeId;
            let mut cursor = 0;
            let mut weight = 0;
            for &t in &self.top {
                self.nodes.set_parent(t, id);
                let ((s, e), w) = (self.nodes.span(t), self.nodes.weight(t));
                if s > cursor {
                    weight += self
                        .counter
                        .count(&self.source[cursor as usize..s as usize]);
                }
                weight += w;
                cursor = e;
            }
            if len > cursor {
                weight += self.counter.count(&self.source[cursor as usize..]);
            }
            self.nodes.push(root_rule, Derivation::Regular, NONE);
            self.nodes.close(id, 0, len, weight, id + 1, false);
            id
        };
        self.nodes.seal();
        Tree {
            source: self.source,
            nodes: self.nodes,
            state: FxHashMap::default(),
            slot_rules: FxHashMap::default(),
            added_root: !single,
            root,
            counter: self.counter,
        }
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::syntax::tree::RuleInfo;
    use crate::syntax::tree::Segment;

    /// Rules 0–3 regular, 4 a `*` element, 5 an `?` body, 6 a token, 7 hidden.
    pub(in crate::syntax) const RULES: &[RuleInfo] = &[
        RuleInfo::regular("a"),
        RuleInfo::regular("b"),
        RuleInfo::regular("c"),
        RuleInfo::regular("d"),
        RuleInfo {
            derivation: Derivation::Star,
            ..RuleInfo::regular("item")
        },
        RuleInfo {
            derivation: Derivation::Optional,
            ..RuleInfo::regular("body")
        },
        RuleInfo {
            token: true,
            ..RuleInfo::regular("word")
        },
        RuleInfo {
            hidden: true,
            ..RuleInfo::regular("EOI")
        },
    ];

    /// A small deterministic generator (xorshift64*).
    pub(in crate::syntax) struct Rng(pub u64);

    impl Rng {
        pub(in crate::syntax) fn below(&mut self, n: u32) -> u32 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as u32 % n.max(1)
        }
    }

    #[derive(Clone, Copy, Debug)]
    enum Event {
        Open(RuleId, usize),
        Close(usize),
    }

    /// A backtracking parse of a made-up text, as the hooks feed the builder: rules that fail
    /// after their children matched, sequences that fail after some children closed (both
    /// rolled back), chains of rules with one child spanning the same, tokens with rules
    /// inside them, hidden rules. The events kept (what pest's queue would hold) are in
    /// `events`.
    struct Parse<'b> {
        rng: Rng,
        builder: TreeBuilder<'b>,
        events: Vec<Event>,
        pos: usize,
        len: usize,
    }

    impl Parse<'_> {
        /// A rule at `self.pos`; whether it matched.
        fn rule(&mut self, depth: u32) -> bool {
            let (mark, kept, start) = (self.builder.mark(), self.events.len(), self.pos);
            let rule = match self.rng.below(12) {
                _ if depth > 12 || self.pos + 8 > self.len => 6,
                0 => 7,
                1..3 => 6,
                n => (n % 6) as RuleId,
            };
            self.open(rule);
            if rule == 6 {
                // A token: a word, with rules inside it that leave nothing.
                let inner = self.rng.below(4) as RuleId;
                self.open(inner);
                self.pos += 1 + self.rng.below(3) as usize;
                self.close();
                self.pos += self.rng.below(2) as usize;
            } else if self.rng.below(10) < 6 {
                // A chain: one child, nothing around it.
                self.rule(depth + 1);
            } else {
                for _ in 0..self.rng.below(4) {
                    if self.pos + 16 > self.len {
                        break;
                    }
                    self.pos += self.rng.below(3) as usize;
                    let (seq, seq_kept, seq_pos) =
                        (self.builder.mark(), self.events.len(), self.pos);
                    let matched = self.rule(depth + 1) && self.rule(depth + 1);
                    if !matched || self.rng.below(8) == 0 {
                        // The sequence fails after what it matched.
                        self.builder.rollback(seq);
                        self.events.truncate(seq_kept);
                        self.pos = seq_pos;
                    }
                }
            }
            if self.rng.below(10) == 0 {
                self.builder.rollback(mark);
                self.events.truncate(kept);
                self.pos = start;
                return false;
            }
            self.close();
            true
        }

        fn open(&mut self, rule: RuleId) {
            self.builder.open(rule, self.pos);
            self.events.push(Event::Open(rule, self.pos));
        }

        fn close(&mut self) {
            self.builder.close(self.pos);
            self.events.push(Event::Close(self.pos));
        }
    }

    /// The text the random trees are parsed from.
    pub(in crate::syntax) fn text(len: usize) -> String {
        (0..len)
            .map(|i| match i % 7 {
                3 => ' ',
                5 => '(',
                _ => (b'a' + (i % 23) as u8) as char,
            })
            .collect()
    }

    /// A random tree (see [`Parse`]) of a text of `len` bytes and a few more, and the events
    /// that built it, rollbacks left out.
    fn parse(seed: u64, len: usize) -> (Tree, Vec<Event>, String) {
        let text = text(len + 64);
        let mut p = Parse {
            rng: Rng(seed | 1),
            builder: TreeBuilder::new(text.as_str(), RULES, &["("]),
            events: Vec::new(),
            pos: 0,
            len,
        };
        while p.pos + 8 < len {
            let before = p.pos;
            if !p.rule(0) || p.pos == before {
                p.pos += 1;
            }
        }
        (p.builder.finish(0), p.events, text)
    }

    /// A random tree for tests elsewhere.
    pub(in crate::syntax) fn random_tree(seed: u64, len: usize) -> Tree {
        parse(seed, len).0
    }

    /// What the tree says of a node: rule, span, weight, parent, derivation.
    type Read = (RuleId, (usize, usize), u32, Option<NodeId>, Derivation);

    /// What the tree says of each node in the arena.
    fn dump(t: &Tree) -> Vec<Read> {
        (0..t.arena_len() as NodeId)
            .map(|n| {
                let parent = t.parent(n);
                (
                    t.rule(n),
                    t.source_span(n),
                    t.weight(n),
                    parent,
                    t.derivation(n),
                )
            })
            .collect()
    }

    /// A node as the events give it: rule, span, parent, children.
    type PlainNode = (RuleId, (usize, usize), Option<NodeId>, Vec<NodeId>);

    /// The nodes the events give, worked out plainly: rule, span, parent and children, in
    /// preorder (token contents and hidden rules left out).
    fn plain(events: &[Event]) -> Vec<PlainNode> {
        let mut nodes: Vec<PlainNode> = Vec::new();
        // Per open rule: its node, if it has one, and whether what is inside it is left out.
        let mut open: Vec<(Option<NodeId>, bool)> = Vec::new();
        for &e in events {
            match e {
                Event::Open(rule, pos) => {
                    let info = &RULES[rule as usize];
                    if info.hidden || open.last().is_some_and(|o| o.1) {
                        open.push((None, true));
                        continue;
                    }
                    let id = nodes.len() as NodeId;
                    let parent = open.iter().rev().find_map(|o| o.0);
                    if let Some(p) = parent {
                        nodes[p as usize].3.push(id);
                    }
                    nodes.push((rule, (pos, pos), parent, Vec::new()));
                    open.push((Some(id), info.token));
                }
                Event::Close(pos) => {
                    if let (Some(id), _) = open.pop().expect("balanced") {
                        nodes[id as usize].1 .1 = pos;
                    }
                }
            }
        }
        nodes
    }

    /// A node whose only child has its span is stored as a link; every node reads as the
    /// events give it, and as the same events without the rolled-back ones build it.
    #[test]
    fn rolled_back_events_leave_nothing_and_links_read_their_childs_values() {
        let (mut nodes, mut links) = (0, 0);
        for seed in 1..60 {
            let (tree, events, text) = parse(seed, 3_000);
            // The same tree from the events kept, with no rollback.
            let mut again = TreeBuilder::new(text.as_str(), RULES, &["("]);
            for &e in &events {
                match e {
                    Event::Open(rule, pos) => again.open(rule, pos),
                    Event::Close(pos) => again.close(pos),
                }
            }
            let again = again.finish(0);
            assert_eq!(dump(&tree), dump(&again), "seed {seed}");
            assert_eq!(tree.source_pieces().collect::<String>(), text);
            // Against the plain reading of the events (the root added around the top level is
            // the last node).
            let plain = plain(&events);
            let top: Vec<NodeId> = (0..plain.len() as NodeId)
                .filter(|&n| plain[n as usize].2.is_none())
                .collect();
            let root_added = tree.arena_len() == plain.len() + 1;
            assert!(root_added || top.len() == 1);
            for (id, (rule, span, parent, children)) in plain.iter().enumerate() {
                let id = id as NodeId;
                assert_eq!(tree.rule(id), *rule, "seed {seed} node {id}");
                assert_eq!(tree.source_span(id), *span, "seed {seed} node {id}");
                let parent = parent.or(root_added.then_some(tree.root()));
                assert_eq!(tree.parent(id), parent, "seed {seed} node {id}");
                assert_eq!(tree.children(id).collect::<Vec<_>>(), *children);
                // A node's weight: its text's tokens and its children's weights.
                let weight: u32 = tree
                    .segments(id)
                    .map(|s| match s {
                        Segment::Text { start, end } => tree
                            .token_counter()
                            .count(&text[start as usize..end as usize]),
                        Segment::Child(c) => tree.weight(c),
                        Segment::Gap => unreachable!(),
                    })
                    .sum();
                let weight = match RULES[*rule as usize].token {
                    true => u32::from(span.1 > span.0),
                    false => weight,
                };
                assert_eq!(tree.weight(id), weight, "seed {seed} node {id}");
                let link = children.len() == 1 && plain[children[0] as usize].1 == *span;
                assert_eq!(!tree.nodes.is_kept(id), link, "seed {seed} node {id}");
                links += usize::from(link);
            }
            if root_added {
                assert_eq!(tree.children(tree.root()).collect::<Vec<_>>(), top);
            }
            nodes += plain.len();
        }
        assert!(
            nodes > 10_000 && links * 4 > nodes,
            "{links} links of {nodes}"
        );
    }

    /// A rule that closes with no child after one was rolled back is no link, though the
    /// node closed last before it (rolled back) was its first child and spanned as much.
    #[test]
    fn a_rolled_back_only_child_leaves_no_link() {
        let mut b = TreeBuilder::new("abcde", RULES, &[]);
        b.open(0, 0);
        let mark = b.mark();
        b.open(1, 0);
        b.open(6, 0);
        b.close(5);
        b.close(5);
        b.rollback(mark);
        b.close(5);
        let t = b.finish(0);
        assert_eq!(t.arena_len(), 1);
        assert_eq!((t.source_span(0), t.weight(0)), ((0, 5), 1));
        assert_eq!(t.children(0).count(), 0);
        assert!(t.nodes.is_kept(0));
        // The other way: the child closed before the mark stays the last one closed.
        let mut b = TreeBuilder::new("abcde", RULES, &[]);
        b.open(0, 0);
        b.open(6, 0);
        b.close(5);
        let mark = b.mark();
        b.open(1, 5);
        b.close(5);
        b.rollback(mark);
        b.close(5);
        let t = b.finish(0);
        assert_eq!(t.arena_len(), 2);
        assert!(!t.nodes.is_kept(0) && t.nodes.is_kept(1));
        assert_eq!((t.source_span(0), t.weight(0)), ((0, 5), 1));
        assert_eq!(t.children(0).collect::<Vec<_>>(), [1]);
    }
}
