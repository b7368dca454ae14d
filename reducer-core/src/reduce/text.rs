//! Grammar-less baselines run inside a tree session: ddmin on lines and on tokens.
//!
//! They minimise a flat list of text units and ignore the tree (no syntax check: they are the
//! plain baselines of the papers), so they test raw texts through the list layer's adapter
//! on the session's tester rather than through the session's syntax-checked tests. The
//! result replaces the session's text, re-parsed into a tree when it still parses. A unit
//! that holds a byte of a kept region is never dropped (it is not in the list ddmin sees).

use super::AlgoOptions;
use crate::engine::keep;
use crate::engine::session::{Session, TextCandidate};
use crate::reduce::list::{reduce_units, split_lines};

/// ddmin over the lines of the current text; returns whether the text got smaller.
pub fn ddmin_lines(s: &mut Session<'_>, o: &AlgoOptions) -> bool {
    let text = s.text();
    let units: Vec<Vec<u8>> = split_lines(text.as_bytes())
        .into_iter()
        .map(<[u8]>::to_vec)
        .collect();
    ddmin_units(s, o, &text, units)
}

/// ddmin over the lexical tokens of the current text (each token keeps the whitespace that
/// follows it); returns whether the text got smaller.
pub fn ddmin_tokens(s: &mut Session<'_>, o: &AlgoOptions) -> bool {
    let text = s.text();
    let units: Vec<Vec<u8>> = s
        .tree
        .token_counter()
        .split(&text)
        .into_iter()
        .map(|r| text.as_bytes()[r].to_vec())
        .collect();
    ddmin_units(s, o, &text, units)
}

fn ddmin_units(s: &mut Session<'_>, o: &AlgoOptions, text: &str, units: Vec<Vec<u8>>) -> bool {
    let regions = s.kept().ranges(&s.kept_at());
    let (result, at) = reduce_units(&units, &regions, &mut s.tester, &o.dd);
    let changed = result.len() < text.len();
    if changed {
        s.replace_text_at(&String::from_utf8_lossy(&result), at);
    }
    changed
}

/// Drops blank lines and trailing spaces from the current text, as one candidate (kept when
/// it still parses and is interesting); returns whether it was kept. Whitespace inside
/// lines is left alone, so string literals and indentation survive, and so are the lines
/// that hold a byte of a kept region.
pub fn tidy_lines(s: &mut Session<'_>) -> bool {
    let text = s.text();
    let regions = s.kept().ranges(&s.kept_at());
    let mut tidy = String::with_capacity(text.len());
    let mut kept_at = Vec::with_capacity(regions.len());
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        let end = start + line.len();
        let content = line.strip_suffix('\n').unwrap_or(line);
        let content = content.strip_suffix('\r').unwrap_or(content);
        if keep::overlaps(&regions, start, end) {
            let out = tidy.len();
            kept_at.extend(
                regions
                    .iter()
                    .filter(|r| (start..end).contains(&r.start))
                    .map(|r| out + r.start - start),
            );
            tidy.push_str(line);
            if !line.ends_with('\n') {
                tidy.push('\n');
            }
        } else if !content.trim_end().is_empty() {
            tidy.push_str(content.trim_end());
            tidy.push('\n');
        }
        start = end;
    }
    // One whole-text candidate: parsed in full, and refused unseen unless smaller.
    let mut once = Some(TextCandidate {
        text: tidy,
        kept_at: Some(kept_at),
    });
    s.first_interesting_text(&mut |_| once.take(), &mut |_, _| None)
        .is_some()
}
