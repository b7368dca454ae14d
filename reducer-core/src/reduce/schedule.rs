//! The default's schedule of transformation stages: stages that pay for themselves.
//!
//! The rules are stated once, in `docs/design.md` ("The stage schedule"); this is their
//! code. In short: once the first deletion stage has reached its fixpoint, the
//! transformations run in rounds, each stage that changed something followed by deletion
//! where its changes can make room for one ([`ScheduledStage::deletion_after`]), and every
//! query is paid from a budget. It opens at [`OPENING_SHARE`] of the effort so far (the
//! queries, with the candidates the memory of refused edits answered unseen), at least
//! [`MIN_PROBE`] per stage; what a stage removes, with the deletion after it, pays in
//! [`PAYBACK`] times that effort times the share of the text removed, up to [`MAX_BALANCE`]
//! times the opening; an oracle slower than [`FAST_ORACLE`] (by
//! [`Stats::recent_oracle_time`]) divides both by its slowness, and all the rounds stop at
//! the queries before them times max(1, [`MAX_SHARE`] ÷ slowness²). Each round opens with
//! every stage's large candidates ([`LARGE_SHARES`]), whatever the budget says. Then the
//! stages not run yet come first, then the others by bytes per query (`order`); a stage
//! gives up after its share of the balance without a find, or after [`PROBE`] queries once
//! it has run and removed nothing. Sizes are bytes that are not whitespace (`size`).
//!
//! `interleave` is the first deletion stage's part: after a pass that changed something and
//! cost at least [`INTERLUDE_AFTER`] queries, the compound edits run once, with at most
//! [`INTERLUDE_SHARE`] of that pass's queries.
//!
//! The stages are whatever plans the caller gives: the schedule measures them from outside
//! (queries and bytes), through the tester's query budget ([`Tester::set_budget`]).
//!
//! [`Tester::set_budget`]: crate::engine::tester::Tester::set_budget
//! [`Stats::recent_oracle_time`]: crate::engine::stats::Stats::recent_oracle_time

use super::continuation::Continuation;
use super::AlgoOptions;
use crate::engine::session::Session;
use crate::engine::tester::QueryBudget;
use std::time::Duration;

/// What the schedule runs: a stage, or the deletion that follows one (the algorithms'
/// [`Plan`](super::Plan)s, which in turn run schedules: the schedule knows them only as
/// steps).
pub trait Step {
    /// Runs the step on the session, knowing that `then` follows it (the look-ahead of
    /// merge mode: [`Continuation`]); true if it changed anything.
    fn run_then(&self, s: &mut Session<'_>, o: &AlgoOptions, then: &Continuation<'_>) -> bool;

    /// Runs the step on the session with nothing known to follow it; true if it changed
    /// anything.
    fn run(&self, s: &mut Session<'_>, o: &AlgoOptions) -> bool {
        self.run_then(s, o, &Continuation::END)
    }
}

/// A stage of a schedule ([`run`]).
pub struct ScheduledStage<P> {
    /// What it runs (a stage that records its statistics under its name).
    pub plan: P,
    /// Whether its changes can let deletion remove what it could not before, so that the
    /// deletion stage follows a run that changed something (false for a stage that only
    /// renames and shortens tokens).
    pub deletion_after: bool,
}

/// The opening balance as a share of the queries needed before the rounds.
pub const OPENING_SHARE: f64 = 0.2;

/// The opening balance is at least this many queries per stage (before the oracle's
/// slowness divides it), for small inputs.
pub const MIN_PROBE: usize = 1;

/// A stage that has removed nothing in its earlier runs of this reduction searches at most
/// this many queries without finding anything before it gives up.
pub const PROBE: u64 = 2;

/// What removing the whole text would pay into the balance, in multiples of the queries
/// needed before the rounds (with an oracle no slower than [`FAST_ORACLE`]); a stage earns
/// the share it removed.
pub const PAYBACK: f64 = 2.0;

/// The balance never holds more than this many times the opening balance: a large removal
/// (splicing a namespace away, dropping a unit's line markers) pays for the stages after it,
/// but not for every long search of the rest of the run.
pub const MAX_BALANCE: f64 = 5.0;

