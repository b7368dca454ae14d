//! No import circles: the modules of each folder form a tree, not a web.
//!
//! - Everywhere in the workspace (the engine, the grammar generator, the macros, the
//!   benchmark runner, the reducers' crate): at each folder level, the child modules (a
//!   file `x.rs` or a folder `x/`) are the nodes, and a path from code under one child that
//!   lands in another (`use super::x::…`, `crate::a::b::…`, `x::f()`) is an edge. No circle
//!   may close, whatever the depth (`engine/session.rs` naming `syntax_check` while
//!   `syntax_check.rs` names `session` was one). The folder's own `mod.rs` is the facade that
//!   re-exports its children, so it is not a node there.
//! - `src/cli/` more strictly: `cli/mod.rs` is the node `cli`, and a path that names an item
//!   of `cli/mod.rs` itself (`super::Exit`) is an edge to it; `mod.rs` imports `run`, so such
//!   a path closes a circle too: shared types live in their own modules, re-exported by
//!   `mod.rs`.
//!
//! The check reads the source text (comments and string contents left out). Test code is
//! not part of the layers: a test may use any module.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The node of `cli/mod.rs`.
const ROOT: &str = "cli";

/// Every `.rs` file under `dir`, recursively.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("read a source folder") {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module path of `file` inside `root` (`cli/file_set/schedule.rs` → `[file_set,
/// schedule]`, `cli/args/mod.rs` → `[args]`, `cli/mod.rs` → `[]`; a crate root's `lib.rs`
/// or `main.rs` → `[]`).
fn module_path(root: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(root).expect("file under its root");
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().expect("a file name");
    let stem = last.trim_end_matches(".rs");
    let crate_root = parts.is_empty() && matches!(stem, "lib" | "main");
    if stem != "mod" && !crate_root {
        parts.push(stem.to_string());
    }
    parts
}

