#[reducer_macros::reducer(grammar = "syntax_error.pest")]
pub struct Broken;

fn main() {}
