//! The default's schedule on whole reductions: a stage whose candidates would remove a large
//! share of what is left is tried whatever the budget says.

use super::{AlgoOptions, Algorithm};
use crate::testing::{recording_session, Toy};

/// A declaration whose initialiser is a long number (deletion cannot shorten a token, and the
/// test needs the declaration), a call that needs it, and statements around them for deletion
/// to remove.
fn long_first_declaration(digits: usize, filler: usize) -> String {
    let mut src = format!("var d = 1{};\n", "7".repeat(digits));
    for i in 0..filler {
        src.push_str(&format!(
            "var v{i} = v{i} + {i};\nif (v{i}) {{ print(v{i}, {i}); }}\n"
        ));
    }
    for k in 0..NEEDED {
        src.push_str(&needed(k));
        src.push('\n');
    }
    src.push_str("crash(d);\n");
    src
}

/// Declarations the test needs word for word: what is left after deletion, on which the
/// stages before the one that pays spend their queries in vain.
const NEEDED: usize = 40;

fn needed(k: usize) -> String {
    format!("var n{k} = {k};")
}

/// The declaration with a number, the call, and the needed declarations.
fn needs_d(text: &str) -> bool {
    let number = text
        .split_once("var d = ")
        .is_some_and(|(_, rest)| rest.starts_with(|c: char| c.is_ascii_digit()));
    number && text.contains("crash(d)") && (0..NEEDED).all(|k| text.contains(&needed(k)))
}

/// The size the default and transform-all reach on `src`, and the default's queries.
fn reduce_both(src: &str) -> (String, String, u64) {
    let run = |a: Algorithm| {
        let (mut s, _) = recording_session(&Toy, src, needs_d, 1);
        a.run(&mut s, &AlgoOptions::default());
        assert!(needs_d(&s.text()));
        (s.text(), s.tester.stats().queries)
    };
    let (default, queries) = run(Algorithm::Default);
    let (all, _) = run(Algorithm::EveryTransform);
    (default, all, queries)
}

#[test]
fn a_long_first_declaration_is_shortened_whatever_the_budget() {
    for (digits, filler) in [(2_000, 200), (300, 40), (2_000, 3)] {
        let src = long_first_declaration(digits, filler);
        let (default, all, queries) = reduce_both(&src);
        assert!(
            default.len() as f64 <= all.len() as f64 * 1.1,
            "{digits} digits, {filler} fillers: the default ends at {} bytes ({queries} \
             queries), transform-all at {}",
            default.len(),
            all.len()
        );
    }
}
