//! Tests of the tester: sequential results at any `-j`, speculation, the cache, retries.

use super::*;
use crate::engine::oracle::{Finished, FnOracle, Outcome, StartedTest};
use std::time::{Duration, Instant};

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

/// A tester in merge mode whose oracle records every text it sees.
fn merging(jobs: usize, pred: fn(&[u8]) -> bool) -> (Tester, Arc<std::sync::Mutex<Vec<String>>>) {
    let seen = Arc::new(std::sync::Mutex::new(Vec::new()));
    let log = seen.clone();
    let oracle = FnOracle(move |b: &[u8]| {
        log.lock()
            .unwrap()
            .push(String::from_utf8_lossy(b).into_owned());
        pred(b)
    });
    let mut t = Tester::new(Arc::new(oracle), CacheOptions::default(), jobs);
    t.set_parallel(Parallel::Merge);
    (t, seen)
}

/// Candidates named by letters; a union is the letters of its members, in order.
fn letters<'a>(list: &'a [&'static str]) -> impl FnMut(&[usize]) -> Candidate<'static> + 'a {
    move |winners: &[usize]| Candidate::text(winners.iter().map(|&i| list[i]).collect::<String>())
}

#[test]
fn a_merge_round_commits_the_union_of_its_successes() {
    // Interesting: any text holding B or C or F (so unions of them are too).
    let pred: fn(&[u8]) -> bool = |b| b.iter().any(|c| b"BCF".contains(c));
    let list = ["a", "B", "C", "d", "e", "F", "g", "h"];
    let (mut t, seen) = merging(4, pred);
    let found = t
        .first_interesting_merged(&mut cands(&list).into_iter(), &mut letters(&list))
        .unwrap();
    // Round 1 is a, B, C, d; their successes B and C merge. The merge round tests their
    // union, and beside it the list's next candidates with the union: d (refused in round 1,
    // after the first success), then e and F.
    assert_eq!(found.winners, [1, 2]);
    assert_eq!(found.text, b"BC");
    let mut seen = seen.lock().unwrap().clone();
    seen[..4].sort();
    seen[4..].sort();
    assert_eq!(seen, ["B", "C", "a", "d", "BC", "BCF", "BCd", "BCe"]);
    let s = t.stats();
    assert_eq!((s.queries, s.interesting, s.speculative), (8, 1, 0));
}

/// The deletions of each letter of `base`, and their unions: `base` without those letters.
fn deletions(
    base: &'static str,
) -> (
    Vec<Candidate<'static>>,
    impl FnMut(&[usize]) -> Candidate<'static>,
) {
    let without = move |gone: &[usize]| -> String {
        base.char_indices()
            .filter(|(i, _)| !gone.contains(i))
            .map(|(_, c)| c)
            .collect()
    };
    let list = (0..base.len())
        .map(|i| Candidate::text(without(&[i])))
        .collect();
    (list, move |gone: &[usize]| Candidate::text(without(gone)))
}

#[test]
fn a_merge_round_answers_the_lists_next_candidates_after_its_union() {
    // Interesting: c and f stay.
    let (mut t, seen) = merging(4, |b| b.contains(&b'c') && b.contains(&b'f'));
    let (list, mut merge) = deletions("abcdefgh");
    let found = t
        .first_interesting_merged(&mut list.into_iter(), &mut merge)
        .unwrap();
    // Round 1: without a, b, c, d; three successes. The merge round: their union, and the
    // list's next candidates with it: c (refused in round 1, after the first success), e, f.
    assert_eq!(
        (found.winners, found.text),
        (vec![0, 1, 3], b"cefgh".to_vec())
    );
    let mut merge_round = seen.lock().unwrap()[4..].to_vec();
    merge_round.sort();
    assert_eq!(merge_round, ["cefgh", "cegh", "cfgh", "efgh"]);
    assert_eq!(t.stats().queries, 8);
    // The list on the adopted text: the runs of the merge round answer without c, e and f
    // (an acceptance among them); g and h run, then the union of the three successes.
    let (list, mut merge) = deletions("cefgh");
    let found = t
        .first_interesting_merged(&mut list.into_iter(), &mut merge)
        .unwrap();
    assert_eq!((found.winners, found.text), (vec![1, 3, 4], b"cf".to_vec()));
    let s = t.stats();
    assert_eq!(
        (s.queries, s.cache_hits),
        (12, 3),
        "{:?}",
        seen.lock().unwrap()
    );
}

