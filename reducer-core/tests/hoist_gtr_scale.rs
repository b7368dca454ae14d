//! Hoisting and GTR on a generated Toy program of 150 statements: the results stay
//! interesting and parse, `-j 2` gives the `-j 1` result, and the hoisting variants beat
//! HDD* on a program whose needles sit deep inside nested `if`s and blocks; GTR's filters
//! save oracle calls over the unfiltered variant (GTR Sect. 5.4).

use reducer_core::engine::cache::CacheOptions;
use reducer_core::engine::oracle::FnOracle;
use reducer_core::engine::session::{Session, SessionOptions};
use reducer_core::engine::tester::Tester;
use reducer_core::reduce::{self as algo, AlgoOptions, GtrFilter};
use reducer_core::testing::Toy;
use reducer_core::Language;
use std::sync::Arc;

/// A deterministic pseudo-random Toy program with the needles `needle0(…)` … buried at
/// depth.
fn program(statements: usize) -> String {
    let mut seed = 0x2545_f491_u64;
    let mut next = move |n: u64| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % n
    };
    let mut out = String::new();
    let mut needles = 0;
    for i in 0..statements {
        let needle = i % 50 == 25;
        let depth = if needle {
            2 + next(2) as usize
        } else {
            next(4) as usize
        };
        let mut open = String::new();
        let mut close = String::new();
        for d in 0..depth {
            match next(3) {
                0 => {
                    open += &format!("if (v{} < {}) {{ ", next(50), d);
                    close = format!(" }} else {{ w{}(); }}", next(9)) + &close;
                }
                1 => {
                    open += "{ ";
                    close = " }".to_string() + &close;
                }
                _ => {
                    open += &format!("if (!v{}) {{ f{}(1); ", next(50), next(9));
                    close = " }".to_string() + &close;
                }
            }
        }
        let body = if needle {
            needles += 1;
            format!("needle{}(v{});", needles - 1, next(50))
        } else {
            match next(3) {
                0 => format!("var v{i} = v{} + {};", next(50), next(100)),
                1 => format!("g{}(v{}, (v{} * 2));", next(9), next(50), next(50)),
                _ => format!("v{};", next(50)),
            }
        };
        out += &format!("{open}{body}{close}\n");
    }
    out
}

fn needles(t: &str) -> bool {
    (0..3).all(|k| t.contains(&format!("needle{k}(")))
}

fn run(name: &str, src: &str, jobs: usize, o: &AlgoOptions) -> Session<'static> {
    static TOY: Toy = Toy;
    let tree = TOY.parse(src).expect("generated program parses");
    let f = |b: &[u8]| needles(std::str::from_utf8(b).unwrap());
    let tester = Tester::new(Arc::new(FnOracle(f)), CacheOptions::default(), jobs);
    let mut s = Session::new(&TOY, tree, tester, SessionOptions::default());
    algo::run(name, &mut s, o).unwrap();
    s
}

#[test]
fn hoisting_and_gtr_on_a_generated_program() {
    let src = program(150);
    assert!(needles(&src));
    let corpus = tempfile::tempdir().unwrap();
    std::fs::write(corpus.path().join("p.toy"), program(100)).unwrap();
    let cases: Vec<(&str, AlgoOptions)> = vec![
        ("hdd*", AlgoOptions::default()),
        ("hoist*+hdd*", AlgoOptions::default()),
        ("hoist*+hddh*", AlgoOptions::default()),
        ("gtr*", AlgoOptions::default()),
        (
            "gtr*",
            AlgoOptions {
                gtr_filter: GtrFilter::Corpus(Arc::new(
                    algo::gtr::corpus::Corpus::from_dir(&Toy, corpus.path()).unwrap(),
                )),
                ..AlgoOptions::default()
            },
        ),
        (
            "gtr*",
            AlgoOptions {
                gtr_filter: GtrFilter::Unfiltered,
                ..AlgoOptions::default()
            },
        ),
    ];
    let mut hdd_tokens = 0;
    let mut gtr_queries = Vec::new();
    for (name, o) in &cases {
        let start = std::time::Instant::now();
        let s = run(name, &src, 1, o);
        let out = s.tree.text();
        assert!(needles(&out) && Toy.parse(&out).is_ok(), "{name}: {out:?}");
        let st = s.tester.stats();
        eprintln!(
            "{name:13} {:?}: {:5} queries ({} interesting, {} cache hits, {} rejected, {} local, {} full, check {:?}), {:4} tokens, {:?}\n{out}",
            o.gtr_filter,
            st.queries, st.interesting, st.cache_hits, st.syntax_rejected, s.stats.local_checks, s.stats.full_parses, s.stats.check_time,
            s.tree.tokens(),
            start.elapsed()
        );
        if *name == "gtr*" {
            gtr_queries.push((st.queries, st.syntax_rejected));
        }
        if *name == "hdd*" {
            hdd_tokens = s.tree.tokens();
        } else {
            assert!(s.tree.tokens() < hdd_tokens, "{name} {:?}", o.gtr_filter);
        }
        let par = run(name, &src, 2, o);
        assert_eq!(par.tree.text(), out, "{name} -j 2");
    }
    // GTR Sect. 5.4: filtering (by the grammar or by the corpus) saves oracle calls; without
    // it, only the syntax check stands between broken candidates and the oracle.
    let [(grammar, grammar_rejected), (corpus, _), (unfiltered, unfiltered_rejected)] =
        gtr_queries[..]
    else {
        panic!("three GTR runs")
    };
    assert!(
        grammar < unfiltered && corpus < unfiltered,
        "{gtr_queries:?}"
    );
    assert!(
        grammar_rejected == 0 && unfiltered_rejected > 0,
        "{gtr_queries:?}"
    );
}
