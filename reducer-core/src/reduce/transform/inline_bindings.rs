//! Binding inlining (C-Reduce's and C-Vise's variable inlining, on the grammar's tables): an
//! element that binds a name and holds a value goes, and in the same candidate every use of
//! the name becomes the value's text: `var a = 1 + 2; f(a * 3);` → `f((1 + 2) * 3);`,
//! SMT-LIB's `(let ((x (+ a 1))) (> x 0))` → `(> (+ a 1) 0)`, a nullary `define-fun` into
//! its uses. It runs inside [definition elimination](super::eliminate_definitions), which
//! tries the name-free stand-in of each use first.
//!
//! Everything is read from the tables, as definition elimination reads binders and uses:
//! - the *binding* is an occurrence only a name may stand in ([`binds`]), bound once;
//! - the *element* that goes is the outermost deletable ancestor of the binding that holds
//!   no use of the name and no binding of another name defined once and used (a function
//!   head such as `+`, which the tables make a binding, defines nothing);
//! - the *value* is the last part of the element (outside the binding) that may stand where
//!   the uses stand: a node of its narrow chain that is not a name is compatible with the
//!   slot of a node around a use, up to the use's list element (a sort or a type is not);
//! - each use is replaced at the highest node printing just the name whose slot parses the
//!   value's text whole, or the text in the grammar's `(` `)` when the slot needs them
//!   (`a * 3` takes `(1 + 2)`).
//!
//! When the element is the only one of its list and its removal would leave an empty list
//! (a `let` with its last binding gone), the nearest ancestor that a part holding the uses
//! may replace is replaced by it in the same candidate: `(let ((x t)) body)` → `body` with
//! `x` replaced, the node-to-descendant edit of hoisting.

use super::names::{binds, element_of, holds, name_index, Names, StandIns};
use super::node_text;
use crate::engine::session::View;
use crate::syntax::tree::{Derivation, EditSet, NodeId, RuleId};
use std::collections::HashMap;
use std::sync::Arc;

/// Every candidate: for each name (rarest first) bound once, the element around its binding
/// deleted (or its list's holder replaced by the part that holds the uses) and every use
/// replaced by the value's text.
pub(crate) fn sites(v: &View<'_>) -> Vec<EditSet> {
    let tree = v.tree;
    let stand_ins = StandIns::new(v);
    let mut names = Names::of(v).list;
    names.sort_by_key(|(_, nodes)| nodes.len());
    let binding: HashMap<NodeId, usize> = name_index(&names)
        .into_iter()
        .filter(|&(n, _)| binds(v, &stand_ins, n))
        .collect();
    // The names defined once and used (`+` in SMT-LIB's `(+ a 1)` binds by the tables, as a
    // function head only takes a name, but defines nothing the element would take along).
    let mut bound = vec![0usize; names.len()];
    for &i in binding.values() {
        bound[i] += 1;
    }
    let defined = |i: usize| bound[i] == 1 && names[i].1.len() > 1;
    let mut list = Vec::new();
    for (i, (_, occurrences)) in names.iter().enumerate() {
        let mut bindings = occurrences.iter().filter(|o| binding.contains_key(o));
        let (Some(&o), None) = (bindings.next(), bindings.next()) else {
            continue;
        };
        let uses: Vec<NodeId> = occurrences.iter().copied().filter(|&u| u != o).collect();
        if uses.is_empty() {
            continue;
        }
        let other_binding = |n: NodeId| binding.get(&n).is_some_and(|&j| j != i && defined(j));
        // The element holds no binding of another name, and none of the uses.
        let keeps = |n: NodeId| {
            uses.iter().any(|&u| tree.is_ancestor_or_self(n, u)) || holds(v, n, &other_binding)
        };
        let Some(element) = element_of(v, o, &keeps) else {
            continue;
        };
        let Some(value) = value_of(v, element, o, &uses) else {
            continue;
        };
        let text = node_text(tree, value).trim().to_string();
        let mut edits = EditSet::new();
        let complete = uses.iter().all(|&u| {
            use_replacement(v, u, &text).is_some_and(|(n, t)| {
                edits.replace(n, Arc::from(t));
                true
            })
        });
        if !complete {
            continue;
        }
        match holder_replacement(v, element, &uses) {
            Some((holder, by)) => edits.hoist(holder, by),
            None => edits.delete(element),
        };
        list.push(edits);
    }
    list
}

/// The value of `element`: the last of its parts (the highest nodes outside the binding
/// `occurrence`, in tree order) that may stand where a use stands ([`fits`]); a part that
/// does not is searched below.
fn value_of(v: &View<'_>, element: NodeId, occurrence: NodeId, uses: &[NodeId]) -> Option<NodeId> {
    let tree = v.tree;
    let slots: Vec<RuleId> = uses.iter().flat_map(|&u| context_slots(v, u)).collect();
    let mut found = None;
    let mut stack: Vec<NodeId> = tree.children(element).rev().collect();
    while let Some(n) = stack.pop() {
        if tree.is_ancestor_or_self(n, occurrence) || !fits(v, n, &slots) {
            stack.extend(tree.children(n).rev());
        } else {
            found = Some(n);
        }
    }
    found
}

