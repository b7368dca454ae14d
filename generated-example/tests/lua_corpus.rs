//! The Lua grammar against Lua's own parser, `luac5.4 -p` (Debian package `lua5.4`): Nmap's
//! scripts and libraries (Debian package `nmap-common`: `/usr/share/nmap/scripts/*.nse` and
//! `/usr/share/nmap/nselib/**/*.lua`) must parse and print back byte for byte, mutants of
//! them that luac rejects must be rejected, and hand-written snippets of every construct must
//! get luac's verdict. Each test skips with a message when luac or the corpus is missing.

mod common;

use common::Rng;
use generated_example::Lua;
use reducer_core::Language;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

const NMAP: &str = "/usr/share/nmap";
const LUAC: &str = "luac5.4";

fn have_luac() -> bool {
    // `luac -v` prints its version and exits 0.
    Command::new(LUAC)
        .arg("-v")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// True when `luac5.4 -p` accepts the file.
fn luac_accepts(path: &Path) -> bool {
    Command::new(LUAC)
        .arg("-p")
        .arg(path)
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The files ending in `.ext` below `dir` (recursively), sorted.
fn files(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            files(&p, ext, out);
        } else if p.extension().is_some_and(|x| x == ext) {
            out.push(p);
        }
    }
}

/// Nmap's scripts and libraries that luac accepts, with their text (UTF-8 files only), or
/// `None` with a message when luac or the corpus is missing.
fn corpus() -> Option<Vec<(PathBuf, String)>> {
    if !have_luac() {
        eprintln!("skipped: {LUAC} is not installed (Debian package lua5.4)");
        return None;
    }
    let mut paths = Vec::new();
    files(&Path::new(NMAP).join("scripts"), "nse", &mut paths);
    files(&Path::new(NMAP).join("nselib"), "lua", &mut paths);
    paths.sort();
    if paths.is_empty() {
        eprintln!("skipped: no Lua files under {NMAP} (Debian package nmap-common)");
        return None;
    }
    let total = paths.len();
    let valid: Vec<(PathBuf, String)> = paths
        .into_iter()
        .filter(|p| luac_accepts(p))
        .filter_map(|p| std::fs::read_to_string(&p).ok().map(|t| (p, t)))
        .collect();
    eprintln!(
        "{total} files under {NMAP}, {} accepted by {LUAC} -p (UTF-8)",
        valid.len()
    );
    Some(valid)
}

