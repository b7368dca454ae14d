//! A reduction session: the tree, its language, the tester, and the candidate pipeline
//! (edit set → printed text → kept regions → cache → syntax check, deferred to a cache miss →
//! edit memory → oracle → commit) that every tree algorithm shares.
//!
//! The session also keeps the kept regions ([`Session::keep`]): no edit set that edits a node
//! overlapping one is tested ([`View::protected`]), and no whole text that changes a byte of
//! one.

use crate::engine::keep::{self, Kept};
use crate::engine::refusals::{Refusals, MAX_REFUSED_NODES};
use crate::engine::stats::SessionStats;
use crate::engine::syntax_check::{make_candidate, CheckCounters};
pub use crate::engine::syntax_check::{SessionOptions, SyntaxCheck};
use crate::engine::tester::{Candidate, Tester};
use crate::syntax::language::{Language, Tables};
use crate::syntax::tree::{Derivation, EditSet, NodeId, Subst, Tree};
use std::cell::{Cell, RefCell};
use std::ops::Range;
use std::sync::Arc;

/// An edit set with, for the config-keyed cache baseline, the configuration it comes from
/// (the kept elements' indices in the list the reduction started from).
pub struct KeyedEdits {
    /// The edits on the current tree.
    pub edits: EditSet,
    /// The configuration, if the caller has one.
    pub config: Option<Box<[u32]>>,
}

/// A syntax tree being reduced, with everything needed to test candidates.
pub struct Session<'l> {
    /// The input's language.
    pub lang: &'l dyn Language,
    /// The current tree (committed edits applied).
    pub tree: Tree,
    /// The tester (cache, oracle, statistics).
    pub tester: Tester,
    /// Options.
    pub options: SessionOptions,
    /// What this session counted: syntax checks, and the stages the algorithms recorded.
    pub stats: SessionStats,
    /// The current text when a text-level algorithm left one that does not parse.
    unparsed: Option<String>,
    /// The language to hand over to (see [`Session::stop_once_parses`]).
    handover: Option<Handover<'l>>,
    /// The regions no candidate may change (see [`Session::keep`]).
    kept: Kept,
    /// Where they are: in the tree's source text, or in `unparsed` when there is one.
    kept_spans: Vec<Range<usize>>,
    /// The deletions refused on the current tree (cleared whenever it changes).
    refusals: Refusals,
}

/// Where the kept regions start in a whole-text candidate; `None` when it does not hold
/// them where it should (refused).
type Placed = Option<Vec<usize>>;

/// A whole-text candidate (see [`Session::first_interesting_text`]): the text, and where
/// the kept regions stand in it when its maker knows.
pub struct TextCandidate {
    /// The text.
    pub text: String,
    /// Where each kept region starts in `text`; `None` to have the session find them
    /// ([`Kept::relocate`]).
    pub kept_at: Option<Vec<usize>>,
}

impl From<String> for TextCandidate {
    fn from(text: String) -> Self {
        TextCandidate {
            text,
            kept_at: None,
        }
    }
}

/// A session that stops once its text parses with another language.
struct Handover<'l> {
    lang: &'l dyn Language,
    /// The number of interesting tests when the text was last checked.
    seen: Cell<u64>,
    /// The text parses with `lang`.
    parses: Cell<bool>,
}

impl<'l> Session<'l> {
    /// A session reducing `tree`.
    pub fn new(
        lang: &'l dyn Language,
        tree: Tree,
        tester: Tester,
        options: SessionOptions,
    ) -> Self {
        let mut s = Session {
            lang,
            tree,
            tester,
            options,
            stats: SessionStats::default(),
            unparsed: None,
            handover: None,
            kept: Kept::default(),
            kept_spans: Vec::new(),
            refusals: Refusals::default(),
        };
        s.record_size();
        s
    }

    /// Keeps the regions of `kept`, which start at `at` in the current text, from every
    /// change from now on: the tree algorithms never edit a node that overlaps one, the text
    /// transformations never change a byte of one, and the tester refuses any candidate
    /// that does not hold them all ([`Tester::set_kept`]). Returns false (and keeps nothing)
    /// when they do not stand there.
    pub fn keep(&mut self, kept: Kept, at: &[usize]) -> bool {
        let text = self.text();
        if !kept.stand_at(text.as_bytes(), at) {
            return false;
        }
        self.tester.set_kept(kept.clone());
        self.kept = kept;
        // Positions in the current text; the tree's source is that text once re-parsed.
        self.kept_spans = self.kept.ranges(at);
        if self.unparsed.is_none() && self.tree.has_edits() {
            self.replace_text_at(&text, at.to_vec());
        }
        true
    }

