//! The engine layer: how a candidate is tested, whatever the algorithm.
//!
//! - [`oracle`]: what decides whether a candidate is still interesting (the user's script,
//!   run in its own directory and process group);
//! - [`cache`]: the outcome cache;
//! - [`tester`]: every candidate goes through it, with `-j N` speculation and a sequential
//!   result;
//! - [`session`]: the tree, its language and the tester, and the candidate pipeline (edit
//!   set → printed text → syntax check → cache → oracle → commit) every algorithm shares;
//! - [`stats`]: what a reduction counts.

pub mod cache;
pub mod oracle;
pub mod session;
pub mod stats;
pub mod tester;
