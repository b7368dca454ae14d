//! A new language in three lines: `cargo run --release --example sexpr -- \
//! generated-example/examples/sexpr/bug.sexpr --test generated-example/examples/sexpr/interesting.sh`

#[reducer_macros::reducer(grammar = "sexpr.pest")]
/// S-expressions: atoms and parenthesised lists.
pub struct Sexpr;
fn main() -> std::process::ExitCode {
    reducer_core::cli::main::<Sexpr>()
}