    /// The kept regions.
    pub fn kept(&self) -> &Kept {
        &self.kept
    }

    /// Where the kept regions start in the current text ([`Session::text`]).
    pub fn kept_at(&self) -> Vec<usize> {
        if self.kept.is_empty() {
            return Vec::new();
        }
        if self.unparsed.is_some() || !self.tree.has_edits() {
            return self.kept_spans.iter().map(|r| r.start).collect();
        }
        self.view()
            .locate(&EditSet::new())
            .1
            .expect("committed edits never touch a kept region")
    }

    /// Makes the algorithms stop early, as after an interruption but without one, once the
    /// current text parses with `lang` (checked after each interesting test, when the
    /// algorithm next asks [`Session::stopped`]): the structure-grammar fallback hands
    /// the input over to its own grammar this way.
    pub fn stop_once_parses(&mut self, lang: &'l dyn Language) {
        self.handover = Some(Handover {
            lang,
            seen: Cell::new(self.tester.stats().interesting),
            parses: Cell::new(false),
        });
    }

    /// Whether the text parsed with the language of [`Session::stop_once_parses`] when it
    /// was last checked.
    pub fn handed_over(&self) -> bool {
        let Some(h) = &self.handover else {
            return false;
        };
        let found = self.tester.stats().interesting;
        if !h.parses.get() && h.seen.replace(found) != found {
            h.parses.set(h.lang.accepts(&self.text()));
        }
        h.parses.get()
    }

