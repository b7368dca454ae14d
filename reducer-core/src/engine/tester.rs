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
use crate::engine::oracle::{retry_not_run, Finished, Oracle, Outcome, StartedTest};
use crate::engine::stats::{OracleClock, Stats};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// A syntax check left for the tester to run only if the cache cannot answer: it gets the
/// candidate's text and says whether the candidate may go to the oracle.
pub type DeferredCheck<'a> = Box<dyn FnOnce(&[u8]) -> bool + 'a>;

/// One candidate offered to the tester.
#[derive(Default)]
pub struct Candidate<'a> {
    /// The printed candidate, or `None` when the syntax check rejected it.
    pub text: Option<Vec<u8>>,
    /// The configuration it came from (kept element indices), for the config-keyed cache.
    pub config: Option<Box<[u32]>>,
    /// A syntax check still to run; the cache is asked first, so a cached text skips it.
    pub check: Option<DeferredCheck<'a>>,
    /// Verification mode: a full parse the tester runs on the text when it sends it to the
    /// oracle, counting it in [`Stats::verified`] and, when it says no, in
    /// [`Stats::verified_invalid`]. It changes nothing else.
    pub verify: Option<DeferredCheck<'a>>,
}

impl std::fmt::Debug for Candidate<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Candidate")
            .field(
                "text",
                &self.text.as_ref().map(|t| String::from_utf8_lossy(t)),
            )
            .field("config", &self.config)
            .field("check", &self.check.is_some())
            .field("verify", &self.verify.is_some())
            .finish()
    }
}

impl<'a> Candidate<'a> {
    /// A candidate with a text and no configuration.
    pub fn text(text: impl Into<Vec<u8>>) -> Self {
        Candidate {
            text: Some(text.into()),
            ..Candidate::default()
        }
    }

    /// A candidate whose syntax is checked by `check` unless the cache knows its text.
    pub fn deferred(text: impl Into<Vec<u8>>, check: DeferredCheck<'a>) -> Self {
        Candidate {
            text: Some(text.into()),
            check: Some(check),
            ..Candidate::default()
        }
    }

    /// A candidate the syntax check rejected.
    pub fn rejected() -> Self {
        Candidate::default()
    }

    /// Runs the pending syntax check now; a rejected candidate loses its text.
    pub fn checked(mut self) -> Self {
        self.run_check();
        self
    }

    /// Runs the pending syntax check, if any; false if the candidate is (now) rejected.
    fn run_check(&mut self) -> bool {
        if let (Some(check), Some(text)) = (self.check.take(), self.text.as_deref()) {
            if !check(text) {
                self.text = None;
            }
        }
        self.text.is_some()
    }
}

/// Where a test's answer came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// An oracle run.
    Oracle,
    /// The outcome cache.
    Cache,
    /// The syntax check (never shown to the oracle).
    Syntax,
}

/// What the tester reports to an observer (progress display, verbose log).
#[derive(Clone, Copy, Debug)]
pub enum Event {
    /// A test the sequential algorithm needed was answered.
    Tested {
        /// The verdict.
        outcome: Outcome,
        /// Where it came from.
        source: Source,
        /// Candidate size in bytes (0 for syntax rejections).
        bytes: usize,
        /// How long the oracle took (zero unless `source` is the oracle).
        elapsed: Duration,
    },
    /// A smaller interesting candidate was found.
    Improved {
        /// Its size in bytes.
        bytes: usize,
    },
    /// The layer above measured its best result (see [`Tester::record_size`]): the size
    /// progress displays show, counted as the summary and `--stats` count it.
    Measured {
        /// Size in bytes.
        bytes: usize,
        /// Size in tokens of the syntax tree.
        tokens: usize,
    },
}

/// How often a parallel tester waiting for oracle answers looks at the interrupt flag.
const INTERRUPT_POLL: Duration = Duration::from_millis(20);

/// Receives every interesting candidate as soon as it is found (e.g. to save the best so far).
pub type BestSink = Box<dyn FnMut(&[u8]) + Send>;
/// Watches the tests as they happen.
pub type Observer = Box<dyn FnMut(&Event, &Stats) + Send>;

