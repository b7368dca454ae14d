//! Looking at what the reducer believes, without reducing: `--print-grammar` (the normalized
//! grammar and the tables of each rule) and `--parse-only` (does the grammar read this file,
//! and print it back byte for byte?). Also the input decoding shared with the main flow.

use crate::syntax::language::{Language, ParseError};
use crate::syntax::tree::{Derivation, Tree};
use std::fmt::Write as _;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The normalized grammar followed by, for each rule: its derivation kind, whether it is a
/// token or hidden, nullability, minimal replacement, and the rules that may replace it.
pub fn grammar_report(lang: &dyn Language) -> String {
    let tables = lang.tables();
    let mut s = String::new();
    let _ = writeln!(
        s,
        "# Normalized grammar of {} (Perses Normal Form)\n",
        lang.name()
    );
    s.push_str(lang.normalized_grammar().trim_end());
    let _ = writeln!(
        s,
        "\n\n# Rules ({}), start rule: {}",
        tables.rules.len(),
        tables.rule(lang.start_rule()).name
    );
    let _ = writeln!(
        s,
        "# derivation: how a node of the rule sits in its parent (regular child, element of a\n\
         # * or + list, body of a ?); nullable: the rule can derive the empty text; minimal:\n\
         # the shortest text the rule derives (used to replace a node); replaceable by: rules\n\
         # whose nodes may take the place of a node of this rule (hoisting); a token is an\n\
         # identifier (renamed by the transformations) or a literal (shrunk to its minimal text)."
    );
    for (id, info) in tables.rules.iter().enumerate() {
        let id = id as crate::syntax::tree::RuleId;
        let derivation = match info.derivation {
            Derivation::Regular => "regular",
            Derivation::Star => "* element",
            Derivation::Plus => "+ element",
            Derivation::Optional => "? body",
        };
        let mut flags = vec![derivation.to_string()];
        if info.token {
            flags.push("token".into());
        }
        if tables.is_identifier(id) {
            flags.push("identifier".into());
        } else if info.token {
            flags.push("literal".into());
        }
        if info.hidden {
            flags.push("hidden".into());
        }
        flags.push(
            if info.nullable {
                "nullable"
            } else {
                "not nullable"
            }
            .into(),
        );
        let _ = writeln!(s, "\n{}: {}", info.name, flags.join(", "));
        let minimal = match info.min_text {
            Some(t) => format!("{t:?}"),
            None => "none known".to_string(),
        };
        let _ = writeln!(s, "  minimal: {minimal}");
        let compatible: Vec<&str> = tables
            .rules
            .iter()
            .enumerate()
            .filter(|&(b, _)| {
                b as crate::syntax::tree::RuleId != id && tables.compatible(id, b as _)
            })
            .map(|(_, r)| r.name)
            .collect();
        let by = if compatible.is_empty() {
            "-".to_string()
        } else {
            compatible.join(", ")
        };
        let _ = writeln!(s, "  replaceable by: {by}");
    }
    s
}

/// The input as text for a grammar-aware reducer, or an error `FILE:LINE:COL: …` naming the
/// first byte that is not UTF-8.
pub fn decode(path: &Path, bytes: Vec<u8>, bin: &str) -> Result<String, String> {
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "{}; {bin} reads UTF-8 text only (reduce-text takes any bytes)",
            not_utf8(path, e.as_bytes(), None)
        )
    })
}

/// `FILE:LINE:COL: [SEVERITY: ]not valid UTF-8 (byte 0x…)` for the first byte of `bytes`
/// that is not UTF-8 (`bytes` must hold one).
pub fn not_utf8(path: &Path, bytes: &[u8], severity: Option<&str>) -> String {
    let at = std::str::from_utf8(bytes)
        .err()
        .map_or(0, |e| e.valid_up_to());
    let good = std::str::from_utf8(&bytes[..at]).unwrap_or_default();
    let pos = ParseError::at(good, at, Vec::new(), "");
    let severity = severity.map(|s| format!("{s}: ")).unwrap_or_default();
    format!(
        "{}:{}:{}: {severity}not valid UTF-8 (byte 0x{:02x})",
        path.display(),
        pos.line,
        pos.column,
        bytes.get(at).copied().unwrap_or_default()
    )
}

/// `FILE:LINE:COL: error: expected …, found …`, then the line and a caret (see
/// [`diagnostic`](super::diagnostic)); `text` is the file's contents.
pub fn parse_error(path: &Path, text: &str, e: &ParseError) -> String {
    super::diagnostic::render(path, text, e)
}

/// [`parse_error`] as a warning: `FILE:LINE:COL: warning: expected …` (the reducer goes on
/// with its fallback).
pub fn parse_warning(path: &Path, text: &str, e: &ParseError) -> String {
    super::diagnostic::render_as(path, text, e, "warning")
}

/// What `--parse-only` found out about one file.
#[derive(Debug)]
pub struct ParseReport {
    /// Nodes in the tree.
    pub nodes: usize,
    /// Lexical tokens.
    pub tokens: u32,
    /// Bytes of input.
    pub bytes: usize,
    /// Time to parse.
    pub elapsed: Duration,
}

