#[reducer_macros::reducer(grammar = "indirect_left_recursion.pest")]
pub struct Expr;

// Used as a reducer binary would: the macro's error must be the only one.
fn main() -> std::process::ExitCode {
    let _ = (Expr::GRAMMAR_WARNINGS, Expr::rule_id("x"));
    reducer_core::cli::main::<Expr>()
}
