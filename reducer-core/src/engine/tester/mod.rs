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
//! A test that could not be run ([`Outcome::NotRun`]) is tried again once on the spot; if it
//! still cannot be run when it reaches the head of the list, the tester stops: it answers
//! nothing more (as after Ctrl-C), and [`Tester::not_run_cause`] says why.

use crate::engine::cache::{Cache, CacheKey, CacheOptions, CacheStats, Probe};
use crate::engine::oracle::{Oracle, Outcome};
use crate::engine::stats::{OracleClock, Stats};
use pool::{Done, Job, Pool};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::RecvTimeoutError;
use std::sync::Arc;
use std::time::{Duration, Instant};

mod candidate;
mod pool;
mod rounds;
#[cfg(test)]
mod tests;

pub use candidate::{Candidate, DeferredCheck, Event, Source};

/// How often a parallel tester waiting for oracle answers looks at the interrupt flag.
const INTERRUPT_POLL: Duration = Duration::from_millis(20);

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

/// The state of one candidate of the list being tested.
enum Slot<'c> {
    /// Answered by `source`; `elapsed` is the oracle's time.
    Answered {
        outcome: Outcome,
        source: Source,
        text: Vec<u8>,
        key: CacheKey,
        elapsed: Duration,
        /// The syntax check a cache answer skipped: the head of the list runs it if the
        /// sequential run would not have had that answer (see [`Tester::settle`]).
        check: Option<DeferredCheck<'c>>,
    },
    /// Prepared while every run was going (cache missed, syntax passed): it starts as soon as
    /// one ends. At most one candidate waits, always the last slot.
    Waiting {
        text: Vec<u8>,
        key: CacheKey,
        /// The candidate's verification, run if it is sent to the oracle.
        verify: Option<DeferredCheck<'c>>,
    },
    /// An oracle run is under way.
    Running {
        cancel: Arc<AtomicBool>,
        key: CacheKey,
    },
}

/// Runs candidates through the syntax verdict, the cache and the oracle, and keeps the stats.
pub struct Tester {
    oracle: Arc<dyn Oracle>,
    cache: Cache,
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
    /// Time during which any oracle run was going (see [`Stats::oracle_busy`]).
    clock: Arc<OracleClock>,
}

impl Tester {
    /// A tester running `oracle` with up to `jobs` runs at once.
    pub fn new(oracle: Arc<dyn Oracle>, cache: CacheOptions, jobs: usize) -> Self {
        Tester {
            oracle,
            cache: Cache::new(cache),
            stats: Stats::default(),
            jobs: jobs.max(1),
            parallel: Parallel::Exact,
            pool: None,
            own_run: None,
            best: None,
            observer: None,
            interrupted: Arc::new(AtomicBool::new(false)),
            not_run_cause: None,
            clock: Arc::new(OracleClock::default()),
        }
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
        self.interrupted() || self.not_run_cause.is_some()
    }

    /// The statistics so far.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// Records the size of the best result (bytes and tree tokens) in the statistics and
    /// tells the observer ([`Event::Measured`]).
    pub fn record_size(&mut self, bytes: usize, tokens: usize) {
        self.stats.record_size(bytes, tokens);
        self.notify(Event::Measured { bytes, tokens });
    }

    /// The statistics, for the layers above the tester (syntax checks, sizes).
    pub fn stats_mut(&mut self) -> &mut Stats {
        &mut self.stats
    }

    /// The cache's counters.
    pub fn cache_stats(&self) -> CacheStats {
        self.cache.stats()
    }

    /// Tells the config-keyed cache that a new list reduction starts.
    pub fn new_configuration_space(&mut self) {
        self.cache.clear_configs();
    }

    /// Number of oracle runs allowed at once.
    pub fn jobs(&self) -> usize {
        self.jobs
    }

    /// The clock of oracle-run time, for runs made outside the tester (see
    /// [`Tester::count_outside_run`]).
    pub fn oracle_clock(&self) -> Arc<OracleClock> {
        self.clock.clone()
    }