/// `text` without comments (line and block) and without the contents of string literals, so
/// that neither doc links nor messages count as imports.
fn code_only(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        if b[i..].starts_with(b"//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b[i..].starts_with(b"/*") {
            let mut depth = 0usize;
            while i < b.len() {
                if b[i..].starts_with(b"/*") {
                    depth += 1;
                    i += 2;
                } else if b[i..].starts_with(b"*/") {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if b[i] == b'"' {
            // A string (raw strings in this code hold no quotes); escapes are skipped.
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if b[i] == b'\'' && i + 2 < b.len() && (b[i + 2] == b'\'' || b[i + 1] == b'\\') {
            // A char literal such as '"' or '\n' (not a lifetime).
            let end = b[i + 1..]
                .iter()
                .skip(1)
                .position(|&c| c == b'\'')
                .map_or(b.len(), |p| i + 2 + p + 1);
            i = end;
            out.push_str("' '");
        } else {
            let c = text[i..].chars().next().expect("a char");
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

/// The tokens of `code` that matter for paths: identifiers, `::`, `{`, `}`, `,`, `*`, and
/// `mod` blocks' braces. Everything else becomes a separator `;`.
fn tokens(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let cs: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < cs.len() {
        let c = cs[i];
        if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < cs.len() && (cs[i].is_alphanumeric() || cs[i] == '_') {
                i += 1;
            }
            out.push(cs[start..i].iter().collect());
            continue;
        }
        if c == ':' && cs.get(i + 1) == Some(&':') {
            out.push("::".into());
            i += 2;
            continue;
        }
        if "{},*".contains(c) {
            out.push(c.to_string());
        } else if !c.is_whitespace() {
            out.push(";".into());
        }
        i += 1;
    }
    out
}

/// The absolute module paths (inside `cli`) that the path starting at `toks[at]` names,
/// with `base` the module `super` is taken from. A brace group yields one path per member.
fn paths_at(toks: &[String], mut at: usize, base: &[String]) -> Vec<Vec<String>> {
    let mut prefix: Vec<String> = base.to_vec();
    // Leading `super::`s.
    while toks.get(at).map(String::as_str) == Some("super")
        && toks.get(at + 1).map(String::as_str) == Some("::")
    {
        if prefix.pop().is_none() {
            return Vec::new(); // above `cli`: not ours
        }
        at += 2;
    }
    let mut found = Vec::new();
    walk(toks, at, prefix, &mut found);
    found
}

/// Follows `a::b::{c, d::e}` from `toks[at]`, pushing each complete path onto `found`.
fn walk(toks: &[String], mut at: usize, mut path: Vec<String>, found: &mut Vec<Vec<String>>) {
    loop {
        match toks.get(at).map(String::as_str) {
            Some("{") => {
                // Members up to the matching brace, split at top-level commas.
                let mut depth = 0;
                let mut start = at + 1;
                let mut j = at;
                while j < toks.len() {
                    match toks[j].as_str() {
                        "{" => depth += 1,
                        "}" => {
                            depth -= 1;
                            if depth == 0 {
                                walk(toks, start, path.clone(), found);
                                return;
                            }
                        }
                        "," if depth == 1 => {
                            walk(toks, start, path.clone(), found);
                            start = j + 1;
                        }
                        _ => {}
                    }
                    j += 1;
                }
                return;
            }
            Some(t) if t != "::" && t != "," && t != "}" && t != ";" => {
                if t != "self" && t != "*" {
                    path.push(t.to_string());
                }
                if toks.get(at + 1).map(String::as_str) == Some("::") {
                    at += 2;
                } else {
                    found.push(path);
                    return;
                }
            }
            _ => {
                found.push(path);
                return;
            }
        }
    }
}

/// The node an absolute path inside `cli` belongs to: its first segment if that is one of
/// `cli`'s modules, else `cli` itself (an item of `mod.rs`).
fn node_of(path: &[String], modules: &BTreeSet<String>) -> String {
    match path.first() {
        Some(first) if modules.contains(first) => first.clone(),
        _ => ROOT.to_string(),
    }
}

/// The edges between `cli`'s nodes: `from` → the set of nodes it names.
fn edges(cli: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    rust_files(cli, &mut files);
    files.sort();
    let modules: BTreeSet<String> = files
        .iter()
        .filter_map(|f| module_path(cli, f).first().cloned())
        .collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in &files {
        let module = module_path(cli, file);
        let from = module.first().cloned().unwrap_or_else(|| ROOT.to_string());
        let text = fs::read_to_string(file).expect("read a source file");
        let toks = tokens(&code_only(&text));
        // Inline `mod name {` blocks (tests) sit one level deeper: track them by braces.
        let mut inline: Vec<(String, usize)> = Vec::new();
        let mut depth = 0usize;
        for (i, t) in toks.iter().enumerate() {
            match t.as_str() {
                "{" => {
                    depth += 1;
                    if i >= 2 && toks[i - 2] == "mod" {
                        inline.push((toks[i - 1].clone(), depth));
                    }
                }
                "}" => {
                    if inline.last().is_some_and(|(_, d)| *d == depth) {
                        inline.pop();
                    }
                    depth = depth.saturating_sub(1);
                }
                _ => {}
            }
            let follows_path = i > 0 && toks[i - 1] == "::";
            if follows_path || toks.get(i + 1).map(String::as_str) != Some("::") {
                continue;
            }
            let mut base = module.clone();
            base.extend(inline.iter().map(|(name, _)| name.clone()));
            let named = match t.as_str() {
                "super" => paths_at(&toks, i, &base),
                // (`pub(in crate::cli)` names no module: it is a visibility.)
                "crate"
                    if toks.get(i + 2).map(String::as_str) == Some("cli")
                        && toks.get(i + 3).map(String::as_str) == Some("::") =>
                {
                    paths_at(&toks, i + 4, &[])
                }
                // `mod.rs` names its own modules without `super`.
                name if module.is_empty() && inline.is_empty() && modules.contains(name) => {
                    vec![vec![name.to_string()]]
                }
                _ => Vec::new(),
            };
            for path in named {
                let to = node_of(&path, &modules);
                if to != from {
                    graph.entry(from.clone()).or_default().insert(to);
                }
            }
        }
        graph.entry(from).or_default();
    }
    graph
}

/// A circle in `graph`, as the list of nodes along it, if there is one.
fn find_circle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Open,
        Done,
    }
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        marks: &mut BTreeMap<String, Mark>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        match marks.get(node) {
            Some(Mark::Done) => return None,
            Some(Mark::Open) => {
                let start = stack.iter().position(|n| n == node).expect("on the stack");
                let mut circle = stack[start..].to_vec();
                circle.push(node.to_string());
                return Some(circle);
            }
            None => {}
        }
        marks.insert(node.to_string(), Mark::Open);
        stack.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(c) = visit(next, graph, marks, stack) {
                return Some(c);
            }
        }
        stack.pop();
        marks.insert(node.to_string(), Mark::Done);
        None
    }
    let mut marks = BTreeMap::new();
    for node in graph.keys() {
        if let Some(c) = visit(node, graph, &mut marks, &mut Vec::new()) {
            return Some(c);
        }
    }
    None
}

