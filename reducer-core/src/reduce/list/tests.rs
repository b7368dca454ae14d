//! Tests of the list reducers: 1-minimality against brute force, the papers' worked
//! examples, and the cache and `-j N` behaviour through a real [`Tester`].

use super::*;
use crate::engine::cache::{CacheMode, CacheOptions, CacheStats};
use crate::engine::oracle::FnOracle;
use crate::engine::stats::Stats;
use crate::engine::tester::Tester;
use proptest::prelude::*;
use std::collections::{BTreeSet, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// A sequential [`ListTest`] that logs every configuration it tests.
struct Recorder<F> {
    pred: F,
    log: Vec<Vec<u8>>,
}

impl<F: FnMut(&[u8]) -> bool> ListTest<u8> for Recorder<F> {
    fn first_interesting(&mut self, configs: &mut dyn Iterator<Item = Vec<u8>>) -> Option<usize> {
        for (i, c) in configs.enumerate() {
            let interesting = (self.pred)(&c);
            self.log.push(c);
            if interesting {
                return Some(i);
            }
        }
        None
    }
}

fn record<F: FnMut(&[u8]) -> bool>(pred: F) -> Recorder<F> {
    Recorder { pred, log: vec![] }
}

// ---------------------------------------------------------------- brute force, n ≤ 10

/// A random test on configurations of the positions 0..n; the full list is interesting.
#[derive(Clone, Debug)]
enum Kind {
    /// Monotone: contains all of these positions.
    ContainsAll(u16),
    /// Monotone: contains at least two of these positions.
    AtLeastTwo(u16),
    /// Not monotone: the kept values sum to an odd number and position x is kept.
    OddSumWith(Vec<u8>, u8),
    /// Not monotone, arbitrary: a random set of interesting configurations.
    Table(u64),
}

fn mask(c: &[u8]) -> u16 {
    c.iter().fold(0, |m, &p| m | 1 << p)
}

fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Kind {
    fn holds(&self, n: usize, m: u16) -> bool {
        let full = ((1u32 << n) - 1) as u16;
        match self {
            Kind::ContainsAll(s) => m & s == *s,
            Kind::AtLeastTwo(s) => (m & s).count_ones() >= 2,
            Kind::OddSumWith(v, x) => {
                let sum: u32 = (0..n)
                    .filter(|p| m >> p & 1 == 1)
                    .map(|p| v[p] as u32)
                    .sum();
                sum % 2 == 1 && m >> x & 1 == 1
            }
            Kind::Table(seed) => m == full || splitmix(seed ^ m as u64) & 3 == 0,
        }
    }
}

/// Builds a test for n positions whose full configuration is interesting.
fn kind(n: usize, tag: u8, s: u16, mut values: Vec<u8>, x: u8, seed: u64) -> Kind {
    let full = ((1u32 << n) - 1) as u16;
    let x = x % n as u8;
    match tag {
        0 => Kind::ContainsAll(s & full),
        1 if n >= 2 => {
            let s = if (s & full).count_ones() >= 2 {
                s & full
            } else {
                1 | 1 << (n - 1)
            };
            Kind::AtLeastTwo(s)
        }
        2 => {
            let sum: u32 = values[..n].iter().map(|&v| v as u32).sum();
            if sum & 1 == 0 {
                values[x as usize] = values[x as usize].wrapping_add(1);
            }
            Kind::OddSumWith(values, x)
        }
        _ => Kind::Table(seed),
    }
}

/// Brute force: every interesting configuration from which no single element can be removed.
fn one_minimal_sets(n: usize, k: &Kind) -> HashSet<u16> {
    (0..1u16 << n)
        .filter(|&m| k.holds(n, m) && (0..n).all(|b| m >> b & 1 == 0 || !k.holds(n, m & !(1 << b))))
        .collect()
}

/// Every ddmin variant of the split-factor paper's experiments, and more.
fn dd_variants() -> Vec<DdOptions> {
    let mut v = vec![];
    for split_factor in [2, 3, 4, 8] {
        for subset_tests in [true, false] {
            for complement_order in [ComplementOrder::Forward, ComplementOrder::Backward] {
                v.push(DdOptions {
                    split_factor,
                    subset_tests,
                    complement_order,
                    ..DdOptions::default()
                });
            }
        }
    }
    v
}

fn check_result(n: usize, k: &Kind, minimal: &HashSet<u16>, out: &[u8], what: &str) {
    assert!(
        out.windows(2).all(|w| w[0] < w[1]),
        "{what}: not a sublist: {out:?}"
    );
    assert!(
        minimal.contains(&mask(out)),
        "{what}: {out:?} is not 1-minimal (n={n}, {k:?})"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn every_list_reducer_is_one_minimal(
        n in 1usize..=10,
        tag in 0u8..4,
        s in any::<u16>(),
        values in proptest::collection::vec(any::<u8>(), 10),
        x in any::<u8>(),
        seed in any::<u64>(),
    ) {
        let k = kind(n, tag, s, values, x, seed);
        let minimal = one_minimal_sets(n, &k);
        let input: Vec<u8> = (0..n as u8).collect();
        let pred = |c: &[u8]| k.holds(n, mask(c));
        for o in dd_variants() {
            let out = ddmin(input.clone(), &mut Pred(pred), &o);
            check_result(n, &k, &minimal, &out, &format!("ddmin {o:?}"));
            let fix = opdd_fixpoint(input.clone(), &mut Pred(pred), &o);
            check_result(n, &k, &minimal, &fix, &format!("opdd fixpoint {o:?}"));
            if matches!(k, Kind::ContainsAll(_) | Kind::AtLeastTwo(_)) {
                // Monotone: one run is already 1-minimal.
                let once = opdd(input.clone(), &mut Pred(pred), &o);
                check_result(n, &k, &minimal, &once, &format!("opdd {o:?}"));
            }
        }
        for complement_order in [ComplementOrder::Forward, ComplementOrder::Backward] {
            let o = DdOptions { complement_order, ..DdOptions::default() };
            let out = onemin(input.clone(), &mut Pred(pred), &o);
            check_result(n, &k, &minimal, &out, &format!("onemin {complement_order:?}"));
            // onemin is ddmin with ν ≥ |c| and no subset tests, test for test.
            let mut a = record(pred);
            let mut b = record(pred);
            onemin(input.clone(), &mut a, &o);
            let o = DdOptions { split_factor: usize::MAX, subset_tests: false, complement_order, ..DdOptions::default() };
            ddmin(input.clone(), &mut b, &o);
            prop_assert_eq!(a.log, b.log);
        }
    }
}

#[test]
fn empty_and_single_element_lists() {
    let o = DdOptions::default();
    let never = |_: &[u8]| false;
    let always = |_: &[u8]| true;
    assert_eq!(onemin(vec![], &mut Pred(never), &o), Vec::<u8>::new());
    assert_eq!(onemin(vec![7u8], &mut Pred(never), &o), vec![7]);
    assert_eq!(onemin(vec![7u8], &mut Pred(always), &o), Vec::<u8>::new());
    let w = |_: &u8| 1;
    for &alg in ListAlgorithm::SELECTABLE {
        assert_eq!(
            alg.reduce(vec![], &w, &mut Pred(never), &o),
            Vec::<u8>::new()
        );
        assert_eq!(alg.reduce(vec![7u8], &w, &mut Pred(never), &o), vec![7]);
        assert_eq!(
            alg.reduce(vec![7u8], &w, &mut Pred(always), &o),
            Vec::<u8>::new(),
            "{alg:?}"
        );
        assert_eq!(
            alg.reduce(vec![1u8, 2, 3], &w, &mut Pred(always), &o),
            Vec::<u8>::new(),
            "{alg:?}"
        );
    }
}

// ---------------------------------------------------------------- worked examples

/// Zeller's classic example: eight elements, the test fails (✗, interesting) iff 1, 7 and 8
/// are all present. ddmin (ν = 2, subsets first, forward) per Alg. 1, round by round.
#[test]
fn ddmin_on_zellers_eight_element_example() {
    let mut r = record(|c: &[u8]| [1, 7, 8].iter().all(|e| c.contains(e)));
    let out = ddmin((1..=8).collect(), &mut r, &DdOptions::default());
    assert_eq!(out, vec![1, 7, 8]);
    let expected: Vec<&[u8]> = vec![
        // n = 2: Δ1, Δ2 ✓ (the complements are the same two configurations: skipped)
        &[1, 2, 3, 4],
        &[5, 6, 7, 8],
        // n = 4: Δ1..Δ4 ✓; ∇1 ✓, ∇2 ✗ → c' = ∇2, n = max(4 − 1, 2) = 3
        &[1, 2],
        &[3, 4],
        &[5, 6],
        &[7, 8],
        &[3, 4, 5, 6, 7, 8],
        &[1, 2, 5, 6, 7, 8],
        // n = 3: Δ1..Δ3 ✓; ∇1 ✓, ∇2 ✗ → c' = ∇2, n = 2
        &[1, 2],
        &[5, 6],
        &[7, 8],
        &[5, 6, 7, 8],
        &[1, 2, 7, 8],
        // n = 2: Δ1, Δ2 ✓ → increase granularity to n = 4
        &[1, 2],
        &[7, 8],
        // n = 4: Δ1..Δ4 ✓; ∇1 ✓, ∇2 ✗ → c' = ∇2, n = 3
        &[1],
        &[2],
        &[7],
        &[8],
        &[2, 7, 8],
        &[1, 7, 8],
        // n = 3 = |c'|: Δ1..Δ3 ✓; ∇1..∇3 ✓ → done
        &[1],
        &[7],
        &[8],
        &[7, 8],
        &[1, 8],
        &[1, 7],
    ];
    assert_eq!(r.log, expected);
}

/// Table I of D. Vince and Á. Kiss, "Cache Optimizations for Test Case Reduction", QRS
/// 2022: "12345" reduced to "24" (keep 2 and 4) by
/// character-level ddmin without subset tests, complements backward, through the content
/// cache. The oracle sees exactly the table's "test" rows. (Table I has one cache row, step
/// 10; we have two: "12" is also looked up again right after step 4, because we restart the
/// complement round of "1245" at its last chunk where picire resumes after the chunk it
/// removed. Both orders are allowed by Alg. 1's ∃i.)
#[test]
fn ddmin_reproduces_table_one_of_the_cache_paper() {
    let asked = Arc::new(Mutex::new(Vec::<String>::new()));
    let log = asked.clone();
    let oracle = FnOracle(move |t: &[u8]| {
        log.lock()
            .unwrap()
            .push(String::from_utf8(t.to_vec()).unwrap());
        t.contains(&b'2') && t.contains(&b'4')
    });
    let mut tester = Tester::new(Arc::new(oracle), CacheOptions::default(), 1);
    let o = DdOptions {
        split_factor: 2,
        subset_tests: false,
        complement_order: ComplementOrder::Backward,
        ..DdOptions::default()
    };
    let out = reduce_units(&split_bytes(b"12345"), &[], &mut tester, &o).0;
    assert_eq!(out, b"24");
    let table = [
        "12", "345", "123", "1245", "145", "245", "2", "45", "24", "4",
    ];
    assert_eq!(*asked.lock().unwrap(), table);
    assert_eq!((tester.stats().queries, tester.stats().cache_hits), (10, 2));
}

#[test]
fn opdd_makes_one_pass_per_granularity() {
    // Nothing can go: ν = 2 gives passes of 2, 4, 8, 16, 20 chunks = 50 tests ≤ 2·20 + 20.
    let mut r = record(|c: &[u8]| c.len() == 20);
    assert_eq!(
        opdd((0..20).collect(), &mut r, &DdOptions::default()).len(),
        20
    );
    assert_eq!(r.log.len(), 2 + 4 + 8 + 16 + 20);
    // Everything but element 0 can go: no restart after a success, so each pass keeps going.
    let mut r = record(|c: &[u8]| c.contains(&0));
    assert_eq!(
        opdd((0..16).collect(), &mut r, &DdOptions::default()),
        vec![0]
    );
    let firsts: Vec<u8> = r.log.iter().map(|c| c[0]).collect();
    assert_eq!(
        r.log[0],
        (8..16).collect::<Vec<u8>>(),
        "∇1 of the first pass"
    );
    assert_eq!(
        r.log[1],
        (0..8).collect::<Vec<u8>>(),
        "∇2 after nothing was removed"
    );
    assert!(
        r.log.len() <= 2 * 16,
        "O(n) tests, got {}: {firsts:?}",
        r.log.len()
    );
}

/// Galloping deletion as its description reads, one test at a time: the reference for
/// [`gallop`] (which hands the tester runs of tests that assume failure).
fn gallop_reference(n: u8, pred: impl Fn(&[u8]) -> bool, budget: bool) -> (Vec<u8>, usize) {
    let mut c: Vec<u8> = (0..n).collect();
    let (mut end, mut size, mut tests, mut removed) = (c.len(), 1usize, 0usize, 0usize);
    let allowance = (n.max(1) as usize).ilog2() as usize + 1;
    while end > 0 && !(budget && tests > removed + allowance) {
        let start = end.saturating_sub(size);
        let mut kept = c[..start].to_vec();
        kept.extend_from_slice(&c[end..]);
        tests += 1;
        if pred(&kept) {
            c = kept;
            removed += end - start;
            end = start;
            size *= 2;
        } else if size > 1 {
            size /= 2;
        } else {
            end -= 1;
        }
    }
    (c, tests)
}

/// The needed elements of the galloping tests' cases (of lists of up to 100 elements).
const GALLOP_NEEDS: [&[u8]; 6] = [
    &[],
    &[0],
    &[63],
    &[3, 40],
    &[1, 2, 3, 60, 61],
    &[10, 20, 30],
];

#[test]
fn gallop_tests_what_its_reference_tests() {
    for need in GALLOP_NEEDS {
        for n in [1u8, 2, 16, 17, 33, 64, 100] {
            let pred = |c: &[u8]| need.iter().filter(|&&x| x < n).all(|x| c.contains(x));
            for (budget, name) in [
                (false, GallopBudget::Unbounded),
                (true, GallopBudget::OneTestPerElement),
            ] {
                let mut r = record(pred);
                let kept = gallop((0..n).collect(), &mut r, name);
                let (expected, tests) = gallop_reference(n, pred, budget);
                assert_eq!((&kept, r.log.len()), (&expected, tests), "{need:?} of {n}");
                if !budget {
                    // Unbounded, it is 1-minimal for these monotone tests.
                    let mut want: Vec<u8> = need.iter().copied().filter(|&x| x < n).collect();
                    want.sort_unstable();
                    assert_eq!(kept, want, "{need:?} of {n}");
                }
            }
        }
    }
    // One needed element among 64: the run before it goes in chunks of 1, 2, 4, … .
    let mut r = record(|c: &[u8]| c.contains(&3));
    assert_eq!(
        gallop((0..64).collect(), &mut r, GallopBudget::Unbounded),
        vec![3]
    );
    assert!(r.log.len() <= 24, "{} tests", r.log.len());
}

/// A [`ListTest`] that answers as the merge mode's rounds do: the next `size`
/// configurations all tested, the first interesting one of the first round that has one
/// wins (no merging). Counts the rounds.
struct Rounds<F> {
    pred: F,
    size: usize,
    rounds: usize,
}

impl<F: FnMut(&[u8]) -> bool> ListTest<u8> for Rounds<F> {
    fn first_interesting(&mut self, configs: &mut dyn Iterator<Item = Vec<u8>>) -> Option<usize> {
        let mut base = 0;
        loop {
            let round: Vec<Vec<u8>> = configs.take(self.size).collect();
            if round.is_empty() {
                return None;
            }
            self.rounds += 1;
            let answers: Vec<bool> = round.iter().map(|c| (self.pred)(c)).collect();
            if let Some(i) = answers.iter().position(|&a| a) {
                return Some(base + i);
            }
            base += round.len();
        }
    }

    fn round(&self) -> usize {
        self.size
    }
}

#[test]
fn gallop_in_rounds_decides_several_chunks_per_round_and_ends_as_in_order() {
    for need in GALLOP_NEEDS {
        for n in [1u8, 2, 16, 17, 33, 64, 100] {
            let pred = |c: &[u8]| need.iter().filter(|&&x| x < n).all(|x| c.contains(x));
            for budget in [GallopBudget::Unbounded, GallopBudget::OneTestPerElement] {
                let mut one = Rounds {
                    pred,
                    size: 1,
                    rounds: 0,
                };
                let in_order = gallop((0..n).collect(), &mut one, budget);
                // One at a time: the reference's tests.
                let (expected, tests) =
                    gallop_reference(n, pred, budget != GallopBudget::Unbounded);
                assert_eq!(
                    (&in_order, one.rounds),
                    (&expected, tests),
                    "{need:?} of {n}"
                );
                // For these monotone tests, rounds of 16 end where one at a time does.
                let mut sixteen = Rounds {
                    pred,
                    size: 16,
                    rounds: 0,
                };
                let kept = gallop((0..n).collect(), &mut sixteen, budget);
                assert_eq!(kept, expected, "{need:?} of {n} in rounds");
                assert!(sixteen.rounds <= one.rounds, "{need:?} of {n}");
            }
        }
    }
    // A removable run of 60 elements behind the needed ones: one at a time, 22 tests
    // (chunks of 1, 2, 4, 8, 16, then halvings and regrowths near the needed four); in
    // rounds of 16, the first round takes the five doublings at once and each later one
    // a failure and the success after it: six rounds.
    let pred = |c: &[u8]| (0..4).all(|x| c.contains(&x));
    let mut one = Rounds {
        pred,
        size: 1,
        rounds: 0,
    };
    let mut sixteen = Rounds {
        pred,
        size: 16,
        rounds: 0,
    };
    let kept = gallop((0..64).collect(), &mut one, GallopBudget::OneTestPerElement);
    assert_eq!(
        kept,
        gallop(
            (0..64).collect(),
            &mut sixteen,
            GallopBudget::OneTestPerElement
        )
    );
    assert_eq!(kept, [0, 1, 2, 3]);
    assert_eq!((one.rounds, sixteen.rounds), (22, 6));
}

#[test]
fn split_lines_and_bytes_keep_everything() {
    let text = b"a\nbb\r\n\nc";
    let lines = split_lines(text);
    assert_eq!(lines, vec![&b"a\n"[..], b"bb\r\n", b"\n", b"c"]);
    assert_eq!(lines.concat(), text);
    assert_eq!(split_bytes(text).len(), text.len());
    assert_eq!(split_bytes(text).concat(), text);
    assert!(split_lines(b"").is_empty());
}

// ---------------------------------------------------------------- through a real Tester

/// A few hundred bytes of C-like text.
const PROGRAM: &[u8] = b"#include <stdio.h>
#include <stdlib.h>
/* a comment that can go */
static int helper(int a, int b) { return a * b + 1; }
static int unused(int c) { return c - 1; }
int table[4] = {1, 2, 3, 4};
int main(void) {
    int x = helper(2, 3);
    int y = unused(x) + table[1];
    if (x > 5) { crash(x); }
    printf(\"%d %d\\n\", table[2], y);
    return 0;
}
";

/// Interesting (a stand-in for a compiler crash): keeps these fragments, with balanced
/// braces and parentheses.
fn c_like(t: &[u8]) -> bool {
    const NEEDED: [&[u8]; 6] = [
        b"#include <stdio.h>",
        b"static int helper(int a",
        b"return a * b",
        b"int main(",
        b"helper(2, 3)",
        b"crash(x);",
    ];
    let count = |b: u8| t.iter().filter(|&&c| c == b).count();
    NEEDED.iter().all(|f| t.windows(f.len()).any(|w| w == *f))
        && count(b'{') == count(b'}')
        && count(b'(') == count(b')')
}

/// Char-level ddmin of [`PROGRAM`] through a real [`Tester`]; also returns how many times
/// the oracle actually ran.
fn char_run(cache: CacheOptions, jobs: usize, o: &DdOptions) -> (Vec<u8>, Stats, CacheStats, u64) {
    let runs = Arc::new(AtomicU64::new(0));
    let counter = runs.clone();
    let oracle = FnOracle(move |t: &[u8]| {
        counter.fetch_add(1, Ordering::SeqCst);
        c_like(t)
    });
    let mut tester = Tester::new(Arc::new(oracle), cache, jobs);
    let out = reduce_units(&split_bytes(PROGRAM), &[], &mut tester, o).0;
    let runs = runs.load(Ordering::SeqCst);
    (out, tester.stats().clone(), tester.cache_stats(), runs)
}

fn assert_byte_one_minimal(out: &[u8], what: &str) {
    assert!(c_like(out), "{what}: result not interesting");
    for i in 0..out.len() {
        let mut less = out.to_vec();
        less.remove(i);
        assert!(
            !c_like(&less),
            "{what}: byte {i} of {:?} can go",
            String::from_utf8_lossy(out)
        );
    }
}

#[test]
fn the_cache_cuts_queries_but_not_the_result() {
    let o = DdOptions::default();
    let off = CacheOptions {
        mode: CacheMode::None,
        ..CacheOptions::default()
    };
    let (a, sa, _, _) = char_run(off, 1, &o);
    let (b, sb, _, _) = char_run(CacheOptions::default(), 1, &o);
    eprintln!(
        "char-level ddmin on {} bytes: cache off {} queries, on {} queries + {} hits; result {:?}",
        PROGRAM.len(),
        sa.queries,
        sb.queries,
        sb.cache_hits,
        String::from_utf8_lossy(&b)
    );
    assert_eq!(a, b);
    assert_byte_one_minimal(&b, "ddmin");
    assert!(sb.queries < sa.queries);
    assert_eq!(
        sa.tests(),
        sb.tests(),
        "the same tests, some answered by the cache"
    );
}

/// The paper's Table III, cumulatively: the baseline content cache, then storing only
/// not-interesting outcomes, then evicting entries larger than a new interesting candidate,
/// then SHA3-256 keys. Each step must lower the peak bytes and change neither the result nor
/// the queries. Run for ddmin with subset tests (forward) and without (backward).
#[test]
fn each_cache_optimisation_cuts_peak_bytes() {
    let base = CacheOptions::baseline();
    let steps = [
        ("content cache (baseline)", base),
        (
            "+ only not-interesting",
            CacheOptions {
                only_not_interesting: true,
                ..base
            },
        ),
        (
            "+ evict larger",
            CacheOptions {
                only_not_interesting: true,
                evict_larger: true,
                ..base
            },
        ),
        ("+ SHA3-256 keys", CacheOptions::default()),
    ];
    let variants = [
        DdOptions::default(),
        DdOptions {
            subset_tests: false,
            complement_order: ComplementOrder::Backward,
            ..DdOptions::default()
        },
    ];
    for o in variants {
        let config = CacheOptions {
            mode: CacheMode::Config,
            ..base
        };
        let (config_out, config_stats, config_cache, _) = char_run(config, 1, &o);
        eprintln!("char-level ddmin of {} bytes, {o:?}:", PROGRAM.len());
        eprintln!(
            "  {:<26} peak {:>7} bytes, peak {:>5} entries, {} queries",
            "config cache (picire's)",
            config_cache.peak_bytes,
            config_cache.peak_entries,
            config_stats.queries
        );
        let mut last: Option<(Vec<u8>, u64, usize)> = None;
        for (name, options) in steps {
            let (out, stats, cache, _) = char_run(options, 1, &o);
            eprintln!(
                "  {name:<26} peak {:>7} bytes, peak {:>5} entries, {} queries, {} hits",
                cache.peak_bytes, cache.peak_entries, stats.queries, stats.cache_hits
            );
            if let Some((prev_out, prev_queries, prev_peak)) = &last {
                assert_eq!(&out, prev_out, "{name}: the result changed");
                assert_eq!(stats.queries, *prev_queries, "{name}: the queries changed");
                assert!(
                    cache.peak_bytes < *prev_peak,
                    "{name}: peak bytes did not drop"
                );
            }
            last = Some((out, stats.queries, cache.peak_bytes));
        }
        let (out, queries, _) = last.unwrap();
        assert_eq!(out, config_out);
        assert!(
            config_stats.queries > queries,
            "the config cache misses equal texts"
        );
    }
}

#[test]
fn parallel_ddmin_gives_the_sequential_result_and_query_count() {
    let backward = DdOptions {
        split_factor: 4,
        subset_tests: false,
        complement_order: ComplementOrder::Backward,
        ..DdOptions::default()
    };
    for o in [DdOptions::default(), backward] {
        for (name, cache) in [
            ("default", CacheOptions::default()),
            ("baseline", CacheOptions::baseline()),
        ] {
            let (a, sa, _, runs_a) = char_run(cache, 1, &o);
            assert_eq!(runs_a, sa.queries);
            for jobs in [2, 3] {
                let (b, sb, _, runs_b) = char_run(cache, jobs, &o);
                eprintln!(
                    "{o:?}, {name} cache, -j {jobs}: {} queries (-j 1: {}), {} speculative, {} oracle runs",
                    sb.queries, sa.queries, sb.speculative, runs_b
                );
                assert_eq!(a, b, "-j {jobs} changed the result");
                assert_eq!(sa.queries, sb.queries, "-j {jobs} changed the query count");
                assert_eq!(sa.cache_hits, sb.cache_hits);
                // Runs cancelled before they started never reached the oracle.
                assert!(sb.queries <= runs_b && runs_b <= sb.queries + sb.speculative);
            }
        }
    }
}

#[test]
fn every_split_factor_is_one_minimal_on_the_same_input() {
    for subset_tests in [true, false] {
        for split_factor in [2, 3, 4, 8] {
            let o = DdOptions {
                split_factor,
                subset_tests,
                ..DdOptions::default()
            };
            let (out, stats, _, _) = char_run(CacheOptions::default(), 1, &o);
            eprintln!(
                "ν = {split_factor}, subset tests {subset_tests}: {} bytes, {} queries",
                out.len(),
                stats.queries
            );
            assert_byte_one_minimal(&out, &format!("{o:?}"));
        }
    }
}

#[test]
fn reduce_text_goes_by_lines_then_bytes() {
    let mut tester = Tester::new(Arc::new(FnOracle(c_like)), CacheOptions::default(), 1);
    let out = reduce_text(PROGRAM, &[], &mut tester, &DdOptions::default()).0;
    assert_byte_one_minimal(&out, "reduce_text");
    let mut lines = Tester::new(Arc::new(FnOracle(c_like)), CacheOptions::default(), 1);
    let by_lines = split_lines(PROGRAM);
    let kept = reduce_units(&by_lines, &[], &mut lines, &DdOptions::default()).0;
    let kept = split_lines(&kept);
    for i in 0..kept.len() {
        let mut less = kept.clone();
        less.remove(i);
        assert!(!c_like(&less.concat()), "line {i} of {kept:?} can go");
    }
    assert!(
        out.len() < kept.concat().len(),
        "the byte pass removed more"
    );
}

#[test]
fn tester_list_keys_configurations_by_index_in_the_origin() {
    let config_cache = CacheOptions {
        mode: CacheMode::Config,
        ..CacheOptions::baseline()
    };
    let mut tester = Tester::new(
        Arc::new(FnOracle(|t: &[u8]| t.contains(&b'x'))),
        config_cache,
        1,
    );
    let origin = b"abxab".to_vec();
    let render = |c: &[u8]| c.to_vec();
    let mut list = TesterList::new(&mut tester, &origin, render);
    // The same configuration twice: the second is a hit ("ab" is keyed [0, 1], the leftmost
    // match, whichever "ab" of the origin it came from: both print the same text).
    let configs = vec![
        b"ab".to_vec(),
        b"ab".to_vec(),
        b"abb".to_vec(),
        b"bx".to_vec(),
    ];
    assert_eq!(list.first_interesting(&mut configs.into_iter()), Some(3));
    let stats = list.tester().stats().clone();
    assert_eq!((stats.queries, stats.cache_hits), (3, 1));
    drop(list);
    // A new list reduction starts a new configuration space.
    let _ = TesterList::new(&mut tester, b"zz", render);
    assert_eq!(tester.cache_stats().entries, 0);
}

// ---------------------------------------------------------------- ProbDD, CDD and WDD

/// ProbDD as the paper states it (Sect. 3), one test at a time: the reference for
/// [`probdd`] (σ = [`PRIOR`], ties in the order `Random` draws from `seed` at each step).
fn probdd_reference(n: u8, mut pred: impl FnMut(&[u8]) -> bool, seed: u64) -> Vec<u8> {
    let mut c: Vec<u8> = (0..n).collect();
    let mut p = vec![PRIOR; c.len()];
    let mut ties = Random::new(seed);
    loop {
        // Sort the remaining elements ascending by p (ties at random), leaving out p = 1.
        let mut order: Vec<usize> = (0..c.len()).filter(|&i| p[i] < 1.0).collect();
        if order.is_empty() {
            return c; // every probability is 1
        }
        ties.shuffle(&mut order);
        order.sort_by(|&a, &b| p[a].total_cmp(&p[b]));
        // Exclude elements one by one until the expected gain begins to decrease.
        let (mut take, mut pass, mut last) = (0, 1.0, 0.0);
        for (k, &i) in order.iter().enumerate() {
            pass *= 1.0 - p[i];
            let gain = (k + 1) as f64 * pass;
            if gain < last {
                break;
            }
            (take, last) = (k + 1, gain);
        }
        // In position order: a float product depends on its order, and the
        // implementation multiplies by position.
        let excluded: BTreeSet<usize> = order[..take].iter().copied().collect();
        let x: Vec<u8> = (0..c.len())
            .filter(|i| !excluded.contains(i))
            .map(|i| c[i])
            .collect();
        if pred(&x) {
            // Rule 2: the excluded elements' p become 0: they go.
            p = (0..c.len())
                .filter(|i| !excluded.contains(i))
                .map(|i| p[i])
                .collect();
            c = x;
        } else if take == 1 {
            p[order[0]] = 1.0; // only s_i was removed: p_i = 1
        } else {
            // Rule 3: p_i ← p_i / (1 − Π_j (1 − p_j)) over the excluded elements.
            let pass: f64 = excluded.iter().map(|&j| 1.0 - p[j]).product();
            for &i in &excluded {
                p[i] = (p[i] / (1.0 - pass)).min(1.0);
            }
        }
    }
}

/// CDD as the paper describes it, one test at a time: the reference for [`cdd`].
fn cdd_reference(n: u8, mut pred: impl FnMut(&[u8]) -> bool) -> Vec<u8> {
    let mut c: Vec<u8> = (0..n).collect();
    let mut r = 0;
    loop {
        let s = subset_size(r);
        r += 1;
        if s > 1 && s >= c.len() {
            continue; // the subsets would be the whole list
        }
        // Round r: try deleting each subset of s consecutive elements once, in order.
        let mut at = 0;
        while at < c.len() {
            let end = (at + s).min(c.len());
            let mut x = c[..at].to_vec();
            x.extend_from_slice(&c[end..]);
            if pred(&x) {
                c = x;
            } else {
                at = end;
            }
        }
        if s == 1 {
            return c;
        }
    }
}

/// ddmin as Zeller and Hildebrandt state it, one test at a time, with Wddmin's chunks of
/// about equal weight: the reference for [`wddmin`].
fn wddmin_reference(
    n: u8,
    weight: &dyn Fn(u8) -> Weight,
    mut pred: impl FnMut(&[u8]) -> bool,
    o: &DdOptions,
) -> Vec<u8> {
    let nu = o.split_factor.max(2);
    let mut c: Vec<u8> = (0..n).collect();
    let mut g = c.len().min(nu);
    'rounds: while g > 0 {
        let weights: Vec<Weight> = c.iter().map(|&e| weight(e)).collect();
        let delta = weighted_partition(&weights, g);
        if o.subset_tests && g > 1 {
            for d in &delta {
                if pred(&c[d.clone()]) {
                    c = c[d.clone()].to_vec();
                    g = c.len().min(nu);
                    continue 'rounds;
                }
            }
        }
        if !(o.subset_tests && g == 2) {
            for i in o.complement_order.indices(g) {
                let mut x = c[..delta[i].start].to_vec();
                x.extend_from_slice(&c[delta[i].end..]);
                if pred(&x) {
                    c = x;
                    g = c.len().min(if g - 1 > 1 { g - 1 } else { nu });
                    continue 'rounds;
                }
            }
        }
        if g < c.len() {
            g = c.len().min(nu * g);
            continue;
        }
        return c;
    }
    c
}

/// WProbDD, one test at a time: ProbDD whose gain counts weights, elements by descending
/// (1 − p) · w, the prefix of largest gain. The reference for [`wprobdd`].
fn wprobdd_reference(
    n: u8,
    weight: &dyn Fn(u8) -> Weight,
    mut pred: impl FnMut(&[u8]) -> bool,
) -> Vec<u8> {
    let mut c: Vec<u8> = (0..n).collect();
    let mut p = vec![PRIOR; c.len()];
    loop {
        let w = |i: usize, c: &[u8]| weight(c[i]).max(1) as f64;
        let mut order: Vec<usize> = (0..c.len()).filter(|&i| p[i] < 1.0).collect();
        if order.is_empty() {
            return c;
        }
        order.sort_by(|&a, &b| {
            ((1.0 - p[b]) * w(b, &c))
                .total_cmp(&((1.0 - p[a]) * w(a, &c)))
                .then(p[a].total_cmp(&p[b]))
        });
        let (mut take, mut best, mut weight_sum, mut pass) = (0, 0.0, 0.0, 1.0);
        for (k, &i) in order.iter().enumerate() {
            weight_sum += w(i, &c);
            pass *= 1.0 - p[i];
            if weight_sum * pass >= best {
                (take, best) = (k + 1, weight_sum * pass);
            }
        }
        // In position order: a float product depends on its order, and the
        // implementation multiplies by position.
        let excluded: BTreeSet<usize> = order[..take].iter().copied().collect();
        let keep: Vec<usize> = (0..c.len()).filter(|i| !excluded.contains(i)).collect();
        let x: Vec<u8> = keep.iter().map(|&i| c[i]).collect();
        if pred(&x) {
            p = keep.iter().map(|&i| p[i]).collect();
            c = x;
        } else if take == 1 {
            p[order[0]] = 1.0;
        } else {
            let pass: f64 = excluded.iter().map(|&j| 1.0 - p[j]).product();
            for &i in &excluded {
                p[i] = (p[i] / (1.0 - pass)).min(1.0);
            }
        }
    }
}

/// A weight per position, from the random test's values (1 to 16).
fn weights_of(values: &[u8]) -> impl Fn(u8) -> Weight + '_ {
    move |e| Weight::from(values[e as usize] % 16 + 1)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Each algorithm makes its reference's tests, in order, and returns its result; the
    /// result is interesting, and 1-minimal where the papers say so (Wddmin always, the
    /// others for monotone tests).
    #[test]
    fn probdd_cdd_and_wdd_test_what_their_references_test(
        n in 1usize..=10,
        tag in 0u8..4,
        s in any::<u16>(),
        values in proptest::collection::vec(any::<u8>(), 10),
        x in any::<u8>(),
        seed in any::<u64>(),
    ) {
        let k = kind(n, tag, s, values.clone(), x, seed);
        let minimal = one_minimal_sets(n, &k);
        let monotone = matches!(k, Kind::ContainsAll(_) | Kind::AtLeastTwo(_));
        let input: Vec<u8> = (0..n as u8).collect();
        let pred = |c: &[u8]| k.holds(n, mask(c));
        let weight = weights_of(&values);
        let by_weight = |e: &u8| weight(*e);
        let o = DdOptions { seed, ..DdOptions::default() };
        let check = |out: &[u8], what: &str, one_minimal: bool| {
            assert!(pred(out), "{what}: {out:?} is not interesting ({k:?})");
            if one_minimal {
                check_result(n, &k, &minimal, out, what);
            }
        };

        let mut r = record(pred);
        let out = probdd(input.clone(), &mut r, &o);
        let mut reference = record(pred);
        prop_assert_eq!(&out, &probdd_reference(n as u8, |c| reference.first_interesting(&mut std::iter::once(c.to_vec())).is_some(), seed));
        prop_assert_eq!(&r.log, &reference.log);
        check(&out, "probdd", monotone);

        let mut r = record(pred);
        let out = cdd(input.clone(), &mut r);
        let mut reference = record(pred);
        prop_assert_eq!(&out, &cdd_reference(n as u8, |c| reference.first_interesting(&mut std::iter::once(c.to_vec())).is_some()));
        prop_assert_eq!(&r.log, &reference.log);
        check(&out, "cdd", monotone);

        let mut r = record(pred);
        let out = wprobdd(input.clone(), &by_weight, &mut r);
        let mut reference = record(pred);
        prop_assert_eq!(&out, &wprobdd_reference(n as u8, &weight, |c| reference.first_interesting(&mut std::iter::once(c.to_vec())).is_some()));
        prop_assert_eq!(&r.log, &reference.log);
        check(&out, "wprobdd", monotone);

        for o in dd_variants() {
            let mut r = record(pred);
            let out = wddmin(input.clone(), &by_weight, &mut r, &o);
            let mut reference = record(pred);
            prop_assert_eq!(&out, &wddmin_reference(n as u8, &weight, |c| reference.first_interesting(&mut std::iter::once(c.to_vec())).is_some(), &o));
            prop_assert_eq!(&r.log, &reference.log, "{:?}", o);
            check(&out, &format!("wddmin {o:?}"), true);
        }
    }
}

/// Longer lists: monotone tests that need a few positions of up to 100.
#[test]
fn long_lists_against_the_references() {
    let needs: [&[u8]; 5] = [&[], &[0], &[63], &[3, 40, 41], &[1, 2, 3, 60, 61, 99]];
    let values: Vec<u8> = (0..100u32).map(|i| (i * 37 % 101) as u8).collect();
    let weight = |e: u8| Weight::from(values[e as usize] % 16 + 1);
    let by_weight = |e: &u8| weight(*e);
    for need in needs {
        for n in [1u8, 2, 16, 17, 33, 64, 100] {
            let pred = |c: &[u8]| need.iter().filter(|&&x| x < n).all(|x| c.contains(x));
            let mut want: Vec<u8> = need.iter().copied().filter(|&x| x < n).collect();
            want.sort_unstable();
            let input: Vec<u8> = (0..n).collect();
            for seed in [0, 1, 2] {
                let mut r = record(pred);
                let out = probdd(
                    input.clone(),
                    &mut r,
                    &DdOptions {
                        seed,
                        ..DdOptions::default()
                    },
                );
                let mut tests = 0;
                let reference = probdd_reference(
                    n,
                    |c| {
                        tests += 1;
                        pred(c)
                    },
                    seed,
                );
                assert_eq!(
                    (&out, r.log.len()),
                    (&reference, tests),
                    "probdd {need:?} of {n}"
                );
                assert_eq!(out, want, "probdd {need:?} of {n}");
            }
            let mut r = record(pred);
            let out = cdd(input.clone(), &mut r);
            let mut tests = 0;
            assert_eq!(
                (&out, r.log.len()),
                (
                    &cdd_reference(n, |c| {
                        tests += 1;
                        pred(c)
                    }),
                    tests
                )
            );
            assert_eq!(out, want, "cdd {need:?} of {n}");
            let mut r = record(pred);
            let out = wprobdd(input.clone(), &by_weight, &mut r);
            let mut tests = 0;
            assert_eq!(
                (&out, r.log.len()),
                (
                    &wprobdd_reference(n, &weight, |c| {
                        tests += 1;
                        pred(c)
                    }),
                    tests
                )
            );
            assert_eq!(out, want, "wprobdd {need:?} of {n}");
            let o = DdOptions::default();
            let mut r = record(pred);
            let out = wddmin(input.clone(), &by_weight, &mut r, &o);
            let mut tests = 0;
            assert_eq!(
                (&out, r.log.len()),
                (
                    &wddmin_reference(
                        n,
                        &weight,
                        |c| {
                            tests += 1;
                            pred(c)
                        },
                        &o
                    ),
                    tests
                )
            );
            assert_eq!(out, want, "wddmin {need:?} of {n}");
        }
    }
}

/// Fig. 3 of the ProbDD paper (σ = 0.25, eight statements): the sizes ProbDD chooses and the
/// probabilities after each failed test, to four places.
#[test]
fn probdd_follows_figure_three_of_its_paper() {
    use super::probdd::Model;
    use super::stepwise::Stepwise;
    let round = |p: &[f64]| -> Vec<f64> { p.iter().map(|x| (x * 1e4).round() / 1e4).collect() };
    let mut m = Model::with_prior((1..=8u8).collect(), vec![1; 8], Some(Random::new(3)), 0.25);
    // Row 1: four elements go (the gain 4 · 0.75⁴ is the largest), and the test fails.
    let first = m.choose().unwrap();
    assert_eq!(first.len(), 4);
    m.failed(&first);
    let p = round(m.probabilities());
    for i in 0..8 {
        assert_eq!(
            p[i],
            if first.contains(&i) { 0.3657 } else { 0.25 },
            "{p:?}"
        );
    }
    // Row 2: the four others, the lowest, go: the test passes.
    let second = m.choose().unwrap();
    assert_eq!(
        second,
        (0..8).filter(|i| !first.contains(i)).collect::<Vec<_>>()
    );
    m.removed(&second);
    // Row 3: two of the four left at 0.3657 are tried; they fail and rise to 0.6119.
    let third = m.choose().unwrap();
    assert_eq!(third.len(), 2);
    m.failed(&third);
    let p = round(m.probabilities());
    for i in 0..4 {
        assert_eq!(
            p[i],
            if third.contains(&i) { 0.6119 } else { 0.3657 },
            "{p:?}"
        );
    }
    // A failed single-element test makes its probability 1 exactly.
    m.failed(&[0]);
    assert_eq!(m.probabilities()[0], 1.0);
}

#[test]
fn cdd_subset_sizes_follow_the_rounds() {
    let sizes: Vec<usize> = (0..7).map(subset_size).collect();
    assert_eq!(sizes, vec![9, 6, 3, 2, 1, 1, 1]);
    // Nothing can go from 20 elements: rounds of 9, 6, 3, 2 and 1 element(s).
    let mut r = record(|c: &[u8]| c.len() == 20);
    assert_eq!(cdd((0..20).collect(), &mut r).len(), 20);
    assert_eq!(r.log.len(), 3 + 4 + 7 + 10 + 20);
}

#[test]
fn randomised_runs_repeat_with_their_seed() {
    let pred = |c: &[u8]| [3, 17, 18, 40].iter().all(|x| c.contains(x));
    let run = |seed| {
        let mut r = record(pred);
        let out = probdd(
            (0..50).collect(),
            &mut r,
            &DdOptions {
                seed,
                ..DdOptions::default()
            },
        );
        (out, r.log)
    };
    assert_eq!(run(5), run(5));
    let logs: HashSet<Vec<Vec<u8>>> = (0..6).map(|seed| run(seed).1).collect();
    assert!(logs.len() > 1, "the seed changes the tie breaks");
}

#[test]
fn wddmin_gives_a_heavy_element_a_chunk_of_its_own() {
    // Element 0 weighs as much as the 20 others: the first round tries [0] and [1..=20].
    let weight = |e: &u8| if *e == 0 { 20 } else { 1 };
    let mut r = record(|c: &[u8]| c.contains(&5));
    let out = wddmin((0..=20).collect(), &weight, &mut r, &DdOptions::default());
    assert_eq!(out, vec![5]);
    assert_eq!(r.log[0], vec![0]);
    assert_eq!(r.log[1], (1..=20).collect::<Vec<u8>>());
}

/// ProbDD, CDD and WProbDD through a real [`Tester`]: `-j 2` speculates on the steps that
/// follow a test, and gives the sequential result and query count.
#[test]
fn stepwise_reducers_give_the_sequential_result_in_parallel() {
    for alg in [
        ListAlgorithm::ProbDD,
        ListAlgorithm::Cdd,
        ListAlgorithm::WProbDD,
        ListAlgorithm::Wddmin,
    ] {
        let run = |jobs| {
            let mut tester = Tester::new(Arc::new(FnOracle(c_like)), CacheOptions::default(), jobs);
            let units = split_bytes(PROGRAM);
            let free: Vec<u32> = (0..units.len() as u32).collect();
            let render = |c: &[u32]| c.iter().map(|&i| units[i as usize][0]).collect::<Vec<u8>>();
            let weight = |&i: &u32| Weight::from(units[i as usize][0] % 3 + 1);
            let mut list = TesterList::new(&mut tester, &free, render);
            let kept = alg.reduce(free.clone(), &weight, &mut list, &DdOptions::default());
            let queries = list.tester().stats().queries;
            (render(&kept), queries)
        };
        let (a, qa) = run(1);
        let (b, qb) = run(2);
        assert!(c_like(&a), "{alg:?}");
        assert_eq!((a, qa), (b, qb), "{alg:?}");
    }
}

/// Answers rounds of `size` as [`Rounds`] does, and checks that what a step's `then` says
/// for its first success is how the next step starts.
struct Predicted<F> {
    pred: F,
    size: usize,
    /// What the last step's `then` gave for its first success.
    expected: Option<Vec<Vec<u8>>>,
    /// Steps whose start `then` predicted (a non-empty prediction that matched).
    matched: usize,
}

impl<F: FnMut(&[u8]) -> bool> ListTest<u8> for Predicted<F> {
    fn first_interesting(&mut self, configs: &mut dyn Iterator<Item = Vec<u8>>) -> Option<usize> {
        self.first_interesting_then(configs, &mut |_| Vec::new())
    }

    fn first_interesting_then(
        &mut self,
        configs: &mut dyn Iterator<Item = Vec<u8>>,
        then: &mut dyn FnMut(usize) -> Vec<Vec<u8>>,
    ) -> Option<usize> {
        let all: Vec<Vec<u8>> = configs.collect();
        if let Some(expected) = self.expected.take() {
            assert_eq!(
                all[..expected.len()],
                expected[..],
                "the step starts as predicted"
            );
            self.matched += usize::from(!expected.is_empty());
        }
        let found = all.iter().position(|c| (self.pred)(c));
        if let Some(k) = found {
            self.expected = Some(then(k));
        }
        found
    }

    fn round(&self) -> usize {
        self.size
    }
}

#[test]
fn a_galloping_step_knows_how_the_next_one_starts() {
    for need in GALLOP_NEEDS {
        for n in [17u8, 33, 64, 100] {
            let pred = |c: &[u8]| need.iter().filter(|&&x| x < n).all(|x| c.contains(x));
            for budget in [GallopBudget::Unbounded, GallopBudget::OneTestPerElement] {
                let mut t = Predicted {
                    pred,
                    size: 8,
                    expected: None,
                    matched: 0,
                };
                let kept = gallop((0..n).collect(), &mut t, budget);
                let (expected, _) = gallop_reference(n, pred, budget != GallopBudget::Unbounded);
                assert_eq!(kept, expected, "{need:?} of {n}");
                assert!(t.matched > 0, "{need:?} of {n}: no step predicted");
            }
        }
    }
}
