//! `reduce-smt2`: the SMT-LIB 2 reducer (see `reducer_core::cli`).

fn main() -> std::process::ExitCode {
    reducer_core::cli::main_with_fallback::<generated_example::Smt2, generated_example::Structure>()
}
