//! Differential tests of the generated JSON language: against the original grammar compiled
//! by plain `pest_derive`, and against `serde_json`, on generated and mutated documents.

mod common;

use common::{document, json_tokens, mutate, nesting, Rng};
use generated_example::Json;
use pest::Parser as _;
use reducer_core::Language;

/// The original `json.pest`, compiled by plain pest_derive.
mod original {
    #[derive(pest_derive::Parser)]
    #[grammar = "../grammars/json.pest"]
    pub struct Original;
}

/// Valid documents and mutants of them, half each.
fn corpus(seed: u64, n: usize, depth: usize) -> Vec<String> {
    let mut r = Rng::new(seed);
    (0..n)
        .map(|i| {
            let doc = document(&mut r, depth);
            if i % 2 == 0 {
                doc
            } else {
                mutate(&mut r, &doc)
            }
        })
        .collect()
}

#[test]
fn normalized_and_original_grammar_accept_the_same_documents() {
    let (mut accepted, mut rejected) = (0, 0);
    for doc in corpus(1, 4000, 5) {
        let original = original::Original::parse(original::Rule::json, &doc).is_ok();
        let ours = Json.parse(&doc);
        assert_eq!(
            original,
            ours.is_ok(),
            "disagreement on {doc:?}: ours {ours:?}"
        );
        match ours {
            Ok(tree) => {
                accepted += 1;
                assert_eq!(tree.text(), doc, "the tree must print back byte for byte");
            }
            Err(_) => rejected += 1,
        }
    }
    assert!(
        accepted > 2200 && rejected > 1000,
        "accepted {accepted}, rejected {rejected}"
    );
}

#[test]
fn token_weight_counts_json_tokens() {
    for doc in corpus(2, 500, 4) {
        if let Ok(tree) = Json.parse(&doc) {
            assert_eq!(tree.tokens(), json_tokens(&doc), "{doc:?}");
        }
    }
}

/// Whether serde_json accepts `doc` as one JSON value (syntax only).
fn serde_accepts(doc: &str) -> bool {
    serde_json::from_str::<serde::de::IgnoredAny>(doc).is_ok()
}

#[test]
fn serde_json_and_ours_accept_the_same_documents() {
    // serde_json::Value refuses nesting deeper than 128 (documented below); the corpus stays
    // far below that anyway, and IgnoredAny checks syntax only.
    let (mut accepted, mut compared) = (0, 0);
    for doc in corpus(3, 4000, 6) {
        assert!(nesting(&doc) < 100);
        let ours = Json.parse(&doc).is_ok();
        assert_eq!(serde_accepts(&doc), ours, "disagreement on {doc:?}");
        compared += 1;
        accepted += ours as usize;
    }
    assert!(compared == 4000 && accepted > 2000, "accepted {accepted}");
}

#[test]
fn documented_differences_with_serde_json() {
    // 1. Nesting: serde_json stops at depth 128 ("recursion limit exceeded") when building
    //    values (not when skipping them with IgnoredAny); RFC 8259 sets no limit, nor do we.
    let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
    let value = serde_json::from_str::<serde_json::Value>(&deep).unwrap_err();
    assert!(value.to_string().contains("recursion limit"), "{value}");
    assert!(serde_accepts(&deep));
    assert_eq!(Json.parse(&deep).unwrap().text(), deep);
    // 2. Everything else agrees, including the cases where parsers often differ.
    for (doc, ok) in [
        ("{\"a\":1,\"a\":2}", true), // duplicate keys: syntax allows them
        ("\"\\uD800\"", true),       // lone surrogate escape: the ABNF allows it
        ("1e999", true),             // out-of-range number: syntax allows it
        ("[1,]", false),             // trailing comma
        ("{\"a\":1,}", false),
        ("01", false), // leading zero
        ("1.", false),
        (".5", false),
        ("+1", false),
        ("\"\t\"", false),    // raw control character in a string
        ("\"\\x41\"", false), // unknown escape
        ("'a'", false),
        ("", false),
        (" \n\t\r 7 \r\n", true),
        ("\u{feff}1", false), // byte order mark
        ("[1]\u{a0}", false), // non-JSON whitespace
        ("nul", false),
        ("[true false]", false),
    ] {
        assert_eq!(serde_accepts(doc), ok, "serde_json on {doc:?}");
        assert_eq!(Json.parse(doc).is_ok(), ok, "ours on {doc:?}");
    }
}
