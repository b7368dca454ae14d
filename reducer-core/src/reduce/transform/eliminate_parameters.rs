//! Parameter elimination (C-Reduce's `remove-unused-function-params` and argument removal,
//! on the grammar's tables): the i-th item goes from every list bound to one name at once,
//! the parameter from `int f(int a, int b)` with the argument from each call `f(x, y)`.
//! Deleting a parameter alone breaks the calls, deleting an argument alone breaks the
//! arity; only together are they still a program.
//!
//! A list is bound to an occurrence of a name when it starts right after it, behind at most
//! one opening bracket (`f(a, b)`, `f<T, U>`, `f[a, b]`, `f a b`), and is a list of the
//! grammar (`Lists`): a separated list `x (, x)*` or a plain list `x*`. Which of the bound
//! lists are parameters and which arguments does not matter: all lose their i-th item.
//!
//! A name that only the deleted items used, bound once elsewhere, is orphaned: the
//! candidate that also deletes its binding element comes first (`template <typename T,
//! typename U> void f(T a, U b)` loses `typename U` with `U b`, which no call could deduce
//! any more; a C parameter of type `struct S *` takes `struct S`'s definition with it).

use super::items::{List, Lists};
use super::names::{binds, element_of, holds, StandIns};
use super::names::{name_index, Names};
use super::{by_sites, Change};
use crate::engine::session::{Session, View};
use crate::reduce::AlgoOptions;
use crate::syntax::tree::{EditSet, NodeId};
use std::collections::HashMap;

/// One pass; returns whether anything changed.
pub fn pass(s: &mut Session<'_>, o: &AlgoOptions) -> bool {
    by_sites(s, &o.transform, &sites, &|_, e: &EditSet| {
        Some(Change::Edits(e.clone()))
    })
}

/// The brackets that may stand between a name and its list.
const OPENING: &[&str] = &["(", "[", "<", "{"];

/// The lists of the tree by the byte where they start (outermost first at each byte).
fn lists_by_start(v: &View<'_>) -> HashMap<usize, Vec<(NodeId, List)>> {
    let tree = v.tree;
    let lists = Lists::learn(v);
    let mut map: HashMap<usize, Vec<(NodeId, List)>> = HashMap::new();
    for n in tree.bfs() {
        if n == tree.root() {
            continue;
        }
        if let Some(list) = lists.of(v, n) {
            let (start, end) = tree.source_span(n);
            let start = start + leading_space(&tree.source()[start..end]);
            map.entry(start).or_default().push((n, list));
        }
    }
    map
}

fn leading_space(s: &str) -> usize {
    s.len() - s.trim_start().len()
}

/// The list bound to `occurrence`, if one is.
fn bound_list<'m>(
    v: &View<'_>,
    lists: &'m HashMap<usize, Vec<(NodeId, List)>>,
    occurrence: NodeId,
) -> Option<&'m List> {
    let tree = v.tree;
    let source = tree.source();
    let (_, end) = tree.source_span(occurrence);
    let mut at = end + leading_space(&source[end..]);
    if let Some(open) = OPENING.iter().find(|o| source[at..].starts_with(**o)) {
        at += open.len();
        at += leading_space(&source[at..]);
    }
    // The outermost list starting there that does not hold the occurrence.
    lists
        .get(&at)?
        .iter()
        .find(|(n, _)| !tree.is_ancestor_or_self(*n, occurrence))
        .map(|(_, l)| l)
}

/// Every candidate: for each name with two or more bound lists (rarest names first), and
/// each position i, the i-th item deleted from every bound list that has one; before it,
/// the same with the binding elements of the names it orphans deleted too ([`Orphans`]).
pub(crate) fn sites(v: &View<'_>) -> Vec<EditSet> {
    let tree = v.tree;
    let lists = lists_by_start(v);
    let mut names = Names::of(v).list;
    names.sort_by_key(|(_, nodes)| nodes.len());
    let orphans = Orphans::new(v, &names);
    let mut out = Vec::new();
    for (_, occurrences) in &names {
        let mut bound: Vec<&List> = Vec::new();
        for &o in occurrences {
            if let Some(l) = bound_list(v, &lists, o) {
                if !bound.iter().any(|b| std::ptr::eq(*b, l)) {
                    bound.push(l);
                }
            }
        }
        if bound.len() < 2 {
            continue;
        }
        let items: Vec<Vec<NodeId>> = bound.iter().map(|l| l.items()).collect();
        let longest = items.iter().map(Vec::len).max().unwrap_or(0);
        for i in 0..longest {
            let mut edits = EditSet::new();
            let mut deleted = Vec::new();
            for (l, items) in bound
                .iter()
                .zip(&items)
                .filter(|(_, items)| items.len() > i)
            {
                l.delete_item(tree, i, &mut edits);
                deleted.push(items[i]);
            }
            if let Some(more) = orphans.with_bindings(&deleted, &edits) {
                out.push(more);
            }
            out.push(edits);
        }
    }
    out
}

