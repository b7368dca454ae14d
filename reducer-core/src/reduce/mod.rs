//! The reduction layer: the algorithms, all on the same [`Session`].
//!
//! [`list`] holds the list reducers (ddmin family), generic over the element type; the tree
//! algorithms come one family per file ([`hdd`], [`hoist`], [`gtr`], [`perses`], [`pardis`],
//! [`text`]) and the transformations beyond deletion live in [`transform`]. This file is the
//! registry: a new algorithm is a file here plus an entry in [`ALGORITHMS`] and [`run`].
//!
//! Each family exposes one-pass functions; [`run`] looks an algorithm up by name and runs it
//! (to a fixpoint unless it is a one-pass variant or [`AlgoOptions::one_pass`] is set).

pub mod gtr;
pub mod hdd;
pub mod hoist;
pub mod list;
pub mod nodes;
pub mod pardis;
pub mod perses;
pub mod text;
pub mod transform;

use crate::engine::session::Session;
use crate::engine::stats::PassStats;
use crate::reduce::list::DdOptions;
use std::fmt;
use std::sync::Arc;

/// How GTR filters its candidate transformations.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum GtrFilter {
    /// Delete only nullable nodes, substitute only compatible descendants (grammar tables).
    #[default]
    Grammar,
    /// Mandatory edges and allowed contexts learned from the example inputs in a folder
    /// (GTR Sect. 4.2, [`gtr::corpus::Corpus::from_dir`]).
    Corpus(Arc<gtr::corpus::Corpus>),
    /// Try every deletion and every child substitution; the syntax check filters.
    Unfiltered,
}

/// Options shared by the tree algorithms.
#[derive(Clone, Debug)]
pub struct AlgoOptions {
    /// Run one pass instead of repeating to a fixpoint.
    pub one_pass: bool,
    /// Options of the list reducer used on node lists (ddmin's split factor etc.).
    pub dd: DdOptions,
    /// How deep Perses and hoisting look for a replacement below a node (0 = unbounded),
    /// counting only the levels where the token weight drops ([`View::hoist_candidates`]).
    ///
    /// [`View::hoist_candidates`]: crate::engine::session::View::hoist_candidates
    pub hoist_depth: usize,
    /// Pardis' nullability pruning (Sect. 3.2).
    pub nullability_pruning: bool,
    /// GTR's candidate filter.
    pub gtr_filter: GtrFilter,
    /// What the transformations beyond deletion may change.
    pub transform: transform::TransformOptions,
}

impl Default for AlgoOptions {
    fn default() -> Self {
        AlgoOptions {
            one_pass: false,
            dd: DdOptions::default(),
            hoist_depth: 4,
            nullability_pruning: true,
            gtr_filter: GtrFilter::Grammar,
            transform: transform::TransformOptions::default(),
        }
    }
}

/// One selectable algorithm.
#[derive(Clone, Copy, Debug)]
pub struct AlgorithmInfo {
    /// The name used on the command line.
    pub name: &'static str,
    /// One line saying what it does.
    pub summary: &'static str,
}

/// The algorithm used when none is asked for.
pub const DEFAULT_ALGORITHM: &str = "pardis-hybrid+hoist+transform";

