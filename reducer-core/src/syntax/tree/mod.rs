//! The concrete syntax tree: an arena of nodes that always prints the exact text it came from.
//!
//! Each node owns a run of [`Segment`]s: literal text of the input (keywords, punctuation and
//! the whitespace or comments around them) and slots for its children. Edits never touch the
//! arena: a node's slot is resolved through a [`Subst`] (keep, delete, hoist a descendant,
//! replace by text). The committed substitutions form the current tree; a candidate is the
//! current tree plus an [`EditSet`], printed without cloning anything.

mod builder;
mod edits;
mod nodes;
mod print;

use crate::syntax::tokens::TokenCounter;
pub use builder::{Mark, TreeBuilder};
pub use edits::EditSet;
use nodes::{Nodes, DEAD, EDITED, PRISTINE};
use rustc_hash::FxHashMap;
use std::sync::Arc;

/// Index of a node in the arena.
pub type NodeId = u32;
/// Index of a rule in the language's [`Tables`](crate::syntax::language::Tables).
pub type RuleId = u16;

const NONE: NodeId = NodeId::MAX;
/// Start of a marked slot that has not printed anything yet.
const PENDING: usize = usize::MAX - 1;

/// Static facts about one rule of the normalized (Perses Normal Form) grammar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleInfo {
    /// The rule's name in the normalized grammar.
    pub name: &'static str,
    /// How nodes of this rule are derived in their parent: element wrappers generated for
    /// `e*`, `e+` and `e?` carry `Star`, `Plus` and `Optional`; every other rule is `Regular`.
    pub derivation: Derivation,
    /// An atomic rule (`@{}` / `${}`): its nodes are leaves and count as one token.
    pub token: bool,
    /// A rule whose nodes never enter the tree (e.g. `EOI`).
    pub hidden: bool,
    /// The rule can derive the empty string.
    pub nullable: bool,
    /// The shortest text the rule derives (checked to parse as the rule), if known.
    pub min_text: Option<&'static str>,
}

impl RuleInfo {
    /// A plain regular rule with no replacement text (handy for hand-written languages).
    pub const fn regular(name: &'static str) -> RuleInfo {
        RuleInfo {
            name,
            derivation: Derivation::Regular,
            token: false,
            hidden: false,
            nullable: false,
            min_text: None,
        }
    }
}

/// How a node was derived in its parent (what Perses Normal Form buys).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Derivation {
    /// A plain child: removing it breaks the syntax.
    Regular,
    /// An element of a `*` list: always removable.
    Star,
    /// An element of a `+` list: removable while another element remains.
    Plus,
    /// The body of a `?`: always removable.
    Optional,
}

/// One piece of a node's text, as the input's tree has it (see [`Tree::segments`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Segment {
    /// Input bytes `start..end` owned by this node.
    Text {
        /// Byte offset of the first byte in the input.
        start: u32,
        /// Byte offset just past the last byte.
        end: u32,
    },
    /// The slot of a child node.
    Child(NodeId),
    /// Where the slot of a child deleted for good was: prints nothing but keeps the text on
    /// either side from merging, and costs printing no visit to the deleted node.
    Gap,
}

/// What a node's slot prints as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Subst {
    /// The node itself.
    Keep,
    /// Nothing.
    Delete,
    /// A descendant of the node (hoisting).
    Hoist(NodeId),
    /// A given text (e.g. the rule's minimal replacement).
    Text(Arc<str>),
}

/// The substitution of every node without a committed edit.
static KEEP: Subst = Subst::Keep;

/// The arena syntax tree with its committed edits.
#[derive(Clone, Debug)]
pub struct Tree {
    /// The input, shared with whoever parsed it (see [`TreeBuilder::new`]).
    source: Arc<str>,
    nodes: Nodes,
    /// Committed substitutions other than [`Subst::Keep`] (their nodes carry [`EDITED`]).
    state: FxHashMap<NodeId, Subst>,
    /// The rule of the slot a hoisted node occupies, where it differs from its own.
    slot_rules: FxHashMap<NodeId, RuleId>,
    /// Whether the last node is a root added around several top-level nodes.
    pub(in crate::syntax) added_root: bool,
    root: NodeId,
    counter: TokenCounter,
}

