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
    static STEADY: AtomicBool = AtomicBool::new(false);
    static FLAKY: AtomicBool = AtomicBool::new(false);
    // Taken for a steady test: the wrong acceptance stands.
    let mut s = session(&Toy, INPUT, |t| accepts_once_by_mistake(t, &STEADY), 1);
    run(DEFAULT_ALGORITHM, &mut s, &AlgoOptions::default()).unwrap();
    assert!(!holds_the_calls(&s.text()), "{}", s.text());
    // Known to flake: the result is asked about again, refused, and the reduction goes back
    // to where it started, then on to a result the test confirms.
    let mut s = session(&Toy, INPUT, |t| accepts_once_by_mistake(t, &FLAKY), 1);
    s.tester.flakiness_seen();
    run(DEFAULT_ALGORITHM, &mut s, &AlgoOptions::default()).unwrap();
    assert!(holds_the_calls(&s.text()), "{}", s.text());
    assert!(!s.text().contains("drop()"), "{}", s.text());
    assert_eq!(s.tester.stats().rollbacks, 1);
}
