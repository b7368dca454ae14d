//! Hoisting on the C grammar: how far below a node χ(n) looks for a replacement. The C
//! grammar's precedence levels put a chain of single-child wrappers (assignment → conditional
//! → logical-or → … → postfix) between an expression and the call it holds; the depth bound
//! counts only the levels where the token weight drops, so the chains do not use it up.

use generated_example::C;
use reducer_core::algo::{self, AlgoOptions};
use reducer_core::testing::session;
use reducer_core::tree::EditSet;

type Pred = fn(&str) -> bool;

static LANG: C = C;

fn squeeze(t: &str) -> String {
    t.split_whitespace().collect()
}

/// Reduces `src` with `algorithm` and the default options; the result, squeezed.
fn reduce(algorithm: &str, src: &str, oracle: Pred) -> String {
    let mut s = session(&LANG, src, oracle, 1);
    algo::run(algorithm, &mut s, &AlgoOptions::default()).unwrap();
    let out = s.text();
    assert!(oracle(&out), "{algorithm}: {out:?}");
    squeeze(&out)
}

/// Keeps an assignment to `x` of something holding `g(y)`.
fn assigns_g_y(t: &str) -> bool {
    t.contains("x = ") && t.contains("g(y)")
}

const CALL_IN_CALL: &str = "void h(void) { x = f(1, g(y)); }\n";

#[test]
fn an_argument_replaces_the_call_around_it() {
    // `g(y)` is 16 edges below `f(1, g(y))` but only 4 weight drops (the default bound).
    assert_eq!(
        reduce("hoist", CALL_IN_CALL, assigns_g_y),
        "voidh(void){x=g(y);}"
    );
    for algorithm in [
        "hoist*+hdd*",
        "hoist*+hddh*",
        "perses",
        algo::DEFAULT_ALGORITHM,
    ] {
        let out = reduce(algorithm, CALL_IN_CALL, assigns_g_y);
        assert!(out.contains("{x=g(y);}"), "{algorithm}: {out:?}");
    }
}
#[test]
fn wrapper_chains_do_not_use_up_the_depth_bound() {
    let s = session(&LANG, CALL_IN_CALL, assigns_g_y, 1);
    let t = &s.tree;
    let text = |n| squeeze(&t.print_node(n, &EditSet::new()));
    // The highest node printing the outer call, and the candidates found below it.
    let outer = t
        .bfs()
        .into_iter()
        .find(|&n| text(n) == "f(1,g(y))")
        .unwrap();
    let depth = AlgoOptions::default().hoist_depth;
    let found = s.view().hoist_candidates(outer, depth);
    let inner = *found
        .iter()
        .find(|&&n| text(n) == "g(y)")
        .unwrap_or_else(|| panic!("no g(y) among {found:?}"));
    // Far more edges below than the bound, but only as many weight drops as it allows.
    let path: Vec<_> = std::iter::successors(Some(inner), |&n| t.parent(n))
        .take_while(|&n| n != outer)
        .collect();
    let drops = path
        .iter()
        .filter(|&&n| t.weight(n) < t.weight(t.parent(n).unwrap()))
        .count();
    assert!(path.len() > 2 * depth, "{} edges", path.len());
    assert!(drops <= depth, "{drops} drops");
}
