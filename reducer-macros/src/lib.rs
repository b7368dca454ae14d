//! `#[reducer(grammar = "...")]`: turns a pest grammar into a compiled, specialised reducer
//! language for `reducer-core`.
//!
//! ```ignore
//! #[reducer(grammar = "../grammars/c.pest", start = "translation_unit", name = "C", extensions = ["c", "h"])]
//! pub struct C;
//! ```
//!
//! A thin wrapper: it parses the attribute (`attr`), hands the grammar to the
//! `reducer-grammar` library and emits what that computed (`codegen`). At build time it
//! 1. reads the grammar (path relative to the invoking source file, like `include_str!`; the
//!    crate rebuilds when the file changes);
//! 2. calls `reducer_grammar::analyze`, which reads it (every problem a compile error at the
//!    attribute, quoting the grammar's line and column), rewrites it into Perses Normal Form
//!    (element wrapper rules for every quantifier, list idioms and direct left recursion
//!    turned into quantifiers, pure-choice slot rules made visible; warnings become
//!    `deprecated` lints at the attribute and comments at the top of the normalized grammar)
//!    and computes the tables (derivation kinds, nullability, the compatibility matrix,
//!    minimal replacement texts checked with `pest_vm`, literals);
//! 3. generates the pest parser of the normalized grammar in a private module
//!    `__reducer_<Struct>`, the static tables, `impl reducer_core::runtime::PestGrammar` for
//!    the parser, and `impl reducer_core::Language for <Struct>` (parsing is
//!    `reducer_core::runtime`'s) plus `impl Default`, `<Struct>::GRAMMAR_WARNINGS` and
//!    `<Struct>::rule_id(name)`.
//!
//! When it reports an error, the struct is kept with inert stand-ins for those impls, so
//! that the error is the only one.
//!
//! Defaults: `start` = the first visible rule, other than `WHITESPACE` and `COMMENT`, whose
//! expression begins with `SOI` (a compile error when there is none), `name` = the struct's name,
//! `extensions` = the grammar file's stem. The invoking crate must depend on `pest` and
//! `reducer-core`.
//!
//! # Measurements
//!
//! See `README.md` of this crate (compile time of `generated-example`, parse throughput).

mod attr;
mod codegen;
mod hooks;

use proc_macro::TokenStream;
use quote::quote;
use std::path::{Path, PathBuf};
use syn::{Fields, ItemStruct, LitStr};

