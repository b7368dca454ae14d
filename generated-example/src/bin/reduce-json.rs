//! `reduce-json`: the Json reducer (see `reducer_core::cli`).

fn main() -> std::process::ExitCode {
    reducer_core::cli::main::<generated_example::Json>()
}
