//! The concrete syntax tree: an arena of nodes that always prints the exact text it came from.
//!
//! Each node owns a run of [`Segment`]s: literal text of the input (keywords, punctuation and
//! the whitespace or comments around them) and slots for its children. Edits never touch the
//! arena: a node's slot is resolved through a [`Subst`] (keep, delete, hoist a descendant,
//! replace by text). The committed substitutions form the current tree; a candidate is the
//! current tree plus an [`EditSet`], printed without cloning anything.

use crate::syntax::tokens::TokenCounter;
use rustc_hash::FxHashMap;
use std::sync::Arc;

/// Index of a node in the arena.
pub type NodeId = u32;
/// Index of a rule in the language's [`Tables`](crate::syntax::language::Tables).
pub type RuleId = u16;

const NONE: NodeId = NodeId::MAX;
/// Start of a marked slot that has not printed anything yet.
const PENDING: usize = usize::MAX - 1;

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

/// One piece of a node's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Segment {
    /// Input bytes `start..end` owned by this node.
    Text { start: u32, end: u32 },
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
}

#[derive(Clone, Debug)]
struct Node {
    rule: RuleId,
    /// The rule of the slot this node occupies: its own rule, or the rule of the node it
    /// replaced by hoisting.
    slot_rule: RuleId,
    derivation: Derivation,
    parent: NodeId,
    seg_start: u32,
    seg_end: u32,
    span_start: u32,
    span_end: u32,
    weight: u32,
    dead: bool,
    /// No committed edit inside the subtree: it prints as its source span.
    pristine: bool,
    /// The node's descendants in the input's tree are the ids `id + 1 .. desc_end` (ids are
    /// given in preorder); the root added by [`TreeBuilder::finish`] is the exception.
    desc_end: u32,
}

