// Grammar warnings are `deprecated` lints at the attribute; denied here to show them.
#![deny(deprecated)]

#[reducer_macros::reducer(grammar = "dead_alternative.pest")]
pub struct Dead;

fn main() {}
