//! Code generation: the pest parser of the normalized grammar (in a private module), the
//! static tables, the `reducer_core::runtime::PestGrammar` facts about the parser and the
//! `Language` implementation, whose parsing is `reducer_core::runtime`'s.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use reducer_grammar::{Kind, TableData};
use syn::ItemStruct;

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
    /// The declared stand-in texts, each with its rule's id.
    pub stand_ins: Vec<(u16, String)>,
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

/// The name of the generated rule `{ &start }` that runs a recorded parse.
const RECORD_RULE: &str = "reducer_record__";

/// Whether the start rule is a sequence `SOI ~ … ~ EOI` (so that a parse that succeeds has
/// matched the whole input): then whole inputs are parsed with the tree recorded as pest
/// parses (`reducer_core::runtime::record`).
fn start_spans_the_input(grammar: &str, start: &str) -> bool {
    grammar.lines().any(|l| {
        l.strip_prefix(&format!("{start} = {{ SOI ~ "))
            .is_some_and(|rest| rest.trim_end().ends_with(" ~ EOI }"))
    })
}

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
    let mut pest_grammar = input.grammar.clone();
    if has_comment {
        pest_grammar.push_str(&format!("\n{COMMENT_WRAPPER} = @{{ COMMENT }}\n"));
    }
    // Whole inputs are parsed with the start rule inside a lookahead, where pest queues no
    // tokens, and the tree recorded by the hooks the parser is routed through.
    let start_name = &tables.rules[input.start].name;
    let records = start_spans_the_input(&input.grammar, start_name);
    if records {
        pest_grammar.push_str(&format!("\n{RECORD_RULE} = {{ &{start_name} }}\n"));
    }
    let pest = pest_generator::derive_parser(
        {
            let g = &pest_grammar;
            quote! { #[grammar_inline = #g] pub struct Parser; }
        },
        false,
    );
    let rule_id = |name: &str| tables.id(name).map_or(u16::MAX, |i| i as u16);
    let record_fn = format!("r#{RECORD_RULE}");
    let routing = crate::hooks::Routing {
        rule_id: &rule_id,
        unrouted: &[&record_fn, "skip"],
        atomic_records_nothing: !input
            .grammar
            .lines()
            .any(|l| l.contains(" = ${") || l.contains(" = !{")),
    };
    let pest = crate::hooks::route(pest, &routing);
    let wrapper = format_ident!("{}", COMMENT_WRAPPER);
    let (wrapper_arm, comment_rule) = if has_comment {
        (
            quote!(Rule::#wrapper => ::reducer_core::RuleId::MAX,),
            quote!(::core::option::Option::Some(Rule::#wrapper)),
        )
    } else {
        (quote!(), quote!(::core::option::Option::None))
    };
    let record = format_ident!("{}", RECORD_RULE);
    let (record_arm, record_rule) = if records {
        (
            quote!(Rule::#record => ::reducer_core::RuleId::MAX,),
            quote!(::core::option::Option::Some(Rule::#record)),
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
    let layout = tables.layout.iter().map(|&i| i as u16);
    let separated = tables.separated.iter().map(|sep| {
        let (element, item, list, whole) = (
            sep.element as u16,
            sep.item as u16,
            sep.list as u16,
            sep.whole,
        );
        let separator = match &sep.separator {
            Some(t) => quote!(::core::option::Option::Some(#t)),
            None => quote!(::core::option::Option::None),
        };
        quote! {
            ::reducer_core::Separated {
                element: #element,
                item: #item,
                separator: #separator,
                list: #list,
                whole: #whole,
            }
        }
    });
    let start = input.start as u16;
    let identifiers = &input.identifiers;
    let stand_in_rules = input.stand_ins.iter().map(|(r, _)| *r);
    let stand_in_texts = input.stand_ins.iter().map(|(_, t)| t.as_str());
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
                separated: &[#(#separated),*],
                layout: &[#(#layout),*],
                stand_ins: &[#((#stand_in_rules, #stand_in_texts)),*],
            };

            impl ::reducer_core::runtime::PestGrammar for Parser {
                type Rule = Rule;
                const START: ::reducer_core::RuleId = #start;
                const COMMENT: ::core::option::Option<Rule> = #comment_rule;
                const RECORD: ::core::option::Option<Rule> = #record_rule;
                fn rules() -> &'static [Rule] {
                    &RULES
                }
                fn rule_id(rule: Rule) -> ::reducer_core::RuleId {
                    match rule {
                        #(Rule::#variants => #ids,)*
                        #wrapper_arm
                        #record_arm
                    }
                }
                fn tables() -> &'static ::reducer_core::Tables {
                    &TABLES
                }
                fn parse(
                    rule: Rule,
                    text: &str,
                ) -> ::core::result::Result<::pest::iterators::Pairs<'_, Rule>, ::pest::error::Error<Rule>> {
                    <Parser as ::pest::Parser<Rule>>::parse(rule, text)
                }
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
                ::reducer_core::runtime::parse_tree::<#module::Parser>(text)
            }
            fn parse_shared(
                &self,
                text: ::std::sync::Arc<str>,
            ) -> ::core::result::Result<::reducer_core::Tree, ::reducer_core::ParseError> {
                ::reducer_core::runtime::parse_shared::<#module::Parser>(text)
            }
            fn parse_prefix(
                &self,
                rule: ::reducer_core::RuleId,
                text: &str,
            ) -> ::core::result::Result<usize, ::reducer_core::ParseError> {
                ::reducer_core::runtime::parse_prefix::<#module::Parser>(rule, text)
            }

            fn comment_len(&self, text: &str) -> ::core::option::Option<usize> {
                ::reducer_core::runtime::comment_len::<#module::Parser>(text)
            }
            fn accepts(&self, text: &str) -> bool {
                ::reducer_core::runtime::accepts::<#module::Parser>(text)
            }
        }
    }
}
