//! The compatibility matrix: a node of rule `b` may replace a node of rule `a` when `a`
//! derives `b` through unit derivations (`b` alone, everything beside it empty), closed
//! reflexively and transitively.

use crate::normalize::Normalized;
use crate::nullable::nullable_expr;
use pest_meta::ast::{Expr, RuleType};
use std::collections::HashMap;

/// The bit matrix, row-major, `n.div_ceil(64)` words per row, for the `n` rules whose ids
/// `index` gives (atomic rules derive no units).
pub fn matrix(
    g: &Normalized,
    nullable: &HashMap<String, bool>,
    index: &HashMap<&str, usize>,
    n: usize,
) -> Vec<u64> {
    let words = n.div_ceil(64);
    let mut compat = vec![0u64; n * words];
    let mut direct: Vec<Vec<usize>> = vec![Vec::new(); n];
    for r in &g.rules {
        if matches!(r.ty, RuleType::Atomic | RuleType::CompoundAtomic) {
            continue;
        }
        let mut u = Vec::new();
        units(&r.expr, nullable, &mut u);
        direct[index[r.name.as_str()]] = u.iter().map(|b| index[b.as_str()]).collect();
    }
    for a in 0..n {
        let mut seen = vec![false; n];
        let mut stack = vec![a];
        seen[a] = true;
        while let Some(x) = stack.pop() {
            compat[a * words + x / 64] |= 1 << (x % 64);
            for &y in &direct[x] {
                if !seen[y] {
                    seen[y] = true;
                    stack.push(y);
                }
            }
        }
    }
    compat
}

/// Rules `b` such that `e` derives exactly one `b` with everything beside it empty.
fn units(e: &Expr, nullable: &HashMap<String, bool>, out: &mut Vec<String>) {
    match e {
        Expr::Ident(n) if nullable.contains_key(n) => out.push(n.clone()),
        Expr::Seq(a, b) => {
            if nullable_expr(b, nullable) {
                units(a, nullable, out);
            }
            if nullable_expr(a, nullable) {
                units(b, nullable, out);
            }
        }
        Expr::Choice(a, b) => {
            units(a, nullable, out);
            units(b, nullable, out);
        }
        Expr::Opt(x) | Expr::Rep(x) | Expr::RepOnce(x) | Expr::RepMax(x, _) | Expr::Push(x) => {
            units(x, nullable, out)
        }
        Expr::RepExact(x, n) | Expr::RepMin(x, n) | Expr::RepMinMax(x, n, _)
            if *n <= 1 || nullable_expr(x, nullable) =>
        {
            units(x, nullable, out)
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_util::{tables, EXPR};
    use super::super::TableData;

    /// Whether a node of rule `by` may replace a node of rule `slot`.
    fn compatible(t: &TableData, slot: &str, by: &str) -> bool {
        let (a, b) = (t.id(slot).unwrap(), t.id(by).unwrap());
        let words = t.rules.len().div_ceil(64);
        t.compat[a * words + b / 64] >> (b % 64) & 1 == 1
    }

    #[test]
    fn compatibility_is_the_unit_derivation_closure() {
        let t = tables(EXPR);
        let compat = |a: &str| -> Vec<&str> {
            t.rules
                .iter()
                .filter(|b| compatible(&t, a, &b.name))
                .map(|b| b.name.as_str())
                .collect()
        };
        assert_eq!(
            compat("expr"),
            ["expr", "term", "atom", "paren", "num", "ident"]
        );
        assert_eq!(compat("stmt"), ["stmt", "block"]);
        assert_eq!(compat("file"), ["file", "file__star0", "stmt", "block"]);
        assert_eq!(
            compat("maybe"),
            ["num", "ident", "maybe", "maybe__opt0", "maybe__opt1"]
        );
        assert_eq!(compat("num"), ["num"]);
        assert!(!compatible(&t, "paren", "expr"));
    }
}
