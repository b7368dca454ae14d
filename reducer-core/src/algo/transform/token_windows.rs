//! Token windows (as C-Reduce's and C-Vise's token passes): a run of k consecutive tokens
//! is deleted, for k from the longest window down to 1, across node boundaries: deleting
//! `} int f() {` merges two functions, deleting a type name before a declarator leaves an
//! implicit `int`. No single-node edit reaches these; the full parse of each candidate
//! keeps only those that are still programs.

use super::by_sites;
use crate::algo::AlgoOptions;
use crate::session::{Session, View};

/// Above this many tokens the pass uses windows of at most two tokens (each candidate is a
/// full parse of the whole text).
const LARGE: usize = 4_000;
/// Above this many tokens the pass does nothing.
const HUGE: usize = 40_000;

/// One pass; returns whether anything changed.
pub fn pass(s: &mut Session<'_>, o: &AlgoOptions) -> bool {
    let tokens = s.tree.tokens() as usize;
    if tokens > HUGE {
        return false;
    }
    let longest = if tokens > LARGE {
        o.transform.tokens.min(2)
    } else {
        o.transform.tokens
    };
    let mut changed = false;
    for k in (1..=longest).rev() {
        if s.interrupted() {
            break;
        }
        changed |= windows_of(s, k);
    }
    changed
}

/// Deletes windows of `k` tokens, from the end of the text towards its start.
fn windows_of(s: &mut Session<'_>, k: usize) -> bool {
    let sites = |v: &View<'_>| {
        let n = v.tree.token_counter().split(&v.tree.text()).len();
        // Window starts, last first: a success leaves the starts before it where they were.
        (0..n.saturating_sub(k - 1)).rev().collect::<Vec<usize>>()
    };
    let text = |v: &View<'_>, &start: &usize| {
        let text = v.tree.text();
        let pieces = v.tree.token_counter().split(&text);
        let end = start + k;
        if end > pieces.len() {
            return None;
        }
        // Each piece holds a token and the whitespace after it: the piece before the window
        // keeps its whitespace, so no two tokens merge.
        let (from, to) = (pieces[start].start, pieces[end - 1].end);
        let mut out = String::with_capacity(text.len());
        out.push_str(&text[..from]);
        if start > 0 && !text[..from].ends_with(char::is_whitespace) {
            out.push(' ');
        }
        out.push_str(&text[to..]);
        Some(out)
    };
    by_sites(s, &sites, &text)
}
