//! Token windows (as C-Reduce's and C-Vise's token passes): a run of k consecutive tokens
//! is deleted, for k from 1 up to the longest window, across node boundaries: deleting
//! `} int f() {` merges two functions, deleting a type name before a declarator leaves an
//! implicit `int`. No single-node edit reaches these; the full parse of each candidate
//! keeps only those that are still programs.
//!
//! Single tokens come first, and among the windows of one length those made only of the
//! grammar's keywords. The pass runs after deletion has reached its fixpoint, so the
//! windows that are whole nodes have been tried already, and what is left to find is mostly
//! one token the grammar can do without (a type specifier, a qualifier, a sign); longer
//! windows rarely pass. Under the default's budget a stage gives up after a run of
//! failures, so what it finds first is what it finds at all: on five Perses C inputs this
//! order gave the same outputs as the longest-first one with 1–11 % fewer queries in all
//! on four of them (`docs/history/benchmarks-2026-11-25-to-27.md`, 2026-11-26).

use super::{by_sites, Change};
use crate::engine::session::{Session, View};
use crate::reduce::AlgoOptions;
use rustc_hash::FxHashSet;

/// Above this many tokens the pass uses windows of at most two tokens (each candidate is a
/// full parse of the whole text).
const LARGE: usize = 4_000;

/// One pass; returns whether anything changed.
pub fn pass(s: &mut Session<'_>, o: &AlgoOptions) -> bool {
    let tokens = s.tree.tokens() as usize;
    let longest = if tokens > LARGE {
        o.transform.tokens.min(2)
    } else {
        o.transform.tokens
    };
    let mut changed = false;
    for k in 1..=longest {
        if s.stopped() {
            break;
        }
        // Merge mode's look-ahead: the longer windows, for the rounds this length leaves
        // short (each length is a list of its own).
        s.look_ahead(|s| {
            for longer in k + 1..=longest {
                windows_of(s, longer, o);
            }
        });
        changed |= windows_of(s, k, o);
    }
    changed
}

/// Deletes windows of `k` tokens, from the end of the text towards its start. With
/// `--no-literals` (`--no-rename`) no window cuts into a literal (a name): the lexical
/// tokens split a string literal into words, and the grammar's tokens stay whole.
fn windows_of(s: &mut Session<'_>, k: usize, o: &AlgoOptions) -> bool {
    let (literals, rename) = (o.transform.literals, o.transform.rename);
    let sites = |v: &View<'_>| {
        let text = v.tree.text();
        let pieces = v.tree.token_counter().split(&text);
        let kept = protected(v, literals, rename);
        let (words, starts) = keywords(v);
        let keyword: Vec<bool> = pieces
            .iter()
            .map(|p| {
                let piece = &text[p.clone()];
                let start = p.start + (piece.len() - piece.trim_start().len());
                words.contains(piece.trim()) || starts.contains(&start)
            })
            .collect();
        // Each piece holds a token and the whitespace after it, so the piece before the
        // window keeps its whitespace. Window starts, last first: a success leaves the
        // windows before it where they were. Windows of keywords only come first.
        let mut windows = (0..pieces.len().saturating_sub(k - 1))
            .rev()
            .map(|start| (start, pieces[start].start, pieces[start + k - 1].end))
            .filter(|&(_, from, to)| {
                !kept
                    .iter()
                    .any(|&(s, e)| from < e && to > s && !(from <= s && to >= e))
            })
            .collect::<Vec<(usize, usize, usize)>>();
        windows.sort_by_key(|&(start, _, _)| !keyword[start..start + k].iter().all(|&w| w));
        windows
    };
    let text = |v: &View<'_>, &(start, from, to): &(usize, usize, usize)| {
        let text = v.tree.text();
        let space = start > 0 && !text[..from].ends_with(char::is_whitespace);
        Some(Change::Splice {
            from,
            to,
            by: if space { " " } else { "" },
        })
    };
    by_sites(s, &o.transform, &sites, &text)
}

/// The grammar's keywords, as the literal words of its rules (Lua's `local`) and the start
/// bytes of the word tokens that are not names (C's `kw_short`, an atomic rule). Deleting
/// one changes a declaration's type or drops a modifier and leaves the names the test may
/// look for, so those windows are tried first: under the default's budget a stage gives
/// up after a run of failures (the tree is fresh: spans are the text's).
fn keywords(v: &View<'_>) -> (FxHashSet<&'static str>, FxHashSet<usize>) {
    let tables = v.tables();
    let word = |t: &str| t.starts_with(|c: char| c.is_alphabetic() || c == '_');
    let words = tables
        .literals
        .iter()
        .copied()
        .filter(|l| word(l))
        .collect();
    let starts = v
        .tree
        .bfs()
        .into_iter()
        .filter(|&n| {
            let rule = v.tree.rule(n);
            tables.rule(rule).token && !tables.is_identifier(rule)
        })
        .map(|n| v.tree.source_span(n))
        .filter(|&(s, e)| word(&v.tree.source()[s..e]))
        .map(|(s, _)| s)
        .collect();
    (words, starts)
}

/// The byte spans of the tokens a window may delete whole but not cut into: literals
/// unless `literals`, names unless `rename` (the tree is fresh: spans are the text's).
fn protected(v: &View<'_>, literals: bool, rename: bool) -> Vec<(usize, usize)> {
    if literals && rename {
        return Vec::new();
    }
    let tables = v.tables();
    v.tree
        .bfs()
        .into_iter()
        .filter(|&n| {
            let rule = v.tree.rule(n);
            let identifier = tables.is_identifier(rule);
            tables.rule(rule).token && ((identifier && !rename) || (!identifier && !literals))
        })
        .map(|n| v.tree.source_span(n))
        .collect()
}
