//! Printing: the current tree plus an edit set, as text, without cloning anything; glue
//! spaces keep tokens from merging where an edit brings them together.

use super::edits::EditSet;
use super::{Marks, NodeId, Segment, Segments, Subst, Tree, PENDING, PRISTINE};
use crate::syntax::tokens::is_word;

impl Tree {
    /// The current text of the tree.
    pub fn text(&self) -> String {
        self.print(&EditSet::new())
    }

    /// Prints the current tree with `edits` applied on top.
    pub fn print(&self, edits: &EditSet) -> String {
        let mut out = String::with_capacity(self.source.len());
        self.print_into(self.root, edits, &mut out, None, None);
        out
    }

    /// Prints the subtree of `node` (its slot resolved) with `edits` applied.
    pub fn print_node(&self, node: NodeId, edits: &EditSet) -> String {
        let mut out = String::new();
        self.print_into(node, edits, &mut out, None, None);
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
        self.print_into(self.root, edits, &mut out, Some(&mut spans), None);
        let spans = keys
            .iter()
            .filter_map(|&(n, k)| spans.get(&k).filter(|s| s.0 != usize::MAX).map(|&s| (n, s)))
            .collect();
        (out, spans)
    }

    /// Prints the current tree with `edits` and says where each of the input offsets `probes`
    /// (ascending) lands in the output: `None` for a byte that is not printed.
    pub fn print_located(&self, edits: &EditSet, probes: &[usize]) -> (String, Vec<Option<usize>>) {
        let mut out = String::with_capacity(self.source.len());
        let mut found = vec![None; probes.len()];
        self.print_into(self.root, edits, &mut out, None, Some((probes, &mut found)));
        (out, found)
    }

    /// The id under which the parent's segments hold the slot `node` stands in: `node`
    /// itself, or the node it replaced by committed hoists.
    pub(super) fn slot_id(&self, node: NodeId) -> NodeId {
        let Some(parent) = self.parent(node) else {
            return node;
        };
        for seg in self.segments(parent) {
            if let Segment::Child(c) = seg {
                let mut x = c;
                loop {
                    if x == node {
                        return c;
                    }
                    match *self.subst(x) {
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
            let s = edits.get(node).unwrap_or_else(|| self.subst(node));
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

    /// Prints the slot `start` with `edits`, recording the spans of `marks` and where the
    /// input offsets of `probes` land. Subtrees that
    /// neither committed edits nor `edits` touch (and that hold no mark) print as one slice of
    /// the source.
    fn print_into(
        &self,
        start: NodeId,
        edits: &EditSet,
        out: &mut String,
        mut marks: Option<&mut Marks>,
        probes: Option<Probes<'_>>,
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
            probes,
        };
        p.push_slot(self, start, edits, &touched, out, &mut marks);
        while let Some(top) = p.stack.last_mut() {
            let Some(seg) = top.segments.next() else {
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
            };
            match seg {
                Segment::Text { start, end } => p.emit_source(
                    start as usize,
                    &self.source[start as usize..end as usize],
                    out,
                    &mut marks,
                ),
                Segment::Child(c) => p.push_slot(self, c, edits, &touched, out, &mut marks),
                Segment::Gap => p.glue.junction = true,
            }
        }
    }
}

enum Printed<'a> {
    Nothing,
    Text(&'a str),
    Node(NodeId, bool),
}

/// A node being printed.
struct OpenNode<'t> {
    /// Its segments yet to print.
    segments: Segments<'t>,
    /// Whether it stands in another node's slot (hoisted).
    substituted: bool,
    /// The slot it prints in.
    slot: NodeId,
    /// Whether the slot's span is recorded.
    marked: bool,
}

/// Input offsets (ascending) and where each lands in the output (see
/// [`Tree::print_located`]).
type Probes<'p> = (&'p [usize], &'p mut [Option<usize>]);

/// The state of one printing pass.
struct Printer<'t, 'p> {
    glue: Glue,
    stack: Vec<OpenNode<'t>>,
    /// Marked slots whose start is not known yet (they have printed nothing so far).
    pending: usize,
    probes: Option<Probes<'p>>,
}

impl<'t> Printer<'t, '_> {
    /// Opens the slot `slot`: prints its replacement text, or pushes the node it resolves to
    /// (a pristine, untouched node prints its source span at once).
    fn push_slot(
        &mut self,
        tree: &'t Tree,
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
                if !marked && tree.nodes.has(n, PRISTINE) && !tree.holds_any(n, touched) {
                    let (start, end) = tree.source_span(n);
                    self.emit_source(start, &tree.source[start..end], out, marks);
                    if substituted {
                        self.glue.junction = true;
                    }
                    return;
                }
                self.stack.push(OpenNode {
                    segments: tree.segments(n),
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

    /// Prints the input text `t`, which starts at input offset `start`, and records where
    /// the probes inside it land.
    fn emit_source(
        &mut self,
        start: usize,
        t: &str,
        out: &mut String,
        marks: &mut Option<&mut Marks>,
    ) {
        if let Some((offsets, found)) = self.probes.as_mut() {
            if !t.is_empty() {
                self.glue.settle(out, t);
                let at = out.len();
                let first = offsets.partition_point(|&o| o < start);
                for (o, f) in offsets[first..].iter().zip(found[first..].iter_mut()) {
                    if *o >= start + t.len() {
                        break;
                    }
                    *f = Some(at + o - start);
                }
            }
        }
        self.emit(t, out, marks);
    }

    /// Prints text; open marked slots that have printed nothing yet start here.
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

fn is_operator(b: u8) -> bool {
    b"+-*/%<>=!&|^:.?#~@".contains(&b)
}

/// Whether printing `a` directly followed by `b` could form a different token.
fn would_merge(a: u8, b: u8) -> bool {
    (is_word(a) && (is_word(b) || b == b'"' || b == b'\'')) || (is_operator(a) && is_operator(b))
}
