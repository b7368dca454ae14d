#[reducer_macros::reducer(grammar = "indirect_left_recursion.pest", extension = ["x"])]
pub struct Typo;

fn main() {}
