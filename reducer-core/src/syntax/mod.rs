//! The syntax layer: what a language is and what an input becomes.
//!
//! - [`language`]: the [`Language`](language::Language) trait a generated parser implements,
//!   and its tables (nullability, compatible replacements, identifiers);
//! - [`tree`]: the concrete syntax tree (an arena that prints the exact text it came from),
//!   with its parts as submodules: the arena of nodes (a 5-byte head each, a 10-byte record
//!   for the nodes that are not chain links), the builder, the edits and the printer;
//! - [`tokens`]: lexical helpers shared by the printer, the transformations and the CLI;
//! - [`pretty`]: the layout of a final result, from the grammar's tables.

pub mod language;
pub mod pretty;
pub mod tokens;
pub mod tree;
