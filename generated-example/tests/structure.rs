//! The structure grammar (`grammars/structure.pest`), the fallback of every reducer binary:
//! every UTF-8 text parses and prints back byte for byte, in linear time, whatever its
//! brackets, quotes and comments; the shape is the one the reducer relies on (statements as
//! chunks, groups nested, strays at the top).

mod common;

use common::Rng;
use generated_example::Structure;
use reducer_core::{Language, Tree};
use std::path::Path;
use std::time::{Duration, Instant};

/// Parses `text`, which must parse, print back exactly and be accepted by the recognizer.
fn round_trip(text: &str) -> Tree {
    let tree = match Structure.parse(text) {
        Ok(t) => t,
        Err(e) => panic!("{text:?} does not parse: {e}"),
    };
    assert_eq!(tree.text(), text);
    assert!(Structure.accepts(text), "{text:?}");
    tree
}

/// Random text from pieces that stress the grammar: every bracket balanced or not, quotes
/// that open no string, unterminated comments, escapes, Unicode letters, spaces and symbols,
/// control characters, and arbitrary printable ASCII.
fn random_text(r: &mut Rng) -> String {
    const PIECES: &[&str] = &[
        "(",
        ")",
        "[",
        "]",
        "{",
        "}",
        ";",
        ",",
        "\"",
        "'",
        "`",
        "\\",
        "/*",
        "*/",
        "//",
        "#",
        "\n",
        " ",
        "\t",
        "\r",
        "\r\n",
        "x",
        "_a1",
        "$",
        "0x1fUL",
        "1.5e-3",
        ".5",
        "..",
        "->",
        "<<=",
        "@",
        "é",
        "日本",
        "😀",
        "\u{a0}",
        "\u{2028}",
        "\u{feff}",
        "\0",
        "\u{7f}",
        "\u{b}",
        "\u{c}",
        "ß",
        "Ω",
        "\u{301}",
        "'a'",
        "\"s\\\"\"",
        "/* c */",
        "// c\n",
        "if",
        "int",
    ];
    let len = r.below(80);
    let mut s = String::new();
    for _ in 0..len {
        match r.below(3) {
            0 => s.push(char::from(b' ' + r.below(95) as u8)),
            1 => s.push(char::from_u32(r.below(0x3000) as u32).unwrap_or('?')),
            _ => {
                let piece = PIECES[r.below(PIECES.len())];
                s.push_str(piece)
            }
        }
    }
    s
}

#[test]
fn every_random_text_parses_and_prints_back() {
    let mut r = Rng::new(16);
    for _ in 0..20_000 {
        round_trip(&random_text(&mut r));
    }
    // Every single character and every pair of the interesting ones.
    for c in (0..0x11_0000u32).filter_map(char::from_u32).step_by(7) {
        round_trip(&c.to_string());
    }
    let specials = [
        "(", ")", "[", "]", "{", "}", ";", ",", "\"", "'", "`", "/", "*", "\\", "\n", " ", "é",
    ];
    for a in specials {
        for b in specials {
            for c in specials {
                round_trip(&format!("{a}{b}{c}"));
            }
        }
    }
}

#[test]
fn the_corpora_and_their_mutants_parse() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["tests/corpus/c", "tests/corpus/js", "tests/corpus/java"] {
        for e in std::fs::read_dir(root.join(dir)).unwrap() {
            files.push(e.unwrap().path());
        }
    }
    for dir in [
        "examples/c",
        "examples/js",
        "examples/json",
        "examples/java",
    ] {
        for e in std::fs::read_dir(root.join(dir)).unwrap() {
            files.push(e.unwrap().path());
        }
    }
    files.push(root.join("../grammars/c.pest"));
    files.push(root.join("../README.md"));
    assert!(files.len() > 30);
    let mut r = Rng::new(4);
    for f in files {
        let Ok(text) = std::fs::read_to_string(&f) else {
            continue;
        };
        round_trip(&text);
        // Mutants: a character range deleted, or a bracket or quote inserted.
        let chars: Vec<char> = text.chars().collect();
        for _ in 0..20 {
            let at = r.below(chars.len() + 1);
            let mut m: Vec<char> = chars.clone();
            if r.one_in(2) && at < chars.len() {
                let end = (at + r.below(40)).min(chars.len());
                m.drain(at..end);
            } else {
                m.insert(
                    at,
                    *r.pick(&['(', ')', '{', '}', '[', ']', '"', '\'', '@', '`']),
                );
            }
            round_trip(&m.into_iter().collect::<String>());
        }
    }
}

#[test]
fn unbalanced_and_deep_nesting_is_linear() {
    for text in [
        "(".repeat(2_000),
        ")".repeat(50_000),
        "{[(".repeat(600),
        "\"'`/*".repeat(5_000),
        "( ] ".repeat(10_000),
        "{ ) ".repeat(10_000),
        format!("{}x{}", "(".repeat(1_000), "]".repeat(1_000)),
        "'a ".repeat(20_000),
    ] {
        let start = Instant::now();
        round_trip(&text);
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "{} bytes took {:?}",
            text.len(),
            start.elapsed()
        );
    }
    // Deeper than pest's stack guard allows: an error, never a crash (the reducer then
    // reduces the input byte by byte).
    let deep = "(".repeat(200_000);
    let result = std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(move || Structure.parse(&deep).is_ok())
        .unwrap()
        .join();
    assert!(result.is_ok(), "deep nesting crashed the parser thread");
}

/// The names of the visible nodes of `tree` that are not list wrappers, in preorder, with
/// their text (for checking the shape).
fn shape(text: &str) -> Vec<(String, String)> {
    let tree = round_trip(text);
    let tables = Structure.tables();
    tree.bfs()
        .into_iter()
        .map(|n| {
            let (start, end) = tree.source_span(n);
            (
                tables.rule(tree.rule(n)).name.to_string(),
                text[start..end].trim().to_string(),
            )
        })
        .filter(|(name, _)| !name.contains("__"))
        .collect()
}

fn has(shape: &[(String, String)], rule: &str, text: &str) -> bool {
    shape.iter().any(|(r, t)| r == rule && t == text)
}

#[test]
fn the_grammar_has_no_warnings_and_words_are_identifiers() {
    assert_eq!(Structure::GRAMMAR_WARNINGS, &[] as &[&str]);
    let tables = Structure.tables();
    let ident = tables
        .rules
        .iter()
        .position(|r| r.name == "identifier")
        .unwrap();
    assert!(tables.is_identifier(ident as reducer_core::RuleId));
}

#[test]
fn statements_groups_and_strays_get_their_own_nodes() {
    let s = shape("int f(int a) { g(a, 1); return @a; } }\nx = \"}\" /* ) */ 'c';");
    for (rule, text) in [
        ("chunk", "int f(int a) { g(a, 1); return @a; }"),
        ("chunk", "g(a, 1);"),
        ("chunk", "return @a;"),
        ("chunk", "a,"),
        ("paren", "(a, 1)"),
        ("brace", "{ g(a, 1); return @a; }"),
        ("stray", "}"),
        ("string", "\"}\""),
        ("string", "'c'"),
        ("comment", "/* ) */"),
        ("punctuation", "@"),
        ("number", "1"),
        ("identifier", "return"),
    ] {
        assert!(has(&s, rule, text), "no {rule} {text:?} in {s:?}");
    }
    // An unclosed group ends at a closer of another kind: the braces stay matched.
    let s = shape("void f() { if (x { y; } }");
    assert!(has(&s, "paren", "(x { y; }"), "{s:?}");
    assert!(has(&s, "brace", "{ if (x { y; } }"), "{s:?}");
}
