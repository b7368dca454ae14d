//! Grammar-less baselines run inside a tree session: ddmin on lines and on tokens.
//!
//! They minimise a flat list of text units and ignore the tree (no syntax check: they are the
//! plain baselines of the papers), so they test raw texts through the list layer's adapter
//! on the session's tester rather than through the session's syntax-checked tests. The
//! result replaces the session's text, re-parsed into a tree when it still parses.

use super::AlgoOptions;
use crate::engine::session::Session;
use crate::reduce::list::{ddmin, split_lines, TesterList};

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
    let indices: Vec<u32> = (0..units.len() as u32).collect();
    let render = |c: &[u32]| -> Vec<u8> {
        c.iter()
            .flat_map(|&i| units[i as usize].iter().copied())
            .collect()
    };
    let kept = {
        let mut test = TesterList::new(&mut s.tester, &indices, render);
        ddmin(indices.clone(), &mut test, &o.dd)
    };
    let result: Vec<u8> = kept
        .iter()
        .flat_map(|&i| units[i as usize].iter().copied())
        .collect();
    let changed = result.len() < text.len();
    if changed {
        s.replace_text(&String::from_utf8_lossy(&result));
    }
    changed
}

/// Drops blank lines and trailing spaces from the current text, as one candidate (kept when
/// it still parses and is interesting); returns whether it was kept. Whitespace inside
/// lines is left alone, so string literals and indentation survive.
pub fn tidy_lines(s: &mut Session<'_>) -> bool {
    let text = s.text();
    let mut tidy: String = text
        .lines()
        .map(str::trim_end)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("\n");
    if !tidy.is_empty() {
        tidy.push('\n');
    }
    // One whole-text candidate: parsed in full, and refused unseen unless smaller.
    let mut once = Some(tidy);
    s.first_interesting_text(&mut |_| once.take(), &mut |_, _| None)
        .is_some()
}
