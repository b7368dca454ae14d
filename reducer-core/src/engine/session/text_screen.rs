//! Whole texts as candidates: [`TextCandidate`] and how the session screens them.

use crate::engine::keep::Kept;
use crate::engine::syntax_check::CheckCounters;
use crate::engine::tester::Candidate;
use crate::syntax::language::Language;
use crate::syntax::tree::Tree;

/// A whole-text candidate (see [`Session::first_interesting_text`](super::Session::first_interesting_text)): the text, and where
/// the kept regions stand in it when its maker knows.
pub struct TextCandidate {
    /// The text.
    pub text: String,
    /// Where each kept region starts in `text`; `None` to have the session find them
    /// ([`Kept::relocate`]).
    pub kept_at: Option<Vec<usize>>,
}

impl From<String> for TextCandidate {
    fn from(text: String) -> Self {
        TextCandidate {
            text,
            kept_at: None,
        }
    }
}

/// How the whole texts of [`Session::first_interesting_text`](super::Session::first_interesting_text) become candidates: a text no
/// smaller than the current one (in tokens or bytes, or equal in both), or one where a kept
/// region does not stand, is refused; the others are parsed in full before the oracle sees
/// them (a deferred check, counted in `checks`).
pub(super) struct TextScreen<'s> {
    pub(super) lang: &'s dyn Language,
    pub(super) tree: &'s Tree,
    pub(super) kept: &'s Kept,
    pub(super) checks: &'s CheckCounters,
    pub(super) verify: bool,
    /// The current text, its size as the lexical counter sees it, and where the kept regions
    /// stand in it.
    pub(super) current: String,
    pub(super) tokens: u32,
    pub(super) current_at: Vec<usize>,
}

impl<'s> TextScreen<'s> {
    /// Where the kept regions stand in `c` (`None`: not where they must).
    fn place(&self, c: &TextCandidate) -> Option<Vec<usize>> {
        if self.kept.is_empty() {
            return Some(Vec::new());
        }
        match &c.kept_at {
            Some(at) => self
                .kept
                .stand_at(c.text.as_bytes(), at)
                .then(|| at.clone()),
            None => {
                self.kept
                    .relocate(self.current.as_bytes(), &self.current_at, c.text.as_bytes())
            }
        }
    }

    /// The tester's candidate for `text` (`None`: nothing to test), and where the kept
    /// regions stand in it.
    pub(super) fn candidate(
        &self,
        text: Option<TextCandidate>,
    ) -> (Candidate<'s>, Option<Vec<usize>>) {
        let Some(c) = text else {
            return (Candidate::rejected(), None);
        };
        let at = self.place(&c);
        let text = c.text;
        let n = self.tree.token_counter().count(&text);
        let bytes = self.current.len();
        let larger = n > self.tokens || text.len() > bytes;
        if larger || (n == self.tokens && text.len() == bytes) || at.is_none() {
            return (Candidate::rejected(), at);
        }
        let (lang, checks) = (self.lang, self.checks);
        let check = move |t: &[u8]| {
            checks.full.set(checks.full.get() + 1);
            checks.timed(|| lang.accepts_bytes(t))
        };
        let mut candidate = Candidate::deferred(text, Box::new(check));
        if self.verify {
            candidate.verify = Some(Box::new(move |t: &[u8]| lang.accepts_bytes(t)));
        }
        (candidate, at)
    }
}
