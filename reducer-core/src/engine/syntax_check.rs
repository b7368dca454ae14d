//! The local syntax check: instead of re-parsing a whole candidate, re-parse in place only
//! the slots an edit can disturb (the anchors: the nearest list elements around each edit,
//! found through [`Neighbours`]); a full parse when that would not be cheaper.

use crate::engine::tester::Candidate;
use crate::syntax::language::Language;
use crate::syntax::tree::{Derivation, EditSet, NodeId, Subst, Tree};
use std::cell::Cell;
use std::time::Instant;

/// How candidates are checked for syntax before the oracle sees them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SyntaxCheck {
    /// No check: every candidate goes to the oracle.
    Off,
    /// Re-parse the smallest enclosing list element of each edit (with the rest of the file as
    /// context), falling back to a full parse when that is not enough.
    #[default]
    Local,
    /// Re-parse every candidate in full.
    Full,
}

/// Options shared by the tree algorithms.
#[derive(Clone, Debug)]
pub struct SessionOptions {
    /// The syntax check.
    pub syntax_check: SyntaxCheck,
    /// Most local checks per candidate before a full parse is cheaper.
    pub max_local_checks: usize,
    /// Verification mode: every tree candidate sent to the oracle (speculative runs included)
    /// is parsed in full as well, and those that do not parse are counted
    /// ([`Stats::verified_invalid`](crate::engine::stats::Stats::verified_invalid)). It measures what
    /// the syntax check lets through and changes nothing else. The text baselines
    /// (`ddmin-lines`, `ddmin-tokens`) have no syntax check by design and are not verified.
    pub verify_syntax: bool,
}

impl Default for SessionOptions {
    fn default() -> Self {
        SessionOptions {
            syntax_check: SyntaxCheck::Local,
            max_local_checks: 64,
            verify_syntax: false,
        }
    }
}

/// Syntax-check counters, shared by the deferred checks of one list of candidates.
#[derive(Default)]
pub(super) struct CheckCounters {
    pub(super) local: Cell<u64>,
    pub(super) full: Cell<u64>,
    pub(super) time: Cell<std::time::Duration>,
}

impl CheckCounters {
    /// Runs `work`, adding its time to the counters.
    pub(super) fn timed<T>(&self, work: impl FnOnce() -> T) -> T {
        let start = Instant::now();
        let value = work();
        self.time.set(self.time.get() + start.elapsed());
        value
    }
}

/// Prints a candidate and prepares its syntax check, which the tester runs only if the cache
/// does not know the text; in verification mode, also the full parse the tester runs if it
/// sends the candidate to the oracle.
pub(super) fn make_candidate<'a>(
    tree: &'a Tree,
    lang: &'a dyn Language,
    options: &SessionOptions,
    edits: &EditSet,
    checks: &'a CheckCounters,
) -> Candidate<'a> {
    let mut candidate = checked_candidate(tree, lang, options, edits, checks);
    if options.verify_syntax {
        candidate.verify = Some(Box::new(|text: &[u8]| lang.accepts_bytes(text)));
    }
    candidate
}

/// Prints a candidate and prepares the syntax check `options` ask for.
fn checked_candidate<'a>(
    tree: &'a Tree,
    lang: &'a dyn Language,
    options: &SessionOptions,
    edits: &EditSet,
    checks: &'a CheckCounters,
) -> Candidate<'a> {
    if options.syntax_check == SyntaxCheck::Off {
        return Candidate::text(tree.print(edits));
    }
    let anchors = match options.syntax_check {
        SyntaxCheck::Local => checks.timed(|| local_anchors(tree, edits, options.max_local_checks)),
        _ => Anchors::Full,
    };
    match anchors {
        Anchors::Invalid => Candidate::rejected(),
        Anchors::Full => {
            let text = tree.print(edits);
            let check = move |text: &[u8]| {
                checks.full.set(checks.full.get() + 1);
                checks.timed(|| lang.accepts_bytes(text))
            };
            Candidate::deferred(text, Box::new(check))
        }
        Anchors::Local(nodes) => {
            let (text, spans) = tree.print_marked(edits, &nodes);
            let check = move |text: &[u8]| {
                checks.local.set(checks.local.get() + 1);
                let Ok(text) = std::str::from_utf8(text) else {
                    return false;
                };
                checks.timed(|| {
                    nodes.iter().all(|n| match spans.get(n) {
                        None => true,
                        Some(&(s, e)) => {
                            let rule = tree.slot_rule(*n);
                            match lang.parse_prefix(rule, &text[s..]) {
                                Ok(len) => same_end(&text[s..], len, e - s),
                                Err(_) => false,
                            }
                        }
                    })
                })
            };
            Candidate::deferred(text, Box::new(check))
        }
    }
}

/// Whether a parse that matched `matched` bytes ends where the printed node ended
/// (`expected`), up to whitespace the parser may or may not have consumed.
fn same_end(text: &str, matched: usize, expected: usize) -> bool {
    let (a, b) = (matched.min(expected), matched.max(expected));
    b <= text.len() && text[a..b].bytes().all(|c| c.is_ascii_whitespace())
}