/// The modules of a crate (its `src/`, binaries under `src/bin/` left out) and, per file,
/// the absolute module paths its code names.
struct CrateModules {
    modules: BTreeSet<Vec<String>>,
    /// Per file: its module path and the paths it names.
    named: Vec<(Vec<String>, Vec<Vec<String>>)>,
}

/// Reads the crate whose sources are in `src`. Test code is left out: tests may use any
/// module (a `#[cfg(test)] mod tests { … }` block, or a file declared `#[cfg(test)] mod x;`).
fn crate_modules(src: &Path) -> CrateModules {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    files.retain(|f| !f.starts_with(src.join("bin")));
    files.sort();
    let mut modules: BTreeSet<Vec<String>> = files.iter().map(|f| module_path(src, f)).collect();
    // Every ancestor of a module is a module.
    for m in modules.clone() {
        for k in 0..m.len() {
            modules.insert(m[..k].to_vec());
        }
    }
    let code: Vec<(Vec<String>, Vec<String>)> = files
        .iter()
        .map(|file| {
            let text = fs::read_to_string(file).expect("read a source file");
            (module_path(src, file), tokens(&code_only(&text)))
        })
        .collect();
    let mut test_only = BTreeSet::new();
    for (module, toks) in &code {
        for name in test_modules(toks) {
            let mut m = module.clone();
            m.push(name);
            test_only.insert(m);
        }
    }
    let named = code
        .iter()
        .filter(|(module, _)| !test_only.iter().any(|t| module.starts_with(t)))
        .map(|(module, toks)| {
            let toks = without_test_blocks(toks);
            (module.clone(), named_paths(&toks, module, &modules))
        })
        .collect();
    CrateModules { modules, named }
}

/// Whether the item at `toks[at]` is under `#[cfg(test)]` (the tokens `cfg ; test ; ;` just
/// before it, `#[` and `]` being separators).
fn under_cfg_test(toks: &[String], at: usize) -> bool {
    let mut k = at;
    while k > 0 && toks[k - 1] == ";" {
        k -= 1;
    }
    k >= 3 && toks[k - 1] == "test" && toks[k - 2] == ";" && toks[k - 3] == "cfg"
}

/// The names of the modules `toks` declares as test code in files of their own
/// (`#[cfg(test)] mod x;`).
fn test_modules(toks: &[String]) -> Vec<String> {
    (0..toks.len().saturating_sub(2))
        .filter(|&i| toks[i] == "mod" && toks[i + 2] == ";" && under_cfg_test(toks, i))
        .map(|i| toks[i + 1].clone())
        .collect()
}

/// `toks` without the blocks of inline test modules (`#[cfg(test)] mod x { … }`).
fn without_test_blocks(toks: &[String]) -> Vec<String> {
    let mut out = Vec::with_capacity(toks.len());
    let mut i = 0;
    while i < toks.len() {
        let opens = toks[i] == "mod" && toks.get(i + 2).is_some_and(|t| t == "{");
        if !(opens && under_cfg_test(toks, i)) {
            out.push(toks[i].clone());
            i += 1;
            continue;
        }
        let mut depth = 0usize;
        i += 2;
        while i < toks.len() {
            match toks[i].as_str() {
                "{" => depth += 1,
                "}" => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                _ => {}
            }
            i += 1;
        }
        i += 1;
    }
    out
}

