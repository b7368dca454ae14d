//! The trivial 1-minimising algorithm: Alg. 2 of Á. Kiss, "Generalizing the Split Factor of
//! the Minimizing Delta Debugging Algorithm", IEEE Access 8, 2020.

use super::{complement, DdOptions, ListTest};

/// Minimises `config` (c_✗, interesting) to a 1-minimal sublist that is still interesting,
/// trying only the complements at the finest granularity.
///
/// onemin(c_✗) = onemin(∇_i) if ∃i · test(∇_i) = ✗, else c_✗; where n = |c_✗| and every
/// Δ_i is a single element. Only `options.complement_order` is used. It equals [`ddmin`]
/// with ν ≥ |c_✗| and no subset tests.
///
/// [`ddmin`]: super::ddmin
pub fn onemin<T: Clone>(config: Vec<T>, test: &mut dyn ListTest<T>, options: &DdOptions) -> Vec<T> {
    let mut c = config; // c_✗
    loop {
        let order = options.complement_order.indices(c.len()); // Δ_i = {c[i]}
        let complements = &mut order.iter().map(|&i| complement(&c, &(i..i + 1)));
        match test.first_interesting(complements) {
            Some(k) => c = complement(&c, &(order[k]..order[k] + 1)), // onemin(∇_i)
            None => return c,                                         // "done"
        }
    }
}