struct Job {
    index: usize,
    text: Vec<u8>,
    cancel: Arc<AtomicBool>,
    /// The test, if the oracle started it already (see [`Oracle::start`]).
    started: Option<Box<dyn StartedTest>>,
    /// When the test was handed out.
    launched: Instant,
}

impl Job {
    /// Runs the test (or waits for the started one) until it ends or `cancel` is raised; a
    /// test that could not be run is tried again (see [`retry_not_run`]).
    fn run(self, oracle: &dyn Oracle, clock: &OracleClock, cancel: &AtomicBool) -> Done {
        let mut started = self.started;
        let mut not_run = 0;
        let finished = retry_not_run(
            cancel,
            |f: &Finished| f.outcome,
            || {
                let finished = match started.take() {
                    // A cancelled test still ends here: its program is killed at once. The
                    // clock stops when the program ended, which can be before this thread
                    // came to wait for it (`-j 1` prepares the next candidate meanwhile).
                    Some(test) => {
                        let finished = test.finish(cancel);
                        clock.stop_at(finished.ended);
                        finished
                    }
                    None if cancel.load(Ordering::SeqCst) => Finished {
                        outcome: Outcome::Unresolved,
                        ended: Instant::now(),
                    },
                    None => {
                        let outcome = clock.time(|| oracle.test(&self.text, cancel));
                        Finished {
                            outcome,
                            ended: Instant::now(),
                        }
                    }
                };
                not_run += u64::from(finished.outcome == Outcome::NotRun);
                finished
            },
        );
        Done {
            index: self.index,
            text: self.text,
            outcome: finished.outcome,
            elapsed: finished.ended.saturating_duration_since(self.launched),
            not_run,
        }
    }
}

struct Done {
    index: usize,
    text: Vec<u8>,
    outcome: Outcome,
    elapsed: Duration,
    /// How many attempts could not be run (retries included).
    not_run: u64,
}

/// A fixed set of worker threads running the oracle.
struct Pool {
    jobs: Option<Sender<Job>>,
    done: Receiver<Done>,
    workers: Vec<JoinHandle<()>>,
}

