//! The input: read as bytes, decoded and parsed, or set aside for the fallback when the
//! grammar rejects it.

use super::exit::{fail, Exit, Failure};
use super::inspect::{decode, not_utf8, parse_error, parse_warning};
use super::progress::Size;
use crate::syntax::language::Language;
use crate::syntax::tree::Tree;
use std::path::{Path, PathBuf};

/// The input, read and (for a language) parsed.
pub(super) struct Input {
    pub(super) path: PathBuf,
    pub(super) bytes: Vec<u8>,
    pub(super) tree: Option<Tree>,
    /// Why the grammar does not read the input (`FILE:LINE:COL: warning: …`, with an
    /// excerpt), when it is to be reduced with the fallback.
    pub(super) rejected: Option<Rejected>,
}

/// An input the grammar does not read.
pub(super) struct Rejected {
    /// Where and why, as a warning.
    pub(super) warning: String,
    /// The input is UTF-8 text (the grammar rejected it), not bytes.
    pub(super) utf8: bool,
}

impl Input {
    pub(super) fn size(&self) -> Size {
        Size {
            bytes: self.bytes.len(),
            tokens: self.tree.as_ref().map(|t| t.tokens() as usize),
        }
    }
}

pub(super) fn read_bytes(path: &Path) -> Result<Vec<u8>, Failure> {
    std::fs::read(path).or_else(|e| fail(Exit::Usage, format!("{}: {e}", path.display())))
}

/// Decodes and parses the input's bytes (for a language). An input the grammar does not read
/// is refused with `refuse` (`--no-fallback`), and otherwise comes back without a tree and
/// with the reason.
pub(super) fn parse_input(
    bin: &str,
    lang: Option<&dyn Language>,
    path: &Path,
    bytes: Vec<u8>,
    refuse: bool,
) -> Result<Input, Failure> {
    let untouched = |bytes: Vec<u8>, rejected: Option<Rejected>| Input {
        path: path.to_path_buf(),
        bytes,
        tree: None,
        rejected,
    };
    let Some(lang) = lang else {
        return Ok(untouched(bytes, None));
    };
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) if !refuse => {
            let warning = not_utf8(path, e.as_bytes(), Some("warning"));
            let rejected = Rejected {
                warning,
                utf8: false,
            };
            return Ok(untouched(e.into_bytes(), Some(rejected)));
        }
        Err(e) => {
            return fail(Exit::Parse, decode(path, e.into_bytes(), bin).unwrap_err());
        }
    };
    match lang.parse(&text) {
        Ok(tree) => Ok(Input {
            path: path.to_path_buf(),
            tree: Some(tree),
            bytes: text.into_bytes(),
            rejected: None,
        }),
        Err(e) if !refuse => {
            let warning = parse_warning(path, &text, &e);
            let rejected = Rejected {
                warning,
                utf8: true,
            };
            Ok(untouched(text.into_bytes(), Some(rejected)))
        }
        Err(e) => fail(
            Exit::Parse,
            format!(
                "{}\nthe input does not parse as {}: nothing can be reduced (see --parse-only)",
                parse_error(path, &text, &e),
                lang.name()
            ),
        ),
    }
}
