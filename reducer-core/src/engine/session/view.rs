//! What candidate generators look at: the current tree, its language and what may not
//! change, read-only.

use crate::engine::keep;
use crate::engine::refusals::Refusals;
use crate::syntax::language::{Language, Tables};
use crate::syntax::tree::{Derivation, EditSet, NodeId, Subst, Tree};
use std::ops::Range;
use std::sync::Arc;

/// The current tree and its language, read-only: what candidate generators look at.
#[derive(Clone, Copy)]
pub struct View<'a> {
    /// The current tree.
    pub tree: &'a Tree,
    /// Its language.
    pub lang: &'a dyn Language,
    /// The kept regions, as byte ranges of the tree's source (ascending, disjoint).
    pub kept: &'a [Range<usize>],
    /// The deletions refused on the current tree.
    pub refusals: &'a Refusals,
}

impl<'a> View<'a> {
    /// The language's tables.
    pub fn tables(&self) -> &'static Tables {
        self.lang.tables()
    }

    /// Whether `node` overlaps a kept region, so that no edit may touch it (its ancestors
    /// included; a node inside a region is one too).
    pub fn protected(&self, node: NodeId) -> bool {
        if self.kept.is_empty() {
            return false;
        }
        let (start, end) = self.tree.source_span(node);
        keep::overlaps(self.kept, start, end)
    }

    /// Whether `edits` leave every kept region alone: no node it changes is
    /// [protected](View::protected).
    pub fn allows(&self, edits: &EditSet) -> bool {
        self.kept.is_empty()
            || edits
                .iter()
                .all(|(n, s)| matches!(s, Subst::Keep) || !self.protected(n))
    }

    /// The text of the current tree with `edits`, and where the kept regions start in it;
    /// `None` when `edits` change one of them.
    pub fn locate(&self, edits: &EditSet) -> (String, Option<Vec<usize>>) {
        if self.kept.is_empty() {
            return (self.tree.print(edits), Some(Vec::new()));
        }
        // Each region's first and last bytes: printed, the same distance apart.
        let probes: Vec<usize> = self
            .kept
            .iter()
            .flat_map(|r| [r.start, r.end - 1])
            .collect();
        let (text, found) = self.tree.print_located(edits, &probes);
        let at = (self.allows(edits))
            .then(|| {
                self.kept
                    .iter()
                    .zip(found.chunks(2))
                    .map(|(r, f)| match *f {
                        [Some(a), Some(b)] if b - a == r.len() - 1 => Some(a),
                        _ => None,
                    })
                    .collect::<Option<Vec<usize>>>()
            })
            .flatten();
        (text, at)
    }

    /// Whether `node` may be deleted in the current tree: an element of a `*` list, the body
    /// of a `?`, or an element of a `+` list that has another element; never a
    /// [protected](View::protected) node.
    pub fn is_nullable(&self, node: NodeId) -> bool {
        if self.protected(node) {
            return false;
        }
        let t = self.tree;
        match t.derivation(node) {
            Derivation::Star | Derivation::Optional => true,
            Derivation::Regular => false,
            Derivation::Plus => t.parent(node).is_some_and(|p| {
                let rule = t.slot_rule(node);
                t.children(p)
                    .filter(|&c| {
                        c != node && t.slot_rule(c) == rule && t.derivation(c) == Derivation::Plus
                    })
                    .take(1)
                    .count()
                    == 1
            }),
        }
    }

    /// Nullability with Pardis' pruning (Sect. 3.2): in a chain of nodes that print the same
    /// tokens (each the only child of the next), only the highest nullable node stays nullable.
    pub fn is_nullable_pruned(&self, node: NodeId) -> bool {
        if !self.is_nullable(node) {
            return false;
        }
        let t = self.tree;
        let mut n = node;
        while let Some(p) = t.parent(n) {
            if t.weight(p) != t.weight(n) || t.child_count(p) != 1 {
                break;
            }
            if self.is_nullable(p) {
                return false;
            }
            n = p;
        }
        true
    }

    /// The smallest removal of `node` the grammar allows: delete it when nullable, otherwise
    /// replace it by its rule's minimal text when that has fewer tokens; `None` if neither.
    pub fn removal(&self, node: NodeId) -> Option<Subst> {
        if self.protected(node) {
            return None;
        }
        if self.is_nullable(node) {
            return Some(Subst::Delete);
        }
        let text = self.tables().rule(self.tree.slot_rule(node)).min_text?;
        let tokens = self.tree.token_counter().count(text);
        (tokens < self.tree.weight(node) && !matches!(self.tree.subst(node), Subst::Text(_)))
            .then(|| Subst::Text(Arc::from(text)))
    }

    /// χ(n): the nearest descendants of `node` on each path that may replace it (compatible
    /// with its slot and printing fewer tokens), at most `max_depth` levels down (0 =
    /// unbounded). A level counts only where the token weight drops: a child printing as
    /// many tokens as its parent is at its parent's depth. In tree order.
    pub fn hoist_candidates(&self, node: NodeId, max_depth: usize) -> Vec<NodeId> {
        if self.protected(node) {
            return Vec::new();
        }
        let t = self.tree;
        let tables = self.tables();
        let slot = t.slot_rule(node);
        let weight = t.weight(node);
        let within = |depth: usize| max_depth == 0 || depth <= max_depth;
        let mut found = Vec::new();
        let mut stack: Vec<(NodeId, usize)> = Vec::new();
        let push_children = |stack: &mut Vec<(NodeId, usize)>, d: NodeId, depth: usize| {
            let before = stack.len();
            stack.extend(
                t.children(d)
                    .map(|c| (c, hoist_level(t, d, c, depth)))
                    .filter(|&(_, level)| within(level)),
            );
            stack[before..].reverse();
        };
        push_children(&mut stack, node, 0);
        while let Some((d, depth)) = stack.pop() {
            let info = tables.rule(t.rule(d));
            if !info.token && t.weight(d) < weight && tables.compatible(slot, t.rule(d)) {
                found.push(d);
                continue;
            }
            push_children(&mut stack, d, depth);
        }
        found
    }
}

/// The depth below a hoisting node of `child`, whose parent `parent` is at `depth`: one more
/// where the token weight drops, the same where it does not. A chain of single-child wrappers
/// (a C expression's precedence levels between an assignment and the call it holds) prints
/// the same tokens at every level and so does not use up the bound; in a tree without such
/// chains this is the plain level count of Perses' BoundedBFS
/// (Perses, ICSE 2018, Alg. 4).
fn hoist_level(tree: &Tree, parent: NodeId, child: NodeId, depth: usize) -> usize {
    depth + usize::from(tree.weight(child) < tree.weight(parent))
}
