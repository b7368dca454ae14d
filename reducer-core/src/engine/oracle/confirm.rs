//! Asking the oracle more than once before an answer counts (`--confirm N`), for tests
//! that flake.
//!
//! A flaky test (a program whose output follows the address layout, a timeout under load)
//! that accepts a candidate by mistake makes the reduction adopt a text that is not
//! interesting, and every later step builds on it; one that refuses by mistake only costs a
//! step, which a later pass may take. So the two answers are not asked for alike.
//! [`Confirming`] asks its oracle about a candidate until the answers settle it:
//!
//! * *interesting* once the acceptances outnumber the refusals by N (N acceptances in a
//!   row when the test does not flake: with N = 1 every answer counts at once, as without
//!   the wrapper);
//! * *not interesting* once the refusals outnumber the acceptances: a first refusal counts
//!   at once (refusals are most answers), a refusal after an acceptance does not;
//! * after [`MAX_ASKS_PER_LEVEL`] × N answers without either, not interesting.
//!
//! The checks outside the candidate lists (the original before the reduction, the result
//! of a stage, the final result: [`Confirming::check`], [`Oracle::settle`]) ask until
//! either answer leads by N: a refusal there ends the run, or takes the reduction back to
//! an earlier result.
//!
//! A candidate given both answers is a *flake* ([`Confirming::flakes`]); from the first one
//! on, the oracle counts as flaky ([`Confirming::flaky`]; the tester may also find it so and
//! say it: [`Confirming::flakiness_seen`]). Then N is at least 2, and more when the
//! acceptances found wrong say the test accepts by mistake often: N becomes the least level
//! at which a wrong acceptance of a candidate that is not interesting stays below
//! [`WRONG_ACCEPTANCE_TARGET`] (at most [`MAX_AUTO_LEVEL`]), from the rate of acceptances
//! among the answers about candidates that ended refused ([`Confirming::wrong_acceptance_rate`]).

use super::{Oracle, Outcome};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// How often a candidate that is not interesting may end adopted under the automatic level:
/// the level is the least N with (q / (1 − q))^N at most this, q the wrong-acceptance rate
/// (at 5 % of answers flipped, N = 4; at 1 %, 3; at 0.1 %, 2).
pub const WRONG_ACCEPTANCE_TARGET: f64 = 1e-5;

/// The highest level the automatic policy sets (a test that answers at random gets no
/// further).
pub const MAX_AUTO_LEVEL: u32 = 6;

/// A candidate is asked at most this many times N before it counts as not interesting
/// without a settled answer (a test that answers at random costs no more).
pub const MAX_ASKS_PER_LEVEL: u32 = 4;

/// An oracle that asks `inner` until the answers settle (see the [module documentation](self)).
pub struct Confirming {
    inner: Arc<dyn Oracle>,
    /// The level `--confirm` gave.
    given: u32,
    times: AtomicU32,
    flaky: AtomicBool,
    answers: AtomicU64,
    flakes: AtomicU64,
    /// Answers about the candidates that ended refused, and the acceptances among them.
    refused: Mutex<(u64, u64)>,
}

impl Confirming {
    /// Asks `inner` until the acceptances outnumber the refusals by `times` (at least 1).
    pub fn new(inner: Arc<dyn Oracle>, times: u32) -> Confirming {
        let times = times.max(1);
        Confirming {
            inner,
            given: times,
            times: AtomicU32::new(times),
            flaky: AtomicBool::new(false),
            answers: AtomicU64::new(0),
            flakes: AtomicU64::new(0),
            refused: Mutex::new((0, 0)),
        }
    }

    /// By how many the acceptances must outnumber the refusals now (the level).
    pub fn times(&self) -> u32 {
        self.times.load(Ordering::SeqCst)
    }

    /// Answers given so far (the runs of `inner` that ended with a verdict).
    pub fn answers(&self) -> u64 {
        self.answers.load(Ordering::SeqCst)
    }

    /// Candidates given both answers.
    pub fn flakes(&self) -> u64 {
        self.flakes.load(Ordering::SeqCst)
    }

    /// Whether the test was seen to flake, here or by the tester.
    pub fn flaky(&self) -> bool {
        self.flaky.load(Ordering::SeqCst)
    }

    /// The share of acceptances among the answers about the candidates that ended refused
    /// (0 before any such answer): how often the test accepts by mistake.
    pub fn wrong_acceptance_rate(&self) -> f64 {
        let (answers, accepted) = *self.refused.lock().unwrap_or_else(|e| e.into_inner());
        accepted as f64 / (answers as f64 + 1.0)
    }

    /// The test flaked (here, or a recheck of the result disagreed): the level is at least
    /// 2 from now on, and follows the wrong-acceptance rate.
    pub fn flakiness_seen(&self) {
        self.flaky.store(true, Ordering::SeqCst);
        self.adjust();
    }

