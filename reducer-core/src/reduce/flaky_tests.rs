//! With a test seen to flake, an algorithm's result is asked about again, and a refusal takes
//! the reduction back to the last result the test confirmed.

use super::{run, AlgoOptions, DEFAULT_ALGORITHM};
use crate::testing::{session, Toy};
use std::sync::atomic::{AtomicBool, Ordering};

const INPUT: &str = "keep(); drop(); long_name_number_one(); long_name_number_two();";

/// The truth: interesting while the three calls stay.
fn holds_the_calls(t: &str) -> bool {
    t.contains("keep()")
        && t.contains("long_name_number_one()")
        && t.contains("long_name_number_two()")
}

/// As [`holds_the_calls`], but the first text without `keep()` that holds the other two is
/// accepted by mistake.
fn accepts_once_by_mistake(t: &str, accepted: &AtomicBool) -> bool {
    holds_the_calls(t)
        || (t.contains("long_name_number_one()")
            && t.contains("long_name_number_two()")
            && !accepted.swap(true, Ordering::SeqCst))
}

#[test]
fn a_result_refused_on_a_second_look_takes_the_reduction_back() {
    static BLIND: AtomicBool = AtomicBool::new(false);
    static UNKNOWN: AtomicBool = AtomicBool::new(false);
    static FLAKY: AtomicBool = AtomicBool::new(false);
    // No rechecks (they come with the memory of refused edits): the wrong acceptance stands.
    let no_memory = AlgoOptions {
        edit_memory: false,
        ..AlgoOptions::default()
    };
    let mut s = session(&Toy, INPUT, |t| accepts_once_by_mistake(t, &BLIND), 1);
    run(DEFAULT_ALGORITHM, &mut s, &no_memory).unwrap();
    assert!(!holds_the_calls(&s.text()), "{}", s.text());
    // Not known to flake: the recheck at the end of the algorithm refuses its result, the
    // test is flaky, the result is asked about again, refused, and the reduction goes back
    // to where it started, then on to a result the test confirms.
    // Known to flake from the start: the same, without the recheck.
    let unknown = session(&Toy, INPUT, |t| accepts_once_by_mistake(t, &UNKNOWN), 1);
    let flaky = session(&Toy, INPUT, |t| accepts_once_by_mistake(t, &FLAKY), 1);
    for (mut s, known) in [(unknown, false), (flaky, true)] {
        if known {
            s.tester.flakiness_seen();
        }
        run(DEFAULT_ALGORITHM, &mut s, &AlgoOptions::default()).unwrap();
        assert!(holds_the_calls(&s.text()), "{}", s.text());
        assert!(!s.text().contains("drop()"), "{}", s.text());
        let stats = s.tester.stats();
        assert_eq!((stats.flaky, stats.rollbacks), (true, 1));
        assert_eq!(stats.rechecks > 0, !known);
    }
}
