//! The generated `Language` implementation of JSON: tables, errors, prefixes, guards.

mod common;

use generated_example::Json;
use reducer_core::{Derivation, Language};

fn id(name: &str) -> u16 {
    Json::rule_id(name).unwrap_or_else(|| panic!("no rule {name}"))
}

#[test]
fn identity_and_start_rule() {
    assert_eq!(Json.name(), "JSON");
    assert_eq!(Json.extensions(), ["json"]);
    assert_eq!(Json.start_rule(), id("json"));
    assert!(Json
        .normalized_grammar()
        .starts_with("// rewrite: slot rule `value` made visible\n"));
    assert!(Json::GRAMMAR_WARNINGS.is_empty());
    let _default: Json = Default::default();
}

#[test]
fn tables_of_json() {
    let t = Json.tables();
    let rule = |n: &str| t.rule(id(n));
    assert_eq!(rule("object__opt0").derivation, Derivation::Optional);
    assert_eq!(rule("array__star1").derivation, Derivation::Star);
    assert_eq!(rule("value").derivation, Derivation::Regular);
    assert!(rule("string").token && rule("number").token && !rule("array").token);
    assert!(rule("EOI").hidden && !rule("value").hidden);
    assert!(t.rules.iter().all(|r| !r.nullable || r.name == "EOI"));
    assert_eq!(rule("object").min_text, Some("{}"));
    assert_eq!(rule("member").min_text, Some("\"\":0"));
    assert_eq!(rule("json").min_text, Some("0"));
    for slot in ["json", "value"] {
        for by in [
            "value", "object", "array", "string", "number", "boolean", "null",
        ] {
            assert!(t.compatible(id(slot), id(by)), "{by} may replace {slot}");
        }
    }
    assert!(!t.compatible(id("value"), id("json")));
    assert!(!t.compatible(id("array"), id("value")));
    assert!(t.compatible(id("array__opt0"), id("value")));
    assert!(!t.compatible(id("member"), id("value")));
    assert_eq!(t.literals, [",", ":", "[", "]", "{", "}"]);
}

#[test]
fn min_texts_parse_as_their_rules() {
    for (i, r) in Json.tables().rules.iter().enumerate() {
        if let Some(text) = r.min_text {
            assert_eq!(
                Json.parse_prefix(i as u16, text),
                Ok(text.len()),
                "{}",
                r.name
            );
        }
    }
}

#[test]
fn parse_prefix_runs_one_rule() {
    assert_eq!(Json.parse_prefix(id("array"), "[1, [2]] tail"), Ok(8));
    assert_eq!(Json.parse_prefix(id("member"), "\"k\" : null, x"), Ok(10));
    assert_eq!(Json.parse_prefix(id("number"), "-0.5e3x"), Ok(6));
    assert!(Json.parse_prefix(id("object"), "[]").is_err());
    assert!(Json.parse_prefix(999, "[]").is_err());
}

#[test]
fn parse_errors_have_position_and_expectations() {
    let e = Json.parse("{\n  \"a\": 1,\n  \"b\" 2\n}").unwrap_err();
    assert_eq!((e.line, e.column, e.offset), (3, 7, 18));
    assert_eq!(e.expected, ["\":\""]);
    // Large inputs keep pest's rule-level expectation (no second parse).
    let big = format!("[{}{{\"b\" 2}}]", "1, ".repeat(10_000));
    let e = Json.parse(&big).unwrap_err();
    assert_eq!(e.expected, ["member"]);
    let e = Json.parse("[1 2]").unwrap_err();
    assert_eq!((e.line, e.column), (1, 4));
    assert!(e.to_string().starts_with("1:4: expected "), "{e}");
}

#[test]
fn nodes_and_derivations() {
    let tree = Json.parse("[1, [], {\"k\": true}]").unwrap();
    let t = Json.tables();
    let names: Vec<&str> = tree
        .bfs()
        .into_iter()
        .map(|n| t.rule(tree.rule(n)).name)
        .collect();
    assert_eq!(
        names,
        [
            "json",
            "value",
            "array",
            "array__opt0",
            "value",
            "array__star1",
            "array__star1",
            "number",
            "value",
            "value",
            "array",
            "object",
            "object__opt0",
            "member",
            "string",
            "value",
            "boolean"
        ]
    );
    let star = tree
        .bfs()
        .into_iter()
        .filter(|&n| tree.derivation(n) == Derivation::Star)
        .count();
    assert_eq!(star, 2);
    assert_eq!(tree.tokens(), 12);
}

#[test]
fn deep_nesting_is_an_error_or_a_tree_never_a_crash() {
    // Run on a thread with a small stack: the stack guard must turn depth into an error.
    let handle = std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(|| {
            for depth in [1_000, 100_000] {
                let closed = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
                match Json.parse(&closed) {
                    Ok(tree) => assert_eq!(tree.text(), closed),
                    Err(e) => assert!(e.message.contains("limit"), "{e}"),
                }
                let open = "{\"a\":[".repeat(depth);
                assert!(Json.parse(&open).is_err());
            }
        })
        .unwrap();
    handle.join().unwrap();
}

#[test]
fn large_inputs_stay_within_the_call_limit() {
    let mut r = common::Rng::new(7);
    let mut doc = String::from("[");
    while doc.len() < 800_000 {
        if doc.len() > 1 {
            doc.push_str(",\n");
        }
        common::value(&mut r, 6, &mut doc);
    }
    doc.push(']');
    let tree = Json.parse(&doc).unwrap();
    assert_eq!(tree.text().len(), doc.len());
}