    /// Sets the level from the wrong-acceptance rate, once the test is flaky; never below
    /// `--confirm`'s.
    fn adjust(&self) {
        if !self.flaky() {
            return;
        }
        let level = auto_level(self.wrong_acceptance_rate()).max(self.given);
        self.times.store(level, Ordering::SeqCst);
    }

    /// Counts the answers about one candidate: `yes` acceptances, `no` refusals, and the
    /// verdict.
    fn record(&self, yes: u32, no: u32, interesting: bool) {
        if !interesting {
            let mut r = self.refused.lock().unwrap_or_else(|e| e.into_inner());
            r.0 += u64::from(yes + no);
            r.1 += u64::from(yes);
        }
        if yes > 0 && no > 0 {
            self.flakes.fetch_add(1, Ordering::SeqCst);
            self.flaky.store(true, Ordering::SeqCst);
        }
        self.adjust();
    }

    /// A check outside the candidate lists (the original, the result): runs `ask` until
    /// one answer leads the other by the level (one run at level 1), and returns the last
    /// report of the verdict's side. `outcome` says what a report answered; a report that
    /// is no answer (a timeout, a test that could not be run) is returned at once.
    pub fn check<R>(
        &self,
        cancel: &AtomicBool,
        mut ask: impl FnMut() -> R,
        outcome: impl Fn(&R) -> Outcome,
    ) -> R {
        let need = self.times();
        let (mut yes, mut no) = (0u32, 0u32);
        let mut last_refusal = None;
        loop {
            let report = ask();
            match outcome(&report) {
                Outcome::Interesting => yes += 1,
                Outcome::NotInteresting => no += 1,
                _ => return report,
            }
            self.answers.fetch_add(1, Ordering::SeqCst);
            let lead = yes.abs_diff(no);
            let done = lead >= need || yes + no >= MAX_ASKS_PER_LEVEL * need;
            if done || cancel.load(Ordering::SeqCst) {
                let interesting = yes >= no + need;
                self.record(yes, no, interesting);
                return match (interesting, outcome(&report), last_refusal) {
                    (false, Outcome::Interesting, Some(refusal)) => refusal,
                    _ => report,
                };
            }
            if outcome(&report) == Outcome::NotInteresting {
                last_refusal = Some(report);
            }
        }
    }
}

/// The least level at which a candidate that is not interesting, answered "interesting"
/// with probability `q` each time, ends adopted with probability at most
/// [`WRONG_ACCEPTANCE_TARGET`]; from 2 to [`MAX_AUTO_LEVEL`].
pub fn auto_level(q: f64) -> u32 {
    let odds = q / (1.0 - q).max(f64::MIN_POSITIVE);
    (2..MAX_AUTO_LEVEL)
        .find(|&n| odds.powi(n as i32) <= WRONG_ACCEPTANCE_TARGET)
        .unwrap_or(MAX_AUTO_LEVEL)
}

