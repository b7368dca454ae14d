//! Subtree replacement (Vulcan's, and SFC's smaller-structure replacement, which generalises
//! C-Reduce's `parens-to-zero` and `callexpr-to-value`): a node becomes a smaller text that
//! may stand in its slot: the shortest text of its own rule or of any rule compatible with
//! the slot (from the build-time tables: `uint8_t` in a declaration becomes `int`, a call
//! `f(x, y)` becomes `0`), or the text of a smaller compatible subtree found elsewhere in the
//! program. Heaviest nodes first; per node at most [`TRIES_PER_NODE`] shortest rule texts and
//! as many subtrees from elsewhere, smallest first.

use super::{by_sites, node_text, print_replacing};
use crate::algo::AlgoOptions;
use crate::session::{Session, View};
use crate::tree::{NodeId, RuleId};
use std::collections::HashMap;

/// How many replacement texts are tried per node.
const TRIES_PER_NODE: usize = 3;
/// How many of the smallest distinct subtree texts of each rule are kept as replacements.
const POOL_PER_RULE: usize = 3;

/// One pass; returns whether anything changed.
pub fn pass(s: &mut Session<'_>, o: &AlgoOptions) -> bool {
    let (rename, literals) = (o.transform.rename, o.transform.literals);
    by_sites(s, &|v| sites(v, rename, literals), &|v, (n, t)| {
        Some(print_replacing(v.tree, [(*n, t.as_str())]))
    })
}

/// A candidate text with its size (tokens, bytes).
type Sized = ((u32, usize), String);

/// The smallest distinct texts of the subtrees of each rule.
fn pool(v: &View<'_>, nodes: &[NodeId]) -> HashMap<RuleId, Vec<Sized>> {
    let tree = v.tree;
    let counter = tree.token_counter();
    let mut pool: HashMap<RuleId, Vec<Sized>> = HashMap::new();
    for &m in nodes {
        let text = node_text(tree, m).trim().to_string();
        if text.is_empty() {
            continue;
        }
        let size = (counter.count(&text), text.len());
        let entry = pool.entry(tree.rule(m)).or_default();
        if entry.iter().any(|(_, t)| *t == text) {
            continue;
        }
        entry.push((size, text));
        entry.sort();
        entry.truncate(POOL_PER_RULE);
    }
    pool
}

/// Every (node, replacement text) to try, heaviest nodes first.
fn sites(v: &View<'_>, rename: bool, literals: bool) -> Vec<(NodeId, String)> {
    let tree = v.tree;
    let tables = v.tables();
    let counter = tree.token_counter();
    let mut nodes = tree.bfs();
    nodes.retain(|&n| n != tree.root() && tree.weight(n) > 0);
    let pool = pool(v, &nodes);
    nodes.sort_by_key(|&n| std::cmp::Reverse(tree.weight(n)));
    let rules = tables.rules.len() as RuleId;
    let mut list = Vec::new();
    for n in nodes {
        let rule = tree.rule(n);
        let info = tables.rule(rule);
        if info.token && !rename && tables.is_identifier(rule) {
            continue;
        }
        if info.token && !literals && !tables.is_identifier(rule) {
            continue;
        }
        let slot = tree.slot_rule(n);
        let own = node_text(tree, n).trim().to_string();
        let size = (counter.count(&own), own.len());
        let mut shortest: Vec<Sized> = Vec::new();
        let mut found: Vec<Sized> = Vec::new();
        for r in (0..rules).filter(|&r| tables.compatible(slot, r)) {
            if let Some(min) = tables.rule(r).min_text {
                shortest.push(((counter.count(min), min.len()), min.to_string()));
            }
            if let Some(texts) = pool.get(&r) {
                found.extend(texts.iter().cloned());
            }
        }
        // The rules' shortest texts and the subtrees found elsewhere each get their tries.
        for mut texts in [shortest, found] {
            texts.retain(|((t, b), text)| {
                *t <= size.0 && *b <= size.1 && (*t, *b) != size && *text != own
            });
            texts.sort();
            texts.dedup_by(|a, b| a.1 == b.1);
            list.extend(
                texts
                    .into_iter()
                    .filter(|(_, t)| v.lang.parse_prefix(slot, t) == Ok(t.len()))
                    .take(TRIES_PER_NODE)
                    .map(|(_, t)| (n, t)),
            );
        }
    }
    list
}
