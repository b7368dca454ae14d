//! The tester: every candidate goes through it, on its way to the cache and the oracle.
//!
//! Algorithms phrase each step as "these candidates, in this order: which is the first
//! interesting one?" ([`Tester::first_interesting`]). The main thread starts each oracle run
//! and prepares the next candidate (printed, hashed, syntax-checked) while it goes on; then
//! it waits for the run itself (`-j 1`) or for the worker thread it handed the run to. With
//! `-j 1` the candidates are tested one after the other. With `-j N` up to N oracle runs go on
//! at once on the next candidates of the same list (speculation); the first interesting
//! candidate *in list order* wins, so the result is exactly the sequential one. Oracle runs
//! past the winner are cancelled and counted as speculative, apart from the queries the
//! sequential algorithm would have made.
//!
//! A test that could not be run ([`Outcome::NotRun`](crate::engine::oracle::Outcome::NotRun)) is tried again once on the spot; if it
//! still cannot be run when it reaches the head of the list, the tester stops: it answers
//! nothing more (as after Ctrl-C), and [`Tester::not_run_cause`] says why.

use crate::engine::cache::{CacheOptions, CacheStats};
use crate::engine::edit_memory::EditMemory;
use crate::engine::keep::Kept;
use crate::engine::oracle::Oracle;
use crate::engine::stats::{OracleClock, Stats};
use ahead::AheadCache;
use pool::{Job, Pool};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

mod ahead;
mod candidate;
mod check;
mod exact;
mod lookahead;
mod pool;
mod recheck;
mod rounds;
mod slots;
#[cfg(test)]
mod tests;

pub use candidate::{Candidate, DeferredCheck, Event, Source};
pub use check::{Check, CheckReport};
pub use lookahead::TEXTS_PER_JOB;
pub use recheck::{FIRST_RECHECK, LARGE_STRETCH, LARGE_STRETCH_BYTES, RECHECK_EVERY};

/// Receives every interesting candidate as soon as it is found (e.g. to save the best so far).
pub type BestSink = Box<dyn FnMut(&[u8]) + Send>;
/// Watches the tests as they happen.
pub type Observer = Box<dyn FnMut(&Event, &Stats) + Send>;

/// How `-j N` (N > 1) uses its workers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Parallel {
    /// Speculation on the next candidates of the list; the first interesting one in list
    /// order wins, so the run is exactly the `-j 1` run.
    #[default]
    Exact,
    /// Rounds of N candidates tested together; the successes of a round are merged (see
    /// [`Tester::first_interesting_merged`]). Deterministic for a given N: the result depends
    /// only on the oracle's answers, never on timing.
    Merge,
}

/// The interesting candidate a list test adopted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The list indices of the candidates it is made of, ascending: one, or (merge mode)
    /// several candidates whose union was interesting.
    pub winners: Vec<usize>,
    /// Its text.
    pub text: Vec<u8>,
}

/// Builds the union of the candidates at the given list indices (ascending), for the merge
/// mode; a rejected candidate when they do not combine.
pub type Merge<'m, 'c> = dyn FnMut(&[usize]) -> Candidate<'c> + 'm;

/// The candidates the caller will offer in its next list if the union of the candidates at
/// the given list indices (ascending) is adopted, each united with them: for the free slots
/// of a merge round, whose answers the next list then finds in the cache.
pub type Then<'t, 'c> = dyn FnMut(&[usize]) -> Vec<Candidate<'c>> + 't;

/// Runs candidates through the syntax verdict, the cache and the oracle, and keeps the stats.
pub struct Tester {
    oracle: Arc<dyn Oracle>,
    cache: AheadCache,
    stats: Stats,
    jobs: usize,
    parallel: Parallel,
    pool: Option<Pool>,
    /// With `-j 1`, the started test the main thread waits for itself (no hand-off).
    own_run: Option<Job>,
    best: Option<BestSink>,
    observer: Option<Observer>,
    interrupted: Arc<AtomicBool>,
    /// Why the tester stopped: a test that could not be run, even when tried again.
    not_run_cause: Option<String>,
    /// The stage the reduction is in, as last announced ([`Tester::enter_stage`]).
    stage: Option<&'static str>,
    /// Time during which any oracle run was going (see [`Stats::oracle_busy`]).
    clock: Arc<OracleClock>,
    /// The regions every candidate must hold (see [`Tester::set_kept`]).
    kept: Kept,
    /// When list tests stop taking candidates ([`Tester::set_budget`]).
    budget: QueryBudget,
    /// [`Stats::queries`] when the budget was set or an interesting candidate was last
    /// adopted, whichever came later ([`QueryBudget::idle`] counts from there).
    idle_from: u64,
    /// The list indices of the last list test's candidates that the cache or the oracle
    /// found not interesting, ascending (see [`Tester::refused`]).
    refused: Vec<usize>,
    /// The edits refused on earlier texts, when on ([`Tester::remember_edits`]).
    memory: Option<EditMemory>,
    /// The query count from which the current result is asked about again; `None`: no
    /// rechecks (they come with the memory).
    recheck_due: Option<u64>,
    /// The queries from the last recheck to the next (doubling, see `tester/recheck.rs`).
    recheck_gap: u64,
    /// Whether a text was adopted since the last recheck ([`Tester::recheck_at_end`]).
    adopted_since_recheck: bool,
    /// The size of the current text, as last measured ([`Tester::record_size`]).
    current_bytes: usize,
    /// Says whether the oracle was seen to flake elsewhere ([`Tester::watch_flakes`]).
    flakes: Option<FlakeWatch>,
    /// The last [`RECENT_RESULTS`] texts adopted, newest first ([`Tester::recent_results`]).
    recent: std::collections::VecDeque<Vec<u8>>,
    /// The dry run under way, if any ([`Tester::begin_dry_run`]).
    dry: Option<lookahead::DryRun>,
    /// The texts the last dry run recorded, for the free slots of rounds.
    filler: lookahead::Filler,
}

