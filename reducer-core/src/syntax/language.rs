//! The `Language` trait: what the engine needs to know about an input language.
//!
//! The `#[reducer(grammar = "...")]` macro implements it for a unit struct; tests use small
//! hand-written implementations. Everything static (rule names, derivation kinds, the
//! compatibility matrix, minimal replacement texts) lives in [`Tables`]; parsing is behaviour.

pub use crate::syntax::tree::RuleInfo;
use crate::syntax::tree::{RuleId, Tree};
use std::fmt;
use std::sync::Arc;

/// The tables computed from the grammar at build time.
#[derive(Debug)]
pub struct Tables {
    /// One entry per rule, indexed by [`RuleId`].
    pub rules: &'static [RuleInfo],
    /// Compatibility bit matrix, row-major: bit `b` of row `a` is set when a node of rule `b`
    /// may replace a node of rule `a` (hoisting). Each row has `rules.len().div_ceil(64)` words.
    pub compat: &'static [u64],
    /// The literal tokens of the grammar (used to count tokens in literal text between nodes),
    /// longest first.
    pub literals: &'static [&'static str],
    /// The atomic rules whose tokens are identifiers (names that renaming may change), e.g.
    /// C's `identifier`; empty when the grammar has none.
    pub identifiers: &'static [RuleId],
    /// The element rules of separated lists (`x ~ (sep ~ x)*`), ascending by element rule.
    pub separated: &'static [Separated],
    /// The layout token rules: atomic rules that match a line break with blanks around it
    /// (a statement separator that takes the blank and comment lines after it along); the
    /// lines inside such a token are trivia.
    pub layout: &'static [RuleId],
    /// Texts the grammar declares may stand in a rule's slot besides its shortest text
    /// (`#[reducer(stand_ins(instr = ["unreachable"]))]`: a body that must still produce a
    /// value), each with its rule, in the order declared.
    pub stand_ins: &'static [(RuleId, &'static str)],
}

/// An element rule of a separated list: Perses Normal Form writes `x ~ (sep ~ x)*` as
/// `X ~ e*` with `e = { S ~ X }` (computed at build time by `reducer-grammar`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Separated {
    /// The element wrapper rule (`e`).
    pub element: RuleId,
    /// The rule of the items (`X`).
    pub item: RuleId,
    /// The separator when it is one string literal.
    pub separator: Option<&'static str>,
    /// The rule whose body quantifies the element.
    pub list: RuleId,
    /// Whether that body is exactly `X ~ e*`: its nodes are the list itself.
    pub whole: bool,
}

impl Tables {
    /// The facts about `rule`.
    pub fn rule(&self, rule: RuleId) -> &'static RuleInfo {
        &self.rules[rule as usize]
    }

    /// The separated list whose element rule is `element`, if it is one.
    pub fn separated(&self, element: RuleId) -> Option<&'static Separated> {
        let i = self
            .separated
            .binary_search_by_key(&element, |s| s.element)
            .ok()?;
        Some(&self.separated[i])
    }

    /// Whether a node of rule `by` may stand where a node of rule `slot` stands.
    pub fn compatible(&self, slot: RuleId, by: RuleId) -> bool {
        if slot == by {
            return true;
        }
        let words = self.rules.len().div_ceil(64);
        let word = slot as usize * words + by as usize / 64;
        self.compat
            .get(word)
            .is_some_and(|w| w >> (by as usize % 64) & 1 == 1)
    }

    /// The declared stand-in texts of the rules compatible with `slot`, in the order
    /// declared ([`Tables::stand_ins`]).
    pub fn stand_ins_for(&self, slot: RuleId) -> impl Iterator<Item = &'static str> + '_ {
        self.stand_ins
            .iter()
            .filter(move |&&(r, _)| self.compatible(slot, r))
            .map(|&(_, t)| t)
    }

    /// Whether nodes of `rule` are identifiers.
    pub fn is_identifier(&self, rule: RuleId) -> bool {
        self.identifiers.contains(&rule)
    }

    /// Builds a compatibility matrix from a list of `(slot, by)` pairs (for hand-written
    /// languages and tests); the result is leaked to get the `'static` lifetime.
    pub fn compat_matrix(rules: usize, pairs: &[(RuleId, RuleId)]) -> &'static [u64] {
        let words = rules.div_ceil(64);
        let mut m = vec![0u64; rules * words];
        for &(a, b) in pairs {
            m[a as usize * words + b as usize / 64] |= 1 << (b as usize % 64);
        }
        Box::leak(m.into_boxed_slice())
    }
}

