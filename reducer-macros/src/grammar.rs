//! Grammar loading and printing: pest text → `pest_meta` AST (with direct left recursion
//! made acceptable to `consume_rules`), and AST → pest text.

use pest::iterators::Pair;
use pest_meta::ast::{Expr, Rule, RuleType};
use pest_meta::parser::{self, rename_meta_rule, Rule as Meta};
use std::fmt::Write;

/// Prefix of the placeholder that stands for a directly left-recursive self reference.
pub const LR_PREFIX: &str = "__lr_";

/// A grammar read from text, ready for normalization.
#[derive(Debug)]
pub struct Loaded {
    /// The rules in grammar order. Direct left-recursive self references appear as
    /// `Ident("__lr_<rule>")` at the head of an alternative.
    pub rules: Vec<Rule>,
    /// Names of the rules whose direct left recursion was renamed.
    pub left_recursive: Vec<String>,
    /// Built-in rules the grammar uses (`EOI`, `ANY`, ...).
    pub builtins: Vec<String>,
}

/// Reads pest grammar `text`. Errors are pest diagnostics (with line, column and the quoted
/// grammar line), `label` standing for the file name.
pub fn load(text: &str, label: &str) -> Result<Loaded, Vec<String>> {
    let render = |e: pest::error::Error<Meta>| {
        format!(
            "invalid grammar:\n{}",
            e.renamed_rules(rename_meta_rule).with_path(label)
        )
    };
    let pairs = parser::parse(Meta::grammar_rules, text).map_err(|e| vec![render(e)])?;
    let builtins: Vec<String> = pest_meta::validator::validate_pairs(pairs.clone())
        .map_err(|es| es.into_iter().map(render).collect::<Vec<_>>())?
        .into_iter()
        .map(str::to_owned)
        .collect();

    // Direct left recursion: `consume_rules` rejects it, so the self reference at the head of
    // an alternative is renamed to a placeholder rule and rewritten later (see normalize).
    let mut renames: Vec<(usize, usize, String)> = Vec::new();
    for rule in pairs
        .clone()
        .flatten()
        .filter(|p| p.as_rule() == Meta::grammar_rule)
    {
        let mut inner = rule.into_inner();
        let Some(name) = inner.next() else { continue };
        let name = name.as_str().to_owned();
        let Some(expr) = inner.find(|p| p.as_rule() == Meta::expression) else {
            continue;
        };
        for (start, end) in alternative_heads(expr, &name) {
            renames.push((start, end, name.clone()));
        }
    }
    if renames.is_empty() {
        let rules = parser::consume_rules(pairs)
            .map_err(|es| es.into_iter().map(render).collect::<Vec<_>>())?;
        return Ok(Loaded {
            rules,
            left_recursive: Vec::new(),
            builtins,
        });
    }
    let mut renamed = text.to_owned();
    renames.sort_by_key(|r| std::cmp::Reverse(r.0));
    for (start, end, name) in &renames {
        renamed.replace_range(start..end, &format!("{LR_PREFIX}{name}"));
    }
    let mut left_recursive: Vec<String> = renames.into_iter().map(|r| r.2).collect();
    left_recursive.sort();
    left_recursive.dedup();
    for name in &left_recursive {
        let _ = write!(
            renamed,
            "\n{LR_PREFIX}{name} = {{ \"\\u{{0000}}__never\" }}"
        );
    }
    let pairs = parser::parse(Meta::grammar_rules, &renamed).map_err(|e| vec![render(e)])?;
    let mut rules = parser::consume_rules(pairs)
        .map_err(|es| es.into_iter().map(render).collect::<Vec<_>>())?;
    rules.retain(|r| !r.name.starts_with(LR_PREFIX));
    Ok(Loaded {
        rules,
        left_recursive,
        builtins,
    })
}

/// Byte spans of the terms `name` at the head of a top-level alternative of `expr`
/// (a bare identifier with no prefix or postfix operator).
fn alternative_heads(expr: Pair<'_, Meta>, name: &str) -> Vec<(usize, usize)> {
    let mut heads = Vec::new();
    let mut at_head = true;
    for part in expr.into_inner() {
        match part.as_rule() {
            Meta::choice_operator => at_head = true,
            Meta::term => {
                if at_head {
                    let inner: Vec<Pair<'_, Meta>> = part.into_inner().collect();
                    if let [only] = inner.as_slice() {
                        if only.as_rule() == Meta::identifier && only.as_str() == name {
                            let s = only.as_span();
                            heads.push((s.start(), s.end()));
                        }
                    }
                }
                at_head = false;
            }
            _ => at_head = false,
        }
    }
    heads
}

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

/// The pest modifier of a rule type (`_`, `@`, `$`, `!` or nothing).
pub fn modifier(ty: RuleType) -> &'static str {
    match ty {
        RuleType::Normal => "",
        RuleType::Silent => "_",
        RuleType::Atomic => "@",
        RuleType::CompoundAtomic => "$",
        RuleType::NonAtomic => "!",
    }
}

/// One rule as a line of pest text.
pub fn rule_text(name: &str, ty: RuleType, expr: &Expr) -> String {
    format!("{name} = {}{{ {} }}", modifier(ty), expr_text(expr))
}

/// An expression as pest text, with only the parentheses it needs.
pub fn expr_text(e: &Expr) -> String {
    let mut s = String::new();
    print(e, 0, &mut s);
    s
}