/// How many of the last texts adopted the tester keeps ([`Tester::recent_results`]).
pub const RECENT_RESULTS: usize = 4;

/// Says whether the oracle was seen to flake (e.g. a confirmation that disagreed).
pub type FlakeWatch = Box<dyn Fn() -> bool + Send>;

/// A limit on the queries of one stage of an algorithm: once it is reached, list tests take
/// no further candidate and end as if their lists were exhausted. Runs already going finish,
/// so `-j N` may pass it by up to N − 1 queries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct QueryBudget {
    /// No candidate is taken once [`Stats::queries`] reaches this count.
    pub until: Option<u64>,
    /// Nor once this many queries have gone by without an interesting candidate (counted
    /// from when the budget was set, and again from each success).
    pub idle: Option<u64>,
}

impl Tester {
    /// A tester running `oracle` with up to `jobs` runs at once.
    pub fn new(oracle: Arc<dyn Oracle>, cache: CacheOptions, jobs: usize) -> Self {
        Tester {
            oracle,
            cache: AheadCache::new(cache),
            stats: Stats::default(),
            jobs: jobs.max(1),
            parallel: Parallel::Exact,
            pool: None,
            own_run: None,
            best: None,
            observer: None,
            interrupted: Arc::new(AtomicBool::new(false)),
            not_run_cause: None,
            stage: None,
            clock: Arc::new(OracleClock::default()),
            kept: Kept::default(),
            budget: QueryBudget::default(),
            idle_from: 0,
            refused: Vec::new(),
            memory: None,
            recheck_due: None,
            recheck_gap: 0,
            adopted_since_recheck: false,
            current_bytes: 0,
            flakes: None,
            recent: std::collections::VecDeque::new(),
            dry: None,
            filler: lookahead::Filler::default(),
        }
    }

    /// Asks `seen` before each list test whether the oracle was seen to flake; once it was,
    /// the tester goes on as after a refused recheck: no refusal is carried over a commit
    /// any more (see `tester/recheck.rs`), and the observer hears of it ([`Event::Flaky`]).
    pub fn watch_flakes(&mut self, seen: FlakeWatch) {
        self.flakes = Some(seen);
    }

