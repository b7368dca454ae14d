//! [`TesterList`]: a [`ListTest`] that prints each configuration and asks the engine's
//! [`Tester`] (syntax verdict, outcome cache, `-j N` speculation, statistics).

use super::ListTest;
use crate::engine::tester::{Candidate, Tester};

/// Prints a configuration; `None` means the syntax check rejected it.
type Render<'a, T> = Box<dyn FnMut(&[T]) -> Option<Vec<u8>> + 'a>;

/// Answers [`ListTest`] queries through a [`Tester`].
///
/// Each configuration becomes a [`Candidate`] whose text is the rendered configuration and
/// whose configuration key (for the config-keyed baseline cache) is the list of indices, in
/// `origin`, of the elements it keeps. `origin` is the list the current list reduction started
/// from; every configuration is a subsequence of it and is matched against it from left to
/// right (first equal element after the previous match). For distinct elements (node ids,
/// positions) that is exactly the set of kept indices; with repeated elements two equal
/// configurations get the same key, which is sound because they print the same text.
/// Creating a `TesterList` starts a new configuration space (the config cache is cleared).
pub struct TesterList<'a, T> {
    tester: &'a mut Tester,
    origin: Vec<T>,
    render: Render<'a, T>,
}

impl<'a, T: Clone + Eq> TesterList<'a, T> {
    /// Tests configurations of `origin` printed by `render`.
    pub fn new(
        tester: &'a mut Tester,
        origin: &[T],
        mut render: impl FnMut(&[T]) -> Vec<u8> + 'a,
    ) -> Self {
        Self::checked(tester, origin, move |c: &[T]| Some(render(c)))
    }

    /// Like [`TesterList::new`], for a `render` that also checks the syntax: `None` rejects
    /// the configuration without asking the cache or the oracle.
    pub fn checked(
        tester: &'a mut Tester,
        origin: &[T],
        render: impl FnMut(&[T]) -> Option<Vec<u8>> + 'a,
    ) -> Self {
        tester.new_configuration_space();
        TesterList {
            tester,
            origin: origin.to_vec(),
            render: Box::new(render),
        }
    }

    /// The tester, e.g. for its statistics.
    pub fn tester(&mut self) -> &mut Tester {
        self.tester
    }
}

/// The indices in `origin` of the elements of `config`, a subsequence of it.
fn config_key<T: Eq>(origin: &[T], config: &[T]) -> Box<[u32]> {
    let mut at = 0;
    let mut key = Vec::with_capacity(config.len());
    for e in config {
        while origin[at] != *e {
            at += 1; // panics (index out of bounds) if `config` is not a subsequence of `origin`
        }
        key.push(at as u32);
        at += 1;
    }
    key.into_boxed_slice()
}

impl<T: Clone + Eq> ListTest<T> for TesterList<'_, T> {
    fn first_interesting(&mut self, configs: &mut dyn Iterator<Item = Vec<T>>) -> Option<usize> {
        let (origin, render) = (&self.origin, &mut self.render);
        let candidates = &mut configs.map(|c| Candidate {
            text: render(&c),
            config: Some(config_key(origin, &c)),
            check: None,
            verify: None,
        });
        self.tester.first_interesting(candidates).map(|(i, _)| i)
    }

    fn round(&self) -> usize {
        self.tester.round_size()
    }
}
