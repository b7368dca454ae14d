//! Parsing the attribute arguments: `grammar = "..."` (required), `start = "..."`,
//! `name = "..."`, `extensions = ["...", ...]`, `identifiers = ["...", ...]`,
//! `stand_ins(rule = ["...", ...], ...)`.

use proc_macro2::{Span, TokenStream};
use syn::punctuated::Punctuated;
use syn::{LitStr, Token};

/// The arguments of `#[reducer(...)]`.
pub struct Args {
    /// Path of the grammar, relative to the invoking source file (like `include_str!`).
    pub grammar: LitStr,
    /// Start rule (default: the first visible rule, other than `WHITESPACE` and `COMMENT`,
    /// that begins with `SOI`).
    pub start: Option<LitStr>,
    /// Display name (default: the struct's name).
    pub name: Option<LitStr>,
    /// File extensions without the dot (default: the grammar file's stem).
    pub extensions: Option<Vec<LitStr>>,
    /// The atomic rules whose tokens are identifiers (default: the atomic rules named
    /// `identifier` and `identifier_name`).
    pub identifiers: Option<Vec<LitStr>>,
    /// Texts that may stand in a rule's slot besides its shortest text, each rule with its
    /// texts (`stand_ins(instr = ["unreachable"])`), in the order written.
    pub stand_ins: Vec<(syn::Ident, Vec<LitStr>)>,
}

impl Args {
    /// Parses the attribute's token stream; errors point at the offending argument.
    pub fn parse(attr: TokenStream) -> syn::Result<Args> {
        let (mut grammar, mut start, mut name) = (None, None, None);
        let (mut extensions, mut identifiers) = (None, None);
        let mut stand_ins = Vec::new();
        let list = |meta: &syn::meta::ParseNestedMeta| -> syn::Result<Vec<LitStr>> {
            let value = meta.value()?;
            let content;
            syn::bracketed!(content in value);
            let list = Punctuated::<LitStr, Token![,]>::parse_terminated(&content)?;
            Ok(list.into_iter().collect())
        };
        let parser = syn::meta::parser(|meta| {
            let set =
                |slot: &mut Option<LitStr>, meta: &syn::meta::ParseNestedMeta| -> syn::Result<()> {
                    if slot.is_some() {
                        return Err(meta.error("duplicate argument"));
                    }
                    *slot = Some(meta.value()?.parse()?);
                    Ok(())
                };
            if meta.path.is_ident("grammar") {
                set(&mut grammar, &meta)
            } else if meta.path.is_ident("start") {
                set(&mut start, &meta)
            } else if meta.path.is_ident("name") {
                set(&mut name, &meta)
            } else if meta.path.is_ident("extensions") {
                extensions = Some(list(&meta)?);
                Ok(())
            } else if meta.path.is_ident("identifiers") {
                identifiers = Some(list(&meta)?);
                Ok(())
            } else if meta.path.is_ident("stand_ins") {
                meta.parse_nested_meta(|rule| {
                    let name = rule.path.get_ident().cloned().ok_or_else(|| {
                        rule.error("expected a rule name: stand_ins(rule = [\"text\", ...])")
                    })?;
                    stand_ins.push((name, list(&rule)?));
                    Ok(())
                })
            } else {
                Err(meta.error("unknown argument of #[reducer]; expected `grammar`, `start`, `name`, `extensions`, `identifiers` or `stand_ins`"))
            }
        });
        syn::parse::Parser::parse2(parser, attr)?;
        let grammar = grammar.ok_or_else(|| {
            syn::Error::new(
                Span::call_site(),
                "missing argument: #[reducer(grammar = \"path/to/grammar.pest\")]",
            )
        })?;
        Ok(Args {
            grammar,
            start,
            name,
            extensions,
            identifiers,
            stand_ins,
        })
    }
}
