//! Printing a grammar back as pest text, with only the parentheses it needs.

use pest_meta::ast::{Expr, RuleType};
use std::fmt::Write;

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
    use crate::load::load;

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
}
