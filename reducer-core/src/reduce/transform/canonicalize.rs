//! T-Rec's canonicalization (Xu et al., TOSEM 2024): every name becomes the shortest name
//! the program does not use yet (all of its occurrences at once), and every literal the
//! shortest text its token rule accepts (`0xFFFFFFFFFFFFFFF7UL` → `0`, `"hello"` → `""`):
//! first all literals at once, then one at a time; the names the text declares are asked
//! before the literals, those from outside it (built-ins) after them. Comments (the
//! grammar's `COMMENT` rule, which no node holds and no deletion removes) go too: all at
//! once, then in halves, quarters, … down to one at a time; and the words of those the test
//! needs, then the characters of their words, go in the same way (`// implement other` →
//! `// impl`).

use super::names::{declared, fresh_name, rules_of, used_words, Names, StandIns};
use super::{by_sites, by_sites_noting, node_text, replacing, Change};
use crate::engine::session::{Session, View};
use crate::reduce::AlgoOptions;
use crate::syntax::tree::NodeId;
use std::collections::HashMap;

/// One pass of renaming (unless `--no-rename`) and literal shrinking (unless
/// `--no-literals`), then of comment removal and shortening; returns whether anything
/// changed.
pub fn pass(s: &mut Session<'_>, o: &AlgoOptions) -> bool {
    let mut changed = false;
    if o.transform.rename || o.transform.literals {
        changed |= names_and_literals(s, o);
    }
    if !s.stopped() {
        changed |= drop_comments(s, o);
    }
    if !s.stopped() {
        changed |= shorten_comments(s, o);
    }
    changed
}

/// The byte ranges of the comments of the (fresh) tree's text: they lie in the literal text
/// between a node's children, with the grammar's keywords, punctuation and whitespace. A
/// token's own text is never searched: `"http://x"` holds no comment; but the inner lines of
/// a layout token ([`Tables::layout`]: Python's `sep`, which takes the blank and comment
/// lines after a statement) are trivia too.
///
/// [`Tables::layout`]: crate::syntax::language::Tables::layout
fn comments(v: &View<'_>) -> Vec<(usize, usize)> {
    let tree = v.tree;
    let tables = v.tables();
    let source = tree.source();
    let mut found = Vec::new();
    for n in tree.bfs() {
        if tables.rule(tree.rule(n)).token {
            if tables.layout.contains(&tree.rule(n)) {
                found.extend(inner_lines(source, tree.source_span(n)));
            }
            continue;
        }
        for seg in tree.segments(n) {
            let crate::syntax::tree::Segment::Text { start, end } = seg else {
                continue;
            };
            let (mut i, end) = (start as usize, end as usize);
            while i < end {
                let c = source[i..].chars().next().expect("inside the text");
                if !c.is_whitespace() {
                    if let Some(len) = v.lang.comment_len(&source[i..end]) {
                        found.push((i, i + len));
                        i += len;
                        continue;
                    }
                }
                i += c.len_utf8();
            }
        }
    }
    found.sort_unstable();
    // A comment of a kept region stays (the markers' own comments too).
    found.retain(|&(s, e)| !crate::engine::keep::overlaps(v.kept, s, e));
    found
}

/// The lines inside the layout token spanning `start..end` of `source` (between its first
/// line break and its last, which stay): the blank and comment lines the token took in.
fn inner_lines(source: &str, (start, end): (usize, usize)) -> Option<(usize, usize)> {
    let token = &source[start..end];
    let first = token.find('\n')? + 1;
    let last = token.rfind('\n')? + 1;
    (last > first).then_some((start + first, start + last))
}

/// The text without the comments in `ranges`: each becomes a space, or a line break if it
/// held one (a comment can end a line or a statement); whole lines (a range from the start
/// of a line to the end of one, the inner lines of a layout token) go entirely.
fn without(text: &str, ranges: &[(usize, usize)]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for &(s, e) in ranges {
        out.push_str(&text[at..s]);
        let lines = text[..s].ends_with('\n') && text[s..e].ends_with('\n');
        if !lines {
            out.push(if text[s..e].contains('\n') { '\n' } else { ' ' });
        }
        at = e;
    }
    out.push_str(&text[at..]);
    out
}

