//! Laying out a final result for a bug report, for every language, from the grammar alone:
//! one statement or declaration per line, indentation by nesting, no space before `;` `,`
//! `)`, and the original's blank lines and odd indentation gone.
//!
//! Only the whitespace between tokens changes. The tokens come from the tree ([`stream`]),
//! the line structure from the normalized grammar's lists and the brackets of its rules
//! ([`lines`]) and the statements that are bodies of others without braces ([`bodies`]),
//! the whitespace between two tokens from a [`Policy`] ([`spacing`]). A layout is kept only
//! if it parses back into the same tree up to whitespace (same rules, same tokens); where
//! the grammar's lines matter (Python's indentation, Go's automatic semicolons, a line
//! comment), a layout that breaks them fails that check and a more conservative policy is
//! tried: the original's line breaks only, then the original's whitespace without blank
//! lines and trailing blanks.

mod bodies;
mod lines;
mod spacing;
mod stream;

use crate::syntax::language::Language;
use crate::syntax::tree::Tree;
use lines::Lines;
use spacing::{Indents, Policy, Spacing};
use stream::{clean_layout, Shape, Stream};

/// The current text of `tree` (a tree of `lang`, edits committed or not) laid out from the
/// grammar: each statement or declaration (an element of a list of the normalized grammar
/// that ends in a terminator such as `;`, holds such a list, or is at the top level) on a line
/// of its own, indented one level per enclosing list, blocks closed on a line of their own,
/// the body of a statement without braces on its statement's line or one level deeper;
/// other line breaks only inside brackets other than blocks (data keeps its lines); within a
/// line no space before `;` `,` `)` `]` nor after `(` `[`, one space where the original had
/// whitespace; comments keep the line breaks around them; blank lines and trailing blanks
/// dropped; a final line break.
///
/// Guarantees: the result parses with `lang` into a tree of the same shape (the same rules
/// over the same tokens, in the same order) as the current text, so only whitespace differs
/// (and the blank lines inside layout tokens). Where the grammar's layout cannot take that,
/// the original's line breaks are kept, then its whitespace; `None` when even that does not
/// parse back (or the current text does not parse).
pub fn lay_out(lang: &dyn Language, tree: &Tree) -> Option<String> {
    let text = tree.text();
    let parsed = lang.parse(&text).ok()?;
    let stream = Stream::new(lang, &parsed);
    let lines = Lines::new(lang, &parsed, &stream);
    let shape = stream.shape(&parsed, lang.tables().layout);
    [Policy::Grammar, Policy::KeepBreaks, Policy::Clean]
        .into_iter()
        .map(|policy| {
            let spacing = Spacing {
                lang,
                tree: &parsed,
                stream: &stream,
                lines: &lines,
                policy,
            };
            render(&spacing)
        })
        .find(|out| parses_to(lang, out, &shape))
}

/// The tokens of the stream with the whitespace `spacing` chooses, and a final line break.
fn render(spacing: &Spacing<'_, '_>) -> String {
    let s = spacing.stream;
    let layout = spacing.lang.tables().layout;
    let statements = &spacing.lines.bodies.statements;
    let mut out = String::with_capacity(s.source.len());
    let mut indents = Indents {
        anchor: String::new(),
        statements: vec![String::new(); statements.len()],
    };
    // The statements of the bodies by first token, to note where their lines are indented.
    let mut by_first: Vec<u32> = (0..statements.len() as u32).collect();
    by_first.sort_by_key(|&k| statements[k as usize].first);
    let mut by_first = by_first.into_iter().peekable();
    for i in 0..s.tokens.len() {
        if i > 0 {
            let gap = spacing.before(i, &indents);
            if spacing.lines.starts[i].is_some() {
                set_anchor(&mut indents.anchor, &gap);
            }
            out.push_str(&gap);
        }
        while let Some(k) = by_first.next_if(|&k| statements[k as usize].first == i) {
            // An element that holds bodies is indented as its first token would be at the
            // start of a line; a body, as the line it starts on.
            let line = line_indent(&out);
            indents.statements[k as usize] =
                if statements[k as usize].outer.is_none() && line.len() < line_len(&out) {
                    spacing.indentation(i, i, &indents)
                } else {
                    line.to_string()
                };
        }
        let t = &s.tokens[i];
        let is_layout =
            t.kind == stream::Kind::Leaf && layout.contains(&spacing.tree.rule(t.owner));
        let text = if is_layout {
            clean_layout(s.text(i)).into()
        } else {
            std::borrow::Cow::Borrowed(s.text(i))
        };
        if t.kind == stream::Kind::Leaf {
            set_anchor(&mut indents.anchor, &text);
        }
        out.push_str(&text);
    }
    if out.ends_with(|c: char| !c.is_whitespace()) {
        out.push('\n');
    }
    out
}

/// The length of the last line of `text`.
fn line_len(text: &str) -> usize {
    text.len() - text.rfind('\n').map_or(0, |at| at + 1)
}

/// The blanks that start the last line of `text`.
fn line_indent(text: &str) -> &str {
    let line = &text[text.rfind('\n').map_or(0, |at| at + 1)..];
    &line[..line.len() - line.trim_start_matches([' ', '\t']).len()]
}

/// Takes the indentation that ends `text` as the anchor, if `text` ends with a line break
/// and blanks (a statement's line break, a layout token).
fn set_anchor(anchor: &mut String, text: &str) {
    if let Some(at) = text.rfind('\n') {
        let tail = &text[at + 1..];
        if tail.bytes().all(|b| b == b' ' || b == b'\t') {
            *anchor = tail.to_string();
        }
    }
}