/// The arena syntax tree with its committed edits.
#[derive(Clone, Debug)]
pub struct Tree {
    source: Box<str>,
    nodes: Vec<Node>,
    segments: Vec<Segment>,
    state: Vec<Subst>,
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
        self.nodes[node as usize].rule
    }
    /// The rule of the slot `node` occupies (differs from [`Tree::rule`] after a hoist).
    pub fn slot_rule(&self, node: NodeId) -> RuleId {
        self.nodes[node as usize].slot_rule
    }
    /// How `node` is derived in the slot it currently occupies.
    pub fn derivation(&self, node: NodeId) -> Derivation {
        self.nodes[node as usize].derivation
    }
    /// The current parent of `node` (None for the root).
    pub fn parent(&self, node: NodeId) -> Option<NodeId> {
        let p = self.nodes[node as usize].parent;
        (p != NONE).then_some(p)
    }
    /// Current token weight of `node`: lexical tokens it prints.
    pub fn weight(&self, node: NodeId) -> u32 {
        self.nodes[node as usize].weight
    }
    /// Whether `node` is still part of the current tree.
    pub fn is_live(&self, node: NodeId) -> bool {
        !self.nodes[node as usize].dead
    }
    /// The committed substitution of `node`.
    pub fn subst(&self, node: NodeId) -> &Subst {
        &self.state[node as usize]
    }
    /// Byte span of `node` in the original input.
    pub fn source_span(&self, node: NodeId) -> (usize, usize) {
        let n = &self.nodes[node as usize];
        (n.span_start as usize, n.span_end as usize)
    }
    /// Token count of the current tree.
    pub fn tokens(&self) -> u32 {
        self.weight(self.root)
    }
    /// The token counter used for literal text.
    pub fn token_counter(&self) -> &TokenCounter {
        &self.counter
    }

    /// The segments of `node`: as built from the input, with the slots of deleted children
    /// turned into gaps.
    pub fn segments(&self, node: NodeId) -> &[Segment] {
        let n = &self.nodes[node as usize];
        &self.segments[n.seg_start as usize..n.seg_end as usize]
    }

    /// The node a slot currently prints, following committed hoists; `None` if the slot is
    /// deleted or replaced by text.
    fn resolve_committed(&self, mut node: NodeId) -> Option<NodeId> {
        loop {
            match &self.state[node as usize] {
                Subst::Keep => return Some(node),
                Subst::Hoist(by) => node = *by,
                Subst::Delete | Subst::Text(_) => return None,
            }
        }
    }

    /// The current children of `node`, in order (deleted slots skipped, hoists followed,
    /// text-replaced slots skipped as they are leaves now).
    pub fn children(&self, node: NodeId) -> impl DoubleEndedIterator<Item = NodeId> + '_ {
        let replaced = !matches!(self.state[node as usize], Subst::Keep);
        self.segments(node).iter().filter_map(move |s| match *s {
            Segment::Child(c) if !replaced => self.resolve_committed(c),
            _ => None,
        })
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

    /// The current text of the tree.
    pub fn text(&self) -> String {
        self.print(&EditSet::new())
    }

    /// Prints the current tree with `edits` applied on top.
    pub fn print(&self, edits: &EditSet) -> String {
        let mut out = String::with_capacity(self.source.len());
        self.print_into(self.root, edits, &mut out, None);
        out
    }

    /// Prints the subtree of `node` (its slot resolved) with `edits` applied.
    pub fn print_node(&self, node: NodeId, edits: &EditSet) -> String {
        let mut out = String::new();
        self.print_into(node, edits, &mut out, None);
        out
    }

    /// Prints the current tree with `edits` and records the byte span of the slot of each node
    /// of `marks` that is printed (whatever the slot prints: the node, a hoisted descendant,
    /// or a replacement text); slots not printed are left out of the result.
    pub fn print_marked(&self, edits: &EditSet, marks: &[NodeId]) -> (String, Marks) {
        let mut out = String::with_capacity(self.source.len());
        // Printing knows slots by the id in the parent's segments: a node hoisted into another
        // node's slot by a committed edit is marked through that slot's id.
        let keys: Vec<(NodeId, NodeId)> = marks.iter().map(|&n| (n, self.slot_id(n))).collect();
        let mut spans: Marks = keys.iter().map(|&(_, k)| (k, (usize::MAX, 0))).collect();
        self.print_into(self.root, edits, &mut out, Some(&mut spans));
        let spans = keys
            .iter()
            .filter_map(|&(n, k)| spans.get(&k).filter(|s| s.0 != usize::MAX).map(|&s| (n, s)))
            .collect();
        (out, spans)
    }

    /// The id under which the parent's segments hold the slot `node` stands in: `node`
    /// itself, or the node it replaced by committed hoists.
    fn slot_id(&self, node: NodeId) -> NodeId {
        let Some(parent) = self.parent(node) else {
            return node;
        };
        for seg in self.segments(parent) {
            if let Segment::Child(c) = *seg {
                let mut x = c;
                loop {
                    if x == node {
                        return c;
                    }
                    match self.state[x as usize] {
                        Subst::Hoist(by) => x = by,
                        _ => break,
                    }
                }
            }
        }
        node
    }

    /// Resolves a slot under `edits` on top of the committed state.
    fn resolve<'a>(&'a self, mut node: NodeId, edits: &'a EditSet) -> Printed<'a> {
        let mut substituted = false;
        loop {
            let s = edits.get(node).unwrap_or(&self.state[node as usize]);
            match s {
                Subst::Keep => return Printed::Node(node, substituted),
                Subst::Delete => return Printed::Nothing,
                Subst::Hoist(by) => {
                    node = *by;
                    substituted = true;
                }
                Subst::Text(t) => return Printed::Text(t),
            }
        }
    }

    /// Prints the slot `start` with `edits`, recording the spans of `marks`. Subtrees that
    /// neither committed edits nor `edits` touch (and that hold no mark) print as one slice of
    /// the source.
    fn print_into(
        &self,
        start: NodeId,
        edits: &EditSet,
        out: &mut String,
        mut marks: Option<&mut Marks>,
    ) {
        // The edited and marked nodes, sorted: a pristine node holding none of them prints as
        // its source span.
        let mut touched: Vec<NodeId> = edits
            .iter()
            .map(|(n, _)| n)
            .chain(marks.iter().flat_map(|m| m.keys().copied()))
            .collect();
        touched.sort_unstable();
        // Explicit stack of open nodes. Trees of real inputs can be deep, so no recursion.
        let mut p = Printer {
            glue: Glue::default(),
            stack: Vec::new(),
            pending: 0,
        };
        p.push_slot(self, start, edits, &touched, out, &mut marks);
        while let Some(top) = p.stack.last_mut() {
            let node = &self.nodes[top.node as usize];
            if top.next == node.seg_end {
                let open = p.stack.pop().expect("non-empty stack");
                if open.substituted {
                    p.glue.junction = true;
                }
                if open.marked {
                    if let Some(m) = marks.as_deref_mut().and_then(|m| m.get_mut(&open.slot)) {
                        if m.0 == PENDING {
                            m.0 = out.len();
                            p.pending -= 1;
                        }
                        m.1 = out.len();
                    }
                }
                continue;
            }
            let seg = top.next;
            top.next += 1;
            match self.segments[seg as usize] {
                Segment::Text { start, end } => {
                    p.emit(&self.source[start as usize..end as usize], out, &mut marks)
                }
                Segment::Child(c) => p.push_slot(self, c, edits, &touched, out, &mut marks),
                Segment::Gap => p.glue.junction = true,
            }
        }
    }

    /// Whether any edit was committed since the tree was built.
    pub fn has_edits(&self) -> bool {
        self.state.iter().any(|s| *s != Subst::Keep)
    }

    /// Applies `edits` to the current tree for good: updates liveness, parents, slot
    /// derivations and token weights. Edits on nodes that are no longer live are ignored.
    pub fn commit(&mut self, edits: &EditSet) {
        // Outermost edits first, so that edits inside a deleted subtree are skipped.
        let mut order: Vec<(NodeId, &Subst)> = edits.iter().collect();
        order.sort_by_key(|&(n, _)| self.depth(n));
        for (node, subst) in order {
            if self.nodes[node as usize].dead {
                continue;
            }
            let old = self.nodes[node as usize].weight;
            let parent = self.nodes[node as usize].parent;
            let new = match subst {
                Subst::Keep => continue,
                Subst::Delete => {
                    self.kill_subtree(node, NONE);
                    self.close_slot(node);
                    0
                }
                Subst::Text(t) => {
                    self.kill_below(node, NONE);
                    let w = self.counter.count(t);
                    self.nodes[node as usize].weight = w;
                    w
                }
                Subst::Hoist(by) => {
                    let by = *by;
                    if self.nodes[by as usize].dead {
                        continue;
                    }
                    self.kill_subtree(node, by);
                    let (derivation, slot_rule) = {
                        let n = &self.nodes[node as usize];
                        (n.derivation, n.slot_rule)
                    };
                    let b = &mut self.nodes[by as usize];
                    b.parent = parent;
                    b.derivation = derivation;
                    b.slot_rule = slot_rule;
                    b.weight
                }
            };
            self.state[node as usize] = subst.clone();
            self.touch(node);
            if node == self.root {
                if let Subst::Hoist(by) = subst {
                    self.root = *by;
                }
            }
            self.add_weight(parent, new as i64 - old as i64);
        }
    }

    /// Turns the slot `node` stands in into a gap in its parent's segments: a deleted node
    /// never prints again, and most nodes of a reduced tree are deleted.
    fn close_slot(&mut self, node: NodeId) {
        let Some(parent) = self.parent(node) else {
            return;
        };
        let slot = Segment::Child(self.slot_id(node));
        let p = &self.nodes[parent as usize];
        let segments = &mut self.segments[p.seg_start as usize..p.seg_end as usize];
        if let Some(seg) = segments.iter_mut().find(|s| **s == slot) {
            *seg = Segment::Gap;
        }
    }

    /// Marks `node` and its ancestors as no longer printing their source span.
    fn touch(&mut self, mut node: NodeId) {
        while node != NONE && self.nodes[node as usize].pristine {
            self.nodes[node as usize].pristine = false;
            node = self.nodes[node as usize].parent;
        }
    }

    /// Whether the pristine node `n` is one of `sorted` (ascending ids) or has one of them
    /// among its descendants.
    fn holds_any(&self, n: NodeId, sorted: &[NodeId]) -> bool {
        if n == self.root {
            // The root added around the top-level nodes holds them all, but not by id range.
            return !sorted.is_empty();
        }
        let end = self.nodes[n as usize].desc_end;
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
            let n = &mut self.nodes[node as usize];
            n.weight = (n.weight as i64 + delta).max(0) as u32;
            node = n.parent;
        }
    }

    /// Marks `node` and its current descendants dead, except the subtree of `keep`.
    fn kill_subtree(&mut self, node: NodeId, keep: NodeId) {
        if node == keep {
            return;
        }
        self.kill_below(node, keep);
        self.nodes[node as usize].dead = true;
    }

    /// Marks the current descendants of `node` dead, except the subtree of `keep`.
    fn kill_below(&mut self, node: NodeId, keep: NodeId) {
        let mut stack: Vec<NodeId> = self.children(node).collect();
        while let Some(n) = stack.pop() {
            if n == keep {
                continue;
            }
            stack.extend(self.children(n));
            self.nodes[n as usize].dead = true;
        }
    }
}