impl Pool {
    fn new(oracle: Arc<dyn Oracle>, size: usize, clock: Arc<OracleClock>) -> Pool {
        let (job_tx, job_rx) = channel::<Job>();
        let job_rx = Arc::new(std::sync::Mutex::new(job_rx));
        let (done_tx, done_rx) = channel::<Done>();
        let workers = (0..size)
            .map(|_| {
                let oracle = oracle.clone();
                let clock = clock.clone();
                let job_rx = job_rx.clone();
                let done_tx = done_tx.clone();
                std::thread::spawn(move || loop {
                    let job = match job_rx.lock().unwrap().recv() {
                        Ok(job) => job,
                        Err(_) => return,
                    };
                    let cancel = job.cancel.clone();
                    let done = job.run(&*oracle, &clock, &cancel);
                    if done_tx.send(done).is_err() {
                        return;
                    }
                })
            })
            .collect();
        Pool {
            jobs: Some(job_tx),
            done: done_rx,
            workers,
        }
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        self.jobs.take();
        for w in self.workers.drain(..) {
            let _ = w.join();
        }
    }
}

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
            pool: None,
            own_run: None,
            best: None,
            observer: None,
            interrupted: Arc::new(AtomicBool::new(false)),
            not_run_cause: None,
            clock: Arc::new(OracleClock::default()),
        }
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
        self.stats.interesting += 1;
        self.cache.found_interesting(text.len());
        if let Some(best) = self.best.as_mut() {
            best(&text);
        }
        self.notify(Event::Improved { bytes: text.len() });
        Some((index, text))
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
                let Some(Slot::Answered {
                    outcome,
                    source,
                    text,
                    key,
                    elapsed,
                    check,
                }) = slots.pop_front()
                else {
                    unreachable!()
                };
                base += 1;
                let (outcome, settled) = self.settle(outcome, source, &key, &text, check);
                let elapsed = if settled == source {
                    elapsed
                } else {
                    Duration::ZERO
                };
                self.count(outcome, settled, text.len(), elapsed);
                if outcome.is_interesting() {
                    winner = Some((base - 1, text));
                    break;
                }
                if outcome == Outcome::NotRun {
                    // The sequential run needed this answer and cannot have it: stop.
                    let cause = self.oracle.not_run_cause();
                    self.not_run_cause =
                        Some(cause.unwrap_or_else(|| "the test could not be run".to_string()));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::oracle::FnOracle;

    fn tester(jobs: usize, pred: fn(&[u8]) -> bool) -> Tester {
        Tester::new(Arc::new(FnOracle(pred)), CacheOptions::default(), jobs)
    }

    fn cands(texts: &[&str]) -> Vec<Candidate<'static>> {
        texts
            .iter()
            .map(|t| Candidate::text(t.as_bytes()))
            .collect()
    }

    #[test]
    fn first_interesting_is_the_first_in_order() {
        for jobs in [1, 2, 4] {
            let mut t = tester(jobs, |b| b.contains(&b'x'));
            let list = cands(&["a", "b", "xa", "c", "xb"]);
            let got = t.first_interesting(&mut list.into_iter());
            assert_eq!(got, Some((2, b"xa".to_vec())), "jobs={jobs}");
            assert!(t.stats().queries >= 3);
        }
    }

    #[test]
    fn parallel_counts_like_sequential_and_speculation_apart() {
        let list = || {
            let mut v: Vec<Candidate> = (0..40).map(|i| Candidate::text(format!("c{i}"))).collect();
            v[5] = Candidate::rejected();
            v[30] = Candidate::text("win");
            v
        };
        let mut seq = tester(1, |b| b == b"win");
        let mut par = tester(3, |b| b == b"win");
        let a = seq.first_interesting(&mut list().into_iter());
        let b = par.first_interesting(&mut list().into_iter());
        assert_eq!(a, b);
        assert_eq!(a.unwrap().0, 30);
        let (s, p) = (seq.stats(), par.stats());
        assert_eq!((s.queries, s.syntax_rejected, s.speculative), (30, 1, 0));
        assert_eq!((p.queries, p.syntax_rejected), (30, 1));
        assert!(p.speculative <= 3 * 8);
    }

    #[test]
    fn parallel_cache_hits_are_the_sequential_ones() {
        // Equal texts in flight at once, and runs past a winner that the next list reuses:
        // -j N must count the queries and cache hits of -j 1.
        let lists = [
            vec!["a", "a", "b", "win", "c", "d"],
            vec!["c", "d", "a", "e", "win"],
        ];
        let counts = |jobs| {
            let mut t = tester(jobs, |b| b == b"win");
            for list in &lists {
                let got = t.first_interesting(&mut cands(list).into_iter());
                assert_eq!(got.map(|(i, _)| i), list.iter().position(|&t| t == "win"));
            }
            let s = t.stats();
            (s.queries, s.cache_hits, t.cache_stats().hits)
        };
        assert_eq!(counts(1), (7, 2, 2));
        for jobs in [2, 3, 4, 8] {
            assert_eq!(counts(jobs), counts(1), "jobs={jobs}");
        }
    }

    #[test]
    fn cache_and_syntax_answer_without_the_oracle() {
        let mut t = tester(1, |b| b == b"yes");
        let mut list = cands(&["no", "no"]);
        list.insert(1, Candidate::rejected());
        assert_eq!(t.first_interesting(&mut list.into_iter()), None);
        let s = t.stats();
        assert_eq!((s.queries, s.cache_hits, s.syntax_rejected), (1, 1, 1));
    }

    #[test]
    fn deferred_checks_run_only_on_cache_misses() {
        for jobs in [1, 2] {
            let runs = std::cell::Cell::new(0);
            let checked = |text: &'static str, ok: bool| {
                let runs = &runs;
                Candidate::deferred(
                    text,
                    Box::new(move |_: &[u8]| {
                        runs.set(runs.get() + 1);
                        ok
                    }),
                )
            };
            let mut t = tester(jobs, |b| b == b"yes");
            // "a" is tested, then known: its check never runs again. "bad" fails its check
            // and is never shown to the oracle.
            let list = vec![checked("a", true), checked("bad", false)];
            assert_eq!(t.first_interesting(&mut list.into_iter()), None);
            assert_eq!(runs.get(), 2, "jobs={jobs}");
            assert_eq!(
                t.first_interesting(&mut std::iter::once(checked("a", true))),
                None
            );
            assert_eq!(runs.get(), 2, "jobs={jobs}: a known text was checked again");
            let s = t.stats();
            assert_eq!((s.queries, s.cache_hits, s.syntax_rejected), (1, 1, 1));
        }
    }

    #[test]
    fn the_next_candidate_is_prepared_while_the_oracle_runs() {
        // The oracle's run on "a" only ends once the check of "b" has run: without the
        // overlap, the run would wait out its 10 s guard and the test fails.
        let b_checked = Arc::new(AtomicBool::new(false));
        let seen = b_checked.clone();
        let oracle = FnOracle(move |text: &[u8]| {
            if text == b"a" {
                let deadline = Instant::now() + Duration::from_secs(10);
                while !seen.load(Ordering::SeqCst) && Instant::now() < deadline {
                    std::thread::sleep(Duration::from_millis(1));
                }
            }
            false
        });
        let mut t = Tester::new(Arc::new(oracle), CacheOptions::default(), 1);
        let flag = b_checked.clone();
        let list = vec![
            Candidate::text("a"),
            Candidate::deferred(
                "b",
                Box::new(move |_: &[u8]| {
                    flag.store(true, Ordering::SeqCst);
                    true
                }),
            ),
        ];
        let started = Instant::now();
        assert_eq!(t.first_interesting(&mut list.into_iter()), None);
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the check of the next candidate waited for the oracle"
        );
        let s = t.stats();
        assert_eq!((s.queries, s.speculative), (2, 0));
    }

    /// Starts tests that end at once (their answer: not interesting).
    struct Instant0;

    struct Ended(Instant);

    impl StartedTest for Ended {
        fn finish(self: Box<Self>, _cancel: &AtomicBool) -> Finished {
            Finished {
                outcome: Outcome::NotInteresting,
                ended: self.0,
            }
        }
    }

    impl Oracle for Instant0 {
        fn test(&self, _candidate: &[u8], _cancel: &AtomicBool) -> Outcome {
            Outcome::NotInteresting
        }

        fn start(&self, _candidate: &[u8]) -> Option<Box<dyn StartedTest>> {
            Some(Box::new(Ended(Instant::now())))
        }
    }

    #[test]
    fn preparing_the_next_candidate_is_not_oracle_time() {
        // Each run ends as it starts; the check of the next candidate, made meanwhile, takes
        // 300 ms. With `-j 1` the tester only comes to collect the answer after that check:
        // the oracle's time (and busy time) stays near zero all the same.
        let slow_check = || -> DeferredCheck<'static> {
            Box::new(|_: &[u8]| {
                std::thread::sleep(Duration::from_millis(300));
                true
            })
        };
        let mut t = Tester::new(Arc::new(Instant0), CacheOptions::default(), 1);
        let list = vec![
            Candidate::text("a"),
            Candidate::deferred("b", slow_check()),
            Candidate::deferred("c", slow_check()),
        ];
        assert_eq!(t.first_interesting(&mut list.into_iter()), None);
        let s = t.stats();
        assert_eq!(s.queries, 3);
        assert!(
            s.oracle_time < Duration::from_millis(200),
            "{:?}",
            s.oracle_time
        );
        assert!(
            s.oracle_busy < Duration::from_millis(200),
            "{:?}",
            s.oracle_busy
        );
    }

    /// Answers "not run" for texts starting with `!` (each attempt counted), interesting
    /// for "win", not interesting otherwise.
    struct Flaky {
        attempts: std::sync::Mutex<Vec<Vec<u8>>>,
        heals_after: usize,
    }

    impl Oracle for Flaky {
        fn test(&self, candidate: &[u8], _cancel: &AtomicBool) -> Outcome {
            let mut attempts = self.attempts.lock().unwrap();
            attempts.push(candidate.to_vec());
            let tries = attempts.iter().filter(|a| a[..] == *candidate).count();
            if candidate.starts_with(b"!") && tries <= self.heals_after {
                Outcome::NotRun
            } else if candidate == b"win" {
                Outcome::Interesting
            } else {
                Outcome::NotInteresting
            }
        }

        fn not_run_cause(&self) -> Option<String> {
            Some("the disk is full".to_string())
        }
    }

    fn flaky(heals_after: usize) -> Arc<Flaky> {
        Arc::new(Flaky {
            attempts: Default::default(),
            heals_after,
        })
    }

    #[test]
    fn a_test_that_cannot_be_run_is_retried_once_then_stops_the_tester() {
        for jobs in [1, 2, 4] {
            let oracle = flaky(usize::MAX);
            let mut t = Tester::new(oracle.clone(), CacheOptions::default(), jobs);
            let got = t.first_interesting(&mut cands(&["a", "!b", "win"]).into_iter());
            assert_eq!(got, None, "jobs={jobs}: no answer past a test not run");
            assert_eq!(t.not_run_cause(), Some("the disk is full"));
            assert!(t.stopped() && !t.interrupted());
            let tries = |c: &[u8]| {
                let a = oracle.attempts.lock().unwrap();
                a.iter().filter(|a| a[..] == *c).count()
            };
            assert_eq!(tries(b"!b"), 2, "jobs={jobs}: tried once more");
            let s = t.stats().clone();
            // Neither a query, nor unresolved, nor cached.
            assert_eq!(
                (s.queries, s.unresolved, s.not_run),
                (1, 0, 2),
                "jobs={jobs}"
            );
            // A stopped tester answers nothing more, without running anything.
            let before = oracle.attempts.lock().unwrap().len();
            assert!(!t.test(Candidate::text("win")));
            assert_eq!(oracle.attempts.lock().unwrap().len(), before);
        }
    }

    #[test]
    fn a_test_that_runs_on_the_second_try_goes_on() {
        let oracle = flaky(1);
        let mut t = Tester::new(oracle, CacheOptions::default(), 1);
        let got = t.first_interesting(&mut cands(&["!a", "win"]).into_iter());
        assert_eq!(got.map(|(i, _)| i), Some(1));
        assert_eq!(t.not_run_cause(), None);
        let s = t.stats();
        assert_eq!((s.queries, s.not_run), (2, 1));
    }

    #[test]
    fn a_test_not_run_past_the_winner_does_not_stop_anything() {
        // With -j 4, "!x" runs past the winner: speculation, not the sequential run's need.
        let oracle = flaky(usize::MAX);
        let mut t = Tester::new(oracle, CacheOptions::default(), 4);
        let got = t.first_interesting(&mut cands(&["win", "!x"]).into_iter());
        assert_eq!(got.map(|(i, _)| i), Some(0));
        assert_eq!(t.not_run_cause(), None);
        assert!(!t.stopped());
    }

    #[test]
    fn a_cache_answer_the_sequential_run_lacked_still_gets_its_syntax_check() {
        // With -j 3, "x" runs past the winner of the first list and its answer is recorded
        // ahead; in the next list it answers "x" from the cache, but the sequential run has
        // no such entry and rejects "x" by its syntax check: so must the parallel one.
        let counts = |jobs| {
            let oracle = FnOracle(|b: &[u8]| {
                if b == b"win" {
                    std::thread::sleep(Duration::from_millis(50));
                }
                b == b"win"
            });
            let mut t = Tester::new(Arc::new(oracle), CacheOptions::default(), jobs);
            let first = t.first_interesting(&mut cands(&["a", "win", "x"]).into_iter());
            assert_eq!(first.map(|(i, _)| i), Some(1));
            let list = vec![Candidate::deferred("x", Box::new(|_: &[u8]| false))];
            assert_eq!(t.first_interesting(&mut list.into_iter()), None);
            let s = t.stats();
            (s.queries, s.cache_hits, s.syntax_rejected)
        };
        assert_eq!(counts(1), (2, 0, 1));
        assert_eq!(counts(3), counts(1));
    }
}
