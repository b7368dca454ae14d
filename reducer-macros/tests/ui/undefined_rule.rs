#[reducer_macros::reducer(grammar = "undefined_rule.pest", start = "doc")]
pub struct Undefined;

// Used as a reducer binary would: the macro's error must be the only one.
fn main() -> std::process::ExitCode {
    let _ = (Undefined::GRAMMAR_WARNINGS, Undefined::rule_id("x"));
    reducer_core::cli::main::<Undefined>()
}
