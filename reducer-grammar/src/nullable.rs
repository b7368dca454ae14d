//! Nullability: which rules and expressions can derive the empty string (a least fixpoint
//! over the rules; lookaheads and the zero-width built-ins count as empty).

use pest_meta::ast::Expr;
use std::collections::HashMap;

const NULLABLE_BUILTINS: &[&str] = &["SOI", "EOI", "PEEK", "PEEK_ALL", "POP", "POP_ALL", "DROP"];

/// Nullability of every rule (least fixpoint).
pub fn nullable_rules<'a>(
    rules: impl Iterator<Item = (&'a str, &'a Expr)> + Clone,
) -> HashMap<String, bool> {
    let mut map: HashMap<String, bool> =
        rules.clone().map(|(n, _)| (n.to_owned(), false)).collect();
    loop {
        let mut changed = false;
        for (name, expr) in rules.clone() {
            if !map[name] && nullable_expr(expr, &map) {
                map.insert(name.to_owned(), true);
                changed = true;
            }
        }
        if !changed {
            return map;
        }
    }
}

/// Whether `e` derives the empty string, given the nullability of rules.
pub fn nullable_expr(e: &Expr, rules: &HashMap<String, bool>) -> bool {
    match e {
        Expr::Str(s) | Expr::Insens(s) => s.is_empty(),
        Expr::Range(..) => false,
        Expr::Ident(n) => rules
            .get(n)
            .copied()
            .unwrap_or(NULLABLE_BUILTINS.contains(&n.as_str())),
        Expr::PeekSlice(..) | Expr::PosPred(_) | Expr::NegPred(_) | Expr::Skip(_) => true,
        Expr::Opt(_) | Expr::Rep(_) | Expr::RepMax(..) => true,
        Expr::Seq(a, b) => nullable_expr(a, rules) && nullable_expr(b, rules),
        Expr::Choice(a, b) => nullable_expr(a, rules) || nullable_expr(b, rules),
        Expr::RepOnce(x) | Expr::Push(x) => nullable_expr(x, rules),
        Expr::RepExact(x, n) | Expr::RepMin(x, n) | Expr::RepMinMax(x, n, _) => {
            *n == 0 || nullable_expr(x, rules)
        }
        // `grammar-extras` variants (PUSH_LITERAL, node tags): assume they can be empty.
        #[allow(unreachable_patterns)]
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use crate::tables::test_util::{tables, EXPR};

    #[test]
    fn nullability() {
        let t = tables(EXPR);
        let nullable: Vec<&str> = t
            .rules
            .iter()
            .filter(|r| r.nullable)
            .map(|r| r.name.as_str())
            .collect();
        assert_eq!(nullable, ["file", "maybe", "EOI"]);
    }
}
