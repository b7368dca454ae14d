//! `reduce-go`: the Go reducer (see `reducer_core::cli`).

fn main() -> std::process::ExitCode {
    reducer_core::cli::main_with_fallback::<generated_example::Go, generated_example::Structure>()
}
