//! `Brackets`: nested bracketed lists, a test language whose `?` holds a `*` list.

use super::parser::{r, Parser, O, R, S};
use crate::syntax::language::{Language, ParseError, RuleInfo, Tables};
use crate::syntax::tree::{RuleId, Tree, TreeBuilder};
use std::sync::OnceLock;

/// `Brackets`: nested bracketed lists, in Perses Normal Form, where a `?` holds a `*` list
/// (so single-element lists form chains of nullable nodes, as Pardis' Sect. 3.2 describes):
///
/// ```text
/// file      = { SOI ~ file_star* ~ EOI }     file_star = { item }       (*)
/// item      = { list | atom }
/// list      = { "(" ~ list_opt? ~ ")" }      list_opt  = { items }      (?)
/// items     = { items_star* }                items_star = { item }      (*)
/// atom      = @{ ASCII_ALPHANUMERIC+ }
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Brackets;

/// Rule ids of [`Brackets`].
#[allow(missing_docs)]
pub mod brackets_rule {
    use crate::syntax::tree::RuleId;
    pub const FILE: RuleId = 0;
    pub const FILE_STAR: RuleId = 1;
    pub const ITEM: RuleId = 2;
    pub const LIST: RuleId = 3;
    pub const LIST_OPT: RuleId = 4;
    pub const ITEMS: RuleId = 5;
    pub const ITEMS_STAR: RuleId = 6;
    pub const ATOM: RuleId = 7;
}

static BRACKET_RULES: [RuleInfo; 8] = [
    RuleInfo {
        nullable: true,
        ..r("file", R, Some(""))
    },
    r("file_star", S, Some("a")),
    r("item", R, Some("a")),
    r("list", R, Some("()")),
    r("list_opt", O, Some("a")),
    RuleInfo {
        nullable: true,
        ..r("items", R, Some(""))
    },
    r("items_star", S, Some("a")),
    RuleInfo {
        token: true,
        ..r("atom", R, Some("a"))
    },
];

fn bracket_tables() -> &'static Tables {
    use brackets_rule::*;
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let mut pairs = Vec::new();
        for slot in [FILE_STAR, ITEMS_STAR, ITEM] {
            pairs.extend([(slot, ITEM), (slot, LIST), (slot, ATOM)]);
        }
        Tables {
            rules: &BRACKET_RULES,
            compat: Tables::compat_matrix(BRACKET_RULES.len(), &pairs),
            literals: &["(", ")"],
            identifiers: &[ATOM],
            layout: &[],
            stand_ins: &[],
            separated: &[],
        }
    })
}

impl Brackets {
    fn rule(&self, p: &mut Parser<'_>, rule: RuleId) -> bool {
        use brackets_rule::*;
        p.node(rule, rule != FILE, |p| {
            let opened = p.events.len();
            match rule {
                FILE | ITEMS => {
                    let star = if rule == FILE { FILE_STAR } else { ITEMS_STAR };
                    while self.rule(p, star) {}
                    true
                }
                FILE_STAR | ITEMS_STAR => self.rule(p, ITEM),
                ITEM => self.rule(p, LIST) || self.rule(p, ATOM),
                LIST => {
                    p.lit("(") && {
                        self.rule(p, LIST_OPT);
                        p.lit(")")
                    }
                }
                // `items` matches the empty string; as the body of a `?` it is meant to
                // match something. (This counts the `items` node's own events too, so an
                // empty `items` still passes: `()` gets an empty `?` node.)
                LIST_OPT => self.rule(p, ITEMS) && p.events.len() > opened + 1,
                ATOM => {
                    let len = p.text[p.pos..]
                        .iter()
                        .take_while(|b| b.is_ascii_alphanumeric())
                        .count();
                    p.pos += len;
                    len > 0
                }
                _ => false,
            }
        })
    }
}

impl Language for Brackets {
    fn name(&self) -> &'static str {
        "Brackets"
    }
    fn extensions(&self) -> &'static [&'static str] {
        &["brackets"]
    }
    fn tables(&self) -> &'static Tables {
        bracket_tables()
    }
    fn start_rule(&self) -> RuleId {
        brackets_rule::FILE
    }
    fn normalized_grammar(&self) -> &'static str {
        "see reducer_core::testing::Brackets"
    }
    fn parse(&self, text: &str) -> Result<Tree, ParseError> {
        let mut p = Parser::new(text);
        if self.rule(&mut p, brackets_rule::FILE) && p.at_end() {
            let mut b = TreeBuilder::new(text, &BRACKET_RULES, &["(", ")"]);
            for &(open, rule, pos) in &p.events {
                if open {
                    b.open(rule, pos);
                } else {
                    b.close(pos);
                }
            }
            Ok(b.finish(brackets_rule::FILE))
        } else {
            Err(p.error())
        }
    }
    fn parse_prefix(&self, rule: RuleId, text: &str) -> Result<usize, ParseError> {
        let mut p = Parser::new(text);
        if self.rule(&mut p, rule) {
            Ok(p.pos)
        } else {
            Err(p.error())
        }
    }
}

#[cfg(test)]
mod bracket_tests {
    use super::*;

    #[test]
    fn brackets_parse_and_print_back() {
        let src = " (a (b c) ()) d ((e))\n";
        let t = Brackets.parse(src).unwrap();
        assert_eq!(t.text(), src);
        assert_eq!(t.tokens(), 15);
        assert!(Brackets.parse("(a").is_err());
    }
}
