//! `reduce`: every language of the project in one binary. Each input file is read with the
//! grammar its extension selects (C, JavaScript, JSON, Java, Python), a file no grammar claims is
//! reduced as text, so a mixed tree (`reduce proj/ --test t.sh`) is one run.

use generated_example::{Java, JavaScript, Json, Python, Structure, C};
use reducer_core::cli::Grammar;

fn main() -> std::process::ExitCode {
    let (c, js, json, java, python, structure) = (C, JavaScript, Json, Java, Python, Structure);
    let with_structure = |lang| Grammar {
        lang,
        fallback: Some(&structure),
    };
    reducer_core::cli::main_many(&[
        with_structure(&c),
        with_structure(&js),
        with_structure(&json),
        with_structure(&java),
        with_structure(&python),
    ])
}
