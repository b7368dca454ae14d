//! Asking the oracle more than once before an acceptance counts (`--confirm N`), for tests
//! that flake.
//!
//! A flaky test (a program whose output follows the address layout, a timeout under load)
//! that accepts a candidate by mistake makes the reduction adopt a text that is not
//! interesting, and every later step builds on it. [`Confirming`] asks its oracle up to N
//! times about each candidate: the candidate is interesting only if every answer is; a
//! refusal ends the asking at once (refusals are most answers, and a false refusal only
//! costs a reduction step, not the result). An acceptance followed by a refusal is a
//! *flake*: it is counted ([`Confirming::flakes`]), and from then on the oracle counts as
//! flaky ([`Confirming::flaky`]). With N = 1 every answer counts at once, as without the
//! wrapper; [`Confirming::at_least`] raises N during a run, e.g. once flakiness was seen.

use super::{Oracle, Outcome};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::Arc;

/// An oracle that asks `inner` up to N times (see the [module documentation](self)).
pub struct Confirming {
    inner: Arc<dyn Oracle>,
    times: AtomicU32,
    answers: AtomicU64,
    flakes: AtomicU64,
}

impl Confirming {
    /// Asks `inner` `times` times (at least once) before an acceptance counts.
    pub fn new(inner: Arc<dyn Oracle>, times: u32) -> Confirming {
        Confirming {
            inner,
            times: AtomicU32::new(times.max(1)),
            answers: AtomicU64::new(0),
            flakes: AtomicU64::new(0),
        }
    }

    /// How many times an acceptance is asked for now.
    pub fn times(&self) -> u32 {
        self.times.load(Ordering::SeqCst)
    }

    /// Asks at least `times` times from now on.
    pub fn at_least(&self, times: u32) {
        self.times.fetch_max(times, Ordering::SeqCst);
    }

    /// Answers given so far (the runs of `inner` that ended with a verdict).
    pub fn answers(&self) -> u64 {
        self.answers.load(Ordering::SeqCst)
    }

    /// Candidates accepted, then refused when asked again.
    pub fn flakes(&self) -> u64 {
        self.flakes.load(Ordering::SeqCst)
    }

    /// Whether a flake was seen.
    pub fn flaky(&self) -> bool {
        self.flakes() > 0
    }
}

impl Oracle for Confirming {
    fn test(&self, candidate: &[u8], cancel: &AtomicBool) -> Outcome {
        let times = self.times();
        let mut accepted = 0;
        loop {
            let outcome = self.inner.test(candidate, cancel);
            if matches!(outcome, Outcome::Interesting | Outcome::NotInteresting) {
                self.answers.fetch_add(1, Ordering::SeqCst);
            }
            if outcome != Outcome::Interesting {
                if accepted > 0 && outcome == Outcome::NotInteresting {
                    self.flakes.fetch_add(1, Ordering::SeqCst);
                }
                return outcome;
            }
            accepted += 1;
            if accepted >= times || cancel.load(Ordering::SeqCst) {
                return Outcome::Interesting;
            }
        }
    }

    fn start(&self, candidate: &[u8]) -> Option<Box<dyn super::StartedTest>> {
        // Asked once: the inner oracle's own start (a program started before any hand-off).
        match self.times() {
            1 => self.inner.start(candidate),
            _ => None,
        }
    }

