//! Merging: two adjacent elements of one list with a list of one rule inside them become one
//! element holding the items of both (`int a; int b;` → `int a, b;`, `{ a; } { b; }` →
//! `{ a; b; }`, `f() { a; } g() { b; }` → `f() { a; b; }` or `g() { a; b; }`): longer list,
//! one frame (what an element holds besides its list) less. Items that would repeat one of
//! the other list word for word are dropped, so that two bodies declaring the same local
//! become one body declaring it once. C-Reduce reaches some of it by joining declarations
//! and merging functions; the full parse and the oracle decide whether the merged element
//! still means what is needed.

use super::items::{List, Lists};
use super::{by_sites, node_text, Change};
use crate::engine::session::{Session, View};
use crate::reduce::AlgoOptions;
use crate::syntax::tree::{Derivation, EditSet, NodeId, RuleId, Tree};
use std::sync::Arc;

/// How many lists inside each element are compared (outermost first).
const LISTS_PER_ELEMENT: usize = 3;

/// One pass; returns whether anything changed.
pub fn pass(s: &mut Session<'_>, o: &AlgoOptions) -> bool {
    by_sites(s, &o.transform, &sites, &|_, e: &EditSet| {
        Some(Change::Edits(e.clone()))
    })
}

fn is_element(tree: &Tree, n: NodeId) -> bool {
    matches!(tree.derivation(n), Derivation::Star | Derivation::Plus)
}

/// The lists inside `element` (not itself), outermost first, at most [`LISTS_PER_ELEMENT`].
fn inner_lists(v: &View<'_>, lists: &Lists, element: NodeId) -> Vec<(NodeId, List)> {
    let tree = v.tree;
    let mut out = Vec::new();
    let mut queue: std::collections::VecDeque<NodeId> = tree.children(element).collect();
    while let Some(n) = queue.pop_front() {
        if out.len() == LISTS_PER_ELEMENT {
            break;
        }
        if let Some(l) = lists.of(v, n) {
            out.push((n, l));
        }
        queue.extend(tree.children(n));
    }
    out
}

/// `element`'s text around the items of `list`, with runs of whitespace made one space.
fn frame(tree: &Tree, element: NodeId, list: &List) -> String {
    let (s, e) = tree.source_span(element);
    let (ls, le) = list.span(tree);
    let source = tree.source();
    format!(
        "{}\u{0}{}",
        squeezed(&source[s..ls]),
        squeezed(&source[le..e])
    )
}

/// `text` with its runs of whitespace made one space, and none at either end.
fn squeezed(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// How far past an element the merge looks for a later element with the same frame.
const REACH: usize = 16;

/// Every candidate, in tree order: for each pair of adjacent elements of one rule, the
/// first pair of lists inside them of one rule. With equal frames, the second element goes
/// and its items follow the first's (after the list's separator). With different frames
/// (`f() { a; }` and `g() { b; }`), two candidates: the first element keeps its frame and
/// takes the second's items, or the second keeps its frame and takes the first's. Then the
/// nearest later element (at most [`REACH`] on) with the same frame, when it is not the
/// adjacent one, moves its items up the same way (`union a x; int y; union a z;` →
/// `union a x, z; int y;`). Items of the list that goes which repeat an item of the list
/// that stays, word for word, are dropped (`int i;` declared in both bodies would be
/// declared twice).
pub(crate) fn sites(v: &View<'_>) -> Vec<EditSet> {
    let tree = v.tree;
    let lists = Lists::learn(v);
    let mut out = Vec::new();
    for p in tree.bfs() {
        let elements: Vec<NodeId> = tree.children(p).filter(|&c| is_element(tree, c)).collect();
        let inner: Vec<Vec<(NodeId, List)>> = elements
            .iter()
            .map(|&e| inner_lists(v, &lists, e))
            .collect();
        for i in 0..elements.len() {
            let a = elements[i];
            for j in (i + 1)..elements.len().min(i + 1 + REACH) {
                let (b, adjacent) = (elements[j], j == i + 1);
                if tree.rule(a) != tree.rule(b) {
                    continue;
                }
                let matched = inner[i].iter().find_map(|(x, lx)| {
                    inner[j]
                        .iter()
                        .find(|(y, _)| tree.rule(*x) == tree.rule(*y))
                        .map(|(_, ly)| (*x, lx, ly))
                });
                let Some((x, lx, ly)) = matched else { continue };
                let Some(sep) = lists.separator(tree, x, lx) else {
                    continue;
                };
                let same_frame = frame(tree, a, lx) == frame(tree, b, ly);
                if !adjacent && !same_frame {
                    continue;
                }
                let m = Moves {
                    v,
                    lists: &lists,
                    sep: &sep,
                };
                out.push(m.keep_first(lx, ly, b));
                if same_frame {
                    break;
                }
                out.push(m.keep_second(lx, ly, a));
            }
        }
    }
    out
}

/// What a merge needs to move the items of one list to another.
struct Moves<'a> {
    v: &'a View<'a>,
    lists: &'a Lists,
    /// The lists' separator.
    sep: &'a str,
}

