//! `reduce-wat`: the WebAssembly text reducer (see `reducer_core::cli`).

fn main() -> std::process::ExitCode {
    reducer_core::cli::main_with_fallback::<generated_example::Wat, generated_example::Structure>()
}
