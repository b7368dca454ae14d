//! Recursive list idioms ⇒ quantifiers: `l = { x ~ l | x }` ⇒ `x+`,
//! `l = { x ~ s ~ l | x }` and `l = { x ~ (s ~ l)? }` ⇒ `x ~ (s ~ x)*`, `l = { (x ~ l)? }` ⇒
//! `x*`, applied only when `x` cannot match the empty string, which makes them exact under
//! PEG semantics.

use super::NRule;
use crate::expr::{choice_items, mentions, seq_items, seq_of};
use crate::nullable::{nullable_expr, nullable_rules};
use crate::print::expr_text;
use pest_meta::ast::Expr;
use std::collections::HashMap;

/// Rewrites every rule that is a recursive list idiom, noting each rewrite.
pub fn rewrite(rules: &mut [NRule], notes: &mut Vec<String>) {
    let nullable = nullable_rules(rules.iter().map(|r| (r.name.as_str(), &r.expr)));
    for rule in rules {
        if let Some(e) = list_idiom(&rule.name, &rule.expr, &nullable) {
            notes.push(format!(
                "list `{}`: {} ⇒ {}",
                rule.name,
                expr_text(&rule.expr),
                expr_text(&e)
            ));
            rule.expr = e;
        }
    }
}

/// `X ~ (S ~ X)*` or `X+` (when `S` is empty) from operand lists.
fn separated(x: &[&Expr], s: &[&Expr]) -> Expr {
    let x_expr = seq_of(x.iter().map(|e| (*e).clone()).collect());
    if s.is_empty() {
        return Expr::RepOnce(Box::new(x_expr));
    }
    let tail: Vec<Expr> = s.iter().chain(x).map(|e| (*e).clone()).collect();
    Expr::Seq(
        Box::new(x_expr),
        Box::new(Expr::Rep(Box::new(seq_of(tail)))),
    )
}

/// The recursive list idioms of rule `l`, rewritten to quantifiers when exact.
fn list_idiom(l: &str, expr: &Expr, nullable: &HashMap<String, bool>) -> Option<Expr> {
    let is_self = |e: &Expr| matches!(e, Expr::Ident(n) if n == l);
    let solid = |xs: &[&Expr]| {
        !xs.is_empty()
            && !xs.iter().any(|e| mentions(e, l))
            && !nullable_expr(&seq_of(xs.iter().map(|e| (*e).clone()).collect()), nullable)
    };
    // l = { X ~ S ~ l | X }
    if let [rec, base] = choice_items(expr).as_slice() {
        let (r, x) = (seq_items(rec), seq_items(base));
        if r.len() > x.len() && r[..x.len()] == x[..] && is_self(r[r.len() - 1]) {
            let s = &r[x.len()..r.len() - 1];
            if solid(&x) && !s.iter().any(|e| mentions(e, l)) {
                return Some(separated(&x, s));
            }
        }
    }
    let items = seq_items(expr);
    // l = { X ~ (S ~ l)? }
    if let Some((Expr::Opt(tail), x)) = items.split_last() {
        let t = seq_items(tail);
        if let Some((last, s)) = t.split_last() {
            if is_self(last) && solid(x) && !s.iter().any(|e| mentions(e, l)) {
                return Some(separated(x, s));
            }
        }
    }
    // l = { (X ~ l)? }
    if let Expr::Opt(inner) = expr {
        let t = seq_items(inner);
        if let Some((last, x)) = t.split_last() {
            if is_self(last) && solid(x) {
                return Some(Expr::Rep(Box::new(seq_of(
                    x.iter().map(|e| (*e).clone()).collect(),
                ))));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::test_util::norm;

    #[test]
    fn right_recursive_list_becomes_plus() {
        assert_eq!(
            norm("l = { x ~ l | x }\nx = { \"x\" }"),
            "l = { l__plus0+ }\nl__plus0 = { x }\nx = { \"x\" }\n"
        );
    }

    #[test]
    fn separated_right_recursive_list_becomes_star_tail() {
        assert_eq!(
            norm("l = { x ~ \",\" ~ l | x }\nx = { \"x\" }"),
            "l = { x ~ l__star0* }\nl__star0 = { \",\" ~ x }\nx = { \"x\" }\n"
        );
    }

    #[test]
    fn optional_tail_list_becomes_star_tail() {
        assert_eq!(
            norm("l = { x ~ (\",\" ~ l)? }\nx = { \"x\" }"),
            "l = { x ~ l__star0* }\nl__star0 = { \",\" ~ x }\nx = { \"x\" }\n"
        );
        assert_eq!(
            norm("l = { x ~ l? }\nx = { \"x\" }"),
            "l = { l__plus0+ }\nl__plus0 = { x }\nx = { \"x\" }\n"
        );
    }

    #[test]
    fn optional_list_becomes_star() {
        assert_eq!(
            norm("l = { (x ~ l)? }\nx = { \"x\" }"),
            "l = { l__star0* }\nl__star0 = { x }\nx = { \"x\" }\n"
        );
    }

    #[test]
    fn other_recursions_are_not_rewritten() {
        assert_eq!(
            norm("l = { x ~ l | y }\nx = { \"x\" }\ny = { \"y\" }"),
            "l = { x ~ l | y }\nx = { \"x\" }\ny = { \"y\" }\n"
        );
        assert_eq!(
            norm("l = { x ~ l ~ \"e\" | x }\nx = { \"x\" }"),
            "l = { x ~ l ~ \"e\" | x }\nx = { \"x\" }\n"
        );
    }
}