impl Moves<'_> {
    /// The first list's element keeps its frame: the items of `ly` (those it does not
    /// repeat) follow its last one, and `b`, the element holding `ly`, goes.
    fn keep_first(&self, lx: &List, ly: &List, b: NodeId) -> EditSet {
        let tree = self.v.tree;
        let (_, last) = lx.ends();
        let mut edits = EditSet::new();
        if let Some(moved) = join(&self.unrepeated(ly, lx), self.sep) {
            let kept = node_text(tree, last);
            let sep = self.sep;
            edits.replace(last, Arc::from(format!("{}{sep} {moved}", kept.trim_end())));
        }
        edits.delete(b);
        edits
    }

    /// The second list's element keeps its frame: the items of `lx` (those it does not
    /// repeat) come before its first one, and `a`, the element holding `lx`, goes.
    fn keep_second(&self, lx: &List, ly: &List, a: NodeId) -> EditSet {
        let tree = self.v.tree;
        let (first, _) = ly.ends();
        let mut edits = EditSet::new();
        if let Some(moved) = join(&self.unrepeated(lx, ly), self.sep) {
            let kept = node_text(tree, first);
            let kept = kept.trim_start();
            let joined = match ly {
                // A plain list's element holds its own leading text, if any.
                List::Plain(_) => format!("{moved} {kept}"),
                List::Separated { .. } => format!("{moved}{} {kept}", self.sep),
            };
            edits.replace(first, Arc::from(joined));
        }
        edits.delete(a);
        edits
    }

    /// The texts of the items of `list` that do not repeat an item of `other` or an earlier
    /// item of `list` (runs of whitespace made one space). An item that holds a list, like
    /// an item of `other` with the same frame around a list of the same rule, loses the
    /// items of that list that the other's repeats (`int l, i, j;` beside `int k, i;`
    /// moves as `int l, j;`): two bodies declaring the same locals in one declaration each
    /// become one body declaring each once.
    fn unrepeated(&self, list: &List, other: &List) -> Vec<String> {
        let tree = self.v.tree;
        let words = |n: NodeId| squeezed(&node_text(tree, n));
        let others = other.items();
        let mut seen: std::collections::HashSet<String> =
            others.iter().map(|&n| words(n)).collect();
        // The lists inside the other's items, with their rule and frame, found once.
        let theirs: Vec<(RuleId, String, List)> = others
            .iter()
            .flat_map(|&o| {
                inner_lists(self.v, self.lists, o)
                    .into_iter()
                    .map(move |(n, l)| (tree.rule(n), frame(tree, o, &l), l))
            })
            .collect();
        list.items()
            .into_iter()
            .filter(|&n| seen.insert(words(n)))
            .map(|n| {
                self.without_repeats(n, &theirs)
                    .unwrap_or_else(|| node_text(tree, n).trim().to_string())
            })
            .collect()
    }

    /// `item`'s text without the items of an inner list (the outermost that has some) that
    /// one of `theirs` (lists inside the other list's items: rule, frame, list) with the
    /// same rule and frame repeats; `None` when there are none (or all would go).
    fn without_repeats(&self, item: NodeId, theirs: &[(RuleId, String, List)]) -> Option<String> {
        let (v, tree) = (self.v, self.v.tree);
        let words = |n: NodeId| squeezed(&node_text(tree, n));
        inner_lists(v, self.lists, item)
            .into_iter()
            .find_map(|(inner, list)| {
                let frame_of = frame(tree, item, &list);
                let (_, _, other_list) = theirs
                    .iter()
                    .find(|(rule, frame, _)| *rule == tree.rule(inner) && *frame == frame_of)?;
                let repeated: std::collections::HashSet<String> =
                    other_list.items().into_iter().map(words).collect();
                let items = list.items();
                let kept: Vec<String> = items
                    .iter()
                    .filter(|&&n| !repeated.contains(&words(n)))
                    .map(|&n| node_text(tree, n).trim().to_string())
                    .collect();
                if kept.len() == items.len() || kept.is_empty() {
                    return None;
                }
                let sep = self.lists.separator(tree, inner, &list)?;
                let (s, e) = tree.source_span(item);
                let (ls, le) = list.span(tree);
                let source = tree.source();
                Some(format!(
                    "{}{}{}",
                    source[s..ls].trim_start(),
                    join(&kept, &sep)?,
                    source[le..e].trim_end()
                ))
            })
    }
}

