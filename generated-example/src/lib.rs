//! The compiled reducer languages of the project: one public module per grammar, each a
//! unit struct with `#[reducer(grammar = ...)]` (see `reducer-macros`).
//!
//! Adding a language is three lines: a module, the attribute, the struct (`examples/sexpr`
//! shows a new language in its own binary, with every default).

/// JSON (RFC 8259), from `grammars/json.pest`.
#[cfg(feature = "json")]
pub mod json {
    /// The JSON language: `impl reducer_core::Language for Json` is generated.
    #[reducer_macros::reducer(grammar = "../../grammars/json.pest", name = "JSON", extensions = ["json"])]
    pub struct Json;
}

/// C11 with the GNU extensions of real preprocessed files, from `grammars/c.pest`.
#[cfg(feature = "c")]
pub mod c {
    /// The C language: `impl reducer_core::Language for C` is generated.
    #[reducer_macros::reducer(grammar = "../../grammars/c.pest", name = "C", extensions = ["c", "h", "i"])]
    pub struct C;
}

/// C++ (C++98 to C++23 with the GNU extensions of libstdc++), from `grammars/cpp.pest`.
#[cfg(feature = "cpp")]
pub mod cpp {
    /// The C++ language: `impl reducer_core::Language for Cpp` is generated.
    #[reducer_macros::reducer(
        grammar = "../../grammars/cpp.pest",
        name = "C++",
        extensions = ["cpp", "cc", "cxx", "c++", "hpp", "hh", "hxx", "ii", "ipp", "tcc", "C", "H"]
    )]
    pub struct Cpp;
}

/// ECMAScript 2020 scripts and modules, from `grammars/javascript.pest`.
#[cfg(feature = "javascript")]
pub mod javascript {
    /// The JavaScript language: `impl reducer_core::Language for JavaScript` is generated.
    #[reducer_macros::reducer(
        grammar = "../../grammars/javascript.pest",
        name = "JavaScript",
        extensions = ["js", "mjs", "cjs"]
    )]
    pub struct JavaScript;
}

/// Java 25 compilation units (Java 17 plus patterns, `_`, module imports, compact source files), from `grammars/java.pest`.
#[cfg(feature = "java")]
pub mod java {
    /// The Java language: `impl reducer_core::Language for Java` is generated.
    #[reducer_macros::reducer(grammar = "../../grammars/java.pest", name = "Java", extensions = ["java"])]
    pub struct Java;
}

/// Go 1.22 source files (automatic semicolons, generics), from `grammars/go.pest`.
#[cfg(feature = "go")]
pub mod go {
    /// The Go language: `impl reducer_core::Language for Go` is generated.
    #[reducer_macros::reducer(grammar = "../../grammars/go.pest", name = "Go", extensions = ["go"])]
    pub struct Go;
}

/// Lua 5.4 chunks (scripts, modules, Nmap `.nse` scripts), from `grammars/lua.pest`.
#[cfg(feature = "lua")]
pub mod lua {
    /// The Lua language: `impl reducer_core::Language for Lua` is generated.
    #[reducer_macros::reducer(grammar = "../../grammars/lua.pest", name = "Lua", extensions = ["lua", "nse"])]
    pub struct Lua;
}

/// Rust (editions 2021 and 2024, with the unstable syntax of rustc's own sources), from
/// `grammars/rust.pest`.
#[cfg(feature = "rust")]
pub mod rust {
    /// The Rust language: `impl reducer_core::Language for Rust` is generated.
    #[reducer_macros::reducer(grammar = "../../grammars/rust.pest", name = "Rust", extensions = ["rs"])]
    pub struct Rust;
}

/// Python 3.12 modules (indentation, f-strings, `match`, type parameters), from `grammars/python.pest`.
#[cfg(feature = "python")]
pub mod python {
    /// The Python language: `impl reducer_core::Language for Python` is generated.
    #[reducer_macros::reducer(grammar = "../../grammars/python.pest", name = "Python", extensions = ["py", "pyi"])]
    pub struct Python;
}

