//! The literal tokens of every shipped grammar: a keyword trie that only the identifier
//! rule's `!keyword` uses (`"i" ~ ("f" | "nt")`) must not make its pieces tokens. The literals
//! are the grammar's keywords for the engine (they are not counted as names), and single
//! letters are what renaming makes of names.

use generated_example::{Cpp, Go, Java, JavaScript, Json, Lua, Python, Rust, C};
use reducer_core::Language;

#[test]
fn no_grammar_has_a_lone_letter_or_a_keyword_fragment_as_a_token() {
    let languages: [&dyn Language; 9] = [
        &C,
        &Cpp,
        &Go,
        &Java,
        &JavaScript,
        &Json,
        &Lua,
        &Python,
        &Rust,
    ];
    for lang in languages {
        let literals = lang.tables().literals;
        let letters: Vec<&&str> = literals
            .iter()
            .filter(|l| l.len() == 1 && l.as_bytes()[0].is_ascii_alphabetic())
            .collect();
        assert!(letters.is_empty(), "{}: {letters:?}", lang.name());
        // Pieces of `int`, `if`, `return` as spelled by a trie.
        for piece in ["nt", "eturn", "hile"] {
            assert!(!literals.contains(&piece), "{}: {piece}", lang.name());
        }
    }
}
