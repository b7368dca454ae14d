//! Minimal replacement texts: the few shortest texts of every rule by a CFG fixpoint (tokens
//! contributing only their shortest text), each checked with `pest_vm` to parse as its rule
//! (PEG lookaheads and greedy repetitions defeat some): first glued, then fully spaced, then
//! tight joins.

use super::RuleRow;
use crate::normalize::{is_trivia, Normalized};
use pest_meta::ast::{Expr, RuleType};
use std::collections::HashMap;

/// Fills `min_text` of every visible, non-trivia rule of `rows` (in the order of `g.rules`)
/// with its shortest text that parses as the rule (`check`).
pub fn fill(g: &Normalized, check: &Checker, rows: &mut [RuleRow]) {
    // Minimal texts, checked with pest_vm: first glued, then fully spaced, then tight.
    for mode in [Join::Glue, Join::Spaced, Join::Tight] {
        let candidates = min_texts(g, mode);
        for (i, r) in g.rules.iter().enumerate() {
            if rows[i].min_text.is_some() || rows[i].hidden || is_trivia(&r.name) {
                continue;
            }
            rows[i].min_text = candidates[&r.name]
                .iter()
                .find(|t| check.parses(i, t))
                .cloned();
        }
    }
}

/// The normalized grammar under `pest_vm`, with a rule per rule that must match a whole text.
pub struct Checker {
    vm: pest_vm::Vm,
}

impl Checker {
    /// `Err` if the normalized grammar does not validate.
    pub fn new(g: &Normalized) -> Result<Checker, Vec<String>> {
        let text = g.text();
        pest_meta::parse_and_optimize(&text)
            .map_err(|es| es.iter().map(|e| e.to_string()).collect::<Vec<_>>())?;
        let mut check = text.clone();
        for (i, r) in g.rules.iter().enumerate() {
            check.push_str(&format!("__reducer_check{i} = {{ {} }}\n", r.name));
        }
        let (_, optimized) = pest_meta::parse_and_optimize(&check)
            .map_err(|es| es.iter().map(|e| e.to_string()).collect::<Vec<_>>())?;
        Ok(Checker {
            vm: pest_vm::Vm::new(optimized),
        })
    }

    /// Whether the rule of index `i` (in `g.rules`) matches all of `text`.
    pub fn parses(&self, i: usize, text: &str) -> bool {
        self.vm
            .parse(&format!("__reducer_check{i}"), text)
            .ok()
            .and_then(|mut p| p.next())
            .is_some_and(|p| p.as_span().end() == text.len())
    }
}

/// How sequence parts are joined when building minimal texts.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Join {
    /// A space only where two tokens would otherwise merge.
    Glue,
    /// A space between any two parts (outside atomic rules).
    Spaced,
    /// Never a space (grammars without implicit whitespace).
    Tight,
}

const MAX_MIN_TEXT: usize = 4096;

fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '$'
}

fn is_operator(c: char) -> bool {
    "+-*/%<>=!&|^:.?#~@".contains(c)
}

fn join(a: String, b: String, atomic: bool, mode: Join) -> String {
    if a.is_empty() || atomic || mode == Join::Tight {
        return a + &b;
    }
    if b.is_empty() {
        return a;
    }
    let (x, y) = (a.chars().last().unwrap(), b.chars().next().unwrap());
    let merge =
        (is_word(x) && (is_word(y) || y == '"' || y == '\'')) || (is_operator(x) && is_operator(y));
    if mode == Join::Spaced || merge {
        a + " " + &b
    } else {
        a + &b
    }
}

fn builtin_min(name: &str) -> Option<&'static str> {
    Some(match name {
        "SOI" | "EOI" | "DROP" => "",
        "ANY" | "ASCII" | "ASCII_ALPHA" | "ASCII_ALPHA_LOWER" | "ASCII_ALPHANUMERIC" => "a",
        "ASCII_ALPHA_UPPER" | "UPPERCASE_LETTER" => "A",
        "ASCII_DIGIT" | "ASCII_BIN_DIGIT" | "ASCII_OCT_DIGIT" | "ASCII_HEX_DIGIT"
        | "DECIMAL_NUMBER" | "NUMBER" => "0",
        "ASCII_NONZERO_DIGIT" => "1",
        "NEWLINE" => "\n",
        "WHITE_SPACE" => " ",
        "XID_START" | "XID_CONTINUE" | "ID_START" | "ID_CONTINUE" | "ALPHABETIC" | "LETTER"
        | "LOWERCASE_LETTER" => "a",
        _ => return None,
    })
}

/// How many shortest texts are kept per rule: the shortest one may be defeated by a
/// lookahead or a greedy repetition, the next ones often are not.
const CANDIDATES: usize = 4;

/// The `CANDIDATES` shortest of `a` then `b` (stable: earlier texts win ties), deduplicated.
fn shortest(a: Vec<String>, b: Vec<String>) -> Vec<String> {
    let mut all = a;
    all.extend(b);
    all.retain(|t| t.len() <= MAX_MIN_TEXT);
    all.sort_by_key(String::len);
    let mut seen = std::collections::HashSet::new();
    all.retain(|t| seen.insert(t.clone()));
    all.truncate(CANDIDATES);
    all
}

