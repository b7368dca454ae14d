//! The static tables of a normalized grammar: derivation kinds, nullability, the
//! compatibility matrix (unit-derivation closure) and minimal replacement texts (a CFG
//! fixpoint, each result checked with `pest_vm` to parse as its rule).

use crate::grammar;
use crate::normalize::{is_trivia, Kind, Normalized};
use pest_meta::ast::{Expr, RuleType};
use std::collections::HashMap;

/// Everything the generated `Tables` contain, in rule-id order.
#[derive(Clone, Debug)]
pub struct TableData {
    /// One row per rule id.
    pub rules: Vec<RuleRow>,
    /// Compatibility bit matrix, row-major, `rules.len().div_ceil(64)` words per row.
    pub compat: Vec<u64>,
    /// String literals matched outside atomic rules, longest first.
    pub literals: Vec<String>,
}

/// The facts about one rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleRow {
    /// Rule name (`EOI` for the built-in end of input).
    pub name: String,
    /// Derivation kind of its nodes.
    pub kind: Kind,
    /// Atomic rule: a token leaf.
    pub token: bool,
    /// Never a node (silent rules and `EOI`).
    pub hidden: bool,
    /// Derives the empty string.
    pub nullable: bool,
    /// Shortest text, checked to parse as the rule (`None` for hidden rules: never nodes).
    pub min_text: Option<String>,
}

impl TableData {
    /// The id of rule `name`.
    pub fn id(&self, name: &str) -> Option<usize> {
        self.rules.iter().position(|r| r.name == name)
    }

    /// Whether a node of rule `by` may replace a node of rule `slot`.
    #[cfg(test)]
    pub fn compatible(&self, slot: &str, by: &str) -> bool {
        let (a, b) = (self.id(slot).unwrap(), self.id(by).unwrap());
        let words = self.rules.len().div_ceil(64);
        self.compat[a * words + b / 64] >> (b % 64) & 1 == 1
    }
}

const NULLABLE_BUILTINS: &[&str] = &["SOI", "EOI", "PEEK", "PEEK_ALL", "POP", "POP_ALL", "DROP"];

/// Nullability of every rule (least fixpoint).
pub fn nullable_rules<'a>(
    rules: impl Iterator<Item = (&'a str, &'a Expr)> + Clone,
) -> HashMap<String, bool> {
    let mut map: HashMap<String, bool> =
        rules.clone().map(|(n, _)| (n.to_owned(), false)).collect();
    loop {
        let mut changed = false;
        for (name, expr) in rules.clone() {
            if !map[name] && nullable_expr(expr, &map) {
                map.insert(name.to_owned(), true);
                changed = true;
            }
        }
        if !changed {
            return map;
        }
    }
}

/// Whether `e` derives the empty string, given the nullability of rules.
pub fn nullable_expr(e: &Expr, rules: &HashMap<String, bool>) -> bool {
    match e {
        Expr::Str(s) | Expr::Insens(s) => s.is_empty(),
        Expr::Range(..) => false,
        Expr::Ident(n) => rules
            .get(n)
            .copied()
            .unwrap_or(NULLABLE_BUILTINS.contains(&n.as_str())),
        Expr::PeekSlice(..) | Expr::PosPred(_) | Expr::NegPred(_) | Expr::Skip(_) => true,
        Expr::Opt(_) | Expr::Rep(_) | Expr::RepMax(..) => true,
        Expr::Seq(a, b) => nullable_expr(a, rules) && nullable_expr(b, rules),
        Expr::Choice(a, b) => nullable_expr(a, rules) || nullable_expr(b, rules),
        Expr::RepOnce(x) | Expr::Push(x) => nullable_expr(x, rules),
        Expr::RepExact(x, n) | Expr::RepMin(x, n) | Expr::RepMinMax(x, n, _) => {
            *n == 0 || nullable_expr(x, rules)
        }
        // `grammar-extras` variants (PUSH_LITERAL, node tags): assume they can be empty.
        #[allow(unreachable_patterns)]
        _ => true,
    }
}

