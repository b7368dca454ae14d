//! `reduce-c`: the C reducer (see `reducer_core::cli`).

fn main() -> std::process::ExitCode {
    reducer_core::cli::main::<generated_example::C>()
}