impl Oracle for Confirming {
    fn test(&self, candidate: &[u8], cancel: &AtomicBool) -> Outcome {
        let need = self.times();
        let (mut yes, mut no) = (0u32, 0u32);
        loop {
            let outcome = self.inner.test(candidate, cancel);
            match outcome {
                Outcome::Interesting => yes += 1,
                Outcome::NotInteresting => no += 1,
                // No answer (a timeout, cancelled, not run): what the run said.
                _ => return outcome,
            }
            self.answers.fetch_add(1, Ordering::SeqCst);
            if no > yes || yes + no >= MAX_ASKS_PER_LEVEL * need {
                self.record(yes, no, false);
                return Outcome::NotInteresting;
            }
            if yes >= no + need {
                self.record(yes, no, true);
                return Outcome::Interesting;
            }
            if cancel.load(Ordering::SeqCst) {
                return Outcome::Unresolved;
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

    fn settle(&self, candidate: &[u8], cancel: &AtomicBool) -> Outcome {
        self.check(cancel, || self.inner.test(candidate, cancel), |o| *o)
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

    fn script(answers: &[Outcome]) -> Arc<Script> {
        Arc::new(Script(Mutex::new(answers.to_vec())))
    }

    /// Asks `c` once about a candidate; the verdict and the answers it took.
    fn ask(c: &Confirming) -> (Outcome, u64) {
        let before = c.answers();
        let verdict = c.test(b"", &AtomicBool::new(false));
        (verdict, c.answers() - before)
    }

    #[test]
    fn an_acceptance_counts_once_the_acceptances_lead_by_n_and_a_first_refusal_at_once() {
        use Outcome::*;
        let s = script(&[
            Interesting,
            Interesting,
            Interesting,
            NotInteresting,
            Interesting,
            NotInteresting,
            Interesting,
            Interesting,
            Interesting,
            Interesting,
            NotInteresting,
            NotInteresting,
        ]);
        let c = Confirming::new(s, 3);
        assert_eq!(ask(&c), (Interesting, 3), "three acceptances");
        assert!(!c.flaky());
        assert_eq!(
            ask(&c),
            (NotInteresting, 1),
            "a first refusal counts at once"
        );
        // Accepted, refused, accepted, accepted, accepted: ahead by three.
        assert_eq!(ask(&c), (Interesting, 5));
        assert_eq!((c.flakes(), c.flaky()), (1, true));
        // Accepted, then refused twice: the refusals outnumber the acceptances.
        assert_eq!(ask(&c), (NotInteresting, 3));
        assert_eq!(c.flakes(), 2);
        // Level 1: every answer counts at once.
        let once = Confirming::new(script(&[NotInteresting]), 1);
        assert_eq!(ask(&once), (NotInteresting, 1));
        assert_eq!(ask(&once), (Interesting, 1));
    }

    #[test]
    fn a_test_that_answers_at_random_is_asked_a_bounded_number_of_times() {
        use Outcome::*;
        let alternating: Vec<Outcome> = (0..100)
            .map(|i| [Interesting, NotInteresting][i % 2])
            .collect();
        let c = Confirming::new(script(&alternating), 2);
        assert_eq!(
            ask(&c),
            (NotInteresting, u64::from(MAX_ASKS_PER_LEVEL * 2)),
            "never ahead by two: refused after the most answers allowed"
        );
    }

    #[test]
    fn once_flaky_the_level_follows_the_wrong_acceptances() {
        use Outcome::*;
        assert_eq!(auto_level(0.0), 2);
        assert_eq!(auto_level(0.001), 2);
        assert_eq!(auto_level(0.01), 3);
        assert_eq!(auto_level(0.05), 4);
        assert_eq!(auto_level(0.5), MAX_AUTO_LEVEL);
        // At level 1 nothing is asked twice: no flake can show.
        let c = Confirming::new(script(&[NotInteresting; 3]), 1);
        ask(&c);
        assert_eq!((c.times(), c.flaky()), (1, false));
        // The tester saw a recheck disagree: at least 2 from now on.
        c.flakiness_seen();
        assert_eq!(c.times(), 2);
        // Twenty refused candidates, the first accepted before its two refusals, then a
        // refusal at once each: 1 wrong acceptance in 22 answers (4.3 %): level 4.
        let mut answers = vec![Interesting, NotInteresting, NotInteresting];
        answers.extend([NotInteresting; 19]);
        let c = Confirming::new(script(&answers), 2);
        for _ in 0..20 {
            assert_eq!(ask(&c).0, NotInteresting);
        }
        assert!(c.flaky());
        assert!((c.wrong_acceptance_rate() - 1.0 / 23.0).abs() < 1e-9);
        assert_eq!(c.times(), 4);
        // Never below what --confirm gave.
        let c = Confirming::new(script(&[]), 3);
        c.flakiness_seen();
        assert_eq!(c.times(), 3);
    }

    /// A check's runs: the n-th reports (n, the n-th answer).
    fn runs(answers: &'static [Outcome]) -> impl FnMut() -> (usize, Outcome) {
        let mut n = 0;
        move || {
            n += 1;
            (n, answers[n - 1])
        }
    }

    #[test]
    fn a_check_asks_until_either_answer_leads_by_the_level() {
        use Outcome::*;
        let outcome = |r: &(usize, Outcome)| r.1;
        // Level 1: one run, whatever it says.
        let c = Confirming::new(script(&[]), 1);
        let no = AtomicBool::new(false);
        assert_eq!(
            c.check(&no, runs(&[NotInteresting]), outcome),
            (1, NotInteresting)
        );
        // Level 2: a refused original is asked again; two acceptances more than refusals.
        let level_2 = || Confirming::new(script(&[]), 2);
        let c = level_2();
        let r = c.check(
            &no,
            runs(&[NotInteresting, Interesting, Interesting, Interesting]),
            outcome,
        );
        assert_eq!(r, (4, Interesting));
        assert!(c.flaky());
        // Refused twice more than accepted: the report is a refusal's, for the message.
        let c = level_2();
        let r = c.check(
            &no,
            runs(&[
                Interesting,
                NotInteresting,
                NotInteresting,
                Interesting,
                NotInteresting,
                NotInteresting,
            ]),
            outcome,
        );
        assert_eq!(r, (6, NotInteresting));
        assert_eq!(c.flakes(), 1);
        let c = level_2();
        let r = c.check(&no, runs(&[NotInteresting, NotInteresting]), outcome);
        assert_eq!(r, (2, NotInteresting));
        assert!(!c.flaky());
        // No answer: at once.
        let r = level_2().check(&no, runs(&[Interesting, Unresolved]), outcome);
        assert_eq!(r, (2, Unresolved));
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
