//! Warnings, never rewrites: alternatives that can never match because an earlier one is
//! their prefix (`a | a ~ b`), and alternatives that share a prefix, which pest parses again
//! for each (exponentially with nesting).

use super::NRule;
use crate::expr::{choice_items, seq_items, seq_of, subexpressions};
use crate::print::expr_text;
use pest_meta::ast::Expr;

/// Adds a warning for each problem of each rule.
pub fn check(rules: &[NRule], warnings: &mut Vec<String>) {
    for rule in rules {
        check_choices(&rule.name, &rule.expr, warnings);
    }
}

/// Warns about dead alternatives (`P | P ~ Q`) and shared prefixes (`P ~ Q | P ~ R`).
fn check_choices(rule: &str, expr: &Expr, warnings: &mut Vec<String>) {
    match expr {
        Expr::Choice(..) => {
            let alts = choice_items(expr);
            let seqs: Vec<Vec<&Expr>> = alts.iter().map(|a| seq_items(a)).collect();
            'pairs: for i in 0..seqs.len() {
                for j in i + 1..seqs.len() {
                    let common = seqs[i]
                        .iter()
                        .zip(&seqs[j])
                        .take_while(|(a, b)| a == b)
                        .count();
                    if common == seqs[i].len() {
                        let hint = if matches!(seqs[j].last(), Some(Expr::Ident(n)) if n == rule) {
                            " (a list? write it as `x+` or `x ~ (sep ~ x)*`)"
                        } else {
                            " (put the longer alternative first)"
                        };
                        warnings.push(format!(
                            "rule `{rule}`: alternative `{}` can never match because `{}` before it always wins{hint}; not rewritten",
                            expr_text(alts[j]),
                            expr_text(alts[i])
                        ));
                        break 'pairs;
                    }
                    if common > 0 {
                        let prefix =
                            seq_of(seqs[i][..common].iter().map(|e| (*e).clone()).collect());
                        warnings.push(format!(
                            "rule `{rule}`: alternatives `{}` and `{}` share the prefix `{}`, which pest parses again for each (exponential with nesting); factor it out: `{} ~ (... | ...)`",
                            expr_text(alts[i]),
                            expr_text(alts[j]),
                            expr_text(&prefix),
                            expr_text(&prefix)
                        ));
                        break 'pairs;
                    }
                }
            }
            for a in alts {
                check_choices(rule, a, warnings);
            }
        }
        _ => subexpressions(expr).for_each(|x| check_choices(rule, x, warnings)),
    }
}

#[cfg(test)]
mod tests {
    use super::super::normalize;
    use super::super::test_util::{norm, warnings};
    use crate::load::load;

    #[test]
    fn dead_alternatives_are_warned_not_rewritten() {
        let text = "l = { x | x ~ l }\nx = { \"x\" }";
        assert_eq!(norm(text), "l = { x | x ~ l }\nx = { \"x\" }\n");
        let w = warnings(text);
        assert_eq!(w.len(), 1);
        assert!(
            w[0].contains("can never match") && w[0].contains("a list?"),
            "{w:?}"
        );
    }

    #[test]
    fn shared_prefixes_are_warned() {
        let w = warnings("a = { b ~ \"=\" ~ a | b ~ \";\" }\nb = { \"b\" }");
        assert_eq!(w.len(), 1);
        assert!(w[0].contains("share the prefix `b`"), "{w:?}");
        let n = normalize(load("a = { \"x\" | \"x\" ~ \"y\" }", "t.pest").unwrap()).unwrap();
        assert!(
            n.text().starts_with("// warning: rule `a`: alternative"),
            "{}",
            n.text()
        );
    }
}
