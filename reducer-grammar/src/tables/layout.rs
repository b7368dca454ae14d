//! Layout tokens: atomic rules that match a line break with nothing but blanks around it (an
//! indentation-sensitive grammar's statement separator, which takes the blank and comment
//! lines after a statement into one token: Python's `sep` and `block_start`). The lines
//! inside such a token are trivia the grammar folded into it; the engine removes them as it
//! removes comments (`reducer_core`'s comments stage). Checked with `pest_vm`.

use super::min_text::Checker;
use super::RuleRow;
use crate::normalize::{is_trivia, Normalized};

/// Blank texts with a line break that a layout token matches one of.
const PROBES: &[&str] = &["\n", "\r\n", "\n ", "\n\t", " \n", "\n\n"];

/// The ids of the visible atomic rules that match one of the blank texts [`PROBES`]
/// (`check`).
pub fn find(g: &Normalized, check: &Checker, rows: &[RuleRow]) -> Vec<usize> {
    g.rules
        .iter()
        .enumerate()
        .filter(|&(i, r)| rows[i].token && !rows[i].hidden && !is_trivia(&r.name))
        .filter(|&(i, _)| PROBES.iter().any(|t| check.parses(i, t)))
        .map(|(i, _)| i)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::test_util::tables;

    #[test]
    fn tokens_of_line_breaks_are_layout() {
        let t = tables(
            r##"
file = { SOI ~ stmt ~ (sep ~ stmt)* ~ EOI }
stmt = { word ~ (";" ~ word)* }
sep = @{ NL ~ (" "* ~ COMMENT? ~ NL)* ~ " "* }
word = @{ ASCII_ALPHA+ }
text = @{ "\"" ~ (!"\"" ~ ANY)* ~ "\"" }
NL = _{ "\n" }
COMMENT = _{ "#" ~ (!"\n" ~ ANY)* }
WHITESPACE = _{ " " }
"##,
        );
        let names: Vec<&str> = t.layout.iter().map(|&i| t.rules[i].name.as_str()).collect();
        assert_eq!(
            names,
            ["sep"],
            "a string that may hold a line break is no layout"
        );
    }
}