/// XML 1.0 documents (matching tags, the DOCTYPE's internal subset), from `grammars/xml.pest`.
#[cfg(feature = "xml")]
pub mod xml {
    /// The XML language: `impl reducer_core::Language for Xml` is generated.
    #[reducer_macros::reducer(
        grammar = "../../grammars/xml.pest",
        name = "XML",
        identifiers = ["name"],
        extensions = ["xml", "xsd", "xsl", "xslt", "svg", "xhtml", "rng", "wsdl", "xliff", "kml", "gpx"]
    )]
    pub struct Xml;
}

/// WebAssembly text: `.wat` modules and `.wast` spec scripts, from `grammars/wat.pest`.
#[cfg(feature = "wat")]
pub mod wat {
    /// The WebAssembly text language: `impl reducer_core::Language for Wat` is generated.
    #[reducer_macros::reducer(
        grammar = "../../grammars/wat.pest",
        name = "WebAssembly text",
        identifiers = ["id"],
        extensions = ["wat", "wast"],
        stand_ins(instr = ["unreachable"])
    )]
    pub struct Wat;
}

/// GLSL 1.10-4.60, GLSL ES and Vulkan GLSL shaders, from `grammars/glsl.pest`.
#[cfg(feature = "glsl")]
pub mod glsl {
    /// The GLSL language: `impl reducer_core::Language for Glsl` is generated.
    #[reducer_macros::reducer(
        grammar = "../../grammars/glsl.pest",
        name = "GLSL",
        extensions = [
            "glsl", "vert", "frag", "geom", "comp", "tesc", "tese", "mesh", "task", "rgen", "rint",
            "rahit", "rchit", "rmiss", "rcall"
        ]
    )]
    pub struct Glsl;
}

/// SMT-LIB 2 scripts (2.6 and the common 2.7 additions, z3's and cvc5's own commands), from `grammars/smt2.pest`.
#[cfg(feature = "smt2")]
pub mod smt2 {
    /// The SMT-LIB 2 language: `impl reducer_core::Language for Smt2` is generated.
    #[reducer_macros::reducer(
        grammar = "../../grammars/smt2.pest",
        name = "SMT-LIB 2",
        extensions = ["smt2"],
        stand_ins(term = ["true", "false"])
    )]
    pub struct Smt2;
}

/// SQL scripts in the SQLite and MySQL/MariaDB dialects (and the PostgreSQL forms real scripts use), from `grammars/sql.pest`.
#[cfg(feature = "sql")]
pub mod sql {
    /// The SQL language: `impl reducer_core::Language for Sql` is generated.
    #[reducer_macros::reducer(
        grammar = "../../grammars/sql.pest",
        name = "SQL",
        extensions = ["sql"]
    )]
    pub struct Sql;
}

/// Solidity 0.4-0.8 source units, with inline assembly (Yul), from `grammars/solidity.pest`.
#[cfg(feature = "solidity")]
pub mod solidity {
    /// The Solidity language: `impl reducer_core::Language for Solidity` is generated.
    #[reducer_macros::reducer(
        grammar = "../../grammars/solidity.pest",
        name = "Solidity",
        extensions = ["sol"]
    )]
    pub struct Solidity;
}

/// TypeScript 5 modules and declaration files (no JSX), from `grammars/typescript.pest`.
#[cfg(feature = "typescript")]
pub mod typescript {
    /// The TypeScript language: `impl reducer_core::Language for TypeScript` is generated.
    #[reducer_macros::reducer(
        grammar = "../../grammars/typescript.pest",
        name = "TypeScript",
        extensions = ["ts", "mts", "cts"]
    )]
    pub struct TypeScript;
}

/// Verilog-2005 and SystemVerilog (IEEE 1800-2017) designs and testbenches, from `grammars/verilog.pest`.
#[cfg(feature = "verilog")]
pub mod verilog {
    /// The Verilog language: `impl reducer_core::Language for Verilog` is generated.
    #[reducer_macros::reducer(
        grammar = "../../grammars/verilog.pest",
        name = "Verilog",
        extensions = ["v", "sv", "vh", "svh"]
    )]
    pub struct Verilog;
}