/// Generates a `reducer_core::Language` for a unit struct from a pest grammar.
///
/// Arguments: `grammar = "path.pest"` (required, relative to this source file),
/// `start = "rule"`, `name = "Display name"`, `extensions = ["ext", ...]`,
/// `identifiers = ["rule", ...]`, `stand_ins(rule = ["text", ...], ...)`.
#[proc_macro_attribute]
pub fn reducer(attr: TokenStream, item: TokenStream) -> TokenStream {
    let item2: proc_macro2::TokenStream = item.into();
    match expand(attr.into(), item2.clone()) {
        Ok(ts) => ts.into(),
        Err(e) => {
            // The error, the item unchanged, and inert impls of what the macro would have
            // generated, so that uses of the struct do not add errors of their own.
            let err = e.to_compile_error();
            let stub = syn::parse2::<ItemStruct>(item2.clone())
                .ok()
                .filter(|s| s.generics.params.is_empty())
                .map(|s| codegen::stub(&s));
            quote!(#item2 #err #stub).into()
        }
    }
}

/// Everything that can fail, as a `syn::Error` at the right span.
fn expand(
    attr: proc_macro2::TokenStream,
    item: proc_macro2::TokenStream,
) -> syn::Result<proc_macro2::TokenStream> {
    let args = attr::Args::parse(attr)?;
    let item: ItemStruct = syn::parse2(item)?;
    if !matches!(item.fields, Fields::Unit) || !item.generics.params.is_empty() {
        return Err(syn::Error::new_spanned(
            &item.ident,
            "#[reducer] needs a unit struct without generics, e.g. `pub struct Json;`",
        ));
    }
    let lit = &args.grammar;
    let path = resolve(lit);
    let text = std::fs::read_to_string(&path)
        .map_err(|e| {
            let msg = format!("cannot read grammar `{}` (paths are relative to the directory of this source file): {e}", lit.value());
            syn::Error::new(lit.span(), msg)
        })?;
    let label = lit.value();
    let analysis = reducer_grammar::analyze(&text, &label).map_err(|messages| {
        let mut errors = messages.into_iter().map(|m| syn::Error::new(lit.span(), m));
        let mut first = errors.next().expect("at least one error");
        errors.for_each(|e| first.combine(e));
        first
    })?;
    let start = match &args.start {
        Some(s) => analysis.start_rule(&s.value()).ok_or_else(|| {
            syn::Error::new(
                s.span(),
                format!("start rule `{}` is not a visible rule of the grammar", s.value()),
            )
        })?,
        None => analysis
            .default_start()
            .and_then(|name| analysis.start_rule(name))
            .ok_or_else(|| {
                syn::Error::new(
                    lit.span(),
                    "no start rule: no visible rule of the grammar begins with `SOI`; write the start rule as `file = { SOI ~ ... ~ EOI }`, or name it with `start = \"rule\"`",
                )
            })?,
    };
    let extensions = match &args.extensions {
        Some(list) => list.iter().map(LitStr::value).collect(),
        None => path
            .file_stem()
            .map(|s| vec![s.to_string_lossy().into_owned()])
            .unwrap_or_default(),
    };
    let identifiers = identifier_rules(&analysis, args.identifiers.as_deref())?;
    let stand_ins = stand_in_texts(&analysis, &args.stand_ins)?;
    let absolute = path.canonicalize().unwrap_or(path);
    let input = codegen::Input {
        item: &item,
        name: args
            .name
            .as_ref()
            .map_or_else(|| item.ident.to_string(), LitStr::value),
        extensions,
        start,
        identifiers,
        stand_ins,
        grammar: analysis.normalized.text(),
        warnings: analysis
            .normalized
            .warnings
            .iter()
            .map(|w| format!("{label}: {w}"))
            .collect(),
        path: absolute.to_string_lossy().into_owned(),
        span: lit.span(),
    };
    Ok(codegen::generate(&input, &analysis.tables))
}

/// The ids of the identifier rules: those named by `identifiers = [...]` (each must be a
/// visible atomic rule), else the atomic rules named `identifier` and `identifier_name`.
fn identifier_rules(
    analysis: &reducer_grammar::Analysis,
    named: Option<&[LitStr]>,
) -> syn::Result<Vec<u16>> {
    let Some(named) = named else {
        return Ok(analysis
            .default_identifiers()
            .into_iter()
            .map(|i| i as u16)
            .collect());
    };
    named
        .iter()
        .map(|lit| {
            analysis.identifier_rule(&lit.value()).map(|i| i as u16).ok_or_else(|| {
                syn::Error::new(
                    lit.span(),
                    format!(
                        "identifier rule `{}` is not a visible atomic rule (`@{{ ... }}`) of the grammar",
                        lit.value()
                    ),
                )
            })
        })
        .collect()
}

/// The declared stand-in texts with their rules' ids (each rule must be a visible rule).
fn stand_in_texts(
    analysis: &reducer_grammar::Analysis,
    declared: &[(syn::Ident, Vec<LitStr>)],
) -> syn::Result<Vec<(u16, String)>> {
    let mut out = Vec::new();
    for (rule, texts) in declared {
        let name = rule.to_string();
        let id = analysis.start_rule(&name).ok_or_else(|| {
            syn::Error::new(
                rule.span(),
                format!("stand-in rule `{name}` is not a visible rule of the grammar"),
            )
        })?;
        out.extend(texts.iter().map(|t| (id as u16, t.value())));
    }
    Ok(out)
}

/// The grammar file named by `lit`: relative to the directory of the invoking source file
/// (like `include_str!`), else to the crate's manifest directory.
fn resolve(lit: &LitStr) -> PathBuf {
    let rel = PathBuf::from(lit.value());
    if rel.is_absolute() {
        return rel;
    }
    let source_dir = std::panic::catch_unwind(|| lit.span().unwrap().local_file())
        .ok()
        .flatten()
        .and_then(|f| f.parent().map(Path::to_path_buf));
    if let Some(dir) = source_dir {
        return dir.join(&rel);
    }
    let manifest = std::env::var("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .unwrap_or_default();
    let candidate = manifest.join(&rel);
    if candidate.exists() {
        candidate
    } else {
        manifest.join("src").join(rel)
    }
}