    /// The language's tables.
    pub fn tables(&self) -> &'static Tables {
        self.lang.tables()
    }

    /// Whether the algorithms should wind down: the tester answers no more tests (Ctrl-C, a
    /// test that could not be run, or the query budget of the stage is spent:
    /// [`Tester::over_budget`]), a text-level pass left a text that does not parse (no tree
    /// to work on), or the text parses with the language to hand over to
    /// ([`Session::stop_once_parses`]). Only Ctrl-C and a test that could not be run are
    /// an interruption ([`Tester::interrupted`]). A pass that went on while the budget is
    /// spent would be offered no test and see no answer: pardis-hybrid's queue then never
    /// shrank, and the deletion after a stage of the default's rounds could spin forever.
    pub fn stopped(&self) -> bool {
        self.tester.stopped()
            || self.tester.over_budget()
            || self.unparsed.is_some()
            || self.handed_over()
    }

    fn record_size(&mut self) {
        let bytes = self.tree.text().len();
        let tokens = self.tree.tokens() as usize;
        self.tester.record_size(bytes, tokens);
    }

    /// Tests the edit sets `next` generates, in order, and commits the first interesting one;
    /// returns its index. `next` sees the tree as it is before any of them (the tester may
    /// ask for several candidates ahead when running oracles in parallel).
    pub fn first_interesting(
        &mut self,
        next: &mut dyn FnMut(&View<'_>) -> Option<EditSet>,
    ) -> Option<usize> {
        self.first_interesting_keyed(&mut |v| {
            next(v).map(|edits| KeyedEdits {
                edits,
                config: None,
            })
        })
    }

    /// As [`Session::first_interesting`], with a configuration key per candidate for the
    /// config-keyed cache baseline.
    ///
    /// In merge mode ([`Tester::merging`]) several of the edit sets may be committed at once
    /// (their union); the index returned is the first of them, and edit sets that such a
    /// commit made moot ([`EditSet::is_moot`]) are rejected unseen.
    pub fn first_interesting_keyed(
        &mut self,
        next: &mut dyn FnMut(&View<'_>) -> Option<KeyedEdits>,
    ) -> Option<usize> {
        let tried: RefCell<Vec<EditSet>> = RefCell::new(Vec::new());
        let checks = CheckCounters::default();
        let merging = self.tester.merging();
        let found = {
            let view = View {
                tree: &self.tree,
                lang: self.lang,
                kept: &self.kept_spans,
                refusals: &self.refusals,
            };
            let (options, tried, checks) = (&self.options, &tried, &checks);
            let mut candidates = std::iter::from_fn(|| {
                let KeyedEdits { edits: e, config } = next(&view)?;
                let mut c = if (merging && e.is_moot(view.tree)) || !view.allows(&e) {
                    Candidate::rejected()
                } else {
                    make_candidate(view.tree, view.lang, options, &e, checks)
                };
                c.config = config;
                tried.borrow_mut().push(e);
                Some(c)
            });
            let mut merge = |winners: &[usize]| {
                let tried = tried.borrow();
                let union = EditSet::union(winners.iter().map(|&i| &tried[i]));
                if !view.allows(&union) {
                    return Candidate::rejected();
                }
                make_candidate(view.tree, view.lang, options, &union, checks)
            };
            self.tester
                .first_interesting_merged(&mut candidates, &mut merge)
        };
        self.count_checks(&checks);
        let tried = tried.into_inner();
        let Some(found) = found else {
            self.record_refusals(&tried);
            return None;
        };
        let edits = EditSet::union(found.winners.iter().map(|&i| &tried[i]));
        self.tree.commit(&edits);
        self.refusals.clear();
        debug_assert_eq!(
            self.tree.text().as_bytes(),
            &found.text[..],
            "commit diverged from candidate"
        );
        let tokens = self.tree.tokens() as usize;
        self.tester.record_size(found.text.len(), tokens);
        Some(found.winners[0])
    }

    /// Records the pure deletions among the edit sets of a list test that found nothing
    /// which the cache or the oracle refused ([`Tester::refused`]).
    fn record_refusals(&mut self, tried: &[EditSet]) {
        for &i in self.tester.refused() {
            let Some(edits) = tried.get(i) else { continue };
            if edits.len() > MAX_REFUSED_NODES {
                continue;
            }
            let mut nodes: Vec<NodeId> = Vec::with_capacity(edits.len());
            for (node, subst) in edits.iter() {
                if *subst != Subst::Delete {
                    break;
                }
                nodes.push(node);
            }
            if nodes.len() == edits.len() {
                nodes.sort_unstable();
                self.refusals.record(&nodes);
            }
        }
    }

    /// Records that changing `name` was refused ([`Refusals::record_name`]).
    pub fn record_refused_name(&mut self, name: &str) {
        self.refusals.record_name(name);
    }

    /// Adds a list test's syntax-check counters to the statistics.
    fn count_checks(&mut self, checks: &CheckCounters) {
        self.stats.local_checks += checks.local.get();
        self.stats.full_parses += checks.full.get();
        self.stats.check_time += checks.time.get();
    }

    /// Tests whole texts that `next` generates from the current tree, in order, and adopts
    /// the first interesting one as the new tree (re-parsed: node ids start afresh); returns
    /// its index. Each text is parsed in full before the oracle sees it, and a text that is
    /// larger than the current one in tokens or in bytes (or equal in both) is rejected
    /// unseen: the transformations that work on texts can cross node boundaries, but never
    /// grow the input or send it something that does not parse. So is a text in which a kept
    /// region does not stand, byte for byte, where its maker says (or, when it does not say,
    /// where [`Kept::relocate`] finds it).
    ///
    /// In merge mode `merge` gives the text combining the candidates at the given indices
    /// (`None` when they do not combine); the index returned is then the first of those
    /// adopted together.
    pub fn first_interesting_text(
        &mut self,
        next: &mut dyn FnMut(&View<'_>) -> Option<TextCandidate>,
        merge: &mut dyn FnMut(&View<'_>, &[usize]) -> Option<TextCandidate>,
    ) -> Option<usize> {
        let checks = CheckCounters::default();
        // Where the kept regions stand in each candidate (`None`: refused), in the order
        // made, and in the unions made.
        let mut placed: Vec<Placed> = Vec::new();
        let mut unions: Vec<(Vec<usize>, Placed)> = Vec::new();
        let found = {
            let view = View {
                tree: &self.tree,
                lang: self.lang,
                kept: &self.kept_spans,
                refusals: &self.refusals,
            };
            let current = self.tree.text();
            let screen = TextScreen {
                lang: self.lang,
                tree: &self.tree,
                kept: &self.kept,
                checks: &checks,
                verify: self.options.verify_syntax,
                tokens: self.tree.token_counter().count(&current),
                current_at: self.kept_at(),
                current,
            };
            let mut candidates = std::iter::from_fn(|| {
                let (c, at) = screen.candidate(Some(next(&view)?));
                placed.push(at);
                Some(c)
            });
            let mut merge = |winners: &[usize]| {
                let (c, at) = screen.candidate(merge(&view, winners));
                unions.push((winners.to_vec(), at));
                c
            };
            self.tester
                .first_interesting_merged(&mut candidates, &mut merge)
        };
        self.count_checks(&checks);
        let found = found?;
        let text = String::from_utf8_lossy(&found.text).into_owned();
        let at = match &found.winners[..] {
            [one] => placed.swap_remove(*one),
            winners => unions
                .into_iter()
                .find(|(w, _)| w == winners)
                .and_then(|(_, at)| at),
        };
        match at {
            Some(at) => self.replace_text_at(&text, at),
            None => self.replace_text(&text),
        };
        Some(found.winners[0])
    }

    /// Re-parses the current text so that the tree holds no committed edits (the text
    /// transformations look at a fresh tree). Does nothing when the tree has none.
    pub fn refresh(&mut self) {
        if self.unparsed.is_none() && self.tree.has_edits() {
            let (text, at) = self.view().locate(&EditSet::new());
            let at = at.expect("committed edits never touch a kept region");
            self.replace_text_at(&text, at);
        }
    }

    /// Tests a list of edit sets in order and commits the first interesting one.
    pub fn first_interesting_of(&mut self, list: Vec<EditSet>) -> Option<usize> {
        let mut it = list.into_iter();
        self.first_interesting(&mut |_| it.next())
    }

    /// Tests one edit set and commits it if interesting.
    pub fn try_edits(&mut self, edits: EditSet) -> bool {
        if edits.is_empty() {
            return false;
        }
        self.first_interesting_of(vec![edits]).is_some()
    }

    /// The candidate an edit set gives (printed and syntax-checked), without testing it.
    pub fn candidate(&mut self, edits: &EditSet) -> Candidate<'static> {
        let checks = CheckCounters::default();
        let c = make_candidate(&self.tree, self.lang, &self.options, edits, &checks).checked();
        Candidate {
            text: c.text,
            config: c.config,
            check: None,
            verify: None,
        }
    }

    /// The current text: the tree's, or the text a text-level algorithm left when it no
    /// longer parses.
    pub fn text(&self) -> String {
        match &self.unparsed {
            Some(t) => t.clone(),
            None => self.tree.text(),
        }
    }

    /// Replaces the current text (after a text-level algorithm). If it parses, the tree is
    /// rebuilt from it (node ids start afresh); otherwise the text is kept as it is and tree
    /// algorithms have nothing to work on. Returns whether it parsed. The kept regions are
    /// found in it as [`Kept::relocate`] finds them (see [`Session::replace_text_at`]).
    pub fn replace_text(&mut self, text: &str) -> bool {
        let at = if self.kept.is_empty() {
            Vec::new()
        } else {
            let current = self.text();
            let bytes = text.as_bytes();
            self.kept
                .relocate(current.as_bytes(), &self.kept_at(), bytes)
                .or_else(|| self.kept.find_in(bytes))
                .unwrap_or_default()
        };
        self.replace_text_at(text, at)
    }

    /// [`Session::replace_text`] for a text in which the kept regions start at `at`.
    pub fn replace_text_at(&mut self, text: &str, at: Vec<usize>) -> bool {
        debug_assert!(
            self.kept.is_empty() || self.kept.stand_at(text.as_bytes(), &at),
            "the kept regions are not where they are said to be"
        );
        self.kept_spans = self.kept.ranges(&at);
        self.refusals.clear();
        match self.lang.parse(text) {
            Ok(tree) => {
                self.tree = tree;
                self.unparsed = None;
                self.record_size();
                true
            }
            Err(_) => {
                self.unparsed = Some(text.to_string());
                false
            }
        }
    }

    /// A read-only view of the tree with the grammar's tables.
    pub fn view(&self) -> View<'_> {
        View {
            tree: &self.tree,
            lang: self.lang,
            kept: &self.kept_spans,
            refusals: &self.refusals,
        }
    }
}

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

/// How the whole texts of [`Session::first_interesting_text`] become candidates: a text no
/// smaller than the current one (in tokens or bytes, or equal in both), or one where a kept
/// region does not stand, is refused; the others are parsed in full before the oracle sees
/// them (a deferred check, counted in `checks`).
struct TextScreen<'s> {
    lang: &'s dyn Language,
    tree: &'s Tree,
    kept: &'s Kept,
    checks: &'s CheckCounters,
    verify: bool,
    /// The current text, its size as the lexical counter sees it, and where the kept regions
    /// stand in it.
    current: String,
    tokens: u32,
    current_at: Vec<usize>,
}

