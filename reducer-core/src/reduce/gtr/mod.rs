//! GTR, Generalized Tree Reduction (S. Herfert, J. Patra and M. Pradel, "Automatically
//! Reducing Tree-Structured Test Inputs", ASE 2017; section and algorithm numbers as in its
//! submitted version, "Generalized Reduction of Tree-Structured Test Inputs"): per level of the tree, each
//! transformation template in turn — the deletion template (Alg. 1 / Alg. 3, at most one
//! candidate per node) through DD (ddmin, or the list reducer of
//! [`AlgoOptions::list`](super::AlgoOptions::list)), then the
//! substitute-by-child template (Alg. 2) through the backtracking search of Alg. 5.
//! [`pass`] is one run of Alg. 4; GTR* (Alg. 6) is [`super::repeat`] over it.
//!
//! # The paper's tree on our syntax trees
//!
//! GTR works on abstract syntax trees; ours are concrete, with a wrapper node for every
//! choice (`stmt → if_stmt`) and every quantifier (`block_star → stmt`). A *GTR node* is
//! therefore a chain of our nodes: a node (its *top*, which occupies the slot in the parent)
//! followed down through every only child that prints the same tokens and is a plain
//! (`Regular`) child — wrappers that add no text of their own. The chain's last node is its
//! *bottom*; the GTR node's children are the tops of the chains starting at the bottom's
//! children. A list element (`*`/`+`) or a `?` body always starts a GTR node of its own, so
//! the shape does not depend on how many elements a list happens to have.
//!
//! - *label* (Def. 3.1): the rule of the bottom (`if_stmt`, `decl`, `ident`).
//! - *edge label*: the rule of the slot the top occupies, plus, for a plain child, its index
//!   among the parent's plain children of that slot rule (the two operands of a
//!   `binop = { expr ~ op ~ expr }` are edges `expr#0` and `expr#1`); all elements of one
//!   list share one edge label (`block_star#0`), like the array field of an AST.
//! - *context* (Sect. 3): the parent GTR node's label and the edge label; none for the root.
//! - *child* for substitute-by-child (Alg. 2): each child GTR node, and, as long as a
//!   candidate has exactly one child itself, that child too (`else {…}` → `{…}`, a block with
//!   one statement → the statement, `(e)` → `e`): single-child chains are skipped, since
//!   in an AST the wrapper with its punctuation (`if_else`, the braces) would not be a node.
//!
//! # Filters ([`GtrFilter`])
//!
//! - `Grammar`: a node may be deleted if its top is nullable ([`View::is_nullable`]); a
//!   candidate may replace a node if some node of the candidate's chain is compatible with
//!   the slot of some node of the target's chain (the grammar's compatibility matrix).
//! - `Corpus(dir)`: Sect. 4.2, learned by [`corpus`]: Alg. 3 forbids
//!   deleting a node whose edge is mandatory for its parent's label (generalised to lists:
//!   unless a sibling with the same edge label remains); a candidate may replace a node if
//!   the node's context is one of the contexts seen for the candidate's label.
//! - `Unfiltered`: every node may be deleted and every child may substitute; only the
//!   session's syntax check keeps broken candidates from the oracle.
//!
//! Whatever the filter, the edit hoists the highest pair of chain nodes the compatibility
//! matrix accepts when there is one (so the tree keeps the shape a parse would give), else
//! the candidate's top into the target's top; both print the same text.
//!
//! # Alg. 5 with commit-forward trees
//!
//! Alg. 5 line 8 walks a node's candidates in child order, testing each one smaller than the
//! current replacement. Our commits cannot be undone, and committing a replacement removes
//! the other children from the tree, so a node's candidates are tested smallest first
//! (ties in child order) and the first interesting one is kept. That is the replacement
//! Alg. 5's inner loop ends with — every candidate smaller than it failed and it passed —
//! with a subset of its oracle calls. In later sweeps (line 4–16 repeat) a node that was
//! replaced can only try its remaining candidates that are still in the tree (those below
//! the replacement); the others would need the replacement undone.

pub mod corpus;

use super::levels::level_by_level;
use super::nodes::reduce_nodes;
use super::{AlgoOptions, GtrFilter};
use crate::engine::session::{Session, View};
use crate::reduce::list::ListAlgorithm;
use crate::syntax::tree::{Derivation, EditSet, NodeId, RuleId, Subst, Tree};
use corpus::Corpus;
use std::sync::Arc;

/// The label of a GTR node: the rule of its bottom.
pub type Label = RuleId;

/// The label of the edge from a GTR node to one of its children.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Edge {
    /// The rule of the slot the child's top occupies.
    pub slot: RuleId,
    /// The child's index among the parent's plain children of that slot rule (0 for list
    /// elements and `?` bodies).
    pub index: u32,
}

