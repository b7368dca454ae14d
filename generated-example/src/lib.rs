//! The compiled reducer languages of the project: one public module per grammar, each a
//! unit struct with `#[reducer(grammar = ...)]` (see `reducer-macros`).
//!
//! Adding a language is three lines: a module, the attribute, the struct.

/// JSON (RFC 8259), from `grammars/json.pest`.
pub mod json {
    /// The JSON language: `impl reducer_core::Language for Json` is generated.
    #[reducer_macros::reducer(grammar = "../../grammars/json.pest", name = "JSON", extensions = ["json"])]
    pub struct Json;
}

pub use json::Json;