/// Byte spans of selected nodes in a printed candidate (see [`Tree::print_marked`]).
pub type Marks = FxHashMap<NodeId, (usize, usize)>;

impl Tree {
    /// The root node.
    pub fn root(&self) -> NodeId {
        self.root
    }
    /// Number of nodes in the arena (live or not).
    pub fn arena_len(&self) -> usize {
        self.nodes.len()
    }
    /// The original input text.
    pub fn source(&self) -> &str {
        &self.source
    }
    /// The rule of `node`.
    pub fn rule(&self, node: NodeId) -> RuleId {
        self.nodes.rule(node)
    }
    /// The rule of the slot `node` occupies (differs from [`Tree::rule`] after a hoist).
    pub fn slot_rule(&self, node: NodeId) -> RuleId {
        match self.slot_rules.get(&node) {
            Some(&r) => r,
            None => self.nodes.rule(node),
        }
    }
    /// How `node` is derived in the slot it currently occupies.
    pub fn derivation(&self, node: NodeId) -> Derivation {
        self.nodes.derivation(node)
    }
    /// The current parent of `node` (None for the root).
    pub fn parent(&self, node: NodeId) -> Option<NodeId> {
        let p = self.nodes.parent(node);
        (p != NONE).then_some(p)
    }
    /// Current token weight of `node`: lexical tokens it prints.
    pub fn weight(&self, node: NodeId) -> u32 {
        self.nodes.weight(node)
    }
    /// Whether `node` is still part of the current tree.
    pub fn is_live(&self, node: NodeId) -> bool {
        !self.nodes.has(node, DEAD)
    }
    /// The committed substitution of `node`.
    pub fn subst(&self, node: NodeId) -> &Subst {
        if self.nodes.has(node, EDITED) {
            self.state.get(&node).unwrap_or(&KEEP)
        } else {
            &KEEP
        }
    }
    /// Byte span of `node` in the original input.
    pub fn source_span(&self, node: NodeId) -> (usize, usize) {
        let (start, end) = self.nodes.span(node);
        (start as usize, end as usize)
    }
    /// Token count of the current tree.
    pub fn tokens(&self) -> u32 {
        self.weight(self.root)
    }
    /// The token counter used for literal text.
    pub fn token_counter(&self) -> &TokenCounter {
        &self.counter
    }

