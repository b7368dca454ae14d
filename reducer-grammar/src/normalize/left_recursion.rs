//! Direct left recursion `a = { a ~ s1 | a ~ s2 | r }` ⇒ `r ~ (s1 | s2)*`. pest rejects left
//! recursion, so this gives the rule a meaning rather than changing one; [`crate::load`] has
//! renamed the self references to a placeholder so that `consume_rules` accepts them.

use super::NRule;
use crate::expr::{choice_items, choice_of, mentions, seq_items, seq_of};
use crate::load::LR_PREFIX;
use crate::print::expr_text;
use pest_meta::ast::Expr;

/// Rewrites the rules named in `left_recursive`, noting each rewrite; errors are the rules
/// that cannot be rewritten.
pub fn rewrite(
    rules: &mut [NRule],
    left_recursive: &[String],
    notes: &mut Vec<String>,
) -> Result<(), Vec<String>> {
    let mut errors = Vec::new();
    for name in left_recursive {
        let rule = rules
            .iter_mut()
            .find(|r| &r.name == name)
            .expect("renamed rule exists");
        match left_recursion(name, &rule.expr) {
            Ok(e) => {
                notes.push(format!(
                    "left recursion in `{name}`: {} ⇒ {}",
                    expr_text(&rule.expr).replace(&format!("{LR_PREFIX}{name}"), name),
                    expr_text(&e)
                ));
                rule.expr = e;
            }
            Err(msg) => errors.push(msg),
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// `a = { a ~ s1 | r1 | a ~ s2 | r2 }` ⇒ `(r1 | r2) ~ (s1 | s2)*`.
fn left_recursion(name: &str, expr: &Expr) -> Result<Expr, String> {
    let placeholder = format!("{LR_PREFIX}{name}");
    let (mut tails, mut bases) = (Vec::new(), Vec::new());
    for alt in choice_items(expr) {
        let items = seq_items(alt);
        if matches!(items[0], Expr::Ident(n) if *n == placeholder) {
            if items.len() == 1 {
                return Err(format!("rule `{name}` derives itself (`{name} = {{ {name} | ... }}`): it can never match"));
            }
            tails.push(seq_of(items[1..].iter().map(|e| (*e).clone()).collect()));
        } else {
            bases.push(alt.clone());
        }
    }
    if bases.is_empty() {
        return Err(format!(
            "rule `{name}` is left-recursive and has no non-recursive alternative to start from"
        ));
    }
    let all = bases.iter().chain(&tails);
    if all.clone().any(|e| mentions(e, &placeholder)) {
        return Err(format!("rule `{name}`: unsupported form of left recursion"));
    }
    Ok(Expr::Seq(
        Box::new(choice_of(bases)),
        Box::new(Expr::Rep(Box::new(choice_of(tails)))),
    ))
}

#[cfg(test)]
mod tests {
    use super::super::normalize;
    use super::super::test_util::norm;
    use crate::load::load;

    #[test]
    fn direct_left_recursion_becomes_star() {
        assert_eq!(
            norm("e = { e ~ \"+\" ~ t | e ~ \"-\" ~ t | t }\nt = { \"t\" }"),
            "e = { t ~ e__star0* }\ne__star0 = { \"+\" ~ t | \"-\" ~ t }\nt = { \"t\" }\n"
        );
        let e = normalize(load("e = { e ~ \"+\" }", "t.pest").unwrap()).unwrap_err();
        assert!(e[0].contains("no non-recursive alternative"), "{e:?}");
    }
}