/// Removes comments: all at once, then one at a time.
/// Every comment at once, in one test (nothing to test without comments): the default's
/// first step, so that a preprocessed unit's line markers do not stay through the whole
/// reduction. Unlike the transformations it runs on texts of any size (one full parse of
/// the candidate). Returns whether they went.
pub fn drop_all_comments(s: &mut Session<'_>, _: &AlgoOptions) -> bool {
    s.refresh();
    let all = comments(&s.view());
    if all.is_empty() || s.stopped() {
        return false;
    }
    let mut candidate = Some(without(s.tree.source(), &all));
    s.first_interesting_text(&mut |_| candidate.take().map(Into::into), &mut |_, _| None)
        .is_some()
}

/// Removes comments as a list: all of them, then each half, each quarter, and so on down
/// to each comment alone (`chunks`), so that a few comments the test needs (a needle in a
/// doc comment) do not make every other one cost a query of its own.
fn drop_comments(s: &mut Session<'_>, o: &AlgoOptions) -> bool {
    let sites = |v: &View<'_>| chunks(&comments(v));
    let change = |v: &View<'_>, ranges: &Vec<(usize, usize)>| {
        Some(Change::Text(without(v.tree.source(), ranges)))
    };
    // After a success the chunks are cut anew, so that those before the one that succeeded
    // are not the ones refused: passes until one changes nothing.
    let mut changed = false;
    while !s.stopped() && by_sites(s, &o.transform, &sites, &change) {
        changed = true;
    }
    changed
}

/// Shortens the comments the test needs (those [`drop_comments`] left): deletes runs of
/// their words (each with the blanks before it), coarse to fine as [`chunks`] cuts them,
/// then runs of the characters of each word, so that `// implement other` becomes
/// `// impl` when the test only looks for `impl`. A deletion that unmakes the comment (its
/// opener or closer) does not parse and costs no query. Passes until one changes nothing.
fn shorten_comments(s: &mut Session<'_>, o: &AlgoOptions) -> bool {
    let sites = |v: &View<'_>| comment_cuts(v.tree.source(), &comments(v));
    let change = |v: &View<'_>, &(from, to): &(usize, usize)| {
        let source = v.tree.source();
        Some(Change::Text(format!(
            "{}{}",
            &source[..from],
            &source[to..]
        )))
    };
    let mut changed = false;
    while !s.stopped() && by_sites(s, &o.transform, &sites, &change) {
        changed = true;
    }
    changed
}

/// The byte ranges to try deleting inside the comments at `ranges` of `source`: for each
/// comment, chunks of its words (a word with the blanks before it; the whole comment left
/// out, [`drop_comments`] tried it), then, for each word of two characters or more, chunks of
/// its characters (the whole word left out). A line comment's line break stays.
fn comment_cuts(source: &str, ranges: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let mut words_cuts = Vec::new();
    let mut char_cuts = Vec::new();
    for &(start, end) in ranges {
        let text = &source[start..end];
        let body = text.trim_end_matches(['\n', '\r']);
        // Each word with the blanks before it: (from, to, start of the word itself).
        let mut words: Vec<(usize, usize, usize)> = Vec::new();
        let mut i = 0;
        while i < body.len() {
            let word_at = i + body[i..].len() - body[i..].trim_start().len();
            if word_at >= body.len() {
                break;
            }
            let rest = &body[word_at..];
            let word_end = word_at + rest.find(char::is_whitespace).unwrap_or(rest.len());
            words.push((start + i, start + word_end, start + word_at));
            i = word_end;
        }
        for chunk in chunks(&words) {
            if chunk.len() < words.len() {
                words_cuts.push((chunk[0].0, chunk[chunk.len() - 1].1));
            }
        }
        for &(_, word_end, word_at) in &words {
            // Each character's byte range.
            let chars: Vec<(usize, usize)> = source[word_at..word_end]
                .char_indices()
                .map(|(k, c)| (word_at + k, word_at + k + c.len_utf8()))
                .collect();
            for chunk in chunks(&chars) {
                if chunk.len() < chars.len() {
                    char_cuts.push((chunk[0].0, chunk[chunk.len() - 1].1));
                }
            }
        }
    }
    words_cuts.extend(char_cuts);
    words_cuts
}

