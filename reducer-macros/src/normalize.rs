//! Rewriting a grammar into Perses Normal Form.
//!
//! Rewrites, in order:
//! 1. direct left recursion `a = { a ~ s | r }` ⇒ `r ~ s*` (the original has no PEG meaning);
//! 2. recursive list idioms ⇒ quantifiers (`l = { x ~ l | x }` ⇒ `x+`,
//!    `l = { x ~ (s ~ l)? }` ⇒ `x ~ (s ~ x)*`, `l = { (x ~ l)? }` ⇒ `x*`), applied only when
//!    `x` cannot match the empty string, which makes them exact under PEG semantics;
//! 3. silent pure-choice slot rules (`value = _{ object | array }`) become visible;
//! 4. every `e*`, `e+`, `e?` outside atomic rules and predicates becomes a quantified
//!    element wrapper rule (`r__star0*` with `r__star0 = { e }`).
//!
//! Alternatives that can never match (`a | a ~ b`) and alternatives sharing a prefix (which
//! pest re-parses, exponentially with nesting) are reported as warnings, never rewritten.

use crate::grammar::{
    self, choice_items, choice_of, mentions, seq_items, seq_of, Loaded, LR_PREFIX,
};
use crate::tables::nullable_rules;
use pest_meta::ast::{Expr, RuleType};
use std::collections::{HashMap, HashSet};

/// How nodes of a rule are derived in their parent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A plain rule.
    Regular,
    /// Element wrapper of `e*`.
    Star,
    /// Element wrapper of `e+`.
    Plus,
    /// Element wrapper of `e?`.
    Optional,
}

/// One rule of the normalized grammar.
#[derive(Clone, Debug)]
pub struct NRule {
    /// Rule name.
    pub name: String,
    /// Rule type (modifier).
    pub ty: RuleType,
    /// Rule body.
    pub expr: Expr,
    /// Derivation kind of its nodes.
    pub kind: Kind,
}

/// A grammar in Perses Normal Form.
#[derive(Clone, Debug)]
pub struct Normalized {
    /// The rules, each element wrapper right after the rule it came from.
    pub rules: Vec<NRule>,
    /// Rewrites refused or grammar problems that make reduction slow or unsound.
    pub warnings: Vec<String>,
    /// Rewrites applied (other than quantifier wrapping).
    pub notes: Vec<String>,
    /// Built-in rules the grammar uses.
    pub builtins: Vec<String>,
}

impl Normalized {
    /// The default start rule: the first visible rule, other than `WHITESPACE` and
    /// `COMMENT`, whose expression begins with `SOI` (every alternative, if it is a choice).
    pub fn default_start(&self) -> Option<&str> {
        self.rules
            .iter()
            .find(|r| {
                r.kind == Kind::Regular
                    && r.ty != RuleType::Silent
                    && !is_trivia(&r.name)
                    && grammar::begins_with_soi(&r.expr)
            })
            .map(|r| r.name.as_str())
    }

    /// The normalized grammar as pest text, warnings and notes as comments at the top.
    pub fn text(&self) -> String {
        let mut s = String::new();
        for w in &self.warnings {
            s.push_str(&format!("// warning: {w}\n"));
        }
        for n in &self.notes {
            s.push_str(&format!("// rewrite: {n}\n"));
        }
        for r in &self.rules {
            s.push_str(&grammar::rule_text(&r.name, r.ty, &r.expr));
            s.push('\n');
        }
        s
    }
}

/// Whether `name` is a trivia rule (implicit whitespace or comments).
pub fn is_trivia(name: &str) -> bool {
    name == "WHITESPACE" || name == "COMMENT"
}