/// An oracle run at most this long counts as one query; a slower one as several.
pub const FAST_ORACLE: Duration = Duration::from_millis(250);

/// All the rounds together spend at most this many times the queries needed before them
/// (divided by the square of the oracle's slowness, never below once).
pub const MAX_SHARE: f64 = 4.0;

/// A candidate of a stage that would remove at least the last of these shares of the
/// current text (and at least [`LARGE_FLOOR`] bytes) is large: every round first tries every
/// stage's large candidates, whatever the balance says (`large_first`), in bands: those of
/// every stage that would remove half of the text, then those that would remove a quarter.
pub const LARGE_SHARES: [f64; 2] = [0.5, 0.25];

/// A large candidate removes at least this many bytes, so that on a text of a few lines
/// not every token counts as large.
pub const LARGE_FLOOR: usize = 64;

/// A pass of the first deletion stage that cost at least this many queries (and changed
/// something) is followed by an interlude (`interleave`).
pub const INTERLUDE_AFTER: u64 = 1_000;

/// An interlude spends at most this share of the queries of the pass before it.
pub const INTERLUDE_SHARE: f64 = 0.1;

/// What one stage achieved in this run, with the deletion runs after it.
#[derive(Clone, Copy, Debug, Default)]
struct Record {
    /// Times it ran.
    runs: u32,
    /// Queries it and the deletion after it needed.
    queries: u64,
    /// Bytes they removed.
    bytes: u64,
}

impl Record {
    /// Whether it has run and removed nothing yet.
    fn found_nothing(&self) -> bool {
        self.runs > 0 && self.bytes == 0
    }

    /// Bytes per query so far; `None` before the first run.
    fn rate(&self) -> Option<f64> {
        (self.runs > 0).then(|| self.bytes as f64 / self.queries.max(1) as f64)
    }
}

/// The budget of the rounds, in queries.
#[derive(Clone, Copy, Debug)]
struct Budget {
    /// What is left to spend (may go below zero by the queries of runs already going).
    balance: f64,
    /// Queries that removing the whole text earns.
    payback: f64,
    /// The tester's query count at which every round stops.
    until: u64,
    /// The most the balance may hold.
    most: f64,
}

impl Budget {
    /// The budget of rounds of `stages` stages that start at the tester's query count
    /// `queries`, after `spent` tests (the queries and the candidates the memory of refused
    /// edits answered: the search's size, which that memory makes cheaper but not smaller),
    /// with oracle runs that take `run_time` each. The opening balance and the earnings
    /// follow `spent`; the cap on all the rounds follows `queries`.
    fn new(queries: u64, spent: u64, run_time: Duration, stages: usize) -> Budget {
        let slowness = (run_time.as_secs_f64() / FAST_ORACLE.as_secs_f64()).max(1.0);
        let spent = spent.max(1);
        // The cap is in queries: what the user waits for.
        let cap = queries.max(1) as f64 * (MAX_SHARE / (slowness * slowness)).max(1.0);
        let opening = (OPENING_SHARE * spent as f64).max((MIN_PROBE * stages) as f64) / slowness;
        Budget {
            balance: opening,
            payback: PAYBACK * spent as f64 / slowness,
            until: queries + cap as u64,
            most: MAX_BALANCE * opening,
        }
    }

    /// Settles a stage's run: `spent` queries paid out, the share `removed` of `before` bytes
    /// paid in; the balance never goes above [`MAX_BALANCE`] times the opening.
    fn settle(&mut self, spent: u64, removed: u64, before: usize) {
        let earned = self.payback * removed as f64 / before.max(1) as f64;
        self.balance = (self.balance + earned - spent as f64).min(self.most);
    }
}

