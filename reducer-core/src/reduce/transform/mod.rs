//! Transformations beyond deletion: they change what the program says instead of only
//! removing parts of it, and run once deletion and hoisting have reached their fixpoint
//! (Vulcan's schedule; the compound edits also between long deletion passes before it,
//! see [`schedule`](crate::reduce::schedule)). Each one is a file:
//!
//! | transformation | from | what it does |
//! | --- | --- | --- |
//! | [`replace_identifiers`] | Vulcan (identifier replacement) | every use of a name becomes a shorter name of the program, rarest names first |
//! | [`canonicalize`] | T-Rec | names become the shortest unused ones, literals their rule's shortest text |
//! | [`replace_subtrees`] | Vulcan (subtree replacement), SFC | a node becomes the smallest text of a rule that may stand in its slot, or a smaller compatible subtree of the program |
//! | [`splice_lists`] | this project | a list element becomes the elements of a list of the same kind inside it (`{ a; b; }` → `a; b;`) |
//! | [`token_windows`] | C-Reduce's and C-Vise's token passes | a run of 1 to 8 tokens goes, across node boundaries |
//! | [`enumerate_windows`] | Vulcan (local exhaustive enumeration) | in a window of siblings, every pattern that deletes two or more of them |
//! | [`eliminate_definitions`] | C-Reduce's and C-Vise's inlining, on the tables | an element that binds a name goes, and every use of the name becomes the shortest name-free text its slot accepts, or the value the element binds it to ([`inline_bindings`]) |
//! | [`eliminate_parameters`] | C-Reduce's parameter removal, on the tables | the i-th item goes from every list bound to one name (parameters and arguments together) |
//! | [`merge_lists`] | this project | two adjacent elements that differ only in a list inside become one with both lists' items (`int a; int b;` → `int a, b;`) |
//!
//! The last three are compound edits: each candidate makes some text longer or breaks
//! something that the same candidate's deletion makes redundant or repairs.
//!
//! All are tested as whole texts: each candidate is parsed in full before the
//! oracle sees it and adopted as a freshly parsed tree when interesting
//! ([`Session::first_interesting_text`]); splicing and token windows cross node
//! boundaries, where the local syntax check's anchors mean nothing. No candidate is ever
//! larger than the current text in tokens or in bytes, or equal in both, so no schedule can
//! cycle. Above [`MAX_TOKENS`] tokens the transformations do nothing.
//!
//! No site changes a kept region: a change that edits a [protected](View::protected) node or
//! splices bytes of a region is never proposed, names that occur in a region are never
//! renamed (`Names::of`), and the session refuses any text in which a region does not
//! stand where the change puts it.

pub mod canonicalize;
pub mod eliminate_definitions;
pub mod eliminate_parameters;
pub mod enumerate_windows;
pub mod inline_bindings;
mod items;
pub mod merge_lists;
pub(crate) mod names;
pub mod replace_identifiers;
pub mod replace_subtrees;
pub mod splice_lists;
pub mod token_windows;

use crate::engine::session::{Session, TextCandidate, View};
use crate::syntax::tree::{EditSet, NodeId, Subst, Tree};
use std::cell::RefCell;
use std::sync::Arc;

/// What the transformations may change (for oracles that depend on names or values).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TransformOptions {
    /// Names may be renamed or replaced by other names.
    pub rename: bool,
    /// Literals (numbers, strings, characters) may be shrunk or replaced.
    pub literals: bool,
    /// The window of [`enumerate_windows`] (siblings per window).
    pub siblings: usize,
    /// The longest run of tokens [`token_windows`] deletes at once.
    pub tokens: usize,
    /// Only the candidates that would remove at least this many bytes of the current text,
    /// the most first ([`by_sites`]): how the default's schedule tries every stage's large
    /// candidates before it asks whether the stage pays. `None`: every candidate, in the
    /// transformation's own order.
    pub min_removal: Option<usize>,
}

impl Default for TransformOptions {
    fn default() -> Self {
        TransformOptions {
            rename: true,
            literals: true,
            siblings: 4,
            tokens: 8,
            min_removal: None,
        }
    }
}

/// A transformation's candidate for one site.
pub(crate) enum Change {
    /// Substitutions on nodes of the current tree.
    Edits(EditSet),
    /// The bytes `from..to` of the current text replaced by `by`, for changes that cross
    /// node boundaries.
    Splice {
        /// Where the replaced bytes start.
        from: usize,
        /// Where they end.
        to: usize,
        /// What stands in their place.
        by: &'static str,
    },
    /// A whole new text.
    Text(String),
}

