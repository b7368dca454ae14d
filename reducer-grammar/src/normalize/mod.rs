//! Rewriting a grammar into Perses Normal Form.
//!
//! Rewrites, in order, one module each:
//! 1. [`left_recursion`]: direct left recursion `a = { a ~ s | r }` ⇒ `r ~ s*` (the original
//!    has no PEG meaning);
//! 2. [`lists`]: recursive list idioms ⇒ quantifiers (`l = { x ~ l | x }` ⇒ `x+`,
//!    `l = { x ~ (s ~ l)? }` ⇒ `x ~ (s ~ x)*`, `l = { (x ~ l)? }` ⇒ `x*`), applied only when
//!    `x` cannot match the empty string, which makes them exact under PEG semantics;
//! 3. [`slots`]: silent pure-choice slot rules (`value = _{ object | array }`) become visible;
//! 4. [`wrappers`]: every `e*`, `e+`, `e?` outside atomic rules and predicates becomes a
//!    quantified element wrapper rule (`r__star0*` with `r__star0 = { e }`).
//!
//! [`warnings`]: alternatives that can never match (`a | a ~ b`) and alternatives sharing a
//! prefix (which pest re-parses, exponentially with nesting) are reported, never rewritten.

pub mod left_recursion;
pub mod lists;
pub mod slots;
pub mod warnings;
pub mod wrappers;

use crate::expr::begins_with_soi;
use crate::load::Loaded;
use crate::print::rule_text;
use pest_meta::ast::{Expr, RuleType};

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
                    && begins_with_soi(&r.expr)
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
            s.push_str(&rule_text(&r.name, r.ty, &r.expr));
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
    left_recursion::rewrite(&mut rules, &loaded.left_recursive, &mut notes)?;
    lists::rewrite(&mut rules, &mut notes);
    warnings::check(&rules, &mut warnings);
    slots::rewrite(&mut rules, &mut notes);
    Ok(Normalized {
        rules: wrappers::wrap(rules),
        warnings,
        notes,
        builtins: loaded.builtins,
    })
}

#[cfg(test)]
mod test_util {
    use super::normalize;
    use crate::load::load;

    /// Normalized rule lines (without comments) of a grammar text.
    pub fn norm(text: &str) -> String {
        let n = normalize(load(text, "t.pest").unwrap()).unwrap();
        n.text()
            .lines()
            .filter(|l| !l.starts_with("//"))
            .map(|l| format!("{l}\n"))
            .collect()
    }

    /// The warnings about a grammar text.
    pub fn warnings(text: &str) -> Vec<String> {
        normalize(load(text, "t.pest").unwrap()).unwrap().warnings
    }
}

#[cfg(test)]
mod tests {
    use super::normalize;
    use crate::load::load;

    #[test]
    fn default_start_is_the_first_visible_rule_that_begins_with_soi() {
        let start = |text: &str| {
            normalize(load(text, "t.pest").unwrap())
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
}