/// Runs `stages` in rounds, each that changed something followed by `after` (where it can
/// make room for it), until a round changes nothing or the budget is spent (one round with
/// [`AlgoOptions::one_pass`]); returns whether anything changed.
pub(super) fn run<P: Step>(
    s: &mut Session<'_>,
    o: &AlgoOptions,
    stages: &[ScheduledStage<P>],
    after: &P,
    then: &Continuation<'_>,
) -> bool {
    let stats = s.tester.stats();
    let effort = stats.queries + stats.remembered;
    let mut ledger = Ledger {
        records: vec![Record::default(); stages.len()],
        budget: Budget::new(
            stats.queries,
            effort,
            stats.recent_oracle_time,
            stages.len(),
        ),
    };
    let rounds = Rounds { o, stages, after };
    let mut changed = false;
    loop {
        let round = rounds.round(s, &mut ledger, then);
        changed |= round;
        if !round || o.one_pass || s.stopped() || ledger.budget.balance < 1.0 {
            return changed;
        }
    }
}

/// Runs `pass` until it changes nothing, and after each run of it that changed something
/// and cost at least [`INTERLUDE_AFTER`] queries, `interlude` with a budget of
/// [`INTERLUDE_SHARE`] of that run's queries (within any budget already set); returns
/// whether anything changed.
pub(super) fn interleave<P: Step>(
    s: &mut Session<'_>,
    o: &AlgoOptions,
    pass: &P,
    interlude: &P,
    then: &Continuation<'_>,
) -> bool {
    super::repeat(s, true, |s| {
        let before = s.tester.stats().queries;
        let start = super::size(s);
        let again = |s: &mut Session<'_>| {
            if super::size(s) < start {
                pass.run(s, o);
            }
        };
        let changed = pass.run_then(s, o, &then.then(&again));
        let cost = s.tester.stats().queries - before;
        if changed && cost >= INTERLUDE_AFTER && !s.stopped() {
            let limit = s.tester.stats().queries + (cost as f64 * INTERLUDE_SHARE) as u64;
            let until = s.tester.budget().until.map_or(limit, |u| u.min(limit));
            let outer = s.tester.set_budget(QueryBudget {
                until: Some(until),
                idle: None,
            });
            interlude.run(s, o);
            s.tester.set_budget(outer);
        }
        changed
    })
}

/// What the rounds run: the stages, the deletion after them, and the options.
struct Rounds<'a, P> {
    o: &'a AlgoOptions,
    stages: &'a [ScheduledStage<P>],
    after: &'a P,
}

/// Where the rounds stand: what each stage achieved, and the budget.
#[derive(Clone)]
struct Ledger {
    records: Vec<Record>,
    budget: Budget,
}

