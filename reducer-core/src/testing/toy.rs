//! `Toy`: a small hand-written language for tests, examples and benchmarks of the engine.
//!
//! It is written directly in Perses Normal Form (every `*`/`?` operand is its own wrapper
//! rule), as the `#[reducer]` macro would generate it:
//!
//! ```text
//! program     = { SOI ~ program_star* ~ EOI }      program_star = { stmt }            (*)
//! stmt        = { block | if_stmt | decl | call_stmt | empty_stmt }
//! block       = { "{" ~ block_star* ~ "}" }        block_star   = { stmt }            (*)
//! if_stmt     = { "if" ~ "(" ~ expr ~ ")" ~ stmt ~ if_else? }  if_else = { "else" ~ stmt } (?)
//! decl        = { "var" ~ ident ~ decl_init? ~ ";" }   decl_init = { "=" ~ expr }     (?)
//! call_stmt   = { expr ~ ";" }                     empty_stmt   = { ";" }
//! expr        = { unary ~ expr_star* }             expr_star    = { op ~ unary }      (*)
//! unary       = { unary_star* ~ primary }          unary_star   = { "!" | "-" }       (*)
//! primary     = { call | number | paren | ident }
//! call        = { ident ~ "(" ~ call_args? ~ ")" } call_args    = { args }            (?)
//! args        = { expr ~ args_star* }              args_star    = { "," ~ expr }      (*)
//! paren       = { "(" ~ expr ~ ")" }
//! ident       = @{ letter ~ (letter | digit)* }    number       = @{ digit+ }
//! ```
//! `op` is one of `+ - * / < > ==`; a `//` comment runs to the end of its line.

use super::parser::{is_ident_char, r, Parser, O, R, S};
use crate::syntax::language::{Language, ParseError, RuleInfo, Separated, Tables};
use crate::syntax::tree::{RuleId, Tree, TreeBuilder};
use std::sync::OnceLock;

/// Rule ids of [`Toy`].
#[allow(missing_docs)]
pub mod rule {
    use crate::syntax::tree::RuleId;
    pub const PROGRAM: RuleId = 0;
    pub const PROGRAM_STAR: RuleId = 1;
    pub const STMT: RuleId = 2;
    pub const BLOCK: RuleId = 3;
    pub const BLOCK_STAR: RuleId = 4;
    pub const IF_STMT: RuleId = 5;
    pub const IF_ELSE: RuleId = 6;
    pub const DECL: RuleId = 7;
    pub const DECL_INIT: RuleId = 8;
    pub const CALL_STMT: RuleId = 9;
    pub const EMPTY_STMT: RuleId = 10;
    pub const EXPR: RuleId = 11;
    pub const EXPR_STAR: RuleId = 12;
    pub const UNARY: RuleId = 13;
    pub const UNARY_STAR: RuleId = 14;
    pub const PRIMARY: RuleId = 15;
    pub const CALL: RuleId = 16;
    pub const CALL_ARGS: RuleId = 17;
    pub const ARGS: RuleId = 18;
    pub const ARGS_STAR: RuleId = 19;
    pub const PAREN: RuleId = 20;
    pub const IDENT: RuleId = 21;
    pub const NUMBER: RuleId = 22;
}
use rule::*;

static RULES: [RuleInfo; 23] = [
    RuleInfo {
        nullable: true,
        ..r("program", R, Some(""))
    },
    r("program_star", S, Some(";")),
    r("stmt", R, Some(";")),
    r("block", R, Some("{}")),
    r("block_star", S, Some(";")),
    r("if_stmt", R, Some("if(0);")),
    r("if_else", O, Some("else;")),
    r("decl", R, Some("var a;")),
    r("decl_init", O, Some("=0")),
    r("call_stmt", R, Some("0;")),
    r("empty_stmt", R, Some(";")),
    r("expr", R, Some("0")),
    r("expr_star", S, Some("+0")),
    r("unary", R, Some("0")),
    r("unary_star", S, Some("!")),
    r("primary", R, Some("0")),
    r("call", R, Some("a()")),
    r("call_args", O, Some("0")),
    r("args", R, Some("0")),
    r("args_star", S, Some(",0")),
    r("paren", R, Some("(0)")),
    RuleInfo {
        token: true,
        ..r("ident", R, Some("a"))
    },
    RuleInfo {
        token: true,
        ..r("number", R, Some("0"))
    },
];

