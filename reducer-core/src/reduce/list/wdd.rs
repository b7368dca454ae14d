//! Weighted delta debugging: X. Zhou, Z. Xu, M. Zhang, Y. Tian and C. Sun, "WDD: Weighted
//! Delta Debugging", ICSE 2025.
//!
//! The elements of a list differ in size (a function definition and a `;` are both one
//! element of a tree's list), and a heavy element is more likely to be needed and worth more
//! when it goes. WDD gives every element a weight, its size ([`Weight`]: the tokens of a
//! node, the bytes of a text unit), and splits lists by weight instead of by count:
//! - [`wddmin`] is [`ddmin`](super::ddmin) whose chunks Δ_1 … Δ_n have about equal weights
//!   ([`weighted_partition`]) instead of about equal lengths: a heavy element gets a chunk of
//!   its own early, and light ones go in large groups;
//! - [`wprobdd`] is ProbDD ([`probdd`](super::probdd)) whose expected gain counts the weight
//!   deleted, W(deleted) · Π(1 − p_i), instead of the number of elements.
//!
//! Where this implementation deviates, and why:
//! - The paper's Wddmin keeps a list of partitions, halves each by weight at each new
//!   granularity and drops a partition that cannot be split, so that a heavy element split
//!   off early is not tried again; it ends with a 1-minimality pass (CheckOneMinimal). Here
//!   Wddmin is our ddmin (Zeller and Hildebrandt's re-partitioning into n chunks, with the
//!   split factor, subset tests and complement order of [`DdOptions`]) with the n chunks cut
//!   by weight. Every round has n non-empty chunks, so the last round (n = |c|) tries every
//!   single element and the result is 1-minimal already: the final pass, which would repeat
//!   that round's tests, is left out.
//! - A weight is at least 1 (an element that prints nothing still costs a test).
//! - WProbDD orders the elements by (1 − p_i) · w_i, largest first (then smallest p, then
//!   position), the order in which the weighted gain rises fastest, and takes the prefix of
//!   largest gain over the whole list (with weights the gain may fall and rise again); its
//!   ties are not random. Otherwise it is ProbDD, with ProbDD's deviations.
//!
//! [`DdOptions`]: super::DdOptions

use super::ddmin::ddmin_with;
use super::probdd::Model;
use super::stepwise::run;
use super::{Chunks, DdOptions, ListTest, Weight};
use std::ops::Range;

/// Minimises `config` (interesting) with Wddmin: ddmin with chunks of about equal weight,
/// `weight` giving each element's; returns a 1-minimal sublist that is still interesting.
pub fn wddmin<T: Clone>(
    config: Vec<T>,
    weight: &dyn Fn(&T) -> Weight,
    test: &mut dyn ListTest<T>,
    options: &DdOptions,
) -> Vec<T> {
    ddmin_with(config, test, options, Chunks::ByWeight(weight))
}

/// Minimises `config` (interesting) with WProbDD, `weight` giving each element's; returns what
/// stays.
pub fn wprobdd<T: Clone>(
    config: Vec<T>,
    weight: &dyn Fn(&T) -> Weight,
    test: &mut dyn ListTest<T>,
) -> Vec<T> {
    let weights = config.iter().map(|e| weight(e).max(1)).collect();
    run(Model::new(config, weights, None), test)
}

/// Splits a list whose elements weigh `weights` into n contiguous, non-empty chunks of about
/// equal weight. Requires 1 ≤ n ≤ len.
///
/// Each chunk in turn aims at the mean weight of what is left (the rest's weight over the
/// chunks still to cut): it takes its first element, then the next ones while each brings
/// its weight strictly closer to that aim, leaving an element for each chunk after it. An
/// element heavier than the aim gets a chunk of its own, and the aim of the others drops.
/// With equal weights the chunk lengths differ by at most one.
pub fn weighted_partition(weights: &[Weight], n: usize) -> Vec<Range<usize>> {
    let len = weights.len();
    debug_assert!(1 <= n && n <= len);
    let w = |i: usize| u128::from(weights[i].max(1));
    let mut rest: u128 = (0..len).map(w).sum();
    let mut chunks = Vec::with_capacity(n);
    let mut start = 0;
    for left in (1..=n).rev() {
        if left == 1 {
            chunks.push(start..len);
            break;
        }
        // |k·x − rest| is k times x's distance to the aim rest / k.
        let k = left as u128;
        let off = |x: u128| (k * x).abs_diff(rest);
        let last = len - (left - 1); // the chunk ends at most here
        let (mut end, mut weight) = (start + 1, w(start));
        while end < last && off(weight + w(end)) < off(weight) {
            weight += w(end);
            end += 1;
        }
        chunks.push(start..end);
        rest -= weight;
        start = end;
    }
    chunks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weighted_chunks_cover_the_list_and_balance_the_weights() {
        assert_eq!(weighted_partition(&[5], 1), vec![0..1]);
        // A heavy element gets a chunk of its own; the rest share the remaining weight.
        let mut w = vec![100];
        w.extend([1; 100]);
        assert_eq!(weighted_partition(&w, 2), vec![0..1, 1..101]);
        assert_eq!(
            weighted_partition(&w, 4),
            vec![0..1, 1..34, 34..67, 67..101]
        );
        assert_eq!(weighted_partition(&[1, 1, 1, 9], 2), vec![0..3, 3..4]);
        // Zero weights count as one.
        assert_eq!(weighted_partition(&[0, 0, 0, 0], 2), vec![0..2, 2..4]);
        for len in 1..40usize {
            for n in 1..=len {
                let w: Vec<Weight> = (0..len as u64).map(|i| 1 + i * 7 % 5).collect();
                for weights in [vec![1; len], w] {
                    let chunks = weighted_partition(&weights, n);
                    assert_eq!(chunks.len(), n);
                    assert_eq!(chunks[0].start, 0);
                    assert_eq!(chunks[n - 1].end, len);
                    assert!(chunks.windows(2).all(|c| c[0].end == c[1].start));
                    assert!(chunks.iter().all(|c| !c.is_empty()));
                    if weights.iter().all(|&x| x == 1) {
                        let (lo, hi) = (
                            chunks.iter().map(|c| c.len()).min().unwrap(),
                            chunks.iter().map(|c| c.len()).max().unwrap(),
                        );
                        assert!(hi - lo <= 1, "{len} in {n}: {chunks:?}");
                    }
                }
            }
        }
    }
}
