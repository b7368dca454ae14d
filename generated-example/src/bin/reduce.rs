//! `reduce`: every language of the project in one binary. Each input file is read with the
//! grammar its extension selects (C, C++, JavaScript, JSON, Java, Go, Lua, Rust, Python, XML,
//! WebAssembly text, GLSL, SMT-LIB 2, SQL, Solidity, TypeScript, Verilog, PHP, Ruby, Fortran in free and fixed form), a
//! file no grammar claims is reduced as text, so a mixed tree (`reduce proj/ --test t.sh`) is
//! one run.

use generated_example::{
    Cpp, Fortran, FortranFixed, Glsl, Go, Java, JavaScript, Json, Lua, Php, Python, Ruby, Rust,
    Smt2, Solidity, Sql, Structure, TypeScript, Verilog, Wat, Xml, C,
};
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
        with_structure(&Xml),
        with_structure(&Wat),
        with_structure(&Glsl),
        with_structure(&Smt2),
        with_structure(&Sql),
        with_structure(&Solidity),
        with_structure(&TypeScript),
        with_structure(&Verilog),
        with_structure(&Php),
        with_structure(&Ruby),
        with_structure(&Fortran),
        with_structure(&FortranFixed),
    ])
}
