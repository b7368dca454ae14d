//! The reduction layer: the algorithms, all on the same [`Session`].
//!
//! [`list`] holds the list reducers (ddmin family), generic over the element type; the tree
//! algorithms come one family per file ([`hdd`], [`hoist`], [`gtr`], [`perses`], [`pardis`],
//! [`text`]) and the transformations beyond deletion live in [`transform`].
//!
//! Each family exposes one-pass functions; an [`Algorithm`] (the typed list of what the
//! command line offers) is a [`Plan`] that combines them: repeated to a fixpoint unless it
//! is a one-pass variant or [`AlgoOptions::one_pass`] is set, "A then B", stages recorded in
//! the statistics. A new algorithm is a file here plus a variant of [`Algorithm`] with its
//! plan.

mod algorithm;
pub mod coarse;
pub mod continuation;
pub mod gtr;
pub mod hdd;
pub mod hoist;
pub mod levels;
pub mod list;
pub mod nodes;
pub mod pardis;
pub mod perses;
mod plan;
pub mod schedule;
pub mod speculate;
pub mod text;
pub mod transform;

use crate::engine::session::Session;
use crate::reduce::list::{DdOptions, ListAlgorithm};
pub use algorithm::{Algorithm, Selection, DEFAULT_TRANSFORMS};
pub use plan::{Pass, Plan, Transform};
pub use schedule::{ScheduledStage, Step};
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
    /// The list reducer the tree algorithms use in place of their own (ddmin in HDD, Perses
    /// and GTR, opdd in pardis-hybrid), as `-a hdd+probdd` asks; `None`: their own. The
    /// coarse deletion's galloping is not replaced.
    pub list: Option<ListAlgorithm>,
    /// How deep Perses and hoisting look for a replacement below a node (0 = unbounded),
    /// counting only the levels where the token weight drops ([`View::hoist_candidates`]).
    ///
    /// [`View::hoist_candidates`]: crate::engine::session::View::hoist_candidates
    pub hoist_depth: usize,
    /// Pardis' nullability pruning (Sect. 3.2).
    pub nullability_pruning: bool,
    /// Whether the algorithms that allow it refuse unseen an edit refused on an earlier text
    /// ([`Algorithm::remembers_edits`], [`EditMemory`]).
    ///
    /// [`EditMemory`]: crate::engine::edit_memory::EditMemory
    pub edit_memory: bool,
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
            list: None,
            hoist_depth: 4,
            nullability_pruning: true,
            edit_memory: true,
            gtr_filter: GtrFilter::Grammar,
            transform: transform::TransformOptions::default(),
        }
    }
}

impl AlgoOptions {
    /// The list reducer of an algorithm whose own is `own`: [`AlgoOptions::list`] if set.
    pub fn list_or(&self, own: ListAlgorithm) -> ListAlgorithm {
        self.list.unwrap_or(own)
    }
}

/// The algorithm used when none is asked for.
pub const DEFAULT_ALGORITHM: &str = Algorithm::Default.name();

/// An algorithm name [`run`] does not know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownAlgorithm(pub String);

impl fmt::Display for UnknownAlgorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown algorithm '{}' (see --list-algorithms)", self.0)
    }
}

impl std::error::Error for UnknownAlgorithm {}

/// Whether `name` is a known algorithm (or `ALGO+LIST`, see [`Selection`]).
pub fn is_known(name: &str) -> bool {
    Selection::from_name(name).is_some()
}

/// How many times [`run`] goes back to an earlier result when the test refuses the
/// algorithm's result on a second look.
pub const MAX_ROLLBACKS: u32 = 3;

/// Runs the algorithm named `name` (see [`Algorithm::name`] and [`Selection`]) on the session.
///
/// The result is rechecked once, if rechecks are on and it came after the last one
/// ([`Tester::recheck_at_end`](crate::engine::tester::Tester::recheck_at_end)). When the
/// test was seen to flake ([`Tester::flaky`](crate::engine::tester::Tester::flaky)), there
/// or before, the result may have been accepted by mistake. So it is asked about again
/// ([`Tester::verify`](crate::engine::tester::Tester::verify)): refused, the session goes
/// back to the last result the test confirmed (the text the run started from, at first:
/// [`Session::roll_back`]) and the algorithm runs again from there, at most
/// [`MAX_ROLLBACKS`] times; after that the run ends at the last confirmed result. (Running
/// the algorithm again from a confirmed result, with no refusal cached, to give its last
/// pass's refusals another chance, cost 15 to 25 queries on the bundled C and JavaScript
/// examples with 5 % of the answers flipped and removed nothing: once the test flakes, no
/// refusal is carried over a commit, which leaves only the last pass's.)
pub fn run(name: &str, s: &mut Session<'_>, o: &AlgoOptions) -> Result<(), UnknownAlgorithm> {
    let selection = Selection::from_name(name).ok_or_else(|| UnknownAlgorithm(name.to_string()))?;
    if o.edit_memory && selection.algorithm.remembers_edits() {
        let literals = s.tables().literals;
        s.tester.remember_edits(literals);
    }
    let confirmed = s.text();
    let mut rollbacks = 0;
    loop {
        selection.plan().run(s, o);
        s.tester.recheck_at_end();
        if !s.tester.flaky() || s.stopped() {
            break;
        }
        let result = s.text();
        if result == confirmed || s.tester.verify(result.as_bytes()) {
            break;
        }
        if s.stopped() {
            break;
        }
        s.roll_back(&confirmed);
        if rollbacks == MAX_ROLLBACKS {
            break;
        }
        rollbacks += 1;
    }
    Ok(())
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
mod flaky_tests;
#[cfg(test)]
mod handover_tests;
#[cfg(test)]
mod keep_tests;
#[cfg(test)]
mod schedule_tests;
