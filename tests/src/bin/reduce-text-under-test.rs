//! The grammar-less text reducer (`reduce-text`), built here so that the end-to-end tests can
//! find it with `CARGO_BIN_EXE_*`.

fn main() -> std::process::ExitCode {
    reducer_core::cli::text_main()
}
