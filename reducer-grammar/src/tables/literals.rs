//! The literal tokens of a grammar: string literals matched as text outside atomic rules and
//! predicates (the engine's lexer counts them as tokens in the text between nodes).

use crate::expr::{is_predicate, subexpressions};
use crate::normalize::{is_trivia, NRule, Normalized};
use pest_meta::ast::{Expr, RuleType};
use std::collections::HashMap;

/// The literals, longest first, then in byte order, without repeats.
pub fn collect(g: &Normalized) -> Vec<String> {
    let mut lits = Vec::new();
    for r in outside_tokens(g) {
        literals(&r.expr, &mut lits);
    }
    lits.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
    lits.dedup();
    lits
}

/// String literals matched as text outside atomic rules and predicates.
fn literals(e: &Expr, out: &mut Vec<String>) {
    match e {
        Expr::Str(s) | Expr::Insens(s) if !s.is_empty() => out.push(s.clone()),
        _ if is_predicate(e) => {}
        _ => subexpressions(e).for_each(|x| literals(x, out)),
    }
}

/// Rule references of `e`; inside predicates too with `in_predicates`.
fn references<'e>(e: &'e Expr, in_predicates: bool, out: &mut Vec<&'e str>) {
    match e {
        Expr::Ident(n) => out.push(n),
        _ if is_predicate(e) && !in_predicates => {}
        _ => subexpressions(e).for_each(|x| references(x, in_predicates, out)),
    }
}

/// The non-trivia rules whose text is matched outside atomic rules: reachable from the
/// unreferenced rules (the possible start rules) without passing through an atomic rule or
/// a predicate. A rule referenced only in predicates is no start rule (C's `keyword`, only
/// in `!keyword` of the identifier rule, spells its keywords letter by letter).
fn outside_tokens(g: &Normalized) -> Vec<&NRule> {
    let atomic = |r: &NRule| matches!(r.ty, RuleType::Atomic | RuleType::CompoundAtomic);
    let by_name: HashMap<&str, &NRule> = g.rules.iter().map(|r| (r.name.as_str(), r)).collect();
    let mut referenced = std::collections::HashSet::new();
    for r in &g.rules {
        let mut refs = Vec::new();
        references(&r.expr, true, &mut refs);
        referenced.extend(refs.into_iter().filter(|&n| n != r.name));
    }
    let mut stack: Vec<&str> = g
        .rules
        .iter()
        .filter(|r| !referenced.contains(r.name.as_str()) && !atomic(r))
        .map(|r| r.name.as_str())
        .collect();
    if stack.is_empty() {
        stack = g
            .rules
            .iter()
            .filter(|r| !atomic(r))
            .map(|r| r.name.as_str())
            .collect();
    }
    let mut seen: std::collections::HashSet<&str> = stack.iter().copied().collect();
    let mut out = Vec::new();
    while let Some(name) = stack.pop() {
        let r = by_name[name];
        if is_trivia(name) {
            continue;
        }
        out.push(r);
        let mut refs = Vec::new();
        references(&r.expr, false, &mut refs);
        for n in refs {
            if let Some(t) = by_name.get(n) {
                if !atomic(t) && seen.insert(n) {
                    stack.push(n);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::test_util::{tables, EXPR};

    #[test]
    fn literals_outside_atomic_rules_longest_first() {
        let t = tables(EXPR);
        assert_eq!(t.literals, ["(", ")", "*", "+", "-", ";", "{", "}"]);
        let t = tables("s = { \"<<=\" ~ \"<\" ~ !\"x\" ~ n }\nn = @{ \"0x\" ~ d }\nd = _{ \"d\" }");
        assert_eq!(t.literals, ["<<=", "<"]);
        // A rule only a predicate refers to is not a start rule: its literals are no tokens.
        let t = tables(
            "s = { (!kw ~ id)* }\nid = @{ ASCII_ALPHA+ }\nkw = _{ \"i\" ~ (\"f\" | \"nt\") }",
        );
        assert!(t.literals.is_empty(), "{:?}", t.literals);
    }
}