/// Every algorithm [`run`] knows, with one line each.
pub const ALGORITHMS: &[AlgorithmInfo] = &[
    AlgorithmInfo {
        name: "pardis-hybrid+hoist+transform",
        summary: "default: pardis-hybrid+hoist, then each transformation below but enumerate-windows, each followed by pardis-hybrid+hoist again, until a whole round changes nothing",
    },
    AlgorithmInfo {
        name: "pardis-hybrid+hoist",
        summary: "pardis-hybrid, then hoisting, repeated until neither changes anything; then blank lines go",
    },
    AlgorithmInfo {
        name: "replace-identifiers",
        summary: "Vulcan: replace every use of a name by a shorter name of the program, rarest names first",
    },
    AlgorithmInfo {
        name: "canonicalize",
        summary: "T-Rec: rename each name to the shortest unused one, shrink literals to their rule's shortest text",
    },
    AlgorithmInfo {
        name: "replace-subtrees",
        summary: "Vulcan/SFC: replace a node by the shortest text of a rule compatible with its slot, or a smaller compatible subtree",
    },
    AlgorithmInfo {
        name: "splice-lists",
        summary: "replace a list element by the elements of a list of the same kind inside it ({ a; b; } becomes a; b;)",
    },
    AlgorithmInfo {
        name: "token-windows",
        summary: "delete runs of 8 down to 1 consecutive tokens across node boundaries, each candidate parsed in full",
    },
    AlgorithmInfo {
        name: "enumerate-windows",
        summary: "Vulcan: in windows of 4 siblings, try every deletion of two or more of them",
    },
    AlgorithmInfo {
        name: "pardis",
        summary: "Pardis Alg. 1: max-heap by token weight, delete the heaviest nullable node first",
    },
    AlgorithmInfo {
        name: "pardis-hybrid",
        summary: "Pardis Alg. 2: nodes of equal weight and parent minimised together with opdd",
    },
    AlgorithmInfo {
        name: "perses",
        summary: "Perses: worklist by token weight; ddmin on lists, drop optionals, replace by compatible descendants",
    },
    AlgorithmInfo {
        name: "perses-n",
        summary: "Perses removing one list element at a time",
    },
    AlgorithmInfo {
        name: "hdd",
        summary: "HDD: ddmin over the nodes of each level, root to leaves, one pass",
    },
    AlgorithmInfo {
        name: "hdd*",
        summary: "HDD repeated to a fixpoint",
    },
    AlgorithmInfo {
        name: "hoist",
        summary: "hoisting: replace nodes by compatible descendants χ(n), level by level, one pass",
    },
    AlgorithmInfo {
        name: "hddh",
        summary: "HDDH: ddmin and hoisting interlaced on each level, one pass",
    },
    AlgorithmInfo {
        name: "hoist*+hdd*",
        summary: "hoisting to a fixpoint, then HDD to a fixpoint, repeated",
    },
    AlgorithmInfo {
        name: "hoist*+hddh*",
        summary: "hoisting to a fixpoint, then HDDH to a fixpoint, repeated",
    },
    AlgorithmInfo {
        name: "gtr",
        summary: "GTR: per level, the delete template via DD and substitute-by-child by backtracking, one pass",
    },
    AlgorithmInfo {
        name: "gtr*",
        summary: "GTR repeated to a fixpoint",
    },
    AlgorithmInfo {
        name: "ddmin-lines",
        summary: "plain ddmin on lines, no grammar (baseline)",
    },
    AlgorithmInfo {
        name: "ddmin-tokens",
        summary: "plain ddmin on the tree's tokens, no grammar structure (baseline)",
    },
];

/// An algorithm name [`run`] does not know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownAlgorithm(pub String);

impl fmt::Display for UnknownAlgorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown algorithm '{}' (see --list-algorithms)", self.0)
    }
}

impl std::error::Error for UnknownAlgorithm {}

/// Whether `name` is a known algorithm.
pub fn is_known(name: &str) -> bool {
    ALGORITHMS.iter().any(|a| a.name == name)
}

/// Runs the algorithm `name` on the session.
pub fn run(name: &str, s: &mut Session<'_>, o: &AlgoOptions) -> Result<(), UnknownAlgorithm> {
    let fix = !o.one_pass;
    if let Some(transform) = transform_named(name) {
        repeat(s, fix, |s| transform(s, o));
        return Ok(());
    }
    match name {
        "pardis-hybrid+hoist+transform" => {
            staged(s, "deletion", |s| deletion_fixpoint(s, o));
            // Rounds of transformations until one changes nothing (the deletion stage has
            // reached its fixpoint after each of them already).
            repeat(s, fix, |s| {
                let mut changed = false;
                for &name in DEFAULT_TRANSFORMS {
                    let transform = transform_named(name).expect("a known transformation");
                    if s.stopped() {
                        break;
                    }
                    if staged(s, name, |s| transform(s, o)) {
                        changed = true;
                        staged(s, "deletion", |s| deletion_fixpoint(s, o));
                    }
                }
                changed
            });
            if !s.stopped() {
                text::tidy_lines(s);
            }
        }
        "pardis-hybrid+hoist" => {
            repeat(s, fix, |s| deletion_fixpoint(s, o));
            if !s.stopped() {
                text::tidy_lines(s);
            }
        }
        "pardis" => {
            repeat(s, fix, |s| pardis::pass(s, o));
        }
        "pardis-hybrid" => {
            repeat(s, fix, |s| pardis::hybrid_pass(s, o));
        }
        "perses" => {
            repeat(s, fix, |s| perses::pass(s, o, perses::ListMode::Ddmin));
        }
        "perses-n" => {
            repeat(s, fix, |s| perses::pass(s, o, perses::ListMode::OneByOne));
        }
        "hdd" => {
            hdd::pass(s, o);
        }
        "hdd*" => {
            repeat(s, fix, |s| hdd::pass(s, o));
        }
        "hoist" => {
            hoist::hoist_pass(s, o);
        }
        "hddh" => {
            hoist::hddh_pass(s, o);
        }
        "hoist*+hdd*" => {
            repeat(s, fix, |s| {
                let a = repeat(s, true, |s| hoist::hoist_pass(s, o));
                let b = repeat(s, true, |s| hdd::pass(s, o));
                a | b
            });
        }
        "hoist*+hddh*" => {
            repeat(s, fix, |s| {
                let a = repeat(s, true, |s| hoist::hoist_pass(s, o));
                let b = repeat(s, true, |s| hoist::hddh_pass(s, o));
                a | b
            });
        }
        "gtr" => {
            gtr::pass(s, o);
        }
        "gtr*" => {
            repeat(s, fix, |s| gtr::pass(s, o));
        }
        "ddmin-lines" => {
            text::ddmin_lines(s, o);
        }
        "ddmin-tokens" => {
            text::ddmin_tokens(s, o);
        }
        _ => return Err(UnknownAlgorithm(name.to_string())),
    }
    Ok(())
}