/// A context (Sect. 3): the parent's label and the incoming edge; `None` for the root.
pub type Context = Option<(Label, Edge)>;

/// The chain of a GTR node: `top`, then every only child that is a plain child printing the
/// same tokens.
pub fn chain(tree: &Tree, top: NodeId) -> Vec<NodeId> {
    let mut chain = vec![top];
    let mut n = top;
    while let Some(c) = transparent_child(tree, n) {
        chain.push(c);
        n = c;
    }
    chain
}

/// The bottom of the GTR node whose top is `top`.
pub fn bottom(tree: &Tree, top: NodeId) -> NodeId {
    let mut n = top;
    while let Some(c) = transparent_child(tree, n) {
        n = c;
    }
    n
}

/// The only child of `n` if it is a plain child printing the same tokens.
fn transparent_child(tree: &Tree, n: NodeId) -> Option<NodeId> {
    let mut children = tree.children(n);
    let c = children.next()?;
    (children.next().is_none()
        && tree.derivation(c) == Derivation::Regular
        && tree.weight(c) == tree.weight(n))
    .then_some(c)
}

/// The label of the GTR node whose top is `top`.
pub fn label(tree: &Tree, top: NodeId) -> Label {
    tree.rule(bottom(tree, top))
}

/// The tops of the children of the GTR node whose top is `top`.
pub fn children(tree: &Tree, top: NodeId) -> Vec<NodeId> {
    tree.children(bottom(tree, top)).collect()
}

/// The label of the edge into the GTR node whose top is `top`; `None` for the root.
pub fn edge(tree: &Tree, top: NodeId) -> Option<Edge> {
    let parent = tree.parent(top)?;
    let slot = tree.slot_rule(top);
    let index = if tree.derivation(top) == Derivation::Regular {
        tree.children(parent)
            .take_while(|&c| c != top)
            .filter(|&c| tree.slot_rule(c) == slot && tree.derivation(c) == Derivation::Regular)
            .count() as u32
    } else {
        0
    };
    Some(Edge { slot, index })
}

/// The context of the GTR node whose top is `top`: its parent's label and its edge label.
/// The parent of a top is always the bottom of the parent GTR node.
pub fn context(tree: &Tree, top: NodeId) -> Context {
    let e = edge(tree, top)?;
    Some((tree.rule(tree.parent(top)?), e))
}

/// The substitute-by-child candidates of a GTR node (Alg. 2, with single-child chains
/// skipped): the tops of its child GTR nodes and of the only-child chains below them, that
/// print fewer tokens than the node, smallest first (ties in child order).
pub fn sbc_candidates(tree: &Tree, top: NodeId) -> Vec<NodeId> {
    let weight = tree.weight(top);
    let mut found = Vec::new();
    for c in children(tree, top) {
        let mut c = c;
        loop {
            if tree.weight(c) < weight {
                found.push(c);
            }
            let mut below = tree.children(bottom(tree, c));
            match (below.next(), below.next()) {
                (Some(only), None) => c = only,
                _ => break,
            }
        }
    }
    found.sort_by_key(|&c| tree.weight(c));
    found
}

/// The candidate filter of one pass.
#[derive(Clone, Debug)]
pub enum Filter {
    /// The grammar's nullability and compatibility tables.
    Grammar,
    /// Mandatory edges and contexts learned from a corpus (Sect. 4.2).
    Corpus(Arc<Corpus>),
    /// No filter.
    Unfiltered,
}

impl Filter {
    /// The filter `option` asks for.
    pub fn new(option: &GtrFilter) -> Filter {
        match option {
            GtrFilter::Grammar => Filter::Grammar,
            GtrFilter::Unfiltered => Filter::Unfiltered,
            GtrFilter::Corpus(corpus) => Filter::Corpus(corpus.clone()),
        }
    }

    /// The deletion template (Alg. 1, specialised as Alg. 3 by the corpus): whether the GTR
    /// node whose top is `top` may be deleted.
    pub fn may_delete(&self, view: &View<'_>, top: NodeId) -> bool {
        let tree = view.tree;
        if view.protected(top) {
            return false;
        }
        match self {
            Filter::Grammar => view.is_nullable(top),
            Filter::Unfiltered => true,
            Filter::Corpus(corpus) => match context(tree, top) {
                None => false,
                // Alg. 3 line 3: e ∉ mandatory_edges(P), or another e-edge remains.
                Some((parent, e)) => {
                    !corpus.is_mandatory(parent, e)
                        || tree
                            .children(tree.parent(top).unwrap())
                            .any(|c| c != top && edge(tree, c) == Some(e))
                }
            },
        }
    }