    /// From now on, refuses unseen a candidate whose edit of the current text was refused on
    /// an earlier text ([`EditMemory`]); `literals` are the grammar's literal tokens. The
    /// current result is asked about again after [`FIRST_RECHECK`] queries, then less and
    /// less often, up to every [`RECHECK_EVERY`] queries, and a refusal (a flaky test) ends
    /// the memory (see `tester/recheck.rs`). Nothing, once the test was seen to flake.
    pub fn remember_edits(&mut self, literals: &[&'static str]) {
        if self.stats.flaky {
            return;
        }
        self.memory = Some(EditMemory::new(literals));
        self.recheck_gap = FIRST_RECHECK;
        self.recheck_due = Some(self.stats.queries + FIRST_RECHECK);
    }

    /// Refuses from now on, unseen by the cache and the oracle, every candidate that does not
    /// hold each of `kept`'s regions in order, byte for byte (the safety net under the
    /// layers that keep regions: whatever an algorithm proposes, no such candidate is tested).
    pub fn set_kept(&mut self, kept: Kept) {
        self.kept = kept;
    }

    /// The regions every candidate must hold.
    pub fn kept(&self) -> &Kept {
        &self.kept
    }

    /// Sets how `-j N` uses its workers (exact speculation by default).
    pub fn set_parallel(&mut self, parallel: Parallel) {
        self.parallel = parallel;
    }

    /// Whether list tests may merge successes ([`Parallel::Merge`] with more than one job):
    /// the callers of [`Tester::first_interesting_merged`] skip candidates that a merged
    /// commit has made moot.
    pub fn merging(&self) -> bool {
        self.parallel == Parallel::Merge && self.jobs > 1
    }

    /// Calls `sink` with every interesting candidate found from now on.
    pub fn set_best_sink(&mut self, sink: BestSink) {
        self.best = Some(sink);
    }

    /// Reports every test and improvement to `observer`.
    pub fn set_observer(&mut self, observer: Observer) {
        self.observer = Some(observer);
    }

    /// A flag that, once set (e.g. by a Ctrl-C handler), makes every further test answer
    /// "not interesting" without running anything, so that algorithms wind down quickly.
    pub fn interrupt_flag(&self) -> Arc<AtomicBool> {
        self.interrupted.clone()
    }

    /// Whether the run was interrupted.
    pub fn interrupted(&self) -> bool {
        self.interrupted.load(Ordering::SeqCst)
    }

    /// Why the tester stopped testing because a test could not be run (even when tried
    /// again), e.g. "cannot create a temporary directory in /tmp: No space left on device";
    /// `None` while tests run.
    pub fn not_run_cause(&self) -> Option<&str> {
        self.not_run_cause.as_deref()
    }

    /// Whether the tester answers no more tests: interrupted, or stopped by a test that could
    /// not be run. Algorithms wind down.
    pub fn stopped(&self) -> bool {
        self.interrupted()
            || self.not_run_cause.is_some()
            || self.dry.as_ref().is_some_and(|d| d.done)
    }

    /// Sets the query budget (none by default); returns the previous one, to restore.
    pub fn set_budget(&mut self, budget: QueryBudget) -> QueryBudget {
        self.idle_from = self.stats.queries;
        std::mem::replace(&mut self.budget, budget)
    }

    /// The budget set last ([`Tester::set_budget`]).
    pub fn budget(&self) -> QueryBudget {
        self.budget
    }

    /// Whether the budget of [`Tester::set_budget`] is spent: list tests take no further
    /// candidate.
    pub fn over_budget(&self) -> bool {
        let queries = self.stats.queries;
        self.budget.until.is_some_and(|until| queries >= until)
            || self
                .budget
                .idle
                .is_some_and(|idle| queries.saturating_sub(self.idle_from) >= idle)
    }

    /// Announces that the reduction enters the stage `name` (for progress displays:
    /// [`Event::Stage`]); returns the stage it was in, to go back to with
    /// [`Tester::leave_stage`].
    pub fn enter_stage(&mut self, name: &'static str) -> Option<&'static str> {
        let outer = self.stage.replace(name);
        if outer != Some(name) {
            self.notify(Event::Stage { name });
        }
        outer
    }

    /// Goes back to the stage `outer` that [`Tester::enter_stage`] returned.
    pub fn leave_stage(&mut self, outer: Option<&'static str>) {
        if let Some(name) = outer.filter(|&o| self.stage != Some(o)) {
            self.notify(Event::Stage { name });
        }
        self.stage = outer;
    }

    /// The stage the reduction is in, if one was announced.
    pub fn stage(&self) -> Option<&'static str> {
        self.stage
    }

    /// The list indices of the candidates of the last list test that the cache or the
    /// oracle found not interesting (not those the syntax check rejected, nor those past
    /// the winner or never taken), ascending. Empty in merge mode, where a round's answers
    /// are not decided one by one.
    pub fn refused(&self) -> &[usize] {
        &self.refused
    }

    /// The statistics so far.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// Records the size of the best result (bytes and tree tokens) in the statistics and
    /// tells the observer ([`Event::Measured`]).
    pub fn record_size(&mut self, bytes: usize, tokens: usize) {
        self.current_bytes = bytes;
        self.stats.record_size_in(bytes, tokens, self.stage);
        self.notify(Event::Measured { bytes, tokens });
    }

    /// The cache's counters.
    pub fn cache_stats(&self) -> CacheStats {
        self.cache.stats()
    }

    /// Tells the config-keyed cache that a new list reduction starts.
    pub fn new_configuration_space(&mut self) {
        if self.dry.is_some() {
            return;
        }
        self.cache.clear_configs();
    }

    /// Tells the tester that what the oracle tests beside each candidate has changed (e.g.
    /// another file of a [`FileSet`](crate::engine::oracle::file_set::FileSet) is reduced
    /// now, or one was): every cached outcome is forgotten, as none of them holds any more.
    pub fn new_context(&mut self) {
        self.filler.clear();
        self.cache.clear();
        if let Some(m) = self.memory.as_mut() {
            m.clear();
        }
    }

    /// Number of oracle runs allowed at once.
    pub fn jobs(&self) -> usize {
        self.jobs
    }

    /// How many candidates of a list run together before any answer is known: N in merge
    /// mode, else 1 (the exact mode's runs ahead answer as one run after the other would).
    pub fn round_size(&self) -> usize {
        if self.merging() {
            self.jobs
        } else {
            1
        }
    }

    /// Tests one candidate; true if interesting.
    pub fn test(&mut self, candidate: Candidate) -> bool {
        self.first_interesting(&mut std::iter::once(candidate))
            .is_some()
    }

    /// Tests `candidates` in order and returns the first interesting one (its index in the
    /// sequence and its text), exactly as a sequential run would.
    ///
    /// Up to `jobs` oracle runs go on at once, on the next candidates of the list
    /// (speculation, when `jobs` > 1). While all of them are going, the next candidate is
    /// prepared (printed, hashed, looked up and syntax-checked), so that with `-j 1` too the
    /// engine's work on a candidate overlaps the oracle run before it.
    /// Tests are counted when they reach the head of the list, i.e. in the sequential order,
    /// so that everything behind the winner counts as speculation.
    pub fn first_interesting(
        &mut self,
        candidates: &mut dyn Iterator<Item = Candidate>,
    ) -> Option<(usize, Vec<u8>)> {
        if self.dry.is_some() {
            self.dry_list(candidates);
            return None;
        }
        self.check_flakes();
        self.recheck_if_due();
        self.refused.clear();
        if self.stopped() {
            return None;
        }
        let found = self.first_interesting_pooled(candidates);
        self.stats.oracle_busy = self.clock.busy();
        let (index, text) = found?;
        self.adopt(&text);
        Some((index, text))
    }

    /// As [`Tester::first_interesting`], but in merge mode ([`Tester::merging`]) the
    /// candidates are tested in rounds of `jobs`, and when several of a round are
    /// interesting, `merge` builds their unions: the largest union of the first k of them
    /// (k from all down to 2, at most `jobs` unions, tested together) that is interesting
    /// wins, else the first success. Every oracle run of a round counts as a query. In exact
    /// mode (or with one job) this is [`Tester::first_interesting`].
    pub fn first_interesting_merged<'c>(
        &mut self,
        candidates: &mut dyn Iterator<Item = Candidate<'c>>,
        merge: &mut Merge<'_, 'c>,
    ) -> Option<Found> {
        self.first_interesting_merged_then(candidates, merge, &mut |_: &[usize]| Vec::new())
    }

