//! List reducers: minimise a list of elements (lines, characters, tokens, tree nodes) that is
//! known to be interesting, keeping it interesting.
//!
//! - [`ddmin`]: ddmin (A. Zeller and R. Hildebrandt, "Simplifying and Isolating
//!   Failure-Inducing Input", IEEE TSE 2002) generalised to a split factor ν (Alg. 3 of
//!   Á. Kiss, "Generalizing the Split Factor of the Minimizing Delta Debugging Algorithm",
//!   IEEE Access 2020), with subset tests on or off and either complement order;
//! - [`onemin`]: the trivial 1-minimising algorithm (Alg. 2 of the same paper);
//! - [`opdd`]: one pass per granularity without restarts (G. Gharachorlu and N. Sumner,
//!   "PARDIS: Priority Aware Test Case Reduction", FASE 2019, Sect. 3.1), O(n) tests,
//!   1-minimal at its fixpoint ([`opdd_fixpoint`]);
//! - [`gallop`]: deletion from the end in chunks that double on success and halve on failure,
//!   O(k log(n/k)) tests for k needed elements, optionally within a budget;
//! - [`probdd`]: ProbDD (Wang et al., ESEC/FSE 2021), a probability per element, one
//!   deletion per step, the subset of largest expected gain;
//! - [`cdd`]: CDD (Zhang et al., ICSE 2025), ProbDD's probabilities replaced by a round
//!   counter and precomputed subset sizes;
//! - [`wddmin`] and [`wprobdd`]: weighted delta debugging (Zhou et al., ICSE 2025), ddmin and
//!   ProbDD splitting by element [`Weight`] (size) instead of element count.
//!
//! The algorithms are generic over the element type and never run a test themselves: each
//! step hands a [`ListTest`] all the configurations of that step, lazily and in order, and
//! asks which is the first interesting one (ProbDD and CDD, which test one configuration per
//! step, hand the steps that follow assuming failures: see `stepwise`). [`TesterList`]
//! answers through the engine's [`Tester`](crate::engine::tester::Tester) (cache, `-j N`
//! speculation, statistics); [`Pred`] answers with a plain closure. [`reduce_text`] is the
//! grammar-less pipeline (lines, then bytes). [`ListAlgorithm`] chooses one at run time.

mod adapter;
mod cdd;
mod ddmin;
mod gallop;
mod onemin;
mod opdd;
mod probdd;
mod random;
mod stepwise;
#[cfg(test)]
mod tests;
mod text;
mod wdd;

pub use adapter::TesterList;
pub use cdd::{cdd, subset_size};
pub use ddmin::ddmin;
pub use gallop::{gallop, GallopBudget};
pub use onemin::onemin;
pub use opdd::{opdd, opdd_fixpoint};
pub use probdd::{probdd, PRIOR};
pub use random::Random;
pub use text::{reduce_text, reduce_text_until, reduce_units, split_bytes, split_lines, Reduced};
pub use wdd::{wddmin, weighted_partition, wprobdd};

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

    /// As [`ListTest::first_interesting`], from an algorithm that knows its next step if
    /// the configuration at an index is the first interesting one: `then(index)`, the
    /// configurations it will hand next, in order. A tester that merges a round's successes
    /// tests them beside the union; others ignore them.
    fn first_interesting_then(
        &mut self,
        configs: &mut dyn Iterator<Item = Vec<T>>,
        then: &mut dyn FnMut(usize) -> Vec<Vec<T>>,
    ) -> Option<usize> {
        let _ = then;
        self.first_interesting(configs)
    }

    /// How many configurations the tester runs together before it knows any of their
    /// answers (the merge mode of `-j N`: a round of N), so that an algorithm can choose
    /// what to speculate on; 1 when it tests them one after the other, as in order (the
    /// exact mode's speculation included).
    fn round(&self) -> usize {
        1
    }
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
    /// The seed of the randomised reducers ([`probdd`]): the same seed, the same choices.
    pub seed: u64,
}

impl Default for DdOptions {
    /// ν = 2, subset tests on, forward: Zeller's ddmin; seed 0.
    fn default() -> Self {
        DdOptions {
            split_factor: 2,
            subset_tests: true,
            complement_order: ComplementOrder::Forward,
            seed: 0,
        }
    }
}

impl DdOptions {
    /// ν, at least 2.
    fn nu(&self) -> usize {
        self.split_factor.max(2)
    }
}

/// The size of a list element for the weighted reducers ([`wddmin`], [`wprobdd`]): the tokens
/// of a tree node, the bytes of a text unit. A weight of 0 counts as 1.
pub type Weight = u64;

