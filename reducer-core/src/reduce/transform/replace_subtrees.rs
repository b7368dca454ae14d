//! Subtree replacement (Vulcan's, and SFC's smaller-structure replacement, which generalises
//! C-Reduce's `parens-to-zero` and `callexpr-to-value`): a node becomes a smaller text that
//! may stand in its slot: the shortest text of its own rule or of any rule compatible with
//! the slot (from the build-time tables: `uint8_t` in a declaration becomes `int`, a call
//! `f(x, y)` becomes `0`), or the text of a smaller compatible subtree found elsewhere in the
//! program. Subtrees that occur more than once are first replaced all at once; then every
//! node alone, heaviest first; per node the `TRIES_PER_NODE` shortest rule texts and
//! as many subtrees from elsewhere, smallest first.

use super::{by_sites, node_text, replacing};
use crate::engine::session::{Session, View};
use crate::reduce::AlgoOptions;
use crate::syntax::tree::{NodeId, RuleId};
use std::collections::HashMap;

/// How many replacement texts are tried per node.
const TRIES_PER_NODE: usize = 1;
/// How many of the smallest distinct subtree texts of each rule are kept as replacements.
const POOL_PER_RULE: usize = 3;

/// One pass; returns whether anything changed.
pub fn pass(s: &mut Session<'_>, o: &AlgoOptions) -> bool {
    let (rename, literals) = (o.transform.rename, o.transform.literals);
    by_sites(s, &o.transform, &|v| sites(v, rename, literals), &|_,
                                                                 (
        nodes,
        t,
    )| {
        Some(replacing(nodes.iter().map(|&n| (n, t.as_str()))))
    })
}

/// A candidate text with its size (tokens, bytes).
type Sized = ((u32, usize), String);

/// The smallest distinct texts of the subtrees of each rule (`texts`: each node's text).
fn pool(v: &View<'_>, texts: &[(NodeId, String)]) -> HashMap<RuleId, Vec<Sized>> {
    let tree = v.tree;
    let counter = tree.token_counter();
    let mut pool: HashMap<RuleId, Vec<Sized>> = HashMap::new();
    for (m, text) in texts {
        if text.is_empty() {
            continue;
        }
        let entry = pool.entry(tree.rule(*m)).or_default();
        if entry.iter().any(|(_, t)| t == text) {
            continue;
        }
        entry.push(((counter.count(text), text.len()), text.clone()));
        entry.sort();
        entry.truncate(POOL_PER_RULE);
    }
    pool
}

/// Every (nodes, replacement text) to try: first the subtrees that occur more than once,
/// all copies at once (`struct S` in two declarations that are assigned to each other must
/// change together), heaviest first; then every node alone, heaviest first.
fn sites(v: &View<'_>, rename: bool, literals: bool) -> Vec<(Vec<NodeId>, String)> {
    let tree = v.tree;
    let tables = v.tables();
    let mut nodes = tree.bfs();
    nodes.retain(|&n| {
        let rule = tree.rule(n);
        let info = tables.rule(rule);
        let identifier = tables.is_identifier(rule);
        n != tree.root()
            && tree.weight(n) > 0
            && !(info.token && identifier && !rename)
            && !(info.token && !identifier && !literals)
    });
    // Each node printed once, in tree order (the pool keeps the first of equal texts).
    let texts: Vec<(NodeId, String)> = nodes
        .iter()
        .map(|&n| (n, node_text(tree, n).trim().to_string()))
        .collect();
    let pool = pool(v, &texts);
    // Nodes with the same slot and text form a group and share their replacements.
    let mut groups: Vec<(Vec<NodeId>, Vec<String>)> = Vec::new();
    let mut group_of: HashMap<NodeId, usize> = HashMap::new();
    let mut index: HashMap<(RuleId, &str), usize> = HashMap::new();
    let mut by_weight: Vec<&(NodeId, String)> = texts.iter().collect();
    by_weight.sort_by_key(|(n, _)| std::cmp::Reverse(tree.weight(*n)));
    for (n, own) in &by_weight {
        let slot = tree.slot_rule(*n);
        let i = *index.entry((slot, own.as_str())).or_insert_with(|| {
            groups.push((Vec::new(), replacements(v, &pool, slot, own)));
            groups.len() - 1
        });
        groups[i].0.push(*n);
        group_of.insert(*n, i);
    }
    let mut list = Vec::new();
    for (members, replacements) in &groups {
        // Copies inside one another (a subtree that contains its own text) stay apart.
        let apart = members.iter().all(|&a| {
            members
                .iter()
                .all(|&b| a == b || !tree.is_ancestor_or_self(a, b))
        });
        if members.len() > 1 && apart {
            list.extend(replacements.iter().map(|t| (members.clone(), t.clone())));
        }
    }
    for (n, _) in by_weight {
        let (_, replacements) = &groups[group_of[n]];
        list.extend(replacements.iter().map(|t| (vec![*n], t.clone())));
    }
    list
}

/// The texts that may replace `own` in a slot of rule `slot`: the shortest texts of the
/// rules compatible with the slot and the smallest subtrees of those rules found in the
/// program, at most [`TRIES_PER_NODE`] of each kind, each smaller than `own` and a whole
/// derivation of the slot's rule.
fn replacements(
    v: &View<'_>,
    pool: &HashMap<RuleId, Vec<Sized>>,
    slot: RuleId,
    own: &str,
) -> Vec<String> {
    let tables = v.tables();
    let counter = v.tree.token_counter();
    let size = (counter.count(own), own.len());
    let mut shortest: Vec<Sized> = Vec::new();
    let mut found: Vec<Sized> = Vec::new();
    for r in (0..tables.rules.len() as RuleId).filter(|&r| tables.compatible(slot, r)) {
        if let Some(min) = tables.rule(r).min_text {
            shortest.push(((counter.count(min), min.len()), min.to_string()));
        }
        if let Some(texts) = pool.get(&r) {
            found.extend(texts.iter().cloned());
        }
    }
    let mut out = Vec::new();
    for mut texts in [shortest, found] {
        texts.retain(|((t, b), text)| {
            *t <= size.0 && *b <= size.1 && (*t, *b) != size && text != own
        });
        texts.sort();
        texts.dedup_by(|a, b| a.1 == b.1);
        out.extend(
            texts
                .into_iter()
                .filter(|(_, t)| v.lang.parse_prefix(slot, t) == Ok(t.len()))
                .take(TRIES_PER_NODE)
                .map(|(_, t)| t),
        );
    }
    out
}
