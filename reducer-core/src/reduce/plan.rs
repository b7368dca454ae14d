//! Plans: what an algorithm runs, and how a plan runs.
//!
//! A [`Plan`] combines one-pass functions of the algorithm families ([`Pass`]) by "repeat
//! until nothing changes", "A then B", "record as a stage" and the default's rounds of
//! transformations ([`schedule`]). Running one hands each level the [`Continuation`] of
//! what follows it, for the look-ahead of merge mode. Which plan each selectable algorithm
//! runs is in `algorithm.rs`.

use super::continuation::Continuation;
use super::schedule::{self, ScheduledStage};
use super::{repeat, text, AlgoOptions};
use crate::engine::session::Session;
use crate::engine::stats::PassStats;
use crate::reduce::list::ListAlgorithm;

/// One pass of an algorithm family on the session; true if it changed anything.
pub type Pass = fn(&mut Session<'_>, &AlgoOptions) -> bool;

/// A transformation beyond deletion: one pass.
pub type Transform = Pass;

/// What an algorithm runs.
pub enum Plan {
    /// One pass.
    Pass(Pass),
    /// The plan repeated until it changes nothing; once only with
    /// [`AlgoOptions::one_pass`] (which applies to the outermost repetition).
    Repeat(Box<Plan>),
    /// The plan repeated until it changes nothing, whatever [`AlgoOptions::one_pass`] says
    /// (the inner fixpoints of a combination).
    Fixpoint(Box<Plan>),
    /// The plans one after the other ("A then B"); changed if any changed.
    Then(Vec<Plan>),
    /// The plan, recorded under a stage name in the statistics (`--stats` `passes`).
    Stage(&'static str, Box<Plan>),
    /// Each step (a stage) in turn, and `after` each one that changed something, until the
    /// session stops; changed if any step changed. The default's round of transformations.
    Round {
        /// The steps.
        steps: Vec<Plan>,
        /// What follows a step that changed something.
        after: Box<Plan>,
    },
    /// The stages in rounds as [`Plan::Round`] does, but each query paid from a budget
    /// that what the stages remove replenishes, and the stages ordered by what they
    /// yielded so far (see [`schedule`]). The default's rounds.
    Scheduled {
        /// The stages.
        stages: Vec<ScheduledStage<Plan>>,
        /// What follows a stage that changed something, if the stage's changes can make
        /// room for it.
        after: Box<Plan>,
    },
    /// The plan, shown under a stage name while it runs (progress only, no statistics of
    /// its own): the steps inside a stage.
    Named(&'static str, Box<Plan>),
    /// `pass` repeated until it changes nothing, with `interlude` after each run of it
    /// that changed something and was long, paid from a share of what that run cost
    /// (`schedule::interleave`). The default's first deletion: the compound edits
    /// between its long passes.
    Interleaved {
        /// The pass repeated.
        pass: Box<Plan>,
        /// What runs between its long runs.
        interlude: Box<Plan>,
    },
    /// Blank lines go and trailing spaces are trimmed, if the result still parses.
    Tidy,
    /// The plan with this list reducer in place of the tree algorithms' own
    /// ([`AlgoOptions::list`]).
    WithList(ListAlgorithm, Box<Plan>),
}

impl Plan {
    /// Runs the plan; returns whether it changed anything.
    pub fn run(&self, s: &mut Session<'_>, o: &AlgoOptions) -> bool {
        self.run_then(s, o, &Continuation::END)
    }

    /// Runs the plan, knowing that `then` follows it (for the look-ahead of merge mode:
    /// [`Continuation`]); returns whether it changed anything.
    pub fn run_then(&self, s: &mut Session<'_>, o: &AlgoOptions, then: &Continuation<'_>) -> bool {
        match self {
            Plan::Pass(pass) => {
                then.look_ahead(s);
                pass(s, o)
            }
            Plan::Repeat(plan) => repeat_then(s, o, !o.one_pass, plan, then),
            Plan::Fixpoint(plan) => repeat_then(s, o, true, plan, then),
            Plan::Then(plans) => {
                let mut changed = false;
                for (i, plan) in plans.iter().enumerate() {
                    let rest = |s: &mut Session<'_>| {
                        for p in &plans[i + 1..] {
                            p.run(s, o);
                        }
                    };
                    changed |= plan.run_then(s, o, &then.then(&rest));
                }
                changed
            }
            Plan::Stage(name, plan) => staged(s, name, |s| plan.run_then(s, o, then)),
            Plan::Named(name, plan) => named(s, name, |s| plan.run_then(s, o, then)),
            Plan::Interleaved { pass, interlude } => {
                schedule::interleave(s, o, pass.as_ref(), interlude.as_ref(), then)
            }
            Plan::Round { steps, after } => {
                let mut changed = false;
                for (i, step) in steps.iter().enumerate() {
                    if s.stopped() {
                        break;
                    }
                    let rest = |s: &mut Session<'_>| {
                        for p in &steps[i + 1..] {
                            p.run(s, o);
                        }
                    };
                    let then = then.then(&rest);
                    if step.run_then(s, o, &then) {
                        changed = true;
                        after.run_then(s, o, &then);
                    }
                }
                changed
            }
            Plan::Scheduled { stages, after } => schedule::run(s, o, stages, after, then),
            Plan::Tidy => {
                then.look_ahead(s);
                !s.stopped() && named(s, TIDY, text::tidy_lines)
            }
            Plan::WithList(list, plan) => {
                let o = AlgoOptions {
                    list: Some(*list),
                    ..o.clone()
                };
                plan.run_then(s, &o, then)
            }
        }
    }
}

impl schedule::Step for Plan {
    fn run_then(&self, s: &mut Session<'_>, o: &AlgoOptions, then: &Continuation<'_>) -> bool {
        Plan::run_then(self, s, o, then)
    }
}

/// [`repeat`] with the look-ahead: while an iteration of `plan` runs, another one follows it
/// if this one has made progress so far (and the repetition is a fixpoint), then `then`.
fn repeat_then(
    s: &mut Session<'_>,
    o: &AlgoOptions,
    fixpoint: bool,
    plan: &Plan,
    then: &Continuation<'_>,
) -> bool {
    repeat(s, fixpoint, |s| {
        let start = super::size(s);
        let again = |s: &mut Session<'_>| {
            if fixpoint && super::size(s) < start {
                plan.run(s, o);
            }
        };
        plan.run_then(s, o, &then.then(&again))
    })
}

