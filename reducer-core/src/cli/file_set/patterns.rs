//! The patterns of `--exclude` (entries of a directory input left out of the set) and
//! `--keep` (files of the set every run gets as they are, never reduced). A pattern without
//! a `/` is matched against each entry's name (`node_modules`, `*.o`, `Makefile`); one with a
//! `/` against the entry's path below the directory (`build/*.c`, `docs/**`). `*` matches any
//! run of characters but `/`, `**` any run at all, `?` one character but `/`. A directory
//! that `--exclude` matches is left out whole.

use std::path::Path;

/// The patterns of one option.
#[derive(Clone, Debug, Default)]
pub(in crate::cli) struct Patterns {
    patterns: Vec<String>,
}

impl Patterns {
    /// The patterns as given (a leading `/` or `./` is dropped).
    pub(in crate::cli) fn new(patterns: &[String]) -> Patterns {
        let patterns = patterns
            .iter()
            .map(|p| {
                p.trim_start_matches("./")
                    .trim_start_matches('/')
                    .to_string()
            })
            .filter(|p| !p.is_empty())
            .collect();
        Patterns { patterns }
    }

    /// Whether the entry at `rel` (its path below the directory, or in the set) matches.
    pub(in crate::cli) fn matches(&self, rel: &Path) -> bool {
        let path = rel.to_string_lossy();
        let name = rel
            .file_name()
            .map(|n| n.to_string_lossy())
            .unwrap_or_default();
        self.patterns.iter().any(|p| match p.contains('/') {
            true => glob(p.as_bytes(), path.as_bytes()),
            false => glob(p.as_bytes(), name.as_bytes()),
        })
    }
}

/// Whether `text` matches the glob `pattern` (see the [module documentation](self)).
fn glob(pattern: &[u8], text: &[u8]) -> bool {
    match pattern {
        [] => text.is_empty(),
        [b'*', b'*', rest @ ..] => {
            // `**/` also matches no directory at all.
            let rest_after_slash = rest.strip_prefix(b"/").unwrap_or(rest);
            (0..=text.len()).any(|i| glob(rest, &text[i..]))
                || (rest.starts_with(b"/") && glob(rest_after_slash, text))
        }
        [b'*', rest @ ..] => (0..=text.len())
            .take_while(|&i| i == 0 || text[i - 1] != b'/')
            .any(|i| glob(rest, &text[i..])),
        [b'?', rest @ ..] => matches!(text, [c, tail @ ..] if *c != b'/' && glob(rest, tail)),
        [c, rest @ ..] => matches!(text, [t, tail @ ..] if t == c && glob(rest, tail)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ex(patterns: &[&str]) -> Patterns {
        Patterns::new(&patterns.iter().map(|p| p.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn names_and_paths_match_as_documented() {
        let e = ex(&["node_modules", "*.o", "build/*.c", "docs/**", "./gen/?.h"]);
        for yes in [
            "node_modules",
            "lib/node_modules",
            "a.o",
            "src/deep/b.o",
            "build/x.c",
            "docs/a/b/c.md",
            "gen/a.h",
        ] {
            assert!(e.matches(Path::new(yes)), "{yes}");
        }
        for no in [
            "node_modules2",
            "a.oo",
            "build/sub/x.c",
            "src/build/x.c",
            "docs",
            "gen/ab.h",
            "main.c",
        ] {
            assert!(!e.matches(Path::new(no)), "{no}");
        }
        assert!(ex(&["**/tests"]).matches(Path::new("tests")));
        assert!(ex(&["**/tests"]).matches(Path::new("a/b/tests")));
        assert!(!ex(&[]).matches(Path::new("anything")));
    }
}