/// A transformation beyond deletion: one pass on the session, true if it changed anything.
pub type Transform = fn(&mut Session<'_>, &AlgoOptions) -> bool;

/// Every transformation beyond deletion, by its command-line name.
pub const TRANSFORMS: &[(&str, Transform)] = &[
    ("splice-lists", transform::splice_lists::pass),
    ("replace-identifiers", transform::replace_identifiers::pass),
    ("canonicalize", transform::canonicalize::pass),
    ("token-windows", transform::token_windows::pass),
    ("replace-subtrees", transform::replace_subtrees::pass),
    ("enumerate-windows", transform::enumerate_windows::pass),
];

/// The transformations the default runs, in its order: by the bytes each removed per query
/// on the C and JavaScript benchmark inputs (splicing first, subtree replacement last;
/// identifier replacement before canonicalisation, which leaves no shorter name to
/// replace by). `enumerate-windows` is left out: it removed nothing on any of the 13
/// inputs for 147 queries (`docs/benchmarks.md`).
pub const DEFAULT_TRANSFORMS: &[&str] = &[
    "splice-lists",
    "replace-identifiers",
    "canonicalize",
    "token-windows",
    "replace-subtrees",
];

/// The transformation named `name`.
fn transform_named(name: &str) -> Option<Transform> {
    TRANSFORMS.iter().find(|(n, _)| *n == name).map(|&(_, t)| t)
}

/// Runs one stage and records what it did under `name` in the statistics.
fn staged(
    s: &mut Session<'_>,
    name: &'static str,
    stage: impl FnOnce(&mut Session<'_>) -> bool,
) -> bool {
    let start = std::time::Instant::now();
    let (queries, rounds) = (s.tester.stats().queries, s.tester.stats().rounds);
    let (tokens, bytes) = size(s);
    let changed = stage(s);
    let (t, b) = size(s);
    let run = PassStats {
        name,
        runs: 1,
        queries: s.tester.stats().queries - queries,
        rounds: s.tester.stats().rounds - rounds,
        tokens_removed: u64::from(tokens.saturating_sub(t)),
        bytes_removed: bytes.saturating_sub(b) as u64,
        time: start.elapsed(),
    };
    s.tester.stats_mut().record_pass(run);
    changed
}

/// pardis-hybrid and hoisting, each to its fixpoint, repeated until neither changes
/// anything; returns whether anything changed.
fn deletion_fixpoint(s: &mut Session<'_>, o: &AlgoOptions) -> bool {
    repeat(s, true, |s| {
        let a = repeat(s, true, |s| pardis::hybrid_pass(s, o));
        let b = repeat(s, true, |s| hoist::hoist_pass(s, o));
        a | b
    })
}

/// Runs `pass` once, or until it changes nothing (or the run is interrupted) when `fixpoint`;
/// returns whether anything changed.
pub fn repeat(
    s: &mut Session<'_>,
    fixpoint: bool,
    mut pass: impl FnMut(&mut Session<'_>) -> bool,
) -> bool {
    let mut changed = false;
    loop {
        let before = size(s);
        pass(s);
        let progress = size(s) < before;
        changed |= progress;
        if !fixpoint || !progress || s.stopped() {
            return changed;
        }
    }
}

/// The current size as (tokens, bytes), for fixpoint detection.
fn size(s: &Session<'_>) -> (u32, usize) {
    (s.tree.tokens(), s.tree.text().len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_transformation_is_listed_and_the_default_runs_known_ones() {
        for (name, _) in TRANSFORMS {
            assert!(is_known(name), "{name} is not in ALGORITHMS");
        }
        for name in DEFAULT_TRANSFORMS {
            assert!(transform_named(name).is_some(), "{name}");
        }
        assert!(!DEFAULT_TRANSFORMS.contains(&"enumerate-windows"));
    }
}