/// The slots around `use_`: its own and its ancestors', up to its nearest list element.
fn context_slots(v: &View<'_>, use_: NodeId) -> Vec<RuleId> {
    let tree = v.tree;
    let mut slots = Vec::new();
    let mut n = use_;
    loop {
        slots.push(tree.slot_rule(n));
        let element = matches!(tree.derivation(n), Derivation::Star | Derivation::Plus);
        match tree.parent(n) {
            Some(p) if !element && p != tree.root() => n = p,
            _ => break,
        }
    }
    slots
}

/// Whether `node` may be a value: it prints something, and it or a node below it with the
/// same text, not a name, is compatible with one of `slots`.
fn fits(v: &View<'_>, node: NodeId, slots: &[RuleId]) -> bool {
    let tree = v.tree;
    let tables = v.tables();
    let own = node_text(tree, node).trim().to_string();
    if own.is_empty() || v.protected(node) {
        return false;
    }
    let mut n = node;
    loop {
        let rule = tree.rule(n);
        if !tables.is_identifier(rule) && slots.iter().any(|&s| tables.compatible(s, rule)) {
            return true;
        }
        let mut children = tree.children(n);
        match (children.next(), children.next()) {
            (Some(c), None) if node_text(tree, c).trim() == own => n = c,
            _ => return false,
        }
    }
}

/// Where and as what the use `use_` takes `text`: the highest node printing just the name
/// whose slot parses `text` whole, or `(text)` when the grammar has those brackets.
fn use_replacement(v: &View<'_>, use_: NodeId, text: &str) -> Option<(NodeId, String)> {
    let tree = v.tree;
    let own = node_text(tree, use_).trim().to_string();
    let mut chain = vec![use_];
    let mut n = use_;
    while let Some(p) = tree.parent(n) {
        if p == tree.root() || node_text(tree, p).trim() != own {
            break;
        }
        chain.push(p);
        n = p;
    }
    let literals = v.tables().literals;
    let brackets = literals.contains(&"(") && literals.contains(&")");
    let parses = |slot: RuleId, t: &str| v.lang.parse_prefix(slot, t) == Ok(t.len());
    chain.iter().rev().find_map(|&c| {
        let slot = tree.slot_rule(c);
        if parses(slot, text) {
            return Some((c, text.to_string()));
        }
        let wrapped = format!("({text})");
        (brackets && parses(slot, &wrapped)).then_some((c, wrapped))
    })
}

/// When `element` is the only element of its list: the nearest ancestor of the list that the
/// part holding all `uses` below it may replace (a node compatible with the ancestor's slot,
/// outside the element's branch), with that part.
fn holder_replacement(v: &View<'_>, element: NodeId, uses: &[NodeId]) -> Option<(NodeId, NodeId)> {
    let tree = v.tree;
    let tables = v.tables();
    let is_element = |n: NodeId| matches!(tree.derivation(n), Derivation::Star | Derivation::Plus);
    let list = tree.parent(element)?;
    if tree.children(list).any(|c| c != element && is_element(c)) {
        return None;
    }
    let mut holder = list;
    while holder != tree.root() {
        let inside: Vec<NodeId> = uses
            .iter()
            .copied()
            .filter(|&u| tree.is_ancestor_or_self(holder, u))
            .collect();
        if let Some(&first) = inside.first() {
            // The lowest node holding every use inside, then up while outside the element's
            // branch; the highest of those compatible with the holder's slot.
            let mut part = first;
            while !inside.iter().all(|&u| tree.is_ancestor_or_self(part, u)) {
                part = tree.parent(part)?;
            }
            let slot = tree.slot_rule(holder);
            let mut best = None;
            while part != holder && !tree.is_ancestor_or_self(part, element) {
                if tables.compatible(slot, tree.rule(part)) && !v.protected(holder) {
                    best = Some(part);
                }
                part = tree.parent(part)?;
            }
            if best.is_some() {
                return best.map(|b| (holder, b));
            }
            if part != holder {
                // The uses share a node with the element: no part holds them apart from it.
                return None;
            }
        }
        holder = tree.parent(holder)?;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The candidates of `sites` on `src`, printed with single spaces.
    fn candidates(src: &str) -> Vec<String> {
        super::super::toy_candidates(src, sites, " ")
    }

    #[test]
    fn the_binding_goes_and_each_use_becomes_the_value() {
        // `a` is bound by `var a = 1 + 2;` with the value `1 + 2`: in `g(a)` it stands as an
        // argument as it is; in `a * 3` the operand slot (a unary) takes it in brackets.
        // `b` has no value (nothing but its binding in its element); `f` and `g` no binding.
        assert_eq!(
            candidates("var a = 1 + 2; var b; f(a * 3, b); g(a);"),
            ["var b; f((1 + 2) * 3, b); g(1 + 2);"]
        );
    }

    #[test]
    fn a_value_may_be_a_name_but_not_its_own() {
        // `c`'s value is the name `d` (an expression), bound nowhere: inlined. `e` refers to
        // itself: its element holds a use, so there is nothing to inline.
        assert_eq!(candidates("var c = d; h(c);"), ["h(d);"]);
        assert!(candidates("var e = e + 1; h(e);").is_empty());
    }

    #[test]
    fn names_bound_twice_or_without_uses_are_left() {
        assert!(candidates("var y = 1; var y = 2; f(y);").is_empty());
        assert!(candidates("var z = 1; f(0);").is_empty());
    }
}