/// Parses `text` and checks that the tree prints it back exactly. The tree shares the input
/// with this check, and the printed text is compared piece by piece as the tree yields it
/// ([`Tree::source_pieces`]), so that one copy of the input is held throughout.
pub fn parse_check(lang: &dyn Language, path: &Path, text: String) -> Result<ParseReport, String> {
    let source: Arc<str> = Arc::from(text);
    let start = Instant::now();
    let tree: Tree = lang
        .parse_shared(source.clone())
        .map_err(|e| parse_error(path, &source, &e))?;
    let elapsed = start.elapsed();
    if tree.source() != &*source {
        return Err(format!(
            "{}: the tree's source is not the input: this is a bug in the reducer",
            path.display()
        ));
    }
    drop(source);
    let text = tree.source();
    // The first byte where the printed pieces and the input differ, and the printed length.
    let mut printed = 0;
    let mut differs = None;
    for piece in tree.source_pieces() {
        if differs.is_none() {
            let read = &text.as_bytes()[printed.min(text.len())..];
            differs = piece
                .bytes()
                .zip(read.iter())
                .position(|(a, &b)| a != b)
                .or((piece.len() > read.len()).then_some(read.len()))
                .map(|at| printed + at);
        }
        printed += piece.len();
    }
    if let Some(at) = differs.or((printed != text.len()).then_some(printed.min(text.len()))) {
        let pos = ParseError::at(text, at, Vec::new(), "");
        return Err(format!(
            "{}:{}:{}: the tree does not print back the input (first difference here; {} bytes \
             printed, {} read): this is a bug in the reducer",
            path.display(),
            pos.line,
            pos.column,
            printed,
            text.len()
        ));
    }
    Ok(ParseReport {
        // A tree just parsed has every node of its arena live.
        nodes: tree.arena_len(),
        tokens: tree.tokens(),
        bytes: text.len(),
        elapsed,
    })
}

impl ParseReport {
    /// One line: `FILE: parses: N nodes, T tokens, B bytes, in X ms`.
    pub fn line(&self, path: &Path) -> String {
        format!(
            "{}: parses: {} nodes, {} tokens, {} bytes, printed back exactly; parse time {:.3} ms",
            path.display(),
            self.nodes,
            self.tokens,
            self.bytes,
            self.elapsed.as_secs_f64() * 1000.0
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Toy;

    #[test]
    fn grammar_report_lists_every_rule_with_its_tables() {
        let r = grammar_report(&Toy);
        assert!(r.contains("Perses Normal Form"));
        assert!(r.contains("program_star: * element, not nullable"), "{r}");
        assert!(r.contains("if_else: ? body"));
        assert!(r.contains("ident: regular, token, identifier"), "{r}");
        assert!(r.contains("number: regular, token, literal"), "{r}");
        assert!(r.contains("minimal: \"{}\""));
        assert!(r.contains("start rule: program"));
        let stmt = r.split("\nstmt:").nth(1).unwrap();
        let line = stmt.lines().find(|l| l.contains("replaceable by")).unwrap();
        assert!(line.contains("block") && line.contains("decl"), "{line}");
    }

    #[test]
    fn parse_check_reports_or_locates_the_error() {
        let p = Path::new("x.toy");
        let ok = parse_check(&Toy, p, "var a = 1;\nf(a);\n".into()).unwrap();
        assert!(ok.nodes > 5 && ok.tokens == 10 && ok.bytes == 17, "{ok:?}");
        assert!(ok.line(p).starts_with("x.toy: parses: "));
        let e = parse_check(&Toy, p, "var a = 1;\nvar = ;\n".into()).unwrap_err();
        assert!(e.starts_with("x.toy:2:5: "), "{e}");
    }

    /// Toy, but its trees have a child that ends after its parent: a tree that does not
    /// print back its input.
    struct Overlapping;

    impl Language for Overlapping {
        fn name(&self) -> &'static str {
            "overlapping"
        }
        fn extensions(&self) -> &'static [&'static str] {
            &[]
        }
        fn tables(&self) -> &'static crate::syntax::language::Tables {
            Toy.tables()
        }
        fn start_rule(&self) -> crate::syntax::tree::RuleId {
            Toy.start_rule()
        }
        fn normalized_grammar(&self) -> &'static str {
            ""
        }
        fn parse(&self, text: &str) -> Result<Tree, ParseError> {
            let mut b = crate::TreeBuilder::new(text, Toy.tables().rules, &[]);
            b.open(2, 0);
            b.open(2, 0);
            b.close(text.len());
            b.close(2);
            Ok(b.finish(0))
        }
        fn parse_prefix(
            &self,
            _: crate::syntax::tree::RuleId,
            _: &str,
        ) -> Result<usize, ParseError> {
            Ok(0)
        }
    }

    #[test]
    fn a_tree_that_does_not_print_back_is_reported() {
        let shared = Toy.parse_shared("f(a);\n".into()).unwrap();
        assert_eq!(shared.text(), "f(a);\n");
        let e = parse_check(&Overlapping, Path::new("o.toy"), "ab\ncd".into()).unwrap_err();
        assert!(
            e.starts_with("o.toy:2:3: the tree does not print back the input")
                && e.contains("(first difference here; 8 bytes printed, 5 read)"),
            "{e}"
        );
    }

    #[test]
    fn non_utf8_is_located() {
        let e = decode(Path::new("b.c"), b"ab\ncd\xffe".to_vec(), "reduce-c").unwrap_err();
        assert!(e.starts_with("b.c:2:3: not valid UTF-8 (byte 0xff)"), "{e}");
        assert_eq!(decode(Path::new("b.c"), b"ok".to_vec(), "r").unwrap(), "ok");
        let w = not_utf8(Path::new("b.c"), b"ab\ncd\xffe", Some("warning"));
        assert_eq!(w, "b.c:2:3: warning: not valid UTF-8 (byte 0xff)");
    }
}
