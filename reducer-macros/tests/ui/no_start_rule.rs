// No rule begins with `SOI` and none is named: there is no default start rule.
#[reducer_macros::reducer(grammar = "no_start_rule.pest")]
pub struct NoStart;

fn main() -> std::process::ExitCode {
    reducer_core::cli::main::<NoStart>()
}
