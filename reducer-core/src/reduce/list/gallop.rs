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

use super::ListTest;

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
        self.removed += chunk.len();
        self.end = chunk.start;
        self.size *= 2;
        self
    }

    fn done(&self, budget: GallopBudget, allowance: usize) -> bool {
        self.end == 0
            || match budget {
                GallopBudget::Unbounded => false,
                GallopBudget::OneTestPerElement => self.tests > self.removed + allowance,
            }
    }
}

/// Minimises `config` (interesting) by galloping deletion from its end; returns what stays.
pub fn gallop<T: Clone>(
    config: Vec<T>,
    test: &mut dyn ListTest<T>,
    budget: GallopBudget,
) -> Vec<T> {
    let n = config.len();
    let allowance = n.max(1).ilog2() as usize + 1;
    let mut c = config;
    let mut state = State {
        end: n,
        size: 1,
        tests: 0,
        removed: 0,
    };
    while !state.done(budget, allowance) {
        // The tests from here on, each assuming the ones before it failed (the common case
        // once the list is mostly needed); the first interesting one wins.
        let mut sim = state;
        let mut steps: Vec<State> = Vec::new();
        let current = &c;
        let mut trials = std::iter::from_fn(|| {
            if sim.done(budget, allowance) {
                return None;
            }
            let chunk = sim.chunk();
            steps.push(sim);
            sim = sim.failed();
            let mut kept = current[..chunk.start].to_vec();
            kept.extend_from_slice(&current[chunk.end..]);
            Some(kept)
        });
        let found = test.first_interesting(&mut trials);
        match found {
            Some(k) => {
                let at = steps[k];
                let chunk = at.chunk();
                c.drain(chunk);
                state = at.removed();
            }
            None => break, // every test up to the end or the budget failed
        }
    }
    c
}
