//! Which grammar reads which file: a one-language binary reads its single input with its
//! language whatever the name; in a file set, and in a binary of several languages, the
//! extension decides, and a file no grammar claims is reduced as text.

use super::args::Flavor;
use super::Grammar;
use std::path::Path;

/// The command-line flavor of a binary with `grammars` (none: `reduce-text`).
pub(super) fn flavor(grammars: &[Grammar<'_>]) -> Flavor {
    match grammars {
        [] => Flavor::Text,
        [one] => Flavor::Language {
            name: one.lang.name(),
            extensions: one.lang.extensions(),
        },
        many => {
            // Leaked once per process: the flavor's texts are `'static` for clap.
            let names: Vec<&str> = many.iter().map(|g| g.lang.name()).collect();
            let (last, rest) = names.split_last().expect("several grammars");
            let name: &'static str = Box::leak(format!("{} or {last}", rest.join(", ")).into());
            let extensions: Vec<&'static str> = many
                .iter()
                .flat_map(|g| g.lang.extensions())
                .copied()
                .collect();
            Flavor::Language {
                name,
                extensions: Box::leak(extensions.into_boxed_slice()),
            }
        }
    }
}

/// The grammar of a single input: a one-language binary's own, whatever the file's name;
/// otherwise the one its extension selects (`None`: reduced as text).
pub(super) fn for_input<'a>(grammars: &[Grammar<'a>], path: &Path) -> Option<Grammar<'a>> {
    match grammars {
        [one] => Some(*one),
        _ => by_extension(grammars, path),
    }
}

/// The grammar whose extensions include `path`'s (`None`: reduced as text).
pub(super) fn by_extension<'a>(grammars: &[Grammar<'a>], path: &Path) -> Option<Grammar<'a>> {
    let ext = path.extension()?.to_str()?;
    grammars
        .iter()
        .find(|g| {
            g.lang
                .extensions()
                .iter()
                .any(|e| e.eq_ignore_ascii_case(ext))
        })
        .copied()
}