#[test]
fn a_union_the_cache_accepts_takes_no_round() {
    // Deletions from "abcdefgh" (c must stay): first nested ones, largest first, as in a
    // galloping step (the last 5, 3, 2 and 1 letters), then single letters from the front.
    let gone = ["defgh", "fgh", "gh", "h", "a", "b", "d"];
    let without = |letters: &[usize]| -> Vec<u8> {
        let dropped = |c: &u8| letters.iter().any(|&i| gone[i].as_bytes().contains(c));
        b"abcdefgh"
            .iter()
            .copied()
            .filter(|c| !dropped(c))
            .collect()
    };
    let list: Vec<Candidate> = (0..gone.len())
        .map(|i| Candidate::text(without(&[i])))
        .collect();
    let (mut t, seen) = merging(4, |b| b.contains(&b'c'));
    let mut merge = |winners: &[usize]| Candidate::text(without(winners));
    let found = t
        .first_interesting_merged(&mut list.into_iter(), &mut merge)
        .unwrap();
    // The first round's four succeed and their union is the first of them, whose acceptance
    // is cached: no round for it, nor for the list's next candidates with it (the list's
    // next round runs them anyway).
    assert_eq!(found.winners, [0, 1, 2, 3]);
    assert_eq!(found.text, b"abc");
    assert_eq!(seen.lock().unwrap().len(), 4);
    let s = t.stats();
    assert_eq!((s.rounds, s.queries, s.cache_hits), (1, 4, 1));
}

#[test]
fn the_largest_interesting_prefix_union_wins_else_the_first_success() {
    // B, C, D each interesting alone; a union holding D is not.
    let list = ["B", "C", "D", "x"];
    let (mut t, seen) = merging(4, |b| (!b.contains(&b'D') || b == b"D") && b != b"x");
    let found = t
        .first_interesting_merged(&mut cands(&list).into_iter(), &mut letters(&list))
        .unwrap();
    // The union of all, BCD (no), with x beside it; then the smaller unions, here BC (yes).
    assert_eq!((found.winners, found.text), (vec![0, 1], b"BC".to_vec()));
    assert_eq!(seen.lock().unwrap().len(), 7);
    // No union works: the first success stands.
    let (mut t, _) = merging(4, |b| b.len() == 1 && b != b"x");
    let found = t
        .first_interesting_merged(&mut cands(&list).into_iter(), &mut letters(&list))
        .unwrap();
    assert_eq!((found.winners, found.text), (vec![0], b"B".to_vec()));
}

#[test]
fn merge_mode_with_one_job_is_the_exact_mode() {
    let list = ["a", "B", "C", "d"];
    let (mut t, seen) = merging(1, |b| b.iter().any(|c| c.is_ascii_uppercase()));
    let found = t
        .first_interesting_merged(&mut cands(&list).into_iter(), &mut letters(&list))
        .unwrap();
    assert_eq!((found.winners, found.text), (vec![1], b"B".to_vec()));
    assert_eq!(*seen.lock().unwrap(), ["a", "B"]);
}

#[test]
fn a_round_runs_equal_texts_once_and_counts_the_twin_as_a_cache_hit() {
    let list = ["a", "b", "a", "c"];
    let (mut t, seen) = merging(4, |_| false);
    let got = t.first_interesting_merged(&mut cands(&list).into_iter(), &mut letters(&list));
    assert_eq!(got, None);
    assert_eq!(seen.lock().unwrap().len(), 3);
    let s = t.stats();
    assert_eq!((s.queries, s.cache_hits, s.speculative), (3, 1, 0));
}