/// One of the list reducers, chosen at run time (e.g. from the command line).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ListAlgorithm {
    /// [`ddmin`].
    #[default]
    Ddmin,
    /// [`opdd`], once (no fixpoint).
    Opdd,
    /// [`gallop`] within [`GallopBudget::OneTestPerElement`].
    Gallop,
    /// [`probdd`].
    ProbDD,
    /// [`cdd`].
    Cdd,
    /// [`wddmin`].
    Wddmin,
    /// [`wprobdd`].
    WProbDD,
}

impl ListAlgorithm {
    /// The ones a tree algorithm can be asked to use in place of its own (`-a hdd+probdd`),
    /// in the order `--list-algorithms` shows them. [`ListAlgorithm::Gallop`], which gives
    /// up on a list that resists, is the coarse deletion's alone.
    pub const SELECTABLE: &'static [ListAlgorithm] = &[
        ListAlgorithm::Ddmin,
        ListAlgorithm::Opdd,
        ListAlgorithm::ProbDD,
        ListAlgorithm::Cdd,
        ListAlgorithm::Wddmin,
        ListAlgorithm::WProbDD,
    ];

    /// Its name on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            ListAlgorithm::Ddmin => "ddmin",
            ListAlgorithm::Opdd => "opdd",
            ListAlgorithm::Gallop => "gallop",
            ListAlgorithm::ProbDD => "probdd",
            ListAlgorithm::Cdd => "cdd",
            ListAlgorithm::Wddmin => "wddmin",
            ListAlgorithm::WProbDD => "wprobdd",
        }
    }

    /// One line saying what it does.
    pub const fn summary(self) -> &'static str {
        match self {
            ListAlgorithm::Ddmin => "Zeller and Hildebrandt's ddmin (with --split-factor, --no-subset-tests, --complement-order)",
            ListAlgorithm::Opdd => "Pardis' one-pass delta debugging: each chunk tried once per granularity, no restart",
            ListAlgorithm::Gallop => "deletion from the end in doubling chunks, giving up on a list that resists",
            ListAlgorithm::ProbDD => "ProbDD: a probability per element, delete the subset of largest expected gain (random ties: --seed)",
            ListAlgorithm::Cdd => "CDD: ProbDD with a round counter and precomputed subset sizes instead of probabilities",
            ListAlgorithm::Wddmin => "WDD's ddmin: chunks of equal weight (tokens, bytes) instead of equal length",
            ListAlgorithm::WProbDD => "WDD's ProbDD: the expected gain counts the weight deleted",
        }
    }

    /// The selectable list reducer named `name`.
    pub fn from_name(name: &str) -> Option<ListAlgorithm> {
        Self::SELECTABLE.iter().copied().find(|a| a.name() == name)
    }

    /// Minimises `config` (interesting) with this algorithm; returns the reduced list.
    /// `weight` gives each element's size, for the weighted ones.
    pub fn reduce<T: Clone>(
        self,
        config: Vec<T>,
        weight: &dyn Fn(&T) -> Weight,
        test: &mut dyn ListTest<T>,
        options: &DdOptions,
    ) -> Vec<T> {
        match self {
            ListAlgorithm::Ddmin => ddmin(config, test, options),
            ListAlgorithm::Opdd => opdd(config, test, options),
            ListAlgorithm::Gallop => gallop(config, test, GallopBudget::OneTestPerElement),
            ListAlgorithm::ProbDD => probdd(config, test, options),
            ListAlgorithm::Cdd => cdd(config, test),
            ListAlgorithm::Wddmin => wddmin(config, weight, test, options),
            ListAlgorithm::WProbDD => wprobdd(config, weight, test),
        }
    }
}

/// How a round of the ddmin family cuts the current list into n chunks.
enum Chunks<'w, T> {
    /// Of about equal lengths ([`partition`]).
    Even,
    /// Of about equal weights ([`weighted_partition`]).
    ByWeight(&'w dyn Fn(&T) -> Weight),
}

impl<T> Clone for Chunks<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Chunks<'_, T> {}

impl<T> Chunks<'_, T> {
    /// Δ_1 … Δ_n of `c`. Requires 1 ≤ n ≤ |c|.
    fn of(self, c: &[T], n: usize) -> Vec<Range<usize>> {
        match self {
            Chunks::Even => partition(c.len(), n),
            Chunks::ByWeight(weight) => {
                let weights: Vec<Weight> = c.iter().map(weight).collect();
                weighted_partition(&weights, n)
            }
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