const CHOICE: u8 = 0;
const SEQ: u8 = 1;
const PREFIX: u8 = 2;
const POSTFIX: u8 = 3;

fn print(e: &Expr, ctx: u8, out: &mut String) {
    let own = match e {
        Expr::Choice(..) => CHOICE,
        Expr::Seq(..) => SEQ,
        Expr::PosPred(_) | Expr::NegPred(_) => PREFIX,
        Expr::Opt(_)
        | Expr::Rep(_)
        | Expr::RepOnce(_)
        | Expr::RepExact(..)
        | Expr::RepMin(..)
        | Expr::RepMax(..)
        | Expr::RepMinMax(..) => POSTFIX,
        _ => 4,
    };
    let paren = own < ctx;
    if paren {
        out.push('(');
    }
    match e {
        Expr::Str(s) => quoted(s, '"', out),
        Expr::Insens(s) => {
            out.push('^');
            quoted(s, '"', out)
        }
        Expr::Range(a, b) => {
            quoted(a, '\'', out);
            out.push_str("..");
            quoted(b, '\'', out);
        }
        Expr::Ident(n) => out.push_str(n),
        Expr::PeekSlice(a, b) => {
            let _ = match b {
                Some(b) => write!(out, "PEEK[{a}..{b}]"),
                None => write!(out, "PEEK[{a}..]"),
            };
        }
        Expr::PosPred(x) => {
            out.push('&');
            print(x, PREFIX, out)
        }
        Expr::NegPred(x) => {
            out.push('!');
            print(x, PREFIX, out)
        }
        Expr::Seq(a, b) => {
            print(a, SEQ, out);
            out.push_str(" ~ ");
            print(b, SEQ, out)
        }
        Expr::Choice(a, b) => {
            print(a, CHOICE, out);
            out.push_str(" | ");
            print(b, CHOICE, out)
        }
        Expr::Opt(x) => postfix(x, "?", out),
        Expr::Rep(x) => postfix(x, "*", out),
        Expr::RepOnce(x) => postfix(x, "+", out),
        Expr::RepExact(x, n) => postfix(x, &format!("{{{n}}}"), out),
        Expr::RepMin(x, n) => postfix(x, &format!("{{{n},}}"), out),
        Expr::RepMax(x, n) => postfix(x, &format!("{{,{n}}}"), out),
        Expr::RepMinMax(x, n, m) => postfix(x, &format!("{{{n}, {m}}}"), out),
        Expr::Skip(strings) => {
            out.push_str("(!(");
            for (i, s) in strings.iter().enumerate() {
                if i > 0 {
                    out.push_str(" | ");
                }
                quoted(s, '"', out);
            }
            out.push_str(") ~ ANY)*");
        }
        Expr::Push(x) => {
            out.push_str("PUSH(");
            print(x, CHOICE, out);
            out.push(')');
        }
        // Variants of pest_meta's `grammar-extras` feature: pest's own printer.
        #[allow(unreachable_patterns)]
        other => {
            let _ = write!(out, "{other}");
        }
    }
    if paren {
        out.push(')');
    }
}

fn postfix(x: &Expr, op: &str, out: &mut String) {
    print(x, POSTFIX, out);
    out.push_str(op);
}

/// Writes `s` as a pest string (`"`) or character (`'`) literal.
fn quoted(s: &str, quote: char, out: &mut String) {
    out.push(quote);
    for c in s.chars() {
        match c {
            '"' if quote == '"' => out.push_str("\\\""),
            '\'' if quote == '\'' => out.push_str("\\'"),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{{{:04x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push(quote);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(text: &str) -> String {
        let g = load(text, "t.pest").unwrap();
        g.rules
            .iter()
            .map(|r| rule_text(&r.name, r.ty, &r.expr) + "\n")
            .collect()
    }

    #[test]
    fn printing_keeps_only_needed_parentheses() {
        let t = "a = { (\"x\" | b) ~ !c* ~ (!c ~ b)* ~ (b ~ c)? ~ ^\"k\" ~ '\\''..'z' ~ \"\\\"\\n\" }\nb = @{ \"b\" }\nc = _{ \"c\" }\n";
        assert_eq!(
            round_trip(t),
            "a = { (\"x\" | b) ~ !c* ~ (!c ~ b)* ~ (b ~ c)? ~ ^\"k\" ~ '\\''..'z' ~ \"\\\"\\n\" }\nb = @{ \"b\" }\nc = _{ \"c\" }\n"
        );
    }

    #[test]
    fn direct_left_recursion_is_renamed() {
        let g = load("a = { a ~ \"+\" ~ b | b }\nb = { \"b\" }", "t.pest").unwrap();
        assert_eq!(g.left_recursive, vec!["a".to_string()]);
        assert_eq!(expr_text(&g.rules[0].expr), "__lr_a ~ \"+\" ~ b | b");
        assert_eq!(g.rules.len(), 2);
    }

    #[test]
    fn errors_quote_line_and_column() {
        let e = load("a = { b ~ }\n", "bad.pest").unwrap_err();
        assert!(e[0].contains("bad.pest:1:"), "{}", e[0]);
        let e = load("a = { b }\n", "bad.pest").unwrap_err();
        assert!(e[0].contains("rule b is undefined"), "{}", e[0]);
        let e = load("a = { b ~ \"x\" }\nb = { a | \"y\" }\n", "bad.pest").unwrap_err();
        assert!(e[0].contains("left-recursive"), "{}", e[0]);
    }
}