#[test]
fn nmap_scripts_parse_and_print_back() {
    let Some(valid) = corpus() else {
        return;
    };
    let start = Instant::now();
    let mut bytes = 0;
    let mut failures = Vec::new();
    for (path, text) in &valid {
        bytes += text.len();
        match Lua.parse(text) {
            Ok(tree) if tree.text() == *text => {}
            Ok(_) => failures.push(format!("{}: prints back differently", path.display())),
            Err(e) => failures.push(format!("{}:{e}", path.display())),
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let parsed = valid.len() - failures.len();
    eprintln!(
        "{parsed} of {} parse and print back ({bytes} bytes in {secs:.2} s, {:.2} MB/s); failures:\n{}",
        valid.len(),
        bytes as f64 / 1e6 / secs,
        failures.join("\n")
    );
    assert!(
        parsed * 100 >= valid.len() * 99,
        "{} of {} failed:\n{}",
        failures.len(),
        valid.len(),
        failures.join("\n")
    );
}

/// `text` split into tokens: runs of name characters, runs of white space, single other
/// characters (so a mutant can cut a string or a long bracket in two).
fn tokens(text: &str) -> Vec<&str> {
    let kind = |c: char| {
        if c.is_ascii_alphanumeric() || c == '_' {
            0
        } else if c.is_whitespace() {
            1
        } else {
            2
        }
    };
    let mut out = Vec::new();
    let mut start = 0;
    let mut prev = None;
    for (i, c) in text.char_indices() {
        let k = kind(c);
        if i > start && (k == 2 || prev != Some(k)) {
            out.push(&text[start..i]);
            start = i;
        }
        prev = Some(k);
    }
    if start < text.len() {
        out.push(&text[start..]);
    }
    out
}

/// A broken copy of `text`: a token or a line deleted, a token inserted (an unbalanced
/// bracket, a keyword, an operator), or two neighbouring tokens swapped.
fn mutant(r: &mut Rng, text: &str) -> String {
    const INSERTS: [&str; 20] = [
        "(", ")", "{", "}", "[", "]", "end", "do", "then", "=", ",", ".", ":", "\"", "local",
        "function", "..", "return", "if", "::",
    ];
    let toks = tokens(text);
    let solid: Vec<usize> = (0..toks.len())
        .filter(|&i| !toks[i].trim().is_empty())
        .collect();
    let mut out: Vec<String> = toks.iter().map(|t| t.to_string()).collect();
    match r.below(4) {
        0 => out[*r.pick(&solid)].clear(),
        1 => {
            let mut lines: Vec<&str> = text.split('\n').collect();
            lines.remove(r.below(lines.len()));
            return lines.join("\n");
        }
        2 => {
            let i = *r.pick(&solid);
            out[i] = format!("{} {} ", out[i], r.pick(&INSERTS));
        }
        _ => {
            let i = r.below(solid.len() - 1);
            out.swap(solid[i], solid[i + 1]);
        }
    }
    out.concat()
}

#[test]
fn mutants_are_rejected_like_luac_does() {
    let Some(valid) = corpus() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let mut r = Rng::new(24);
    let (mut luac_ok, mut agree_ok, mut luac_bad, mut agree_bad) = (0, 0, 0, 0);
    let mut disagreements = Vec::new();
    // Every third file, three mutants each.
    for (n, (path, text)) in valid.iter().step_by(3).enumerate() {
        for k in 0..3 {
            let m = mutant(&mut r, text);
            if m == *text {
                continue;
            }
            let file = dir.path().join(format!("m{n}_{k}.lua"));
            std::fs::write(&file, &m).unwrap();
            let (luac, ours) = (luac_accepts(&file), Lua.accepts(&m));
            if luac {
                luac_ok += 1;
                agree_ok += usize::from(ours);
            } else {
                luac_bad += 1;
                agree_bad += usize::from(!ours);
            }
            if luac != ours {
                disagreements.push(format!(
                    "{} mutant {k}: luac {luac}, grammar {ours}",
                    path.display()
                ));
            }
        }
    }
    eprintln!(
        "mutants luac accepts: {agree_ok} of {luac_ok} accepted; luac rejects: {agree_bad} of \
         {luac_bad} rejected; disagreements:\n{}",
        disagreements.join("\n")
    );
    assert!(luac_bad > 100 && luac_ok > 100, "too few mutants");
    assert!(
        agree_bad * 100 >= luac_bad * 95,
        "{}",
        disagreements.join("\n")
    );
    assert!(
        agree_ok * 100 >= luac_ok * 99,
        "{}",
        disagreements.join("\n")
    );
}

/// Snippets of every construct and of the usual mistakes. luac rejects these three, which a
/// context-free grammar accepts: they are checked after parsing (`break` outside a loop, a
/// `goto` without a visible label, `...` outside a vararg function).
const SNIPPETS: &[&str] = &[
    "local x <const> = 5",
    "local x <const>= 5",
    "local x<close> = nil",
    "local x <foo> = 5",
    "local a, b <const>, c = 1",
    "x = 0x1p4 + 0x.8P-1 + 3e10 + .5 + 5. + 0xA.8 + 0x1e+1 + 1E-2",
    "x = 3..2",
    "x = 3 .. 2",
    "x = 1e",
    "x = 0x",
    "x = 12abc",
    "x = a...b",
    "x = a .. .5",
    "x = \"\\z   \n  \\n\\x41\\65\\255\\u{7FFFFFFF}\\u{0000000041}\"",
    "x = \"\\256\"",
    "x = \"\\u{80000000}\"",
    "x = \"\\u{}\"",
    "x = \"\\x4\"",
    "x = \"\\q\"",
    "x = 'a\\\nb'",
    "x = 'a\nb'",
    "x = [==[ a ]] ]=] ]==]",
    "x = [==[ a ]=]",
    "x = [[\nfirst line break skipped]]",
    "--[==[ comment ]] ]==] x = 1",
    "--[==[ unfinished",
    "--[=x line comment",
    "#!/usr/bin/lua\nprint(1)",
    "print(1)\n#!/usr/bin/lua",
    "goto l ::l::",
    "::l:: goto l",
    "f() ::l::",
    "a.b:c\"x\"{y}[[z]]",
    "(a) = 1",
    "(a).b = 1",
    "(f)()",
    "a() = 1",
    "a",
    "a.b",
    "a, b.c, d[1] = 1, 2, 3",
    "a, b() = 1",
    "a.b.c = 1",
    "a = = 1",
    "a == 1",
    "return",
    "return 1;",
    "return 1 x = 2",
    "do return end",
    "return return",
    "x = -2^-3^2",
    "x = not a == b",
    "x = a // b % c ~ d & e | f << g >> h",
    "x = ~a ~ ~b",
    "x = a ~= b",
    "x = a < < b",
    "x = 1 + + 2",
    "x = #t",
    "x = a::b",
    "f{a=1, [2]=3, 4; 5,}",
    "f{,}",
    "f{a==1}",
    "f{[[s]]}",
    "local function f(a, b, ...) return ... end",
    "function a.b.c:d(...) end",
    "function a:b.c() end",
    "function f(..., a) end",
    "for i = 1, 10, 2 do end",
    "for k, v in pairs(t) do break end",
    "for k in a, b, c do end",
    "for i = 1 do end",
    "for a.b = 1, 2 do end",
    "repeat local x = 1 until x",
    "if a then elseif b then else end",
    "if a then else elseif b then end",
    "while true do end",
    "x = function() end",
    "x = a.b.c.d:e(f)(g)[h]",
    "local a, b = 1",
    "local a.b = 1",
    ";;;",
    "x = 1 y = 2",
    "local t = {} t[1] = 1 t.x = t",
    "f\n(g)()",
];

/// Accepted here although luac rejects them (see `SNIPPETS`).
const KNOWN_GAPS: &[&str] = &["break", "goto nowhere", "function f() return ... end"];

#[test]
fn snippets_get_the_verdict_of_luac() {
    if !have_luac() {
        eprintln!("skipped: {LUAC} is not installed (Debian package lua5.4)");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mut wrong = Vec::new();
    for (i, s) in SNIPPETS.iter().chain(KNOWN_GAPS).enumerate() {
        let file = dir.path().join(format!("s{i}.lua"));
        std::fs::write(&file, s).unwrap();
        let luac = luac_accepts(&file);
        let ours = Lua.parse(s).map(|t| assert_eq!(t.text(), *s)).is_ok();
        let expected = luac || KNOWN_GAPS.contains(s);
        if ours != expected {
            wrong.push(format!("{s:?}: luac {luac}, grammar {ours}"));
        }
        if KNOWN_GAPS.contains(s) {
            assert!(!luac, "{s:?} is no longer a gap");
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn minimal_texts_are_the_natural_ones() {
    let tables = Lua.tables();
    let min = |name: &str| {
        let id = Lua::rule_id(name).unwrap_or_else(|| panic!("no rule {name}"));
        tables.rule(id).min_text
    };
    for level in [
        "expression",
        "and_expression",
        "comparison",
        "concatenation",
        "unary",
        "power",
        "simple_expression",
        "field",
    ] {
        assert_eq!(min(level), Some("0"), "{level}");
    }
    assert_eq!(min("block"), Some(""));
    assert_eq!(min("chunk"), Some(""));
    assert_eq!(min("statement"), Some(";"));
    assert_eq!(min("expression_statement"), Some("a()"));
    assert_eq!(min("function_body"), Some("()end"));
    assert_eq!(min("table"), Some("{}"));
    assert_eq!(min("string"), Some("\"\""));
    assert_eq!(min("if_statement"), Some("if 0 then end"));
    assert!(
        Lua::GRAMMAR_WARNINGS.is_empty(),
        "{:?}",
        Lua::GRAMMAR_WARNINGS
    );
}

#[test]
fn deep_nesting_ends_in_a_tree_or_an_error() {
    for (open, close) in [
        ("(", ")"),
        ("{", "}"),
        ("f(", ")"),
        ("function() return ", " end"),
        ("-", ""),
        ("2^", ""),
    ] {
        for depth in [100, 3_000] {
            let text = format!("x = {}1{}", open.repeat(depth), close.repeat(depth));
            if let Ok(tree) = Lua.parse(&text) {
                assert_eq!(tree.text(), text);
            }
            // Unclosed: an error, never a crash.
            assert!(
                Lua.parse(&format!("x = {}1", open.repeat(depth))).is_err() || close.is_empty()
            );
        }
    }
}
