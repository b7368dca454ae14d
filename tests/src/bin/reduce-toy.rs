//! `reduce-toy`: the shared reducer CLI on the engine's Toy language (for end-to-end tests).

fn main() -> std::process::ExitCode {
    reducer_core::cli::main::<reducer_core::testing::Toy>()
}
