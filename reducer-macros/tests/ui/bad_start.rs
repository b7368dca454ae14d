#[reducer_macros::reducer(grammar = "dead_alternative.pest", start = "nope")]
pub struct BadStart;

// Used as a reducer binary would: the macro's error must be the only one.
fn main() -> std::process::ExitCode {
    let _ = (BadStart::GRAMMAR_WARNINGS, BadStart::rule_id("x"));
    reducer_core::cli::main::<BadStart>()
}
