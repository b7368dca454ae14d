//! The names of a program, for the transformations that rename or eliminate them: each name
//! with the nodes that spell it ([`Names`]), the words a fresh name must avoid, and the
//! shortest fresh name a slot accepts.

use super::node_text;
use crate::engine::session::View;
use crate::syntax::tree::{NodeId, RuleId, Tree};
use std::collections::{HashMap, HashSet};

/// The identifiers of the program: each name with the nodes that spell it, in the order of
/// first occurrence. A name that occurs inside a kept region is left out: it is never
/// renamed anywhere, nor used in place of another, so the kept text means what it meant.
#[derive(Clone, Debug, Default)]
pub(crate) struct Names {
    /// Each name with its occurrences, in the order of first occurrence.
    pub list: Vec<(String, Vec<NodeId>)>,
}

impl Names {
    /// The identifier nodes of `view`'s tree grouped by name.
    pub(crate) fn of(view: &View<'_>) -> Names {
        let tables = view.tables();
        let tree = view.tree;
        let mut nodes: Vec<NodeId> = tree
            .bfs()
            .into_iter()
            .filter(|&n| tables.is_identifier(tree.rule(n)))
            .collect();
        nodes.sort_unstable();
        let mut index: HashMap<String, usize> = HashMap::new();
        let mut list: Vec<(String, Vec<NodeId>)> = Vec::new();
        let mut kept: HashSet<String> = HashSet::new();
        for n in nodes {
            let name = node_text(tree, n);
            let name = name.trim().to_string();
            if view.protected(n) {
                kept.insert(name.clone());
            }
            match index.get(&name) {
                Some(&i) => list[i].1.push(n),
                None => {
                    index.insert(name.clone(), list.len());
                    list.push((name, vec![n]));
                }
            }
        }
        list.retain(|(name, _)| !kept.contains(name));
        Names { list }
    }
}

/// Each occurrence of `names` (a [`Names::list`], in any order) with its name's index there.
pub(crate) fn name_index(names: &[(String, Vec<NodeId>)]) -> HashMap<NodeId, usize> {
    names
        .iter()
        .enumerate()
        .flat_map(|(i, (_, nodes))| nodes.iter().map(move |&n| (n, i)))
        .collect()
}

/// The rules of `nodes` (each distinct rule once).
pub(crate) fn rules_of(tree: &Tree, nodes: &[NodeId]) -> Vec<RuleId> {
    let mut rules: Vec<RuleId> = nodes.iter().map(|&n| tree.rule(n)).collect();
    rules.sort_unstable();
    rules.dedup();
    rules
}

/// Whether `text` is a whole token of each of `rules`.
pub(crate) fn accepted_by(view: &View<'_>, rules: &[RuleId], text: &str) -> bool {
    rules
        .iter()
        .all(|&r| view.lang.parse_prefix(r, text) == Ok(text.len()))
}

/// Every word of `text` (runs of letters, digits, `_` and `$`): a fresh name must be none
/// of them, so that it cannot capture a keyword, a macro or a name in a comment.
pub(crate) fn used_words(text: &str) -> HashSet<String> {
    text.split(|c: char| !crate::syntax::tokens::is_word_char(c))
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// The names in shortlex order: `a` … `z`, `aa`, `ab`, …
pub(crate) fn shortlex_names() -> impl Iterator<Item = String> {
    (1..=3usize).flat_map(|len| {
        let count = 26usize.pow(len as u32);
        (0..count).map(move |mut i| {
            let mut s = vec![b'a'; len];
            for k in (0..len).rev() {
                s[k] = b'a' + (i % 26) as u8;
                i /= 26;
            }
            String::from_utf8(s).expect("ascii")
        })
    })
}

/// The shortest name (shortlex) that is not in `used`, is shorter than `than`, and is a
/// whole token of each of `rules`.
pub(crate) fn fresh_name(
    view: &View<'_>,
    rules: &[RuleId],
    used: &HashSet<String>,
    than: usize,
) -> Option<String> {
    shortlex_names()
        .take_while(|n| n.len() < than)
        .find(|n| !used.contains(n) && accepted_by(view, rules, n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shortlex_names_start_with_single_letters() {
        let names: Vec<String> = shortlex_names().take(28).collect();
        assert_eq!(names[0], "a");
        assert_eq!(names[25], "z");
        assert_eq!(names[26], "aa");
        assert_eq!(names[27], "ab");
    }

    #[test]
    fn words_split_on_punctuation() {
        let w = used_words("int a_1 = b+c; // $d");
        for x in ["int", "a_1", "b", "c", "$d"] {
            assert!(w.contains(x), "{x}");
        }
        assert_eq!(w.len(), 5);
    }
}