/// An input that does not parse: where, and what the parser expected there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// Byte offset of the error.
    pub offset: usize,
    /// What the parser expected at that position (rule names or literals); may be empty.
    pub expected: Vec<String>,
    /// A human-readable one-line explanation.
    pub message: String,
}

impl ParseError {
    /// An error at byte `offset` of `text`, with line and column computed from it.
    pub fn at(
        text: &str,
        offset: usize,
        expected: Vec<String>,
        message: impl Into<String>,
    ) -> Self {
        let offset = offset.min(text.len());
        let before = &text.as_bytes()[..offset];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |p| p + 1);
        let column = String::from_utf8_lossy(&before[line_start..])
            .chars()
            .count()
            + 1;
        ParseError {
            line,
            column,
            offset,
            expected,
            message: message.into(),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: ", self.line, self.column)?;
        if self.expected.is_empty() {
            write!(f, "{}", self.message)
        } else {
            write!(f, "expected {}", self.expected.join(", "))?;
            if !self.message.is_empty() {
                write!(f, " ({})", self.message)?;
            }
            Ok(())
        }
    }
}

impl std::error::Error for ParseError {}

/// An input language: implemented by the `#[reducer]` macro for each grammar.
pub trait Language: Sync {
    /// Display name, e.g. `"C"`.
    fn name(&self) -> &'static str;
    /// File extensions without the dot, e.g. `["c", "h"]`.
    fn extensions(&self) -> &'static [&'static str];
    /// Rule tables of the normalized grammar.
    fn tables(&self) -> &'static Tables;
    /// The start rule.
    fn start_rule(&self) -> RuleId;
    /// The normalized (Perses Normal Form) grammar as pest text.
    fn normalized_grammar(&self) -> &'static str;
    /// Parses a whole input into a syntax tree that prints back byte for byte.
    fn parse(&self, text: &str) -> Result<Tree, ParseError>;
    /// [`Language::parse`] of a text the tree then shares instead of copying (the caller and
    /// the tree hold one copy of the input between them).
    fn parse_shared(&self, text: Arc<str>) -> Result<Tree, ParseError> {
        self.parse(&text)
    }
    /// Runs `rule` at the start of `text` and returns how many bytes it matched (the rule
    /// need not reach the end of `text`). Used for cheap local syntax checks.
    fn parse_prefix(&self, rule: RuleId, text: &str) -> Result<usize, ParseError>;
    /// The length in bytes of the comment (the grammar's `COMMENT` rule) that starts `text`,
    /// if one does; `None` for a grammar without comments.
    fn comment_len(&self, _text: &str) -> Option<usize> {
        None
    }
    /// Whether `text` parses as a whole, without building a tree or an error message (the
    /// syntax check's full parse).
    fn accepts(&self, text: &str) -> bool {
        self.parse_prefix(self.start_rule(), text).is_ok_and(|len| {
            text.get(len..)
                .is_some_and(|rest| rest.trim_start().is_empty())
        })
    }
    /// [`Language::accepts`] on bytes: false for text that is not UTF-8.
    fn accepts_bytes(&self, text: &[u8]) -> bool {
        std::str::from_utf8(text).is_ok_and(|t| self.accepts(t))
    }
}
