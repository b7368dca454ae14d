//! `reduce-text`: the grammar-less reducer (ddmin on lines, then on characters), for any file.

fn main() -> std::process::ExitCode {
    reducer_core::cli::text_main()
}
