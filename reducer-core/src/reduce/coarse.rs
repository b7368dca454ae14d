//! Coarse deletion: long lists lose long runs of elements in few tests, before the
//! one-node-at-a-time deletion of Pardis.
//!
//! Pardis takes the heaviest node per test. That suits inputs whose parts are mostly needed,
//! and it is slow on a long list of which few elements are: a preprocessed C++ unit is a list
//! of thousands of top-level declarations (hundreds of reopened `namespace std` blocks), of
//! which a compiler bug needs a handful, and Pardis spends a test, each a compiler run on
//! megabytes, on every one of them. Chunks in the middle of such a list cannot go either
//! while the headers' declarations after them use them, and ddmin-style halving fails for
//! that reason: the bug's few declarations come last, behind the rest of the headers.
//!
//! This pass walks the tree top-down and minimises every list of at least [`MIN_LIST`]
//! elements by galloping deletion from its end ([`gallop`]: chunks of 1, 2, 4, … elements
//! while deletions succeed, halving on failure, a single needed element kept), so that a
//! chunk is tried only after everything behind it that could use it has gone. It leaves a
//! list to Pardis once it has spent more than one test per element removed, Pardis' own
//! rate at best ([`GallopBudget::OneTestPerElement`]): about log₂ n tests on a list whose
//! elements are all needed. It runs once, at the start of the deletion stage.
//!
//! Before it minimises the lists under a node, it tries deleting the one element of a list
//! there (of any length) that holds more than half of the tree's tokens, if there is one: a
//! large input that pads a small one with a single big item (a module wrapped in one
//! function, one huge definition) loses it in one test, where galloping inside that item
//! would cost log₂ of its length. Along the path of such elements that is at most one test
//! per level, and none on a unit of many top-level declarations.
//!
//! [`gallop`]: crate::reduce::list::gallop
//! [`GallopBudget::OneTestPerElement`]: crate::reduce::list::GallopBudget::OneTestPerElement

use super::nodes::reduce_nodes;
use super::perses::list_groups;
use super::AlgoOptions;
use crate::engine::session::Session;
use crate::reduce::list::ListAlgorithm;
use crate::syntax::tree::{EditSet, NodeId, Subst};
use std::collections::VecDeque;

/// The shortest list the pass minimises: shorter ones are left to Pardis.
pub const MIN_LIST: usize = 16;

/// One top-down pass over the tree's long lists; returns whether the tree got smaller.
pub fn pass(s: &mut Session<'_>, o: &AlgoOptions) -> bool {
    let before = s.tree.tokens();
    let mut queue = VecDeque::from([s.tree.root()]);
    while let Some(node) = queue.pop_front() {
        if s.stopped() {
            break;
        }
        if !s.tree.is_live(node) {
            continue;
        }
        // `list_groups` leaves out elements that overlap a kept region.
        for mut group in list_groups(s, node) {
            if let Some(k) = dominant(s, &group) {
                if !s.stopped() && s.try_edits(EditSet::deleting([group[k]])) {
                    group.remove(k);
                }
            }
            if group.len() >= MIN_LIST && !s.stopped() {
                let items = group.into_iter().map(|n| (n, Subst::Delete)).collect();
                reduce_nodes(s, items, ListAlgorithm::Gallop, &o.dd, false);
            }
        }
        queue.extend(s.tree.children(node));
    }
    s.tree.tokens() < before
}

