//! A session handing over to another language: run with the tree algorithms, it stops as
//! soon as its text parses with the language it hands over to (the fallback's stages,
//! `cli/stages.rs`).

use crate::syntax::language::{Language, Tables};
use crate::syntax::tree::Tree;
use crate::testing::Toy;

/// Toy, except that a text holding `while1` does not parse.
struct NoWhile;

impl Language for NoWhile {
    fn name(&self) -> &'static str {
        "NoWhile"
    }
    fn extensions(&self) -> &'static [&'static str] {
        &[]
    }
    fn tables(&self) -> &'static Tables {
        Toy.tables()
    }
    fn start_rule(&self) -> crate::syntax::tree::RuleId {
        Toy.start_rule()
    }
    fn normalized_grammar(&self) -> &'static str {
        Toy.normalized_grammar()
    }
    fn parse(&self, text: &str) -> Result<Tree, crate::syntax::language::ParseError> {
        Toy.parse(text)
    }
    fn parse_prefix(
        &self,
        rule: crate::syntax::tree::RuleId,
        text: &str,
    ) -> Result<usize, crate::syntax::language::ParseError> {
        Toy.parse_prefix(rule, text)
    }
    fn accepts(&self, text: &str) -> bool {
        Toy.accepts(text) && !text.contains("while1")
    }
}

#[test]
fn a_session_stops_once_its_text_parses_with_the_language_to_hand_over_to() {
    let src = "var a = 1;\nvar b = a + 2;\ncrash(42);\nwhile1(a, b, 1, 2, 3);\n";
    let oracle = |t: &str| t.contains("crash(");
    let o = crate::reduce::AlgoOptions::default();
    let mut full = crate::testing::session(&Toy, src, oracle, 1);
    crate::reduce::run("pardis-hybrid+hoist", &mut full, &o).unwrap();
    let mut s = crate::testing::session(&Toy, src, oracle, 1);
    s.stop_once_parses(&NoWhile);
    assert!(!s.handed_over() && !s.stopped());
    crate::reduce::run("pardis-hybrid+hoist", &mut s, &o).unwrap();
    // The heaviest statement went first; then the session stopped.
    assert!(s.handed_over() && s.stopped() && !s.tester.interrupted());
    let (text, reduced) = (s.text(), full.text());
    assert!(
        !text.contains("while1") && text.contains("var b"),
        "{text:?}"
    );
    assert!(reduced.len() < text.len(), "{reduced:?} {text:?}");
    assert!(s.tester.stats().queries < full.tester.stats().queries);
}