/// Rewrites a loaded grammar into Perses Normal Form. Errors are unrewritable left recursion.
pub fn normalize(loaded: Loaded) -> Result<Normalized, Vec<String>> {
    let mut warnings = Vec::new();
    let mut notes = Vec::new();
    let mut rules: Vec<NRule> = loaded
        .rules
        .into_iter()
        .map(|r| NRule {
            name: r.name,
            ty: r.ty,
            expr: r.expr,
            kind: Kind::Regular,
        })
        .collect();

    let mut errors = Vec::new();
    for name in &loaded.left_recursive {
        let rule = rules
            .iter_mut()
            .find(|r| &r.name == name)
            .expect("renamed rule exists");
        match left_recursion(name, &rule.expr) {
            Ok(e) => {
                notes.push(format!(
                    "left recursion in `{name}`: {} ⇒ {}",
                    grammar::expr_text(&rule.expr).replace(&format!("{LR_PREFIX}{name}"), name),
                    grammar::expr_text(&e)
                ));
                rule.expr = e;
            }
            Err(msg) => errors.push(msg),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }

    let nullable = nullable_rules(rules.iter().map(|r| (r.name.as_str(), &r.expr)));
    for rule in &mut rules {
        if let Some(e) = list_idiom(&rule.name, &rule.expr, &nullable) {
            notes.push(format!(
                "list `{}`: {} ⇒ {}",
                rule.name,
                grammar::expr_text(&rule.expr),
                grammar::expr_text(&e)
            ));
            rule.expr = e;
        }
    }

    for rule in &rules {
        check_choices(&rule.name, &rule.expr, &mut warnings);
    }

    let defined: HashSet<String> = rules.iter().map(|r| r.name.clone()).collect();
    for rule in &mut rules {
        if rule.ty == RuleType::Silent
            && !is_trivia(&rule.name)
            && is_pure_choice(&rule.expr, &defined)
        {
            notes.push(format!("slot rule `{}` made visible", rule.name));
            rule.ty = RuleType::Normal;
        }
    }

    let mut taken: HashSet<String> = defined;
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
    Ok(Normalized {
        rules: out,
        warnings,
        notes,
        builtins: loaded.builtins,
    })
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
            && !crate::tables::nullable_expr(
                &seq_of(xs.iter().map(|e| (*e).clone()).collect()),
                nullable,
            )
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

/// Warns about dead alternatives (`P | P ~ Q`) and shared prefixes (`P ~ Q | P ~ R`).
fn check_choices(rule: &str, expr: &Expr, warnings: &mut Vec<String>) {
    match expr {
        Expr::Choice(..) => {
            let alts = choice_items(expr);
            let seqs: Vec<Vec<&Expr>> = alts.iter().map(|a| seq_items(a)).collect();
            'pairs: for i in 0..seqs.len() {
                for j in i + 1..seqs.len() {
                    let common = seqs[i]
                        .iter()
                        .zip(&seqs[j])
                        .take_while(|(a, b)| a == b)
                        .count();
                    if common == seqs[i].len() {
                        let hint = if matches!(seqs[j].last(), Some(Expr::Ident(n)) if n == rule) {
                            " (a list? write it as `x+` or `x ~ (sep ~ x)*`)"
                        } else {
                            " (put the longer alternative first)"
                        };
                        warnings.push(format!(
                            "rule `{rule}`: alternative `{}` can never match because `{}` before it always wins{hint}; not rewritten",
                            grammar::expr_text(alts[j]),
                            grammar::expr_text(alts[i])
                        ));
                        break 'pairs;
                    }
                    if common > 0 {
                        let prefix =
                            seq_of(seqs[i][..common].iter().map(|e| (*e).clone()).collect());
                        warnings.push(format!(
                            "rule `{rule}`: alternatives `{}` and `{}` share the prefix `{}`, which pest parses again for each (exponential with nesting); factor it out: `{} ~ (... | ...)`",
                            grammar::expr_text(alts[i]),
                            grammar::expr_text(alts[j]),
                            grammar::expr_text(&prefix),
                            grammar::expr_text(&prefix)
                        ));
                        break 'pairs;
                    }
                }
            }
            for a in alts {
                check_choices(rule, a, warnings);
            }
        }
        _ => grammar::subexpressions(expr).for_each(|x| check_choices(rule, x, warnings)),
    }
}

/// `a | b | c` where every alternative is a reference to a rule of the grammar.
fn is_pure_choice(expr: &Expr, defined: &HashSet<String>) -> bool {
    let alts = choice_items(expr);
    alts.len() >= 2
        && alts
            .iter()
            .all(|a| matches!(a, Expr::Ident(n) if defined.contains(n)))
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
    use super::*;

    /// Normalized rule lines (without comments) of a grammar text.
    fn norm(text: &str) -> String {
        let n = normalize(grammar::load(text, "t.pest").unwrap()).unwrap();
        n.text()
            .lines()
            .filter(|l| !l.starts_with("//"))
            .map(|l| format!("{l}\n"))
            .collect()
    }

    fn warnings(text: &str) -> Vec<String> {
        normalize(grammar::load(text, "t.pest").unwrap())
            .unwrap()
            .warnings
    }

    #[test]
    fn default_start_is_the_first_visible_rule_that_begins_with_soi() {
        let start = |text: &str| {
            normalize(grammar::load(text, "t.pest").unwrap())
                .unwrap()
                .default_start()
                .map(str::to_owned)
        };
        let g = "WHITESPACE = _{ \" \" }\nx = { \"x\" }\nhidden = _{ SOI ~ x }\nfile = { SOI ~ x* ~ EOI }\nother = { SOI ~ x }";
        assert_eq!(start(g).as_deref(), Some("file"));
        let g = "x = { \"x\" }\nfile = { SOI ~ x ~ EOI | SOI ~ EOI }";
        assert_eq!(start(g).as_deref(), Some("file"));
        assert_eq!(start("x = { \"x\" ~ SOI }\ny = { x | SOI }"), None);
    }

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

    #[test]
    fn direct_left_recursion_becomes_star() {
        assert_eq!(
            norm("e = { e ~ \"+\" ~ t | e ~ \"-\" ~ t | t }\nt = { \"t\" }"),
            "e = { t ~ e__star0* }\ne__star0 = { \"+\" ~ t | \"-\" ~ t }\nt = { \"t\" }\n"
        );
        let e = normalize(grammar::load("e = { e ~ \"+\" }", "t.pest").unwrap()).unwrap_err();
        assert!(e[0].contains("no non-recursive alternative"), "{e:?}");
    }

    #[test]
    fn pure_choice_slot_rules_become_visible() {
        assert_eq!(
            norm(
                "v = _{ a | b }\nlp = _{ \"(\" }\nw = _{ a | \"b\" }\na = { \"a\" }\nb = { \"b\" }"
            ),
            "v = { a | b }\nlp = _{ \"(\" }\nw = _{ a | \"b\" }\na = { \"a\" }\nb = { \"b\" }\n"
        );
    }

    #[test]
    fn dead_alternatives_are_warned_not_rewritten() {
        let text = "l = { x | x ~ l }\nx = { \"x\" }";
        assert_eq!(norm(text), "l = { x | x ~ l }\nx = { \"x\" }\n");
        let w = warnings(text);
        assert_eq!(w.len(), 1);
        assert!(
            w[0].contains("can never match") && w[0].contains("a list?"),
            "{w:?}"
        );
    }

    #[test]
    fn shared_prefixes_are_warned() {
        let w = warnings("a = { b ~ \"=\" ~ a | b ~ \";\" }\nb = { \"b\" }");
        assert_eq!(w.len(), 1);
        assert!(w[0].contains("share the prefix `b`"), "{w:?}");
        let n =
            normalize(grammar::load("a = { \"x\" | \"x\" ~ \"y\" }", "t.pest").unwrap()).unwrap();
        assert!(
            n.text().starts_with("// warning: rule `a`: alternative"),
            "{}",
            n.text()
        );
    }
}
