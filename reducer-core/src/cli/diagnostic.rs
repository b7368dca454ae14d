//! Parse errors as compilers print them:
//!
//! ```text
//! bug.c:3:17: error: expected identifier, number, string, `(` or `-`, found `;`
//!     3 |   return a[1] + ;
//!       |                 ^
//! ```
//!
//! The parser's expected set holds rule names (some generated, such as `foo__star0`),
//! literals and character ranges (`"0..9"`); [`readable_expected`] turns it into words a user
//! reads: classes ("identifier", "number", "string"), literals in backticks, never ranges
//! nor generated names.

use crate::syntax::language::ParseError;
use std::path::Path;

/// At most this many expected items are listed; the rest are summed up.
const MAX_EXPECTED: usize = 12;

/// The error `e` in `text` (the contents of `path`), with the offending line and a caret.
pub fn render(path: &Path, text: &str, e: &ParseError) -> String {
    render_as(path, text, e, "error")
}

/// [`render`] with another severity than `error` (`warning` when the reducer goes on with
/// its fallback).
pub fn render_as(path: &Path, text: &str, e: &ParseError, severity: &str) -> String {
    let head = format!("{}:{}:{}: {severity}: ", path.display(), e.line, e.column);
    let what = match readable_expected(&e.expected) {
        expected if !expected.is_empty() => {
            format!(
                "expected {}, found {}",
                list(&expected),
                found_at(text, e.offset)
            )
        }
        _ if !e.message.is_empty() => e.message.clone(),
        _ => format!("unexpected {}", found_at(text, e.offset)),
    };
    format!("{head}{what}\n{}", excerpt(text, e))
}

/// The expected items in readable words, without duplicates, classes first.
pub fn readable_expected(expected: &[String]) -> Vec<String> {
    let mut classes: Vec<String> = Vec::new();
    let mut literals: Vec<String> = Vec::new();
    for item in expected {
        match label(item) {
            Some(Label::Class(c)) => push_new(&mut classes, c.to_string()),
            Some(Label::Literal(l)) => push_new(&mut literals, format!("`{l}`")),
            Some(Label::Name(n)) => push_new(&mut classes, n),
            None => {}
        }
    }
    // A one-letter literal (C's `L`, `u8` string prefixes) says nothing an identifier does not.
    if classes.iter().any(|c| c == "identifier") {
        literals.retain(|l| !is_prefix_letter(l.trim_matches('`')));
    }
    classes.extend(literals);
    classes
}

/// What one expected item is, to a user.
#[derive(Debug, PartialEq, Eq)]
enum Label {
    /// A class of tokens: identifier, number, string.
    Class(&'static str),
    /// A literal, shown in backticks.
    Literal(String),
    /// A rule of the grammar, in words.
    Name(String),
}

fn label(item: &str) -> Option<Label> {
    let Some(quoted) = item.strip_prefix('"').and_then(|s| s.strip_suffix('"')) else {
        return rule_label(item);
    };
    let literal = unescape(quoted);
    let chars: Vec<char> = literal.chars().collect();
    // A character range `a..b` (pest's ASCII_DIGIT, 'a'..'z', …).
    if chars.len() == 4 && chars[1] == '.' && chars[2] == '.' {
        return range_label(chars[0], chars[3]);
    }
    match literal.as_str() {
        "" => None,
        l if l.trim().is_empty() => None,
        "\\" => None, // a line continuation
        l if l.starts_with(['"', '\'', '`']) => Some(Label::Class("string")),
        l if l.bytes().all(|b| b.is_ascii_digit()) => Some(Label::Class("number")),
        "_" | "$" => Some(Label::Class("identifier")),
        l => Some(Label::Literal(l.to_string())),
    }
}

/// A range of characters: digits make a number, letters an identifier; whitespace and
/// punctuation ranges are the lexer's business.
fn range_label(from: char, to: char) -> Option<Label> {
    if from.is_ascii_digit() && to.is_ascii_digit() {
        Some(Label::Class("number"))
    } else if from.is_alphabetic() || !from.is_ascii() {
        Some(Label::Class("identifier"))
    } else {
        None
    }
}

/// A rule name in words: generated wrappers (`foo__star0`, `foo__opt1`) are named after the
/// rule they belong to; names of identifiers, numbers and strings become those classes.
fn rule_label(name: &str) -> Option<Label> {
    let base = match name.find("__") {
        Some(i) => &name[..i],
        None => name,
    };
    let base = base.trim_matches('_');
    if base.is_empty() || base == "EOI" || base == "WHITESPACE" || base == "COMMENT" {
        return None;
    }
    let lower = base.to_ascii_lowercase();
    let class = if lower.contains("ident") || lower == "name" {
        "identifier"
    } else if ["string", "template"].iter().any(|w| lower.contains(w)) {
        "string"
    } else if ["number", "integer", "float", "digit", "numeric"]
        .iter()
        .any(|w| lower.contains(w))
    {
        "number"
    } else {
        return Some(Label::Name(lower.replace('_', " ")));
    };
    Some(Label::Class(class))
}

/// `L`, `u`, `u8`: one letter, maybe with a digit.
fn is_prefix_letter(l: &str) -> bool {
    let b = l.as_bytes();
    matches!(b.len(), 1 | 2)
        && b[0].is_ascii_alphabetic()
        && b.get(1).is_none_or(|d| d.is_ascii_digit())
}

/// Undoes the `{:?}` escapes of a string (`\"`, `\\`, `\t`, `\n`, `\r`, `\'`, `\u{…}`).
fn unescape(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some('0') => out.push('\0'),
            Some('u') => {
                let hex: String = chars
                    .by_ref()
                    .skip_while(|&c| c == '{')
                    .take_while(|&c| c != '}')
                    .collect();
                if let Some(c) = u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                    out.push(c);
                }
            }
            Some(other) => out.push(other),
            None => out.push('\\'),
        }
    }
    out
}