impl Change {
    /// Whether the change leaves the kept regions of `view` alone (see
    /// [`View::protected`]); a text is left to the session to check.
    fn respects(&self, view: &View<'_>) -> bool {
        match self {
            Change::Edits(e) => view.allows(e),
            Change::Splice { from, to, .. } => {
                !crate::engine::keep::overlaps(view.kept, *from, *to)
            }
            Change::Text(_) => true,
        }
    }

    /// The bytes this change would remove from the text of `view`'s (fresh) tree, without
    /// printing it: what the outermost edited nodes' spans lose (a separator that goes with
    /// a deleted item is not counted), a splice's span less its text, or the difference of
    /// the texts' lengths.
    fn removal(&self, view: &View<'_>) -> usize {
        let tree = view.tree;
        let length = |n: NodeId| {
            let (a, b) = tree.source_span(n);
            b - a
        };
        match self {
            Change::Edits(e) => {
                let mut spans: Vec<(usize, usize, usize)> = e
                    .iter()
                    .map(|(n, subst)| {
                        let (a, b) = tree.source_span(n);
                        let by = match subst {
                            Subst::Delete => 0,
                            Subst::Text(t) => t.len(),
                            Subst::Hoist(m) => length(*m),
                            Subst::Keep => b - a,
                        };
                        (a, b, by)
                    })
                    .collect();
                // Outermost first at each start; a span inside an earlier one is counted in it.
                spans.sort_unstable_by_key(|&(a, b, _)| (a, std::cmp::Reverse(b)));
                let (mut removed, mut covered) = (0, 0);
                for (a, b, by) in spans {
                    if a < covered {
                        continue;
                    }
                    removed += (b - a).saturating_sub(by);
                    covered = b;
                }
                removed
            }
            Change::Splice { from, to, by } => (to - from).saturating_sub(by.len()),
            Change::Text(t) => tree.source().len().saturating_sub(t.len()),
        }
    }

    /// The text this change gives on the (fresh) tree of `view`, with where the kept
    /// regions stand in it.
    fn apply(&self, view: &View<'_>) -> TextCandidate {
        match self {
            Change::Edits(e) => located(view, e),
            Change::Splice { .. } => spliced(view, [self]),
            Change::Text(t) => t.clone().into(),
        }
    }

    /// The text all of `changes` (of distinct sites) give together on `view`'s tree: the
    /// union of their edits, or their splices when none overlaps another; `None` otherwise.
    fn combine(view: &View<'_>, changes: &[&Change]) -> Option<TextCandidate> {
        if changes.iter().all(|c| matches!(c, Change::Edits(_))) {
            let edits = changes.iter().map(|c| match c {
                Change::Edits(e) => e,
                _ => unreachable!(),
            });
            return Some(located(view, &EditSet::union(edits)));
        }
        let mut spans: Vec<(usize, usize)> = Vec::with_capacity(changes.len());
        for c in changes {
            let Change::Splice { from, to, .. } = c else {
                return None;
            };
            spans.push((*from, *to));
        }
        spans.sort_unstable();
        if spans.windows(2).any(|w| w[0].1 > w[1].0) {
            return None;
        }
        Some(spliced(view, changes.iter().copied()))
    }
}

/// The text of `view`'s tree with `edits`, and where the kept regions stand in it.
fn located(view: &View<'_>, edits: &EditSet) -> TextCandidate {
    let (text, kept_at) = view.locate(edits);
    TextCandidate {
        text,
        // A change that moves a region is refused (no region stands at no position).
        kept_at: Some(kept_at.unwrap_or_default()),
    }
}

/// The text of `view`'s fresh tree with the splices of `changes` made, and where the kept
/// regions (which no splice overlaps) stand in it.
fn spliced<'a>(
    view: &View<'_>,
    changes: impl IntoIterator<Item = &'a Change> + Clone,
) -> TextCandidate {
    let text = splice(&view.tree.text(), changes.clone());
    let kept_at = view
        .kept
        .iter()
        .map(|r| {
            let mut at = r.start as isize;
            for c in changes.clone() {
                if let Change::Splice { from, to, by } = c {
                    if *to <= r.start {
                        at += by.len() as isize - (*to - *from) as isize;
                    }
                }
            }
            at as usize
        })
        .collect();
    TextCandidate {
        text,
        kept_at: Some(kept_at),
    }
}

