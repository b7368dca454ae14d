//! Tests of runs of several commands: guards that run first and save the test when they
//! fail, the two commands of a comparison, one directory and one timeout for them all, and
//! the counts of the runs that timed out and of each guard's failures.

use super::*;
use crate::engine::oracle::expect::Expectations;

fn sh(script: &str) -> Vec<String> {
    ["sh", "-c", script, "sh", "{}"].map(String::from).to_vec()
}

fn no_cancel() -> AtomicBool {
    AtomicBool::new(false)
}

#[test]
fn a_failing_guard_refuses_the_candidate_before_the_test_runs() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("test-ran");
    let log_word = log.to_str().unwrap();
    let oracle = CommandOracle::builder(sh(&format!("echo ran >> {log_word}")), "bug.c")
        .candidate_placeholder("{}")
        .expect(Expectations::default())
        .guard("no-ub", vec![Step::succeeds(sh("! grep -q ub \"$1\""))])
        .guard("has-main", vec![Step::succeeds(sh("grep -q main \"$1\""))])
        .timeout(Duration::from_secs(10))
        .build()
        .unwrap();
    assert_eq!(oracle.guard_names(), ["no-ub", "has-main"]);
    let r = oracle.run(b"int main; ub", &no_cancel());
    assert_eq!(r.outcome, Outcome::NotInteresting);
    assert_eq!(r.failed_guard, Some(0));
    assert_eq!(
        r.unmet.as_deref(),
        Some("no-ub: it ended with exit status 1")
    );
    assert!(!log.exists(), "the test ran after a failing guard");
    let r = oracle.run(b"int x;", &no_cancel());
    assert_eq!(
        (r.outcome, r.failed_guard),
        (Outcome::NotInteresting, Some(1))
    );
    assert!(!log.exists(), "the second guard did not save the test");
    let r = oracle.run(b"int main;", &no_cancel());
    assert_eq!(r.outcome, Outcome::Interesting, "{}", r.describe());
    assert_eq!(std::fs::read_to_string(&log).unwrap(), "ran\n");
    let counts = oracle.counts();
    assert_eq!(
        counts,
        RunCounts {
            runs: 3,
            timed_out: 0,
            guard_failures: vec![1, 1],
        }
    );
}

#[test]
fn a_comparison_is_interesting_when_both_exit_0_and_print_different_things() {
    // Each command prints the candidate's first line, the second one upper-cased unless the
    // candidate says "same"; "fail-a"/"fail-b" make one of them exit 1, "hang" hangs B.
    let a = r#"grep -q fail-a "$1" && exit 1; head -n1 "$1""#;
    let b = r#"grep -q fail-b "$1" && exit 1; grep -q hang "$1" && sleep 30;
               if grep -q same "$1"; then head -n1 "$1"; else head -n1 "$1" | tr a-z A-Z; fi"#;
    let oracle = CommandOracle::builder(sh(a), "bug.c")
        .compare_with(sh(b))
        .timeout(Duration::from_secs(3))
        .build()
        .unwrap();
    let cancel = no_cancel();
    let r = oracle.run(b"x = 1\n", &cancel);
    assert_eq!(r.outcome, Outcome::Interesting, "{}", r.describe());
    let r = oracle.run(b"same\n", &cancel);
    assert_eq!(r.outcome, Outcome::NotInteresting);
    assert_eq!(
        r.unmet.as_deref(),
        Some("--compare's second command: it prints what the first printed")
    );
    for (text, who) in [(&b"fail-a\n"[..], "first"), (b"fail-b\n", "second")] {
        let r = oracle.run(text, &cancel);
        assert_eq!(r.outcome, Outcome::NotInteresting);
        assert_eq!(
            r.unmet.as_deref(),
            Some(format!("--compare's {who} command: it ended with exit status 1").as_str())
        );
        assert_eq!(r.failed_guard, None);
    }
    let started = Instant::now();
    let r = oracle.run(b"hang\n", &cancel);
    assert!(
        r.timed_out && r.outcome == Outcome::Unresolved,
        "{}",
        r.describe()
    );
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "the hang was killed"
    );
    assert_eq!(r.limit, Some(Duration::from_secs(3)));
    assert_eq!(
        oracle.counts(),
        RunCounts {
            runs: 5,
            timed_out: 1,
            guard_failures: vec![],
        }
    );
}

#[test]
fn every_command_of_a_run_shares_its_directory_and_one_timeout() {
    // The guard builds a program in the run's directory; a later command of the guard runs
    // it (found there, not in the current directory), and the test sees what it left.
    let build =
        r#"printf '#!/bin/sh\necho built\n' > prog && chmod +x prog && echo "$TMPDIR" > tmp"#;
    let oracle = CommandOracle::builder(
        sh(r#"[ -f prog ] && [ "$(cat tmp)" = "$TMPDIR" ]"#),
        "bug.c",
    )
    .candidate_placeholder("{}")
    .guard(
        "built",
        vec![
            Step::succeeds(sh(build)),
            Step::succeeds(["./prog"])
                .in_run_dir()
                .checking(Check::Reference),
            Step::succeeds(sh("echo built")).checking(Check::SameOutput),
        ],
    )
    .timeout(Duration::from_secs(10))
    .build()
    .unwrap();
    let r = oracle.run(b"", &no_cancel());
    assert_eq!(
        r.outcome,
        Outcome::Interesting,
        "{} {:?}",
        r.describe(),
        r.unmet
    );

    // Another output than the reference's fails the guard.
    let oracle = CommandOracle::builder(sh("true"), "bug.c")
        .guard(
            "same",
            vec![
                Step::succeeds(sh("echo one")).checking(Check::Reference),
                Step::succeeds(sh("echo two")).checking(Check::SameOutput),
            ],
        )
        .build()
        .unwrap();
    let r = oracle.run(b"", &no_cancel());
    assert_eq!(
        (r.outcome, r.failed_guard),
        (Outcome::NotInteresting, Some(0))
    );

    // Two commands of 0.4 s each under a timeout of 0.6 s: the run times out in the second.
    let oracle = CommandOracle::builder(sh("sleep 0.4"), "bug.c")
        .guard("slow", vec![Step::succeeds(sh("sleep 0.4"))])
        .timeout(Duration::from_millis(600))
        .build()
        .unwrap();
    let started = Instant::now();
    let r = oracle.run(b"", &no_cancel());
    assert!(
        r.timed_out && r.outcome == Outcome::Unresolved,
        "{}",
        r.describe()
    );
    assert!(started.elapsed() < Duration::from_secs(5));
    assert_eq!(oracle.counts().timed_out, 1);
}

#[test]
fn the_timeout_can_be_changed_between_runs() {
    let oracle = CommandOracle::builder(sh("sleep 0.5"), "bug.c")
        .timeout(Duration::from_secs(10))
        .build()
        .unwrap();
    assert_eq!(oracle.run(b"", &no_cancel()).outcome, Outcome::Interesting);
    oracle.set_timeout(Some(Duration::from_millis(100)));
    let r = oracle.run(b"", &no_cancel());
    assert!(r.timed_out, "{}", r.describe());
    assert!(
        r.describe().contains("the timeout is 0.1 s"),
        "{}",
        r.describe()
    );
}
