//! Hoisting on the C and Java grammars: how far below a node χ(n) looks for a replacement. The C
//! grammar's precedence levels put a chain of single-child wrappers (assignment → conditional
//! → logical-or → … → postfix) between an expression and the call it holds; the depth bound
//! counts only the levels where the token weight drops, so the chains do not use it up. The
//! hoisting paper's Fig. 5 (Java) needs the same reach.

use generated_example::{Java, C};
use reducer_core::reduce::{self as algo, AlgoOptions};
use reducer_core::syntax::tree::EditSet;
use reducer_core::testing::session;

type Pred = fn(&str) -> bool;

static LANG: C = C;
static JAVA: Java = Java;

fn squeeze(t: &str) -> String {
    t.split_whitespace().collect()
}

/// Reduces `src` (C) with `algorithm` and the default options; the result, squeezed.
fn reduce(algorithm: &str, src: &str, oracle: Pred) -> String {
    reduce_in(&LANG, algorithm, src, oracle)
}

/// Reduces `src` in `lang` with `algorithm` and the default options; the result, squeezed.
fn reduce_in(
    lang: &'static dyn reducer_core::Language,
    algorithm: &str,
    src: &str,
    oracle: Pred,
) -> String {
    let mut s = session(lang, src, oracle, 1);
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
        // The default's token windows go on past hoisting: the oracle only reads the text,
        // and `x = g(y);` alone is a (implicit int) declaration.
        assert!(out.contains("x=g(y);"), "{algorithm}: {out:?}");
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

/// The hoisting paper's Fig. 5(a).
const LOCALIZED_PI: &str = r#"public class LocalizedPi {
    private static String decSep(String locale) {
        if (locale.equals("en")) {
            return ".";
        }
        throw new Exception("Unsupported locale");
    }
    private static String formatParts(String intPart,
        String fracPart, String decSep) {
        return intPart.concat(decSep).concat(fracPart);
    }
    public static void main(String[] args) {
        String pi = formatParts(
            "3", "14", decSep(args[0]));
        System.out.println(pi);
    }
}
"#;

/// Stands for "throws the exception with an unsupported locale": `main` passes its argument
/// to `decSep`, which throws, and every method called is defined.
fn throws_unsupported_locale(t: &str) -> bool {
    let s = squeeze(t);
    s.contains("voidmain(String[]args){")
        && s.contains("decSep(args[0])")
        && s.contains("StringdecSep(String")
        && s.contains("thrownewException(")
        && (!s.contains("formatParts(") || s.contains("StringformatParts(String"))
}

#[test]
fn fig_5_hoisting_before_hdd_removes_the_enclosing_method() {
    // HDD alone keeps formatParts, whose call holds the call of decSep (Fig. 5(b)); hoisting
    // decSep(args[0]) into the place of the call around it lets HDD remove the method
    // (Fig. 5(c)).
    let hdd = reduce_in(&JAVA, "hdd*", LOCALIZED_PI, throws_unsupported_locale);
    assert!(hdd.contains("formatParts"), "{hdd}");
    for algorithm in ["hoist*+hdd*", "hoist*+hddh*"] {
        let out = reduce_in(&JAVA, algorithm, LOCALIZED_PI, throws_unsupported_locale);
        assert!(!out.contains("formatParts"), "{algorithm}: {out}");
        assert!(out.contains("=decSep(args[0]);"), "{algorithm}: {out}");
    }
}
