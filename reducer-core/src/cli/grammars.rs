//! Which grammar reads which file: a one-language binary reads its single input with its
//! language whatever the name; in a file set, and in a binary of several languages, the
//! extension decides, and a file no grammar claims is reduced as text.

use super::flavor::Flavor;
use crate::syntax::language::Language;
use std::path::Path;

/// A language a reducer binary reads, with the structure grammar that the inputs it rejects
/// are reduced with until they parse (see [the fallback](super#fallback)).
#[derive(Clone, Copy)]
pub struct Grammar<'a> {
    /// The language.
    pub lang: &'a dyn Language,
    /// Its structure grammar, if any (without one: ddmin on lines and bytes).
    pub fallback: Option<&'a dyn Language>,
}

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

/// Which grammar reads a file: by its extension, with the command line's `--lang EXT=LANG`
/// choices first.
pub(super) struct Chooser<'a> {
    grammars: &'a [Grammar<'a>],
    /// Extension (without the dot) and its grammar (`None`: text).
    chosen: Vec<(String, Option<Grammar<'a>>)>,
}

impl<'a> Chooser<'a> {
    /// A chooser among `grammars` with the `--lang` choices `ext_lang` (the error is a
    /// sentence naming the languages there are).
    pub(super) fn new(
        grammars: &'a [Grammar<'a>],
        ext_lang: &[(String, String)],
    ) -> Result<Chooser<'a>, String> {
        let mut chosen = Vec::with_capacity(ext_lang.len());
        for (ext, name) in ext_lang {
            let grammar = if name.eq_ignore_ascii_case("text") {
                None
            } else {
                let found = grammars
                    .iter()
                    .find(|g| g.lang.name().eq_ignore_ascii_case(name))
                    .copied();
                if found.is_none() {
                    let names: Vec<&str> = grammars.iter().map(|g| g.lang.name()).collect();
                    return Err(format!(
                        "--lang {ext}={name}: no such language here (there is {}, and text)",
                        names.join(", ")
                    ));
                }
                found
            };
            chosen.push((ext.clone(), grammar));
        }
        Ok(Chooser { grammars, chosen })
    }

    /// The grammar of a single input: a one-language binary's own, whatever the file's
    /// name (unless `--lang` says text for it); otherwise [`Chooser::by_extension`].
    pub(super) fn for_input(&self, path: &Path) -> Option<Grammar<'a>> {
        match (self.grammars, self.choice(path)) {
            (_, Some(chosen)) => chosen,
            ([one], None) => Some(*one),
            (_, None) => self.by_extension(path),
        }
    }

    /// The grammar of a single input that no grammar claims and `--lang` says nothing about,
    /// in a binary of several languages: the structure fallback they share (brackets, lines
    /// and words), as C-Vise's `--not-c` takes any text; `None` in a one-language binary, for
    /// a claimed extension, or when there is no fallback.
    pub(super) fn unclaimed(&self, path: &Path) -> Option<Grammar<'a>> {
        if self.grammars.len() < 2
            || self.choice(path).is_some()
            || self.by_extension(path).is_some()
        {
            return None;
        }
        let fallback = self.grammars.iter().find_map(|g| g.fallback)?;
        Some(Grammar {
            lang: fallback,
            fallback: None,
        })
    }

    /// The grammar `--lang` chooses for `path`'s extension, or else the one whose
    /// extensions include it, the same case first (`.C` is C++, `.c` is C), then in any
    /// case (`None`: reduced as text).
    pub(super) fn by_extension(&self, path: &Path) -> Option<Grammar<'a>> {
        if let Some(chosen) = self.choice(path) {
            return chosen;
        }
        let ext = path.extension()?.to_str()?;
        let claims = |same: &dyn Fn(&str) -> bool| {
            self.grammars
                .iter()
                .find(|g| g.lang.extensions().iter().any(|e| same(e)))
                .copied()
        };
        claims(&|e| e == ext).or_else(|| claims(&|e| e.eq_ignore_ascii_case(ext)))
    }

    /// What `--lang` says about `path`'s extension, if anything.
    fn choice(&self, path: &Path) -> Option<Option<Grammar<'a>>> {
        let ext = path.extension()?.to_str()?;
        self.chosen
            .iter()
            .rev()
            .find(|(e, _)| e.eq_ignore_ascii_case(ext))
            .map(|(_, g)| *g)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::language::Language;
    use crate::testing::{Brackets, Toy};

    fn name(g: Option<Grammar<'_>>) -> &'static str {
        g.map_or("text", |g| g.lang.name())
    }

    #[test]
    fn the_extension_picks_the_grammar_unless_lang_says_otherwise() {
        let both = [
            Grammar {
                lang: &Toy,
                fallback: None,
            },
            Grammar {
                lang: &Brackets,
                fallback: None,
            },
        ];
        let plain = Chooser::new(&both, &[]).unwrap();
        let (toy, brackets) = (Toy.name(), Brackets.name());
        let bext = Brackets.extensions()[0];
        assert_eq!(name(plain.by_extension(Path::new("a/b.toy"))), toy);
        assert_eq!(
            name(plain.by_extension(Path::new(&format!("x.{bext}")))),
            brackets
        );
        assert_eq!(name(plain.by_extension(Path::new("notes.txt"))), "text");
        assert_eq!(name(plain.for_input(Path::new("notes.txt"))), "text");
        let ext_lang = [
            ("txt".to_string(), brackets.to_lowercase()),
            ("toy".to_string(), "TEXT".to_string()),
        ];
        let chosen = Chooser::new(&both, &ext_lang).unwrap();
        assert_eq!(name(chosen.by_extension(Path::new("notes.txt"))), brackets);
        assert_eq!(name(chosen.by_extension(Path::new("b.toy"))), "text");
        // One language: a single input is read with it whatever its name, unless --lang says
        // text for its extension.
        let one = &both[..1];
        let only = Chooser::new(one, &ext_lang[1..]).unwrap();
        assert_eq!(name(only.for_input(Path::new("bug.c"))), toy);
        assert_eq!(name(only.for_input(Path::new("bug.toy"))), "text");
        assert_eq!(name(only.by_extension(Path::new("bug.c"))), "text");
        let e = Chooser::new(one, &[("c".to_string(), "cobol".to_string())])
            .err()
            .unwrap();
        assert!(e.contains("no such language") && e.contains(toy), "{e}");
    }

    #[test]
    fn an_unclaimed_single_input_takes_the_structure_fallback() {
        let with_fallback = [
            Grammar {
                lang: &Toy,
                fallback: Some(&Brackets),
            },
            Grammar {
                lang: &Toy,
                fallback: Some(&Brackets),
            },
        ];
        let chooser = Chooser::new(&with_fallback, &[]).unwrap();
        assert_eq!(
            name(chooser.unclaimed(Path::new("notes.txt"))),
            Brackets.name()
        );
        assert!(chooser.unclaimed(Path::new("a.toy")).is_none(), "claimed");
        let text = [("txt".to_string(), "text".to_string())];
        let told = Chooser::new(&with_fallback, &text).unwrap();
        assert!(
            told.unclaimed(Path::new("notes.txt")).is_none(),
            "--lang says text"
        );
        let one = Chooser::new(&with_fallback[..1], &[]).unwrap();
        assert!(
            one.unclaimed(Path::new("notes.txt")).is_none(),
            "one language"
        );
    }
}
