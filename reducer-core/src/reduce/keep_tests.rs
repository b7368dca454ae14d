//! Kept regions survive every algorithm: each one runs on Toy inputs with regions marked by
//! comments or given as lines, with oracles that would otherwise let the regions go.

use super::{AlgoOptions, Algorithm};
use crate::engine::keep::{self, Kept};
use crate::engine::session::Session;
use crate::engine::tester::Parallel;
use crate::syntax::language::Language;
use crate::testing::{recording_session, OracleLog, Toy};

/// Marked by comments, with names declared outside the region and used inside it.
const MARKED: &str = "\
var alpha = 1;
var beta = alpha + 2;
if (beta) { var gamma = 3; crash(gamma); }
// reduce:keep-begin
var delta = alpha * beta;
print(delta, 7, 8);
// reduce:keep-end
crash(alpha, 99);
{ var omega = 5; omega(omega); }
";

/// Line 5 is kept; line 2 is a copy of it, which may go.
const LINES: &str = "\
var alpha = 1;
print(alpha, 7);
crash(alpha);
{ var beta = 2; beta(beta + 1); }
print(alpha, 7);
";

fn crashes(t: &str) -> bool {
    t.contains("crash(")
}

/// A session on `src` keeping its marked regions and the line ranges `lines`, with the log
/// of every text the oracle saw.
fn kept_session(
    src: &str,
    lines: &[(usize, usize)],
    jobs: usize,
) -> (Session<'static>, OracleLog, Vec<std::ops::Range<usize>>) {
    let (mut s, log) = recording_session(&Toy, src, crashes, jobs);
    if jobs > 1 {
        s.tester.set_parallel(Parallel::Merge);
    }
    let regions = keep::regions(src.as_bytes(), &|t| Toy.comment_len(t), lines).unwrap();
    assert!(!regions.is_empty());
    let kept = Kept::new(src.as_bytes(), &regions);
    let at: Vec<usize> = regions.iter().map(|r| r.start).collect();
    assert!(s.keep(kept, &at));
    (s, log, regions)
}

/// Runs `algorithm` and checks that every region stands in the result where the session
/// says, that every text the oracle saw held them, and that the rest was reduced.
fn check(algorithm: Algorithm, src: &str, lines: &[(usize, usize)], jobs: usize) -> String {
    let (mut s, log, regions) = kept_session(src, lines, jobs);
    algorithm.run(&mut s, &AlgoOptions::default());
    let text = s.text();
    let name = algorithm.name();
    assert!(
        s.kept().stand_at(text.as_bytes(), &s.kept_at()),
        "{name}: {text:?}"
    );
    for r in &regions {
        assert!(text.contains(&src[r.clone()]), "{name}: {text:?}");
    }
    assert!(crashes(&text), "{name}: {text:?}");
    assert!(
        Toy.accepts(&text) || name.starts_with("ddmin"),
        "{name}: {text:?}"
    );
    for seen in log.lock().unwrap().iter() {
        assert!(s.kept().held_by(seen.as_bytes()), "{name} tested {seen:?}");
    }
    text
}

#[test]
fn marked_regions_survive_every_algorithm() {
    for &a in Algorithm::ALL {
        let text = check(a, MARKED, &[], 1);
        // Something went, but not the region nor the names it uses.
        let transform_only = a.transform().is_some();
        if !transform_only || a == Algorithm::TokenWindows {
            assert!(text.len() < MARKED.len(), "{}: {text:?}", a.name());
        }
        for name in ["alpha", "beta", "delta"] {
            assert!(text.contains(name), "{}: {text:?}", a.name());
        }
    }
}

#[test]
fn kept_lines_survive_every_algorithm_in_their_place() {
    for &a in Algorithm::ALL {
        let text = check(a, LINES, &[(5, 5)], 1);
        // The kept line is the last one: the copy before it is not a stand-in.
        assert!(
            text.ends_with("print(alpha, 7);\n"),
            "{}: {text:?}",
            a.name()
        );
        let crash = text.find("crash(").unwrap();
        assert!(
            text[crash..].contains("print(alpha, 7);"),
            "{}: {text:?}",
            a.name()
        );
    }
}

#[test]
fn kept_regions_survive_merged_parallel_rounds() {
    for a in [
        Algorithm::Default,
        Algorithm::Perses,
        Algorithm::Hdd,
        Algorithm::DdminLines,
    ] {
        check(a, MARKED, &[], 3);
        check(a, LINES, &[(5, 5)], 3);
    }
}

#[test]
fn without_regions_the_same_inputs_lose_them() {
    // The oracles alone would let the regions go: the tests above pin the protection.
    let (mut s, _) = recording_session(&Toy, MARKED, crashes, 1);
    Algorithm::Default.run(&mut s, &AlgoOptions::default());
    assert!(!s.text().contains("delta"), "{:?}", s.text());
    let (mut s, _) = recording_session(&Toy, LINES, crashes, 1);
    Algorithm::Default.run(&mut s, &AlgoOptions::default());
    assert!(!s.text().contains("print"), "{:?}", s.text());
}

#[test]
fn a_node_inside_a_region_is_protected_and_its_ancestors_too() {
    let (s, _, regions) = kept_session(MARKED, &[], 1);
    let v = s.view();
    let t = &s.tree;
    for n in t.bfs() {
        let (start, end) = t.source_span(n);
        let overlaps = regions.iter().any(|r| start < r.end && r.start < end);
        if overlaps {
            assert!(v.protected(n), "{n}");
            assert!(!v.is_nullable(n) && v.removal(n).is_none());
            assert!(v.hoist_candidates(n, 0).is_empty());
        } else if start < end {
            assert!(!v.protected(n), "{n}");
        }
    }
    assert!(v.protected(t.root()));
}