pub(super) fn repeated(plan: Plan) -> Plan {
    Plan::Repeat(Box::new(plan))
}

pub(super) fn fixpoint(plan: Plan) -> Plan {
    Plan::Fixpoint(Box::new(plan))
}

pub(super) fn stage(name: &'static str, plan: Plan) -> Plan {
    Plan::Stage(name, Box::new(plan))
}

/// The stage name of [`Plan::Tidy`].
const TIDY: &str = "tidy-up";

/// Runs `step` announced as the stage `name` (see [`Tester::enter_stage`]).
///
/// [`Tester::enter_stage`]: crate::engine::tester::Tester::enter_stage
fn named(
    s: &mut Session<'_>,
    name: &'static str,
    step: impl FnOnce(&mut Session<'_>) -> bool,
) -> bool {
    let outer = s.tester.enter_stage(name);
    let changed = step(s);
    s.tester.leave_stage(outer);
    changed
}

/// Runs one stage and records what it did under `name` in the statistics.
fn staged(
    s: &mut Session<'_>,
    name: &'static str,
    stage: impl FnOnce(&mut Session<'_>) -> bool,
) -> bool {
    let start = std::time::Instant::now();
    let (queries, rounds) = (s.tester.stats().queries, s.tester.stats().rounds);
    let (tokens, bytes) = (s.tree.tokens(), s.tree.text().len());
    let changed = named(s, name, stage);
    let (t, b) = (s.tree.tokens(), s.tree.text().len());
    let run = PassStats {
        name,
        runs: 1,
        queries: s.tester.stats().queries - queries,
        rounds: s.tester.stats().rounds - rounds,
        tokens_removed: u64::from(tokens.saturating_sub(t)),
        bytes_removed: bytes.saturating_sub(b) as u64,
        time: start.elapsed(),
    };
    s.stats.record_pass(run);
    changed
}
