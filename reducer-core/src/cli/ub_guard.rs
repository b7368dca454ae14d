//! `--ub-guard`: a preset guard against undefined behaviour for C and C++, after the advice of
//! C-Reduce's documentation for wrong-code bugs (its `creduce --help` and the test scripts it
//! ships: reject a candidate that the compilers warn about in the ways that mean undefined
//! behaviour, and one that a sanitiser or a checking interpreter flags). A reduction that
//! keeps only "the two builds print different things" soon ends with a program that reads
//! uninitialised memory or overflows a signed integer: the builds then differ because the
//! program is undefined, not because of the compiler bug, and a compiler engineer closes the
//! report as invalid.
//!
//! Every candidate must pass, in this order (each a guard of its own, so that `--stats` and
//! the report say which one refused how many candidates):
//!
//! 1. **warnings** (`--ub-guard (gcc warnings)`): `gcc -O2 -c -Wall -Wextra` with, as
//!    errors, the warnings that flag undefined behaviour (or a program C-Reduce's scripts
//!    reject):
//!    - `uninitialized`, `maybe-uninitialized`: a read of an uninitialised variable (the
//!      optimiser's data flow finds them, hence `-O2`; C-Reduce's scripts grep for
//!      "uninitialized" too);
//!    - `return-type`: a non-void function whose end is reached ("control reaches end");
//!    - C only: `implicit-function-declaration`, `implicit-int` (gone from C99: a call
//!      through an implicit declaration with the wrong type is undefined),
//!      `incompatible-pointer-types`, `int-conversion` (the "incompatible pointer" and
//!      "without a cast" greps of C-Reduce's scripts);
//!    - `array-bounds`, `stringop-overflow`: an access the compiler can prove out of bounds;
//!    - `return-local-addr`: a pointer to a dead local;
//!    - `sequence-point`: `i = i++` and the like;
//!    - `div-by-zero`, `shift-count-overflow`, `shift-count-negative`,
//!      `shift-negative-value`, `overflow`: constant expressions that are undefined;
//!    - `aggressive-loop-optimizations`: a loop whose iteration the compiler proved
//!      undefined (a signed overflow or an access past an array);
//!    - `format`, `nonnull`: a `printf` whose arguments do not match its format, a null
//!      where a library function needs a pointer.
//!
//!    With `clang` on the `PATH` too, the candidate must also compile with clang's list
//!    (`--ub-guard (clang warnings)`), whose front-end analyses find other cases
//!    (`sometimes-uninitialized`, `unsequenced`, `return-stack-address`, …).
//! 2. **sanitisers** (`--ub-guard (gcc sanitizers)`): the candidate is built at `-O0` and
//!    run, then built at `-O0` with `-g -fsanitize=undefined,address
//!    -fno-sanitize-recover=all` and run with `ASAN_OPTIONS=detect_leaks=0` (a leak is not
//!    undefined). Both runs must exit with status 0, and the sanitised run must print what
//!    the plain run printed: a sanitiser that fires ends the run with another status, and
//!    a program whose output follows memory it must not read (the sanitised build lays
//!    memory out differently) prints something else.
//!
//! The preset is self-contained: it builds and runs the candidate itself, in the run's
//! directory, whatever the test (`--compare`, `--run`, `--test`). The candidate's files are
//! the program's sources (a set's headers reached by `#include`). C++ (`.cc`, `.cpp`, `.cxx`,
//! `.C`, `.c++`, `.hpp`, `.hh` inputs) uses `g++` and `clang++`. The sanitisers need
//! gcc's; clang's warnings are a bonus. Compilers are looked up on the `PATH` once, when
//! the run starts.

use super::args::find_in_path;
use crate::engine::oracle::command::{Check, Step, PLACEHOLDER};
use std::ffi::OsStr;
use std::path::Path;

/// The warnings made errors for gcc, both languages.
const GCC_WARNINGS: &[&str] = &[
    "-Werror=uninitialized",
    "-Werror=maybe-uninitialized",
    "-Werror=return-type",
    "-Werror=array-bounds",
    "-Werror=stringop-overflow",
    "-Werror=return-local-addr",
    "-Werror=sequence-point",
    "-Werror=div-by-zero",
    "-Werror=shift-count-overflow",
    "-Werror=shift-count-negative",
    "-Werror=shift-negative-value",
    "-Werror=overflow",
    "-Werror=aggressive-loop-optimizations",
    "-Werror=format",
    "-Werror=nonnull",
];

/// The warnings made errors for clang, both languages (an option an older clang does not
/// know is only warned about).
const CLANG_WARNINGS: &[&str] = &[
    "-Werror=uninitialized",
    "-Werror=sometimes-uninitialized",
    "-Werror=conditional-uninitialized",
    "-Werror=return-type",
    "-Werror=array-bounds",
    "-Werror=return-stack-address",
    "-Werror=unsequenced",
    "-Werror=division-by-zero",
    "-Werror=shift-count-overflow",
    "-Werror=shift-count-negative",
    "-Werror=shift-negative-value",
    "-Werror=integer-overflow",
    "-Werror=format",
    "-Werror=nonnull",
];

