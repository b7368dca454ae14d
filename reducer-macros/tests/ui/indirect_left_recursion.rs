#[reducer_macros::reducer(grammar = "indirect_left_recursion.pest")]
pub struct Expr;

fn main() {}