/// The element of `group` that holds more than half of the tree's tokens, if one does.
fn dominant(s: &Session<'_>, group: &[NodeId]) -> Option<usize> {
    let total = u64::from(s.tree.tokens());
    group
        .iter()
        .position(|&n| 2 * u64::from(s.tree.weight(n)) > total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{recording_session, Toy};

    /// `f(0); … f(n - 1);`, one statement a line.
    fn calls(n: usize) -> String {
        (0..n).map(|i| format!("f({i});\n")).collect()
    }

    fn squeezed(text: &str) -> String {
        text.split_whitespace().collect()
    }

    /// The texts the oracle saw and the result of one pass.
    fn run(src: &str, oracle: fn(&str) -> bool, jobs: usize) -> (Vec<String>, String) {
        let (mut s, seen) = recording_session(&Toy, src, oracle, jobs);
        pass(&mut s, &AlgoOptions::default());
        let seen = seen.lock().unwrap().clone();
        (seen, s.tree.text())
    }

    /// Statements 0–35 are "headers", each using the one before it; 36–39 are the bug, which
    /// uses none of them.
    fn bug_after_headers(t: &str) -> bool {
        let has = |i: usize| t.contains(&format!("f({i});"));
        (36..40).all(has) && (1..36).all(|i| !has(i) || has(i - 1))
    }

    #[test]
    fn a_bug_after_headers_that_use_each_other_keeps_only_the_bug() {
        let (seen, out) = run(&calls(40), bug_after_headers, 1);
        assert_eq!(squeezed(&out), "f(36);f(37);f(38);f(39);");
        // Four needed statements kept one by one, then the 36 headers in chunks of 1, 2, 4,
        // 8, 16 and the last 5: ten tests.
        assert_eq!(seen.len(), 10, "{seen:#?}");
        // The same tests and result with speculation.
        let (parallel, out) = run(&calls(40), bug_after_headers, 3);
        assert_eq!(squeezed(&out), "f(36);f(37);f(38);f(39);");
        assert!(parallel.len() >= seen.len());
    }

    #[test]
    fn a_list_of_needed_elements_costs_its_allowance() {
        fn everything(t: &str) -> bool {
            (0..40).all(|i| t.contains(&format!("f({i});")))
        }
        let (seen, out) = run(&calls(40), everything, 1);
        assert_eq!(out, calls(40));
        // tests > 0 + ⌊log₂ 40⌋ + 1 = 6 after 7 tests.
        assert_eq!(seen.len(), 7);
        // Short lists are left alone.
        let (seen, _) = run(&calls(15), everything, 1);
        assert!(seen.is_empty());
    }

    #[test]
    fn an_element_holding_most_of_the_tree_goes_in_one_test() {
        let inner: String = (0..40).map(|i| format!("g({i}); ")).collect();
        let src = format!("f(0);\n{{ {inner}}}\nf(1);\n");
        fn needs_f1(t: &str) -> bool {
            t.contains("f(1);")
        }
        let (seen, out) = run(&src, needs_f1, 1);
        assert_eq!(squeezed(&out), "f(0);f(1);");
        assert_eq!(seen.len(), 1, "{seen:#?}");
        // Needed, it costs that one test, and its list is minimised as before.
        fn needs_g7(t: &str) -> bool {
            t.contains("g(7);")
        }
        let (seen, out) = run(&src, needs_g7, 1);
        assert_eq!(squeezed(&out), "f(0);{g(7);}f(1);");
        assert_eq!(squeezed(&seen[0]), "f(0);f(1);");
        assert!(seen[1..].iter().all(|t| t.contains('{')));
    }

    #[test]
    fn nested_lists_are_reduced_top_down() {
        fn needs_7(t: &str) -> bool {
            t.contains("g(7);")
        }
        let inner: String = (0..20).map(|i| format!("g({i}); ")).collect();
        let src = format!("{}{{ {inner}}}\n{}", calls(20), calls(20));
        let (_, out) = run(&src, needs_7, 1);
        assert_eq!(squeezed(&out), "{g(7);}");
    }

    #[test]
    fn a_merge_round_testing_a_union_runs_the_next_galloping_step_beside_it() {
        // The even statements of 30–38 are needed: the galloping steps' successes are
        // scattered, so their unions take rounds of their own, which now also run the next
        // step's first tests (as it will be once the union is adopted).
        fn even_tail(t: &str) -> bool {
            (30..40)
                .filter(|i| i % 2 == 0)
                .all(|i| t.contains(&format!("f({i});")))
        }
        let merged = |jobs: usize| {
            let (mut s, seen) = recording_session(&Toy, &calls(40), even_tail, jobs);
            s.tester
                .set_parallel(crate::engine::tester::Parallel::Merge);
            pass(&mut s, &AlgoOptions::default());
            let runs = seen.lock().unwrap().len();
            (s.tester.stats().rounds, runs, squeezed(&s.tree.text()))
        };
        let kept = "f(0);f(1);f(2);f(3);f(4);f(5);f(6);f(7);f(8);f(9);f(10);f(11);f(12);f(13);\
                    f(14);f(15);f(16);f(17);f(18);f(19);f(20);f(21);f(22);f(23);f(24);f(25);\
                    f(26);f(27);f(28);f(29);f(30);f(31);f(32);f(34);f(36);f(38);";
        // Without the next step beside the unions: 5 rounds at -j 4, 4 at -j 8, the same
        // runs and result.
        assert_eq!(merged(4), (4, 14, kept.to_string()));
        assert_eq!(merged(8), (3, 17, kept.to_string()));
    }
}