enum Anchors {
    /// The candidate breaks a `+` list: no parse needed to reject it.
    Invalid,
    /// Only a full parse can tell.
    Full,
    /// Re-parse these nodes' slots in place.
    Local(Vec<NodeId>),
}

/// The nodes whose slots must re-parse in place for the candidate to keep its structure.
///
/// For an edit at node x (outermost edits only; edits inside an edited subtree are covered
/// by the outer one): the anchor is the nearest list element at or above x (a list loop calls
/// the element's rule at the element's start, so if the rule matches the same extent the rest
/// of the parse is unchanged). Deleting a list element anchors at its previous element, which
/// must not now swallow what follows (a first element: at the next one, which now starts
/// where it did). The previous sibling element of each anchor is checked too, because its
/// greedy tail could reach into the edited text. An anchor at the root, more than `limit`
/// anchors, or anchors covering more than half of the tree mean a full parse.
fn local_anchors(tree: &Tree, edits: &EditSet, limit: usize) -> Anchors {
    let mut anchors: Vec<NodeId> = Vec::new();
    let mut near = Neighbours::new(tree, edits);
    for (x, subst) in edits.iter() {
        if !tree.is_live(x) || has_edited_ancestor(tree, edits, x) {
            continue;
        }
        let list_element = matches!(tree.derivation(x), Derivation::Star | Derivation::Plus);
        let anchor = if matches!(subst, Subst::Delete) {
            if tree.derivation(x) == Derivation::Plus && !near.plus_list_survives(x) {
                return Anchors::Invalid;
            }
            let neighbour = list_element
                .then(|| near.previous(x).or_else(|| near.next(x)))
                .flatten();
            match neighbour {
                Some(n) => Some((n, false)),
                None => tree
                    .parent(x)
                    .and_then(|p| enclosing_element(tree, p))
                    .map(|a| (a, true)),
            }
        } else {
            enclosing_element(tree, x).map(|a| (a, true))
        };
        let Some((anchor, text_changed)) = anchor else {
            return Anchors::Full;
        };
        anchors.push(anchor);
        // A neighbour of a deleted element keeps its text: the element before it sees the
        // same text up to the neighbour's end, so only an anchor whose text changed needs it.
        if text_changed {
            if let Some(prev) = near.previous(anchor) {
                anchors.push(prev);
            }
        }
        if anchors.len() > limit {
            // Deleting a run of elements gives them all the same anchor: count distinct ones.
            anchors.sort_unstable();
            anchors.dedup();
            if anchors.len() > limit {
                return Anchors::Full;
            }
        }
    }
    anchors.sort_unstable();
    anchors.dedup();
    // Re-parsing more than half of the tree piecewise costs more than one full parse.
    let covered: u64 = anchors.iter().map(|&a| tree.weight(a) as u64).sum();
    if covered * 2 > tree.tokens() as u64 {
        return Anchors::Full;
    }
    Anchors::Local(anchors)
}

fn has_edited_ancestor(tree: &Tree, edits: &EditSet, x: NodeId) -> bool {
    let mut n = x;
    while let Some(p) = tree.parent(n) {
        if edits.get(p).is_some() {
            return true;
        }
        n = p;
    }
    false
}

/// The nearest list element at or above `node`; `None` at the root.
fn enclosing_element(tree: &Tree, mut node: NodeId) -> Option<NodeId> {
    loop {
        if matches!(tree.derivation(node), Derivation::Star | Derivation::Plus) {
            return Some(node);
        }
        node = tree.parent(node)?;
    }
}

/// The list neighbours of nodes under one edit set: for each child of a parent, the
/// closest earlier and later siblings of the same slot rule that the edits do not delete,
/// and which rules keep an element of a `+` list. Computed once per parent, in one pass
/// over its children: a candidate that deletes half of a 16,000-element list asks for
/// thousands of neighbours, and a scan per question made that quadratic.
struct Neighbours<'a> {
    tree: &'a Tree,
    edits: &'a EditSet,
    by_parent: rustc_hash::FxHashMap<NodeId, Siblings>,
}

/// The neighbours of one parent's children.
#[derive(Default)]
struct Siblings {
    /// Each child's closest kept earlier and later sibling of its slot rule.
    near: rustc_hash::FxHashMap<NodeId, (Option<NodeId>, Option<NodeId>)>,
    /// The slot rules with a kept element of a `+` list.
    plus_kept: rustc_hash::FxHashSet<crate::syntax::tree::RuleId>,
}

impl<'a> Neighbours<'a> {
    fn new(tree: &'a Tree, edits: &'a EditSet) -> Self {
        Neighbours {
            tree,
            edits,
            by_parent: rustc_hash::FxHashMap::default(),
        }
    }

