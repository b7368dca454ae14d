//! The syntax layer: what a language is and what an input becomes.
//!
//! - [`language`]: the [`Language`](language::Language) trait a generated parser implements,
//!   and its tables (nullability, compatible replacements, identifiers);
//! - [`tree`]: the concrete syntax tree (an arena that prints the exact text it came from),
//!   its edits and its printer, over an arena of 16-byte nodes (`nodes`);
//! - [`tokens`]: lexical helpers shared by the printer, the transformations and the CLI;
//! - [`pretty`]: the layout of a final result, from the grammar's tables.

mod builder;
mod edits;
pub mod language;
mod nodes;
pub mod pretty;
mod print;
pub mod tokens;
pub mod tree;
