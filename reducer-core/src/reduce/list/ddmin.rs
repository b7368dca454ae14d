//! ddmin with a generalised split factor: Alg. 3 of Á. Kiss, "Generalizing the Split Factor
//! of the Minimizing Delta Debugging Algorithm", IEEE Access 8, 2020 (ν = 2 is Alg. 1, the
//! ddmin of A. Zeller and R. Hildebrandt, "Simplifying and Isolating Failure-Inducing Input",
//! IEEE TSE 28(2), 2002). The chunks are cut by length, or by weight for Wddmin
//! ([`wddmin`](super::wddmin)).

use super::{complement, Chunks, DdOptions, ListTest};

/// Minimises `config` (c_✗, interesting) to a 1-minimal sublist that is still interesting.
///
/// ddmin^ν(c_✗) = ddmin₂^ν(c_✗, min(|c_✗|, ν)). Each round splits c'_✗ into Δ_1 … Δ_n and
/// hands all subsets, then all complements ∇_i = c'_✗ − Δ_i, to `test` in one ordered batch.
/// With subset tests on and n = 2 the complements are the subsets again and are skipped.
/// A one-element list is tested against its complement ∅, so the result is 1-minimal even
/// for predicates that accept the empty list.
pub fn ddmin<T: Clone>(config: Vec<T>, test: &mut dyn ListTest<T>, options: &DdOptions) -> Vec<T> {
    ddmin_with(config, test, options, Chunks::Even)
}

/// [`ddmin`] with the chunks of each round cut as `chunks` says.
pub(super) fn ddmin_with<T: Clone>(
    config: Vec<T>,
    test: &mut dyn ListTest<T>,
    options: &DdOptions,
    chunks: Chunks<'_, T>,
) -> Vec<T> {
    let nu = options.nu();
    let mut c = config; // c'_✗
    let mut n = c.len().min(nu);
    while n > 0 {
        // Δ_1 … Δ_n: pairwise disjoint, |Δ_i| ≈ |c'_✗| / n (or of about equal weights).
        let delta = chunks.of(&c, n);
        // "reduce to subset": test(Δ_i) = ✗ ⇒ ddmin₂^ν(Δ_i, min(|Δ_i|, ν)).
        if options.subset_tests && n > 1 {
            let subsets = &mut delta.iter().map(|d| c[d.clone()].to_vec());
            if let Some(i) = test.first_interesting(subsets) {
                c = c[delta[i].clone()].to_vec();
                n = c.len().min(nu);
                continue;
            }
        }
        // "reduce to complement": test(∇_i) = ✗ ⇒ ddmin₂^ν(∇_i, min(|∇_i|, μ^ν(n − 1))).
        if !(options.subset_tests && n == 2) {
            let order = options.complement_order.indices(n);
            let complements = &mut order.iter().map(|&i| complement(&c, &delta[i]));
            if let Some(k) = test.first_interesting(complements) {
                c = complement(&c, &delta[order[k]]);
                n = c.len().min(mu(nu, n - 1));
                continue;
            }
        }
        // "increase granularity": n < |c'_✗| ⇒ ddmin₂^ν(c'_✗, min(|c'_✗|, νn)).
        if n < c.len() {
            n = c.len().min(nu.saturating_mul(n));
            continue;
        }
        break; // "done": every ∇_i (c'_✗ minus one element) is not interesting.
    }
    c
}

/// μ^ν(m) = m if m > 1, else ν: the granularity after "reduce to complement" at m + 1 chunks
/// (for ν = 2 it is Alg. 1's max(n − 1, 2)).
fn mu(nu: usize, m: usize) -> usize {
    if m > 1 {
        m
    } else {
        nu
    }
}
