//! Edits refused on an earlier text, remembered across commits.
//!
//! The outcome cache knows whole texts: once any part of the text changes, every candidate
//! is a new text, and a stage that runs again after a commit (deletion's fixpoint, the
//! rounds of transformations) asks the oracle again about the same edits it asked about
//! before. Most of those edits are far from what changed and get the same answer.
//!
//! The memory describes a candidate by its *edit* against the current text: the bytes it
//! replaces (from the first byte that differs to the last), what it puts there, a few bytes
//! of context on each side, and how often each name the edit touches occurs in the whole
//! text. A candidate whose edit was refused before is refused again unseen. A commit near
//! the edit changes its context; one that adds or removes a use of a name the edit touches
//! elsewhere in the text (the last use of a variable, a call of a function) changes that
//! name's count: either way the edit is new and goes to the oracle. What the memory
//! assumes is that the answer to an edit depends on its surroundings and on the uses of
//! its names, not on unrelated text elsewhere, as the locality of test-case reduction has
//! it (a change far away that makes the edit pass without touching one of its names is
//! missed).
//!
//! Names are the words of the text (runs of word bytes, [`is_word`]) that are not literal
//! tokens of the grammar: keywords are used everywhere and their counts say nothing.
//!
//! A commit that renames (every occurrence of a name becomes a name the text did not hold)
//! changes no edit: the memory describes edits with the names they had when it first saw
//! them, so that the stages that run again after a renaming do not ask again about every
//! edit that holds the renamed name.

use crate::syntax::tokens::is_word;
use rustc_hash::{FxHashMap, FxHashSet, FxHasher};
use std::hash::{Hash, Hasher};

/// A name, as the memory keeps it.
type Name = Box<[u8]>;

/// Bytes of context on each side of an edit that must be the same for it to be the same
/// edit.
pub const CONTEXT: usize = 24;

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
}

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
    pub fn rebase(&mut self, text: &[u8]) {
        for (from, to) in renames(&self.base, text, &self.keywords) {
            let first = self.first_names.remove(&from[..]).unwrap_or(from);
            self.first_names.insert(to, first);
        }
        self.base.clear();
        self.base.extend_from_slice(text);
        self.counts = None;
    }

    /// Forgets every refused edit and the text.
    pub fn clear(&mut self) {
        self.refused.clear();
        self.base.clear();
        self.counts = None;
        self.first_names.clear();
    }

    /// Records that the oracle (or the cache) refused `candidate`.
    pub fn refuse(&mut self, candidate: &[u8]) {
        if let Some(key) = self.key(candidate) {
            self.refused.insert(key);
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

    /// The key of the edit from the current text to `candidate`; `None` before the first
    /// text, and for the text itself.
    fn key(&mut self, candidate: &[u8]) -> Option<u64> {
        let base = &self.base;
        if base.is_empty() || candidate == &base[..] {
            return None;
        }
        let (prefix, suffix) = common_ends(base, candidate);
        let old = &base[prefix..base.len() - suffix];
        let new = &candidate[prefix..candidate.len() - suffix];
        let right_start = base.len() - suffix;
        // The context, in whole words.
        let left = &base[word_start(base, prefix.saturating_sub(CONTEXT))..prefix];
        let right = &base[right_start..word_end(base, (right_start + CONTEXT).min(base.len()))];
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
        let mut touched: Vec<(&[u8], u32)> = words(&self.base[lo..hi])
            .chain(words(new))
            .filter(|w| !self.keywords.contains(w))
            .map(|w| {
                let count = counts.get(w).copied().unwrap_or(0);
                (self.first_names.get(w).map_or(w, |f| &f[..]), count)
            })
            .collect();
        touched.sort_unstable();
        touched.dedup();
        touched.hash(&mut h);
        Some(h.finish())
    }

    /// Hashes `text` with each renamed name under its first name.
    fn hash_named(&self, text: &[u8], h: &mut FxHasher) {
        h.write_u8(0xff); // where a part starts
        for run in runs(text) {
            self.first_names.get(run).map_or(run, |f| &f[..]).hash(h);
        }
    }
}

/// How many bytes `old` and `new` share at their start and, after that, at their end: what
/// lies between is what changed.
pub(crate) fn common_ends(old: &[u8], new: &[u8]) -> (usize, usize) {
    let prefix = old.iter().zip(new).take_while(|(a, b)| a == b).count();
    let room = old.len().min(new.len()) - prefix;
    let suffix = old
        .iter()
        .rev()
        .zip(new.iter().rev())
        .take(room)
        .take_while(|(a, b)| a == b)
        .count();
    (prefix, suffix)
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
        // Its right context changed (the filler is shorter now): a new edit.
        m.rebase(b"int x; long filler; f(x); g(x);");
        assert!(!m.refuses(b"long filler; f(x); g(x);"));
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
