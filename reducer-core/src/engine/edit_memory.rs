//! Edits refused on an earlier text, remembered across commits.
//!
//! The outcome cache knows whole texts: once any part of the text changes, every candidate
//! is a new text, and a stage that runs again after a commit (deletion's fixpoint, the
//! rounds of transformations) asks the oracle again about the same edits it asked about
//! before. Most of those edits are far from what changed and get the same answer.
//!
//! The memory describes a candidate by its *edit* against the current text: the bytes it
//! replaces (from the first byte that differs to the last), what it puts there, a few bytes
//! of context on each side, and for each name the edit touches whether the rest of the
//! text uses it not at all, once, or more often ([`SEVERAL`]). A candidate whose edit was
//! refused before is refused again unseen. A commit near the edit changes its context; one
//! that takes away the last uses of a name the edit touches elsewhere in the text (the last
//! use of a variable, the last call of a function) changes that name's count: either way the
//! edit is new and goes to the oracle. What the memory assumes is that the answer to an
//! edit depends on its surroundings and on whether its names are used elsewhere, not on
//! unrelated text, as the locality of test-case reduction has it (a change far away that
//! makes the edit pass without touching one of its names is missed).
//!
//! Names are the words of the text (runs of word bytes, [`is_word`]) that are not literal
//! tokens of the grammar: keywords are used everywhere and their counts say nothing.
//!
//! A commit inside what a refused deletion (or replacement by a few bytes) took away carries
//! that refusal over: deleting what is left of the stretch is the same edit, now that what
//! the commit removed has shown it could go (a function whose deletion was refused, then one
//! of its statements deleted). A commit across either end of it ends it.
//!
//! A commit that renames (every occurrence of a name becomes a name the text did not hold)
//! changes no edit: the memory describes edits with the names they had when it first saw
//! them, so that the stages that run again after a renaming do not ask again about every
//! edit that holds the renamed name.

use super::diff::common_ends;
use crate::syntax::tokens::is_word;
use rustc_hash::{FxHashMap, FxHashSet, FxHasher};
use std::hash::{Hash, Hasher};

/// A name, as the memory keeps it.
type Name = Box<[u8]>;

/// Bytes of context on each side of an edit that must be the same for it to be the same
/// edit (in whole words; a renamed name counts as long as its first name, so that a
/// renaming does not widen the context of the edits near it).
pub const CONTEXT: usize = 24;

/// Uses of a name outside an edit that the edit's key tells apart: none, one, and
/// `SEVERAL` or more. Whether an edit can go depends on whether the names it touches are
/// still used elsewhere (the last use of a variable, a declaration whose uses remain), not on
/// how many uses there are beyond that: a deletion refused while a global had 40 other uses
/// is the same edit when it has 39, and a commit elsewhere that removes one of them does
/// not make every edit touching the name new.
pub const SEVERAL: u32 = 2;

/// The refused edits, against the current text.
#[derive(Debug, Default)]
pub struct EditMemory {
    /// The grammar's literal tokens that are words (keywords), not counted as names.
    keywords: FxHashSet<&'static [u8]>,
    /// The current text.
    base: Vec<u8>,
    /// How often each name occurs in `base`; computed when first needed.
    counts: Option<FxHashMap<Name, u32>>,
    /// The keys of the refused edits.
    refused: FxHashSet<u64>,
    /// The names renamed since the memory first saw them, with their first name.
    first_names: FxHashMap<Name, Name>,
    /// Where the refused edits that replace text by little lie in `base`, so that a commit
    /// inside what one of them replaced carries it over ([`EditMemory::rebase`]).
    placed: Vec<Placed>,
}

/// A refused edit placed in the current text: `base[start..end]` replaced by `new`.
#[derive(Debug)]
struct Placed {
    start: usize,
    end: usize,
    new: Box<[u8]>,
}

/// The longest replacement a refused edit may have for the memory to carry it over commits
/// inside it (deletions, and replacements by a token or two; not hoisting a large child).
const CARRIED: usize = 64;