/// Whether `text` parses with `lang` into a tree of shape `shape`.
fn parses_to(lang: &dyn Language, text: &str, shape: &Shape) -> bool {
    let Ok(tree) = lang.parse(text) else {
        return false;
    };
    Stream::new(lang, &tree).shape(&tree, lang.tables().layout) == *shape
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::tree::EditSet;
    use crate::testing::{Brackets, Toy};

    fn toy(src: &str) -> String {
        lay_out(&Toy, &Toy.parse(src).unwrap()).unwrap()
    }

    #[test]
    fn statements_get_lines_and_blocks_indentation() {
        assert_eq!(toy("f(a) ;"), "f(a);\n");
        assert_eq!(
            toy("var a = 5; if (a) {f( a , 1 ) ;   g(); }"),
            "var a = 5;\nif (a) {\n    f(a, 1);\n    g();\n}\n"
        );
        assert_eq!(
            toy("\n\n   { {x;}\n\n\n  y; }   \n\n"),
            "{\n    {\n        x;\n    }\n    y;\n}\n"
        );
    }

    #[test]
    fn blocks_open_on_their_line_and_else_follows_the_closer() {
        assert_eq!(
            toy("if (a)\n{\n x;\n}\nelse\n{ y; }"),
            "if (a) {\n    x;\n} else {\n    y;\n}\n"
        );
        // An empty block and a statement that is no list element stay on the line.
        assert_eq!(toy("if (a) {} else x;"), "if (a) {} else x;\n");
    }

    #[test]
    fn bodies_without_braces_are_indented_one_level_per_statement() {
        // On the statement's line where the grammar's lines put them...
        assert_eq!(toy("if (a)\n x;"), "if (a) x;\n");
        // ...and one level deeper than their statement's line where a line break stays: a
        // comment's, or one inside a bracket (the block around holds no statement's line).
        assert_eq!(toy("if (a) // c\n x;"), "if (a) // c\n    x;\n");
        assert_eq!(toy("{ if (a)\n x; }"), "{ if (a)\n        x; }\n");
        assert_eq!(
            toy("{ if (a)\n if (b)\n x;\n else\n f(1,\n 2);\n else if (c) y; }"),
            "{ if (a)\n        if (b)\n            x;\n        else\n            f(1,\n                2);\n    else if (c) y; }\n"
        );
        // Braces keep their layout.
        assert_eq!(
            toy("{ if (a)\n { x; } else\n { y; } }"),
            "{\n    if (a) {\n        x;\n    } else {\n        y;\n    }\n}\n"
        );
        for src in [
            "if (a) // c\n x;",
            "{ if (a)\n if (b)\n x;\n else\n f(1,\n 2); }",
        ] {
            assert_eq!(toy(&toy(src)), toy(src), "{src:?}");
        }
    }

    #[test]
    fn line_breaks_inside_brackets_stay_indented_by_nesting() {
        assert_eq!(
            toy("{ f(a,\n      g(b,\n  c)); }"),
            "{\n    f(a,\n        g(b,\n            c));\n}\n"
        );
    }

    #[test]
    fn comments_keep_their_line_ends() {
        assert_eq!(
            toy("x; // one\n   // two\ny;   // three"),
            "x; // one\n// two\ny; // three\n"
        );
        assert_eq!(toy("{ // open\n  x; }"), "{ // open\n    x;\n}\n");
        // A line comment before a token that hugs the previous one still ends its line.
        assert_eq!(toy("f(a // why\n);"), "f(a // why\n);\n");
    }

    #[test]
    fn spaces_never_glue_tokens() {
        assert_eq!(toy("var a = - -1;"), "var a = - -1;\n");
        assert_eq!(toy("var a=b==c;"), "var a=b==c;\n");
    }

    #[test]
    fn lays_out_the_current_text_of_an_edited_tree() {
        let mut t = Toy.parse("if (a) { x; y; }\nz;").unwrap();
        let y = crate::testing::node_spelling(&t, crate::testing::rule::BLOCK_STAR, "y;");
        let mut e = EditSet::new();
        e.delete(y);
        t.commit(&e);
        assert_eq!(lay_out(&Toy, &t).unwrap(), "if (a) {\n    x;\n}\nz;\n");
    }

    #[test]
    fn top_level_items_get_lines_and_nested_lists_stay_inline() {
        let b = |src: &str| lay_out(&Brackets, &Brackets.parse(src).unwrap()).unwrap();
        assert_eq!(b("a (b  c\n(d))   e"), "a\n(b c\n    (d))\ne\n");
        assert_eq!(b("( a )"), "(a)\n");
    }

    #[test]
    fn an_empty_input_stays_empty() {
        assert_eq!(toy(""), "");
        assert_eq!(toy("  \n // c\n"), "// c\n");
    }

    #[test]
    fn layout_is_idempotent_and_keeps_the_tree() {
        let src =
            "var a = 5;\nif (!c) { print(a, 1+2); } else { isNaN(2); }\n;{ f(g(1), -h); }\nvar b;";
        let once = toy(src);
        assert_eq!(toy(&once), once);
        let shape = |s: &str| {
            let t = Toy.parse(s).unwrap();
            Stream::new(&Toy, &t).shape(&t, &[])
        };
        assert_eq!(shape(&once), shape(src));
    }
}
