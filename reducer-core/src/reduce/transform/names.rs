//! The names of a program, for the transformations that rename or eliminate them: each name
//! with the nodes that spell it ([`Names`]), the words a fresh name must avoid, the
//! shortest fresh name a slot accepts, which occurrences bind their name ([`binds`]: those
//! no name-free text may replace, [`StandIns`]), and so which names the text declares
//! ([`declared`]).

use super::node_text;
use crate::engine::session::View;
use crate::syntax::tree::{NodeId, RuleId, Tree};
use std::cell::RefCell;
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

/// The shortest text free of names that may stand in a slot of each rule (memoised).
pub(crate) struct StandIns<'v> {
    view: &'v View<'v>,
    memo: RefCell<HashMap<RuleId, Option<&'static str>>>,
}

impl<'v> StandIns<'v> {
    pub(crate) fn new(view: &'v View<'v>) -> Self {
        StandIns {
            view,
            memo: RefCell::new(HashMap::new()),
        }
    }

    /// The shortest text (bytes, then tokens) among the shortest texts of the rules
    /// compatible with `slot` that parses as `slot` and holds no name.
    pub(crate) fn of(&self, slot: RuleId) -> Option<&'static str> {
        if let Some(&t) = self.memo.borrow().get(&slot) {
            return t;
        }
        let v = self.view;
        let tables = v.tables();
        let mut texts: Vec<&'static str> = (0..tables.rules.len() as RuleId)
            .filter(|&r| tables.compatible(slot, r))
            .filter_map(|r| tables.rule(r).min_text)
            .collect();
        texts.sort_by_key(|t| (t.len(), *t));
        texts.dedup();
        let found = texts
            .into_iter()
            .find(|t| v.lang.parse_prefix(slot, t) == Ok(t.len()) && !names_in(v, t));
        self.memo.borrow_mut().insert(slot, found);
        found
    }
}

/// Whether `text` holds a word that is a name (an identifier rule accepts it whole).
pub(crate) fn names_in(v: &View<'_>, text: &str) -> bool {
    let identifiers = v.tables().identifiers;
    used_words(text).iter().any(|w| {
        identifiers
            .iter()
            .any(|&r| accepted_by(v, std::slice::from_ref(&r), w))
    })
}

/// The nodes that print exactly what `occurrence` prints: it and its ancestors with the
/// same text, lowest first.
fn narrow_chain(v: &View<'_>, occurrence: NodeId) -> Vec<NodeId> {
    let tree = v.tree;
    let own = node_text(tree, occurrence).trim().to_string();
    let mut chain = vec![occurrence];
    let mut n = occurrence;
    while let Some(p) = tree.parent(n) {
        if p == tree.root() || node_text(tree, p).trim() != own {
            break;
        }
        chain.push(p);
        n = p;
    }
    chain
}

/// Whether the occurrence binds its name: no node of its narrow chain has a stand-in.
pub(crate) fn binds(v: &View<'_>, stand_ins: &StandIns<'_>, occurrence: NodeId) -> bool {
    narrow_chain(v, occurrence)
        .iter()
        .all(|&n| stand_ins.of(v.tree.slot_rule(n)).is_none())
}

/// Whether the text declares the name of `occurrences` (all of them): one binds it
/// ([`binds`]) and another uses it, as a definition and its uses do (those eliminate
/// definitions removes). A name that is only used (a library function, a type of a system
/// header) or only stands where nothing but a name may (an operator at the head of an
/// application, a built-in of the language) comes from outside the text.
pub(crate) fn declared(v: &View<'_>, stand_ins: &StandIns<'_>, occurrences: &[NodeId]) -> bool {
    let binding = occurrences
        .iter()
        .filter(|&&n| binds(v, stand_ins, n))
        .count();
    binding > 0 && binding < occurrences.len()
}

/// The element that goes with the binding `occurrence`: its outermost ancestor that may be
/// deleted, below the first ancestor that `keeps` tells must stay (one that holds a binding
/// of another name: `typedef int a;` as a whole, `, k` of `int i, j, k;`).
pub(super) fn element_of(
    v: &View<'_>,
    occurrence: NodeId,
    keeps: &dyn Fn(NodeId) -> bool,
) -> Option<NodeId> {
    let tree = v.tree;
    let mut found = None;
    let mut n = tree.parent(occurrence)?;
    while n != tree.root() {
        if keeps(n) {
            break;
        }
        if v.is_nullable(n) {
            found = Some(n);
        }
        n = tree.parent(n)?;
    }
    found
}

/// Whether `node` or a node below it is one that `is` tells.
pub(super) fn holds(v: &View<'_>, node: NodeId, is: &dyn Fn(NodeId) -> bool) -> bool {
    let mut stack = vec![node];
    while let Some(n) = stack.pop() {
        if is(n) {
            return true;
        }
        stack.extend(v.tree.children(n));
    }
    false
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
    fn a_name_is_declared_when_one_occurrence_binds_it_and_another_uses_it() {
        use crate::testing::Toy;
        use crate::Language;
        let tree = Toy.parse("var x = 1; f(x); g(y); var z;").unwrap();
        let v = View {
            tree: &tree,
            lang: &Toy,
            kept: &[],
            refusals: &crate::engine::refusals::Refusals::default(),
        };
        let stand_ins = StandIns::new(&v);
        let names = Names::of(&v).list;
        let declared: Vec<&str> = names
            .iter()
            .filter(|(_, nodes)| declared(&v, &stand_ins, nodes))
            .map(|(name, _)| name.as_str())
            .collect();
        // `f` and `g` only stand at the head of a call, `y` is only used, `z` only bound.
        assert_eq!(declared, ["x"]);
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