/// The absolute paths the code `toks` of module `module` names: `crate::…`, `super::…`,
/// `self::…`, and `child::…` for a child module of `module`.
fn named_paths(
    toks: &[String],
    module: &[String],
    modules: &BTreeSet<Vec<String>>,
) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        let follows_path = i > 0 && toks[i - 1] == "::";
        if follows_path || toks.get(i + 1).map(String::as_str) != Some("::") {
            continue;
        }
        let mut child = module.to_vec();
        child.push(t.clone());
        match t.as_str() {
            "crate" => walk(toks, i + 2, Vec::new(), &mut found),
            "super" => found.extend(paths_at(toks, i, module)),
            "self" => walk(toks, i + 2, module.to_vec(), &mut found),
            _ if modules.contains(&child) => walk(toks, i, module.to_vec(), &mut found),
            _ => {}
        }
    }
    found
}

/// The edges between the child modules of `parent`: from a child, every other child that code
/// under it names.
fn sibling_edges(c: &CrateModules, parent: &[String]) -> BTreeMap<String, BTreeSet<String>> {
    let child_of = |path: &[String]| -> Option<String> {
        let name = path.get(parent.len())?;
        let mut child = parent.to_vec();
        child.push(name.clone());
        (path.starts_with(parent) && c.modules.contains(&child)).then(|| name.clone())
    };
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (module, paths) in &c.named {
        let Some(from) = child_of(module) else {
            continue;
        };
        let to = graph.entry(from.clone()).or_default();
        for path in paths {
            match child_of(path) {
                Some(other) if other != from => {
                    to.insert(other);
                }
                _ => {}
            }
        }
    }
    graph
}

/// The first circle among siblings anywhere in the crate at `src`: the folder and the
/// circle.
fn crate_circle(src: &Path) -> Option<(Vec<String>, Vec<String>)> {
    let c = crate_modules(src);
    c.modules.iter().find_map(|parent| {
        let circle = find_circle(&sibling_edges(&c, parent))?;
        Some((parent.clone(), circle))
    })
}

/// Every crate of the workspace, by its `src/` folder.
fn workspace_crates() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    [
        "reducer-core",
        "reducer-grammar",
        "reducer-macros",
        "generated-example",
        "bench",
    ]
    .iter()
    .map(|c| root.join(c).join("src"))
    .collect()
}

#[test]
fn no_folder_of_the_workspace_has_an_import_circle() {
    if std::env::var_os("LAYERS_PRINT").is_some() {
        for src in workspace_crates() {
            let c = crate_modules(&src);
            for parent in &c.modules {
                if let Some(circle) = find_circle(&sibling_edges(&c, parent)) {
                    println!(
                        "{} {}/: {}",
                        src.display(),
                        parent.join("/"),
                        circle.join(" → ")
                    );
                }
            }
        }
    }
    for src in workspace_crates() {
        if let Some((folder, circle)) = crate_circle(&src) {
            panic!(
                "{}: the modules of {}/ import each other in a circle: {}",
                src.display(),
                folder.join("/"),
                circle.join(" → ")
            );
        }
    }
}

#[test]
fn the_workspace_check_sees_deep_imports() {
    let core = crate_modules(&workspace_crates()[0]);
    let top = sibling_edges(&core, &[]);
    // `reduce/` builds on the engine, and the engine on the syntax trees.
    assert!(top["reduce"].contains("engine"), "{top:#?}");
    assert!(top["engine"].contains("syntax"), "{top:#?}");
    let engine = sibling_edges(&core, &["engine".to_string()]);
    assert!(engine["session"].contains("syntax_check"), "{engine:#?}");
    let command: Vec<String> = ["engine", "oracle", "command"].map(String::from).to_vec();
    let command = sibling_edges(&core, &command);
    assert!(command["wait"].contains("live"), "{command:#?}");
}

