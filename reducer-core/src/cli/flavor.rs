//! What kind of reducer a binary is: one language's (with its name and extensions) or the
//! grammar-less text reducer. It decides the help texts and which options exist.

/// What kind of reducer the command line belongs to: it decides the help texts and which
/// options exist.
#[derive(Clone, Copy, Debug)]
pub enum Flavor {
    /// A grammar-aware reducer for one language.
    Language {
        /// The language's display name, e.g. `"C"`.
        name: &'static str,
        /// Its file extensions without the dot.
        extensions: &'static [&'static str],
    },
    /// The grammar-less `reduce-text` (ddmin on lines, then on characters).
    Text,
}