impl<'s> TextScreen<'s> {
    /// Where the kept regions stand in `c` (`None`: not where they must).
    fn place(&self, c: &TextCandidate) -> Option<Vec<usize>> {
        if self.kept.is_empty() {
            return Some(Vec::new());
        }
        match &c.kept_at {
            Some(at) => self
                .kept
                .stand_at(c.text.as_bytes(), at)
                .then(|| at.clone()),
            None => {
                self.kept
                    .relocate(self.current.as_bytes(), &self.current_at, c.text.as_bytes())
            }
        }
    }

    /// The tester's candidate for `text` (`None`: nothing to test), and where the kept
    /// regions stand in it.
    fn candidate(&self, text: Option<TextCandidate>) -> (Candidate<'s>, Option<Vec<usize>>) {
        let Some(c) = text else {
            return (Candidate::rejected(), None);
        };
        let at = self.place(&c);
        let text = c.text;
        let n = self.tree.token_counter().count(&text);
        let bytes = self.current.len();
        let larger = n > self.tokens || text.len() > bytes;
        if larger || (n == self.tokens && text.len() == bytes) || at.is_none() {
            return (Candidate::rejected(), at);
        }
        let (lang, checks) = (self.lang, self.checks);
        let check = move |t: &[u8]| {
            checks.full.set(checks.full.get() + 1);
            checks.timed(|| lang.accepts_bytes(t))
        };
        let mut candidate = Candidate::deferred(text, Box::new(check));
        if self.verify {
            candidate.verify = Some(Box::new(move |t: &[u8]| lang.accepts_bytes(t)));
        }
        (candidate, at)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Toy;

    fn node(s: &Session<'_>, rule: crate::syntax::tree::RuleId, text: &str) -> NodeId {
        crate::testing::node_spelling(&s.tree, rule, text)
    }

    #[test]
    fn refused_deletions_are_kept_until_the_tree_changes() {
        use crate::testing::rule::{IDENT, PROGRAM_STAR, STMT};
        let oracle = |t: &str| t.contains("a()") && t.contains("k()");
        let mut s = crate::testing::session(&Toy, "{ a(); k(); } b();", oracle, 1);
        let block = node(&s, STMT, "{ a(); k(); }");
        let (k, b) = (node(&s, STMT, "k();"), node(&s, PROGRAM_STAR, "b();"));
        let refuses = |s: &Session<'_>| s.view().refusals.cover_hoist(&s.tree, block, k);
        // A syntax rejection (the call without its name) is no refusal.
        let name = node(&s, IDENT, "k");
        assert_eq!(
            s.first_interesting_of(vec![EditSet::deleting([name])]),
            None
        );
        assert_eq!(s.tester.stats().syntax_rejected, 1);
        assert!(s.view().refusals.is_empty());
        // Deleting the whole block is refused: hoisting `k();` into its place deletes only
        // part of it.
        let block_element = s.tree.parent(block).unwrap();
        assert_eq!(
            s.first_interesting_of(vec![EditSet::deleting([block_element])]),
            None
        );
        assert!(!s.view().refusals.is_empty() && !refuses(&s));
        // Deleting `a();` is refused: that hoist deletes all of it (and more).
        let a = node(&s, STMT, "a();");
        let a_element = s.tree.parent(a).unwrap();
        assert_eq!(
            s.first_interesting_of(vec![EditSet::deleting([a_element])]),
            None
        );
        assert!(refuses(&s));
        // A commit forgets them all.
        assert_eq!(
            s.first_interesting_of(vec![EditSet::deleting([b])]),
            Some(0)
        );
        assert!(s.view().refusals.is_empty() && !refuses(&s));
        assert_eq!(s.text(), "{ a(); k(); } ");
    }
}
