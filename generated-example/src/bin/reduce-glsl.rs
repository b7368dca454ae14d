//! `reduce-glsl`: the GLSL reducer (see `reducer_core::cli`).

fn main() -> std::process::ExitCode {
    reducer_core::cli::main_with_fallback::<generated_example::Glsl, generated_example::Structure>()
}