    /// Counts an oracle run made outside the cache (e.g. on the original input, timed with
    /// [`Tester::oracle_clock`]) as a query, after `not_run` attempts that could not be run.
    /// A run that could not be run in the end is no query.
    pub fn count_outside_run(&mut self, outcome: Outcome, elapsed: Duration, not_run: u64) {
        self.stats.not_run += not_run;
        if outcome != Outcome::NotRun {
            self.stats.queries += 1;
            self.stats.oracle_time += elapsed;
        }
        if outcome == Outcome::Unresolved {
            self.stats.unresolved += 1;
        }
        self.stats.oracle_busy = self.clock.busy();
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
        if !self.merging() {
            return self
                .first_interesting(candidates)
                .map(|(index, text)| Found {
                    winners: vec![index],
                    text,
                });
        }
        if self.stopped() {
            return None;
        }
        let found = self.first_interesting_in_rounds(candidates, merge);
        self.stats.oracle_busy = self.clock.busy();
        let found = found?;
        self.adopt(&found.text);
        Some(found)
    }

    /// Counts an adopted interesting candidate and passes it on (best-so-far, observer).
    fn adopt(&mut self, text: &[u8]) {
        self.stats.interesting += 1;
        self.cache.found_interesting(text.len());
        if let Some(best) = self.best.as_mut() {
            best(text);
        }
        self.notify(Event::Improved { bytes: text.len() });
    }

    /// Counts a test the sequential algorithm needed.
    fn count(&mut self, outcome: Outcome, source: Source, bytes: usize, elapsed: Duration) {
        match source {
            Source::Syntax => self.stats.syntax_rejected += 1,
            Source::Cache => self.stats.cache_hits += 1,
            // Counted in `not_run` as it came in: no answer, no query.
            Source::Oracle if outcome == Outcome::NotRun => {}
            Source::Oracle => {
                self.stats.queries += 1;
                self.stats.oracle_time += elapsed;
                if outcome == Outcome::Unresolved {
                    self.stats.unresolved += 1;
                }
            }
        }
        self.notify(Event::Tested {
            outcome,
            source,
            bytes,
            elapsed,
        });
    }

    /// Settles a test when it reaches the head of the list, i.e. in the sequential order, so
    /// that the counters are the sequential run's: if the sequential run's cache lookup would
    /// answer it here, it is a cache hit (and an oracle run made for it was speculation);
    /// otherwise it is a query (and an answer taken from an entry that an earlier list's
    /// speculation recorded ahead is no longer speculation).
    /// A cache answer the sequential run would not have had goes through the syntax check
    /// it skipped, as the sequential run's candidate would have.
    fn settle(
        &mut self,
        outcome: Outcome,
        source: Source,
        key: &CacheKey,
        text: &[u8],
        check: Option<DeferredCheck<'_>>,
    ) -> (Outcome, Source) {
        if source == Source::Syntax {
            return (outcome, source);
        }
        match self.cache.lookup(key) {
            Some(cached) => {
                if source == Source::Oracle {
                    self.stats.speculative += 1;
                }
                (cached, Source::Cache)
            }
            None => {
                if source == Source::Cache {
                    if check.is_some_and(|check| !check(text)) {
                        return (Outcome::NotInteresting, Source::Syntax);
                    }
                    self.stats.speculative = self.stats.speculative.saturating_sub(1);
                }
                (outcome, Source::Oracle)
            }
        }
    }

    fn notify(&mut self, event: Event) {
        if let Some(o) = self.observer.as_mut() {
            o(&event, &self.stats);
        }
    }