    /// The segments of `node`: its text and its children's slots as in the input's tree, with
    /// the slots of children deleted for good as gaps.
    pub fn segments(&self, node: NodeId) -> Segments<'_> {
        Segments::new(self, node)
    }

    /// The text of the input's tree piece by piece, in printing order: every node's own text,
    /// visited in preorder through every child (no subtree is taken whole from the input, as
    /// the printer does with untouched ones), with the committed edits ignored. Concatenated,
    /// the pieces are the input exactly when the spans of the tree nest and cover it (what
    /// `--parse-only` checks without building a second copy of the input).
    pub fn source_pieces(&self) -> SourcePieces<'_> {
        let mut pieces = SourcePieces {
            tree: self,
            next: 0,
            end: self.nodes.len() as NodeId,
            stack: Vec::new(),
        };
        if self.added_root {
            // The root added around the top level is the last node, its children before it.
            pieces.enter(self.root);
            pieces.end = self.root;
        }
        pieces
    }

    /// The first child of `node` in the input's tree, if any.
    /// `children_end`: [`Tree::children_end`] of `node`.
    fn first_child(&self, node: NodeId, children_end: NodeId) -> Option<NodeId> {
        let first = if self.added_root && node == self.last_id() {
            0
        } else {
            node + 1
        };
        (first < children_end).then_some(first)
    }

    /// The id just past the last descendant of `node` in the input's tree, where its
    /// descendants in the arena end at `desc_end` (the root added around the top level is
    /// after them).
    fn children_end(&self, node: NodeId, desc_end: NodeId) -> NodeId {
        if self.added_root && node == self.last_id() {
            node
        } else {
            desc_end
        }
    }

    fn last_id(&self) -> NodeId {
        self.nodes.len() as NodeId - 1
    }

    /// Whether the slot `slot` was deleted for good (its committed substitutions end in a
    /// deletion): it prints nothing, whatever an edit set says about it.
    fn is_gap(&self, mut slot: NodeId) -> bool {
        while self.nodes.has(slot, EDITED) {
            match self.state.get(&slot) {
                Some(Subst::Delete) => return true,
                Some(Subst::Hoist(by)) => slot = *by,
                _ => return false,
            }
        }
        false
    }

    /// The node a slot currently prints, following committed hoists; `None` if the slot is
    /// deleted or replaced by text.
    fn resolve_committed(&self, mut node: NodeId) -> Option<NodeId> {
        loop {
            match self.subst(node) {
                Subst::Keep => return Some(node),
                Subst::Hoist(by) => node = *by,
                Subst::Delete | Subst::Text(_) => return None,
            }
        }
    }

    /// The current children of `node`, in order (deleted slots skipped, hoists followed,
    /// text-replaced slots skipped as they are leaves now).
    pub fn children(&self, node: NodeId) -> Children<'_> {
        let replaced = !matches!(self.subst(node), Subst::Keep);
        let mut segments = self.segments(node);
        if replaced {
            segments.next = None;
            segments.cursor = segments.end;
        }
        Children {
            segments,
            back: None,
        }
    }

    /// Number of current children of `node`.
    pub fn child_count(&self, node: NodeId) -> usize {
        self.children(node).count()
    }

    /// All live nodes in breadth-first order from the root (left to right).
    pub fn bfs(&self) -> Vec<NodeId> {
        let mut order = vec![self.root];
        let mut i = 0;
        while i < order.len() {
            let n = order[i];
            order.extend(self.children(n));
            i += 1;
        }
        order
    }

    /// The live nodes of each depth level, root level first.
    pub fn levels(&self) -> Vec<Vec<NodeId>> {
        let mut levels = vec![vec![self.root]];
        loop {
            let next: Vec<NodeId> = levels
                .last()
                .unwrap()
                .iter()
                .flat_map(|&n| self.children(n))
                .collect();
            if next.is_empty() {
                return levels;
            }
            levels.push(next);
        }
    }

    /// Whether `anc` is `node` or one of its current ancestors.
    pub fn is_ancestor_or_self(&self, anc: NodeId, mut node: NodeId) -> bool {
        loop {
            if node == anc {
                return true;
            }
            match self.parent(node) {
                Some(p) => node = p,
                None => return false,
            }
        }
    }
}

/// The current children of a node (see [`Tree::children`]).
pub struct Children<'t> {
    segments: Segments<'t>,
    /// The children not yet returned, once the iteration was asked for its last one (the
    /// input's tree links a node to its next sibling only).
    back: Option<std::collections::VecDeque<NodeId>>,
}

impl Iterator for Children<'_> {
    type Item = NodeId;

    fn next(&mut self) -> Option<NodeId> {
        if let Some(back) = &mut self.back {
            return back.pop_front();
        }
        let tree = self.segments.tree;
        loop {
            match self.segments.next_slot()? {
                Segment::Child(c) => match tree.resolve_committed(c) {
                    Some(n) => return Some(n),
                    None => continue,
                },
                _ => continue,
            }
        }
    }
}

impl DoubleEndedIterator for Children<'_> {
    fn next_back(&mut self) -> Option<NodeId> {
        if self.back.is_none() {
            let rest: std::collections::VecDeque<NodeId> = self.by_ref().collect();
            self.back = Some(rest);
        }
        self.back.as_mut().and_then(|b| b.pop_back())
    }
}

/// The pieces of text of the input's tree, in order (see [`Tree::source_pieces`]): one pass
/// over the arena in id order, which is preorder.
pub struct SourcePieces<'t> {
    tree: &'t Tree,
    /// The next node to enter.
    next: NodeId,
    /// The id just past the last node to enter.
    end: NodeId,
    /// The nodes entered and not left, outermost first.
    stack: Vec<PieceCursor>,
}

/// A node [`SourcePieces`] is inside: where its children end, where its next piece of text
/// starts, and where its span ends.
struct PieceCursor {
    children_end: NodeId,
    cursor: u32,
    end: u32,
}

