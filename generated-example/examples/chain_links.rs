//! How many nodes of a parsed input are chain links: a node whose only child has the same
//! span, so that it has no text of its own (C's expression precedence levels, from
//! `assignment_expression` down to `primary_expression`, give about fifteen per operand).
//! A measurement for the tree's memory (docs/benchmarks.md, "Parsing big inputs").
//!
//! `cargo run --release -p generated-example --example chain_links -- FILE...` (the language
//! is chosen by the file's extension).

use generated_example::{Cpp, Go, Java, JavaScript, Json, Lua, Python, Rust, C};
use reducer_core::{Derivation, Language};
use std::collections::HashMap;

fn main() -> Result<(), String> {
    let languages: [&dyn Language; 9] = [
        &C,
        &Cpp,
        &JavaScript,
        &Json,
        &Java,
        &Go,
        &Lua,
        &Rust,
        &Python,
    ];
    for path in std::env::args().skip(1) {
        let ext = path.rsplit('.').next().unwrap_or_default();
        let lang = languages
            .iter()
            .find(|l| l.extensions().contains(&ext))
            .ok_or(format!("{path}: no grammar for .{ext}"))?;
        let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
        let tree = lang.parse(&text).map_err(|e| format!("{path}:{e}"))?;
        let rules = lang.tables().rules;
        let (mut links, mut not_regular) = (0usize, 0usize);
        let mut by_rule: HashMap<&str, usize> = HashMap::new();
        let nodes = tree.bfs();
        for &n in &nodes {
            let mut children = tree.children(n);
            if let (Some(only), None) = (children.next(), children.next()) {
                if tree.source_span(only) == tree.source_span(n) {
                    links += 1;
                    not_regular += usize::from(tree.derivation(n) != Derivation::Regular);
                    *by_rule
                        .entry(rules[tree.rule(n) as usize].name)
                        .or_default() += 1;
                }
            }
        }
        println!(
            "{path}: {} nodes, {links} chain links ({:.1} %), {not_regular} of them list elements or optional bodies",
            nodes.len(),
            100.0 * links as f64 / nodes.len().max(1) as f64,
        );
        let mut by_rule: Vec<_> = by_rule.into_iter().collect();
        by_rule.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        for (rule, n) in by_rule.iter().take(10) {
            println!("  {rule}: {n}");
        }
    }
    Ok(())
}
