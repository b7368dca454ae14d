//! The normalized (Perses Normal Form) grammars accept exactly what the original grammars
//! accept: each grammar of `grammars/` is compiled a second time with plain `pest_derive`
//! and both parsers judge the project's corpus files and thousands of mutants of them.
//! (JSON has its own generated-document version of this test in `json_differential.rs`.)

mod common;

use common::{mutate_source, Rng};
use pest::Parser as _;
use reducer_core::Language;
use std::path::Path;

mod original {
    pub mod c {
        #[derive(pest_derive::Parser)]
        #[grammar = "../grammars/c.pest"]
        pub struct P;
    }
    pub mod javascript {
        #[derive(pest_derive::Parser)]
        #[grammar = "../grammars/javascript.pest"]
        pub struct P;
    }
    pub mod java {
        #[derive(pest_derive::Parser)]
        #[grammar = "../grammars/java.pest"]
        pub struct P;
    }
}

/// Compares the two parsers on the corpus files of `dir` and `mutants` mutants of each;
/// returns (inputs, accepted).
fn compare(
    dir: &str,
    ours: &dyn Language,
    original: &dyn Fn(&str) -> bool,
    mutants: usize,
    seed: u64,
) -> (usize, usize) {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/corpus")
        .join(dir);
    let mut paths: Vec<_> = std::fs::read_dir(&corpus)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    paths.sort();
    let mut r = Rng::new(seed);
    let (mut inputs, mut accepted) = (0, 0);
    for p in paths {
        let text = std::fs::read_to_string(&p).unwrap();
        let mut variants = vec![text.clone()];
        variants.extend((0..mutants).map(|_| mutate_source(&mut r, &text)));
        for v in variants {
            let theirs = original(&v);
            let mine = ours.parse(&v);
            assert_eq!(
                ours.accepts(&v),
                mine.is_ok(),
                "{}: the tree-less check disagrees with the parse on:\n{v}",
                p.display()
            );
            assert_eq!(
                theirs,
                mine.is_ok(),
                "{}: original grammar says {theirs}, normalized says {:?} on:\n{v}",
                p.display(),
                mine.err()
            );
            if let Ok(tree) = mine {
                assert_eq!(tree.text(), v, "print-back");
                accepted += 1;
            }
            inputs += 1;
        }
    }
    eprintln!("{dir}: {inputs} inputs, {accepted} accepted by both, the rest rejected by both");
    (inputs, accepted)
}

#[test]
fn c_normalized_grammar_accepts_what_the_original_accepts() {
    use original::c::{Rule, P};
    let (n, ok) = compare(
        "c",
        &generated_example::C,
        &|t| P::parse(Rule::translation_unit, t).is_ok(),
        60,
        11,
    );
    assert!(n >= 1000 && ok > n / 10 && ok < n, "{ok} of {n}");
}

#[test]
fn javascript_normalized_grammar_accepts_what_the_original_accepts() {
    use original::javascript::{Rule, P};
    let (n, ok) = compare(
        "js",
        &generated_example::JavaScript,
        &|t| P::parse(Rule::program, t).is_ok(),
        60,
        12,
    );
    assert!(n >= 1000 && ok > n / 10 && ok < n, "{ok} of {n}");
}

#[test]
fn java_normalized_grammar_accepts_what_the_original_accepts() {
    use original::java::{Rule, P};
    let (n, ok) = compare(
        "java",
        &generated_example::Java,
        &|t| P::parse(Rule::compilation_unit, t).is_ok(),
        60,
        13,
    );
    assert!(n >= 1000 && ok > n / 10 && ok < n, "{ok} of {n}");
}

#[test]
fn java25_normalized_grammar_accepts_what_the_original_accepts() {
    use original::java::{Rule, P};
    let (n, ok) = compare(
        "java25",
        &generated_example::Java,
        &|t| P::parse(Rule::compilation_unit, t).is_ok(),
        150,
        25,
    );
    assert!(n >= 1000 && ok > n / 10 && ok < n, "{ok} of {n}");
}
