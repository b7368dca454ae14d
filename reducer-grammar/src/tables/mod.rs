//! The static tables of a normalized grammar: derivation kinds, nullability, the
//! compatibility matrix (unit-derivation closure), minimal replacement texts (a CFG
//! fixpoint, each result checked with `pest_vm` to parse as its rule), the literal tokens,
//! the separated lists and the layout tokens.

pub mod compat;
pub mod layout;
pub mod literals;
pub mod min_text;
pub use crate::nullable;
pub mod separated;

use crate::normalize::{Kind, Normalized};
use pest_meta::ast::RuleType;
use std::collections::HashMap;

/// Everything the generated `Tables` contain, in rule-id order.
#[derive(Clone, Debug)]
pub struct TableData {
    /// One row per rule id.
    pub rules: Vec<RuleRow>,
    /// Compatibility bit matrix, row-major, `rules.len().div_ceil(64)` words per row.
    pub compat: Vec<u64>,
    /// String literals matched outside atomic rules, longest first.
    pub literals: Vec<String>,
    /// The element rules of separated lists (`x ~ (sep ~ x)*`), by element rule id.
    pub separated: Vec<separated::Separated>,
    /// The layout token rules (line breaks with the blank and comment lines after them).
    pub layout: Vec<usize>,
}

/// The facts about one rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleRow {
    /// Rule name (`EOI` for the built-in end of input).
    pub name: String,
    /// Derivation kind of its nodes.
    pub kind: Kind,
    /// Atomic rule: a token leaf.
    pub token: bool,
    /// Never a node (silent rules and `EOI`).
    pub hidden: bool,
    /// Derives the empty string.
    pub nullable: bool,
    /// Shortest text, checked to parse as the rule (`None` for hidden rules: never nodes).
    pub min_text: Option<String>,
}

impl TableData {
    /// The id of rule `name`.
    pub fn id(&self, name: &str) -> Option<usize> {
        self.rules.iter().position(|r| r.name == name)
    }
}

/// Computes the tables of normalized grammar `g`. `Err` if the normalized grammar does not
/// validate (a bug of the normalizer).
pub fn compute(g: &Normalized) -> Result<TableData, Vec<String>> {
    let nullable = nullable::nullable_rules(g.rules.iter().map(|r| (r.name.as_str(), &r.expr)));
    let mut rows: Vec<RuleRow> = g
        .rules
        .iter()
        .map(|r| RuleRow {
            name: r.name.clone(),
            kind: r.kind,
            token: matches!(r.ty, RuleType::Atomic | RuleType::CompoundAtomic),
            hidden: r.ty == RuleType::Silent,
            nullable: nullable[&r.name],
            min_text: None,
        })
        .collect();
    if g.builtins.iter().any(|b| b == "EOI") {
        rows.push(RuleRow {
            name: "EOI".into(),
            kind: Kind::Regular,
            token: false,
            hidden: true,
            nullable: true,
            min_text: None,
        });
    }
    let index: HashMap<&str, usize> = rows
        .iter()
        .enumerate()
        .map(|(i, r)| (r.name.as_str(), i))
        .collect();

    let compat = compat::matrix(g, &nullable, &index, rows.len());
    let separated = separated::find(g, &index, &nullable);
    // The normalized grammar under pest_vm, built once for both checks.
    let check = min_text::Checker::new(g)?;
    min_text::fill(g, &check, &mut rows);
    let lits = literals::collect(g);
    let layout = layout::find(g, &check, &rows);
    Ok(TableData {
        rules: rows,
        compat,
        literals: lits,
        separated,
        layout,
    })
}

#[cfg(test)]
pub(crate) mod test_util {
    use super::{compute, RuleRow, TableData};
    use crate::{load::load, normalize::normalize};

    /// The tables of a grammar text.
    pub fn tables(text: &str) -> TableData {
        compute(&normalize(load(text, "t.pest").unwrap()).unwrap()).unwrap()
    }

    /// The row of rule `name`.
    pub fn row<'a>(t: &'a TableData, name: &str) -> &'a RuleRow {
        &t.rules[t.id(name).unwrap()]
    }

    /// A small expression grammar with every kind of rule.
    pub const EXPR: &str = r#"
file = { SOI ~ stmt* ~ EOI }
stmt = { block | expr ~ ";" | ";" }
block = { "{" ~ stmt* ~ "}" }
expr = { term ~ (("+" | "-") ~ term)* }
term = { atom ~ ("*" ~ atom)* }
atom = _{ num | ident | paren }
paren = { "(" ~ expr ~ ")" }
num = @{ ASCII_DIGIT+ }
ident = @{ ASCII_ALPHA+ }
maybe = { num? ~ ident? }
WHITESPACE = _{ " " }
"#;
}

#[cfg(test)]
mod tests {
    use super::test_util::{row, tables, EXPR};
    use crate::normalize::Kind;

    #[test]
    fn derivation_kinds_tokens_and_hidden() {
        let t = tables(EXPR);
        let names: Vec<&str> = t.rules.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "file",
                "file__star0",
                "stmt",
                "block",
                "block__star0",
                "expr",
                "expr__star0",
                "term",
                "term__star0",
                "atom",
                "paren",
                "num",
                "ident",
                "maybe",
                "maybe__opt0",
                "maybe__opt1",
                "WHITESPACE",
                "EOI"
            ]
        );
        assert_eq!(row(&t, "file__star0").kind, Kind::Star);
        assert_eq!(row(&t, "maybe__opt1").kind, Kind::Optional);
        assert_eq!(row(&t, "expr").kind, Kind::Regular);
        assert!(row(&t, "num").token && !row(&t, "expr").token);
        assert!(row(&t, "EOI").hidden && row(&t, "WHITESPACE").hidden && !row(&t, "atom").hidden);
    }
}
