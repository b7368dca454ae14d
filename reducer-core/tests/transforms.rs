//! The transformations beyond deletion on the Toy language with closure oracles: each does
//! its job on a small input (a renamed name, a shrunk literal, a replaced subtree, a spliced
//! block, a token window, a pair of siblings deleted together, a declaration inlined, an
//! argument dropped from every call, two blocks merged), the result stays
//! interesting, `-j 2` gives the `-j 1` result, and the oracle never sees a candidate that
//! does not parse or is larger than the input.

use reducer_core::engine::session::Session;
use reducer_core::reduce::{self as algo, AlgoOptions};
use reducer_core::testing::Toy;
use reducer_core::Language;

static TOY: Toy = Toy;

type Pred = fn(&str) -> bool;

/// The oracle of every test: the candidate must parse (the transformations promise it), and
/// then `pred` decides.
fn checked(text: &str, pred: Pred) -> bool {
    assert!(TOY.parse(text).is_ok(), "the oracle was shown {text:?}");
    pred(text)
}

fn squeeze(t: &str) -> String {
    t.chars().filter(|c| !c.is_whitespace()).collect()
}

fn run_with(name: &str, src: &str, oracle: Pred, jobs: usize, o: &AlgoOptions) -> Session<'static> {
    assert!(oracle(src), "the input must be interesting");
    let mut s = reducer_core::testing::session(&TOY, src, oracle, jobs);
    algo::run(name, &mut s, o).unwrap();
    let text = s.text();
    assert!(
        oracle(&text),
        "{name}: the result {text:?} is not interesting"
    );
    assert!(text.len() <= src.len());
    s
}

/// Runs `name` at -j 1 and -j 2, checks they agree, and returns the squeezed result.
fn reduce(name: &str, src: &str, oracle: Pred) -> String {
    reduce_with(name, src, oracle, &AlgoOptions::default())
}

fn reduce_with(name: &str, src: &str, oracle: Pred, o: &AlgoOptions) -> String {
    let one = run_with(name, src, oracle, 1, o);
    let two = run_with(name, src, oracle, 2, o);
    assert_eq!(one.text(), two.text(), "{name}: -j 2 differs from -j 1");
    assert_eq!(
        one.tester.stats().queries,
        two.tester.stats().queries,
        "{name}: query counts"
    );
    squeeze(&one.text())
}

/// The word after `prefix` in `t` (letters and digits).
fn word_after<'a>(t: &'a str, prefix: &str) -> Option<&'a str> {
    let i = t.find(prefix)? + prefix.len();
    let rest = &t[i..];
    let end = rest
        .find(|c: char| !c.is_ascii_alphanumeric())
        .unwrap_or(rest.len());
    Some(&rest[..end])
}

/// `var X ...; show(X);` with the same name X.
fn declared_then_shown(t: &str) -> bool {
    checked(t, |t| {
        let t = squeeze(t);
        matches!((word_after(&t, "var"), word_after(&t, "show(")), (Some(a), Some(b)) if !a.is_empty() && a == b)
    })
}

#[test]
fn canonicalize_renames_names_and_keeps_what_the_oracle_needs() {
    let src = "var counter = 12345; show(counter);";
    let out = reduce("canonicalize", src, declared_then_shown);
    // `counter` becomes `a`; `show` must stay; the literal becomes the shortest number.
    assert_eq!(out, "vara=0;show(a);");
}

#[test]
fn canonicalize_can_be_told_to_keep_names_and_literals() {
    let src = "var counter = 12345; show(counter);";
    let mut o = AlgoOptions::default();
    o.transform.rename = false;
    assert_eq!(
        reduce_with("canonicalize", src, declared_then_shown, &o),
        "varcounter=0;show(counter);"
    );
    o.transform.rename = true;
    o.transform.literals = false;
    assert_eq!(
        reduce_with("canonicalize", src, declared_then_shown, &o),
        "vara=12345;show(a);"
    );
}

#[test]
fn replace_identifiers_merges_names_so_that_deletion_can_go_on() {
    // Both names must be declared; the call needs two arguments.
    fn oracle(t: &str) -> bool {
        checked(t, |t| {
            let t = squeeze(t);
            let Some(i) = t.find("f(") else { return false };
            let args = &t[i + 2..t[i..].find(')').map_or(t.len(), |j| i + j)];
            let parts: Vec<&str> = args.split(',').collect();
            parts.len() == 2
                && parts
                    .iter()
                    .all(|p| !p.is_empty() && t.contains(&format!("var{p}")))
        })
    }
    let src = "var alpha = 1; var b = 2; f(alpha, b);";
    let out = reduce("pardis-hybrid+hoist+transform", src, oracle);
    assert_eq!(out, "varb;f(b,b);");
}

