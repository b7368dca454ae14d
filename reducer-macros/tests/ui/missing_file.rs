#[reducer_macros::reducer(grammar = "does_not_exist.pest")]
pub struct Missing;

// Used as a reducer binary would: the macro's error must be the only one.
fn main() -> std::process::ExitCode {
    let _ = (Missing::GRAMMAR_WARNINGS, Missing::rule_id("x"));
    reducer_core::cli::main::<Missing>()
}