/// The contiguous chunks of `all`, coarse to fine: all of it, its halves, its quarters, …,
/// each item alone (a chunk already listed at a coarser level is not repeated).
fn chunks<T: Clone>(all: &[T]) -> Vec<Vec<T>> {
    let mut out: Vec<Vec<T>> = Vec::new();
    let mut parts = 1;
    let mut seen = std::collections::HashSet::new();
    while !all.is_empty() {
        for k in 0..parts {
            let (from, to) = (k * all.len() / parts, (k + 1) * all.len() / parts);
            if from < to && seen.insert((from, to)) {
                out.push(all[from..to].to_vec());
            }
        }
        if parts >= all.len() {
            break;
        }
        parts *= 2;
    }
    out
}

/// A candidate of renaming and literal shrinking.
enum Site {
    /// A name, its occurrences, and the shortest unused name that would replace them all.
    Rename(String, Vec<NodeId>, String),
    /// All the literals at once, with their rule's shortest text.
    AllLiterals(Vec<(NodeId, &'static str)>),
    /// One literal with its rule's shortest text.
    Literal(NodeId, &'static str),
}

/// Renames names to the shortest unused names (unless `--no-rename`) and shrinks literals
/// to their rule's shortest text (unless `--no-literals`), in the order of [`sites`].
fn names_and_literals(s: &mut Session<'_>, o: &AlgoOptions) -> bool {
    let (rename, literals) = (o.transform.rename, o.transform.literals);
    let change = |_: &View<'_>, site: &Site| {
        Some(match site {
            Site::Rename(_, nodes, fresh) => replacing(nodes.iter().map(|&n| (n, fresh.as_str()))),
            Site::AllLiterals(all) => replacing(all.iter().copied()),
            Site::Literal(n, t) => replacing([(*n, *t)]),
        })
    };
    let refused = |s: &mut Session<'_>, site: &Site| {
        if let Site::Rename(name, _, _) = site {
            s.record_refused_name(name);
        }
    };
    by_sites_noting(
        s,
        &o.transform,
        &|v: &View<'_>| sites(v, rename, literals),
        &change,
        &refused,
    )
}

/// The candidates on the current text (listed again after every success, so that the words
/// in use are up to date): first the names the text declares ([`declared`]), then the
/// literals (all at once, then each), then the names from outside the text (a built-in, a
/// library function: renaming one is seldom accepted, and on a small budget it would keep
/// the literals from being asked), then the names whose renaming was refused earlier in the
/// run (a needle of the test). Among names, the most bytes saved first, then the fewest
/// occurrences changed, then the order of first occurrence.
fn sites(v: &View<'_>, rename: bool, literals: bool) -> Vec<Site> {
    let mut names: Vec<(u8, usize, String, Vec<NodeId>, String)> = Vec::new();
    if rename {
        let used = used_words(&v.tree.text());
        let stand_ins = StandIns::new(v);
        for (name, nodes) in Names::of(v).list {
            let Some(fresh) = fresh_name(v, &rules_of(v.tree, &nodes), &used, name.len()) else {
                continue;
            };
            let tier = if v.refusals.refused_name(&name) {
                2
            } else if declared(v, &stand_ins, &nodes) {
                0
            } else {
                1
            };
            let saved = nodes.len() * (name.len() - fresh.len());
            names.push((tier, saved, name, nodes, fresh));
        }
        names.sort_by_key(|(tier, saved, _, nodes, _)| {
            (*tier, std::cmp::Reverse(*saved), nodes.len())
        });
    }
    let declared_count = names.iter().take_while(|n| n.0 == 0).count();
    let mut names = names
        .into_iter()
        .map(|(_, _, name, nodes, fresh)| Site::Rename(name, nodes, fresh));
    let mut list: Vec<Site> = names.by_ref().take(declared_count).collect();
    if literals {
        let all = shrinkable(v);
        if all.len() > 1 {
            list.push(Site::AllLiterals(all.clone()));
        }
        list.extend(
            one_by_one(v, all)
                .into_iter()
                .map(|(n, t)| Site::Literal(n, t)),
        );
    }
    list.extend(names);
    list
}

/// The order in which the literals of `all` are shrunk one at a time: those whose text no
/// other literal of the tree repeats first, then those that share their text with another
/// (each in the order of `all`). Equal literals are often compared with each other (a
/// string and the pattern it must match, a constant and the check of it): shrinking one of
/// them alone breaks what the test needs.
fn one_by_one(v: &View<'_>, mut all: Vec<(NodeId, &'static str)>) -> Vec<(NodeId, &'static str)> {
    let (tree, tables) = (v.tree, v.tables());
    let mut count: HashMap<String, usize> = HashMap::new();
    for n in tree.bfs() {
        let rule = tree.rule(n);
        if tables.rule(rule).token && !tables.is_identifier(rule) {
            *count
                .entry(node_text(tree, n).trim().to_string())
                .or_default() += 1;
        }
    }
    all.sort_by_key(|&(n, _)| count[node_text(tree, n).trim()] > 1);
    all
}

