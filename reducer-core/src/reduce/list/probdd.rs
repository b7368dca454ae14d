//! ProbDD: G. Wang, R. Shen, J. Chen, Y. Xiong and L. Zhang, "Probabilistic Delta
//! Debugging", ESEC/FSE 2021.
//!
//! Each element i has a probability p_i of being needed (in the minimal result X*), σ at the
//! start. A step deletes the subset that maximises the expected gain E = |deleted| · Π(1 − p_i)
//! over the deleted elements (Sect. 3.3: the elements in ascending order of p, as many as
//! raise the gain), and tests what is left. On success the subset goes (p_i = 0); on failure
//! each deleted p_i becomes p_i / (1 − Π(1 − p_j)) (Sect. 3.2, rule 3). The run ends when
//! every remaining p_i is 1 (Sect. 3.1.3): a failed deletion of a single element sets its
//! probability to 1 exactly. At most O(n) tests (Theorem 4.1); 1-minimal for monotone tests
//! (Theorem 4.3).
//!
//! The same model, with weights, is WProbDD ([`wprobdd`](super::wprobdd)).
//!
//! Where this implementation deviates, and why:
//! - Ties between equal probabilities (every element at the start) are broken by a random
//!   order drawn afresh at each step from a generator seeded with [`DdOptions::seed`]: the
//!   paper breaks them at random ("the selection of the first iteration is effectively
//!   random", Sect. 3.4) and does not say how; the seed makes runs repeatable.
//! - σ = [`PRIOR`] = 0.1, the paper's setting for its experiments (Sect. 5.1); not an option.
//! - The paper stops excluding elements "until the expected gain begins to decrease"; with
//!   the elements in ascending order of p the gain rises then falls, so that is the largest
//!   gain, and an equal gain for one element more takes it (the gain has not decreased).
//! - A failed single-element deletion sets p_i = 1 outright (the posterior is exactly 1,
//!   Theorem 4.3's proof) rather than by the division, whose rounding could leave it below 1;
//!   other updated probabilities are capped at 1 for the same reason.
//! - Perses' implementation stops considering an element once p ≥ 0.8, which loses
//!   1-minimality (Zhang et al., ICSE 2025); we follow the paper and go on until p = 1.
//! - The tests of the steps are handed to the tester as a batch that assumes each one fails
//!   ([`stepwise`](super::stepwise)), so `-j N` speculates; a sequential tester sees exactly
//!   the paper's sequence.
//!
//! [`DdOptions::seed`]: super::DdOptions::seed

use super::random::Random;
use super::stepwise::{remove_positions, run, Stepwise};
use super::{DdOptions, ListTest, Weight};

/// σ: every element's probability of being needed at the start.
pub const PRIOR: f64 = 0.1;

/// Minimises `config` (interesting) with ProbDD; returns what stays. Random choices come
/// from `options.seed` alone.
pub fn probdd<T: Clone>(config: Vec<T>, test: &mut dyn ListTest<T>, options: &DdOptions) -> Vec<T> {
    let weights = vec![1; config.len()];
    run(
        Model::new(config, weights, Some(Random::new(options.seed))),
        test,
    )
}

/// ProbDD's probabilistic model over the current list, optionally with weights.
#[derive(Clone)]
pub(super) struct Model<T> {
    list: Vec<T>,
    /// p_i of each element of `list`.
    p: Vec<f64>,
    /// The weight of each element of `list` (1 for ProbDD).
    weight: Vec<Weight>,
    /// ProbDD's random order of the elements of equal key; `None`: by position (WProbDD).
    ties: Option<Random>,
}

impl<T> Model<T> {
    /// The model at the start: every probability σ = [`PRIOR`].
    pub(super) fn new(list: Vec<T>, weight: Vec<Weight>, ties: Option<Random>) -> Self {
        Self::with_prior(list, weight, ties, PRIOR)
    }

    /// The model at the start with every probability `prior`.
    pub(super) fn with_prior(
        list: Vec<T>,
        weight: Vec<Weight>,
        ties: Option<Random>,
        prior: f64,
    ) -> Self {
        Model {
            p: vec![prior; list.len()],
            list,
            weight,
            ties,
        }
    }

    /// The order in which elements join the deleted subset: the largest (1 − p_i) · w_i
    /// first (for equal weights, the smallest p first), then the smallest p, then the
    /// order of `ties` (ProbDD) or of position (WProbDD). Elements with p = 1 are out.
    fn order(&mut self) -> Vec<usize> {
        let mut open: Vec<usize> = (0..self.list.len()).filter(|&i| self.p[i] < 1.0).collect();
        if let Some(r) = &mut self.ties {
            r.shuffle(&mut open);
        }
        let (p, w) = (&self.p, &self.weight);
        let key = |i: usize| (1.0 - p[i]) * w[i] as f64;
        open.sort_by(|&a, &b| key(b).total_cmp(&key(a)).then(p[a].total_cmp(&p[b])));
        open
    }
}

#[cfg(test)]
impl<T> Model<T> {
    /// The probabilities, for tests.
    pub(super) fn probabilities(&self) -> &[f64] {
        &self.p
    }
}

impl<T: Clone> Stepwise<T> for Model<T> {
    fn list(&self) -> &[T] {
        &self.list
    }

    fn into_list(self) -> Vec<T> {
        self.list
    }

    fn choose(&mut self) -> Option<Vec<usize>> {
        let order = self.order();
        // The prefix of `order` with the largest expected gain (weight deleted) · Π(1 − p);
        // an equal gain for a longer prefix takes the longer one.
        let (mut weight, mut pass, mut best, mut take) = (0u64, 1.0f64, 0.0f64, 0);
        for (k, &i) in order.iter().enumerate() {
            weight += self.weight[i];
            pass *= 1.0 - self.p[i];
            let gain = weight as f64 * pass;
            if gain >= best {
                (best, take) = (gain, k + 1);
            }
        }
        if take == 0 {
            return None; // every p is 1
        }
        let mut chosen = order[..take].to_vec();
        chosen.sort_unstable();
        Some(chosen)
    }

    fn failed(&mut self, chosen: &[usize]) {
        if let [i] = chosen {
            self.p[*i] = 1.0;
            return;
        }
        let pass: f64 = chosen.iter().map(|&i| 1.0 - self.p[i]).product();
        for &i in chosen {
            self.p[i] = (self.p[i] / (1.0 - pass)).min(1.0);
        }
    }

    fn removed(&mut self, chosen: &[usize]) {
        remove_positions(&mut self.list, chosen);
        remove_positions(&mut self.p, chosen);
        remove_positions(&mut self.weight, chosen);
    }
}
