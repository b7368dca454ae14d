//! Galloping deletion from the end of a list: chunks that double after each success and
//! halve after each failure, down to single elements, which then stay.
//!
//! Elements are decided from the last to the first. A run of removable elements goes in
//! about log₂ of its length tests (1, 2, 4, … elements at a time), and a needed element costs
//! about log₂ of the current chunk length failures before it is kept: O(k log(n/k)) tests for
//! k needed elements out of n, as ddmin at its best, but in one pass with no restart.
//!
//! Going backwards matters where later elements use earlier ones (declarations before their
//! uses, headers before the code that includes them): a chunk is tried only once everything
//! after it that could use it has gone, so it fails only when something needed uses it.
//!
//! The pass may stop early: with a [`GallopBudget`] it leaves the rest of the list as it is
//! once it has spent more than one test per element removed, plus a start-up allowance of
//! log₂ n + 1 tests, so a list whose elements are all needed costs that allowance. One element
//! per test is what a one-node-at-a-time reducer gets at best.
//!
//! The tests a step hands the tester assume that the ones before them failed, which is
//! what a tester running ahead needs once the list is mostly needed. A tester that runs N
//! configurations together and merges their successes ([`ListTest::round`] > 1) would so
//! take one round per success while a run of removable elements goes, each round deciding
//! one chunk. For such a tester a step also hands, first and largest first, the tests that
//! assume the ones before them *succeeded* (the deletion of the next 1 + 2 + 4 + … chunks
//! at once), as many as are likelier to be needed than the next test of the failure chain,
//! at the list's success rate so far: the first interesting test then decides several
//! chunks in one round. With one test at a time the tests are the reference's, in order.
//! Each step also says how the next one starts if a given test is its first success
//! ([`ListTest::first_interesting_then`]), so that a merging tester can run the next step's
//! first tests beside the union of the step's successes.

use super::ListTest;
use std::cell::RefCell;

/// When [`gallop`] gives up on a list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GallopBudget {
    /// Never: every element is decided (a needed one costs at least one test).
    Unbounded,
    /// Once tests > removed + ⌊log₂ n⌋ + 1 for a list of n elements.
    OneTestPerElement,
}

/// Where the pass stands: `list[..end]` is undecided, `list[end..]` stays; the next chunk is
/// `list[end - size..end]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct State {
    end: usize,
    size: usize,
    tests: usize,
    removed: usize,
    /// Tests whose deletion was kept.
    successes: usize,
}

impl State {
    /// The chunk tried next, as a range of the current list.
    fn chunk(&self) -> std::ops::Range<usize> {
        self.end.saturating_sub(self.size)..self.end
    }

    /// The state after the chunk's test failed.
    fn failed(mut self) -> State {
        self.tests += 1;
        if self.size > 1 {
            self.size /= 2;
        } else {
            self.end -= 1; // a single needed element stays
        }
        self
    }

    /// The state after the chunk's deletion was kept.
    fn removed(mut self) -> State {
        let chunk = self.chunk();
        self.tests += 1;
        self.successes += 1;
        self.removed += chunk.len();
        self.end = chunk.start;
        self.size *= 2;
        self
    }

    /// The chance that a test succeeds, from this list's tests so far (one success and one
    /// failure assumed before the first).
    fn success_rate(&self) -> f64 {
        (self.successes + 1) as f64 / (self.tests + 2) as f64
    }

    /// How many tests of the success chain from here (this state's test included) a round
    /// of `round` tests should hold: the round takes, one after the other, whichever of the
    /// next test of the success chain and of the failure chain is likelier to be needed.
    fn successes_ahead(&self, round: usize) -> usize {
        let p = self.success_rate();
        let (mut success, mut failure) = (p, 1.0 - p);
        let mut ahead = 1;
        for _ in 1..round {
            if success > failure {
                ahead += 1;
                success *= p;
            } else {
                failure *= 1.0 - p;
            }
        }
        ahead
    }

    fn done(&self, budget: GallopBudget, allowance: usize) -> bool {
        self.end == 0
            || match budget {
                GallopBudget::Unbounded => false,
                GallopBudget::OneTestPerElement => self.tests > self.removed + allowance,
            }
    }
}

