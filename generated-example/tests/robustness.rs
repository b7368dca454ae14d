//! No panic and no hang on any input: random bytes, random token soup and pathological
//! nesting end in a tree or a parse error, never a crash or a stack overflow. (The cargo-fuzz
//! targets in `fuzz/` search the same property much longer.)

mod common;

use common::Rng;
use generated_example::{
    Cpp, Fortran, Glsl, Go, Java, JavaScript, Json, Lua, Php, Python, Ruby, Rust, Smt2, Solidity,
    Sql, TypeScript, Verilog, Wat, Xml, C,
};
use reducer_core::Language;
use std::time::{Duration, Instant};

fn languages() -> [(&'static str, &'static dyn Language); 4] {
    [
        ("c", &C),
        ("js", &JavaScript),
        ("java", &Java),
        ("json", &Json),
    ]
}

/// Parses `text`; an accepted input must print back exactly.
fn check(lang: &dyn Language, text: &str) {
    let parsed = lang.parse(text);
    if let Ok(tree) = &parsed {
        assert_eq!(tree.text(), text);
    }
    // The recognizer of the syntax checks agrees with the parser.
    assert_eq!(lang.accepts(text), parsed.is_ok(), "{text:?}");
    let rules = lang.tables().rules.len() as u16;
    for rule in [0, rules / 2, rules - 1] {
        if let Ok(len) = lang.parse_prefix(rule, text) {
            assert!(len <= text.len());
        }
    }
}

#[test]
fn random_bytes_and_token_soup_never_panic() {
    let pieces = [
        "(", ")", "{", "}", "[", "]", ";", ",", "=", "<", ">", ">>", "/", "*", "\"", "'", "`",
        "${", "x", "1", "0x", "if", "else", "class", "int", "=>", "?", ":", ".", "\n", " ", "/*",
        "*/", "//", "#", "\\", "@", "é", "\0",
    ];
    let mut r = Rng::new(7);
    for (name, lang) in languages() {
        for _ in 0..400 {
            let len = r.below(60);
            let text: String = if r.one_in(2) {
                (0..len).map(|_| *r.pick(&pieces)).collect()
            } else {
                let bytes: Vec<u8> = (0..len).map(|_| r.below(128) as u8).collect();
                String::from_utf8_lossy(&bytes).into_owned()
            };
            check(lang, &text);
        }
        eprintln!("{name}: 400 random inputs, no panic");
    }
}

#[test]
fn pathological_nesting_ends_in_an_error_or_a_tree() {
    let cases: [(&str, &str, &str, &str); 4] = [
        ("c", "int x = ", "(", ";"),
        ("js", "x = ", "[", ";"),
        ("java", "class A { int x = ", "(", "; }"),
        ("json", "", "[", ""),
    ];
    for ((name, lang), (_, head, open, tail)) in languages().into_iter().zip(cases) {
        for depth in [100, 3_000, 100_000] {
            // Unclosed: must fail. Spawned on a small stack to prove that depth cannot
            // overflow it (pest's stack guard turns it into an error), in the parser and in
            // the recognizer of the syntax checks.
            let text = format!("{head}{}1{tail}", open.repeat(depth));
            let close = match open {
                "(" => ")",
                _ => "]",
            };
            let closed = format!("{head}{}1{}{tail}", open.repeat(depth), close.repeat(depth));
            let start = Instant::now();
            let result = std::thread::Builder::new()
                .stack_size(1 << 20)
                .spawn(move || {
                    // The closed nesting may parse or hit the depth limit; it must not crash.
                    let _ = (lang.parse(&closed).is_ok(), lang.accepts(&closed));
                    (lang.parse(&text).is_ok(), lang.accepts(&text))
                })
                .unwrap()
                .join();
            assert!(
                result.is_ok(),
                "{name}: depth {depth} crashed the parser thread"
            );
            assert_eq!(
                result.unwrap(),
                (false, false),
                "{name}: unclosed nesting must not parse"
            );
            assert!(
                start.elapsed() < Duration::from_secs(60),
                "{name}: depth {depth} took too long"
            );
        }
    }
}

