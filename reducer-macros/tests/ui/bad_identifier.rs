#[reducer_macros::reducer(grammar = "dead_alternative.pest", identifiers = ["nope"])]
pub struct BadIdentifier;

fn main() {}