    /// Prepares the next candidate: a slot answered by the cache or the syntax check, or one
    /// that needs the oracle (`Waiting`); `None` once the list is exhausted or interrupted.
    fn prepare<'c>(
        &mut self,
        candidates: &mut dyn Iterator<Item = Candidate<'c>>,
    ) -> Option<Slot<'c>> {
        if self.stopped() {
            return None;
        }
        let mut candidate = candidates.next()?;
        let Some(text) = candidate.text.as_deref() else {
            return Some(Slot::Answered {
                outcome: Outcome::NotInteresting,
                source: Source::Syntax,
                text: Vec::new(),
                key: CacheKey::none(),
                elapsed: Duration::ZERO,
                check: None,
            });
        };
        let key = self.cache.key(Probe {
            text,
            config: candidate.config.as_deref(),
        });
        // Any entry answers, including those recorded ahead by speculation (not counted yet):
        // the head of the list settles how the sequential run would have counted it.
        let cheap = match self.cache.peek(&key) {
            Some(outcome) => Some((outcome, Source::Cache)),
            None if !candidate.run_check() => Some((Outcome::NotInteresting, Source::Syntax)),
            None => None,
        };
        let text = candidate.text.unwrap_or_default();
        Some(match cheap {
            Some((outcome, source)) => Slot::Answered {
                outcome,
                source,
                text,
                key,
                elapsed: Duration::ZERO,
                check: candidate.check,
            },
            None => Slot::Waiting {
                text,
                key,
                verify: candidate.verify,
            },
        })
    }

    /// Starts the waiting candidate (the last slot) on a free worker, unless an answer that
    /// came in since it was prepared makes it a cache hit.
    fn start_waiting(&mut self, slots: &mut VecDeque<Slot<'_>>, base: usize) -> bool {
        let Some(Slot::Waiting { .. }) = slots.back() else {
            return false;
        };
        let Some(Slot::Waiting { text, key, verify }) = slots.pop_back() else {
            unreachable!()
        };
        if let Some(outcome) = self.cache.peek(&key) {
            slots.push_back(Slot::Answered {
                outcome,
                source: Source::Cache,
                text,
                key,
                elapsed: Duration::ZERO,
                check: None, // it passed already
            });
            return false;
        }
        // The program starts here, on this thread: handing a candidate to a sleeping worker
        // costs a wake-up, which the run should not wait for. The clock runs from here until
        // the worker has the answer.
        let launched = Instant::now();
        self.clock.start();
        let started = self.oracle.start(&text);
        if started.is_none() {
            self.clock.stop(); // the worker times the whole test
        }
        if let Some(verify) = verify {
            // While the program runs, when it started here.
            self.stats.verified += 1;
            if !verify(&text) {
                self.stats.verified_invalid += 1;
            }
        }
        let cancel = Arc::new(AtomicBool::new(false));
        let job = Job {
            index: base + slots.len(),
            text,
            cancel: cancel.clone(),
            started,
            launched,
        };
        slots.push_back(Slot::Running { cancel, key });
        if self.jobs == 1 && job.started.is_some() {
            self.own_run = Some(job);
            return true;
        }
        let pool = self
            .pool
            .get_or_insert_with(|| Pool::new(self.oracle.clone(), self.jobs, self.clock.clone()));
        pool.jobs.as_ref().unwrap().send(job).expect("oracle pool");
        true
    }

    fn first_interesting_pooled(
        &mut self,
        candidates: &mut dyn Iterator<Item = Candidate>,
    ) -> Option<(usize, Vec<u8>)> {
        // Candidates not yet decided, in list order; `base` is the list index of the first.
        let mut slots: VecDeque<Slot> = VecDeque::new();
        let mut base = 0usize;
        let mut running = 0usize;
        let mut exhausted = false;
        let mut winner: Option<(usize, Vec<u8>)> = None;
        loop {
            // Decide the head of the list as far as the answers allow.
            while matches!(slots.front(), Some(Slot::Answered { .. })) {
                let slot = slots.pop_front().expect("an answered slot");
                base += 1;
                let (outcome, text) = self.decide(slot);
                if outcome.is_interesting() {
                    winner = Some((base - 1, text));
                    break;
                }
                if outcome == Outcome::NotRun {
                    self.stop_not_run();
                    break;
                }
            }
            if winner.is_some() || self.not_run_cause.is_some() || (slots.is_empty() && exhausted) {
                break;
            }
            // Keep the workers busy with the next candidates of the list, and have the next
            // one prepared while they are all busy.
            loop {
                if running < self.jobs && self.start_waiting(&mut slots, base) {
                    running += 1;
                    continue;
                }
                let waiting = matches!(slots.back(), Some(Slot::Waiting { .. }));
                if exhausted || waiting || slots.len() >= self.jobs * 8 {
                    break;
                }
                match self.prepare(candidates) {
                    Some(slot) => slots.push_back(slot),
                    None => exhausted = true,
                }
            }
            if running == 0 {
                continue; // Only cheap answers so far: decide them.
            }
            // Wait for the next oracle answer.
            let done = self.next_done(&slots);
            running -= 1;
            self.answer(&mut slots, base, done);
        }
        // Whatever is left lies past the winner: oracle runs there were speculation. Cancel
        // the ones still running and wait for them (a completed one still feeds the cache).
        for slot in slots.iter() {
            match slot {
                Slot::Running { cancel, .. } => cancel.store(true, Ordering::SeqCst),
                Slot::Answered {
                    source: Source::Oracle,
                    ..
                } => self.stats.speculative += 1,
                Slot::Answered { .. } | Slot::Waiting { .. } => {}
            }
        }
        while running > 0 {
            let done = self.next_done(&slots);
            running -= 1;
            self.stats.speculative += 1;
            self.stats.not_run += done.not_run;
            if let Slot::Running { key, .. } = &slots[done.index - base] {
                self.cache.insert_ahead(key, done.outcome);
            }
        }
        winner
    }

    /// Settles and counts the answered slot at the head of the list (see
    /// [`Tester::settle`]); returns its outcome and text.
    fn decide(&mut self, slot: Slot<'_>) -> (Outcome, Vec<u8>) {
        let Slot::Answered {
            outcome,
            source,
            text,
            key,
            elapsed,
            check,
        } = slot
        else {
            unreachable!("deciding a slot that has no answer")
        };
        let (outcome, settled) = self.settle(outcome, source, &key, &text, check);
        let elapsed = if settled == source {
            elapsed
        } else {
            Duration::ZERO
        };
        self.count(outcome, settled, text.len(), elapsed);
        (outcome, text)
    }

    /// Stops the tester: the sequential run needed an answer that could not be had.
    fn stop_not_run(&mut self) {
        let cause = self.oracle.not_run_cause();
        self.not_run_cause = Some(cause.unwrap_or_else(|| "the test could not be run".to_string()));
    }

    /// Records an oracle answer in its slot (`base` is the list index of the first slot) and
    /// in the cache, ahead of the sequential order.
    fn answer(&mut self, slots: &mut VecDeque<Slot<'_>>, base: usize, done: Done) {
        self.stats.not_run += done.not_run;
        let pos = done.index - base;
        let Slot::Running { key, .. } = &mut slots[pos] else {
            unreachable!("answer for a slot that was not running")
        };
        let key = std::mem::replace(key, CacheKey::none());
        self.cache.insert_ahead(&key, done.outcome);
        slots[pos] = Slot::Answered {
            outcome: done.outcome,
            source: Source::Oracle,
            text: done.text,
            key,
            elapsed: done.elapsed,
            check: None,
        };
    }

    /// Waits for the next oracle answer. Once the run is interrupted (Ctrl-C), the runs still
    /// going in `slots` are cancelled, so that their programs are killed at once.
    fn next_done(&mut self, slots: &VecDeque<Slot<'_>>) -> Done {
        if let Some(job) = self.own_run.take() {
            return job.run(&*self.oracle, &self.clock, &self.interrupted);
        }
        let pool = self.pool.as_ref().expect("oracle pool");
        loop {
            match pool.done.recv_timeout(INTERRUPT_POLL) {
                Ok(done) => return done,
                Err(RecvTimeoutError::Timeout) if self.interrupted() => {
                    for slot in slots {
                        if let Slot::Running { cancel, .. } = slot {
                            cancel.store(true, Ordering::SeqCst);
                        }
                    }
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => panic!("oracle pool"),
            }
        }
    }
}
