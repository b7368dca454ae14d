//! The whitespace put between two tokens, by how much of the original's line structure a
//! layout keeps ([`Policy`]).
//!
//! Whatever the policy, the whitespace around a layout token stays as it was, the whitespace
//! around another token whose text holds a line break (a block comment or a string over
//! several lines) keeps its line break and indentation, and a comment ends its line where it
//! did (a line comment must not swallow what follows). Within a line, there is
//! no space before `;` `,` `)` `]` nor after `(` `[`; elsewhere one space where the original
//! had whitespace and none where it had none. A space is never dropped where the leaf before
//! would then take in what follows (checked with the leaf's own rule).

use super::lines::Lines;
use super::stream::{Kind, Stream};
use crate::syntax::language::Language;
use crate::syntax::tree::Tree;

/// How much of the original's line structure a layout keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Policy {
    /// Lines from the grammar: statements on lines of their own, the other line breaks
    /// only inside brackets other than blocks.
    Grammar,
    /// The original's line breaks and no others, indented from the grammar.
    KeepBreaks,
    /// The original's whitespace, without blank lines and trailing blanks.
    Clean,
}

/// One indentation level.
const INDENT: &str = "    ";

/// The tokens no space goes before, and after.
const NO_SPACE_BEFORE: &[&str] = &[";", ",", ")", "]"];
const NO_SPACE_AFTER: &[&str] = &["(", "["];

/// The indentation of the lines laid out so far that later lines are indented from.
pub(super) struct Indents {
    /// The indentation of the line the current statement starts on.
    pub(super) anchor: String,
    /// Per statement of the lines' bodies: the indentation of the line its first token is
    /// on, once that token is laid out.
    pub(super) statements: Vec<String>,
}

/// Chooses the whitespace between the tokens of a stream.
pub(super) struct Spacing<'a, 't> {
    pub(super) lang: &'a dyn Language,
    pub(super) tree: &'a Tree,
    pub(super) stream: &'a Stream<'t>,
    pub(super) lines: &'a Lines,
    pub(super) policy: Policy,
}

impl Spacing<'_, '_> {
    /// The whitespace before token `i` (`i > 0`), where the lines laid out so far are
    /// indented as `indents` says.
    pub(super) fn before(&self, i: usize, indents: &Indents) -> String {
        let s = self.stream;
        let gap = s.gap(i);
        let broken = gap.contains('\n');
        if self.is_layout(i - 1) || self.is_layout(i) {
            return gap.to_string();
        }
        if self.policy == Policy::Clean || s.text(i - 1).contains('\n') || s.text(i).contains('\n')
        {
            return clean(gap);
        }
        let comment = s.tokens[i - 1].kind == Kind::Comment || s.tokens[i].kind == Kind::Comment;
        let breaks = match self.policy {
            Policy::Grammar => {
                let brackets = self.lines.brackets[i].max(self.lines.brackets[i - 1]);
                self.lines.starts[i].is_some() || (broken && (comment || brackets > 0))
            }
            _ => broken,
        };
        if breaks {
            return self.line_break(i, indents);
        }
        let inline = if comment {
            plain(gap)
        } else {
            tidy(s.text(i - 1), s.text(i), gap)
        };
        if inline != gap && self.would_swallow(i, &inline) {
            return if broken {
                self.line_break(i, indents)
            } else {
                gap.to_string()
            };
        }
        inline
    }

    /// Whether token `i` is a leaf of a layout token rule.
    fn is_layout(&self, i: usize) -> bool {
        let t = &self.stream.tokens[i];
        t.kind == Kind::Leaf && self.lang.tables().layout.contains(&self.tree.rule(t.owner))
    }

    /// A line break and the indentation of the line token `i` starts (a comment's is that
    /// of the token after it: see [`Spacing::indentation`]).
    fn line_break(&self, i: usize, indents: &Indents) -> String {
        let s = self.stream;
        let at = (i..s.tokens.len())
            .find(|&j| s.tokens[j].kind != Kind::Comment)
            .unwrap_or(i);
        format!("\n{}", self.indentation(at, i, indents))
    }

    /// The indentation of a line that token `at` starts after a line break before token
    /// `i` (`i <= at`; only comments between): its level if it starts a statement's line;
    /// inside the body of a statement without braces, the indentation of its outer
    /// statement's line and a level for the body's first token, or the body's line's and a
    /// level per bracket open around the token inside the body; else the anchor and a level
    /// per bracket open around it.
    pub(super) fn indentation(&self, at: usize, i: usize, indents: &Indents) -> String {
        let (mut out, levels) = match (self.lines.starts[at], self.lines.bodies.body[at]) {
            (Some(level), _) => (String::new(), level),
            (None, Some(k)) => {
                let statement = self.lines.bodies.statements[k as usize];
                let first = statement.first;
                // The body's first line (or one before it is laid out: comments).
                if at == first || first >= i {
                    let outer = statement.outer.map(|o| &indents.statements[o as usize]);
                    (outer.cloned().unwrap_or_default(), 1)
                } else {
                    let brackets =
                        self.lines.brackets[at].saturating_sub(self.lines.brackets[first]);
                    (indents.statements[k as usize].clone(), brackets)
                }
            }
            (None, None) => (indents.anchor.clone(), self.lines.brackets[at]),
        };
        for _ in 0..levels {
            out.push_str(INDENT);
        }
        out
    }

    /// Whether the leaf before token `i`, followed by `space` and token `i`, would match
    /// more than itself.
    fn would_swallow(&self, i: usize, space: &str) -> bool {
        let s = self.stream;
        let prev = &s.tokens[i - 1];
        if prev.kind != Kind::Leaf {
            return false;
        }
        let joined = format!("{}{}{}", s.text(i - 1), space, s.text(i));
        let rule = self.tree.rule(prev.owner);
        self.lang
            .parse_prefix(rule, &joined)
            .map_or(true, |len| len != s.text(i - 1).len())
    }
}

/// Whitespace within a line between tokens `a` and `b`, where the original had `gap`.
pub(super) fn tidy(a: &str, b: &str, gap: &str) -> String {
    if NO_SPACE_BEFORE.contains(&b) || NO_SPACE_AFTER.contains(&a) {
        String::new()
    } else {
        plain(gap)
    }
}

/// One space for any whitespace, none for none.
fn plain(gap: &str) -> String {
    if gap.is_empty() {
        String::new()
    } else {
        " ".to_string()
    }
}

/// `gap` without its blank lines and the blanks that end a line.
pub(super) fn clean(gap: &str) -> String {
    match gap.rfind('\n') {
        Some(last) => format!("\n{}", &gap[last + 1..]),
        None => gap.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_space_before_closers_and_separators_nor_after_openers() {
        assert_eq!(tidy("x", ";", " "), "");
        assert_eq!(tidy("a", ",", "  "), "");
        assert_eq!(tidy("(", "a", " "), "");
        assert_eq!(tidy("a", ")", "\t"), "");
        assert_eq!(tidy("a", "+", "   "), " ");
        assert_eq!(tidy("a", "+", ""), "");
        assert_eq!(tidy("f", "(", " "), " ");
    }

    #[test]
    fn clean_gaps_keep_one_break_and_the_last_indentation() {
        assert_eq!(clean("  \n\n\t  "), "\n\t  ");
        assert_eq!(clean("  "), "  ");
        assert_eq!(clean(""), "");
    }
}
