//! The slots of a list being tested, shared by both modes of `-j N`: preparing a candidate
//! (cache, syntax check), starting its oracle run, recording the answer, and settling and
//! counting it in list order.

use super::pool::Done;
use super::{Candidate, DeferredCheck, Event, Job, Pool, Source, Tester};
use crate::engine::cache::{CacheKey, Probe};
use crate::engine::oracle::Outcome;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::RecvTimeoutError;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How often a parallel tester waiting for oracle answers looks at the interrupt flag.
const INTERRUPT_POLL: Duration = Duration::from_millis(20);

/// The state of one candidate of the list being tested.
pub(super) enum Slot<'c> {
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

impl Tester {
    /// Counts a test the sequential algorithm needed.
    pub(super) fn count(
        &mut self,
        outcome: Outcome,
        source: Source,
        bytes: usize,
        elapsed: Duration,
    ) {
        match source {
            Source::Syntax => self.stats.syntax_rejected += 1,
            Source::Cache => self.stats.cache_hits += 1,
            Source::Memory => self.stats.remembered += 1,
            // Counted in `not_run` as it came in: no answer, no query.
            Source::Oracle if outcome == Outcome::NotRun => {}
            Source::Oracle => {
                self.stats.queries += 1;
                self.stats.record_oracle_run(elapsed);
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
    /// it skipped, as the sequential run's candidate would have. Then the memory of refused
    /// edits, as it stands now (it learns in this order too), may refuse it: the sequential
    /// run would not have run it.
    pub(super) fn settle(
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
        if let Some(cached) = self.cache.lookup(key) {
            if source == Source::Oracle {
                self.stats.speculative += 1;
                self.check_agreement(outcome, Some(cached));
            }
            return (cached, Source::Cache);
        }
        if source == Source::Cache && check.is_some_and(|check| !check(text)) {
            return (Outcome::NotInteresting, Source::Syntax);
        }
        if self.remembered(text) {
            if source == Source::Oracle {
                self.stats.speculative += 1;
            }
            return (Outcome::NotInteresting, Source::Memory);
        }
        if source == Source::Cache {
            self.stats.speculative = self.stats.speculative.saturating_sub(1);
        }
        debug_assert!(source != Source::Memory, "the memory only learns more");
        (outcome, Source::Oracle)
    }

    /// Prepares the next candidate: a slot answered by the cache or the syntax check, or one
    /// that needs the oracle (`Waiting`); `None` once the list is exhausted or interrupted,
    /// or the query budget is spent ([`Tester::set_budget`]).
    pub(super) fn prepare<'c>(
        &mut self,
        candidates: &mut dyn Iterator<Item = Candidate<'c>>,
    ) -> Option<Slot<'c>> {
        if self.stopped() || self.over_budget() {
            return None;
        }
        let mut candidate = candidates.next()?;
        // Refused unseen: a candidate the syntax check rejected, or one without a kept region.
        let held = |t: &&[u8]| self.kept.is_empty() || self.kept.held_by(t);
        let Some(text) = candidate.text.as_deref().filter(held) else {
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
        // The syntax check before the memory: which of the two refuses a candidate must not
        // depend on how far ahead of the sequential order it was prepared.
        let cheap = match self.cache.peek(&key) {
            Some(outcome) => Some((outcome, Source::Cache)),
            None if !candidate.run_check() => Some((Outcome::NotInteresting, Source::Syntax)),
            None => None,
        };
        let text = candidate.text.unwrap_or_default();
        let cheap = cheap.or_else(|| {
            self.remembered(&text)
                .then_some((Outcome::NotInteresting, Source::Memory))
        });
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
    pub(super) fn start_waiting(&mut self, slots: &mut VecDeque<Slot<'_>>, base: usize) -> bool {
        let Some(Slot::Waiting { .. }) = slots.back() else {
            return false;
        };
        let Some(Slot::Waiting { text, key, verify }) = slots.pop_back() else {
            unreachable!()
        };
        let cheap = match self.cache.peek(&key) {
            Some(outcome) => Some((outcome, Source::Cache)),
            None if self.remembered(&text) => Some((Outcome::NotInteresting, Source::Memory)),
            None => None,
        };
        if let Some((outcome, source)) = cheap {
            slots.push_back(Slot::Answered {
                outcome,
                source,
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

    /// Settles and counts the answered slot at the head of the list (see
    /// [`Tester::settle`]); returns its outcome, where the answer came from, and its text.
    pub(super) fn decide(&mut self, slot: Slot<'_>) -> (Outcome, Source, Vec<u8>) {
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
        if outcome == Outcome::NotInteresting && matches!(settled, Source::Oracle | Source::Cache) {
            if let Some(m) = self.memory.as_mut() {
                m.refuse(&text);
            }
        }
        (outcome, settled, text)
    }

    /// An oracle run answered `ran` about a text whose cached answer is `cached`: an
    /// acceptance of a text whose refusal is cached (two runs of one text that disagree,
    /// with the content cache) shows the test flaky.
    fn check_agreement(&mut self, ran: Outcome, cached: Option<Outcome>) {
        if ran == Outcome::Interesting
            && cached == Some(Outcome::NotInteresting)
            && self.cache.keys_by_content()
        {
            self.flakiness_seen();
        }
    }

    /// Whether the memory of refused edits refuses `text` (never when it is off).
    pub(super) fn remembered(&mut self, text: &[u8]) -> bool {
        self.memory.as_mut().is_some_and(|m| m.refuses(text))
    }

    /// Stops the tester: the sequential run needed an answer that could not be had.
    pub(super) fn stop_not_run(&mut self) {
        let cause = self.oracle.not_run_cause();
        self.not_run_cause = Some(cause.unwrap_or_else(|| "the test could not be run".to_string()));
    }

    /// Records an oracle answer in its slot (`base` is the list index of the first slot) and
    /// in the cache, ahead of the sequential order.
    pub(super) fn answer(&mut self, slots: &mut VecDeque<Slot<'_>>, base: usize, done: Done) {
        self.stats.not_run += done.not_run;
        let pos = done.index - base;
        let Slot::Running { key, .. } = &mut slots[pos] else {
            unreachable!("answer for a slot that was not running")
        };
        let key = std::mem::replace(key, CacheKey::none());
        self.check_agreement(done.outcome, self.cache.peek(&key));
        if done.outcome != Outcome::NotInteresting || self.caches_refusal_of(done.text.len()) {
            self.cache.record_ahead(&key, done.outcome);
        }
        if done.outcome == Outcome::Interesting && self.merging() {
            self.cache.keep_acceptance(&key);
        }
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
    pub(super) fn next_done(&mut self, slots: &VecDeque<Slot<'_>>) -> Done {
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
