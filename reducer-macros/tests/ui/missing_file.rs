#[reducer_macros::reducer(grammar = "does_not_exist.pest")]
pub struct Missing;

fn main() {}