    /// Substitute-by-child (Alg. 2 line 5, specialised by the filter): the pair of nodes
    /// `(m, x)` such that hoisting `x` into `m` replaces the GTR node of `target` by the one of
    /// `candidate`, or `None` if the filter rejects the candidate.
    pub fn substitution(
        &self,
        view: &View<'_>,
        target: NodeId,
        candidate: NodeId,
    ) -> Option<(NodeId, NodeId)> {
        let tree = view.tree;
        if view.protected(target) {
            return None;
        }
        let compatible = compatible_pair(view, target, candidate);
        match self {
            Filter::Grammar => compatible,
            Filter::Unfiltered => Some(compatible.unwrap_or((target, candidate))),
            // Alg. 2 line 5 specialised: context(tree) ∈ contexts(tree.c[i].l)
            Filter::Corpus(corpus) => corpus
                .allows(label(tree, candidate), context(tree, target))
                .then(|| compatible.unwrap_or((target, candidate))),
        }
    }
}

/// The highest node of `target`'s chain and the highest node of `candidate`'s chain such that
/// the latter may stand in the former's slot according to the grammar.
fn compatible_pair(view: &View<'_>, target: NodeId, candidate: NodeId) -> Option<(NodeId, NodeId)> {
    let tree = view.tree;
    let tables = view.tables();
    let by = chain(tree, candidate);
    chain(tree, target).into_iter().find_map(|m| {
        by.iter()
            .find(|&&x| tables.compatible(tree.slot_rule(m), tree.rule(x)))
            .map(|&x| (m, x))
    })
}

/// One GTR pass (Alg. 4); returns whether the tree got smaller.
pub fn pass(s: &mut Session<'_>, o: &AlgoOptions) -> bool {
    let filter = Filter::new(&o.gtr_filter);
    // Alg. 4 line 1: for i ∈ [0, depth(t)], with levelNodes ← level(t, i) as GTR nodes.
    level_by_level(s, children, |s, mut level| {
        // Line 2–3: each template in turn.
        delete_level(s, o, &filter, &level);
        level.retain(|&n| s.tree.is_live(n));
        reduce_level_nodes(s, &filter, &mut level);
        level
    })
}

/// APPLY_TEMPLATE for the deletion template (Alg. 4 line 7–8): DD over the level's nodes
/// that the filter lets go. Deleting all of them is tried first: a level often holds a
/// single node (the paper's example tests deleting its root), and ddmin never tests the
/// empty configuration.
fn delete_level(s: &mut Session<'_>, o: &AlgoOptions, filter: &Filter, level: &[NodeId]) {
    let view = s.view();
    let items: Vec<(NodeId, Subst)> = level
        .iter()
        .filter(|&&n| s.tree.is_live(n) && filter.may_delete(&view, n))
        .map(|&n| (n, Subst::Delete))
        .collect();
    reduce_nodes(s, items, o.list_or(ListAlgorithm::Ddmin), &o.dd, true);
}

/// Alg. 5: backtracking-based reduction of the level's nodes with substitute-by-child.
/// `level` holds each node's current replacement (conf) on return.
fn reduce_level_nodes(s: &mut Session<'_>, filter: &Filter, level: &mut [NodeId]) {
    // Line 8's l(n): the candidates of each original node, fixed for the whole search.
    let candidates: Vec<Vec<NodeId>> = level.iter().map(|&n| sbc_candidates(&s.tree, n)).collect();
    // Lines 4–16: repeat until no improvement.
    loop {
        let mut improved = false;
        for (i, candidates) in candidates.iter().enumerate() {
            if s.stopped() {
                return;
            }
            // Line 7: currentRep ← conf.get(n)
            let current = level[i];
            if let Some(by) = substitute(s, filter, current, candidates) {
                // Lines 12–13.
                level[i] = by;
                improved = true;
            }
        }
        if !improved {
            return;
        }
    }
}

/// Alg. 5 lines 8–15 for one node: tests its remaining candidates smaller than `current`,
/// smallest first, and commits the first interesting one; returns the new top of the node.
fn substitute(
    s: &mut Session<'_>,
    filter: &Filter,
    current: NodeId,
    candidates: &[NodeId],
) -> Option<NodeId> {
    if !s.tree.is_live(current) {
        return None;
    }
    let view = s.view();
    let tree = &s.tree;
    let low = bottom(tree, current);
    let pairs: Vec<(NodeId, NodeId)> = candidates
        .iter()
        .filter(|&&c| {
            tree.is_live(c)
                && c != low
                && tree.is_ancestor_or_self(low, c)
                && tree.weight(c) < tree.weight(current)
        })
        .filter_map(|&c| filter.substitution(&view, current, c))
        .collect();
    let edits = pairs
        .iter()
        .map(|&(m, x)| {
            let mut e = EditSet::new();
            e.hoist(m, x);
            e
        })
        .collect();
    let k = s.first_interesting_of(edits)?;
    let (m, x) = pairs[k];
    Some(if m == current { x } else { current })
}

#[cfg(test)]
mod tests;
