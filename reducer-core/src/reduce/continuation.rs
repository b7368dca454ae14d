//! What a plan runs after the pass that runs now: the look-ahead of merge mode.
//!
//! Merge mode fills the free slots of a round whose list has run out with the texts the
//! reduction will ask about next if nothing from now on is interesting
//! (`engine/tester/lookahead.rs`). Only the plan knows what comes next, so each level of
//! a running [`Plan`](super::Plan) hands the level below it a [`Continuation`]: the rest
//! of its own steps (the stages after this one, another run of a fixpoint that has
//! progressed), then its own continuation. Before each pass the continuation runs dry
//! ([`Session::look_ahead`]). It is a guess, not a promise: a text it makes that the
//! reduction never asks about costs an oracle run in a slot that was idle, and nothing
//! else.

use crate::engine::session::Session;

/// A frame of what follows the current pass: `rest` runs the rest of one level of the plan,
/// then `outer` what follows that level.
#[derive(Clone, Copy)]
pub struct Continuation<'a> {
    rest: Option<&'a dyn Fn(&mut Session<'_>)>,
    outer: Option<&'a Continuation<'a>>,
}

impl<'a> Continuation<'a> {
    /// Nothing follows.
    pub const END: Continuation<'static> = Continuation {
        rest: None,
        outer: None,
    };

    /// `rest`, then this continuation.
    pub fn then(&'a self, rest: &'a dyn Fn(&mut Session<'_>)) -> Continuation<'a> {
        Continuation {
            rest: Some(rest),
            outer: Some(self),
        }
    }

    /// Runs every frame dry, innermost first, while the tester takes more.
    fn run(&self, s: &mut Session<'_>) {
        let mut frame = Some(self);
        while let Some(f) = frame {
            if s.tester.stopped() {
                return;
            }
            if let Some(rest) = f.rest {
                rest(s);
            }
            frame = f.outer;
        }
    }

    /// Before a pass: the look-ahead, if the tester has a use for one.
    pub fn look_ahead(&self, s: &mut Session<'_>) {
        if self.rest.is_some() || self.outer.is_some() {
            s.look_ahead(|s| self.run(s));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::session::Session;
    use crate::engine::tester::Parallel;
    use crate::reduce::{AlgoOptions, Plan};
    use crate::syntax::tree::EditSet;
    use crate::testing::{node_spelling, recording_session, rule, Toy};

    const SRC: &str = "a(1);\nb(2);\nc(3);\nd(4);\ne(5);\nf(6);\n";

    /// Tries deleting the first statement: a list of one.
    fn first_alone(s: &mut Session<'_>, _: &AlgoOptions) -> bool {
        let a = node_spelling(&s.tree, rule::PROGRAM_STAR, "a(1);");
        s.try_edits(EditSet::deleting([a]))
    }

    /// Tries deleting each of the other statements, one at a time.
    fn each_other(s: &mut Session<'_>, _: &AlgoOptions) -> bool {
        let list = ["b(2);", "c(3);", "d(4);", "e(5);", "f(6);"]
            .map(|t| EditSet::deleting([node_spelling(&s.tree, rule::PROGRAM_STAR, t)]));
        s.first_interesting_of(list.to_vec()).is_some()
    }

    /// Rounds, queries, speculative runs and oracle runs of the two passes at `-j 4` in
    /// merge mode, as a plan or called one after the other.
    fn run(as_plan: bool) -> (u64, u64, u64, usize) {
        let (mut s, log) = recording_session(&Toy, SRC, |_| false, 4);
        s.tester.set_parallel(Parallel::Merge);
        let o = AlgoOptions::default();
        if as_plan {
            Plan::Then(vec![Plan::Pass(first_alone), Plan::Pass(each_other)]).run(&mut s, &o);
        } else {
            first_alone(&mut s, &o);
            each_other(&mut s, &o);
        }
        let st = s.tester.stats();
        let runs = log.lock().unwrap().len();
        (st.rounds, st.queries, st.speculative, runs)
    }

    #[test]
    fn the_next_pass_runs_in_the_slots_a_short_list_leaves() {
        // Alone, the list of one is a round, and the five after it two more.
        assert_eq!(run(false), (3, 6, 0, 6));
        // In a plan, the first round runs three of the next pass's texts beside its own one:
        // two rounds, the same six texts, each run once and counted once.
        assert_eq!(run(true), (2, 6, 0, 6));
    }
}
