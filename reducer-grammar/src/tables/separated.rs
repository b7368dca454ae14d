//! Separated lists: where Perses Normal Form writes `x ~ (sep ~ x)*` as `X ~ e*` with the
//! element wrapper `e = { S ~ X }`. Each such element rule is a [`Separated`]: the engine
//! deletes the list's first item together with the separator after it (the second item
//! takes its place), and the compound transformations join and split lists by their
//! separator. Found on the normalized grammar's rules, never on its printed text.
//!
//! An element rule qualifies when
//! - it is a `*` or `+` wrapper whose body is a sequence `S ~ X`: a rule reference `X` last,
//!   after a separator `S` that cannot match the empty string;
//! - `X` is a visible rule (its items are nodes that can take the first item's place);
//! - in the one rule that quantifies it (wrappers are made per occurrence), `e*` or `e+`
//!   directly follows a reference to `X` in a sequence.
//!
//! Precedence levels `x ~ (op ~ x)*` qualify too: `a + b` loses `a +` as a list loses `a,`.

use crate::expr::{seq_items, subexpressions};
use crate::normalize::{Kind, Normalized};
use crate::nullable::nullable_expr;
use pest_meta::ast::{Expr, RuleType};
use std::collections::HashMap;

/// An element rule of a separated list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Separated {
    /// The element wrapper rule (`e`).
    pub element: usize,
    /// The rule of the items (`X`).
    pub item: usize,
    /// The separator when it is one string literal (`","`), else `None` (a rule, or several
    /// parts).
    pub separator: Option<String>,
    /// The rule whose body quantifies the element (`l` of `l = { X ~ e* }`).
    pub list: usize,
    /// Whether that body is exactly `X ~ e*` (or `X ~ e+`): its nodes are the list itself.
    pub whole: bool,
}

/// The separated-list element rules of `g`, in rule-id order; `index` maps rule names to
/// ids and `nullable` says which rules derive the empty string.
pub fn find(
    g: &Normalized,
    index: &HashMap<&str, usize>,
    nullable: &HashMap<String, bool>,
) -> Vec<Separated> {
    let mut found = Vec::new();
    for (list, rule) in g.rules.iter().enumerate() {
        let mut heads = Vec::new();
        heads_before_elements(&rule.expr, &mut heads);
        let whole = seq_items(&rule.expr).len() == 2;
        for (x, e) in heads {
            let Some(&element) = index.get(e) else {
                continue;
            };
            let Some(&item) = index.get(x) else { continue };
            let wrapper = &g.rules[element];
            if !matches!(wrapper.kind, Kind::Star | Kind::Plus)
                || g.rules.get(item).is_none_or(|r| r.ty == RuleType::Silent)
            {
                continue;
            }
            let parts = seq_items(&wrapper.expr);
            let Some((Expr::Ident(last), sep)) = parts.split_last() else {
                continue;
            };
            if last != x || sep.is_empty() {
                continue;
            }
            let sep_expr = crate::expr::seq_of(sep.iter().map(|e| (*e).clone()).collect());
            if nullable_expr(&sep_expr, nullable) {
                continue;
            }
            let separator = match sep {
                [Expr::Str(s)] if !s.is_empty() => Some(s.clone()),
                _ => None,
            };
            found.push(Separated {
                element,
                item,
                separator,
                list,
                whole,
            });
        }
    }
    found.sort_by_key(|s| s.element);
    found.dedup_by_key(|s| s.element);
    found
}

/// The pairs (`X`, `e`) of every sequence in `e` where a reference to `X` is directly
/// followed by `e*` or `e+`.
fn heads_before_elements<'e>(expr: &'e Expr, out: &mut Vec<(&'e str, &'e str)>) {
    if let Expr::Seq(..) = expr {
        let items = seq_items(expr);
        for pair in items.windows(2) {
            if let (Expr::Ident(x), Expr::Rep(e) | Expr::RepOnce(e)) = (pair[0], pair[1]) {
                if let Expr::Ident(e) = e.as_ref() {
                    out.push((x, e));
                }
            }
        }
        for item in items {
            if !matches!(item, Expr::Seq(..)) {
                heads_before_elements(item, out);
            }
        }
        return;
    }
    for sub in subexpressions(expr) {
        heads_before_elements(sub, out);
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_util::tables;
    use super::Separated;

    fn separated(grammar: &str) -> Vec<(String, String, Option<String>, String, bool)> {
        let t = tables(grammar);
        let name = |i: usize| t.rules[i].name.clone();
        t.separated
            .iter()
            .map(|s: &Separated| {
                (
                    name(s.element),
                    name(s.item),
                    s.separator.clone(),
                    name(s.list),
                    s.whole,
                )
            })
            .collect()
    }

    #[test]
    fn literal_rule_and_operator_separators_are_found() {
        let g = r#"
file = { SOI ~ (stmt ~ (sep ~ stmt)*)? ~ EOI }
args = { "(" ~ expr ~ ("," ~ expr)* ~ ")" }
list = { expr ~ ("," ~ expr)* }
expr = { atom ~ (("+" | "-") ~ atom)* }
stmt = { expr ~ ";" }
atom = { ASCII_DIGIT+ }
sep = @{ "\n" }
WHITESPACE = _{ " " }
"#;
        let s = separated(g);
        let some = |x: &str| Some(x.to_string());
        assert_eq!(
            s,
            vec![
                (
                    "file__star1".into(),
                    "stmt".into(),
                    None,
                    "file__opt0".into(),
                    true
                ),
                (
                    "args__star0".into(),
                    "expr".into(),
                    some(","),
                    "args".into(),
                    false
                ),
                (
                    "list__star0".into(),
                    "expr".into(),
                    some(","),
                    "list".into(),
                    true
                ),
                (
                    "expr__star0".into(),
                    "atom".into(),
                    None,
                    "expr".into(),
                    true
                ),
            ]
        );
    }

    #[test]
    fn lists_without_a_separator_or_head_are_not() {
        let g = r#"
a = { SOI ~ x ~ ("," ~ y)* ~ EOI }
b = { x ~ x* }
c = { x ~ (","? ~ x)* }
d = { h ~ ("," ~ h)* }
h = _{ x }
x = { "x" }
y = { "y" }
"#;
        assert_eq!(separated(g), vec![]);
    }
}
