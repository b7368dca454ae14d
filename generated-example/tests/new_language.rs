//! Adding a language as a new user would: `examples/sexpr` is a 7-rule S-expression grammar
//! and the three lines of `main.rs`, nothing else. It must work with the defaults: the start
//! rule (after `WHITESPACE` and `COMMENT`), the name, the extension, the whole CLI.

use reducer_core::cli::{run_with, Exit};
use reducer_core::Language;
use std::ffi::OsString;
use std::path::Path;

#[allow(dead_code)]
#[path = "../examples/sexpr/main.rs"]
mod sexpr;

use sexpr::Sexpr;

const EXAMPLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/sexpr");

#[test]
fn the_defaults_fit_a_grammar_that_starts_with_trivia() {
    assert_eq!(Sexpr.name(), "Sexpr");
    assert_eq!(Sexpr.extensions(), ["sexpr"]);
    assert_eq!(Sexpr.tables().rule(Sexpr.start_rule()).name, "file");
    assert!(Sexpr::GRAMMAR_WARNINGS.is_empty());
    let text = std::fs::read_to_string(Path::new(EXAMPLE).join("bug.sexpr")).unwrap();
    assert_eq!(Sexpr.parse(&text).unwrap().text(), text);
    assert!(Sexpr.parse("(a (b \"c)\" ; d\n) e").is_err());
}

#[test]
fn the_three_line_reducer_reduces_the_example() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("bug.sexpr");
    std::fs::copy(Path::new(EXAMPLE).join("bug.sexpr"), &input).unwrap();
    let out = dir.path().join("out.sexpr");
    let script = Path::new(EXAMPLE).join("interesting.sh");
    let argv: Vec<OsString> = vec![
        "sexpr".into(),
        input.into(),
        "-o".into(),
        out.clone().into(),
        "--test".into(),
        script.into(),
    ];
    assert_eq!(run_with("sexpr", Some(&Sexpr), argv), Exit::Success);
    let result = std::fs::read_to_string(&out).unwrap();
    assert!(result.contains("(display (cube"), "{result:?}");
    assert!(result.len() <= 20, "{result:?}");
    assert!(Sexpr.parse(&result).is_ok());
}