fn push_new(v: &mut Vec<String>, item: String) {
    if !v.contains(&item) {
        v.push(item);
    }
}

/// `a`, `a or b`, `a, b or c`; a long list ends with how many more there are.
fn list(items: &[String]) -> String {
    if items.len() > MAX_EXPECTED {
        let shown = &items[..MAX_EXPECTED - 1];
        return format!(
            "{} or one of {} more",
            shown.join(", "),
            items.len() - shown.len()
        );
    }
    match items.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// What stands at `offset`: a word, one punctuation character, end of line or end of file.
fn found_at(text: &str, offset: usize) -> String {
    let rest = text.get(offset.min(text.len())..).unwrap_or("");
    let rest = rest.trim_start_matches([' ', '\t']);
    let Some(first) = rest.chars().next() else {
        return "end of file".to_string();
    };
    if first == '\n' || first == '\r' {
        return "end of line".to_string();
    }
    let word = crate::syntax::tokens::is_word_char;
    let token: String = if word(first) {
        rest.chars().take_while(|&c| word(c)).take(40).collect()
    } else {
        first.to_string()
    };
    format!("`{token}`")
}

/// The line of the error, numbered, and a caret under its column (tabs kept so that the caret
/// lines up).
fn excerpt(text: &str, e: &ParseError) -> String {
    let line = text.lines().nth(e.line.saturating_sub(1)).unwrap_or("");
    let number = e.line.to_string();
    let pad = " ".repeat(number.len());
    let indent: String = line
        .chars()
        .take(e.column.saturating_sub(1))
        .map(|c| if c == '\t' { '\t' } else { ' ' })
        .collect();
    format!(" {number} | {line}\n {pad} | {indent}^")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quoted(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| format!("{s:?}")).collect()
    }

    #[test]
    fn character_ranges_become_classes_and_never_show() {
        let mut expected = quoted(&[
            "!",
            "\"",
            "(",
            "-",
            "L",
            "u8",
            "sizeof",
            "\\",
            "\t.. ",
            "0",
            "0..9",
            "A..Z",
            "a..z",
            "\u{80}..\u{10ffff}",
            "+..-",
            "\"\"\"",
        ]);
        expected.push("argument_expression_list__star0".to_string());
        let got = readable_expected(&expected);
        assert_eq!(
            got,
            [
                "string",
                "number",
                "identifier",
                "argument expression list",
                "`!`",
                "`(`",
                "`-`",
                "`sizeof`"
            ]
        );
        assert!(got.iter().all(|g| !g.contains("..") && !g.contains("__")));
    }

    #[test]
    fn rule_names_are_words() {
        let names: Vec<String> = [
            "identifier",
            "string_literal__plus0",
            "number",
            "array_declarator_suffix__star0",
            "EOI",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        assert_eq!(
            readable_expected(&names),
            ["identifier", "string", "number", "array declarator suffix"]
        );
    }

    #[test]
    fn rendered_like_a_compiler() {
        let text = "int main(void) {\n\treturn a + ;\n}\n";
        let e = ParseError::at(text, 29, quoted(&["(", "0..9", "a..z"]), "");
        let got = render(Path::new("bug.c"), text, &e);
        assert_eq!(
            got,
            "bug.c:2:13: error: expected number, identifier or `(`, found `;`\n \
             2 | \treturn a + ;\n   | \t           ^"
        );
        let e = ParseError::at(text, text.len(), quoted(&["}"]), "");
        assert!(render(Path::new("x"), text, &e).contains("found end of file"));
        let long: Vec<String> = (0..30).map(|i| format!("\"k{i}\"")).collect();
        let e = ParseError::at(text, 0, long, "");
        assert!(render(Path::new("x"), text, &e).contains("or one of 19 more"));
    }
}
