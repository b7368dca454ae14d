//! Speculate and replay: how an algorithm whose next steps depend on its tests' outcomes (a
//! priority queue of nodes, the nodes of a level) still hands the tester one list.
//!
//! The steps are generated assuming that every test fails, the common case: each step
//! changes the generator's own copy of the algorithm's state, records what it did, and
//! offers zero or more tests. The tester finds the first interesting test in list order
//! (with `-j N` it runs ahead across steps); the caller then replays the recorded steps up to
//! the winner's on its real state. The tests made and the result are those of the algorithm
//! run step by step, which the reference tests of Pardis (Alg. 1 and 2) and of hoisting's
//! TMIN check call for call.

use crate::engine::session::{Session, View};
use crate::syntax::tree::EditSet;
use std::collections::VecDeque;

/// What [`speculate`] generated and found.
pub struct Speculated<R> {
    /// Every step generated, in order (some beyond the winner's, tested ahead).
    pub steps: Vec<R>,
    /// The first interesting test, committed: its step and its place among that step's
    /// tests (`None`: no test was interesting).
    pub winner: Option<(usize, usize)>,
}

/// One step of a [`speculate`] run: its record and its tests, or `None` when no step is left.
pub type Step<'a, R> = dyn FnMut(&View<'_>) -> Option<(R, Vec<EditSet>)> + 'a;

/// Offers the tests of the steps `step` generates, in order, and commits the first
/// interesting one (see the [module documentation](self)). `step` gets the tree as it is
/// before any of them and returns the step's record and its tests, or `None` when there is
/// no step left.
pub fn speculate<R>(s: &mut Session<'_>, step: &mut Step<'_, R>) -> Speculated<R> {
    let mut steps: Vec<R> = Vec::new();
    // The step of every test offered so far, and the tests not offered yet.
    let mut owners: Vec<usize> = Vec::new();
    let mut pending: VecDeque<EditSet> = VecDeque::new();
    let found = s.first_interesting(&mut |v| loop {
        if let Some(edits) = pending.pop_front() {
            owners.push(steps.len() - 1);
            return Some(edits);
        }
        let (record, tests) = step(v)?;
        steps.push(record);
        pending.extend(tests);
    });
    let winner = found.map(|w| {
        let owner = owners[w];
        let first = owners.partition_point(|&o| o < owner);
        (owner, w - first)
    });
    Speculated { steps, winner }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{recording_session, Toy};

    /// Steps of 0, 2 and 1 tests over the statements of a list; the oracle wants `b` gone
    /// and `a` kept, so the winner is the second test of the second step.
    #[test]
    fn the_winner_is_named_by_its_step_and_its_place_among_the_steps_tests() {
        for jobs in [1, 3] {
            let (mut s, log) = recording_session(
                &Toy,
                "var a = 1; var b = 2; var c = 3;",
                |t| !t.contains("var b") && t.contains("var a"),
                jobs,
            );
            // The nodes that span exactly one statement, outermost first.
            let statement = |want: &str| {
                let t = &s.tree;
                *t.bfs()
                    .iter()
                    .find(|&&n| {
                        let (a, b) = t.source_span(n);
                        t.source()[a..b].trim() == want
                    })
                    .unwrap_or_else(|| panic!("no node for {want}"))
            };
            let items = [
                statement("var a = 1;"),
                statement("var b = 2;"),
                statement("var c = 3;"),
            ];
            let mut plan = vec![
                ("none", vec![]),
                (
                    "a then b",
                    vec![EditSet::deleting([items[0]]), EditSet::deleting([items[1]])],
                ),
                ("c", vec![EditSet::deleting([items[2]])]),
            ]
            .into_iter();
            let run = speculate(&mut s, &mut |_| plan.next());
            assert_eq!(run.winner, Some((1, 1)), "jobs={jobs}");
            assert!(run.steps.len() >= 2);
            assert_eq!(run.steps[1], "a then b");
            assert!(!s.tree.text().contains("var b") && s.tree.text().contains("var c"));
            // -j 1 tests exactly the two candidates up to the winner.
            if jobs == 1 {
                assert_eq!(log.lock().unwrap().len(), 2, "{:?}", log.lock().unwrap());
            }
        }
    }
}