/// The literal tokens of the tree that their rule's shortest text would make shorter, with
/// that text.
fn shrinkable(v: &View<'_>) -> Vec<(NodeId, &'static str)> {
    let tables = v.tables();
    let tree = v.tree;
    tree.bfs()
        .into_iter()
        .filter_map(|n| {
            let info = tables.rule(tree.rule(n));
            if !info.token || tables.is_identifier(tree.rule(n)) {
                return None;
            }
            let min = info.min_text?;
            let text = node_text(tree, n);
            (min.len() < text.trim().len()).then_some((n, min))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{recording_session, Toy};

    #[test]
    fn names_whose_renaming_was_refused_come_last_afterwards() {
        // `xx` and `yy` are the test's needles; `zz` may become `a`. The first pass tries
        // the names in the order of first occurrence; on the same text again, the refused
        // ones come after `zz` (and are still tried).
        let src = "var xx = 1; var yy = xx; var zz = yy; f(zz);";
        let needles = |t: &str| t.contains("xx") && t.contains("yy");
        let (mut s, seen) = recording_session(&Toy, src, needles, 1);
        assert!(names_and_literals(&mut s, &AlgoOptions::default()));
        let first: Vec<String> = std::mem::take(&mut *seen.lock().unwrap());
        assert_eq!(first.len(), 3, "{first:?}");
        assert!(
            first[0].contains("var a = 1") && first[2].contains("f(a)"),
            "{first:?}"
        );
        assert!(s.replace_text(src));
        assert!(names_and_literals(&mut s, &AlgoOptions::default()));
        let second = seen.lock().unwrap().clone();
        assert_eq!(second[0], "var xx = 1; var yy = xx; var a = yy; f(a);");
        assert_eq!(second.len(), 3, "{second:?}");
        assert!(s.view().refusals.refused_name("xx") && !s.view().refusals.refused_name("zz"));
    }

    #[test]
    fn the_renamings_that_save_most_come_first() {
        let src = "var xx = 1; var longname = xx; f(longname);";
        let (mut s, seen) = recording_session(&Toy, src, |t: &str| t.contains("xx"), 1);
        assert!(names_and_literals(&mut s, &AlgoOptions::default()));
        let seen = seen.lock().unwrap().clone();
        assert_eq!(seen[0], "var xx = 1; var a = xx; f(a);", "{seen:?}");
    }

    #[test]
    fn declared_names_come_before_the_literals_and_names_from_outside_after_them() {
        // `count` is declared (`var count`) and used; `printlines` only stands at the head of
        // a call, where nothing but a name may (as a built-in operator does): renaming it
        // saves the most bytes (9 against 8), but the declared name and the literal come
        // first.
        let src = "var count = 12; printlines(count);";
        let (mut s, seen) = recording_session(&Toy, src, |_| false, 1);
        assert!(!names_and_literals(&mut s, &AlgoOptions::default()));
        assert_eq!(
            *seen.lock().unwrap(),
            [
                "var a = 12; printlines(a);",
                "var count = 0; printlines(count);",
                "var count = 12; a(count);",
            ]
        );
    }

    #[test]
    fn literals_that_repeat_another_come_after_the_unique_ones() {
        // All at once, then `34`, which no other literal repeats, then each `12`.
        let src = "f(12, 34, 12);";
        let (mut s, seen) = recording_session(&Toy, src, |_| false, 1);
        assert!(!names_and_literals(&mut s, &AlgoOptions::default()));
        assert_eq!(
            *seen.lock().unwrap(),
            [
                "f(0, 0, 0);",
                "f(12, 0, 12);",
                "f(0, 34, 12);",
                "f(12, 34, 0);"
            ]
        );
    }

    #[test]
    fn chunks_go_from_all_to_each_alone() {
        assert_eq!(chunks::<u8>(&[]), Vec::<Vec<u8>>::new());
        assert_eq!(chunks(&[1]), vec![vec![1]]);
        assert_eq!(
            chunks(&[1, 2, 3, 4, 5]),
            vec![
                vec![1, 2, 3, 4, 5],
                vec![1, 2],
                vec![3, 4, 5],
                vec![1],
                vec![2],
                vec![3],
                vec![4, 5],
                vec![4],
                vec![5],
            ]
        );
    }

    #[test]
    fn comments_the_test_needs_cost_a_few_queries_not_one_per_comment() {
        // Sixteen comments, one of which holds the test's needle.
        let mut src = String::new();
        for i in 0..16 {
            src.push_str(&format!(
                "// note {i}{}\nf({i});\n",
                if i == 5 { " needle" } else { "" }
            ));
        }
        let (mut s, seen) = recording_session(&Toy, &src, |t| t.contains("needle"), 1);
        assert!(drop_comments(&mut s, &AlgoOptions::default()));
        assert_eq!(s.tree.text().matches("//").count(), 1, "{}", s.tree.text());
        assert!(s.tree.text().contains("// note 5 needle"));
        // All, then halves, quarters, …: about a refusal and a removal per level (11
        // queries), where all and then each alone took 17.
        let asked = seen.lock().unwrap().len();
        assert!(asked <= 12, "{asked} queries");
    }

    #[test]
    fn a_comment_the_test_needs_loses_the_words_and_characters_it_does_not_need() {
        let src = "// implement other things\nf(1);\n// keep it here\nf(2);\n";
        let needs = |t: &str| t.contains("impl") && t.contains("f(2)") && t.contains("it");
        let (mut s, seen) = recording_session(&Toy, src, needs, 1);
        assert!(shorten_comments(&mut s, &AlgoOptions::default()));
        let text = s.tree.text();
        assert_eq!(text, "// impl\nf(1);\n// it\nf(2);\n");
        // Every text the oracle saw parses: a cut through `//` costs no query.
        let seen = seen.lock().unwrap();
        for t in seen.iter() {
            assert!(crate::Language::parse(&Toy, t).is_ok(), "{t}");
        }
        assert!(seen.len() <= 40, "{} queries", seen.len());
    }

    #[test]
    fn comment_cuts_are_word_chunks_then_character_chunks() {
        let src = "// ab cd\n";
        let cuts = comment_cuts(src, &[(0, src.len())]);
        let texts: Vec<String> = cuts
            .iter()
            .map(|&(a, b)| format!("{}{}", &src[..a], &src[b..]))
            .collect();
        // Words: `//`, ` ab`, ` cd` (halves: [`//`], [` ab`, ` cd`]; then those alone), then
        // the characters of each word of two or more.
        assert_eq!(
            texts,
            [
                " ab cd\n",
                "//\n",
                "// cd\n",
                "// ab\n", // words
                "/ ab cd\n",
                "/ ab cd\n", // `//`: each character
                "// b cd\n",
                "// a cd\n", // `ab`
                "// ab d\n",
                "// ab c\n", // `cd`
            ]
        );
    }

    #[test]
    fn every_comment_goes_in_one_test() {
        let src = "f(1); // one\n// two\nf(2);\n";
        let (mut s, seen) = recording_session(&Toy, src, |t| t.contains("f(2);"), 1);
        assert!(drop_all_comments(&mut s, &AlgoOptions::default()));
        assert_eq!(seen.lock().unwrap().len(), 1);
        assert!(!s.tree.text().contains("//"), "{}", s.tree.text());
        // Needed by the test: one test, and they stay.
        let (mut s, seen) = recording_session(&Toy, src, |t| t.contains("two"), 1);
        assert!(!drop_all_comments(&mut s, &AlgoOptions::default()));
        assert_eq!(seen.lock().unwrap().len(), 1);
        assert_eq!(s.tree.text(), src);
        // Above the transformations' size limit too.
        let big = format!("// head\n{}", "f(1);\n".repeat(10_000));
        let (mut s, seen) = recording_session(&Toy, &big, |_| true, 1);
        assert!(s.tree.tokens() > crate::reduce::transform::MAX_TOKENS);
        assert!(drop_all_comments(&mut s, &AlgoOptions::default()));
        assert_eq!(seen.lock().unwrap().len(), 1);
        assert!(!s.tree.text().contains("//"));
        // No comment, no test.
        let (mut s, seen) = recording_session(&Toy, "f(1);\n", |_| true, 1);
        assert!(!drop_all_comments(&mut s, &AlgoOptions::default()));
        assert!(seen.lock().unwrap().is_empty());
    }
}