enum Printed<'a> {
    Nothing,
    Text(&'a str),
    Node(NodeId, bool),
}

/// A node being printed.
struct OpenNode {
    node: NodeId,
    /// Index of its next segment to print.
    next: u32,
    /// Whether it stands in another node's slot (hoisted).
    substituted: bool,
    /// The slot it prints in.
    slot: NodeId,
    /// Whether the slot's span is recorded.
    marked: bool,
}

/// The state of one printing pass.
struct Printer {
    glue: Glue,
    stack: Vec<OpenNode>,
    /// Marked slots whose start is not known yet (they have printed nothing so far).
    pending: usize,
}

impl Printer {
    /// Opens the slot `slot`: prints its replacement text, or pushes the node it resolves to
    /// (a pristine, untouched node prints its source span at once).
    fn push_slot(
        &mut self,
        tree: &Tree,
        slot: NodeId,
        edits: &EditSet,
        touched: &[NodeId],
        out: &mut String,
        marks: &mut Option<&mut Marks>,
    ) {
        match tree.resolve(slot, edits) {
            Printed::Nothing => self.glue.junction = true,
            Printed::Text(t) => {
                self.glue.junction = true;
                self.glue.settle(out, t);
                set_mark(marks, slot, out.len(), true);
                // Through `emit`: a marked slot around this one that has printed nothing yet
                // starts here too.
                self.emit(t, out, marks);
                self.glue.junction = true;
                set_mark(marks, slot, out.len(), false);
            }
            Printed::Node(n, substituted) => {
                if substituted {
                    self.glue.junction = true;
                }
                let marked = marks.as_deref().is_some_and(|m| m.contains_key(&slot));
                let node = &tree.nodes[n as usize];
                if !marked && node.pristine && !tree.holds_any(n, touched) {
                    let text = &tree.source[node.span_start as usize..node.span_end as usize];
                    self.emit(text, out, marks);
                    if substituted {
                        self.glue.junction = true;
                    }
                    return;
                }
                self.stack.push(OpenNode {
                    node: n,
                    next: node.seg_start,
                    substituted,
                    slot,
                    marked,
                });
                if marked {
                    // The slot starts where its first text lands.
                    set_mark(marks, slot, PENDING, true);
                    self.pending += 1;
                }
            }
        }
    }

