//! The machinery of the reducers that try one deletion per step and learn from each failure
//! ([`probdd`](super::probdd), [`cdd`](super::cdd), [`wprobdd`](super::wprobdd)).
//!
//! Such a reducer is a state machine: it chooses the elements whose deletion it tries next,
//! and updates its state on the outcome. It never runs a test itself: [`run`] hands the
//! [`ListTest`] the steps that follow from the current state assuming each one fails (the
//! common case once the list is mostly needed), lazily and in order, as one batch; the first
//! interesting one wins, and the real state replays the failures before it and then the
//! success. A sequential tester sees exactly the one-test-per-step algorithm, and `-j N`
//! speculates on the steps after the one being tested.

use super::ListTest;

/// A reducer that tries one deletion per step.
pub(super) trait Stepwise<T>: Clone {
    /// The current list.
    fn list(&self) -> &[T];

    /// The result: the current list.
    fn into_list(self) -> Vec<T>;

    /// The positions in the current list, ascending, of the elements whose deletion is tried
    /// next; `None` when the reducer is done. It may change the state (draw random numbers):
    /// the same state always makes the same choice.
    fn choose(&mut self) -> Option<Vec<usize>>;

    /// Deleting `chosen` did not keep the list interesting.
    fn failed(&mut self, chosen: &[usize]);

    /// Deleting `chosen` kept the list interesting: they go.
    fn removed(&mut self, chosen: &[usize]);
}

/// Runs `state` to its end, asking `test`; returns what stays.
pub(super) fn run<T: Clone, S: Stepwise<T>>(mut state: S, test: &mut dyn ListTest<T>) -> Vec<T> {
    loop {
        let mut sim = state.clone();
        let mut trials = std::iter::from_fn(|| {
            let chosen = sim.choose()?;
            let kept = without(sim.list(), &chosen);
            sim.failed(&chosen);
            Some(kept)
        });
        // None: every step up to the end failed (or the run was stopped), so nothing more goes.
        let Some(k) = test.first_interesting(&mut trials) else {
            return state.into_list();
        };
        for _ in 0..k {
            let chosen = state.choose().expect("the simulation made this step");
            state.failed(&chosen);
        }
        let chosen = state.choose().expect("the simulation made this step");
        state.removed(&chosen);
    }
}

/// `list` without the elements at the positions `chosen` (ascending).
pub(super) fn without<T: Clone>(list: &[T], chosen: &[usize]) -> Vec<T> {
    let mut next = chosen.iter().peekable();
    let mut kept = Vec::with_capacity(list.len() - chosen.len());
    for (i, e) in list.iter().enumerate() {
        if next.next_if_eq(&&i).is_none() {
            kept.push(e.clone());
        }
    }
    kept
}

/// Removes the elements at the positions `chosen` (ascending) from `v`.
pub(super) fn remove_positions<E>(v: &mut Vec<E>, chosen: &[usize]) {
    let mut next = chosen.iter().peekable();
    let mut i = 0;
    v.retain(|_| {
        let gone = next.next_if_eq(&&i).is_some();
        i += 1;
        !gone
    });
}