#[test]
fn a_circle_between_two_deep_files_is_found() {
    let dir = std::env::temp_dir().join(format!("layers-{}", std::process::id()));
    let src = dir.join("src");
    fs::create_dir_all(src.join("engine")).unwrap();
    fs::write(src.join("engine/mod.rs"), "mod a;\nmod b;\npub use a::A;\n").unwrap();
    fs::write(
        src.join("engine/a.rs"),
        "use crate::engine::b::B;\npub struct A;\n",
    )
    .unwrap();
    fs::write(src.join("engine/b.rs"), "pub struct B(super::a::A);\n").unwrap();
    // Test code may name any module: neither an inline test module nor a test file counts.
    fs::create_dir_all(src.join("reduce")).unwrap();
    fs::write(
        src.join("reduce.rs"),
        "#[cfg(test)]\nmod tests { use crate::engine::A; }\n",
    )
    .unwrap();
    fs::write(
        src.join("lib.rs"),
        "pub mod engine;\npub mod reduce;\n#[cfg(test)]\nmod checks;\n",
    )
    .unwrap();
    fs::write(src.join("checks.rs"), "use crate::reduce;\n").unwrap();
    let found = crate_circle(&src);
    let top = sibling_edges(&crate_modules(&src), &[]);
    fs::remove_dir_all(&dir).unwrap();
    assert!(top["reduce"].is_empty(), "{top:#?}");
    assert!(!top.contains_key("checks"), "{top:#?}");
    let (folder, circle) = found.expect("a → b → a");
    assert_eq!(folder, vec!["engine".to_string()]);
    assert_eq!(circle.first(), circle.last());
}

fn cli_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/cli")
}

#[test]
fn cli_modules_import_each_other_in_no_circle() {
    let graph = edges(&cli_dir());
    if std::env::var_os("CLI_LAYERS_PRINT").is_some() {
        println!("{graph:#?}");
    }
    if let Some(circle) = find_circle(&graph) {
        panic!(
            "src/cli/ has an import circle: {}\n(every edge: {graph:#?})",
            circle.join(" → ")
        );
    }
}

#[test]
fn the_check_sees_the_imports_it_must_see() {
    let graph = edges(&cli_dir());
    // `mod.rs` starts the run; the run reads the command line.
    assert!(graph[ROOT].contains("run"), "{graph:#?}");
    assert!(graph["run"].contains("args"), "{graph:#?}");
    // A multi-line brace group (`use super::output::{…}`) and a nested module's
    // `super::super::` both count.
    assert!(graph["single"].contains("output"), "{graph:#?}");
    assert!(graph["file_set"].contains("stages"), "{graph:#?}");
}

#[test]
fn a_circle_is_found_when_there_is_one() {
    let dir = std::env::temp_dir().join(format!("cli-layers-{}", std::process::id()));
    let cli = dir.join("cli");
    fs::create_dir_all(cli.join("b")).unwrap();
    fs::write(
        cli.join("mod.rs"),
        "mod a;\nmod b;\npub fn main() { a::go() }\n",
    )
    .unwrap();
    // `a` names `b` and `c` in a brace group; `b`'s submodule names `a` with
    // `super::super`; a doc comment and a string that mention `super::main` are not imports.
    fs::write(
        cli.join("a.rs"),
        "//! see [`super::main`]\nuse super::{b::{x, y}, c::z};\npub fn go() { let _ = \"super::main\"; }\npub(in crate::cli) struct S;\n",
    )
    .unwrap();
    fs::write(cli.join("b/mod.rs"), "mod deep;\npub fn x() {}\n").unwrap();
    fs::write(cli.join("b/deep.rs"), "use super::super::a::go;\n").unwrap();
    fs::write(cli.join("c.rs"), "pub fn z() {}\n").unwrap();
    let graph = edges(&cli);
    let circle = find_circle(&graph);
    fs::remove_dir_all(&dir).unwrap();
    let expected = BTreeSet::from(["b".to_string(), "c".to_string()]);
    assert_eq!(graph["a"], expected, "{graph:#?}");
    let circle = circle.expect("a → b → a is a circle");
    assert!(circle.contains(&"a".to_string()) && circle.contains(&"b".to_string()));
    assert_eq!(circle.first(), circle.last());
}
