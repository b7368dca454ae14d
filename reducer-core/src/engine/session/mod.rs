//! A reduction session: the tree, its language, the tester, and the candidate pipeline
//! (edit set → printed text → kept regions → cache → syntax check, deferred to a cache miss →
//! edit memory → oracle → commit) that every tree algorithm shares.
//!
//! The session also keeps the kept regions ([`Session::keep`]): no edit set that edits a node
//! overlapping one is tested ([`View::protected`]), and no whole text that changes a byte of
//! one.

use crate::engine::keep::Kept;
use crate::engine::refusals::{Refusals, MAX_REFUSED_NODES};
use crate::engine::stats::SessionStats;
use crate::engine::syntax_check::{make_candidate, CheckCounters};
pub use crate::engine::syntax_check::{SessionOptions, SyntaxCheck};
use crate::engine::tester::{Candidate, Tester};
use crate::syntax::language::{Language, Tables};
use crate::syntax::tree::{EditSet, NodeId, Subst, Tree};
use std::cell::{Cell, RefCell};
use std::ops::Range;
use text_screen::TextScreen;

mod text_screen;
mod view;

pub use text_screen::TextCandidate;
pub use view::View;

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
        self.first_interesting_keyed_then(next, &mut |_, _| Vec::new())
    }

    /// As [`Session::first_interesting_keyed`], for a caller that knows its next list if the
    /// candidate at an index is the first of those committed: `then(view, index)`, edit sets
    /// on the tree as it is now that include that candidate's. A merge round testing a
    /// union runs them, united with it, in its free slots ([`Tester::first_interesting_merged_then`]).
    pub fn first_interesting_keyed_then(
        &mut self,
        next: &mut dyn FnMut(&View<'_>) -> Option<KeyedEdits>,
        then: &mut dyn FnMut(&View<'_>, usize) -> Vec<KeyedEdits>,
    ) -> Option<usize> {
        let tried: RefCell<Vec<EditSet>> = RefCell::new(Vec::new());
        let checks = CheckCounters::default();
        let merging = self.tester.merging();
        let found = {
            let view = view_of(&self.tree, self.lang, &self.kept_spans, &self.refusals);
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
            let mut after = |winners: &[usize]| -> Vec<Candidate<'_>> {
                let tried = tried.borrow();
                let union = EditSet::union(winners.iter().map(|&i| &tried[i]));
                then(&view, winners[0])
                    .into_iter()
                    .map(|KeyedEdits { edits, .. }| {
                        let both = EditSet::union([&union, &edits].into_iter());
                        if !view.allows(&both) {
                            return Candidate::rejected();
                        }
                        make_candidate(view.tree, view.lang, options, &both, checks)
                    })
                    .collect()
            };
            self.tester
                .first_interesting_merged_then(&mut candidates, &mut merge, &mut after)
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

    /// The look-ahead of merge mode (`engine/tester/lookahead.rs`): runs `rest`, what the
    /// plan runs next, dry, so that its first texts wait for the free slots of the rounds
    /// before it. Nothing changes but the tree's form (a pass may re-parse the same text)
    /// and the tester's filler; does nothing when the tester has no use for it. Returns
    /// whether `rest` ran.
    pub fn look_ahead(&mut self, rest: impl FnOnce(&mut Session<'l>)) -> bool {
        if !self.tester.wants_look_ahead() || self.unparsed.is_some() {
            return false;
        }
        let stats = self.stats.clone();
        self.tester.begin_dry_run();
        rest(self);
        self.tester.end_dry_run();
        self.stats = stats;
        true
    }

    /// Goes back to `text`, an earlier result, after the test refused the current one when
    /// asked again ([`Tester::roll_back`]); the tree is re-parsed from it.
    pub fn roll_back(&mut self, text: &str) {
        self.replace_text(text);
        self.tester.roll_back(text.as_bytes());
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
            let view = view_of(&self.tree, self.lang, &self.kept_spans, &self.refusals);
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
        view_of(&self.tree, self.lang, &self.kept_spans, &self.refusals)
    }
}

/// The view of a session's tree, language, kept regions and refusals: a free function over
/// the fields rather than [`Session::view`], so that a list test can hold it while it
/// borrows the tester mutably.
fn view_of<'a>(
    tree: &'a Tree,
    lang: &'a dyn Language,
    kept: &'a [Range<usize>],
    refusals: &'a Refusals,
) -> View<'a> {
    View {
        tree,
        lang,
        kept,
        refusals,
    }
}

#[cfg(test)]
mod tests;
