#[reducer_macros::reducer(grammar = "dead_alternative.pest", start = "nope")]
pub struct BadStart;

fn main() {}