    fn not_run_cause(&self) -> Option<String> {
        self.inner.not_run_cause()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    /// Answers from a script, then "interesting".
    struct Script(Mutex<Vec<Outcome>>);

    impl Oracle for Script {
        fn test(&self, _: &[u8], _: &AtomicBool) -> Outcome {
            let mut s = self.0.lock().unwrap();
            match s.is_empty() {
                true => Outcome::Interesting,
                false => s.remove(0),
            }
        }
    }

    #[test]
    fn an_acceptance_counts_only_when_every_answer_accepts() {
        use Outcome::*;
        let script = Arc::new(Script(Mutex::new(vec![
            Interesting,
            Interesting,
            Interesting,
            Interesting,
            NotInteresting,
            NotInteresting,
        ])));
        let c = Confirming::new(script.clone(), 3);
        let no = AtomicBool::new(false);
        assert_eq!(c.test(b"", &no), Interesting, "three acceptances");
        assert!(!c.flaky());
        assert_eq!(c.test(b"", &no), NotInteresting, "accepted, then refused");
        assert_eq!((c.flakes(), c.answers()), (1, 5));
        assert_eq!(
            c.test(b"", &no),
            NotInteresting,
            "a refusal ends the asking"
        );
        assert_eq!(c.answers(), 6);
        let once = Confirming::new(script, 1);
        assert_eq!(once.test(b"", &no), Interesting);
        once.at_least(2);
        once.at_least(1);
        assert_eq!(once.times(), 2);
    }

    /// The seeded test wrapper of the suite: answers as `truth` does, but flips each answer
    /// with probability `rate` (a xorshift generator from `seed`).
    struct Flipping {
        truth: fn(&[u8]) -> bool,
        rate: f64,
        state: Mutex<u64>,
        flipped: AtomicU64,
    }

    impl Flipping {
        fn new(truth: fn(&[u8]) -> bool, rate: f64, seed: u64) -> Flipping {
            Flipping {
                truth,
                rate,
                state: Mutex::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1),
                flipped: AtomicU64::new(0),
            }
        }

        fn coin(&self) -> f64 {
            let mut x = self.state.lock().unwrap();
            *x ^= *x << 13;
            *x ^= *x >> 7;
            *x ^= *x << 17;
            (*x >> 11) as f64 / (1u64 << 53) as f64
        }
    }

    impl Oracle for Flipping {
        fn test(&self, candidate: &[u8], _: &AtomicBool) -> Outcome {
            let mut answer = (self.truth)(candidate);
            if self.coin() < self.rate {
                answer = !answer;
                self.flipped.fetch_add(1, Ordering::SeqCst);
            }
            match answer {
                true => Outcome::Interesting,
                false => Outcome::NotInteresting,
            }
        }
    }

    /// The "bug": two lines that must stay, in order.
    fn shows_the_bug(text: &[u8]) -> bool {
        let text = String::from_utf8_lossy(text);
        match (text.find("crash(42);"), text.find("while1(d);")) {
            (Some(a), Some(b)) => a < b,
            _ => false,
        }
    }

    #[test]
    fn with_five_percent_of_answers_flipped_a_reduction_still_ends_interesting() {
        use crate::engine::cache::CacheOptions;
        use crate::engine::tester::Tester;
        use crate::reduce::list::{reduce_text, DdOptions};
        let mut input = String::new();
        for i in 0..30 {
            input.push_str(&format!("var v{i} = {i};\n"));
            if i == 10 {
                input.push_str("crash(42);\n");
            }
            if i == 20 {
                input.push_str("while1(d);\n");
            }
        }
        assert!(shows_the_bug(input.as_bytes()));
        for seed in 1..=8 {
            let flipping = Arc::new(Flipping::new(shows_the_bug, 0.05, seed));
            let confirming = Arc::new(Confirming::new(flipping.clone(), 3));
            let mut tester = Tester::new(confirming.clone(), CacheOptions::default(), 1);
            let watched = confirming.clone();
            tester.watch_flakes(Box::new(move || watched.flaky()));
            let result = reduce_text(input.as_bytes(), &[], &mut tester, &DdOptions::default()).0;
            let shown = String::from_utf8_lossy(&result);
            assert!(shows_the_bug(&result), "seed {seed}: {shown:?}");
            assert!(result.len() < input.len() / 4, "seed {seed}: {shown:?}");
            let flipped = flipping.flipped.load(Ordering::SeqCst);
            assert!(flipped > 0, "seed {seed}: the wrapper flipped nothing");
            // Every flake the confirmation saw made the tester stop trusting its refusals.
            assert_eq!(tester.stats().flaky, confirming.flaky(), "seed {seed}");
        }
    }
}