#[test]
fn replace_subtrees_puts_the_smallest_compatible_text_in_a_slot() {
    fn oracle(t: &str) -> bool {
        checked(t, |t| squeeze(t).starts_with("varx=") && t.contains(';'))
    }
    let src = "var x = longname;";
    assert_eq!(reduce("replace-subtrees", src, oracle), "varx=0;");
}

#[test]
fn replace_subtrees_uses_a_smaller_subtree_from_elsewhere() {
    // The call must keep an argument that is a call; `g()` elsewhere is the smaller one.
    fn oracle(t: &str) -> bool {
        checked(t, |t| {
            let t = squeeze(t);
            t.contains("f(g(")
        })
    }
    let src = "f(g(1, 2)); g();";
    let out = reduce("replace-subtrees", src, oracle);
    // `g()` came from the second statement, which then became the empty statement.
    assert_eq!(out, "f(g());;");
}

#[test]
fn splice_lists_lifts_the_statements_of_a_nested_block() {
    fn oracle(t: &str) -> bool {
        checked(t, |t| {
            let t = squeeze(t);
            t.contains("a(1);b(2);")
        })
    }
    let src = "{ a(1); b(2); }";
    assert_eq!(reduce("splice-lists", src, oracle), "a(1);b(2);");
    // And out of an if statement's block.
    let src = "if (c) { a(1); b(2); } else { d(3); }";
    assert_eq!(reduce("splice-lists", src, oracle), "a(1);b(2);");
}

#[test]
fn token_windows_cross_node_boundaries() {
    // Two blocks must become one: only deleting `} {` does that.
    fn oracle(t: &str) -> bool {
        checked(t, |t| {
            let t = squeeze(t);
            t.contains("a(1);") && t.contains("b(2);") && t.contains('{')
        })
    }
    let src = "{ a(1); } { b(2); }";
    assert_eq!(reduce("token-windows", src, oracle), "{a(1);b(2);}");
}

#[test]
fn enumerate_windows_deletes_siblings_that_only_go_together() {
    fn oracle(t: &str) -> bool {
        checked(t, |t| {
            let t = squeeze(t);
            t.contains("crash(1);")
                && t.contains("g(1);")
                && t.contains("vara") == t.contains("f(a)")
        })
    }
    // ddmin's chunks never hold the declaration and the use without `g(1);` between them.
    let src = "var a = 1; g(1); f(a); crash(1);";
    let before = reduce("pardis-hybrid+hoist", src, oracle);
    assert!(before.contains("f(a)"), "{before}");
    assert_eq!(reduce("enumerate-windows", src, oracle), "g(1);crash(1);");
}

/// Every name that is not called is declared by an earlier `var` (scopes ignored), as a
/// compiler would insist.
fn declared_before_use(t: &str) -> bool {
    let mut declared: Vec<&str> = Vec::new();
    let words: Vec<(usize, &str)> = t
        .match_indices(|c: char| c.is_ascii_alphanumeric())
        .fold(Vec::new(), |mut acc: Vec<(usize, usize)>, (i, _)| {
            match acc.last_mut() {
                Some((_, end)) if *end == i => *end = i + 1,
                _ => acc.push((i, i + 1)),
            }
            acc
        })
        .into_iter()
        .map(|(s, e)| (e, &t[s..e]))
        .collect();
    let mut after_var = false;
    for (end, w) in words {
        if w.chars().next().is_some_and(|c| c.is_ascii_digit()) || w == "if" || w == "else" {
            continue;
        }
        if w == "var" {
            after_var = true;
            continue;
        }
        let called = t[end..].trim_start().starts_with('(');
        if after_var {
            declared.push(w);
        } else if !called && !declared.contains(&w) {
            return false;
        }
        after_var = false;
    }
    true
}

#[test]
fn eliminate_definitions_inlines_a_declaration_that_deletion_cannot_remove() {
    // `show` needs three arguments and `keep`; every name must be declared before use.
    fn oracle(t: &str) -> bool {
        checked(t, |t| {
            let s = squeeze(t);
            declared_before_use(t)
                && s.contains("show(keep,")
                && s[s.find("show(").unwrap()..].matches(',').count() == 2
        })
    }
    let src = "var t = 1; var keep = t; show(keep, t, t);";
    let before = reduce("pardis-hybrid+hoist", src, oracle);
    assert!(before.contains("vart"), "{before}");
    assert_eq!(
        reduce("eliminate-definitions", src, oracle),
        "varkeep=0;show(keep,0,0);"
    );
}

