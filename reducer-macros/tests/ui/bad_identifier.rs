#[reducer_macros::reducer(grammar = "dead_alternative.pest", identifiers = ["nope"])]
pub struct BadIdentifier;

// Used as a reducer binary would: the macro's error must be the only one.
fn main() -> std::process::ExitCode {
    let _ = (BadIdentifier::GRAMMAR_WARNINGS, BadIdentifier::rule_id("x"));
    reducer_core::cli::main::<BadIdentifier>()
}
