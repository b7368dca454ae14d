#[reducer_macros::reducer(grammar = "indirect_left_recursion.pest", extension = ["x"])]
pub struct Typo;

// Used as a reducer binary would: the macro's error must be the only one.
fn main() -> std::process::ExitCode {
    let _ = (Typo::GRAMMAR_WARNINGS, Typo::rule_id("x"));
    reducer_core::cli::main::<Typo>()
}
