//! Building a [`Tree`] from a parser's stream of rule open/close events.

use super::tree::{Derivation, NodeId, Nodes, RuleId, Tree, NONE};
use crate::syntax::tokens::TokenCounter;
use rustc_hash::FxHashMap;
use std::sync::Arc;

/// A rule being built: its id, the end of its last piece so far, and the weight so far.
#[derive(Clone, Copy)]
struct Open {
    id: NodeId,
    cursor: u32,
    weight: u32,
}

/// The state of a [`TreeBuilder`] to go back to ([`TreeBuilder::mark`],
/// [`TreeBuilder::rollback`]): a parser that backtracks undoes the events since.
#[derive(Clone, Copy)]
pub struct Mark {
    nodes: usize,
    open: usize,
    /// The innermost open rule as it was (later events change its cursor and weight).
    innermost: Option<Open>,
    skip_depth: usize,
    top: usize,
}

/// Builds a [`Tree`] from a stream of rule open/close events (pest's `Pairs::tokens()`, or a
/// parser's calls as they happen, with [`TreeBuilder::rollback`] when it backtracks).
pub struct TreeBuilder<'r> {
    rules: &'r [crate::syntax::language::RuleInfo],
    source: Arc<str>,
    nodes: Nodes,
    open: Vec<Open>,
    /// Depth of events nested inside a token rule or a hidden rule (ignored).
    skip_depth: usize,
    top: Vec<NodeId>,
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
            // A node per input byte: about what the grammars here build (0.6 to 1.8), and, for
            // a large input, an allocation the allocator maps on its own at once, so the
            // arena grows in place and leaves no freed smaller copies of itself in the heap
            // (untouched capacity costs address space only; `finish` gives back the rest).
            nodes: Nodes::with_capacity(source.len()),
            source,
            open: Vec::new(),
            skip_depth: 0,
            top: Vec::new(),
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
        let pos = pos as u32;
        let id = self.nodes.len() as NodeId;
        let parent = match self.open.last_mut() {
            Some(o) => {
                if pos > o.cursor && !self.rules[self.nodes.rule(o.id) as usize].token {
                    o.weight += self
                        .counter
                        .count(&self.source[o.cursor as usize..pos as usize]);
                }
                o.cursor = pos;
                o.id
            }
            None => NONE,
        };
        self.nodes.push(rule, info.derivation, parent, pos);
        self.open.push(Open {
            id,
            cursor: pos,
            weight: 0,
        });
        if info.token {
            self.skip_depth = 1;
        }
    }

    /// The innermost open rule ends at byte `pos`.
    pub fn close(&mut self, pos: usize) {
        if self.skip_depth > 0 {
            self.skip_depth -= 1;
            // A token rule's own close event ends the skipping (skip_depth reached 0 here
            // while the token node is still open).
            if self.skip_depth > 0 || !self.token_open() {
                return;
            }
        }
        let pos = pos as u32;
        let Open {
            id,
            cursor,
            mut weight,
        } = self.open.pop().expect("close without open");
        let is_token = self.rules[self.nodes.rule(id) as usize].token;
        if is_token {
            weight = u32::from(pos > self.nodes.span_start(id));
        } else if pos > cursor {
            weight += self
                .counter
                .count(&self.source[cursor as usize..pos as usize]);
        }
        let desc_end = self.nodes.len() as NodeId;
        self.nodes.close(id, pos, weight, desc_end);
        match self.open.last_mut() {
            Some(parent) => {
                parent.weight += weight;
                parent.cursor = pos;
            }
            None => self.top.push(id),
        }
    }

    /// The current state, to [`rollback`](Self::rollback) to.
    pub fn mark(&self) -> Mark {
        Mark {
            nodes: self.nodes.len(),
            open: self.open.len(),
            innermost: self.open.last().copied(),
            skip_depth: self.skip_depth,
            top: self.top.len(),
        }
    }

    /// Undoes every event since `mark` was taken. The rules open then must still be open
    /// (events since were balanced, or only opened rules that are now being abandoned).
    pub fn rollback(&mut self, mark: Mark) {
        self.nodes.truncate(mark.nodes);
        self.open.truncate(mark.open);
        if let (Some(open), Some(saved)) = (self.open.last_mut(), mark.innermost) {
            *open = saved;
        }
        self.skip_depth = mark.skip_depth;
        self.top.truncate(mark.top);
    }

    fn token_open(&self) -> bool {
        self.open
            .last()
            .is_some_and(|o| self.rules[self.nodes.rule(o.id) as usize].token)
    }

    /// Finishes the tree. If the events did not produce exactly one top-level node covering
    /// the whole input, a root of rule `root_rule` is added around them.
    pub fn finish(mut self, root_rule: RuleId) -> Tree {
        assert!(self.open.is_empty(), "unclosed rule");
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
            self.nodes.push(root_rule, Derivation::Regular, NONE, 0);
            self.nodes.close(id, len, weight, id + 1);
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