#[test]
fn merge_rounds_do_not_depend_on_timing() {
    // Answers arrive in a random order (random sleeps); what is adopted does not change.
    let pred: fn(&[u8]) -> bool = |b| {
        let wait = b.iter().map(|&c| c as u64).sum::<u64>() % 7;
        std::thread::sleep(std::time::Duration::from_millis(wait));
        !b.is_empty() && b.iter().all(|c| c.is_ascii_uppercase())
    };
    let list = ["a", "B", "c", "D", "E", "f", "G", "h", "I"];
    let mut results = Vec::new();
    for _ in 0..5 {
        let (mut t, _) = merging(3, pred);
        let found = t.first_interesting_merged(&mut cands(&list).into_iter(), &mut letters(&list));
        results.push((found, t.stats().queries));
    }
    assert!(results.windows(2).all(|w| w[0] == w[1]), "{results:?}");
    // Round 1: a, B, c: one success, B, adopted alone.
    assert_eq!(results[0].0.as_ref().unwrap().winners, [1]);
}

/// A report of a check: an outcome that took 5 ms.
struct Report(Outcome);

impl CheckReport for Report {
    fn outcome(&self) -> Outcome {
        self.0
    }
    fn elapsed(&self) -> Duration {
        Duration::from_millis(5)
    }
}

#[test]
fn checks_outside_the_lists_count_as_queries_and_are_tried_again_once() {
    let mut t = tester(1, |_| false);
    let r = t.check(|_| Report(Outcome::Interesting)).unwrap();
    assert_eq!(r.0, Outcome::Interesting);
    let s = t.stats();
    assert_eq!(
        (s.queries, s.not_run, s.oracle_time),
        (1, 0, Duration::from_millis(5))
    );
    // A run that cannot be run is tried again once; if it still cannot, it is no query.
    let calls = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let counted = calls.clone();
    let r = t
        .check(move |_| {
            counted.fetch_add(1, Ordering::SeqCst);
            Report(Outcome::NotRun)
        })
        .unwrap();
    assert_eq!((r.0, calls.load(Ordering::SeqCst)), (Outcome::NotRun, 2));
    assert_eq!((t.stats().queries, t.stats().not_run), (1, 2));
    // A check goes on while the caller works, and sees the interrupt flag.
    let started = t.start_check(|cancel| {
        while !cancel.load(Ordering::SeqCst) {
            std::thread::sleep(Duration::from_millis(1));
        }
        Report(Outcome::Unresolved)
    });
    t.interrupt_flag().store(true, Ordering::SeqCst);
    let r = t.finish_check(started).unwrap();
    assert_eq!(r.0, Outcome::Unresolved);
    assert_eq!((t.stats().queries, t.stats().unresolved), (2, 1));
}

#[test]
fn a_new_context_forgets_every_cached_outcome() {
    let mut t = tester(1, |b| b == b"x");
    assert!(!t.test(Candidate::text("y")));
    assert!(!t.test(Candidate::text("y")));
    assert_eq!((t.stats().queries, t.cache_stats().hits), (2 - 1, 1));
    t.new_context();
    assert_eq!(t.cache_stats().entries, 0);
    assert!(!t.test(Candidate::text("y")));
    assert_eq!(
        (t.stats().queries, t.cache_stats().hits),
        (2, 1),
        "asked the oracle again"
    );
}

#[test]
fn a_query_budget_stops_the_list_where_the_sequential_run_stops() {
    let list = || (0..30).map(|i| Candidate::text(format!("c{i}")));
    for jobs in [1, 2, 4] {
        // A limit on the count: three more queries, then the list ends unanswered.
        let mut t = tester(jobs, |b| b == b"c20");
        t.first_interesting(&mut cands(&["a", "b"]).into_iter());
        t.set_budget(QueryBudget {
            until: Some(5),
            idle: None,
        });
        assert_eq!(t.first_interesting(&mut list()), None, "jobs={jobs}");
        assert_eq!(t.stats().queries, 5, "jobs={jobs}");
        assert!(t.over_budget());
        // Idle queries count from each success: the winner at 20 is reached with a
        // patience of 21, not with 20.
        for (idle, found) in [(20, None), (21, Some(20))] {
            let mut t = tester(jobs, |b| b == b"c20");
            t.set_budget(QueryBudget {
                until: None,
                idle: Some(idle),
            });
            let got = t.first_interesting(&mut list()).map(|(i, _)| i);
            assert_eq!(got, found, "jobs={jobs} idle={idle}");
            assert_eq!(t.stats().queries, idle.min(21), "jobs={jobs}");
            assert!(!t.over_budget() || found.is_none());
            t.set_budget(QueryBudget::default());
            assert!(!t.over_budget());
        }
    }
}

