//! Routing the generated pest parser through `reducer_core::runtime::record`: every
//! `state.rule(Rule::x, f)`, `state.sequence(f)` and `state.lookahead(b, f)` call in the
//! code pest's generator wrote becomes a call of the hook of the same name (with the rule's
//! id after the rule), so that a parse can build the tree as it goes instead of queueing
//! pest's tokens. With no recording active the hooks only pass the call on, so the parser
//! behaves exactly as pest generated it.

use proc_macro2::{Delimiter, Group, Ident, Literal, TokenStream, TokenTree};
use quote::quote;

/// What [`route`] needs to know about the grammar.
pub struct Routing<'a> {
    /// The id of a rule by name (`u16::MAX` for rules the tables do not know).
    pub rule_id: &'a dyn Fn(&str) -> u16,
    /// Functions whose bodies are left as pest wrote them, by their name as written (`r#x`
    /// for rule `x`): the rule that starts a recording (its own lookahead must not count as
    /// one of the grammar's), and pest's `skip`, whose sequences never fail but through a
    /// failed rule call (which undoes itself), so they need no hook.
    pub unrouted: &'a [&'a str],
    /// The grammar has no compound-atomic or non-atomic rule: inside an atomic rule nothing
    /// is recorded.
    pub atomic_records_nothing: bool,
}

/// Routes `code` (pest's generated parser) through the hooks.
pub fn route(code: TokenStream, routing: &Routing<'_>) -> TokenStream {
    let tokens: Vec<TokenTree> = code.into_iter().collect();
    let mut out = TokenStream::new();
    let mut i = 0;
    while i < tokens.len() {
        // `fn <unrouted>(…) -> … { … }`: copied up to and including its body.
        if is_ident(&tokens[i], "fn")
            && tokens.get(i + 1).is_some_and(
                |t| matches!(t, TokenTree::Ident(id) if routing.unrouted.contains(&id.to_string().as_str())),
            )
        {
            while i < tokens.len() {
                let body =
                    matches!(&tokens[i], TokenTree::Group(g) if g.delimiter() == Delimiter::Brace);
                out.extend([tokens[i].clone()]);
                i += 1;
                if body {
                    break;
                }
            }
            continue;
        }
        // `state . method ( args )`
        if let (Some(TokenTree::Ident(method)), Some(TokenTree::Group(args))) =
            (tokens.get(i + 2), tokens.get(i + 3))
        {
            let hooked = ["rule", "sequence", "lookahead"].contains(&method.to_string().as_str());
            if hooked
                && is_ident(&tokens[i], "state")
                && matches!(&tokens[i + 1], TokenTree::Punct(p) if p.as_char() == '.')
                && args.delimiter() == Delimiter::Parenthesis
            {
                let args = route(args.stream(), routing);
                let args = if method == "rule" {
                    with_rule_id(args, routing.rule_id)
                } else if method == "sequence" {
                    let flag = routing.atomic_records_nothing;
                    quote!(#flag, #args)
                } else {
                    args
                };
                let hook = Ident::new(&method.to_string(), method.span());
                out.extend(quote!(::reducer_core::runtime::record::#hook(state, #args)));
                i += 4;
                continue;
            }
        }
        match &tokens[i] {
            TokenTree::Group(g) => {
                let mut routed = Group::new(g.delimiter(), route(g.stream(), routing));
                routed.set_span(g.span());
                out.extend([TokenTree::Group(routed)]);
            }
            t => out.extend([t.clone()]),
        }
        i += 1;
    }
    out
}

/// `Rule::x, f` → `Rule::x, <id of x>, f`.
fn with_rule_id(args: TokenStream, rule_id: &dyn Fn(&str) -> u16) -> TokenStream {
    let tokens: Vec<TokenTree> = args.into_iter().collect();
    let comma = tokens
        .iter()
        .position(|t| matches!(t, TokenTree::Punct(p) if p.as_char() == ','))
        .expect("pest's rule call has a rule and a closure");
    let name = tokens[..comma]
        .iter()
        .rev()
        .find_map(|t| match t {
            TokenTree::Ident(id) => Some(unraw(id)),
            _ => None,
        })
        .expect("pest's rule call names its rule");
    let id = TokenTree::Literal(Literal::u16_suffixed(rule_id(&name)));
    let mut out: TokenStream = tokens[..=comma].iter().cloned().collect();
    out.extend([id]);
    out.extend(quote!(,));
    out.extend(tokens[comma + 1..].iter().cloned());
    out
}

fn is_ident(t: &TokenTree, name: &str) -> bool {
    matches!(t, TokenTree::Ident(id) if id == name)
}

/// An identifier's name without the `r#` of a raw identifier.
fn unraw(id: &Ident) -> String {
    let s = id.to_string();
    s.strip_prefix("r#").map_or(s.clone(), str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pests_calls_go_through_the_hooks_with_rule_ids() {
        let code = quote! {
            pub fn r#a(state: S) -> R {
                state.rule(Rule::r#a, |state| state.sequence(|state| {
                    state.lookahead(false, |state| self::r#b(state)).and_then(|state| state.optional(|state| state.rule(Rule::EOI, |state| state.end_of_input())))
                }))
            }
            pub fn r#record(state: S) -> R {
                state.rule(Rule::r#record, |state| state.lookahead(true, |state| self::r#a(state)))
            }
        };
        let ids = |name: &str| match name {
            "a" => 0,
            "EOI" => 7,
            _ => u16::MAX,
        };
        let routing = Routing {
            rule_id: &ids,
            unrouted: &["r#record"],
            atomic_records_nothing: true,
        };
        let routed = route(code, &routing).to_string();
        let expected = quote! {
            pub fn r#a(state: S) -> R {
                ::reducer_core::runtime::record::rule(state, Rule::r#a, 0u16, |state| ::reducer_core::runtime::record::sequence(state, true, |state| {
                    ::reducer_core::runtime::record::lookahead(state, false, |state| self::r#b(state)).and_then(|state| state.optional(|state| ::reducer_core::runtime::record::rule(state, Rule::EOI, 7u16, |state| state.end_of_input())))
                }))
            }
            pub fn r#record(state: S) -> R {
                state.rule(Rule::r#record, |state| state.lookahead(true, |state| self::r#a(state)))
            }
        };
        assert_eq!(routed, expected.to_string());
    }
}
