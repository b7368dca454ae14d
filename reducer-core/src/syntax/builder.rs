//! Building a [`Tree`] from a parser's stream of rule open/close events.

use super::tree::{Derivation, Node, NodeId, RuleId, Segment, Subst, Tree, NONE};
use crate::syntax::tokens::TokenCounter;

/// Builds a [`Tree`] from a stream of rule open/close events (pest's `Pairs::tokens()`).
pub struct TreeBuilder<'r> {
    rules: &'r [crate::syntax::language::RuleInfo],
    source: Box<str>,
    nodes: Vec<Node>,
    segments: Vec<Segment>,
    scratch: Vec<Segment>,
    /// Open nodes: (id, scratch start, cursor byte).
    open: Vec<(NodeId, usize, u32)>,
    /// Depth of events nested inside a token rule or a hidden rule (ignored).
    skip_depth: usize,
    top: Vec<NodeId>,
    counter: TokenCounter,
}

impl<'r> TreeBuilder<'r> {
    /// Starts building a tree for `source`, with the language's rule table and literals.
    pub fn new(
        source: &str,
        rules: &'r [crate::syntax::language::RuleInfo],
        literals: &[&str],
    ) -> Self {
        TreeBuilder {
            rules,
            source: source.into(),
            nodes: Vec::new(),
            segments: Vec::new(),
            scratch: Vec::new(),
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
        if let Some(&mut (_, _, ref mut cursor)) = self.open.last_mut() {
            if pos > *cursor {
                self.scratch.push(Segment::Text {
                    start: *cursor,
                    end: pos,
                });
            }
            *cursor = pos;
        }
        let id = self.nodes.len() as NodeId;
        self.nodes.push(Node {
            rule,
            slot_rule: rule,
            derivation: info.derivation,
            parent: self.open.last().map_or(NONE, |o| o.0),
            seg_start: 0,
            seg_end: 0,
            span_start: pos,
            span_end: pos,
            weight: 0,
            dead: false,
            pristine: true,
            desc_end: id + 1,
        });
        self.open.push((id, self.scratch.len(), pos));
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
        let (id, scratch_start, cursor) = self.open.pop().expect("close without open");
        if pos > cursor {
            self.scratch.push(Segment::Text {
                start: cursor,
                end: pos,
            });
        }
        let seg_start = self.segments.len() as u32;
        let mut weight = 0u32;
        let is_token = self.rules[self.nodes[id as usize].rule as usize].token;
        for seg in self.scratch.drain(scratch_start..) {
            match seg {
                Segment::Text { start, end } => {
                    if !is_token {
                        weight += self
                            .counter
                            .count(&self.source[start as usize..end as usize]);
                    }
                }
                Segment::Child(c) => weight += self.nodes[c as usize].weight,
                Segment::Gap => {}
            }
            self.segments.push(seg);
        }
        if is_token && pos > self.nodes[id as usize].span_start {
            weight = 1;
        }
        let desc_end = self.nodes.len() as NodeId;
        let node = &mut self.nodes[id as usize];
        node.seg_start = seg_start;
        node.seg_end = self.segments.len() as u32;
        node.span_end = pos;
        node.weight = weight;
        node.desc_end = desc_end;
        match self.open.last_mut() {
            Some(parent) => {
                self.scratch.push(Segment::Child(id));
                parent.2 = pos;
            }
            None => self.top.push(id),
        }
    }

    /// Appends the input text `start..end` as a segment; returns its token count.
    fn push_text(&mut self, start: u32, end: u32) -> u32 {
        self.segments.push(Segment::Text { start, end });
        self.counter
            .count(&self.source[start as usize..end as usize])
    }

    fn token_open(&self) -> bool {
        self.open
            .last()
            .is_some_and(|o| self.rules[self.nodes[o.0 as usize].rule as usize].token)
    }

    /// Finishes the tree. If the events did not produce exactly one top-level node covering
    /// the whole input, a root of rule `root_rule` is added around them.
    pub fn finish(mut self, root_rule: RuleId) -> Tree {
        assert!(self.open.is_empty(), "unclosed rule");
        let len = self.source.len() as u32;
        let single = self.top.len() == 1 && {
            let n = &self.nodes[self.top[0] as usize];
            n.span_start == 0 && n.span_end == len
        };
        let root = if single {
            self.top[0]
        } else {
            let tops = std::mem::take(&mut self.top);
            let id = self.nodes.len() as NodeId;
            let seg_start = self.segments.len() as u32;
            let mut cursor = 0;
            let mut weight = 0;
            for t in tops {
                let (s, e, w) = {
                    let n = &mut self.nodes[t as usize];
                    n.parent = id;
                    (n.span_start, n.span_end, n.weight)
                };
                if s > cursor {
                    weight += self.push_text(cursor, s);
                }
                self.segments.push(Segment::Child(t));
                weight += w;
                cursor = e;
            }
            if len > cursor {
                weight += self.push_text(cursor, len);
            }
            self.nodes.push(Node {
                rule: root_rule,
                slot_rule: root_rule,
                derivation: Derivation::Regular,
                parent: NONE,
                seg_start,
                seg_end: self.segments.len() as u32,
                span_start: 0,
                span_end: len,
                weight,
                dead: false,
                pristine: true,
                desc_end: id + 1,
            });
            id
        };
        let n = self.nodes.len();
        Tree {
            source: self.source,
            nodes: self.nodes,
            segments: self.segments,
            state: vec![Subst::Keep; n],
            root,
            counter: self.counter,
        }
    }
}