impl SourcePieces<'_> {
    fn enter(&mut self, node: NodeId) {
        self.enter_at(node, self.tree.nodes.extent(node));
    }

    /// [`SourcePieces::enter`] with `node`'s span and descendants' end.
    fn enter_at(&mut self, node: NodeId, (cursor, end, desc_end): (u32, u32, NodeId)) {
        self.stack.push(PieceCursor {
            children_end: self.tree.children_end(node, desc_end),
            cursor,
            end,
        });
    }
}

impl<'t> Iterator for SourcePieces<'t> {
    type Item = &'t str;

    fn next(&mut self) -> Option<&'t str> {
        let text = |start: u32, end: u32| &self.tree.source[start as usize..end as usize];
        loop {
            let Some(top) = self.stack.last_mut() else {
                if self.next >= self.end {
                    return None;
                }
                self.enter(self.next);
                self.next += 1;
                continue;
            };
            if self.next < top.children_end {
                // The next node is the next child of the innermost node entered.
                let extent = self.tree.nodes.extent(self.next);
                if extent.0 > top.cursor {
                    let piece = text(top.cursor, extent.0);
                    top.cursor = extent.0;
                    return Some(piece);
                }
                self.enter_at(self.next, extent);
                self.next += 1;
                continue;
            }
            let left = self.stack.pop().expect("a node entered");
            if let Some(parent) = self.stack.last_mut() {
                parent.cursor = left.end;
            }
            if left.end > left.cursor {
                return Some(text(left.cursor, left.end));
            }
        }
    }
}

/// The segments of a node (see [`Tree::segments`]), computed from the spans of its children.
pub struct Segments<'t> {
    tree: &'t Tree,
    /// The next child in the input's tree, if any.
    next: Option<NodeId>,
    /// Where the next piece of text starts.
    cursor: u32,
    end: u32,
    children_end: NodeId,
}

impl<'t> Segments<'t> {
    fn new(tree: &'t Tree, node: NodeId) -> Self {
        let (start, end, desc_end) = tree.nodes.extent(node);
        let children_end = tree.children_end(node, desc_end);
        Segments {
            tree,
            next: tree.first_child(node, children_end),
            cursor: start,
            end,
            children_end,
        }
    }
}

impl Segments<'_> {
    /// The next child slot (or gap), skipping text.
    fn next_slot(&mut self) -> Option<Segment> {
        let c = self.next?;
        let (_, end, desc_end) = self.tree.nodes.extent(c);
        self.cursor = end;
        self.next = Some(desc_end).filter(|&s| s < self.children_end);
        Some(if self.tree.is_gap(c) {
            Segment::Gap
        } else {
            Segment::Child(c)
        })
    }
}