    /// Prints input text; open marked slots that have printed nothing yet start here.
    fn emit(&mut self, t: &str, out: &mut String, marks: &mut Option<&mut Marks>) {
        if self.pending > 0 && !t.is_empty() {
            let m = marks.as_deref_mut().expect("pending marks");
            self.glue.settle(out, t);
            let at = out.len();
            for open in self.stack.iter().rev() {
                if self.pending == 0 {
                    break;
                }
                if !open.marked {
                    continue;
                }
                if let Some(span) = m.get_mut(&open.slot) {
                    if span.0 == PENDING {
                        span.0 = at;
                        self.pending -= 1;
                    }
                }
            }
        }
        self.glue.emit(out, t);
    }
}

/// Sets the start or the end of a marked slot's span.
fn set_mark(marks: &mut Option<&mut Marks>, slot: NodeId, at: usize, start: bool) {
    if let Some(m) = marks.as_deref_mut().and_then(|m| m.get_mut(&slot)) {
        if start {
            m.0 = at;
        } else {
            m.1 = at;
        }
    }
}

/// Keeps two tokens from merging where an edit joins text that was not adjacent before.
#[derive(Default)]
struct Glue {
    junction: bool,
}

impl Glue {
    /// Emits the separating space (if one is due) before `text` is printed.
    fn settle(&mut self, out: &mut String, text: &str) {
        if self.junction {
            if let (Some(a), Some(b)) = (out.as_bytes().last(), text.as_bytes().first()) {
                if would_merge(*a, *b) {
                    out.push(' ');
                }
            }
            self.junction = false;
        }
    }

    fn emit(&mut self, out: &mut String, text: &str) {
        if text.is_empty() {
            return;
        }
        if self.junction {
            if let (Some(a), Some(b)) = (out.as_bytes().last(), text.as_bytes().first()) {
                if would_merge(*a, *b) {
                    out.push(' ');
                }
            }
            self.junction = false;
        }
        out.push_str(text);
    }
}

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b >= 0x80
}

fn is_operator(b: u8) -> bool {
    b"+-*/%<>=!&|^:.?#~@".contains(&b)
}

/// Whether printing `a` directly followed by `b` could form a different token.
fn would_merge(a: u8, b: u8) -> bool {
    (is_word(a) && (is_word(b) || b == b'"' || b == b'\'')) || (is_operator(a) && is_operator(b))
}

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
