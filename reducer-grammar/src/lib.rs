//! The grammar side of the reducer generator, as a plain library.
//!
//! [`analyze`] takes a pest grammar's text through the whole pipeline, one module per step:
//! 1. [`load`] reads it with `pest_meta` (errors are pest's diagnostics, with line, column
//!    and the quoted grammar line; direct left recursion is let through for step 2);
//! 2. [`normalize`] rewrites it into Perses Normal Form (element wrapper rules for every
//!    quantifier, list idioms and direct left recursion turned into quantifiers, pure-choice
//!    slot rules made visible; one module per rewrite) and warns about dead alternatives and
//!    shared prefixes;
//! 3. [`tables`] computes what the reduction engine needs per rule: derivation kind,
//!    nullability, the compatibility matrix, minimal replacement texts (each checked with
//!    `pest_vm` to parse as its rule) and the literal tokens.
//!
//! [`print`](mod@print) turns rules back into pest text and [`expr`] has the small expression helpers
//! the steps share. The `#[reducer]` macro of `reducer-macros` is a thin wrapper around this
//! crate; anything else that wants the normalized grammar or the tables (a grammar linter, a
//! report) can call it directly.
//!
//! ```
//! let g = reducer_grammar::analyze("list = { SOI ~ \"x\"* ~ EOI }", "list.pest").unwrap();
//! assert_eq!(g.default_start(), Some("list"));
//! assert!(g.normalized.text().contains("list__star0 = { \"x\" }"));
//! ```

#![warn(missing_docs)]

pub mod expr;
pub mod load;
pub mod normalize;
pub mod nullable;
pub mod print;
pub mod tables;

pub use normalize::{Kind, Normalized};
pub use tables::{RuleRow, TableData};

/// A grammar taken through the whole pipeline.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The grammar in Perses Normal Form, with the warnings and the rewrites applied.
    pub normalized: Normalized,
    /// Its tables, in rule-id order.
    pub tables: TableData,
}

/// Reads, normalizes and tabulates pest grammar `text`; `label` stands for the file name in
/// error messages. Errors are one message per problem.
pub fn analyze(text: &str, label: &str) -> Result<Analysis, Vec<String>> {
    let normalized = normalize::normalize(load::load(text, label)?)?;
    let tables = tables::compute(&normalized).map_err(|es| {
        es.into_iter()
            .map(|e| format!("internal error: the normalized grammar does not validate:\n{e}"))
            .collect::<Vec<_>>()
    })?;
    Ok(Analysis { normalized, tables })
}

impl Analysis {
    /// The default start rule: see [`Normalized::default_start`].
    pub fn default_start(&self) -> Option<&str> {
        self.normalized.default_start()
    }

    /// The id of rule `name` if it can be a start rule (a visible rule).
    pub fn start_rule(&self, name: &str) -> Option<usize> {
        self.tables
            .id(name)
            .filter(|&i| !self.tables.rules[i].hidden)
    }

    /// The id of rule `name` if it can be an identifier rule (a visible atomic rule).
    pub fn identifier_rule(&self, name: &str) -> Option<usize> {
        self.tables
            .id(name)
            .filter(|&i| self.tables.rules[i].token && !self.tables.rules[i].hidden)
    }

    /// The identifier rules when none are named: the visible atomic rules called
    /// `identifier` or `identifier_name`.
    pub fn default_identifiers(&self) -> Vec<usize> {
        ["identifier", "identifier_name"]
            .iter()
            .filter_map(|n| self.identifier_rule(n))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn analysis_finds_start_and_identifier_rules() {
        let g = analyze(
            "WHITESPACE = _{ \" \" }\nidentifier = @{ ASCII_ALPHA+ }\nhelp = _{ identifier }\nfile = { SOI ~ identifier* ~ EOI }",
            "t.pest",
        )
        .unwrap();
        assert_eq!(g.default_start(), Some("file"));
        assert_eq!(g.start_rule("file"), g.tables.id("file"));
        assert_eq!(g.start_rule("help"), None);
        assert_eq!(
            g.default_identifiers(),
            [g.tables.id("identifier").unwrap()]
        );
        assert_eq!(g.identifier_rule("file"), None);
    }

    #[test]
    fn errors_are_one_message_per_problem() {
        let e = analyze("a = { b }\nc = { d }", "t.pest").unwrap_err();
        assert_eq!(e.len(), 2, "{e:?}");
        assert!(e[0].contains("t.pest:1:"), "{}", e[0]);
    }
}