impl Iterator for Segments<'_> {
    type Item = Segment;

    fn next(&mut self) -> Option<Segment> {
        match self.next {
            Some(c) => {
                let (child_start, child_end, desc_end) = self.tree.nodes.extent(c);
                if child_start > self.cursor {
                    let start = std::mem::replace(&mut self.cursor, child_start);
                    return Some(Segment::Text {
                        start,
                        end: child_start,
                    });
                }
                self.cursor = child_end;
                self.next = Some(desc_end).filter(|&s| s < self.children_end);
                Some(if self.tree.is_gap(c) {
                    Segment::Gap
                } else {
                    Segment::Child(c)
                })
            }
            None if self.cursor < self.end => {
                let start = std::mem::replace(&mut self.cursor, self.end);
                Some(Segment::Text {
                    start,
                    end: self.end,
                })
            }
            None => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::language::RuleInfo;

    const RULES: &[RuleInfo] = &[
        RuleInfo::regular("file"),
        RuleInfo {
            derivation: Derivation::Star,
            ..RuleInfo::regular("item")
        },
        RuleInfo {
            token: true,
            ..RuleInfo::regular("ident")
        },
    ];

    /// "a ( b c ) d": file > item(a) item(( item(b) item(c) )) item(d), idents as tokens.
    fn sample() -> Tree {
        let text = "a ( b  c ) d";
        let mut b = TreeBuilder::new(text, RULES, &["(", ")"]);
        b.open(0, 0);
        b.open(1, 0);
        b.open(2, 0);
        b.close(1);
        b.close(1);
        b.open(1, 2);
        for (s, e) in [(4, 5), (7, 8)] {
            b.open(1, s);
            b.open(2, s);
            b.close(e);
            b.close(e);
        }
        b.close(10);
        b.open(1, 11);
        b.open(2, 11);
        b.close(12);
        b.close(12);
        b.close(12);
        b.finish(0)
    }

    #[test]
    fn unedited_tree_prints_input() {
        let t = sample();
        assert_eq!(t.text(), "a ( b  c ) d");
        assert_eq!(t.tokens(), 6);
        assert_eq!(t.levels().len(), 4);
    }

    #[test]
    fn source_pieces_are_every_nodes_text_in_order() {
        let mut t = sample();
        let pieces: Vec<&str> = t.source_pieces().collect();
        assert_eq!(pieces, ["a", " ", "( ", "b", "  ", "c", " )", " ", "d"]);
        // Committed edits do not change the input's tree the pieces come from.
        let paren = t.children(t.root()).nth(1).unwrap();
        let mut e = EditSet::new();
        e.delete(paren);
        t.commit(&e);
        assert_eq!(t.text(), "a  d");
        assert_eq!(t.source_pieces().collect::<String>(), "a ( b  c ) d");
        // A child that ends after its parent: the pieces no longer add up to the input.
        let mut b = TreeBuilder::new("abcde", RULES, &[]);
        b.open(1, 0);
        b.open(1, 0);
        b.close(5);
        b.close(3);
        let t = b.finish(0);
        assert_eq!(t.source_pieces().collect::<String>(), "abcdede");
    }

    #[test]
    fn delete_hoist_replace_and_commit() {
        let mut t = sample();
        let items: Vec<NodeId> = t.children(t.root()).collect();
        assert_eq!(items.len(), 3);
        let paren = items[1];
        let inner: Vec<NodeId> = t.children(paren).collect();
        let mut e = EditSet::new();
        e.delete(inner[0]);
        assert_eq!(t.print(&e), "a (   c ) d");
        let mut e = EditSet::new();
        e.hoist(paren, inner[1]);
        assert_eq!(t.print(&e), "a c d");
        let mut e = EditSet::new();
        e.replace(paren, "x".into());
        assert_eq!(t.print(&e), "a x d");
        // Committing a hoist keeps ids stable and updates weights and parents.
        let mut e = EditSet::new();
        e.hoist(paren, inner[1]);
        t.commit(&e);
        assert_eq!(t.text(), "a c d");
        assert_eq!(t.tokens(), 3);
        assert_eq!(t.parent(inner[1]), Some(t.root()));
        assert!(!t.is_live(paren) && !t.is_live(inner[0]) && t.is_live(inner[1]));
        assert_eq!(
            t.children(t.root()).collect::<Vec<_>>(),
            vec![items[0], inner[1], items[2]]
        );
    }

    #[test]
    fn edits_never_glue_tokens() {
        let t = sample();
        let items: Vec<NodeId> = t.children(t.root()).collect();
        let mut e = EditSet::new();
        e.replace(items[1], "".into());
        // "a " + "" + " d": spaces stay; a replacement next to a word gets a space.
        assert_eq!(t.print(&e), "a  d");
        let text = "ab";
        let mut b = TreeBuilder::new(text, RULES, &[]);
        b.open(0, 0);
        b.open(1, 0);
        b.close(1);
        b.open(1, 1);
        b.close(2);
        b.close(2);
        let t = b.finish(0);
        let items: Vec<NodeId> = t.children(t.root()).collect();
        let mut e = EditSet::new();
        e.replace(items[0], "x".into());
        assert_eq!(t.print(&e), "x b");
    }

    #[test]
    fn marks_report_printed_spans() {
        let t = sample();
        let items: Vec<NodeId> = t.children(t.root()).collect();
        let mut e = EditSet::new();
        e.delete(items[0]);
        let (text, marks) = t.print_marked(&e, &[items[0], items[1], items[2]]);
        assert_eq!(text, " ( b  c ) d");
        assert!(!marks.contains_key(&items[0]));
        let (s, en) = marks[&items[1]];
        assert_eq!(&text[s..en], "( b  c )");
        let (s, en) = marks[&items[2]];
        assert_eq!(&text[s..en], "d");
    }
}
