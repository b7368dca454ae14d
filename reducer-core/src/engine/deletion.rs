//! What deleting nodes means: a nullable node goes, and the first item of a separated list
//! (`x` of `x ~ (sep ~ x)*`, [`Tables::separated`]) goes with the separator after it.
//!
//! Perses Normal Form makes every later item of such a list a deletable `(sep ~ x)` element,
//! but not the first: `x` alone is no `*` node, and deleting it would leave the list starting
//! with a separator. Deleting it together with the next element's separator is always
//! valid: the next item moves into the first item's slot (a committed hoist of a node from
//! the deleted element), so `f(a, b, c)` becomes `f(b, c)`, a Python block loses its first
//! statement (a module's docstring) and `a + b` becomes `b`. The moved item keeps its
//! subtree, so later passes go on inside it.
//!
//! [`Tables::separated`]: crate::syntax::language::Tables::separated

use crate::engine::session::View;
use crate::syntax::tree::{Derivation, EditSet, NodeId};
use rustc_hash::FxHashSet;

impl View<'_> {
    /// Whether deleting `node` alone gives text the grammar allows: it is
    /// [nullable](View::is_nullable), or the first item of a separated list with another
    /// item after it.
    pub fn is_deletable(&self, node: NodeId) -> bool {
        self.is_nullable(node) || self.leads_list(node)
    }

    /// Whether `node` is the first item of a separated list with another item after it, so
    /// that it can go with the separator after it. Such a node is never nullable: it is a
    /// plain child, not a `*`, `+` or `?` element.
    pub fn leads_list(&self, node: NodeId) -> bool {
        self.successor(node, &FxHashSet::default()).is_some()
    }

    /// The edits that delete all of `nodes` ([`View::is_deletable`] ones, or any node to be
    /// deleted as it is): each is deleted, but the first item of a separated list, which is
    /// replaced by the first item after it that stays, whose element (with its separator)
    /// goes.
    pub fn deleting(&self, nodes: &[NodeId]) -> EditSet {
        let mut edits = EditSet::new();
        let gone: FxHashSet<NodeId> = nodes.iter().copied().collect();
        for &n in nodes {
            match self.successor(n, &gone) {
                Some((element, item)) => {
                    edits.hoist(n, item);
                    edits.delete(element);
                }
                _ => {
                    edits.delete(n);
                }
            }
        }
        edits
    }

    /// When `node` is the first item of a separated list: the first element after it that
    /// is not in `gone`, and the item it holds, provided the list keeps enough elements
    /// (a `+` list one besides). `None` for any other node, and for protected ones.
    fn successor(&self, node: NodeId, gone: &FxHashSet<NodeId>) -> Option<(NodeId, NodeId)> {
        let t = self.tree;
        if t.derivation(node) != Derivation::Regular || self.protected(node) {
            return None;
        }
        let parent = t.parent(node)?;
        let mut after = t.children(parent).skip_while(|&c| c != node).skip(1);
        let first = after.next()?;
        let separated = self.tables().separated(t.slot_rule(first))?;
        if separated.item != t.slot_rule(node) {
            return None;
        }
        let derivation = t.derivation(first);
        let is_element =
            |c: NodeId| t.slot_rule(c) == separated.element && t.derivation(c) == derivation;
        let mut staying = std::iter::once(first)
            .chain(after)
            .take_while(|&c| is_element(c))
            .filter(|c| !gone.contains(c));
        let element = staying.next()?;
        if !matches!(derivation, Derivation::Star | Derivation::Plus)
            || (derivation == Derivation::Plus && staying.next().is_none())
            || self.protected(element)
        {
            return None;
        }
        let item = t.children(element).next_back()?;
        (t.slot_rule(item) == separated.item).then_some((element, item))
    }
}

#[cfg(test)]
mod tests {
    use crate::syntax::tree::{NodeId, Tree};
    use crate::testing::{rule, session, Toy};
    use crate::Language;

    /// The highest node of `t` whose text is `text`.
    fn node(t: &Tree, text: &str) -> NodeId {
        let none = crate::syntax::tree::EditSet::new();
        t.bfs()
            .into_iter()
            .find(|&n| t.print_node(n, &none).trim() == text)
            .unwrap_or_else(|| panic!("no node {text:?} in {:?}", t.text()))
    }

    #[test]
    fn the_first_argument_goes_with_the_comma_after_it() {
        let mut s = session(&Toy, "f(a, b, c);", |_| true, 1);
        let a = node(&s.tree, "a");
        assert!(!s.view().is_nullable(a) && s.view().is_deletable(a) && s.view().leads_list(a));
        let edits = s.view().deleting(&[a]);
        assert!(s.try_edits(edits));
        assert_eq!(s.text(), "f(b, c);");
        // The moved item is the list's first now, with its subtree: it can go the same way.
        let b = node(&s.tree, "b");
        assert!(s.view().is_deletable(b));
        let edits = s.view().deleting(&[b]);
        assert!(s.try_edits(edits));
        assert_eq!(s.text(), "f(c);");
        // A last item has nothing to take its place.
        let args = s
            .tree
            .bfs()
            .into_iter()
            .find(|&n| s.tree.rule(n) == rule::ARGS);
        let c = s.tree.children(args.unwrap()).next().unwrap();
        assert!(!s.view().is_deletable(c));
        // The committed tree is the tree of its text.
        let reparsed = Toy.parse(&s.text()).unwrap();
        assert_eq!(s.tree.tokens(), reparsed.tokens());
    }

    #[test]
    fn deleting_the_first_items_together_promotes_the_first_that_stays() {
        let mut s = session(&Toy, "f(a, b, c, d);", |_| true, 1);
        let (a, b, c) = (node(&s.tree, "a"), node(&s.tree, "b"), node(&s.tree, "c"));
        let elements: Vec<NodeId> = [b, c].iter().map(|&n| s.tree.parent(n).unwrap()).collect();
        let edits = s.view().deleting(&[a, elements[0], elements[1]]);
        assert!(s.try_edits(edits));
        assert_eq!(s.text(), "f(d);");
        assert_eq!(s.tree.tokens(), Toy.parse("f(d);").unwrap().tokens());
    }

    #[test]
    fn an_operand_goes_with_the_operator_after_it() {
        let mut s = session(&Toy, "var x = a * b + c;", |_| true, 1);
        let a = node(&s.tree, "a");
        let edits = s.view().deleting(&[a]);
        assert!(s.try_edits(edits));
        // The blank before the deleted operator stays (the final tidy-up's business).
        assert_eq!(s.text(), "var x = b  + c;");
    }
}
