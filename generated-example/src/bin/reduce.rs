//! `reduce`: every language of the project in one binary. Each input file is read with the
//! grammar its extension selects (C, C++, JavaScript, JSON, Java, Go, Lua, Rust, Python), a
//! file no grammar claims is reduced as text, so a mixed tree (`reduce proj/ --test t.sh`) is
//! one run.

use generated_example::{Cpp, Go, Java, JavaScript, Json, Lua, Python, Rust, Structure, C};
use reducer_core::cli::Grammar;

fn main() -> std::process::ExitCode {
    let structure = Structure;
    let with_structure = |lang| Grammar {
        lang,
        fallback: Some(&structure),
    };
    reducer_core::cli::main_many(&[
        with_structure(&C),
        with_structure(&Cpp),
        with_structure(&JavaScript),
        with_structure(&Json),
        with_structure(&Java),
        with_structure(&Go),
        with_structure(&Lua),
        with_structure(&Rust),
        with_structure(&Python),
    ])
}