/// `texts` joined by `sep` and a space; `None` when there are none.
fn join(texts: &[String], sep: &str) -> Option<String> {
    (!texts.is_empty()).then(|| texts.join(&format!("{sep} ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn candidates(src: &str) -> Vec<String> {
        super::super::toy_candidates(src, sites, " ")
    }

    #[test]
    fn adjacent_elements_with_the_same_frame_join_their_lists() {
        // Reference, worked by hand: the blocks `{ a; }` and `{ b; c; }` are adjacent
        // program elements whose frames (`{` … `}`) are equal: one candidate joins them.
        // `{ b; c; }` and `f(1);` differ in rule (a block, a call) but are elements of the
        // same rule; their lists' frames differ: no candidate.
        assert_eq!(candidates("{ a; } { b; c; } f(1);"), ["{ a; b; c; } f(1);"]);
        // Separated lists: `f(1); f(2, 3);` share the frame `f(` … `);`.
        assert_eq!(candidates("f(1); f(2, 3);"), ["f(1, 2, 3);"]);
        // Different frames: either frame may stay, with the items of both.
        assert_eq!(candidates("f(1); g(2, 3);"), ["f(1, 2, 3);", "g(1, 2, 3);"]);
    }

    #[test]
    fn the_nearest_later_element_with_the_same_frame_moves_up() {
        // Reference, worked by hand: `f(0, 1);` and `f(3);` have the same frame with `g(2);`
        // between them (which merges with each of its neighbours either way; `0, 1` shows
        // the argument lists' separator).
        assert_eq!(
            candidates("f(0, 1); g(2); f(3);"),
            [
                "f(0, 1, 2); f(3);",
                "g(0, 1, 2); f(3);",
                "f(0, 1, 3); g(2);",
                "f(0, 1); g(2, 3);",
                "f(0, 1); f(2, 3);"
            ]
        );
    }

    #[test]
    fn items_repeated_word_for_word_are_not_moved() {
        // Reference, worked by hand: `var i;` is in both blocks, and `2` in both calls;
        // what moves leaves its copy behind.
        assert_eq!(
            candidates("{ var i; a(); } { var  i; b(); }"),
            ["{ var i; a(); b(); }"]
        );
        assert_eq!(
            candidates("f(1, 2); g(2, 3);"),
            ["f(1, 2, 3);", "g(1, 2, 3);"]
        );
        // Nothing left to move: the second element only goes.
        assert_eq!(candidates("f(1, 2); g(2);"), ["f(1, 2);", "g(1, 2);"]);
    }

    #[test]
    fn an_item_loses_the_inner_items_another_repeats() {
        // Reference, worked by hand: the calls `g(1, 2);` and `g(3, 2);` are items of the
        // two blocks with the same frame `g(` … `);`; the `2` of the second repeats the
        // first's, so the second moves as `g(3);`. An item whose inner items all repeat
        // moves whole (`h(2);` beside `h(2, 5);` is not `h();`).
        assert_eq!(
            candidates("{ g(1, 2); } { g(3, 2); }"),
            ["{ g(1, 2); g(3); }"]
        );
        assert_eq!(candidates("{ h(2, 5); } { h(2); }"), ["{ h(2, 5); h(2); }"]);
    }
}