/// The warnings made errors for C only, by both compilers.
const C_ONLY_WARNINGS: &[&str] = &[
    "-Werror=implicit-function-declaration",
    "-Werror=implicit-int",
    "-Werror=incompatible-pointer-types",
    "-Werror=int-conversion",
];

/// The sanitisers' options.
pub(super) const SANITIZE: &[&str] = &[
    "-g",
    "-fsanitize=undefined,address",
    "-fno-sanitize-recover=all",
];

/// The language of the program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Dialect {
    C,
    Cxx,
}

impl Dialect {
    /// C++ if any of `inputs` has a C++ extension, else C.
    pub(super) fn of(inputs: &[&Path]) -> Dialect {
        let cxx = ["cc", "cpp", "cxx", "C", "c++", "hpp", "hh", "hxx"];
        let is_cxx = |p: &&Path| {
            p.extension()
                .and_then(OsStr::to_str)
                .is_some_and(|e| cxx.contains(&e))
        };
        match inputs.iter().any(is_cxx) {
            true => Dialect::Cxx,
            false => Dialect::C,
        }
    }

    /// The gcc and clang drivers.
    fn compilers(self) -> [&'static str; 2] {
        match self {
            Dialect::C => ["gcc", "clang"],
            Dialect::Cxx => ["g++", "clang++"],
        }
    }
}

/// The preset's guards, each a name and its commands, for the compilers `found` on the
/// `PATH` (by name); an error when gcc (g++) is not among them.
pub(super) fn guards(
    dialect: Dialect,
    found: &dyn Fn(&str) -> bool,
) -> Result<Vec<(String, Vec<Step>)>, String> {
    let [gcc, clang] = dialect.compilers();
    if !found(gcc) {
        return Err(format!(
            "--ub-guard needs {gcc} on the PATH (its sanitizers build the candidates)"
        ));
    }
    let c_only: &[&str] = match dialect {
        Dialect::C => C_ONLY_WARNINGS,
        Dialect::Cxx => &[],
    };
    let warnings = |cc: &str, list: &[&str]| {
        let mut words = vec![cc, "-O2", "-c", "-Wall", "-Wextra"];
        words.extend(list);
        words.extend(c_only);
        words.push(PLACEHOLDER);
        (
            format!("--ub-guard ({cc} warnings)"),
            vec![Step::succeeds(words)],
        )
    };
    let mut guards = vec![warnings(gcc, GCC_WARNINGS)];
    if found(clang) {
        guards.push(warnings(clang, CLANG_WARNINGS));
    }
    let mut sanitized = vec![gcc, "-O0", "-w"];
    sanitized.extend(SANITIZE);
    sanitized.extend(["-o", "ub-guard-sanitized", PLACEHOLDER]);
    let steps = vec![
        Step::succeeds([gcc, "-O0", "-w", "-o", "ub-guard-plain", PLACEHOLDER]),
        Step::succeeds(["./ub-guard-plain"])
            .in_run_dir()
            .checking(Check::Reference),
        Step::succeeds(sanitized),
        Step::succeeds(["./ub-guard-sanitized"])
            .in_run_dir()
            .checking(Check::SameOutput)
            .env("ASAN_OPTIONS", "detect_leaks=0"),
    ];
    guards.push((format!("--ub-guard ({gcc} sanitizers)"), steps));
    Ok(guards)
}

/// [`guards`] with the compilers looked up on the `PATH`.
pub(super) fn guards_on_path(dialect: Dialect) -> Result<Vec<(String, Vec<Step>)>, String> {
    guards(dialect, &|name| find_in_path(OsStr::new(name)).is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_preset_names_each_guard_and_needs_gcc() {
        let only_gcc = |n: &str| n == "gcc" || n == "g++";
        let g = guards(Dialect::C, &only_gcc).unwrap();
        let names: Vec<&str> = g.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(
            names,
            ["--ub-guard (gcc warnings)", "--ub-guard (gcc sanitizers)"]
        );
        fn words(s: &Step) -> Vec<&str> {
            s.words.iter().map(|w| w.to_str().unwrap()).collect()
        }
        let warn = words(&g[0].1[0]);
        assert!(warn.contains(&"-Werror=maybe-uninitialized"));
        assert!(warn.contains(&"-Werror=implicit-function-declaration"));
        assert_eq!(warn.last(), Some(&"{}"));
        let checks: Vec<Check> = g[1].1.iter().map(|s| s.check).collect();
        assert_eq!(
            checks,
            [
                Check::Succeeds,
                Check::Reference,
                Check::Succeeds,
                Check::SameOutput
            ]
        );
        assert!(words(&g[1].1[2]).contains(&"-fno-sanitize-recover=all"));
        assert!(g[1].1[3].program_in_run_dir);

        let all = |_: &str| true;
        let g = guards(Dialect::Cxx, &all).unwrap();
        assert_eq!(g[1].0, "--ub-guard (clang++ warnings)");
        assert!(
            !words(&g[0].1[0]).contains(&"-Werror=implicit-int"),
            "C only"
        );
        assert!(guards(Dialect::C, &|_: &str| false).is_err());
        assert_eq!(
            Dialect::of(&[Path::new("a.c"), Path::new("b.cpp")]),
            Dialect::Cxx
        );
        assert_eq!(Dialect::of(&[Path::new("bug.c")]), Dialect::C);
    }
}