#[test]
fn an_edit_refused_before_a_commit_elsewhere_is_not_run_again() {
    // `keep;` must stay; deleting it is refused, then `drop_me;` goes (far from it), and
    // deleting `keep;` from the new text is the same edit: the memory refuses it unseen, at
    // any -j, and only when it is on.
    fn pred(b: &[u8]) -> bool {
        b.windows(5).any(|w| w == b"keep;")
    }
    let base = "drop_me; long_filler_text_here_xx; keep; other;";
    let lists: [Vec<&str>; 3] = [
        vec![base],
        vec![
            "drop_me; long_filler_text_here_xx; other;",
            " long_filler_text_here_xx; keep; other;",
        ],
        vec![
            " long_filler_text_here_xx; other;",
            " long_filler_text_here_xx; keep; ",
        ],
    ];
    let run = |jobs, memory: bool| {
        let mut t = tester(jobs, pred);
        if memory {
            t.remember_edits(&["other"]);
        }
        let found: Vec<_> = lists
            .iter()
            .map(|l| {
                t.first_interesting(&mut cands(l).into_iter())
                    .map(|(i, _)| i)
            })
            .collect();
        assert_eq!(found, [Some(0), Some(1), Some(1)]);
        let s = t.stats();
        (s.queries, s.remembered, s.cache_hits, t.refused().to_vec())
    };
    assert_eq!(run(1, false), (5, 0, 0, vec![0]));
    assert_eq!(
        run(1, true),
        (4, 1, 0, vec![0]),
        "the refusal counts as one"
    );
    for jobs in [2, 3] {
        assert_eq!(run(jobs, true), run(1, true), "jobs={jobs}");
    }
}

/// Refused texts `no{i}` in one list of `n` candidates, after `tag`.
fn refused_list(tag: &str, n: u64) -> Vec<Candidate<'static>> {
    (0..n)
        .map(|i| Candidate::text(format!("no{tag}{i}")))
        .collect()
}

#[test]
fn a_test_that_refuses_the_current_result_on_a_recheck_is_flaky() {
    // "win" is interesting the first time only.
    static WINS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    fn once(b: &[u8]) -> bool {
        b == b"win" && WINS.fetch_add(1, Ordering::SeqCst) == 0
    }
    let mut t = tester(1, once);
    t.remember_edits(&[]);
    let heard = Arc::new(AtomicBool::new(false));
    let h = heard.clone();
    t.set_observer(Box::new(move |e, _| {
        if matches!(e, Event::Flaky) {
            h.store(true, Ordering::SeqCst);
        }
    }));
    assert!(t.test(Candidate::text("win")));
    assert!(t
        .first_interesting(&mut refused_list("", RECHECK_EVERY).into_iter())
        .is_none());
    assert!(!t.stats().flaky, "no recheck within a list test");
    // The next list test starts with the recheck, which "win" fails now.
    assert!(!t.test(Candidate::text("other")));
    let s = t.stats();
    assert!(s.flaky && heard.load(Ordering::SeqCst));
    assert_eq!((s.rechecks, s.queries), (1, 1 + RECHECK_EVERY + 2));
    assert!(t.memory.is_none(), "the memory of refused edits is off");
    // The cached refusals are gone: a refused text reaches the oracle again.
    assert!(!t.test(Candidate::text("no0")));
    assert_eq!(t.stats().queries, RECHECK_EVERY + 4);
    assert_eq!(t.stats().cache_hits, 0);
}

