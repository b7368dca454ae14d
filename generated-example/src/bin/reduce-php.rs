//! `reduce-php`: the PHP reducer (see `reducer_core::cli`).

fn main() -> std::process::ExitCode {
    reducer_core::cli::main_with_fallback::<generated_example::Php, generated_example::Structure>()
}