/// Rules `b` such that `e` derives exactly one `b` with everything beside it empty.
fn units(e: &Expr, nullable: &HashMap<String, bool>, out: &mut Vec<String>) {
    match e {
        Expr::Ident(n) if nullable.contains_key(n) => out.push(n.clone()),
        Expr::Seq(a, b) => {
            if nullable_expr(b, nullable) {
                units(a, nullable, out);
            }
            if nullable_expr(a, nullable) {
                units(b, nullable, out);
            }
        }
        Expr::Choice(a, b) => {
            units(a, nullable, out);
            units(b, nullable, out);
        }
        Expr::Opt(x) | Expr::Rep(x) | Expr::RepOnce(x) | Expr::RepMax(x, _) | Expr::Push(x) => {
            units(x, nullable, out)
        }
        Expr::RepExact(x, n) | Expr::RepMin(x, n) | Expr::RepMinMax(x, n, _)
            if *n <= 1 || nullable_expr(x, nullable) =>
        {
            units(x, nullable, out)
        }
        _ => {}
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

/// String literals matched as text outside atomic rules and predicates.
fn literals(e: &Expr, out: &mut Vec<String>) {
    match e {
        Expr::Str(s) | Expr::Insens(s) if !s.is_empty() => out.push(s.clone()),
        _ if grammar::is_predicate(e) => {}
        _ => grammar::subexpressions(e).for_each(|x| literals(x, out)),
    }
}

/// Rule references of `e` outside predicates.
fn references<'e>(e: &'e Expr, out: &mut Vec<&'e str>) {
    match e {
        Expr::Ident(n) => out.push(n),
        _ if grammar::is_predicate(e) => {}
        _ => grammar::subexpressions(e).for_each(|x| references(x, out)),
    }
}

/// The non-trivia rules whose text is matched outside atomic rules: reachable from the
/// unreferenced rules (the possible start rules) without passing through an atomic rule.
fn outside_tokens(g: &Normalized) -> Vec<&crate::normalize::NRule> {
    let atomic =
        |r: &crate::normalize::NRule| matches!(r.ty, RuleType::Atomic | RuleType::CompoundAtomic);
    let by_name: HashMap<&str, &crate::normalize::NRule> =
        g.rules.iter().map(|r| (r.name.as_str(), r)).collect();
    let mut referenced = std::collections::HashSet::new();
    for r in &g.rules {
        let mut refs = Vec::new();
        references(&r.expr, &mut refs);
        referenced.extend(refs.into_iter().filter(|&n| n != r.name));
    }
    let mut stack: Vec<&str> = g
        .rules
        .iter()
        .filter(|r| !referenced.contains(r.name.as_str()) && !atomic(r))
        .map(|r| r.name.as_str())
        .collect();
    if stack.is_empty() {
        stack = g
            .rules
            .iter()
            .filter(|r| !atomic(r))
            .map(|r| r.name.as_str())
            .collect();
    }
    let mut seen: std::collections::HashSet<&str> = stack.iter().copied().collect();
    let mut out = Vec::new();
    while let Some(name) = stack.pop() {
        let r = by_name[name];
        if is_trivia(name) {
            continue;
        }
        out.push(r);
        let mut refs = Vec::new();
        references(&r.expr, &mut refs);
        for n in refs {
            if let Some(t) = by_name.get(n) {
                if !atomic(t) && seen.insert(n) {
                    stack.push(n);
                }
            }
        }
    }
    out
}

/// Computes the tables of normalized grammar `g`. `Err` if the normalized grammar does not
/// validate (a bug of the normalizer).
pub fn compute(g: &Normalized) -> Result<TableData, Vec<String>> {
    let nullable = nullable_rules(g.rules.iter().map(|r| (r.name.as_str(), &r.expr)));
    let mut rows: Vec<RuleRow> = g
        .rules
        .iter()
        .map(|r| RuleRow {
            name: r.name.clone(),
            kind: r.kind,
            token: matches!(r.ty, RuleType::Atomic | RuleType::CompoundAtomic),
            hidden: r.ty == RuleType::Silent,
            nullable: nullable[&r.name],
            min_text: None,
        })
        .collect();
    if g.builtins.iter().any(|b| b == "EOI") {
        rows.push(RuleRow {
            name: "EOI".into(),
            kind: Kind::Regular,
            token: false,
            hidden: true,
            nullable: true,
            min_text: None,
        });
    }
    let index: HashMap<&str, usize> = rows
        .iter()
        .enumerate()
        .map(|(i, r)| (r.name.as_str(), i))
        .collect();

    // Compatibility: reflexive-transitive closure of the unit derivations.
    let n = rows.len();
    let words = n.div_ceil(64);
    let mut compat = vec![0u64; n * words];
    let mut direct: Vec<Vec<usize>> = vec![Vec::new(); n];
    for r in &g.rules {
        if matches!(r.ty, RuleType::Atomic | RuleType::CompoundAtomic) {
            continue;
        }
        let mut u = Vec::new();
        units(&r.expr, &nullable, &mut u);
        direct[index[r.name.as_str()]] = u.iter().map(|b| index[b.as_str()]).collect();
    }
    for a in 0..n {
        let mut seen = vec![false; n];
        let mut stack = vec![a];
        seen[a] = true;
        while let Some(x) = stack.pop() {
            compat[a * words + x / 64] |= 1 << (x % 64);
            for &y in &direct[x] {
                if !seen[y] {
                    seen[y] = true;
                    stack.push(y);
                }
            }
        }
    }

    // Minimal texts, checked with pest_vm: first glued, then fully spaced, then tight.
    let text = g.text();
    pest_meta::parse_and_optimize(&text)
        .map_err(|es| es.iter().map(|e| e.to_string()).collect::<Vec<_>>())?;
    let mut check = text.clone();
    for (i, r) in g.rules.iter().enumerate() {
        check.push_str(&format!("__reducer_check{i} = {{ {} }}\n", r.name));
    }
    let (_, optimized) = pest_meta::parse_and_optimize(&check)
        .map_err(|es| es.iter().map(|e| e.to_string()).collect::<Vec<_>>())?;
    let vm = pest_vm::Vm::new(optimized);
    for mode in [Join::Glue, Join::Spaced, Join::Tight] {
        let candidates = min_texts(g, mode);
        for (i, r) in g.rules.iter().enumerate() {
            if rows[i].min_text.is_some() || rows[i].hidden || is_trivia(&r.name) {
                continue;
            }
            let rule = format!("__reducer_check{i}");
            let parses = |t: &String| {
                vm.parse(&rule, t)
                    .ok()
                    .and_then(|mut p| p.next())
                    .is_some_and(|p| p.as_span().end() == t.len())
            };
            rows[i].min_text = candidates[&r.name].iter().find(|t| parses(t)).cloned();
        }
    }

    let mut lits = Vec::new();
    for r in outside_tokens(g) {
        literals(&r.expr, &mut lits);
    }
    lits.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
    lits.dedup();
    Ok(TableData {
        rules: rows,
        compat,
        literals: lits,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{grammar, normalize};

    fn tables(text: &str) -> TableData {
        compute(&normalize::normalize(grammar::load(text, "t.pest").unwrap()).unwrap()).unwrap()
    }

    fn row<'a>(t: &'a TableData, name: &str) -> &'a RuleRow {
        &t.rules[t.id(name).unwrap()]
    }

    const EXPR: &str = r#"
file = { SOI ~ stmt* ~ EOI }
stmt = { block | expr ~ ";" | ";" }
block = { "{" ~ stmt* ~ "}" }
expr = { term ~ (("+" | "-") ~ term)* }
term = { atom ~ ("*" ~ atom)* }
atom = _{ num | ident | paren }
paren = { "(" ~ expr ~ ")" }
num = @{ ASCII_DIGIT+ }
ident = @{ ASCII_ALPHA+ }
maybe = { num? ~ ident? }
WHITESPACE = _{ " " }
"#;

    #[test]
    fn derivation_kinds_tokens_and_hidden() {
        let t = tables(EXPR);
        let names: Vec<&str> = t.rules.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "file",
                "file__star0",
                "stmt",
                "block",
                "block__star0",
                "expr",
                "expr__star0",
                "term",
                "term__star0",
                "atom",
                "paren",
                "num",
                "ident",
                "maybe",
                "maybe__opt0",
                "maybe__opt1",
                "WHITESPACE",
                "EOI"
            ]
        );
        assert_eq!(row(&t, "file__star0").kind, Kind::Star);
        assert_eq!(row(&t, "maybe__opt1").kind, Kind::Optional);
        assert_eq!(row(&t, "expr").kind, Kind::Regular);
        assert!(row(&t, "num").token && !row(&t, "expr").token);
        assert!(row(&t, "EOI").hidden && row(&t, "WHITESPACE").hidden && !row(&t, "atom").hidden);
    }

    #[test]
    fn nullability() {
        let t = tables(EXPR);
        let nullable: Vec<&str> = t
            .rules
            .iter()
            .filter(|r| r.nullable)
            .map(|r| r.name.as_str())
            .collect();
        assert_eq!(nullable, ["file", "maybe", "EOI"]);
    }

    #[test]
    fn compatibility_is_the_unit_derivation_closure() {
        let t = tables(EXPR);
        let compat = |a: &str| -> Vec<&str> {
            t.rules
                .iter()
                .filter(|b| t.compatible(a, &b.name))
                .map(|b| b.name.as_str())
                .collect()
        };
        assert_eq!(
            compat("expr"),
            ["expr", "term", "atom", "paren", "num", "ident"]
        );
        assert_eq!(compat("stmt"), ["stmt", "block"]);
        assert_eq!(compat("file"), ["file", "file__star0", "stmt", "block"]);
        assert_eq!(
            compat("maybe"),
            ["num", "ident", "maybe", "maybe__opt0", "maybe__opt1"]
        );
        assert_eq!(compat("num"), ["num"]);
        assert!(!t.compatible("paren", "expr"));
    }

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

    #[test]
    fn literals_outside_atomic_rules_longest_first() {
        let t = tables(EXPR);
        assert_eq!(t.literals, ["(", ")", "*", "+", "-", ";", "{", "}"]);
        let t = tables("s = { \"<<=\" ~ \"<\" ~ !\"x\" ~ n }\nn = @{ \"0x\" ~ d }\nd = _{ \"d\" }");
        assert_eq!(t.literals, ["<<=", "<"]);
    }
}