#[test]
fn a_steady_test_is_rechecked_early_then_less_often() {
    let mut t = tester(1, |b| b == b"win");
    t.remember_edits(&[]);
    assert!(t.test(Candidate::text("win")));
    // Lists of ten refusals: the queries at which each recheck ran.
    let mut at = Vec::new();
    for round in 0..300 {
        let before = t.stats().rechecks;
        let list = refused_list(&format!("r{round}-"), 10);
        assert!(t.first_interesting(&mut list.into_iter()).is_none());
        if t.stats().rechecks > before {
            // The recheck ran before this list's ten queries.
            at.push(t.stats().queries - 10);
        }
    }
    // Due 20 queries after the memory came, then 40, 80, 160, 320, 640 and 1,000 queries
    // after each recheck (a list test runs to its end first).
    assert_eq!(at, [22, 63, 144, 305, 626, 1267, 2268]);
    assert!(!t.stats().flaky);
}

#[test]
fn a_steady_test_is_rechecked_every_thousand_queries_with_the_memory_only() {
    let run = |memory: bool| {
        let mut t = tester(1, |b| b == b"win");
        if memory {
            t.remember_edits(&[]);
        }
        assert!(t.test(Candidate::text("win")));
        for round in ["a", "b", "c"] {
            let list = refused_list(round, RECHECK_EVERY);
            assert!(t.first_interesting(&mut list.into_iter()).is_none());
        }
        let s = t.stats();
        (s.queries, s.rechecks, s.flaky, t.memory.is_some())
    };
    // Due after the first list and again after the second: two rechecks, both passed.
    assert_eq!(run(true), (3 * RECHECK_EVERY + 3, 2, false, true));
    assert_eq!(run(false), (3 * RECHECK_EVERY + 1, 0, false, false));
}

#[test]
fn once_flaky_the_refusal_of_a_large_stretch_is_asked_again() {
    let run = |flaky: bool| {
        let mut t = tester(1, |_| false);
        if flaky {
            t.flakiness_seen();
        }
        t.record_size(1000, 100);
        // Without 500 bytes, then without 100 (a tenth), then (of a text of 100 bytes)
        // without 50 (a half, but few bytes).
        let (large, small) = ("x".repeat(500), "x".repeat(900));
        for text in [&large, &large, &small, &small] {
            t.test(Candidate::text(text.as_bytes()));
        }
        t.record_size(100, 10);
        for _ in 0..2 {
            t.test(Candidate::text("x".repeat(50)));
        }
        (t.stats().queries, t.stats().cache_hits)
    };
    assert_eq!(run(false), (3, 3));
    assert_eq!(run(true), (4, 2), "the large stretch is asked about twice");
}

#[test]
fn once_flaky_the_memory_of_refused_edits_stays_off() {
    let mut t = tester(1, |_| false);
    t.flakiness_seen();
    t.remember_edits(&[]);
    assert!(t.memory.is_none() && t.recheck_due.is_none());
}

#[test]
fn two_runs_of_one_text_that_disagree_show_a_flaky_test() {
    // Under -j 2 both candidates, one text, run at once: the first run waits until the
    // second has started and refuses; the second accepts, 50 ms later.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    fn answers(_: &[u8]) -> bool {
        let n = CALLS.fetch_add(1, Ordering::SeqCst);
        if n == 0 {
            let deadline = Instant::now() + Duration::from_secs(5);
            while CALLS.load(Ordering::SeqCst) < 2 && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(1));
            }
            return false;
        }
        std::thread::sleep(Duration::from_millis(50));
        true
    }
    let mut t = tester(2, answers);
    t.first_interesting(&mut cands(&["same", "same"]).into_iter());
    assert_eq!(CALLS.load(Ordering::SeqCst), 2, "both ran");
    assert!(t.stats().flaky);
}