/// The names a deletion orphans, and their binding elements.
struct Orphans<'a, 'v> {
    view: &'v View<'v>,
    names: &'a [(String, Vec<NodeId>)],
    /// Each name node's index in `names`.
    name_of: HashMap<NodeId, usize>,
    stand_ins: StandIns<'v>,
}

impl<'a, 'v> Orphans<'a, 'v> {
    fn new(view: &'v View<'v>, names: &'a [(String, Vec<NodeId>)]) -> Self {
        Orphans {
            view,
            names,
            name_of: name_index(names),
            stand_ins: StandIns::new(view),
        }
    }

    /// `edits` (which delete the items `deleted`) with, for each name that occurs in the
    /// deleted items and only once outside them, where it binds, the element of that binding
    /// deleted too; `None` if no name is orphaned.
    fn with_bindings(&self, deleted: &[NodeId], edits: &EditSet) -> Option<EditSet> {
        let tree = self.view.tree;
        let inside = |n: NodeId| deleted.iter().any(|&d| tree.is_ancestor_or_self(d, n));
        let mut used: Vec<usize> = Vec::new();
        for &d in deleted {
            let mut stack = vec![d];
            while let Some(n) = stack.pop() {
                if let Some(&i) = self.name_of.get(&n) {
                    if !used.contains(&i) {
                        used.push(i);
                    }
                }
                stack.extend(tree.children(n));
            }
        }
        let mut more = edits.clone();
        let mut elements: Vec<NodeId> = Vec::new();
        for i in used {
            let mut outside = self.names[i].1.iter().copied().filter(|&n| !inside(n));
            let (Some(binding), None) = (outside.next(), outside.next()) else {
                continue;
            };
            if !binds(self.view, &self.stand_ins, binding) {
                continue;
            }
            let other_binding = |n: NodeId| {
                self.name_of.get(&n).is_some_and(|&j| j != i)
                    && binds(self.view, &self.stand_ins, n)
            };
            let Some(element) =
                element_of(self.view, binding, &|n| holds(self.view, n, &other_binding))
            else {
                continue;
            };
            // Not inside what goes already, nor around or inside another orphan's element.
            let related = |a: NodeId, b: NodeId| {
                tree.is_ancestor_or_self(a, b) || tree.is_ancestor_or_self(b, a)
            };
            if deleted.iter().any(|&d| related(d, element))
                || elements.iter().any(|&e| related(e, element))
            {
                continue;
            }
            elements.push(element);
            more.delete(element);
        }
        (!elements.is_empty()).then_some(more)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn candidates(src: &str) -> Vec<String> {
        super::super::toy_candidates(src, sites, "")
    }

    #[test]
    fn the_ith_item_goes_from_every_list_bound_to_the_name() {
        // Reference, worked by hand: `f` has two bound lists (`a, b` and `1, 2, 3`; `g(f)`
        // binds none to `f`), so positions 0, 1, 2 each give one candidate; a list without
        // an i-th item is left alone. `g` has one bound list: nothing to pair it with.
        assert_eq!(
            candidates("f(a, b); f(1, 2, 3); g(f);"),
            [
                "f(b);f(2,3);g(f);",
                "f(a);f(1,3);g(f);",
                "f(a,b);f(1,2);g(f);"
            ]
        );
    }

    #[test]
    fn the_binding_of_a_name_only_the_deleted_items_used_goes_with_them_first() {
        // Reference, worked by hand: `f` binds two lists; position 1 deletes `q` and `2`,
        // and `q` is then left only in `var q;`, where it binds: that candidate comes first
        // with `var q;` gone too. `a` is used outside (`g(a)`): position 0 orphans nothing.
        assert_eq!(
            candidates("var q; f(a, q); f(1, 2); g(a);"),
            [
                "varq;f(q);f(2);g(a);",
                "f(a);f(1);g(a);",
                "varq;f(a);f(1);g(a);"
            ]
        );
        // Used twice outside the deleted items: not orphaned.
        assert_eq!(
            candidates("var q; f(a, q); f(1, 2); h(q);"),
            ["varq;f(q);f(2);h(q);", "varq;f(a);f(1);h(q);"]
        );
    }

    #[test]
    fn a_single_item_list_counts_when_the_program_or_the_grammar_shows_it_is_one() {
        assert_eq!(candidates("f(x); f(1, 2);"), ["f();f(2);", "f(x);f(1);"]);
        // The grammar's tables say an argument list is a separated list (`Tables::separated`):
        // `x` alone is one too.
        assert_eq!(candidates("f(x); f(y);"), ["f();f();"]);
    }
}
