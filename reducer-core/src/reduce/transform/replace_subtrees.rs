//! Subtree replacement (Vulcan's, and SFC's smaller-structure replacement, which generalises
//! C-Reduce's `parens-to-zero` and `callexpr-to-value`): a node becomes a smaller text that
//! may stand in its slot: the shortest text of its own rule or of any rule compatible with
//! the slot (from the build-time tables: `uint8_t` in a declaration becomes `int`, a call
//! `f(x, y)` becomes `0`), a text the grammar declares for such a rule
//! ([`Tables::stand_ins`]: SMT-LIB's `true` for a term), or the text of a smaller compatible
//! subtree found elsewhere in the program. Subtrees that occur more than once are first
//! replaced all at once, after the elements of each plain `*` list have become one declared
//! text (a WebAssembly function body becomes `unreachable`, valid whatever its result type);
//! then every node alone, heaviest first; per node the `TRIES_PER_NODE` shortest rule texts,
//! the declared texts shorter than the node and as many subtrees from elsewhere, smallest
//! first.
//!
//! [`Tables::stand_ins`]: crate::syntax::language::Tables::stand_ins

use super::{by_sites, node_text, Change};
use crate::engine::session::{Session, View};
use crate::reduce::AlgoOptions;
use crate::syntax::tree::{Derivation, EditSet, NodeId, RuleId};
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

/// How many replacement texts are tried per node.
const TRIES_PER_NODE: usize = 1;
/// How many of the smallest distinct subtree texts of each rule are kept as replacements.
const POOL_PER_RULE: usize = 3;

/// One pass; returns whether anything changed.
pub fn pass(s: &mut Session<'_>, o: &AlgoOptions) -> bool {
    let (rename, literals) = (o.transform.rename, o.transform.literals);
    by_sites(
        s,
        &o.transform,
        &|v| sites(v, rename, literals),
        &|_, site: &Site| {
            let mut edits = EditSet::new();
            let text: Arc<str> = Arc::from(site.text.as_str());
            for (k, &n) in site.nodes.iter().enumerate() {
                if site.collapse && k > 0 {
                    edits.delete(n);
                } else {
                    edits.replace(n, text.clone());
                }
            }
            Some(Change::Edits(edits))
        },
    )
}

