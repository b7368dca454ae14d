#[reducer_macros::reducer(grammar = "syntax_error.pest")]
pub struct Broken;

// Used as a reducer binary would: the macro's error must be the only one.
fn main() -> std::process::ExitCode {
    let _ = (Broken::GRAMMAR_WARNINGS, Broken::rule_id("x"));
    reducer_core::cli::main::<Broken>()
}
