//! GTR (gtr-generalized-tree-reduction.txt): being written.
use super::AlgoOptions;
use crate::session::Session;

/// One GTR pass (placeholder until the GTR module lands).
pub fn pass(s: &mut Session<'_>, o: &AlgoOptions) -> bool {
    super::hdd::pass(s, o)
}
