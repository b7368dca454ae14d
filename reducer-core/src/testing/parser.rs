//! The hand-written recursive-descent machinery the test languages share: a cursor on the
//! text, whitespace, literals, and the node events a language turns into a tree.

use crate::syntax::language::{ParseError, RuleInfo};
use crate::syntax::tree::{Derivation, RuleId};

/// A rule's table entry: its name, derivation and shortest text.
pub(super) const fn r(
    name: &'static str,
    derivation: Derivation,
    min_text: Option<&'static str>,
) -> RuleInfo {
    RuleInfo {
        name,
        derivation,
        token: false,
        hidden: false,
        nullable: false,
        min_text,
    }
}

/// Shorthands for the derivations.
pub(super) const R: Derivation = Derivation::Regular;
pub(super) const S: Derivation = Derivation::Star;
pub(super) const O: Derivation = Derivation::Optional;

/// A backtracking recursive-descent parser: a cursor on the text, and the open/close
/// events of the nodes seen so far.
pub(super) struct Parser<'t> {
    pub(super) text: &'t [u8],
    pub(super) src: &'t str,
    pub(super) pos: usize,
    pub(super) events: Vec<(bool, RuleId, usize)>,
    pub(super) furthest: usize,
}

/// Whether `b` may appear in a name (a keyword ends where it does not).
pub(super) fn is_ident_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

impl<'t> Parser<'t> {
    pub(super) fn new(src: &'t str) -> Self {
        Parser {
            text: src.as_bytes(),
            src,
            pos: 0,
            events: Vec::new(),
            furthest: 0,
        }
    }

    pub(super) fn error(&self) -> ParseError {
        ParseError::at(self.src, self.furthest, vec![], "syntax error")
    }

    /// Skips whitespace and `//` line comments.
    pub(super) fn skip_ws(&mut self) {
        loop {
            while self.pos < self.text.len() && self.text[self.pos].is_ascii_whitespace() {
                self.pos += 1;
            }
            match line_comment_len(&self.text[self.pos..]) {
                Some(len) => self.pos += len,
                None => return,
            }
        }
    }

    pub(super) fn at_end(&mut self) -> bool {
        self.skip_ws();
        self.pos == self.text.len()
    }

    pub(super) fn lit(&mut self, s: &str) -> bool {
        let save = self.pos;
        self.skip_ws();
        let ok = self.text[self.pos..].starts_with(s.as_bytes())
            && !(s.as_bytes()[0].is_ascii_alphabetic()
                && self
                    .text
                    .get(self.pos + s.len())
                    .is_some_and(|&b| is_ident_char(b)))
            && !(s == "=" && self.text.get(self.pos + 1) == Some(&b'='));
        if ok {
            self.pos += s.len();
        } else {
            self.furthest = self.furthest.max(self.pos);
            self.pos = save;
        }
        ok
    }

    /// Parses one node of `rule` with `body` (after whitespace unless it is the start rule),
    /// recording its open and close events, or undoing everything if `body` fails.
    pub(super) fn node(
        &mut self,
        rule: RuleId,
        skip_ws: bool,
        body: impl FnOnce(&mut Self) -> bool,
    ) -> bool {
        let save = (self.pos, self.events.len());
        if skip_ws {
            self.skip_ws();
        }
        self.events.push((true, rule, self.pos));
        let ok = body(self);
        if ok {
            self.events.push((false, rule, self.pos));
        } else {
            self.furthest = self.furthest.max(self.pos);
            self.pos = save.0;
            self.events.truncate(save.1);
        }
        ok
    }
}

/// The length of the `//` comment (to the end of its line) that starts `text`, if one does:
/// the test languages' comments.
pub(crate) fn line_comment_len(text: &[u8]) -> Option<usize> {
    text.starts_with(b"//")
        .then(|| text.iter().position(|&b| b == b'\n').unwrap_or(text.len()))
}

/// Whether `text` holds only whitespace and `//` comments.
pub(crate) fn only_trivia(mut text: &[u8]) -> bool {
    loop {
        text = text.trim_ascii_start();
        match line_comment_len(text) {
            Some(len) => text = &text[len..],
            None => return text.is_empty(),
        }
    }
}