/// The shortest texts `e` derives (empty: unknown), given the texts of the rules.
fn min_expr(
    e: &Expr,
    atomic: bool,
    mode: Join,
    table: &HashMap<String, Vec<String>>,
    tokens: &std::collections::HashSet<&str>,
) -> Vec<String> {
    let rec = |x: &Expr| min_expr(x, atomic, mode, table, tokens);
    let one = |t: &str| vec![t.to_owned()];
    match e {
        Expr::Str(s) | Expr::Insens(s) => one(s),
        Expr::Range(a, _) => one(a),
        // A token contributes its shortest text only: spelling variants of one token ("a",
        // "_", "aa") would crowd out the structurally different candidates.
        Expr::Ident(n) if tokens.contains(n.as_str()) => table[n].iter().take(1).cloned().collect(),
        Expr::Ident(n) => match table.get(n) {
            Some(t) => t.clone(),
            None => builtin_min(n).map(one).unwrap_or_default(),
        },
        Expr::PosPred(_) | Expr::NegPred(_) | Expr::Skip(_) => one(""),
        Expr::Opt(x) | Expr::Rep(x) | Expr::RepMax(x, _) => shortest(one(""), rec(x)),
        Expr::PeekSlice(..) => Vec::new(),
        Expr::Seq(a, b) => {
            let (ta, tb) = (rec(a), rec(b));
            let mut all = Vec::new();
            for x in &ta {
                for y in &tb {
                    all.push(join(x.clone(), y.clone(), atomic, mode));
                }
            }
            shortest(all, Vec::new())
        }
        Expr::Choice(a, b) => shortest(rec(a), rec(b)),
        Expr::RepOnce(x) | Expr::Push(x) => rec(x),
        Expr::RepExact(x, n) | Expr::RepMin(x, n) | Expr::RepMinMax(x, n, _) => {
            let texts = rec(x)
                .into_iter()
                .filter(|t| t.len().saturating_mul(*n as usize) <= MAX_MIN_TEXT)
                .map(|t| (0..*n).fold(String::new(), |acc, _| join(acc, t.clone(), atomic, mode)))
                .collect();
            shortest(texts, Vec::new())
        }
        #[allow(unreachable_patterns)]
        _ => Vec::new(),
    }
}

/// The shortest texts of all rules by fixpoint, shortest first (not yet checked).
fn min_texts(g: &Normalized, mode: Join) -> HashMap<String, Vec<String>> {
    let mut table: HashMap<String, Vec<String>> = g
        .rules
        .iter()
        .map(|r| (r.name.clone(), Vec::new()))
        .collect();
    let tokens: std::collections::HashSet<&str> = g
        .rules
        .iter()
        .filter(|r| matches!(r.ty, RuleType::Atomic | RuleType::CompoundAtomic))
        .map(|r| r.name.as_str())
        .collect();
    // Each round keeps the shortest texts seen so far, so lengths only shrink; the round cap
    // only guards against pathological grammars.
    for _ in 0..200 {
        let mut changed = false;
        for r in &g.rules {
            let atomic = matches!(r.ty, RuleType::Atomic | RuleType::CompoundAtomic);
            let new = min_expr(&r.expr, atomic, mode, &table, &tokens);
            let old = &table[&r.name];
            let merged = shortest(old.clone(), new);
            if &merged != old {
                table.insert(r.name.clone(), merged);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    table
}

#[cfg(test)]
mod tests {
    use super::super::test_util::{row, tables, EXPR};

    #[test]
    fn minimal_texts_are_shortest_and_parse() {
        let t = tables(EXPR);
        let min = |a: &str| row(&t, a).min_text.clone();
        assert_eq!(min("stmt").as_deref(), Some(";"));
        assert_eq!(min("block").as_deref(), Some("{}"));
        assert_eq!(min("file").as_deref(), Some(""));
        assert_eq!(min("expr").as_deref(), Some("0"));
        assert_eq!(min("paren").as_deref(), Some("(0)"));
        assert_eq!(min("expr__star0").as_deref(), Some("+0"));
        assert_eq!(min("ident").as_deref(), Some("a"));
        assert_eq!(min("WHITESPACE"), None);
        assert_eq!(min("EOI"), None);
    }

    #[test]
    fn minimal_texts_fall_back_to_spaces_and_are_dropped_when_they_do_not_parse() {
        // A keyword followed by a word needs the space, punctuation does not.
        let t =
            tables("s = { \"int\" ~ id ~ \";\" }\nid = @{ ASCII_ALPHA+ }\nWHITESPACE = _{ \" \" }");
        assert_eq!(row(&t, "s").min_text.as_deref(), Some("int a;"));
        // Greedy `y?` eats the only `y`: the CFG minimum "xyz" does not parse, the next
        // shortest text does.
        let t = tables("s = { \"x\" ~ y? ~ y ~ \"z\" }\ny = { \"y\" }");
        assert_eq!(row(&t, "s").min_text.as_deref(), Some("xyyz"));
        assert_eq!(row(&t, "y").min_text.as_deref(), Some("y"));
        // Greedy `y*` eats every `y`: no text parses, so none is kept.
        let t = tables("s = { \"x\" ~ y* ~ y }\ny = { \"y\" }");
        assert_eq!(row(&t, "s").min_text, None);
        // Without WHITESPACE, glued text is the only option.
        let t = tables("s = { \"a\" ~ \"b\" }");
        assert_eq!(row(&t, "s").min_text.as_deref(), Some("ab"));
    }
}