    fn siblings(&mut self, parent: NodeId) -> &Siblings {
        let (tree, edits) = (self.tree, self.edits);
        self.by_parent.entry(parent).or_insert_with(|| {
            let children: Vec<NodeId> = tree.children(parent).collect();
            let kept = |c: NodeId| !matches!(edits.get(c), Some(Subst::Delete));
            let mut s = Siblings::default();
            let mut last = rustc_hash::FxHashMap::default();
            for &c in &children {
                let rule = tree.slot_rule(c);
                s.near.insert(c, (last.get(&rule).copied(), None));
                if kept(c) {
                    last.insert(rule, c);
                    if tree.derivation(c) == Derivation::Plus {
                        s.plus_kept.insert(rule);
                    }
                }
            }
            last.clear();
            for &c in children.iter().rev() {
                let rule = tree.slot_rule(c);
                if let Some(entry) = s.near.get_mut(&c) {
                    entry.1 = last.get(&rule).copied();
                }
                if kept(c) {
                    last.insert(rule, c);
                }
            }
            s
        })
    }

    fn around(&mut self, node: NodeId) -> (Option<NodeId>, Option<NodeId>) {
        match self.tree.parent(node) {
            Some(p) => self
                .siblings(p)
                .near
                .get(&node)
                .copied()
                .unwrap_or_default(),
            None => (None, None),
        }
    }

    /// The closest earlier sibling of `node` that is a list element of the same slot rule
    /// and is not deleted (`None` when `node` is not a list element).
    fn previous(&mut self, node: NodeId) -> Option<NodeId> {
        if !matches!(
            self.tree.derivation(node),
            Derivation::Star | Derivation::Plus
        ) {
            return None;
        }
        self.around(node).0
    }

    /// The closest later sibling of `node` of the same slot rule that is not deleted.
    fn next(&mut self, node: NodeId) -> Option<NodeId> {
        self.around(node).1
    }

    /// Whether the `+` list of `node` keeps an element.
    fn plus_list_survives(&mut self, node: NodeId) -> bool {
        let rule = self.tree.slot_rule(node);
        match self.tree.parent(node) {
            Some(p) => self.siblings(p).plus_kept.contains(&rule),
            None => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Toy;

    /// The plain scans [`Neighbours`] replaces: the reference it must agree with.
    fn scan_previous(tree: &Tree, edits: &EditSet, node: NodeId) -> Option<NodeId> {
        if !matches!(tree.derivation(node), Derivation::Star | Derivation::Plus) {
            return None;
        }
        let parent = tree.parent(node)?;
        let rule = tree.slot_rule(node);
        let kept = |c: NodeId| !matches!(edits.get(c), Some(Subst::Delete));
        let before: Vec<NodeId> = tree.children(parent).take_while(|&c| c != node).collect();
        before
            .into_iter()
            .rev()
            .find(|&c| tree.slot_rule(c) == rule && kept(c))
    }

    fn scan_next(tree: &Tree, edits: &EditSet, node: NodeId) -> Option<NodeId> {
        let parent = tree.parent(node)?;
        let rule = tree.slot_rule(node);
        tree.children(parent)
            .skip_while(|&c| c != node)
            .skip(1)
            .find(|&c| tree.slot_rule(c) == rule && !matches!(edits.get(c), Some(Subst::Delete)))
    }

    #[test]
    fn neighbours_agree_with_plain_scans_under_random_deletions() {
        let src = "var a = 1; { f(1, 2, 3); g(); { h(a); } } if (a) { x(1); y(2); } else z(3); \
                   k(1 + 2 * 3 - 4); var b = a; m(b, b, b, b);";
        let tree = Toy.parse(src).unwrap();
        let nodes = tree.bfs();
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..200 {
            let mut edits = EditSet::new();
            for &n in &nodes {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                if seed.is_multiple_of(3) {
                    edits.delete(n);
                }
            }
            let mut near = Neighbours::new(&tree, &edits);
            for &n in &nodes {
                assert_eq!(
                    near.previous(n),
                    scan_previous(&tree, &edits, n),
                    "previous of {n}"
                );
                assert_eq!(near.next(n), scan_next(&tree, &edits, n), "next of {n}");
            }
        }
    }

    #[test]
    fn a_long_list_gets_anchors_without_a_scan_per_edit() {
        // 20,000 statements; deleting every other one asks for 10,000 neighbours. With a scan
        // per question this took minutes; the answer must still be right.
        let src = "f(1);".repeat(20_000);
        let tree = Toy.parse(&src).unwrap();
        let elements: Vec<NodeId> = tree.children(tree.root()).collect();
        assert_eq!(elements.len(), 20_000);
        let edits = EditSet::deleting(elements.iter().copied().skip(1).step_by(2));
        match local_anchors(&tree, &edits, 64) {
            // Each deleted element anchors at the kept one before it: 10,000 anchors.
            Anchors::Full => {}
            _ => panic!("10,000 distinct anchors are more than the limit"),
        }
        // A run of deletions shares one anchor: the element before the run.
        let run = EditSet::deleting(elements[1..15_000].iter().copied());
        match local_anchors(&tree, &run, 64) {
            Anchors::Local(a) => assert_eq!(a, vec![elements[0]]),
            _ => panic!("a run of deletions has one anchor"),
        }
    }
}