const LITERALS: &[&str] = &[
    "==", "if", "else", "var", "{", "}", "(", ")", ";", "=", ",", "!", "-", "+", "*", "/", "<", ">",
];

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let stmts = [STMT, BLOCK, IF_STMT, DECL, CALL_STMT, EMPTY_STMT];
        let exprs = [EXPR, UNARY, PRIMARY, CALL, NUMBER, PAREN, IDENT];
        let mut pairs = Vec::new();
        for slot in [PROGRAM_STAR, BLOCK_STAR, STMT] {
            pairs.extend(stmts.iter().map(|&b| (slot, b)));
        }
        for (i, &slot) in exprs.iter().enumerate().take(3) {
            pairs.extend(exprs[i..].iter().map(|&b| (slot, b)));
        }
        for slot in [ARGS, CALL_ARGS] {
            pairs.extend(exprs.iter().map(|&b| (slot, b)));
        }
        pairs.push((CALL_ARGS, ARGS));
        Tables {
            rules: &RULES,
            compat: Tables::compat_matrix(RULES.len(), &pairs),
            literals: LITERALS,
            identifiers: &[IDENT],
            layout: &[],
            stand_ins: &[],
            separated: &[
                Separated {
                    element: EXPR_STAR,
                    item: UNARY,
                    separator: None,
                    list: EXPR,
                    whole: true,
                },
                Separated {
                    element: ARGS_STAR,
                    item: EXPR,
                    separator: Some(","),
                    list: ARGS,
                    whole: true,
                },
            ],
        }
    })
}

/// The toy statement language (see the module docs for its grammar).
#[derive(Clone, Copy, Debug, Default)]
pub struct Toy;

impl Language for Toy {
    fn name(&self) -> &'static str {
        "Toy"
    }
    fn extensions(&self) -> &'static [&'static str] {
        &["toy"]
    }
    fn tables(&self) -> &'static Tables {
        tables()
    }
    fn start_rule(&self) -> RuleId {
        PROGRAM
    }
    fn normalized_grammar(&self) -> &'static str {
        "see reducer_core::testing"
    }
    fn parse(&self, text: &str) -> Result<Tree, ParseError> {
        let mut p = Parser::new(text);
        if p.rule(PROGRAM) && p.at_end() {
            let mut b = TreeBuilder::new(text, &RULES, LITERALS);
            for &(open, rule, pos) in &p.events {
                if open {
                    b.open(rule, pos);
                } else {
                    b.close(pos);
                }
            }
            Ok(b.finish(PROGRAM))
        } else {
            Err(p.error())
        }
    }
    fn comment_len(&self, text: &str) -> Option<usize> {
        super::parser::line_comment_len(text.as_bytes())
    }
    fn accepts(&self, text: &str) -> bool {
        self.parse_prefix(self.start_rule(), text)
            .is_ok_and(|len| super::parser::only_trivia(&text.as_bytes()[len..]))
    }
    fn parse_prefix(&self, rule: RuleId, text: &str) -> Result<usize, ParseError> {
        let mut p = Parser::new(text);
        if p.rule(rule) {
            Ok(p.pos)
        } else {
            Err(p.error())
        }
    }
}

