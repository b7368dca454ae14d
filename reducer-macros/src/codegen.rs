//! Code generation: the pest parser of the normalized grammar (in a private module), the
//! static tables, the tree-building parse functions and the `Language` implementation.

use crate::normalize::Kind;
use crate::tables::TableData;
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::ItemStruct;

/// The call limit of pest per parse is `CALL_LIMIT_BASE + CALL_LIMIT_PER_BYTE * input length`:
/// generous for real inputs, but it ends exponential backtracking in bounded time.
const CALL_LIMIT_BASE: usize = 10_000_000;
/// See [`CALL_LIMIT_BASE`].
const CALL_LIMIT_PER_BYTE: usize = 1_000;

/// Inputs up to this many bytes that fail to parse are parsed again with pest's error detail
/// on, which names the literals expected where parsing stopped (a second parse of a small
/// input; large inputs keep the rule-level expectations).
const DETAIL_LIMIT: usize = 16 * 1024;

/// What the generator needs besides the tables.
pub struct Input<'a> {
    /// The struct the attribute is on.
    pub item: &'a ItemStruct,
    /// Display name.
    pub name: String,
    /// File extensions.
    pub extensions: Vec<String>,
    /// Start rule id.
    pub start: usize,
    /// The ids of the identifier rules.
    pub identifiers: Vec<u16>,
    /// Normalized grammar text.
    pub grammar: String,
    /// Warnings to show the user.
    pub warnings: Vec<String>,
    /// Absolute path of the grammar file (rebuild dependency).
    pub path: String,
    /// Span of the grammar literal (for warnings).
    pub span: Span,
}

/// The name of the generated atomic rule that wraps the grammar's `COMMENT`.
const COMMENT_WRAPPER: &str = "reducer_comment__";

/// Whether the struct derives `Default` (then no `impl Default` is generated).
fn derives_default(item: &ItemStruct) -> bool {
    item.attrs.iter().any(|a| {
        a.path().is_ident("derive")
            && a.meta
                .require_list()
                .is_ok_and(|l| l.tokens.to_string().contains("Default"))
    })
}

/// What stands in for the generated items when the macro reports an error: the inherent
/// items and the `Language` and `Default` impls, none of them callable, so that the
/// macro's error is the only one (no "`Language` is not implemented" after it).
pub fn stub(item: &ItemStruct) -> TokenStream {
    let ty = &item.ident;
    let default_impl = (!derives_default(item)).then(|| {
        quote! {
            impl ::core::default::Default for #ty {
                fn default() -> Self {
                    ::core::unreachable!()
                }
            }
        }
    });
    quote! {
        #default_impl

        #[allow(dead_code)]
        impl #ty {
            pub const GRAMMAR_WARNINGS: &'static [&'static str] = &[];

            pub fn rule_id(_: &str) -> ::core::option::Option<::reducer_core::RuleId> {
                ::core::unreachable!()
            }
        }

        impl ::reducer_core::Language for #ty {
            fn name(&self) -> &'static str {
                ::core::unreachable!()
            }
            fn extensions(&self) -> &'static [&'static str] {
                ::core::unreachable!()
            }
            fn tables(&self) -> &'static ::reducer_core::Tables {
                ::core::unreachable!()
            }
            fn start_rule(&self) -> ::reducer_core::RuleId {
                ::core::unreachable!()
            }
            fn normalized_grammar(&self) -> &'static str {
                ::core::unreachable!()
            }
            fn parse(&self, _: &str) -> ::core::result::Result<::reducer_core::Tree, ::reducer_core::ParseError> {
                ::core::unreachable!()
            }
            fn parse_prefix(
                &self,
                _: ::reducer_core::RuleId,
                _: &str,
            ) -> ::core::result::Result<usize, ::reducer_core::ParseError> {
                ::core::unreachable!()
            }
        }
    }
}

