//! The engine layer: how a candidate is tested, whatever the algorithm.
//!
//! - [`oracle`]: what decides whether a candidate is still interesting (the user's script,
//!   run in its own directory and session);
//! - [`cache`]: the outcome cache;
//! - [`tester`]: every candidate goes through it, with `-j N` speculation and a sequential
//!   result;
//! - [`session`]: the tree, its language and the tester, and the candidate pipeline (edit
//!   set → printed text → kept regions → cache → syntax check → edit memory → oracle →
//!   commit) every algorithm shares (`docs/design.md` follows a candidate through it);
//! - `syntax_check`: the local syntax check of a candidate (the slots an edit can disturb,
//!   re-parsed in place);
//! - `deletion`: what deleting nodes means (nullable nodes, and the first item of a
//!   separated list with the separator after it);
//! - [`keep`]: the kept regions, which no candidate may change;
//! - [`refusals`]: the deletions refused on the current tree;
//! - [`edit_memory`]: the edits refused on earlier texts, remembered across commits;
//! - [`stats`]: what a reduction counts.

pub mod cache;
mod deletion;
pub mod diff;
pub mod edit_memory;
pub mod keep;
pub mod oracle;
pub mod refusals;
pub mod session;
pub mod stats;
mod syntax_check;
pub mod tester;