impl EditMemory {
    /// An empty memory; `literals` are the grammar's literal tokens.
    pub fn new(literals: &[&'static str]) -> Self {
        let keywords = literals
            .iter()
            .map(|l| l.as_bytes())
            .filter(|l| l.iter().all(|&b| is_word(b)))
            .collect();
        EditMemory {
            keywords,
            ..EditMemory::default()
        }
    }

    /// The text the next candidates are edits of (an interesting candidate was adopted).
    ///
    /// A refused edit that deleted (or replaced by little) a stretch of text inside which
    /// the commit changed something is carried over: deleting what is left of that stretch
    /// is the edit refused before, with what the commit showed could go already gone (its
    /// context and the uses of its names still decide, as for every edit).
    pub fn rebase(&mut self, text: &[u8]) {
        let renamed = renames(&self.base, text, &self.keywords);
        let carried = if renamed.is_empty() {
            self.carry_over(text)
        } else {
            self.follow_renaming(text);
            Vec::new()
        };
        for (from, to) in renamed {
            let first = self.first_names.remove(&from[..]).unwrap_or(from);
            self.first_names.insert(to, first);
        }
        self.base.clear();
        self.base.extend_from_slice(text);
        self.counts = None;
        let edits: Vec<_> = carried
            .into_iter()
            .filter_map(|i| {
                let p = &self.placed[i];
                placed_edit(&self.base, p.start, p.end, &p.new)
            })
            .collect();
        for (prefix, right_start, middle) in edits {
            let key = self.key_of(prefix, right_start, &middle);
            self.refused.insert(key);
        }
    }

    /// Moves the placed edits to where they lie in `text`, the current text with one stretch
    /// changed; returns those that held the whole change (to be keyed again on `text`) and
    /// forgets those it cut across.
    fn carry_over(&mut self, text: &[u8]) -> Vec<usize> {
        let (prefix, suffix) = common_ends(&self.base, text);
        let (from, to) = (prefix, self.base.len() - suffix);
        let grown = text.len() as isize - self.base.len() as isize;
        let shift = |at: usize| (at as isize + grown) as usize;
        let mut held = Vec::new();
        let mut kept = 0;
        for i in 0..self.placed.len() {
            let p = &mut self.placed[i];
            let keep = if p.end <= from {
                true
            } else if p.start >= to {
                (p.start, p.end) = (shift(p.start), shift(p.end));
                true
            } else if p.start <= from && to <= p.end && (p.start, p.end) != (from, to) {
                p.end = shift(p.end);
                held.push(kept);
                true
            } else {
                false
            };
            if keep {
                self.placed.swap(kept, i);
                kept += 1;
            }
        }
        self.placed.truncate(kept);
        held
    }

    /// Moves the placed edits through a renaming to `text`; forgets those that begin or end
    /// inside a renamed name.
    fn follow_renaming(&mut self, text: &[u8]) {
        // The start of each run in the old text and in `text`, and whether it was renamed.
        let mut starts: Vec<(usize, usize, bool)> = Vec::new();
        let (mut a, mut b) = (0, 0);
        for (x, y) in runs(&self.base).zip(runs(text)) {
            starts.push((a, b, x != y));
            a += x.len();
            b += y.len();
        }
        let old_len = self.base.len();
        let new_len = text.len();
        let map = |at: usize| -> Option<usize> {
            if at == old_len {
                return Some(new_len);
            }
            let i = starts.partition_point(|&(s, _, _)| s <= at) - 1;
            let (s, n, renamed) = starts[i];
            (!renamed || at == s).then_some(n + at - s)
        };
        self.placed
            .retain_mut(|p| match (map(p.start), map(p.end)) {
                (Some(start), Some(end)) => {
                    (p.start, p.end) = (start, end);
                    true
                }
                _ => false,
            });
    }

    /// Forgets every refused edit and the text.
    pub fn clear(&mut self) {
        self.refused.clear();
        self.placed.clear();
        self.base.clear();
        self.counts = None;
        self.first_names.clear();
    }

    /// Records that the oracle (or the cache) refused `candidate`.
    pub fn refuse(&mut self, candidate: &[u8]) {
        let Some((prefix, right_start, new_end)) = self.edit(candidate) else {
            return;
        };
        let new = &candidate[prefix..new_end];
        let key = self.key_of(prefix, right_start, new);
        if self.refused.insert(key) && new.len() <= CARRIED {
            self.placed.push(Placed {
                start: prefix,
                end: right_start,
                new: new.into(),
            });
        }
    }

    /// Whether the edit that makes `candidate` out of the current text was refused before.
    pub fn refuses(&mut self, candidate: &[u8]) -> bool {
        !self.refused.is_empty()
            && self
                .key(candidate)
                .is_some_and(|k| self.refused.contains(&k))
    }

    /// How many refused edits it holds.
    pub fn len(&self) -> usize {
        self.refused.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.refused.is_empty()
    }

    /// The current text (empty before the first and after [`EditMemory::clear`]).
    pub fn text(&self) -> &[u8] {
        &self.base
    }

    /// Where the edit from the current text to `candidate` lies: the first byte it changes,
    /// the end of what it replaces in the current text, and the end of what it puts there in
    /// `candidate`; `None` before the first text, and for the text itself.
    fn edit(&self, candidate: &[u8]) -> Option<(usize, usize, usize)> {
        let base = &self.base;
        if base.is_empty() || candidate == &base[..] {
            return None;
        }
        let (prefix, suffix) = common_ends(base, candidate);
        Some((prefix, base.len() - suffix, candidate.len() - suffix))
    }

    /// The key of the edit from the current text to `candidate`; `None` before the first
    /// text, and for the text itself.
    fn key(&mut self, candidate: &[u8]) -> Option<u64> {
        let (prefix, right_start, new_end) = self.edit(candidate)?;
        Some(self.key_of(prefix, right_start, &candidate[prefix..new_end]))
    }

    /// The key of the edit that replaces `base[prefix..right_start]` by `new`.
    fn key_of(&mut self, prefix: usize, right_start: usize, new: &[u8]) -> u64 {
        let base = &self.base;
        let old = &base[prefix..right_start];
        let left = &base[context_start(base, prefix, &self.first_names)..prefix];
        let right = &base[right_start..context_end(base, right_start, &self.first_names)];
        let mut h = FxHasher::default();
        for part in [left, old, new, right] {
            self.hash_named(part, &mut h);
        }
        let counts = self.counts.get_or_insert_with(|| {
            let mut counts: FxHashMap<Name, u32> = FxHashMap::default();
            for w in words(&self.base) {
                if !self.keywords.contains(w) {
                    *counts.entry(w.into()).or_default() += 1;
                }
            }
            counts
        });
        // The names at the edit's ends may be cut by it: count the whole words around them.
        let lo = word_start(&self.base, prefix);
        let hi = word_end(&self.base, right_start);
        let mut inside: FxHashMap<&[u8], u32> = FxHashMap::default();
        for w in words(&self.base[lo..hi]) {
            *inside.entry(w).or_default() += 1;
        }
        let mut touched: Vec<(&[u8], u32)> = inside
            .keys()
            .copied()
            .chain(words(new))
            .filter(|w| !self.keywords.contains(w))
            .map(|w| {
                let total = counts.get(w).copied().unwrap_or(0);
                let outside = total.saturating_sub(inside.get(w).copied().unwrap_or(0));
                let name = self.first_names.get(w).map_or(w, |f| &f[..]);
                (name, outside.min(SEVERAL))
            })
            .collect();
        touched.sort_unstable();
        touched.dedup();
        touched.hash(&mut h);
        h.finish()
    }

    /// Hashes `text` with each renamed name under its first name.
    fn hash_named(&self, text: &[u8], h: &mut FxHasher) {
        h.write_u8(0xff); // where a part starts
        for run in runs(text) {
            self.first_names.get(run).map_or(run, |f| &f[..]).hash(h);
        }
    }
}

/// The edit that replaces `base[start..end]` by `new`, as [`EditMemory::key_of`] takes it
/// (the first byte it changes, the end of what it replaces, what it puts there), with its
/// ends where comparing the two texts puts them; `None` if it changes nothing.
fn placed_edit(
    base: &[u8],
    start: usize,
    end: usize,
    new: &[u8],
) -> Option<(usize, usize, Vec<u8>)> {
    let tail = base.len() - end;
    let length = start + new.len() + tail;
    // The candidate's byte at `i`, without building it.
    let at = |i: usize| -> u8 {
        if i < start {
            base[i]
        } else if i < start + new.len() {
            new[i - start]
        } else {
            base[end + i - start - new.len()]
        }
    };
    let shorter = base.len().min(length);
    let mut prefix = start;
    while prefix < shorter && base[prefix] == at(prefix) {
        prefix += 1;
    }
    let room = shorter - prefix;
    // The candidate ends with the whole tail.
    let mut suffix = tail.min(room);
    while suffix < room && base[base.len() - 1 - suffix] == at(length - 1 - suffix) {
        suffix += 1;
    }
    if prefix == base.len() && length == base.len() {
        return None;
    }
    let middle = (prefix..length - suffix).map(at).collect();
    Some((prefix, base.len() - suffix, middle))
}

/// The words of `text`.
fn words(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    text.split(|&b| !is_word(b)).filter(|w| !w.is_empty())
}

/// The runs of `text`: words and what lies between them, alternately.
fn runs(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut rest = text;
    std::iter::from_fn(move || {
        let first = *rest.first()?;
        let n = rest
            .iter()
            .position(|&b| is_word(b) != is_word(first))
            .unwrap_or(rest.len());
        let (run, tail) = rest.split_at(n);
        rest = tail;
        Some(run)
    })
}

/// The renamings that make `new` out of `old`: pairs of names such that `new` is `old` with
/// every occurrence of the first replaced by the second, which `old` does not hold. Empty
/// when `new` is not such a text (or is `old`).
fn renames(old: &[u8], new: &[u8], keywords: &FxHashSet<&'static [u8]>) -> Vec<(Name, Name)> {
    let mut pairs: FxHashMap<&[u8], &[u8]> = FxHashMap::default();
    let (mut a, mut b) = (runs(old), runs(new));
    loop {
        match (a.next(), b.next()) {
            (None, None) => break,
            (Some(x), Some(y)) if x == y => {}
            (Some(x), Some(y)) if is_word(x[0]) && is_word(y[0]) => {
                if keywords.contains(x) || keywords.contains(y) {
                    return Vec::new();
                }
                if *pairs.entry(x).or_insert(y) != y {
                    return Vec::new();
                }
            }
            _ => return Vec::new(),
        }
    }
    if pairs.is_empty() {
        return Vec::new();
    }
    // Every occurrence renamed, and to a name the old text did not hold.
    let renamed = |w: &[u8]| pairs.contains_key(w);
    let targets: FxHashSet<&[u8]> = pairs.values().copied().collect();
    if words(old).any(|w| targets.contains(w)) || words(new).any(renamed) {
        return Vec::new();
    }
    pairs
        .into_iter()
        .map(|(x, y)| (x.into(), y.into()))
        .collect()
}

/// The start of the left context of an edit that starts at `at`: [`CONTEXT`] bytes back,
/// in whole words, with each renamed name as long as its first name.
fn context_start(text: &[u8], mut at: usize, first_names: &FxHashMap<Name, Name>) -> usize {
    let mut length = 0;
    while at > 0 && length < CONTEXT {
        if is_word(text[at - 1]) {
            let start = word_start(text, at);
            length += named_length(&text[start..at], first_names);
            at = start;
        } else {
            length += 1;
            at -= 1;
        }
    }
    word_start(text, at)
}

/// The end of the right context of an edit that ends at `at`: [`CONTEXT`] bytes on, in
/// whole words, with each renamed name as long as its first name.
fn context_end(text: &[u8], mut at: usize, first_names: &FxHashMap<Name, Name>) -> usize {
    let mut length = 0;
    while at < text.len() && length < CONTEXT {
        if is_word(text[at]) {
            let end = word_end(text, at);
            length += named_length(&text[at..end], first_names);
            at = end;
        } else {
            length += 1;
            at += 1;
        }
    }
    word_end(text, at)
}

/// The length of `word` under its first name.
fn named_length(word: &[u8], first_names: &FxHashMap<Name, Name>) -> usize {
    first_names.get(word).map_or(word.len(), |f| f.len())
}

/// The start of the word `at` lies in (or `at`).
fn word_start(text: &[u8], mut at: usize) -> usize {
    while at > 0 && is_word(text[at - 1]) {
        at -= 1;
    }
    at
}

/// The end of the word that ends at or goes past `at` (or `at`).
fn word_end(text: &[u8], mut at: usize) -> usize {
    while at < text.len() && is_word(text[at]) {
        at += 1;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    fn memory(base: &str) -> EditMemory {
        let mut m = EditMemory::new(&["int", "return", ";", "(", ")"]);
        m.rebase(base.as_bytes());
        m
    }

    #[test]
    fn an_edit_refused_before_a_commit_elsewhere_is_refused_after_it() {
        let mut m = memory("int a; int b; int c = 1; long filler_filler_filler_filler; int d;");
        m.refuse(b"int a; int b; int c = 1; long filler_filler_filler_filler; ");
        assert!(!m.refuses(b"int a; int c = 1; long filler_filler_filler_filler; int d;"));
        // `b` goes: the deletion of `int d;` is the same edit, far from it.
        m.rebase(b"int a; int c = 1; long filler_filler_filler_filler; int d;");
        assert!(m.refuses(b"int a; int c = 1; long filler_filler_filler_filler; "));
    }

    #[test]
    fn a_change_of_its_context_or_of_its_names_uses_makes_it_new() {
        let base = "int x; long filler_filler_filler_filler_filler; f(x); g(x);";
        let mut m = memory(base);
        m.refuse(b"long filler_filler_filler_filler_filler; f(x); g(x);");
        // Its right context changed (`long long` now): a new edit.
        m.rebase(b"int x; long long filler_filler_filler_filler_filler; f(x); g(x);");
        assert!(!m.refuses(b"long long filler_filler_filler_filler_filler; f(x); g(x);"));
        // A use of `x` went, far from the declaration: a new edit.
        let mut m = memory(base);
        m.refuse(b"long filler_filler_filler_filler_filler; f(x); g(x);");
        m.rebase(b"int x; long filler_filler_filler_filler_filler; f(x); ");
        assert!(!m.refuses(b"long filler_filler_filler_filler_filler; f(x); "));
        // Keywords are not names: `int` counts change without making the edit new.
        let mut m = memory("int x; long filler_filler_filler_filler_filler; int y; int z;");
        m.refuse(b"long filler_filler_filler_filler_filler; int y; int z;");
        m.rebase(b"int x; long filler_filler_filler_filler_filler; int y; ");
        assert!(m.refuses(b"long filler_filler_filler_filler_filler; int y; "));
    }

    #[test]
    fn only_the_last_uses_of_a_name_elsewhere_make_an_edit_new() {
        // Deleting `f(x);` is refused while `x` has three other uses, then two: the same
        // edit. Down to one other use, it is new.
        let filler = "long filler_filler_filler_filler_filler;";
        let text = |uses: &str| format!("int x; {uses}{filler} f(x); {filler}");
        let without_f = |uses: &str| format!("int x; {uses}{filler}  {filler}");
        let mut m = memory(&text("g(x); h(x); "));
        m.refuse(without_f("g(x); h(x); ").as_bytes());
        m.rebase(text("g(x); ").as_bytes());
        assert!(m.refuses(without_f("g(x); ").as_bytes()));
        m.rebase(text("").as_bytes());
        assert!(!m.refuses(without_f("").as_bytes()));
    }

    #[test]
    fn a_renaming_changes_no_edit() {
        let mut m = memory("int x; long filler_filler_filler_filler_filler; f(x); g(1);");
        m.refuse(b"int x; long filler_filler_filler_filler_filler; f(x); ");
        // `x` becomes `yy` everywhere: deleting `g(1);` is the same edit; so it is after
        // `yy` becomes `z` too.
        m.rebase(b"int yy; long filler_filler_filler_filler_filler; f(yy); g(1);");
        assert!(m.refuses(b"int yy; long filler_filler_filler_filler_filler; f(yy); "));
        m.rebase(b"int z; long filler_filler_filler_filler_filler; f(z); g(1);");
        assert!(m.refuses(b"int z; long filler_filler_filler_filler_filler; f(z); "));
        // Not a renaming: one `z` of two, or to a name the text holds.
        assert!(renames(b"z z f", b"z a f", &m.keywords).is_empty());
        assert!(renames(b"z f", b"f f", &m.keywords).is_empty());
        assert!(renames(b"z f;", b"z f", &m.keywords).is_empty());
        assert!(renames(b"int z", b"return z", &m.keywords).is_empty());
        let two = renames(b"a(b) a;", b"c(d) c;", &m.keywords);
        assert_eq!(two.len(), 2);
    }

    #[test]
    fn a_renaming_near_an_edit_keeps_its_context() {
        // A shorter name does not bring more text into the edit's context.
        let mut m = memory("p = 1; q = 2; r = 3; function test() body(); end test();");
        m.refuse(b"p = 1; q = 2; r = 3; function test() end test();");
        m.rebase(b"p = 1; q = 2; r = 3; function c() body(); end c();");
        assert!(m.refuses(b"p = 1; q = 2; r = 3; function c() end c();"));
        // A change beyond the context (24 bytes, with `c` as long as `test`) is far.
        m.rebase(b"p = 1; q = 2 + 0; r = 3; function c() body(); end c();");
        assert!(m.refuses(b"p = 1; q = 2 + 0; r = 3; function c() end c();"));
        m.rebase(b"p = 1; q = 2 + 0; r = 3 + 0; function c() body(); end c();");
        assert!(!m.refuses(b"p = 1; q = 2 + 0; r = 3 + 0; function c() end c();"));
    }

    #[test]
    fn a_commit_inside_a_refused_deletion_carries_it_over() {
        let filler = "long filler_filler_filler_filler_filler;";
        let mut m = memory(&format!(
            "x1(); {filler} f() {{ alpha(); b(); c(); }} {filler} z();"
        ));
        m.refuse(format!("x1(); {filler}  {filler} z();").as_bytes());
        // Far from it, `x1();` goes; inside it, `alpha` becomes `q`, then `b();` goes.
        m.rebase(format!("{filler} f() {{ alpha(); b(); c(); }} {filler} z();").as_bytes());
        m.rebase(format!("{filler} f() {{ q(); b(); c(); }} {filler} z();").as_bytes());
        let deleted = format!("{filler}  {filler} z();");
        m.rebase(format!("{filler} f() {{ q(); c(); }} {filler} z();").as_bytes());
        // Deleting what is left of `f` is the edit refused before.
        assert!(m.refuses(deleted.as_bytes()));
        assert_eq!(m.placed.len(), 1);
        // A commit across one of its ends forgets where it was.
        m.rebase(format!("{filler} f() {{ q(); c(); {filler} z();").as_bytes());
        assert!(m.placed.is_empty());
    }

    #[test]
    fn a_placed_edit_is_keyed_as_the_candidate_it_makes() {
        // Deleting the second `ab` of `xabab` is, compared, deleting the first.
        let m = memory("xababy");
        let found = placed_edit(&m.base, 3, 5, b"").unwrap();
        let (prefix, suffix) = common_ends(b"xababy", b"xaby");
        assert_eq!(found, (prefix, 6 - suffix, Vec::new()));
        assert_eq!(placed_edit(b"xy", 1, 1, b""), None);
        assert_eq!(placed_edit(b"xy", 1, 2, b"z"), Some((1, 2, b"z".to_vec())));
    }

    #[test]
    fn nothing_is_refused_before_a_text_or_after_clearing() {
        let mut m = EditMemory::new(&[]);
        m.refuse(b"a");
        assert!(m.is_empty() && !m.refuses(b"a"));
        m.rebase(b"ab");
        m.refuse(b"a");
        assert!(m.refuses(b"a") && !m.refuses(b"b") && !m.refuses(b"ab"));
        assert_eq!(m.len(), 1);
        m.clear();
        m.rebase(b"ab");
        assert!(!m.refuses(b"a"));
    }
}
