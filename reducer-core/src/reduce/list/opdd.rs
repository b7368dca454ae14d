//! One-pass delta debugging (OPDD), the list reducer of pardis-hybrid: Sect. 3.1 of
//! G. Gharachorlu and N. Sumner, "PARDIS: Priority Aware Test Case Reduction", FASE 2019.

use super::{partition, DdOptions, ListTest};

/// One run of OPDD on `config` (interesting): for n = min(|c|, ν), νn, ν²n, … up to |c|, one
/// pass over the chunks Δ_1 … Δ_n of the list as it stood at the start of the pass, trying
/// to remove each chunk once. A success keeps the chunk removed and the pass goes on with the
/// next chunk, with no restart: O(|c|) tests in all.
///
/// Uses `options.split_factor` and `options.complement_order` (the pass order); subset tests
/// are not part of OPDD. The result is 1-minimal for monotone tests; in general only at a
/// fixpoint ([`opdd_fixpoint`]).
pub fn opdd<T: Clone>(config: Vec<T>, test: &mut dyn ListTest<T>, options: &DdOptions) -> Vec<T> {
    let nu = options.nu();
    let mut c = config;
    let mut n = c.len().min(nu);
    while n > 0 {
        let delta = partition(c.len(), n); // Δ_1 … Δ_n of this pass
        let mut removed = vec![false; n];
        let order = options.complement_order.indices(n);
        let mut next = 0; // the pass has tried order[..next]
        while next < n {
            // c minus the chunks removed so far minus Δ_i, for each i still to try, in order.
            let trials = &mut order[next..]
                .iter()
                .map(|&i| keep(&c, &delta, &removed, Some(i)));
            let Some(k) = test.first_interesting(trials) else {
                break;
            };
            removed[order[next + k]] = true;
            next += k + 1;
        }
        let finest = n == c.len();
        c = keep(&c, &delta, &removed, None);
        if finest {
            break;
        }
        n = c.len().min(nu.saturating_mul(n)); // next granularity
    }
    c
}

/// Repeats [`opdd`] until a run removes nothing; the result is then 1-minimal.
pub fn opdd_fixpoint<T: Clone>(
    config: Vec<T>,
    test: &mut dyn ListTest<T>,
    options: &DdOptions,
) -> Vec<T> {
    let mut c = config;
    loop {
        let before = c.len();
        c = opdd(c, test, options);
        if c.len() == before {
            return c;
        }
    }
}

/// The elements of `c` outside the removed chunks and outside chunk `also` (if any).
fn keep<T: Clone>(
    c: &[T],
    delta: &[std::ops::Range<usize>],
    removed: &[bool],
    also: Option<usize>,
) -> Vec<T> {
    let kept = |i: usize| !removed[i] && Some(i) != also;
    (0..delta.len())
        .filter(|&i| kept(i))
        .flat_map(|i| c[delta[i].clone()].iter().cloned())
        .collect()
}
