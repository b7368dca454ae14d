//! GTR's corpus-based filtering (Herfert, Patra and Pradel, ASE 2017, Sect. 4.2): what the
//! example inputs of a language say about its trees.
//!
//! Every file of a folder (and its subfolders) is parsed with the session's language; files
//! that do not parse or are not UTF-8 are skipped. On the GTR view of each tree (see
//! [`super`]: chains of wrapper nodes as one node, labels, edge labels, contexts):
//! - `mandatory_edges(L)`: the edge labels present on *every* node labelled L in the corpus;
//! - `contexts(L)`: every (parent label, edge label) under which a node labelled L occurs,
//!   and "root" for the labels of the corpus trees' roots.
//!
//! The corpus is learned once, before the reduction starts ([`Corpus::from_dir`]), and handed
//! to GTR in its options ([`GtrFilter::Corpus`](crate::reduce::GtrFilter::Corpus)).

use super::{self as gtr, Context, Edge, Label};
use crate::syntax::language::Language;
use crate::syntax::tree::Tree;
use rustc_hash::{FxHashMap, FxHashSet};
use std::io;
use std::path::{Path, PathBuf};

/// What a corpus taught about a language's trees.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Corpus {
    /// The folder it was learned from (empty for a corpus built by hand).
    pub dir: PathBuf,
    mandatory: FxHashMap<Label, FxHashSet<Edge>>,
    contexts: FxHashMap<Label, FxHashSet<Context>>,
    /// Files that parsed and were learned from.
    pub files: usize,
    /// Files that were skipped (unreadable, not UTF-8, or not parsing).
    pub skipped: usize,
}

impl Corpus {
    /// An empty corpus (forbids every substitution, allows every deletion).
    pub fn new() -> Self {
        Self::default()
    }

    /// Learns from one example tree.
    pub fn add(&mut self, tree: &Tree) {
        let mut stack = vec![tree.root()];
        while let Some(top) = stack.pop() {
            let label = gtr::label(tree, top);
            self.contexts
                .entry(label)
                .or_default()
                .insert(gtr::context(tree, top));
            let children = gtr::children(tree, top);
            let edges: FxHashSet<Edge> = children
                .iter()
                .filter_map(|&c| gtr::edge(tree, c))
                .collect();
            // mandatory_edges(L) = ⋂ edges(n) over the nodes n labelled L.
            self.mandatory
                .entry(label)
                .and_modify(|m| m.retain(|e| edges.contains(e)))
                .or_insert(edges);
            stack.extend(children);
        }
        self.files += 1;
    }

    /// Learns from every file below `dir` that parses as `lang`.
    pub fn from_dir(lang: &dyn Language, dir: &Path) -> io::Result<Corpus> {
        let mut corpus = Corpus {
            dir: dir.to_path_buf(),
            ..Corpus::new()
        };
        for path in files_below(dir)? {
            let tree = std::fs::read_to_string(&path)
                .ok()
                .and_then(|text| lang.parse(&text).ok());
            match tree {
                Some(tree) => corpus.add(&tree),
                None => corpus.skipped += 1,
            }
        }
        Ok(corpus)
    }

    /// Whether edge `e` is mandatory for nodes labelled `parent` (Alg. 3 line 3). Labels the
    /// corpus never saw have no mandatory edges.
    pub fn is_mandatory(&self, parent: Label, e: Edge) -> bool {
        self.mandatory.get(&parent).is_some_and(|m| m.contains(&e))
    }

    /// Whether a node labelled `label` was seen in `context` (the specialised Alg. 2 line 5).
    pub fn allows(&self, label: Label, context: Context) -> bool {
        self.contexts
            .get(&label)
            .is_some_and(|c| c.contains(&context))
    }

    /// Number of distinct (label, context) pairs learned (the paper's Fig. 5 measure).
    pub fn context_count(&self) -> usize {
        self.contexts.values().map(|c| c.len()).sum()
    }
}

/// Every file below `dir`, in a fixed (sorted) order.
fn files_below(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(d) = dirs.pop() {
        for entry in std::fs::read_dir(&d)? {
            let path = entry?.path();
            if path.is_dir() {
                dirs.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files.sort();
    Ok(files)
}
