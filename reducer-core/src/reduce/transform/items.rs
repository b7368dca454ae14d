//! The items of a list node, as Perses Normal Form writes lists: a plain list `x*` is a
//! node whose children are all `*`/`+` elements (each element one item); a separated list
//! `x ~ (sep ~ x)*` is a node whose first child is an item and whose other children are
//! `*`/`+` elements, each the literal separator followed by one item of a compatible rule.
//! A node with one plain child is a separated list of one item only if the program shows
//! its rule with two or more items somewhere ([`Lists::learn`]): nothing else tells `f(x)`'s
//! argument list from any node with one child. Used by the compound transformations that
//! delete or join items across lists.

use crate::engine::session::View;
use crate::syntax::tree::{Derivation, EditSet, NodeId, RuleId, Tree};
use std::collections::HashMap;
use std::sync::Arc;

/// The rules the program shows as separated lists, each with its separator.
#[derive(Clone, Debug, Default)]
pub(crate) struct Lists {
    separators: HashMap<RuleId, String>,
}

impl Lists {
    /// The separated-list rules of `v`'s tree: those the grammar writes as one
    /// ([`grammar_separators`]), and those of nodes with two or more items.
    pub(crate) fn learn(v: &View<'_>) -> Lists {
        let tree = v.tree;
        let mut separators = grammar_separators(v);
        for n in tree.bfs() {
            let rule = tree.rule(n);
            if separators.contains_key(&rule) {
                continue;
            }
            if let Some(list @ List::Separated { .. }) = List::shaped(v, n) {
                if let Some(sep) = list.separator(tree) {
                    separators.insert(rule, sep);
                }
            }
        }
        Lists { separators }
    }

    /// The list `node` is, if it is one: its shape, or a single plain child when the
    /// program shows the node's rule as a separated list elsewhere.
    pub(crate) fn of(&self, v: &View<'_>, node: NodeId) -> Option<List> {
        let tree = v.tree;
        if let Some(list) = List::shaped(v, node) {
            return Some(list);
        }
        let mut children = tree.children(node);
        let (first, more) = (children.next()?, children.next());
        (more.is_none()
            && !is_element(tree, first)
            && self.separators.contains_key(&tree.rule(node)))
        .then_some(List::Separated {
            first,
            rest: Vec::new(),
        })
    }

    /// The separator of `node`'s list: empty for a plain list, the learned one for a
    /// separated list.
    pub(crate) fn separator(&self, tree: &Tree, node: NodeId, list: &List) -> Option<String> {
        match list {
            List::Plain(_) => Some(String::new()),
            List::Separated { .. } => self.separators.get(&tree.rule(node)).cloned(),
        }
    }
}

/// The separated lists of the grammar: each rule that Perses Normal Form writes as
/// `r = { x ~ e* }` with `e = { "sep" ~ x }`, with its separator ([`Tables::separated`],
/// computed at build time). A node of such a rule with one item is a list too, even when no
/// node of the current tree shows two items (the last `int a, b;` of a program may be gone).
///
/// [`Tables::separated`]: crate::syntax::language::Tables::separated
fn grammar_separators(v: &View<'_>) -> HashMap<RuleId, String> {
    v.tables()
        .separated
        .iter()
        .filter(|s| s.whole)
        .filter_map(|s| Some((s.list, s.separator?.to_string())))
        .collect()
}

/// The shape of a list node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum List {
    /// `x*` or `x+`: every child is an element, and an item.
    Plain(Vec<NodeId>),
    /// `x ~ (sep ~ x)*`: the first item, then each element with the item it holds.
    Separated {
        /// The first item (a plain child).
        first: NodeId,
        /// Each further element and its item.
        rest: Vec<(NodeId, NodeId)>,
    },
}

fn is_element(tree: &Tree, n: NodeId) -> bool {
    matches!(tree.derivation(n), Derivation::Star | Derivation::Plus)
}

impl List {
    /// The list `node` is by its own shape: a plain list, or a separated list of two or
    /// more items.
    fn shaped(v: &View<'_>, node: NodeId) -> Option<List> {
        let tree = v.tree;
        let children: Vec<NodeId> = tree.children(node).collect();
        if children.is_empty() {
            return None;
        }
        if children.iter().all(|&c| is_element(tree, c)) {
            return Some(List::Plain(children));
        }
        let (&first, others) = children.split_first()?;
        if others.is_empty() || is_element(tree, first) {
            return None;
        }
        let tables = v.tables();
        let slot = tree.slot_rule(first);
        let mut rest = Vec::with_capacity(others.len());
        for &e in others {
            if !is_element(tree, e) || tree.child_count(e) != 1 {
                return None;
            }
            let item = tree.children(e).next()?;
            let (start, _) = tree.source_span(e);
            let (item_start, _) = tree.source_span(item);
            // A separator stands before the item, and the item may stand where the first does.
            let separated = !tree.source()[start..item_start].trim().is_empty();
            if !separated || !tables.compatible(slot, tree.rule(item)) {
                return None;
            }
            rest.push((e, item));
        }
        Some(List::Separated { first, rest })
    }

    /// The items, in order (the elements of a plain list; the first item and each
    /// element's item of a separated one).
    pub(crate) fn items(&self) -> Vec<NodeId> {
        match self {
            List::Plain(e) => e.clone(),
            List::Separated { first, rest } => std::iter::once(*first)
                .chain(rest.iter().map(|&(_, item)| item))
                .collect(),
        }
    }

    /// The first and the last node of the list's items (elements for a plain list, the
    /// first item and the last element for a separated one).
    pub(crate) fn ends(&self) -> (NodeId, NodeId) {
        match self {
            List::Plain(e) => (e[0], e[e.len() - 1]),
            List::Separated { first, rest } => (*first, rest.last().map_or(*first, |&(e, _)| e)),
        }
    }

    /// The bytes of the source from the first item to the end of the last.
    pub(crate) fn span(&self, tree: &Tree) -> (usize, usize) {
        let (first, last) = self.ends();
        let (start, _) = tree.source_span(first);
        let (_, end) = tree.source_span(last);
        let source = &tree.source()[start..end];
        (start + (source.len() - source.trim_start().len()), end)
    }

    /// The separator of a separated list (the literal text before its second item), if it
    /// has a second item; empty for a plain list.
    fn separator(&self, tree: &Tree) -> Option<String> {
        match self {
            List::Plain(_) => Some(String::new()),
            List::Separated { rest, .. } => rest.first().map(|&(e, item)| {
                let (start, _) = tree.source_span(e);
                let (item_start, _) = tree.source_span(item);
                tree.source()[start..item_start].trim().to_string()
            }),
        }
    }

    /// Adds to `edits` the deletion of item `i`: its element goes; the first item of a
    /// separated list is replaced by the second, whose element goes.
    pub(crate) fn delete_item(&self, tree: &Tree, i: usize, edits: &mut EditSet) {
        match self {
            List::Plain(e) => {
                edits.delete(e[i]);
            }
            List::Separated { first, rest } => match (i, rest.first()) {
                (0, Some(&(element, second))) => {
                    let text = super::node_text(tree, second).trim().to_string();
                    edits.replace(*first, Arc::from(text));
                    edits.delete(element);
                }
                (0, None) => {
                    edits.delete(*first);
                }
                (i, _) => {
                    edits.delete(rest[i - 1].0);
                }
            },
        }
    }
}