/// The Toy grammar's rules on the shared parser.
impl Parser<'_> {
    fn token(&mut self, rule: RuleId) -> bool {
        let start = self.pos;
        let len = self.text[start..]
            .iter()
            .take_while(|&&b| {
                if rule == NUMBER {
                    b.is_ascii_digit()
                } else {
                    is_ident_char(b)
                }
            })
            .count();
        let word = &self.src[start..start + len];
        let ok = len > 0
            && if rule == NUMBER {
                true
            } else {
                self.text[start].is_ascii_alphabetic() && !["if", "else", "var"].contains(&word)
            };
        if ok {
            self.pos += len;
        }
        ok
    }

    /// Parses `rule` at the current position (after whitespace), recording its node.
    fn rule(&mut self, rule: RuleId) -> bool {
        self.node(rule, rule != PROGRAM, |p| p.body(rule))
    }

    fn star(&mut self, rule: RuleId) {
        while self.rule(rule) {}
    }

    fn body(&mut self, rule: RuleId) -> bool {
        match rule {
            PROGRAM => {
                self.star(PROGRAM_STAR);
                true
            }
            PROGRAM_STAR | BLOCK_STAR => self.rule(STMT),
            STMT => [BLOCK, IF_STMT, DECL, CALL_STMT, EMPTY_STMT]
                .iter()
                .any(|&r| self.rule(r)),
            BLOCK => {
                self.lit("{") && {
                    self.star(BLOCK_STAR);
                    self.lit("}")
                }
            }
            IF_STMT => {
                self.lit("if")
                    && self.lit("(")
                    && self.rule(EXPR)
                    && self.lit(")")
                    && self.rule(STMT)
                    && {
                        self.rule(IF_ELSE);
                        true
                    }
            }
            IF_ELSE => self.lit("else") && self.rule(STMT),
            DECL => {
                self.lit("var")
                    && self.rule(IDENT)
                    && {
                        self.rule(DECL_INIT);
                        true
                    }
                    && self.lit(";")
            }
            DECL_INIT => self.lit("=") && self.rule(EXPR),
            CALL_STMT => self.rule(EXPR) && self.lit(";"),
            EMPTY_STMT => self.lit(";"),
            EXPR => {
                self.rule(UNARY) && {
                    self.star(EXPR_STAR);
                    true
                }
            }
            EXPR_STAR => {
                ["==", "+", "-", "*", "/", "<", ">"]
                    .iter()
                    .any(|o| self.lit(o))
                    && self.rule(UNARY)
            }
            UNARY => {
                self.star(UNARY_STAR);
                self.rule(PRIMARY)
            }
            UNARY_STAR => self.lit("!") || self.lit("-"),
            PRIMARY => [CALL, NUMBER, PAREN, IDENT].iter().any(|&r| self.rule(r)),
            CALL => {
                self.rule(IDENT)
                    && self.lit("(")
                    && {
                        self.rule(CALL_ARGS);
                        true
                    }
                    && self.lit(")")
            }
            CALL_ARGS => self.rule(ARGS),
            ARGS => {
                self.rule(EXPR) && {
                    self.star(ARGS_STAR);
                    true
                }
            }
            ARGS_STAR => self.lit(",") && self.rule(EXPR),
            PAREN => self.lit("(") && self.rule(EXPR) && self.lit(")"),
            IDENT | NUMBER => self.token(rule),
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::tree::EditSet;

    #[test]
    fn parses_and_prints_back() {
        let src = "var a = 5;\nif (!c) { print(a, 1+2); } else { isNaN(2); }\n;{}\n";
        let t = Toy.parse(src).unwrap();
        assert_eq!(t.text(), src);
        assert!(t.tokens() > 20);
        assert_eq!(Toy.parse_prefix(STMT, "{ x; } y;"), Ok(6));
        assert!(Toy.parse("if (").is_err());
        let e = Toy.parse("var 1;").unwrap_err();
        assert_eq!((e.line, e.column), (1, 5));
    }

    #[test]
    fn tables_know_compatibility() {
        let t = Toy.tables();
        assert!(t.compatible(STMT, BLOCK));
        assert!(t.compatible(EXPR, IDENT));
        assert!(!t.compatible(BLOCK, STMT));
        assert!(!t.compatible(IF_ELSE, STMT));
    }

    #[test]
    fn edits_on_toy_trees() {
        let t = Toy.parse("if (1) { print; }").unwrap();
        let stmt = t
            .children(t.children(t.root()).next().unwrap())
            .next()
            .unwrap();
        let body = t.bfs().into_iter().find(|&n| t.rule(n) == BLOCK).unwrap();
        let mut e = EditSet::new();
        e.hoist(stmt, body);
        assert_eq!(t.print(&e), "{ print; }");
    }

    /// A random edit on a live node below the root: delete it, hoist a descendant into its
    /// place, or replace it by a text.
    fn random_edit(
        t: &crate::syntax::tree::Tree,
        pick: &mut impl FnMut(usize) -> usize,
    ) -> EditSet {
        let mut e = EditSet::new();
        let live = t.bfs();
        if live.len() < 2 {
            return e;
        }
        let n = live[1 + pick(live.len() - 1)];
        match pick(3) {
            0 => {
                e.delete(n);
            }
            1 => {
                let below: Vec<_> = t
                    .bfs()
                    .into_iter()
                    .filter(|&d| d != n && t.is_ancestor_or_self(n, d))
                    .collect();
                if !below.is_empty() {
                    e.hoist(n, below[pick(below.len())]);
                }
            }
            _ => {
                e.replace(n, "x".into());
            }
        }
        e
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]
        /// Printing copies untouched subtrees as source slices; marking every node turns that
        /// shortcut off, so both must print the same, whatever was committed before.
        #[test]
        fn source_slices_print_like_segment_walks(seed in proptest::prelude::any::<u64>()) {
            let src = "var a = 5;\nif (!c) { print(a, 1+2); } else { isNaN(2); }\n;{ f(g(1), -h); }\nvar b;";
            let mut t = Toy.parse(src).unwrap();
            let mut state = seed | 1;
            let mut pick = |n: usize| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                (state % n as u64) as usize
            };
            for _ in 0..6 {
                let all = t.bfs();
                let e = random_edit(&t, &mut pick);
                let fast = t.print(&e);
                let (slow, spans) = t.print_marked(&e, &all);
                proptest::prop_assert_eq!(&fast, &slow);
                // Each printed slot's span holds what that slot prints (a replacement text
                // at the start of a slot included: a local syntax check re-parses from there).
                for (&n, &(s, en)) in &spans {
                    proptest::prop_assert_eq!(&slow[s..en], t.print_node(n, &e), "slot {}", n);
                }
                if pick(2) == 0 {
                    t.commit(&e);
                    proptest::prop_assert_eq!(t.text(), fast);
                    let (slow, _) = t.print_marked(&EditSet::new(), &t.bfs());
                    proptest::prop_assert_eq!(t.text(), slow);
                }
            }
        }
    }
}
