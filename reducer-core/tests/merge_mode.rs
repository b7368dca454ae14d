//! The merge mode of `-j N` (`--parallel merge`) on the Toy language with closure oracles:
//! every algorithm still ends with an interesting result, the oracle is never shown a
//! candidate that does not parse, the result does not depend on the order in which answers
//! arrive, one job is the exact mode, and rounds do commit several successes at once.

use reducer_core::engine::session::Session;
use reducer_core::engine::tester::Parallel;
use reducer_core::reduce::{self as algo, AlgoOptions};
use reducer_core::testing::Toy;
use reducer_core::Language;
use std::sync::atomic::{AtomicUsize, Ordering};

static TOY: Toy = Toy;

/// Candidates the oracle was shown that do not parse (all tests of this file).
static UNPARSABLE: AtomicUsize = AtomicUsize::new(0);

type Pred = fn(&str) -> bool;

/// Counts a candidate that does not parse, and sleeps a little, differently per text, so
/// that the answers of a round arrive in an order of their own.
fn shown(text: &str) {
    if TOY.parse(text).is_err() {
        UNPARSABLE.fetch_add(1, Ordering::SeqCst);
    }
    let wait = text.bytes().map(u64::from).sum::<u64>() % 5;
    std::thread::sleep(std::time::Duration::from_micros(200 * wait));
}

fn squeeze(t: &str) -> String {
    t.chars().filter(|c| !c.is_whitespace()).collect()
}

/// Needs the call `crash(` and the declaration of `b`.
fn crash_and_b(t: &str) -> bool {
    shown(t);
    let t = squeeze(t);
    t.contains("crash(") && t.contains("varb")
}

/// Needs a call of `f` with two arguments that are both declared names.
fn f_of_two_declared(t: &str) -> bool {
    shown(t);
    let t = squeeze(t);
    t.match_indices("f(").any(|(i, _)| {
        let args = &t[i + 2..t[i..].find(')').map_or(t.len(), |j| i + j)];
        let parts: Vec<&str> = args.split(',').collect();
        parts.len() == 2
            && parts
                .iter()
                .all(|p| !p.is_empty() && t.contains(&format!("var{p}")))
    })
}

/// Needs a nested `if` around `g(`.
fn nested_g(t: &str) -> bool {
    shown(t);
    let t = squeeze(t);
    t.contains("if(") && t.contains("g(") && t.matches('{').count() >= 1
}

const SRC: &str = "var a = 1; var b = 2; var c = a + b;\n\
    if (a < b) { print(a, b); f(1); } else { g(2); }\n\
    { var d = a + b; h(d); { print(c); k(a, b, c); } }\n\
    crash(a, b); k(!a, (b)); f(g(1), h(2)); f(a, b);\n\
    { var e = 5; if (e) { g(e, e); } h(1, 2, 3); }\n";

fn run(name: &str, oracle: Pred, jobs: usize, parallel: Parallel) -> Session<'static> {
    let mut s = reducer_core::testing::session(&TOY, SRC, oracle, jobs);
    s.tester.set_parallel(parallel);
    algo::run(name, &mut s, &AlgoOptions::default()).unwrap();
    s
}

const ALGORITHMS: &[&str] = &[
    "pardis-hybrid+hoist+transform",
    "pardis",
    "pardis-hybrid",
    "perses",
    "hdd*",
    "hoist*+hddh*",
    "gtr*",
    "token-windows",
    "splice-lists",
    "replace-identifiers",
    "replace-subtrees",
];

#[test]
fn every_algorithm_ends_interesting_and_the_oracle_sees_only_programs() {
    let before = UNPARSABLE.load(Ordering::SeqCst);
    for oracle in [crash_and_b as Pred, f_of_two_declared, nested_g] {
        assert!(oracle(SRC));
    }
    for &name in ALGORITHMS {
        for oracle in [crash_and_b as Pred, f_of_two_declared, nested_g] {
            let s = run(name, oracle, 4, Parallel::Merge);
            let text = s.text();
            assert!(oracle(&text), "{name}: {text:?} is not interesting");
            assert!(text.len() < SRC.len(), "{name}: nothing removed");
        }
    }
    assert_eq!(
        UNPARSABLE.load(Ordering::SeqCst),
        before,
        "unparsable candidates"
    );
}

#[test]
fn the_result_does_not_depend_on_the_order_answers_arrive_in() {
    for &name in ALGORITHMS {
        let runs: Vec<(String, u64)> = (0..3)
            .map(|_| {
                let s = run(name, crash_and_b, 3, Parallel::Merge);
                (s.text(), s.tester.stats().queries)
            })
            .collect();
        assert!(runs.windows(2).all(|w| w[0] == w[1]), "{name}: {runs:?}");
    }
}

#[test]
fn merge_mode_with_one_job_is_the_exact_mode() {
    for &name in ALGORITHMS {
        let merge = run(name, f_of_two_declared, 1, Parallel::Merge);
        let exact = run(name, f_of_two_declared, 1, Parallel::Exact);
        assert_eq!(merge.text(), exact.text(), "{name}");
        let (m, e) = (merge.tester.stats(), exact.tester.stats());
        assert_eq!(
            (m.queries, m.interesting),
            (e.queries, e.interesting),
            "{name}"
        );
    }
}

#[test]
fn rounds_commit_several_deletions_at_once() {
    // Forty independent statements, two of them needed, and Pardis Alg. 1, which tests one
    // node at a time: the exact mode commits one deletion per success, merge rounds
    // several per commit.
    let mut src = String::new();
    for i in 0..40 {
        if i == 20 {
            src.push_str("var b = 1; crash(b);\n");
        }
        src.push_str(&format!("h({i}, {i});\n"));
    }
    let reduce = |jobs: usize, parallel: Parallel| {
        let mut s = reducer_core::testing::session(&TOY, &src, crash_and_b, jobs);
        s.tester.set_parallel(parallel);
        algo::run("pardis", &mut s, &AlgoOptions::default()).unwrap();
        s
    };
    let exact = reduce(8, Parallel::Exact);
    let merge = reduce(8, Parallel::Merge);
    assert_eq!(squeeze(&exact.text()), "varb;crash();");
    assert_eq!(squeeze(&merge.text()), "varb;crash();");
    let commits = |s: &Session<'_>| s.tester.stats().interesting;
    assert!(
        commits(&merge) * 2 < commits(&exact),
        "merge {} commits, exact {}",
        commits(&merge),
        commits(&exact)
    );
}
