//! List reducers: minimise a list of elements (lines, characters, tokens, tree nodes) that is
//! known to be interesting, keeping it interesting.
//!
//! - [`ddmin`]: Zeller's ddmin generalised to a split factor ν (Alg. 3 of
//!   ddmin-split-factor.txt), with subset tests on or off and either complement order;
//! - [`onemin`]: the trivial 1-minimising algorithm (Alg. 2 of the same paper);
//! - [`opdd`]: one pass per granularity without restarts (pardis…, Sect. 3.1), O(n) tests,
//!   1-minimal at its fixpoint ([`opdd_fixpoint`]);
//! - [`gallop`]: deletion from the end in chunks that double on success and halve on failure,
//!   O(k log(n/k)) tests for k needed elements, optionally within a budget.
//!
//! The algorithms are generic over the element type and never run a test themselves: each
//! step hands a [`ListTest`] all the configurations of that step, lazily and in order, and
//! asks which is the first interesting one. [`TesterList`] answers through the engine's
//! [`Tester`](crate::engine::tester::Tester) (cache, `-j N` speculation, statistics); [`Pred`] answers
//! with a plain closure. [`reduce_text`] is the grammar-less pipeline (lines, then bytes).

mod adapter;
mod ddmin;
mod gallop;
mod onemin;
mod opdd;
#[cfg(test)]
mod tests;
mod text;

pub use adapter::TesterList;
pub use ddmin::ddmin;
pub use gallop::{gallop, GallopBudget};
pub use onemin::onemin;
pub use opdd::{opdd, opdd_fixpoint};
pub use text::{reduce_text, reduce_text_until, reduce_units, split_bytes, split_lines, Reduced};

use std::ops::Range;

/// Answers "which of these configurations, in this order, is the first interesting one?".
///
/// Implementations must test in order and stop at the first interesting configuration (a
/// parallel implementation may speculate, but must answer as the sequential one would). The
/// trait is object-safe: the algorithms take `&mut dyn ListTest<T>`.
pub trait ListTest<T> {
    /// The index (in `configs`) of the first interesting configuration, or `None` if none is.
    /// `configs` is consumed no further than needed.
    fn first_interesting(&mut self, configs: &mut dyn Iterator<Item = Vec<T>>) -> Option<usize>;
}

/// A [`ListTest`] given by a predicate on configurations (`true` = interesting), tested one
/// after the other. For tests and for callers that run the oracle themselves.
pub struct Pred<F>(pub F);

impl<T, F: FnMut(&[T]) -> bool> ListTest<T> for Pred<F> {
    fn first_interesting(&mut self, configs: &mut dyn Iterator<Item = Vec<T>>) -> Option<usize> {
        configs
            .enumerate()
            .find(|(_, c)| (self.0)(c))
            .map(|(i, _)| i)
    }
}

/// In which order the complements ∇_1 … ∇_n of one round are tried.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ComplementOrder {
    /// ∇_1 first: remove the first chunk first.
    #[default]
    Forward,
    /// ∇_n first: remove the last chunk first (the split-factor paper's "without subset
    /// tests" variant).
    Backward,
}

impl ComplementOrder {
    /// The chunk indices 0..n in this order.
    pub fn indices(self, n: usize) -> Vec<usize> {
        match self {
            ComplementOrder::Forward => (0..n).collect(),
            ComplementOrder::Backward => (0..n).rev().collect(),
        }
    }
}

/// The knobs of the ddmin family.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DdOptions {
    /// ν ≥ 2: the initial number of chunks and the factor by which it grows (values below 2
    /// are treated as 2). Used by [`ddmin`] and [`opdd`].
    pub split_factor: usize,
    /// Whether [`ddmin`] tries "reduce to subset" (test each Δ_i alone) before the complements.
    pub subset_tests: bool,
    /// The order of the complements (of [`ddmin`] and [`onemin`]) and of [`opdd`]'s passes.
    pub complement_order: ComplementOrder,
}

impl Default for DdOptions {
    /// ν = 2, subset tests on, forward: Zeller's ddmin.
    fn default() -> Self {
        DdOptions {
            split_factor: 2,
            subset_tests: true,
            complement_order: ComplementOrder::Forward,
        }
    }
}

impl DdOptions {
    /// ν, at least 2.
    fn nu(&self) -> usize {
        self.split_factor.max(2)
    }
}

/// One of the list reducers, chosen at run time (e.g. from the command line).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ListAlgorithm {
    /// [`ddmin`].
    #[default]
    Ddmin,
    /// [`opdd`], once (no fixpoint).
    Opdd,
    /// [`gallop`] within [`GallopBudget::OneTestPerElement`].
    Gallop,
}

impl ListAlgorithm {
    /// Minimises `config` (interesting) with this algorithm; returns the reduced list.
    pub fn reduce<T: Clone>(
        self,
        config: Vec<T>,
        test: &mut dyn ListTest<T>,
        options: &DdOptions,
    ) -> Vec<T> {
        match self {
            ListAlgorithm::Ddmin => ddmin(config, test, options),
            ListAlgorithm::Opdd => opdd(config, test, options),
            ListAlgorithm::Gallop => gallop(config, test, GallopBudget::OneTestPerElement),
        }
    }
}

/// Splits 0..len into n pairwise disjoint, contiguous chunks Δ_1 … Δ_n with |Δ_i| ≈ len/n
/// (sizes differ by at most one; the larger ones come last). Requires 1 ≤ n ≤ len.
fn partition(len: usize, n: usize) -> Vec<Range<usize>> {
    debug_assert!(1 <= n && n <= len);
    (0..n).map(|i| i * len / n..(i + 1) * len / n).collect()
}

/// ∇ = c − Δ: `c` without the elements at `delta`.
fn complement<T: Clone>(c: &[T], delta: &Range<usize>) -> Vec<T> {
    let mut v = Vec::with_capacity(c.len() - delta.len());
    v.extend_from_slice(&c[..delta.start]);
    v.extend_from_slice(&c[delta.end..]);
    v
}
