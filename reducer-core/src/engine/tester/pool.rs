//! The worker pool: threads that run the oracle on the jobs the tester hands out.

use crate::engine::oracle::{retry_not_run, Finished, Oracle, Outcome, StartedTest};
use crate::engine::stats::OracleClock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// One test handed out: to a worker of the [`Pool`], or (`-j 1`) kept by the main thread.
pub(super) struct Job {
    pub(super) index: usize,
    pub(super) text: Vec<u8>,
    pub(super) cancel: Arc<AtomicBool>,
    /// The test, if the oracle started it already (see [`Oracle::start`]).
    pub(super) started: Option<Box<dyn StartedTest>>,
    /// When the test was handed out.
    pub(super) launched: Instant,
}

impl Job {
    /// Runs the test (or waits for the started one) until it ends or `cancel` is raised; a
    /// test that could not be run is tried again (see [`retry_not_run`]).
    pub(super) fn run(self, oracle: &dyn Oracle, clock: &OracleClock, cancel: &AtomicBool) -> Done {
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

pub(super) struct Done {
    pub(super) index: usize,
    pub(super) text: Vec<u8>,
    pub(super) outcome: Outcome,
    pub(super) elapsed: Duration,
    /// How many attempts could not be run (retries included).
    pub(super) not_run: u64,
}

/// A fixed set of worker threads running the oracle.
pub(super) struct Pool {
    pub(super) jobs: Option<Sender<Job>>,
    pub(super) done: Receiver<Done>,
    pub(super) workers: Vec<JoinHandle<()>>,
}

impl Pool {
    pub(super) fn new(oracle: Arc<dyn Oracle>, size: usize, clock: Arc<OracleClock>) -> Pool {
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
