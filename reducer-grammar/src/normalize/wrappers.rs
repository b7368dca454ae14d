//! Element wrapper rules: every `e*`, `e+`, `e?` outside atomic rules, trivia and predicates
//! becomes a quantified reference to a new rule (`r__star0*` with `r__star0 = { e }`), so that
//! each removable part is exactly one node and its derivation is a property of its rule.

use super::{is_trivia, Kind, NRule};
use pest_meta::ast::{Expr, RuleType};
use std::collections::HashSet;

/// The rules with their quantified operands wrapped, each wrapper right after its rule.
pub fn wrap(rules: Vec<NRule>) -> Vec<NRule> {
    let mut taken: HashSet<String> = rules.iter().map(|r| r.name.clone()).collect();
    let mut out = Vec::with_capacity(rules.len() * 2);
    for mut rule in rules {
        let wrap = !matches!(rule.ty, RuleType::Atomic | RuleType::CompoundAtomic)
            && !is_trivia(&rule.name);
        let mut wrappers = Vec::new();
        if wrap {
            let mut w = Wrapper {
                base: &rule.name,
                counter: 0,
                taken: &mut taken,
                out: &mut wrappers,
            };
            rule.expr = w.wrap(rule.expr.clone());
        }
        out.push(rule);
        out.extend(wrappers);
    }
    out
}

/// Creates the element wrapper rules of one base rule.
struct Wrapper<'a> {
    base: &'a str,
    counter: usize,
    taken: &'a mut HashSet<String>,
    out: &'a mut Vec<NRule>,
}

impl Wrapper<'_> {
    fn wrap(&mut self, e: Expr) -> Expr {
        match e {
            Expr::Opt(x) => Expr::Opt(Box::new(self.element(*x, Kind::Optional))),
            Expr::Rep(x) => Expr::Rep(Box::new(self.element(*x, Kind::Star))),
            Expr::RepOnce(x) => Expr::RepOnce(Box::new(self.element(*x, Kind::Plus))),
            Expr::Seq(a, b) => Expr::Seq(Box::new(self.wrap(*a)), Box::new(self.wrap(*b))),
            Expr::Choice(a, b) => Expr::Choice(Box::new(self.wrap(*a)), Box::new(self.wrap(*b))),
            Expr::RepExact(x, n) => Expr::RepExact(Box::new(self.wrap(*x)), n),
            Expr::RepMin(x, n) => Expr::RepMin(Box::new(self.wrap(*x)), n),
            Expr::RepMax(x, n) => Expr::RepMax(Box::new(self.wrap(*x)), n),
            Expr::RepMinMax(x, n, m) => Expr::RepMinMax(Box::new(self.wrap(*x)), n, m),
            // Predicates produce no nodes; PUSH keeps its operand's text on the stack.
            other => other,
        }
    }

    /// The reference to a new wrapper rule `{base}__{kind}{n} = { x }`.
    fn element(&mut self, x: Expr, kind: Kind) -> Expr {
        let tag = match kind {
            Kind::Star => "star",
            Kind::Plus => "plus",
            Kind::Optional => "opt",
            Kind::Regular => unreachable!("wrappers are quantified"),
        };
        let mut name = format!("{}__{tag}{}", self.base, self.counter);
        self.counter += 1;
        while !self.taken.insert(name.clone()) {
            name.push('_');
        }
        let slot = self.out.len();
        self.out.push(NRule {
            name: name.clone(),
            ty: RuleType::Normal,
            expr: Expr::Str(String::new()),
            kind,
        });
        let body = self.wrap(x);
        self.out[slot].expr = body;
        Expr::Ident(name)
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_util::norm;

    #[test]
    fn quantifiers_become_element_wrappers() {
        assert_eq!(
            norm("a = { \"[\" ~ (b ~ (\",\" ~ b)*)? ~ \"]\" }\nb = { \"b\"+ }"),
            "a = { \"[\" ~ a__opt0? ~ \"]\" }\n\
             a__opt0 = { b ~ a__star1* }\n\
             a__star1 = { \",\" ~ b }\n\
             b = { b__plus0+ }\n\
             b__plus0 = { \"b\" }\n"
        );
    }

    #[test]
    fn atomic_rules_predicates_and_trivia_are_not_wrapped() {
        assert_eq!(
            norm("n = @{ ASCII_DIGIT+ ~ (\".\" ~ ASCII_DIGIT*)? }\ns = { !(\"x\"*) ~ \"y\" }\nWHITESPACE = _{ \" \"+ }"),
            "n = @{ ASCII_DIGIT+ ~ (\".\" ~ ASCII_DIGIT*)? }\ns = { !\"x\"* ~ \"y\" }\nWHITESPACE = _{ \" \"+ }\n"
        );
    }

    #[test]
    fn wrapper_names_avoid_existing_rules() {
        assert_eq!(
            norm("a = { b? }\na__opt0 = { \"x\" }\nb = { \"b\" }"),
            "a = { a__opt0_? }\na__opt0_ = { b }\na__opt0 = { \"x\" }\nb = { \"b\" }\n"
        );
    }
}