/// `text` with the (non-overlapping) splices of `changes` made.
fn splice<'a>(text: &str, changes: impl IntoIterator<Item = &'a Change>) -> String {
    let mut spans: Vec<(usize, usize, &str)> = changes
        .into_iter()
        .filter_map(|c| match c {
            Change::Splice { from, to, by } => Some((*from, *to, *by)),
            _ => None,
        })
        .collect();
    spans.sort_unstable_by_key(|&(from, _, _)| from);
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for (from, to, by) in spans {
        out.push_str(&text[at..from]);
        out.push_str(by);
        at = to;
    }
    out.push_str(&text[at..]);
    out
}

/// Above this many tokens the transformations do nothing: each candidate is a full parse
/// of the whole text (see the module documentation).
pub const MAX_TOKENS: u32 = 40_000;

/// Tests the candidates of a list of sites: `sites` lists them on the current tree,
/// `change` gives a site's candidate (`None` to skip it). Every candidate is printed and
/// parsed in full ([`Session::first_interesting_text`]): the local syntax check, sound
/// for deletions, turned down valid renamings on C (a node that was replaced by a text
/// before). After each success the text is re-parsed into a fresh tree, the sites are
/// listed again, and the pass goes on at the index of the site that succeeded (those
/// before it have failed already), until the sites run out or the tester's query budget
/// is spent ([`Tester::set_budget`]). With [`TransformOptions::min_removal`], only the
/// candidates that remove that many bytes are tested, the most first, and after a success
/// from the first again (the ones refused before are answered by the cache). Returns
/// whether anything changed.
///
/// [`Tester::set_budget`]: crate::engine::tester::Tester::set_budget
pub(crate) fn by_sites<T>(
    s: &mut Session<'_>,
    o: &TransformOptions,
    sites: &dyn Fn(&View<'_>) -> Vec<T>,
    change: &dyn Fn(&View<'_>, &T) -> Option<Change>,
) -> bool {
    by_sites_noting(s, o, sites, change, &|_, _| {})
}

/// [`by_sites`], calling `refused` with each site whose candidate the cache or the oracle
/// found not interesting.
pub(crate) fn by_sites_noting<T>(
    s: &mut Session<'_>,
    o: &TransformOptions,
    sites: &dyn Fn(&View<'_>) -> Vec<T>,
    change: &dyn Fn(&View<'_>, &T) -> Option<Change>,
    refused: &dyn Fn(&mut Session<'_>, &T),
) -> bool {
    s.refresh();
    let mut changed = false;
    let mut start = 0;
    while !s.stopped() && s.tree.tokens() <= MAX_TOKENS {
        let list = sites(&s.view());
        let order: Vec<usize> = match o.min_removal {
            None => (start..list.len()).collect(),
            Some(min) => largest_first(&s.view(), &list, change, min),
        };
        if order.is_empty() {
            break;
        }
        // The sites that gave a candidate, with their changes (for merging).
        let produced: RefCell<Vec<(usize, Change)>> = RefCell::new(Vec::new());
        let mut next = order.iter();
        let found = s.first_interesting_text(
            &mut |view| {
                for &k in next.by_ref() {
                    if let Some(c) = change(view, &list[k]).filter(|c| c.respects(view)) {
                        let text = c.apply(view);
                        produced.borrow_mut().push((k, c));
                        return Some(text);
                    }
                }
                None
            },
            &mut |view, winners| {
                let produced = produced.borrow();
                let changes: Vec<&Change> = winners.iter().map(|&w| &produced[w].1).collect();
                Change::combine(view, &changes)
            },
        );
        let sites_refused: Vec<usize> = {
            let produced = produced.borrow();
            let tester = &s.tester;
            tester
                .refused()
                .iter()
                .filter_map(|&j| produced.get(j).map(|&(k, _)| k))
                .collect()
        };
        for k in sites_refused {
            refused(s, &list[k]);
        }
        match found {
            Some(index) => {
                changed = true;
                start = match o.min_removal {
                    None => produced.borrow()[index].0,
                    Some(_) => 0,
                };
            }
            None => break,
        }
    }
    changed
}

/// The indices of the sites of `list` whose candidates would remove at least `min` bytes of
/// the current text ([`Change::removal`]), the most first (ties in the list's order).
fn largest_first<T>(
    view: &View<'_>,
    list: &[T],
    change: &dyn Fn(&View<'_>, &T) -> Option<Change>,
    min: usize,
) -> Vec<usize> {
    let mut large: Vec<(usize, usize)> = list
        .iter()
        .enumerate()
        .filter_map(|(k, site)| {
            let c = change(view, site).filter(|c| c.respects(view))?;
            let removal = c.removal(view);
            (removal >= min).then_some((k, removal))
        })
        .collect();
    large.sort_by_key(|&(k, removal)| (std::cmp::Reverse(removal), k));
    large.into_iter().map(|(k, _)| k).collect()
}

/// Edits printing each of `nodes` as `text`.
pub(crate) fn replacing<'a>(nodes: impl IntoIterator<Item = (NodeId, &'a str)>) -> Change {
    let mut edits = EditSet::new();
    for (n, t) in nodes {
        edits.set(n, Subst::Text(Arc::from(t)));
    }
    Change::Edits(edits)
}

/// The printed text of `node` in the current tree.
pub(crate) fn node_text(tree: &Tree, node: NodeId) -> String {
    tree.print_node(node, &EditSet::new())
}

/// The candidates `sites` makes on the Toy program `src`, each printed with its words joined
/// by `sep` (the reference lists of the compound edits' tests).
#[cfg(test)]
pub(crate) fn toy_candidates(
    src: &str,
    sites: fn(&View<'_>) -> Vec<EditSet>,
    sep: &str,
) -> Vec<String> {
    use crate::Language;
    let tree = crate::testing::Toy.parse(src).unwrap();
    let v = View {
        tree: &tree,
        lang: &crate::testing::Toy,
        kept: &[],
        refusals: &crate::engine::refusals::Refusals::default(),
    };
    sites(&v)
        .iter()
        .map(|e| {
            tree.print(e)
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(sep)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{node_spelling, recording_session, rule, Toy};

    const SRC: &str = "var a = 1;\n{ f(a, 22); g(333); }\nh(4444 + a);\n";

    #[test]
    fn the_removal_of_a_change_is_what_its_text_loses() {
        let (s, _) = recording_session(&Toy, SRC, |_| true, 1);
        let v = s.view();
        let t = &s.tree;
        let block = node_spelling(t, rule::STMT, "{ f(a, 22); g(333); }");
        let g = node_spelling(t, rule::STMT, "g(333);");
        let number = node_spelling(t, rule::NUMBER, "4444");
        let call = node_spelling(t, rule::CALL, "h(4444 + a)");
        let mut nested = EditSet::new();
        nested.replace(call, Arc::from("0"));
        nested.replace(number, Arc::from("7"));
        let mut hoist = EditSet::new();
        hoist.hoist(block, g);
        let changes = [
            Change::Edits(EditSet::deleting([block])),
            replacing([(number, "0")]),
            Change::Edits(nested),
            Change::Edits(hoist),
            Change::Splice {
                from: 0,
                to: 11,
                by: ";",
            },
            Change::Text("h(0);".to_string()),
        ];
        for c in &changes {
            let printed = c.apply(&v).text;
            assert_eq!(c.removal(&v), SRC.len() - printed.len(), "{printed:?}");
        }
    }

    #[test]
    fn with_a_least_removal_only_large_candidates_are_tested_the_largest_first() {
        // Sites: each number becomes 0; only the two longest remove 2 bytes or more.
        let (mut s, log) = recording_session(&Toy, SRC, |_| false, 1);
        let sites = |v: &View<'_>| {
            v.tree
                .bfs()
                .into_iter()
                .filter(|&n| v.tree.rule(n) == rule::NUMBER)
                .collect::<Vec<_>>()
        };
        let change = |_: &View<'_>, n: &NodeId| Some(replacing([(*n, "0")]));
        let o = TransformOptions {
            min_removal: Some(2),
            ..TransformOptions::default()
        };
        assert!(!by_sites(&mut s, &o, &sites, &change));
        let shown = log.lock().unwrap().clone();
        assert_eq!(
            shown,
            [
                "var a = 1;\n{ f(a, 22); g(333); }\nh(0 + a);\n",
                "var a = 1;\n{ f(a, 22); g(0); }\nh(4444 + a);\n",
            ]
        );
        // Without it, every candidate in the sites' order: `1` is as long as `0` (no
        // candidate), the cache answers the two above, and `22` is asked.
        log.lock().unwrap().clear();
        assert!(!by_sites(
            &mut s,
            &TransformOptions::default(),
            &sites,
            &change
        ));
        assert_eq!(
            *log.lock().unwrap(),
            ["var a = 1;\n{ f(a, 0); g(333); }\nh(4444 + a);\n"]
        );
    }
}