/// Nesting 40 levels deep, closed, parses in every grammar. A grammar that tries two
/// alternatives at each level, both of which go on to the levels below, takes 2^40 steps
/// here and ends in pest's call limit (the Ruby grammar once parsed each `(` of an
/// expression statement as a nested assignment target and as an expression, the C++ grammar
/// each type name as a concept's and as the type, past 13 levels of `A<A<…>>`); real
/// programs nest this deep in generated code and in reducers' own inputs.
#[test]
fn forty_levels_of_nesting_parse_in_every_grammar() {
    type Case = (
        &'static str,
        &'static dyn Language,
        &'static str,
        &'static str,
        &'static str,
        &'static str,
        &'static str,
    );
    let cases: [Case; 23] = [
        ("c", &C, "int x = ", "(", "1", ")", ";\n"),
        ("c++", &Cpp, "int x = ", "(", "1", ")", ";\n"),
        (
            "c++ template arguments",
            &Cpp,
            "",
            "A<",
            "int",
            ">",
            " x;\n",
        ),
        ("c++ alias", &Cpp, "using T = ", "A<", "int", ">", ";\n"),
        ("javascript", &JavaScript, "x = ", "(", "1", ")", ";\n"),
        ("java", &Java, "class A { int x = ", "(", "1", ")", "; }\n"),
        ("json", &Json, "", "[", "1", "]", "\n"),
        ("go", &Go, "package p\nvar x = ", "(", "1", ")", "\n"),
        ("lua", &Lua, "x = ", "(", "1", ")", "\n"),
        ("rust", &Rust, "fn f() { let x = ", "(", "1", ")", "; }\n"),
        ("python", &Python, "x = ", "(", "1", ")", "\n"),
        ("php", &Php, "<?php $x = ", "(", "1", ")", ";\n"),
        ("ruby", &Ruby, "x = ", "(", "1", ")", "\n"),
        ("ruby statement", &Ruby, "", "(", "a", ")", "\n"),
        (
            "fortran",
            &Fortran,
            "program p\nx = ",
            "(",
            "1",
            ")",
            "\nend program p\n",
        ),
        ("xml", &Xml, "", "<a>", "x", "</a>", "\n"),
        ("wat", &Wat, "(module (func ", "(block ", "nop", ")", "))\n"),
        (
            "glsl",
            &Glsl,
            "void main() { float x = ",
            "(",
            "1.0",
            ")",
            "; }\n",
        ),
        ("smt2", &Smt2, "(assert ", "(not ", "true", ")", ")\n"),
        ("sql", &Sql, "SELECT ", "(", "1", ")", ";\n"),
        (
            "solidity",
            &Solidity,
            "contract C { function f() public { uint x = ",
            "(",
            "1",
            ")",
            "; } }\n",
        ),
        ("typescript", &TypeScript, "let x = ", "(", "1", ")", ";\n"),
        (
            "verilog",
            &Verilog,
            "module m; assign x = ",
            "(",
            "1",
            ")",
            "; endmodule\n",
        ),
    ];
    for (name, lang, head, open, mid, close, tail) in cases {
        let text = format!("{head}{}{mid}{}{tail}", open.repeat(40), close.repeat(40));
        let tree = lang
            .parse(&text)
            .unwrap_or_else(|e| panic!("{name}: 40 levels of {open} do not parse: {e}"));
        assert_eq!(tree.text(), text, "{name}");
        assert!(
            lang.accepts(&text),
            "{name}: the recognizer refuses what the parser takes"
        );
    }
    // Ruby: a parenthesized receiver is still a target, and 300 unclosed `(` on one line
    // end in a parse error, not in the call limit's.
    for ok in [
        "a, (b).c = 1, 2\n",
        "((b).c, d), e = 1, 2\n",
        "(a, b), c = 1, 2, 3\n",
    ] {
        assert!(Ruby.parse(ok).is_ok(), "{ok:?}");
    }
    let unclosed = format!("def f\n  x = 1\n  {}\nend\n", "(".repeat(300));
    let Err(error) = Ruby.parse(&unclosed) else {
        panic!("unclosed `(` do not parse");
    };
    let error = error.to_string();
    assert!(!error.contains("call limit"), "{error}");
}

#[test]
fn a_long_javascript_member_chain_gets_local_checks_in_linear_time() {
    // 32,000 `.b` accesses in one chain. Each candidate below deletes thousands of them; the
    // local re-parse that checks it must stay linear in the region it looks at (it once
    // re-scanned the chain for each deleted element: 21 s per candidate at this length).
    use reducer_core::testing::session;
    use reducer_core::EditSet;
    static LANG_JS: JavaScript = JavaScript;
    let links = 32_000;
    let src = format!(
        "var a = {{}};\nvar r = a{};\nconsole.log(r);\n",
        ".b".repeat(links)
    );
    fn oracle(t: &str) -> bool {
        t.contains("console.log(r)") && t.matches(".b").count() >= 20_000
    }
    let mut s = session(&LANG_JS, &src, oracle, 1);
    let started = Instant::now();
    // The chain's elements: the node with the most children.
    let chain = s
        .tree
        .bfs()
        .into_iter()
        .max_by_key(|&n| s.tree.children(n).count())
        .unwrap();
    let elements: Vec<_> = s
        .tree
        .children(chain)
        .filter(|&c| s.tree.print_node(c, &EditSet::new()) == ".b")
        .collect();
    assert!(elements.len() >= links, "{} elements", elements.len());
    for round in 0..5 {
        // A run of 2,000 links, then every other link of the next 4,000.
        let at = round * 6_000;
        let run = EditSet::deleting(elements[at..at + 2_000].iter().copied());
        let spread = EditSet::deleting(elements[at + 2_000..at + 6_000].iter().copied().step_by(2));
        for edits in [run, spread] {
            let before = s.text().matches(".b").count();
            let wanted = before - 2_000 >= 20_000;
            assert_eq!(s.try_edits(edits), wanted, "round {round}, {before} links");
            let out = s.text();
            assert!(oracle(&out) && LANG_JS.parse(&out).is_ok());
            let after = if wanted { before - 2_000 } else { before };
            assert_eq!(out.matches(".b").count(), after);
        }
    }
    let stats = &s.stats;
    assert!(stats.local_checks > 0, "no local check ran: {stats:?}");
    // A generous bound: well under a second when linear, minutes when not.
    assert!(
        started.elapsed() < Duration::from_secs(60),
        "took {:?} with {} local checks and {} full parses",
        started.elapsed(),
        stats.local_checks,
        stats.full_parses
    );
}