impl<P: Step> Rounds<'_, P> {
    /// One round: each stage's large candidates (`large_first`), then each stage once, in
    /// the order of [`order`], while the budget lasts.
    fn round(&self, s: &mut Session<'_>, ledger: &mut Ledger, then: &Continuation<'_>) -> bool {
        let order = order(&ledger.records);
        let opening = ledger.clone();
        let stages = |s: &mut Session<'_>| self.dry_rest(s, &order, opening.clone());
        let mut changed = self.large_first(s, &order, ledger, &then.then(&stages));
        changed |= self.in_order(s, &order, ledger, then);
        changed
    }

    /// The second phase of a round: the stages of `order` one after the other, each with
    /// its share of the balance, while the budget lasts. While one runs, what follows it is
    /// the rest of them, with the budget as it would be if it found nothing, then `then`.
    fn in_order(
        &self,
        s: &mut Session<'_>,
        order: &[usize],
        ledger: &mut Ledger,
        then: &Continuation<'_>,
    ) -> bool {
        let mut changed = false;
        for (k, &i) in order.iter().enumerate() {
            let budget = ledger.budget;
            if s.stopped() || budget.balance < 1.0 || s.tester.stats().queries >= budget.until {
                break;
            }
            let left = (order.len() - k) as f64;
            let share = (budget.balance / left).ceil().max(1.0) as u64;
            let idle = if ledger.records[i].found_nothing() {
                share.min(PROBE)
            } else {
                share
            };
            let (queries, bytes) = (s.tester.stats().queries, size(s));
            let before = ledger.clone();
            let rest = |s: &mut Session<'_>| {
                let mut ledger = before.clone();
                let spent = s.tester.stats().queries.saturating_sub(queries);
                ledger.settle(i, spent, 0, bytes);
                self.dry_rest(s, &order[k + 1..], ledger);
            };
            let stage_then = then.then(&rest);
            let limit = (queries + budget.balance.ceil() as u64).min(budget.until);
            let outer = s.tester.set_budget(QueryBudget {
                until: Some(limit),
                idle: Some(idle),
            });
            let stage_changed = self.stages[i].plan.run_then(s, self.o, &stage_then);
            s.tester.set_budget(QueryBudget {
                until: Some(budget.until),
                idle: None,
            });
            if stage_changed {
                changed = true;
                if self.stages[i].deletion_after {
                    self.after.run_then(s, self.o, &stage_then);
                }
            }
            s.tester.set_budget(outer);
            let spent = s.tester.stats().queries - queries;
            let removed = bytes.saturating_sub(size(s)) as u64;
            ledger.settle(i, spent, removed, bytes);
        }
        changed
    }

    /// What the look-ahead runs after a stage ([`Continuation`]): the stages of `order`, with
    /// the budget of `ledger` and nothing after them.
    fn dry_rest(&self, s: &mut Session<'_>, order: &[usize], mut ledger: Ledger) {
        s.tester.set_budget(QueryBudget {
            until: Some(ledger.budget.until),
            idle: None,
        });
        self.in_order(s, order, &mut ledger, &Continuation::END);
    }

    /// The first phase of a round: for each band of [`LARGE_SHARES`], each stage in turn
    /// (in the round's `order`) tests only its candidates that would remove at least that
    /// share of the current text's bytes (and [`LARGE_FLOOR`]), the most first
    /// ([`TransformOptions::min_removal`]), each that changed something followed by
    /// `after`, whatever the balance and the cap say: a budget measured on what the stages
    /// have removed so far cannot see what one of them could remove (a long docstring that
    /// only subtree replacement turns into `pass`). The bands put the largest candidates of
    /// all stages before the smaller ones of any; a candidate refused in the first band is
    /// answered by the cache in the second. What the phase removes pays into the balance,
    /// but its queries are not paid out of it: on a small input a few refused large
    /// candidates would be the whole opening balance, and the stages after it would starve.
    /// Both count in the stage's record, but not as a run of it, so that the second phase
    /// still gives it a full share. A stage without large candidates costs no query.
    ///
    /// [`TransformOptions::min_removal`]: crate::reduce::transform::TransformOptions::min_removal
    fn large_first(
        &self,
        s: &mut Session<'_>,
        order: &[usize],
        ledger: &mut Ledger,
        then: &Continuation<'_>,
    ) -> bool {
        let mut changed = false;
        for share in LARGE_SHARES {
            for &i in order {
                if s.stopped() {
                    return changed;
                }
                let min = ((s.tree.text().len() as f64 * share).ceil() as usize).max(LARGE_FLOOR);
                let mut large = self.o.clone();
                large.transform.min_removal = Some(min);
                let (queries, bytes) = (s.tester.stats().queries, size(s));
                if self.stages[i].plan.run_then(s, &large, then) {
                    changed = true;
                    if self.stages[i].deletion_after {
                        self.after.run_then(s, self.o, then);
                    }
                }
                let spent = s.tester.stats().queries - queries;
                let removed = bytes.saturating_sub(size(s)) as u64;
                let record = &mut ledger.records[i];
                record.queries += spent;
                record.bytes += removed;
                ledger.budget.settle(0, removed, bytes);
            }
        }
        changed
    }
}

impl Ledger {
    /// Settles a run of stage `i` in the second phase: `spent` queries, `removed` of
    /// `before` bytes.
    fn settle(&mut self, i: usize, spent: u64, removed: u64, before: usize) {
        let r = &mut self.records[i];
        r.runs += 1;
        r.queries += spent;
        r.bytes += removed;
        self.budget.settle(spent, removed, before);
    }
}