#[test]
fn eliminate_parameters_drops_an_argument_from_every_call_at_once() {
    // Both calls of `f` must stay, with the same number of arguments and `keep`.
    fn oracle(t: &str) -> bool {
        checked(t, |t| {
            let s = squeeze(t);
            let calls: Vec<usize> = s
                .match_indices("f(")
                .map(|(i, _)| {
                    s[i..]
                        .find(')')
                        .map_or(0, |j| s[i..i + j].matches(',').count())
                })
                .collect();
            calls.len() == 2 && calls[0] == calls[1] && s.matches("keep").count() == 2
        })
    }
    let src = "f(1, keep, 2); f(3, keep, 4);";
    assert_eq!(reduce("pardis-hybrid+hoist", src, oracle), squeeze(src));
    assert_eq!(
        reduce("eliminate-parameters", src, oracle),
        "f(keep);f(keep);"
    );
}

#[test]
fn merge_lists_joins_two_blocks() {
    fn oracle(t: &str) -> bool {
        checked(t, |t| {
            let s = squeeze(t);
            s.starts_with('{') && s.contains("a(1);") && s.contains("b(2);")
        })
    }
    let src = "{ a(1); } { b(2); }";
    assert_eq!(reduce("merge-lists", src, oracle), "{a(1);b(2);}");
}

#[test]
fn the_default_schedule_ends_no_larger_than_deletion_alone() {
    fn oracle(t: &str) -> bool {
        checked(t, |t| {
            let t = squeeze(t);
            t.contains("crash(") && t.contains("if(")
        })
    }
    let src = "var first = 100; var second = first + 2; if (first < second) { { crash(first); } } else { g(); }";
    let old = reduce("pardis-hybrid+hoist", src, oracle);
    let new = reduce("pardis-hybrid+hoist+transform", src, oracle);
    assert!(new.len() <= old.len(), "{new} vs {old}");
    assert!(
        new.len() < old.len(),
        "the transformations found nothing: {new}"
    );
}

#[test]
fn a_text_that_is_not_smaller_never_reaches_the_oracle() {
    fn oracle(t: &str) -> bool {
        assert!(
            !t.contains("zzz") && t != "f(1);",
            "the oracle was shown {t:?}"
        );
        true
    }
    let mut s = reducer_core::testing::session(&TOY, "f(1);", oracle, 1);
    let mut texts = vec!["f(1); zzz(2);", "f(1);", "g(1);", ";"].into_iter();
    // Larger, equal, equal in size but another text, smaller: only the last is tested.
    let found = s.first_interesting_text(
        &mut |_| texts.next().map(|t| t.to_string().into()),
        &mut |_, _| None,
    );
    assert_eq!(found, Some(3));
    assert_eq!(s.text(), ";");
    assert_eq!(s.tester.stats().syntax_rejected, 3);
    assert_eq!(s.tester.stats().queries, 1);
}

#[test]
fn the_edit_memory_saves_queries_and_keeps_the_result() {
    // Statements the oracle needs, far apart: the deletion of each is refused again and
    // again as the rest goes, unless the memory remembers it.
    fn oracle(t: &str) -> bool {
        checked(t, |t| {
            let t = squeeze(t);
            [
                "crash(",
                "if(",
                "first(alpha);",
                "sixth(4);",
                "tenth(beta);",
            ]
            .iter()
            .all(|n| t.contains(n))
        })
    }
    let src = "var alpha = 1; var beta = alpha + 2; first(alpha); second(beta); \
               if (alpha < beta) { third(1); crash(alpha); fourth(2); } else { fifth(3); } \
               sixth(4); seventh(5); { eighth(6); ninth(7); } tenth(beta);";
    let off = AlgoOptions {
        edit_memory: false,
        ..AlgoOptions::default()
    };
    for name in ["pardis-hybrid+hoist", "pardis-hybrid+hoist+transform"] {
        let with = run_with(name, src, oracle, 1, &AlgoOptions::default());
        let without = run_with(name, src, oracle, 1, &off);
        assert_eq!(squeeze(&with.text()), squeeze(&without.text()), "{name}");
        let (w, wo) = (with.tester.stats(), without.tester.stats());
        assert!(w.remembered > 0 && wo.remembered == 0, "{name}");
        assert!(
            w.queries < wo.queries,
            "{name}: {} queries with the memory, {} without",
            w.queries,
            wo.queries
        );
        // -j 2 gives the -j 1 run.
        reduce_with(name, src, oracle, &AlgoOptions::default());
    }
}