/// The complete expansion of the attribute.
pub fn generate(input: &Input<'_>, tables: &TableData) -> TokenStream {
    let item = input.item;
    let ty = &item.ident;
    let module = format_ident!("__reducer_{}", ty);
    // A comment rule gets an atomic wrapper, so that the parser reports how long a comment
    // is (a silent rule leaves no pair to measure).
    let has_comment = tables.id("COMMENT").is_some_and(|i| tables.rules[i].hidden);
    let pest_grammar = if has_comment {
        format!("{}\n{COMMENT_WRAPPER} = @{{ COMMENT }}\n", input.grammar)
    } else {
        input.grammar.clone()
    };
    let pest = pest_generator::derive_parser(
        {
            let g = &pest_grammar;
            quote! { #[grammar_inline = #g] pub struct Parser; }
        },
        false,
    );
    let wrapper = format_ident!("{}", COMMENT_WRAPPER);
    let (wrapper_arm, comment_body) = if has_comment {
        (
            quote!(Rule::#wrapper => ::reducer_core::RuleId::MAX,),
            quote! {
                <Parser as ::pest::Parser<Rule>>::parse(Rule::#wrapper, text)
                    .ok()
                    .and_then(|pairs| pairs.map(|p| p.as_span().end()).max())
                    .filter(|&n| n > 0)
            },
        )
    } else {
        (quote!(), quote!(::core::option::Option::None))
    };
    let variants: Vec<_> = tables
        .rules
        .iter()
        .map(|r| format_ident!("r#{}", r.name))
        .collect();
    let ids = 0..tables.rules.len() as u16;
    let infos = tables.rules.iter().map(|r| {
        let name = &r.name;
        let derivation = format_ident!(
            "{}",
            match r.kind {
                Kind::Regular => "Regular",
                Kind::Star => "Star",
                Kind::Plus => "Plus",
                Kind::Optional => "Optional",
            }
        );
        let (token, hidden, nullable) = (r.token, r.hidden, r.nullable);
        let min = match &r.min_text {
            Some(t) => quote!(::core::option::Option::Some(#t)),
            None => quote!(::core::option::Option::None),
        };
        quote! {
            ::reducer_core::RuleInfo {
                name: #name,
                derivation: ::reducer_core::Derivation::#derivation,
                token: #token,
                hidden: #hidden,
                nullable: #nullable,
                min_text: #min,
            }
        }
    });
    let n_rules = tables.rules.len();
    let compat = &tables.compat;
    let n_compat = compat.len();
    let literals = &tables.literals;
    let n_literals = literals.len();
    let start = input.start as u16;
    let identifiers = &input.identifiers;
    let grammar = &input.grammar;
    let path = &input.path;
    let name = &input.name;
    let extensions = &input.extensions;
    let warning_texts = &input.warnings;
    let warnings = input.warnings.iter().map(|w| {
        quote_spanned! {input.span=>
            const _: () = {
                #[deprecated(note = #w)]
                #[allow(non_camel_case_types)]
                struct reducer_grammar_warning;
                let _ = reducer_grammar_warning;
            };
        }
    });
    let default_impl = (!derives_default(item)).then(|| {
        quote! {
            impl ::core::default::Default for #ty {
                fn default() -> Self {
                    #ty
                }
            }
        }
    });
    let (base, per_byte, detail_limit) = (CALL_LIMIT_BASE, CALL_LIMIT_PER_BYTE, DETAIL_LIMIT);
    quote! {
        #item

        #[doc(hidden)]
        #[allow(non_snake_case, non_camel_case_types, dead_code, unused_qualifications, missing_docs)]
        mod #module {
            #pest

            /// The pest parser of the normalized grammar.
            pub struct Parser;

            const _: &[u8] = include_bytes!(#path);

            /// The normalized grammar.
            pub const GRAMMAR: &str = #grammar;

            /// pest rules by rule id.
            pub static RULES: [Rule; #n_rules] = [#(Rule::#variants),*];

            /// The rule id of a pest rule.
            pub fn rule_id(rule: Rule) -> ::reducer_core::RuleId {
                match rule {
                    #(Rule::#variants => #ids,)*
                    #wrapper_arm
                }
            }

            /// The length of the comment at the start of `text`, if one starts there.
            pub fn comment_len(text: &str) -> ::core::option::Option<usize> {
                limit(text.len());
                #comment_body
            }

            /// Rule facts by rule id.
            pub static RULE_INFO: [::reducer_core::RuleInfo; #n_rules] = [#(#infos),*];
            /// The compatibility matrix.
            pub static COMPAT: [u64; #n_compat] = [#(#compat),*];
            /// Literal tokens, longest first.
            pub static LITERALS: [&str; #n_literals] = [#(#literals),*];
            /// The tables.
            pub static TABLES: ::reducer_core::Tables = ::reducer_core::Tables {
                rules: &RULE_INFO,
                compat: &COMPAT,
                literals: &LITERALS,
                identifiers: &[#(#identifiers),*],
            };

            /// Bounds pest's work for an input of `len` bytes.
            fn limit(len: usize) {
                ::pest::set_call_limit(::core::num::NonZeroUsize::new(#base + #per_byte * len));
            }

            /// A pest error as a `ParseError`.
            fn error(text: &str, e: ::pest::error::Error<Rule>) -> ::reducer_core::ParseError {
                let offset = match e.location {
                    ::pest::error::InputLocation::Pos(p) => p,
                    ::pest::error::InputLocation::Span((s, _)) => s,
                };
                let attempts = e.parse_attempts();
                match e.variant {
                    ::pest::error::ErrorVariant::ParsingError { positives, negatives } => {
                        let names = |rules: &[Rule]| -> ::std::vec::Vec<::std::string::String> {
                            rules.iter().map(|r| RULE_INFO[rule_id(*r) as usize].name.to_string()).collect()
                        };
                        let message = if negatives.is_empty() {
                            ::std::string::String::new()
                        } else {
                            format!("unexpected {}", names(&negatives).join(", "))
                        };
                        let mut expected = names(&positives);
                        let mut offset = offset;
                        // With pest's error detail on: the literals expected where parsing stopped.
                        if let ::core::option::Option::Some(attempts) = attempts {
                            let literals: ::std::vec::Vec<::std::string::String> = attempts
                                .expected_tokens()
                                .into_iter()
                                .map(|t| t.to_string())
                                .filter(|t| t != "BUILTIN_RULE" && !t.trim().is_empty())
                                .map(|t| format!("{t:?}"))
                                .collect();
                            if !literals.is_empty() {
                                offset = attempts.max_position;
                                expected = literals;
                            }
                        }
                        ::reducer_core::ParseError::at(text, offset, expected, message)
                    }
                    ::pest::error::ErrorVariant::CustomError { message } => {
                        ::reducer_core::ParseError::at(text, offset, ::std::vec::Vec::new(), message)
                    }
                }
            }

            /// Parses `text` with the start rule into a tree.
            pub fn parse_tree(text: &str) -> ::core::result::Result<::reducer_core::Tree, ::reducer_core::ParseError> {
                limit(text.len());
                let pairs = match <Parser as ::pest::Parser<Rule>>::parse(RULES[#start as usize], text) {
                    ::core::result::Result::Ok(pairs) => pairs,
                    ::core::result::Result::Err(e) if text.len() > #detail_limit => return ::core::result::Result::Err(error(text, e)),
                    // Small inputs: parse again with pest's error detail for the expected literals.
                    ::core::result::Result::Err(e) => {
                        ::pest::set_error_detail(true);
                        let again = <Parser as ::pest::Parser<Rule>>::parse(RULES[#start as usize], text);
                        ::pest::set_error_detail(false);
                        return ::core::result::Result::Err(error(text, again.err().unwrap_or(e)));
                    }
                };
                let mut builder = ::reducer_core::TreeBuilder::new(text, &RULE_INFO, &LITERALS);
                let mut end = 0usize;
                for token in pairs.tokens() {
                    match token {
                        ::pest::Token::Start { rule, pos } => builder.open(rule_id(rule), pos.pos()),
                        ::pest::Token::End { pos, .. } => {
                            end = end.max(pos.pos());
                            builder.close(pos.pos());
                        }
                    }
                }
                if !text[end..].trim_start().is_empty() {
                    return ::core::result::Result::Err(::reducer_core::ParseError::at(
                        text,
                        end,
                        ::std::vec::Vec::new(),
                        "unexpected text after the input",
                    ));
                }
                ::core::result::Result::Ok(builder.finish(#start))
            }

            /// Runs rule `rule` at the start of `text`; the number of bytes it matched.
            pub fn parse_prefix(
                rule: ::reducer_core::RuleId,
                text: &str,
            ) -> ::core::result::Result<usize, ::reducer_core::ParseError> {
                let ::core::option::Option::Some(&pest_rule) = RULES.get(rule as usize) else {
                    return ::core::result::Result::Err(::reducer_core::ParseError::at(
                        text,
                        0,
                        ::std::vec::Vec::new(),
                        format!("no rule with id {rule}"),
                    ));
                };
                limit(text.len());
                let pairs = <Parser as ::pest::Parser<Rule>>::parse(pest_rule, text).map_err(|e| error(text, e))?;
                ::core::result::Result::Ok(pairs.map(|p| p.as_span().end()).max().unwrap_or(0))
            }
        }

        #(#warnings)*

        #default_impl

        impl #ty {
            /// Warnings the `#[reducer]` macro reported about the grammar (also at the top of
            /// the normalized grammar).
            pub const GRAMMAR_WARNINGS: &'static [&'static str] = &[#(#warning_texts),*];

            /// The id of the rule called `name` in the normalized grammar.
            pub fn rule_id(name: &str) -> ::core::option::Option<::reducer_core::RuleId> {
                #module::RULE_INFO.iter().position(|r| r.name == name).map(|i| i as ::reducer_core::RuleId)
            }
        }

        impl ::reducer_core::Language for #ty {
            fn name(&self) -> &'static str {
                #name
            }
            fn extensions(&self) -> &'static [&'static str] {
                &[#(#extensions),*]
            }
            fn tables(&self) -> &'static ::reducer_core::Tables {
                &#module::TABLES
            }
            fn start_rule(&self) -> ::reducer_core::RuleId {
                #start
            }
            fn normalized_grammar(&self) -> &'static str {
                #module::GRAMMAR
            }
            fn parse(&self, text: &str) -> ::core::result::Result<::reducer_core::Tree, ::reducer_core::ParseError> {
                #module::parse_tree(text)
            }
            fn parse_prefix(
                &self,
                rule: ::reducer_core::RuleId,
                text: &str,
            ) -> ::core::result::Result<usize, ::reducer_core::ParseError> {
                #module::parse_prefix(rule, text)
            }

            fn comment_len(&self, text: &str) -> ::core::option::Option<usize> {
                #module::comment_len(text)
            }
        }
    }
}
