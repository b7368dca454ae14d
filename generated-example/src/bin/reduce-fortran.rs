//! `reduce-fortran`: the Fortran reducer (see `reducer_core::cli`). Each file is read in the
//! source form its extension selects: free form for `.f90`, `.f95`, `.f03`, `.f08`, `.f18`,
//! fixed form for `.f`, `.for`, `.ftn`, `.f77`; a file that does not parse is reduced with the
//! structure grammar until it does.

use generated_example::{Fortran, FortranFixed, Structure};
use reducer_core::cli::Grammar;

fn main() -> std::process::ExitCode {
    let structure = Structure;
    reducer_core::cli::main_many(&[
        Grammar {
            lang: &Fortran,
            fallback: Some(&structure),
        },
        Grammar {
            lang: &FortranFixed,
            fallback: Some(&structure),
        },
    ])
}
