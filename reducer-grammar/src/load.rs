//! Reading a grammar: pest text → `pest_meta` AST, with direct left recursion made
//! acceptable to `consume_rules` (pest rejects it; [`crate::normalize`] rewrites it).

use pest::iterators::Pair;
use pest_meta::ast::Rule;
use pest_meta::parser::{self, rename_meta_rule, Rule as Meta};
use std::fmt::Write;

/// Prefix of the placeholder that stands for a directly left-recursive self reference.
pub const LR_PREFIX: &str = "__lr_";

/// A grammar read from text, ready for normalization.
#[derive(Debug)]
pub struct Loaded {
    /// The rules in grammar order. Direct left-recursive self references appear as
    /// `Ident("__lr_<rule>")` at the head of an alternative.
    pub rules: Vec<Rule>,
    /// Names of the rules whose direct left recursion was renamed.
    pub left_recursive: Vec<String>,
    /// Built-in rules the grammar uses (`EOI`, `ANY`, ...).
    pub builtins: Vec<String>,
}

/// Reads pest grammar `text`. Errors are pest diagnostics (with line, column and the quoted
/// grammar line), `label` standing for the file name.
pub fn load(text: &str, label: &str) -> Result<Loaded, Vec<String>> {
    let render = |e: pest::error::Error<Meta>| {
        format!(
            "invalid grammar:\n{}",
            e.renamed_rules(rename_meta_rule).with_path(label)
        )
    };
    let pairs = parser::parse(Meta::grammar_rules, text).map_err(|e| vec![render(e)])?;
    let builtins: Vec<String> = pest_meta::validator::validate_pairs(pairs.clone())
        .map_err(|es| es.into_iter().map(render).collect::<Vec<_>>())?
        .into_iter()
        .map(str::to_owned)
        .collect();

    // Direct left recursion: `consume_rules` rejects it, so the self reference at the head of
    // an alternative is renamed to a placeholder rule and rewritten later (see normalize).
    let mut renames: Vec<(usize, usize, String)> = Vec::new();
    for rule in pairs
        .clone()
        .flatten()
        .filter(|p| p.as_rule() == Meta::grammar_rule)
    {
        let mut inner = rule.into_inner();
        let Some(name) = inner.next() else { continue };
        let name = name.as_str().to_owned();
        let Some(expr) = inner.find(|p| p.as_rule() == Meta::expression) else {
            continue;
        };
        for (start, end) in alternative_heads(expr, &name) {
            renames.push((start, end, name.clone()));
        }
    }
    if renames.is_empty() {
        let rules = parser::consume_rules(pairs)
            .map_err(|es| es.into_iter().map(render).collect::<Vec<_>>())?;
        return Ok(Loaded {
            rules,
            left_recursive: Vec::new(),
            builtins,
        });
    }
    let mut renamed = text.to_owned();
    renames.sort_by_key(|r| std::cmp::Reverse(r.0));
    for (start, end, name) in &renames {
        renamed.replace_range(start..end, &format!("{LR_PREFIX}{name}"));
    }
    let mut left_recursive: Vec<String> = renames.into_iter().map(|r| r.2).collect();
    left_recursive.sort();
    left_recursive.dedup();
    for name in &left_recursive {
        let _ = write!(
            renamed,
            "\n{LR_PREFIX}{name} = {{ \"\\u{{0000}}__never\" }}"
        );
    }
    let pairs = parser::parse(Meta::grammar_rules, &renamed).map_err(|e| vec![render(e)])?;
    let mut rules = parser::consume_rules(pairs)
        .map_err(|es| es.into_iter().map(render).collect::<Vec<_>>())?;
    rules.retain(|r| !r.name.starts_with(LR_PREFIX));
    Ok(Loaded {
        rules,
        left_recursive,
        builtins,
    })
}

/// Byte spans of the terms `name` at the head of a top-level alternative of `expr`
/// (a bare identifier with no prefix or postfix operator).
fn alternative_heads(expr: Pair<'_, Meta>, name: &str) -> Vec<(usize, usize)> {
    let mut heads = Vec::new();
    let mut at_head = true;
    for part in expr.into_inner() {
        match part.as_rule() {
            Meta::choice_operator => at_head = true,
            Meta::term => {
                if at_head {
                    let inner: Vec<Pair<'_, Meta>> = part.into_inner().collect();
                    if let [only] = inner.as_slice() {
                        if only.as_rule() == Meta::identifier && only.as_str() == name {
                            let s = only.as_span();
                            heads.push((s.start(), s.end()));
                        }
                    }
                }
                at_head = false;
            }
            _ => at_head = false,
        }
    }
    heads
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::print::expr_text;

    #[test]
    fn direct_left_recursion_is_renamed() {
        let g = load("a = { a ~ \"+\" ~ b | b }\nb = { \"b\" }", "t.pest").unwrap();
        assert_eq!(g.left_recursive, vec!["a".to_string()]);
        assert_eq!(expr_text(&g.rules[0].expr), "__lr_a ~ \"+\" ~ b | b");
        assert_eq!(g.rules.len(), 2);
    }

    #[test]
    fn errors_quote_line_and_column() {
        let e = load("a = { b ~ }\n", "bad.pest").unwrap_err();
        assert!(e[0].contains("bad.pest:1:"), "{}", e[0]);
        let e = load("a = { b }\n", "bad.pest").unwrap_err();
        assert!(e[0].contains("rule b is undefined"), "{}", e[0]);
        let e = load("a = { b ~ \"x\" }\nb = { a | \"y\" }\n", "bad.pest").unwrap_err();
        assert!(e[0].contains("left-recursive"), "{}", e[0]);
    }
}