    /// As [`Tester::first_interesting_merged`], for a caller that knows what it offers next
    /// once a union is adopted ([`Then`]): a merge round testing a union runs those
    /// candidates in the slots the list leaves free.
    pub fn first_interesting_merged_then<'c>(
        &mut self,
        candidates: &mut dyn Iterator<Item = Candidate<'c>>,
        merge: &mut Merge<'_, 'c>,
        then: &mut Then<'_, 'c>,
    ) -> Option<Found> {
        if !self.merging() || self.dry.is_some() {
            return self
                .first_interesting(candidates)
                .map(|(index, text)| Found {
                    winners: vec![index],
                    text,
                });
        }
        self.check_flakes();
        self.recheck_if_due();
        self.refused.clear();
        if self.stopped() {
            return None;
        }
        let found = self.first_interesting_in_rounds(candidates, merge, then);
        self.stats.oracle_busy = self.clock.busy();
        let found = found?;
        self.adopt(&found.text);
        Some(found)
    }

    /// The last texts adopted (at most [`RECENT_RESULTS`]), newest first: each was
    /// interesting once, so a result the test refuses when asked again has these to fall
    /// back on.
    pub fn recent_results(&self) -> impl Iterator<Item = &[u8]> {
        self.recent.iter().map(Vec::as_slice)
    }

    /// Counts an adopted interesting candidate and passes it on (best-so-far, observer).
    fn adopt(&mut self, text: &[u8]) {
        if self.recent.len() == RECENT_RESULTS {
            self.recent.pop_back();
        }
        self.recent.push_front(text.to_vec());
        self.filler.clear();
        self.stats.interesting += 1;
        self.idle_from = self.stats.queries;
        self.adopted_since_recheck = true;
        self.current_bytes = text.len();
        self.cache.found_interesting(text.len());
        if let Some(m) = self.memory.as_mut() {
            m.rebase(text);
        }
        if let Some(best) = self.best.as_mut() {
            best(text);
        }
        self.notify(Event::Improved { bytes: text.len() });
    }

    fn notify(&mut self, event: Event) {
        if self.dry.is_some() {
            return;
        }
        if let Some(o) = self.observer.as_mut() {
            o(&event, &self.stats);
        }
    }
}
