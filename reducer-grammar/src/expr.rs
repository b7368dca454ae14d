//! Small helpers over `pest_meta` expressions: flattening sequences and choices, building
//! them back, walking sub-expressions.

use pest_meta::ast::Expr;

/// The operands of a (left- or right-nested) sequence, in order.
pub fn seq_items(e: &Expr) -> Vec<&Expr> {
    match e {
        Expr::Seq(a, b) => {
            let mut v = seq_items(a);
            v.extend(seq_items(b));
            v
        }
        other => vec![other],
    }
}

/// The alternatives of a (left- or right-nested) ordered choice, in order.
pub fn choice_items(e: &Expr) -> Vec<&Expr> {
    match e {
        Expr::Choice(a, b) => {
            let mut v = choice_items(a);
            v.extend(choice_items(b));
            v
        }
        other => vec![other],
    }
}

/// `a ~ b ~ ...` from a non-empty list of operands.
pub fn seq_of(items: Vec<Expr>) -> Expr {
    items
        .into_iter()
        .reduce(|a, b| Expr::Seq(Box::new(a), Box::new(b)))
        .expect("empty sequence")
}

/// `a | b | ...` from a non-empty list of alternatives.
pub fn choice_of(items: Vec<Expr>) -> Expr {
    items
        .into_iter()
        .reduce(|a, b| Expr::Choice(Box::new(a), Box::new(b)))
        .expect("empty choice")
}

/// The direct sub-expressions of `e`, in order (none for a leaf such as a literal or a
/// rule reference). Every walk over expressions goes through this one match.
pub fn subexpressions(e: &Expr) -> impl Iterator<Item = &Expr> {
    let (first, second): (Option<&Expr>, Option<&Expr>) = match e {
        Expr::Seq(a, b) | Expr::Choice(a, b) => (Some(a), Some(b)),
        Expr::PosPred(x)
        | Expr::NegPred(x)
        | Expr::Opt(x)
        | Expr::Rep(x)
        | Expr::RepOnce(x)
        | Expr::RepExact(x, _)
        | Expr::RepMin(x, _)
        | Expr::RepMax(x, _)
        | Expr::RepMinMax(x, _, _)
        | Expr::Push(x) => (Some(x), None),
        _ => (None, None),
    };
    first.into_iter().chain(second)
}

/// Whether `e` is a lookahead predicate (`&x` or `!x`), whose text is never consumed.
pub fn is_predicate(e: &Expr) -> bool {
    matches!(e, Expr::PosPred(_) | Expr::NegPred(_))
}

/// Whether every way through `e` begins with the built-in `SOI` (`SOI ~ x ~ EOI`,
/// `(SOI ~ a | SOI ~ b)`): the mark of a start rule.
pub fn begins_with_soi(e: &Expr) -> bool {
    match e {
        Expr::Ident(n) => n == "SOI",
        Expr::Seq(a, _) => begins_with_soi(a),
        Expr::Choice(a, b) => begins_with_soi(a) && begins_with_soi(b),
        _ => false,
    }
}

/// Whether `e` mentions rule `name` anywhere.
pub fn mentions(e: &Expr, name: &str) -> bool {
    match e {
        Expr::Ident(n) => n == name,
        _ => subexpressions(e).any(|x| mentions(x, name)),
    }
}
