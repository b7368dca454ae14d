//! Building a [`Tree`] from a parser's stream of rule open/close events.

use super::tree::{Derivation, NodeId, Nodes, RuleId, Tree, NONE};
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
/// span) gets no record in the arena (see [`Nodes`]). Weights are computed once, for the
/// nodes kept, when the tree is finished.
pub struct TreeBuilder<'r> {
    rules: &'r [crate::syntax::language::RuleInfo],
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
        rules: &'r [crate::syntax::language::RuleInfo],
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
