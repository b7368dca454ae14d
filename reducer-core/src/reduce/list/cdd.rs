//! CDD, counter-based delta debugging: M. Zhang, Z. Xu, Y. Tian, X. Cheng and C. Sun,
//! "Toward a Better Understanding of Probabilistic Delta Debugging", ICSE 2025.
//!
//! The paper shows that ProbDD's probabilities, started equal, stay equal within a round of
//! deletions and grow by the same factor from round to round: p_r ≈ σ / (1 − e⁻¹)^r, and the
//! size of the subset ProbDD deletes is then s_r ≈ −1 / ln(1 − p_r). CDD keeps a round counter
//! r instead of probabilities: round r cuts the current list into consecutive subsets of
//! s_r elements and tries deleting each one once, in order, keeping every deletion that
//! stays interesting; then r grows. The round with s_r = 1 tries every remaining element
//! alone, and ends the run. Like ProbDD it never tests a complement and never tries a subset
//! twice in a round, which the paper finds is where ProbDD's savings over ddmin come from.
//!
//! Where this implementation deviates, and why:
//! - σ is ProbDD's [`PRIOR`] (0.1), so that CDD deletes what ProbDD's model would.
//! - s_r = round(−1/ln(1 − p_r)), at least 1, and 1 once p_r ≥ 1: the paper's closed form.
//!   (Its artifact derives s_{r+1} = ⌊s_r · (1 − e⁻¹)⌋ from s_0 instead; Perses maximises
//!   s · (1 − p_r)^s over whole numbers. The three differ by one element at times.)
//! - A round whose size is the whole list (or more) is skipped unless it is the last one
//!   (s_r = 1), as the paper's artifact does: deleting everything at once is rarely
//!   interesting, and ProbDD's own first tests are what the next rounds try.
//! - The artifact keeps a counter per element and, at the end of a round, fills the last
//!   subset with elements of the next round; here the last subset of a round is shorter.
//! - No randomness: the artifact has none either, and the paper finds ProbDD's randomness
//!   contributes little.
//! - As for ProbDD, the steps go to the tester as a batch that assumes failures
//!   ([`stepwise`](super::stepwise)), for `-j N`.

use super::probdd::PRIOR;
use super::stepwise::{remove_positions, run, Stepwise};
use super::ListTest;

/// Minimises `config` (interesting) with CDD; returns what stays.
pub fn cdd<T: Clone>(config: Vec<T>, test: &mut dyn ListTest<T>) -> Vec<T> {
    run(Rounds::new(config), test)
}

/// s_r: the size of the subsets of round `r` (a shorter list caps it).
pub fn subset_size(r: u32) -> usize {
    let p = PRIOR / (1.0 - (-1.0f64).exp()).powi(r as i32);
    if p >= 1.0 {
        return 1;
    }
    ((-1.0 / (1.0 - p).ln()).round() as usize).max(1)
}

/// Where CDD stands: round `round` (its subsets of `size` elements), the next subset starting
/// at `at` of the current list.
#[derive(Clone)]
struct Rounds<T> {
    list: Vec<T>,
    round: u32,
    size: usize,
    at: usize,
    done: bool,
}

impl<T> Rounds<T> {
    fn new(list: Vec<T>) -> Self {
        let mut rounds = Rounds {
            list,
            round: 0,
            size: subset_size(0),
            at: 0,
            done: false,
        };
        rounds.skip_whole_list_rounds();
        rounds
    }

    /// Moves on past the rounds whose subsets would be the whole list (but the last).
    fn skip_whole_list_rounds(&mut self) {
        while self.size > 1 && self.size >= self.list.len() {
            self.round += 1;
            self.size = subset_size(self.round);
        }
    }
}

impl<T: Clone> Stepwise<T> for Rounds<T> {
    fn list(&self) -> &[T] {
        &self.list
    }

    fn into_list(self) -> Vec<T> {
        self.list
    }

    fn choose(&mut self) -> Option<Vec<usize>> {
        while !self.done && self.at >= self.list.len() {
            if self.size == 1 || self.list.is_empty() {
                self.done = true; // the last round is over
            } else {
                self.round += 1;
                self.size = subset_size(self.round);
                self.at = 0;
                self.skip_whole_list_rounds();
            }
        }
        if self.done {
            return None;
        }
        let end = (self.at + self.size).min(self.list.len());
        Some((self.at..end).collect())
    }

    fn failed(&mut self, chosen: &[usize]) {
        self.at += chosen.len();
    }

    fn removed(&mut self, chosen: &[usize]) {
        remove_positions(&mut self.list, chosen);
    }
}
