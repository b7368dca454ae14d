#[reducer_macros::reducer(grammar = "undefined_rule.pest", start = "doc")]
pub struct Undefined;

fn main() {}
