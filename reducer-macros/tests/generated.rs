//! The whole pipeline on a grammar with left recursion and recursive lists.

use reducer_core::{Derivation, Language};

#[reducer_macros::reducer(grammar = "grammars/calc.pest", name = "Calc", extensions = ["calc", "c2"])]
struct Calc;

fn names(text: &str) -> Vec<&'static str> {
    let tree = Calc.parse(text).unwrap();
    assert_eq!(tree.text(), text);
    tree.bfs()
        .into_iter()
        .map(|n| Calc.tables().rule(tree.rule(n)).name)
        .collect()
}

#[test]
fn rewritten_grammar_is_flat() {
    let g = Calc.normalized_grammar();
    assert!(g.contains("stmts = { stmts__plus0+ }"), "{g}");
    assert!(g.contains("args = { expr ~ args__star0* }"), "{g}");
    assert!(g.contains("expr = { term ~ expr__star0* }"), "{g}");
    assert!(
        g.contains("expr__star0 = { \"+\" ~ term | \"-\" ~ term }"),
        "{g}"
    );
    assert!(g.contains("// rewrite: left recursion in `expr`"), "{g}");
    assert_eq!(Calc.name(), "Calc");
    assert_eq!(Calc.extensions(), ["calc", "c2"]);
}

#[test]
fn lists_are_siblings_and_left_recursion_is_a_star_tail() {
    let n = names("1; 2; print 3, 4, 5;");
    assert_eq!(n.iter().filter(|&&r| r == "stmts__plus0").count(), 3);
    assert_eq!(n.iter().filter(|&&r| r == "args__star0").count(), 2);
    assert_eq!(n.iter().filter(|&&r| r == "stmts").count(), 1);
    let n = names("1 - 2 + 3 * 4 * 5;");
    assert_eq!(n.iter().filter(|&&r| r == "expr").count(), 1);
    assert_eq!(n.iter().filter(|&&r| r == "expr__star0").count(), 2);
    assert_eq!(n.iter().filter(|&&r| r == "term__star0").count(), 2);
    assert_eq!(
        Calc.tables()
            .rule(Calc::rule_id("stmts__plus0").unwrap())
            .derivation,
        Derivation::Plus
    );
}

#[test]
fn tables_follow_the_rewrites() {
    let t = Calc.tables();
    let id = |n: &str| Calc::rule_id(n).unwrap();
    assert!(t.compatible(id("expr"), id("term")) && t.compatible(id("expr"), id("num")));
    assert!(t.compatible(id("expr"), id("paren")) && !t.compatible(id("paren"), id("expr")));
    assert_eq!(t.rule(id("stmt")).min_text, Some("0;"));
    assert_eq!(t.rule(id("program")).min_text, Some("0;"));
    assert_eq!(t.rule(id("expr__star0")).min_text, Some("+0"));
    assert_eq!(t.literals, ["print", "(", ")", "*", "+", ",", "-", ";"]);
    assert!(Calc.parse("1 +;").is_err());
    assert!(Calc.parse("(((1)));").is_ok());
}

#[reducer_macros::reducer(grammar = "grammars/trivia_first.pest")]
struct TriviaFirst;

#[test]
fn default_start_is_the_first_rule_that_begins_with_soi() {
    let t = TriviaFirst.tables();
    assert_eq!(t.rule(TriviaFirst.start_rule()).name, "words");
    assert_eq!(TriviaFirst.name(), "TriviaFirst");
    assert_eq!(TriviaFirst.extensions(), ["trivia_first"]);
    let text = "ab # c\n d";
    assert_eq!(TriviaFirst.parse(text).unwrap().text(), text);
}