/// PHP 7.4-8.2 scripts, with the HTML around `<?php … ?>`, heredocs and nowdocs, from `grammars/php.pest`.
#[cfg(feature = "php")]
pub mod php {
    /// The PHP language: `impl reducer_core::Language for Php` is generated.
    #[reducer_macros::reducer(
        grammar = "../../grammars/php.pest",
        name = "PHP",
        identifiers = ["identifier"],
        extensions = ["php", "phtml", "php3", "php4", "php5", "php7", "php8", "phpt"]
    )]
    pub struct Php;
}

/// Ruby 2.7-3.x scripts (heredocs, `%w[]` and the other percent literals, `__END__`), from `grammars/ruby.pest`.
#[cfg(feature = "ruby")]
pub mod ruby {
    /// The Ruby language: `impl reducer_core::Language for Ruby` is generated.
    #[reducer_macros::reducer(
        grammar = "../../grammars/ruby.pest",
        name = "Ruby",
        identifiers = ["identifier"],
        extensions = ["rb", "rake", "gemspec", "ru", "rbw"]
    )]
    pub struct Ruby;
}

/// Fortran 90-2018 in free source form, as gfortran reads it, from `grammars/fortran.pest`.
#[cfg(feature = "fortran")]
pub mod fortran {
    /// The free-form Fortran language: `impl reducer_core::Language for Fortran` is generated.
    #[reducer_macros::reducer(
        grammar = "../../grammars/fortran.pest",
        name = "Fortran",
        identifiers = ["name"],
        extensions = ["f90", "f95", "f03", "f08", "f18", "F90", "F95", "F03", "F08", "F18"]
    )]
    pub struct Fortran;
}

/// Fortran in fixed source form (FORTRAN 77 layout: labels in columns 1-5, continuation in
/// column 6), from `grammars/fortran_fixed.pest`.
#[cfg(feature = "fortran-fixed")]
pub mod fortran_fixed {
    /// The fixed-form Fortran language: `impl reducer_core::Language for FortranFixed` is generated.
    #[reducer_macros::reducer(
        grammar = "../../grammars/fortran_fixed.pest",
        name = "Fortran (fixed form)",
        identifiers = ["name"],
        extensions = ["f", "for", "ftn", "f77", "F", "FOR", "FTN", "F77"]
    )]
    pub struct FortranFixed;
}

/// The structure grammar, from `grammars/structure.pest`: the language-independent fallback
/// every reducer binary uses when its input does not parse with its own grammar
/// (`reducer_core::cli::main_with_fallback`). Every UTF-8 text parses with it.
pub mod structure {
    /// The structure language: `impl reducer_core::Language for Structure` is generated.
    #[reducer_macros::reducer(grammar = "../../grammars/structure.pest", name = "structure", extensions = [])]
    pub struct Structure;
}

#[cfg(feature = "c")]
pub use c::C;
#[cfg(feature = "cpp")]
pub use cpp::Cpp;
#[cfg(feature = "fortran")]
pub use fortran::Fortran;
#[cfg(feature = "fortran-fixed")]
pub use fortran_fixed::FortranFixed;
#[cfg(feature = "glsl")]
pub use glsl::Glsl;
#[cfg(feature = "go")]
pub use go::Go;
#[cfg(feature = "java")]
pub use java::Java;
#[cfg(feature = "javascript")]
pub use javascript::JavaScript;
#[cfg(feature = "json")]
pub use json::Json;
#[cfg(feature = "lua")]
pub use lua::Lua;
#[cfg(feature = "php")]
pub use php::Php;
#[cfg(feature = "python")]
pub use python::Python;
#[cfg(feature = "ruby")]
pub use ruby::Ruby;
#[cfg(feature = "rust")]
pub use rust::Rust;
#[cfg(feature = "smt2")]
pub use smt2::Smt2;
#[cfg(feature = "solidity")]
pub use solidity::Solidity;
#[cfg(feature = "sql")]
pub use sql::Sql;
pub use structure::Structure;
#[cfg(feature = "typescript")]
pub use typescript::TypeScript;
#[cfg(feature = "verilog")]
pub use verilog::Verilog;
#[cfg(feature = "wat")]
pub use wat::Wat;
#[cfg(feature = "xml")]
pub use xml::Xml;