/// For a tester that runs `round` tests at once: the states after 2, 3, … successes from
/// `state` on `list`, with their lists, as many as [`State::successes_ahead`] says (none
/// for a tester that runs one test at a time).
fn success_chain<T: Clone>(state: State, list: &[T], round: usize) -> Vec<(State, Vec<T>)> {
    let successes = match round {
        0 | 1 => 0,
        round => state.successes_ahead(round),
    };
    let mut chain = Vec::new();
    if successes > 1 && state.end > 0 {
        let (mut ahead, mut list) = (state.removed(), list.to_vec());
        list.drain(state.chunk());
        while chain.len() + 1 < successes && ahead.end > 0 {
            list.drain(ahead.chunk());
            ahead = ahead.removed();
            chain.push((ahead, list.clone()));
        }
    }
    chain
}

/// The tests from `state` on `list`, each assuming the ones before it failed, until the
/// pass would give up: the state each tests, and the list without its chunk.
fn failure_chain<T: Clone>(
    state: State,
    list: &[T],
    budget: GallopBudget,
    allowance: usize,
) -> impl Iterator<Item = (State, Vec<T>)> + '_ {
    let mut sim = state;
    std::iter::from_fn(move || {
        if sim.done(budget, allowance) {
            return None;
        }
        let at = sim;
        sim = sim.failed();
        Some((at, without(list, at)))
    })
}

/// `list` without the chunk `state` tests.
fn without<T: Clone>(list: &[T], state: State) -> Vec<T> {
    let chunk = state.chunk();
    let mut kept = list[..chunk.start].to_vec();
    kept.extend_from_slice(&list[chunk.end..]);
    kept
}

/// The first tests of the step from `state` on `list`, as the pass will hand them: its
/// success chain, largest first, then up to `round` tests of its failure chain.
fn step_ahead<T: Clone>(
    state: State,
    list: &[T],
    round: usize,
    budget: GallopBudget,
    allowance: usize,
) -> Vec<Vec<T>> {
    let chain = success_chain(state, list, round).into_iter().rev();
    let failures = failure_chain(state, list, budget, allowance).take(round);
    chain.chain(failures).map(|(_, kept)| kept).collect()
}

/// Minimises `config` (interesting) by galloping deletion from its end; returns what stays.
pub fn gallop<T: Clone>(
    config: Vec<T>,
    test: &mut dyn ListTest<T>,
    budget: GallopBudget,
) -> Vec<T> {
    let n = config.len();
    let allowance = n.max(1).ilog2() as usize + 1;
    let test_round = test.round();
    let mut c = config;
    let mut state = State {
        end: n,
        size: 1,
        tests: 0,
        removed: 0,
        successes: 0,
    };
    while !state.done(budget, allowance) {
        // For a tester that runs a round at once: the states after 2, 3, … successes from
        // here and their lists (`chain[i]`: after i + 2), tested first, the most deleted
        // first. The first success is the failure chain's first test.
        let chain = success_chain(state, &c, test_round);
        let ahead = chain.len();
        let mut prefix = chain.iter().rev().map(|(_, list)| list.clone());
        // Then the tests from here on, each assuming the ones before it failed (the common
        // case once the list is mostly needed); the first interesting one wins.
        let steps: RefCell<Vec<State>> = RefCell::new(Vec::new());
        let current = &c;
        let mut trials = failure_chain(state, current, budget, allowance).map(|(at, kept)| {
            steps.borrow_mut().push(at);
            kept
        });
        // Where the pass stands if the test at `k` is the first interesting one.
        let after = |k: usize| -> (State, Vec<T>) {
            if k < ahead {
                return chain[ahead - 1 - k].clone();
            }
            let at = steps.borrow()[k - ahead];
            (at.removed(), without(current, at))
        };
        // A merging tester tests the next step's first tests beside the union it adopts.
        let mut then = |k: usize| {
            let (next, list) = after(k);
            if next.done(budget, allowance) {
                return Vec::new();
            }
            step_ahead(next, &list, test_round, budget, allowance)
        };
        let found = test.first_interesting_then(&mut prefix.by_ref().chain(&mut trials), &mut then);
        let Some(k) = found else {
            break; // every test up to the end or the budget failed
        };
        let next = after(k);
        drop(trials); // it borrows the list
        (state, c) = next;
    }
    c
}