/// A candidate: `nodes` each replaced by `text`, or with `collapse` the first replaced and
/// the others (the rest of its list) deleted.
struct Site {
    nodes: Vec<NodeId>,
    text: String,
    collapse: bool,
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

/// Every candidate to try: first the `*` lists that may become one declared text
/// ([`collapses`]: few, and each removes a whole body); then the subtrees that occur more
/// than once, all copies at once (`struct S` in two declarations that are assigned to each
/// other must change together), heaviest first; then every node alone, heaviest first.
fn sites(v: &View<'_>, rename: bool, literals: bool) -> Vec<Site> {
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
    let mut list = collapses(v, &nodes);
    for (members, replacements) in &groups {
        // Copies inside one another (a subtree that contains its own text) stay apart.
        let apart = members.iter().all(|&a| {
            members
                .iter()
                .all(|&b| a == b || !tree.is_ancestor_or_self(a, b))
        });
        if members.len() > 1 && apart {
            list.extend(replacements.iter().map(|t| Site {
                nodes: members.clone(),
                text: t.clone(),
                collapse: false,
            }));
        }
    }
    for (n, _) in by_weight {
        let (_, replacements) = &groups[group_of[n]];
        list.extend(replacements.iter().map(|t| Site {
            nodes: vec![*n],
            text: t.clone(),
            collapse: false,
        }));
    }
    list
}

/// The plain `*` lists (two or more elements of one slot under one node, `nodes` holding the
/// first) whose elements may become one text the grammar declares for their slot: the
/// first declared text that parses there and is smaller than the list, heaviest lists first.
/// A `+` list is left to deletion and single replacements (it keeps an element, and SMT-LIB's
/// arguments are `+` lists of any sort: `(bvadd true)` would cost a query per application).
fn collapses(v: &View<'_>, nodes: &[NodeId]) -> Vec<Site> {
    let tree = v.tree;
    let tables = v.tables();
    if tables.stand_ins.is_empty() {
        return Vec::new();
    }
    let mut runs: Vec<(u32, Site)> = Vec::new();
    let mut seen: HashSet<(NodeId, RuleId)> = HashSet::new();
    for &n in nodes {
        if tree.derivation(n) != Derivation::Star {
            continue;
        }
        let (Some(parent), slot) = (tree.parent(n), tree.slot_rule(n)) else {
            continue;
        };
        if tables.separated(slot).is_some() || !seen.insert((parent, slot)) {
            continue;
        }
        let elements: Vec<NodeId> = tree
            .children(parent)
            .filter(|&c| tree.slot_rule(c) == slot && tree.derivation(c) == Derivation::Star)
            .collect();
        if elements.len() < 2 || elements.iter().any(|&e| v.protected(e)) {
            continue;
        }
        let bytes: usize = elements
            .iter()
            .map(|&e| node_text(tree, e).trim().len())
            .sum();
        let text = tables
            .stand_ins_for(slot)
            .find(|t| t.len() < bytes && v.lang.parse_prefix(slot, t) == Ok(t.len()));
        if let Some(text) = text {
            let weight = elements.iter().map(|&e| tree.weight(e)).sum();
            runs.push((
                weight,
                Site {
                    nodes: elements,
                    text: text.to_string(),
                    collapse: true,
                },
            ));
        }
    }
    runs.sort_by_key(|(w, _)| std::cmp::Reverse(*w));
    runs.into_iter().map(|(_, site)| site).collect()
}

/// The texts that may replace `own` in a slot of rule `slot`: the shortest texts of the
/// rules compatible with the slot and the smallest subtrees of those rules found in the
/// program, at most [`TRIES_PER_NODE`] of each kind, and between them the texts declared for
/// those rules with fewer bytes than `own`; each smaller than `own` and a whole derivation of
/// the slot's rule.
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
    // Declared texts: fewer bytes, not only fewer tokens (WebAssembly's `local.get 0` stays).
    let declared: Vec<Sized> = tables
        .stand_ins_for(slot)
        .filter(|t| t.len() < own.len())
        .map(|t| ((counter.count(t), t.len()), t.to_string()))
        .collect();
    let tries = [TRIES_PER_NODE, declared.len(), TRIES_PER_NODE];
    let mut out = Vec::new();
    for (mut texts, tries) in [shortest, declared, found].into_iter().zip(tries) {
        texts.retain(|((t, b), text)| {
            *t <= size.0 && *b <= size.1 && (*t, *b) != size && text != own
        });
        texts.sort();
        texts.dedup_by(|a, b| a.1 == b.1);
        let fitting = texts
            .into_iter()
            .filter(|(_, t)| v.lang.parse_prefix(slot, t) == Ok(t.len()))
            .take(tries);
        for (_, t) in fitting {
            if !out.contains(&t) {
                out.push(t);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::language::{Language, ParseError, Tables};
    use crate::syntax::tree::Tree;
    use crate::testing::{rule, Toy};
    use std::sync::OnceLock;

    /// Toy with declared stand-ins: `g();` for a statement, `7` for a number.
    struct Declared;

    impl Language for Declared {
        fn name(&self) -> &'static str {
            "declared"
        }
        fn extensions(&self) -> &'static [&'static str] {
            &[]
        }
        fn tables(&self) -> &'static Tables {
            static TABLES: OnceLock<Tables> = OnceLock::new();
            TABLES.get_or_init(|| {
                let t = Toy.tables();
                Tables {
                    stand_ins: &[(rule::STMT, "g();"), (rule::NUMBER, "7")],
                    ..*t
                }
            })
        }
        fn start_rule(&self) -> RuleId {
            Toy.start_rule()
        }
        fn normalized_grammar(&self) -> &'static str {
            ""
        }
        fn parse(&self, text: &str) -> Result<Tree, ParseError> {
            Toy.parse(text)
        }
        fn parse_prefix(&self, rule: RuleId, text: &str) -> Result<usize, ParseError> {
            Toy.parse_prefix(rule, text)
        }
    }

    /// The candidates of `sites` on `src` for `lang`, printed with single spaces.
    fn candidates(lang: &dyn Language, src: &str) -> Vec<String> {
        let tree = lang.parse(src).unwrap();
        let v = View {
            tree: &tree,
            lang,
            kept: &[],
            refusals: &crate::engine::refusals::Refusals::default(),
        };
        sites(&v, true, true)
            .iter()
            .map(|site| {
                let mut edits = EditSet::new();
                for (k, &n) in site.nodes.iter().enumerate() {
                    if site.collapse && k > 0 {
                        edits.delete(n);
                    } else {
                        edits.replace(n, Arc::from(site.text.as_str()));
                    }
                }
                tree.print(&edits)
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    }

    #[test]
    fn a_list_becomes_one_declared_text_and_a_node_a_shorter_one() {
        let src = "{ f(1); h(2345); }";
        let plain = candidates(&Toy, src);
        let declared = candidates(&Declared, src);
        // The block's two statements become `g();` at once, before any single node; a
        // number of four digits becomes `7` too, after the shortest number `0`.
        assert_eq!(declared[0], "{ g(); }");
        assert!(!plain.iter().any(|c| c.contains("g()")), "{plain:?}");
        let of_number: Vec<&String> = declared
            .iter()
            .filter(|c| c.starts_with("{ f(1); h(") && c.len() < src.len())
            .collect();
        assert!(of_number.iter().any(|c| c.as_str() == "{ f(1); h(0); }"));
        assert!(of_number.iter().any(|c| c.as_str() == "{ f(1); h(7); }"));
        // Declared texts only add candidates: the others come in the same order.
        let mut rest = declared.iter();
        assert!(
            plain.iter().all(|c| rest.any(|d| d == c)),
            "{plain:?}\n{declared:?}"
        );
    }

    #[test]
    fn a_declared_text_is_shorter_than_what_it_replaces() {
        // Two statements of five bytes: the list becomes `g();`, and each statement alone
        // too (four bytes). A statement of four bytes alone keeps its text.
        let c = candidates(&Declared, "f(1); h(2);");
        assert_eq!(c[0], "g();");
        assert!(c.contains(&"g(); h(2);".to_string()), "{c:?}");
        let c = candidates(&Declared, "f();");
        assert!(!c.iter().any(|t| t.contains("g()")), "{c:?}");
    }
}