#[test]
fn a_dry_run_records_what_would_run_and_changes_nothing() {
    let (mut t, seen) = merging(4, |b| b == b"W");
    let before = t.stats().clone();
    t.begin_dry_run();
    assert!(t.dry());
    assert_eq!(
        t.first_interesting(&mut cands(&["p", "q"]).into_iter()),
        None
    );
    let next = ["r", "p", "W"];
    let merged = t.first_interesting_merged(&mut cands(&next).into_iter(), &mut letters(&next));
    assert_eq!(merged, None, "a dry run finds nothing");
    t.end_dry_run();
    assert!(seen.lock().unwrap().is_empty(), "a dry run runs nothing");
    let after = t.stats();
    assert_eq!(
        (
            after.queries,
            after.cache_hits,
            after.rounds,
            after.speculative
        ),
        (
            before.queries,
            before.cache_hits,
            before.rounds,
            before.speculative
        ),
        "and counts nothing"
    );
    assert_eq!(t.cache_stats().entries, 0, "nor caches anything");
    assert_eq!(
        t.filler
            .texts
            .iter()
            .map(|(text, _)| text.as_slice())
            .collect::<Vec<_>>(),
        [&b"p"[..], b"q", b"r", b"W"],
        "its texts, each once, in the order asked"
    );
}

#[test]
fn a_short_round_runs_the_look_ahead_and_the_next_list_needs_no_round_of_its_own() {
    let (mut t, seen) = merging(4, |b| b == b"W");
    // What the plan would ask next if nothing is interesting: p, q, r, s, then W.
    t.begin_dry_run();
    t.first_interesting(&mut cands(&["p", "q", "r", "s", "W"]).into_iter());
    t.end_dry_run();
    // A list of two: its round runs p and q in the free slots.
    let list = ["a", "b"];
    let got = t.first_interesting_merged(&mut cands(&list).into_iter(), &mut letters(&list));
    assert_eq!(got, None);
    let mut first: Vec<String> = seen.lock().unwrap().clone();
    first.sort();
    assert_eq!(first, ["a", "b", "p", "q"]);
    let s = t.stats();
    assert_eq!((s.queries, s.speculative, s.rounds), (2, 2, 1));
    // The next list: p and q are answered, r and s run, and W beside them.
    let list = ["p", "q", "r", "s"];
    let got = t.first_interesting_merged(&mut cands(&list).into_iter(), &mut letters(&list));
    assert_eq!(got, None);
    let s = t.stats();
    assert_eq!(
        (s.queries, s.speculative, s.rounds),
        (6, 1, 2),
        "p and q count as the queries they are when the list reaches them"
    );
    // W, accepted in that round, is adopted without a round.
    let list = ["W"];
    let got = t.first_interesting_merged(&mut cands(&list).into_iter(), &mut letters(&list));
    assert_eq!(got.map(|f| f.text), Some(b"W".to_vec()));
    let s = t.stats();
    assert_eq!((s.queries, s.speculative, s.rounds), (7, 0, 2));
    assert_eq!(seen.lock().unwrap().len(), 7, "every text ran once");
    assert!(t.filler.texts.is_empty());
}

#[test]
fn a_dry_run_stops_where_the_real_run_would_adopt_and_an_adoption_drops_the_filler() {
    let (mut t, _) = merging(4, |b| b == b"W");
    let list = ["a", "W"];
    t.first_interesting_merged(&mut cands(&list).into_iter(), &mut letters(&list))
        .expect("W");
    // W's acceptance is kept; a dry run that reaches it stops there.
    t.begin_dry_run();
    t.first_interesting(&mut cands(&["x", "W", "y"]).into_iter());
    assert!(t.stopped(), "the dry run has what it needs");
    t.first_interesting(&mut cands(&["z"]).into_iter());
    t.end_dry_run();
    assert!(!t.stopped());
    assert_eq!(t.filler.texts.len(), 1, "x alone");
    let list = ["W"];
    t.first_interesting_merged(&mut cands(&list).into_iter(), &mut letters(&list))
        .expect("W");
    assert!(
        t.filler.texts.is_empty(),
        "made from the text before the adoption"
    );
}

#[test]
fn the_look_ahead_is_for_merge_mode_only() {
    let mut exact = tester(4, |_| false);
    assert!(!exact.wants_look_ahead());
    exact.set_parallel(Parallel::Merge);
    assert!(exact.wants_look_ahead());
    let (one, _) = merging(1, |_| false);
    assert!(!one.wants_look_ahead());
}