/// The size the schedule measures: the current text's bytes that are not whitespace. A
/// reduction leaves blank lines behind until its final tidy-up (a preprocessed unit's line
/// markers, declarations deleted line by line), so that bytes would count a stage's
/// removal against a text that is mostly whitespace.
fn size(s: &Session<'_>) -> usize {
    s.tree
        .text()
        .bytes()
        .filter(|b| !b.is_ascii_whitespace())
        .count()
}

/// The order of a round: stages not yet run first (in the given order), then the others
/// by bytes per query, best first (ties in the given order).
fn order(records: &[Record]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..records.len()).collect();
    order.sort_by(|&a, &b| {
        let (ra, rb) = (records[a].rate(), records[b].rate());
        match (ra, rb) {
            (None, None) => std::cmp::Ordering::Equal,
            (None, Some(_)) => std::cmp::Ordering::Less,
            (Some(_), None) => std::cmp::Ordering::Greater,
            (Some(x), Some(y)) => y.total_cmp(&x),
        }
    });
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    fn record(runs: u32, queries: u64, bytes: u64) -> Record {
        Record {
            runs,
            queries,
            bytes,
        }
    }

    #[test]
    fn stages_not_yet_run_come_first_then_the_best_yield() {
        let records = [
            record(1, 100, 10),
            record(0, 0, 0),
            record(2, 10, 50),
            record(1, 40, 0),
            record(1, 20, 2),
        ];
        assert_eq!(order(&records), vec![1, 2, 0, 4, 3]);
    }

    #[test]
    fn only_a_stage_that_ran_and_removed_nothing_is_held_to_a_probe() {
        assert!(!record(0, 0, 0).found_nothing(), "not run yet");
        assert!(record(2, 40, 0).found_nothing());
        assert!(!record(2, 40, 1).found_nothing());
    }

    #[test]
    fn ties_keep_the_given_order() {
        let records = [record(1, 10, 0), record(0, 0, 0), record(1, 5, 0)];
        assert_eq!(order(&records), vec![1, 0, 2]);
    }

    #[test]
    fn a_slow_oracle_gets_a_tighter_budget() {
        let fast = Budget::new(1000, 1000, Duration::from_millis(20), 5);
        assert_eq!(fast.balance, 200.0);
        assert_eq!(fast.payback, PAYBACK * 1000.0);
        assert_eq!(fast.until, 5000);
        let slow = Budget::new(1000, 1000, Duration::from_millis(500), 5);
        assert_eq!(slow.balance, 100.0);
        assert_eq!(slow.payback, PAYBACK * 1000.0 / 2.0);
        assert_eq!(slow.until, 2000, "never more than deletion cost again");
        let slower = Budget::new(1000, 1000, Duration::from_secs(2), 5);
        assert_eq!(slower.until, 2000);
        // The candidates the memory answered count for the balance, not for the cap.
        let remembered = Budget::new(100, 400, Duration::from_millis(500), 5);
        assert_eq!(remembered.balance, 40.0);
        assert_eq!(
            remembered.until, 200,
            "never more than deletion's queries again"
        );
        let small = Budget::new(10, 10, Duration::from_millis(20), 5);
        assert_eq!(
            small.balance,
            (MIN_PROBE * 5) as f64,
            "small inputs still probe"
        );
    }

    #[test]
    fn removals_pay_in_up_to_a_ceiling() {
        let mut b = Budget::new(1000, 1000, Duration::from_millis(20), 5);
        // 1 % of the text for 30 queries: earns PAYBACK × 1000 × 1 % = 20.
        b.settle(30, 10, 1000);
        assert_eq!(b.balance, 200.0 + 20.0 - 30.0);
        // Nothing found: the queries are paid out.
        b.settle(100, 0, 990);
        assert_eq!(b.balance, 90.0);
        // Half the text: the balance stops at MAX_BALANCE × the opening.
        b.settle(10, 495, 990);
        assert_eq!(b.balance, MAX_BALANCE * 200.0);
        // A slow oracle: the ceiling is of its smaller opening.
        let mut slow = Budget::new(1000, 1000, Duration::from_millis(500), 5);
        slow.settle(0, 500, 1000);
        assert_eq!(slow.balance, MAX_BALANCE * 100.0);
    }
}
