//! Silent pure-choice slot rules (`value = _{ object | array }`) become visible, so that
//! hoisting has a node to attach to. Other silent rules stay silent.

use super::{is_trivia, NRule};
use crate::expr::choice_items;
use pest_meta::ast::{Expr, RuleType};
use std::collections::HashSet;

/// Makes every silent pure-choice rule visible, noting each.
pub fn rewrite(rules: &mut [NRule], notes: &mut Vec<String>) {
    let defined: HashSet<String> = rules.iter().map(|r| r.name.clone()).collect();
    for rule in rules {
        if rule.ty == RuleType::Silent
            && !is_trivia(&rule.name)
            && is_pure_choice(&rule.expr, &defined)
        {
            notes.push(format!("slot rule `{}` made visible", rule.name));
            rule.ty = RuleType::Normal;
        }
    }
}

/// `a | b | c` where every alternative is a reference to a rule of the grammar.
fn is_pure_choice(expr: &Expr, defined: &HashSet<String>) -> bool {
    let alts = choice_items(expr);
    alts.len() >= 2
        && alts
            .iter()
            .all(|a| matches!(a, Expr::Ident(n) if defined.contains(n)))
}

#[cfg(test)]
mod tests {
    use super::super::test_util::norm;

    #[test]
    fn pure_choice_slot_rules_become_visible() {
        assert_eq!(
            norm(
                "v = _{ a | b }\nlp = _{ \"(\" }\nw = _{ a | \"b\" }\na = { \"a\" }\nb = { \"b\" }"
            ),
            "v = { a | b }\nlp = _{ \"(\" }\nw = _{ a | \"b\" }\na = { \"a\" }\nb = { \"b\" }\n"
        );
    }
}
