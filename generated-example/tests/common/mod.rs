//! Deterministic random JSON documents and mutants for the differential tests.

#![allow(dead_code)]

/// A tiny xorshift64* generator: deterministic, no dependencies.
pub struct Rng(u64);

impl Rng {
    /// A generator with a fixed seed.
    pub fn new(seed: u64) -> Self {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    /// True with probability `1/n`.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }
    /// A random element of `items`.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

fn ws(r: &mut Rng, out: &mut String) {
    if r.one_in(2) {
        return;
    }
    for _ in 0..r.below(3) + 1 {
        out.push(*r.pick(&[' ', ' ', ' ', '\n', '\t', '\r']));
    }
}

fn string(r: &mut Rng, out: &mut String) {
    out.push('"');
    for _ in 0..r.below(8) {
        match r.below(12) {
            0 => out.push_str(
                r.pick::<&str>(&["\\n", "\\\"", "\\\\", "\\/", "\\b", "\\f", "\\r", "\\t"]),
            ),
            1 => out.push_str(r.pick::<&str>(&[
                "\\u00e9",
                "\\u0000",
                "\\uD83D\\uDE00",
                "\\u001F",
                "\\uABCD",
            ])),
            2 => out.push(*r.pick(&['é', '😀', 'ß', '\u{7f}', '中'])),
            _ => out.push(*r.pick(&['a', 'b', 'k', 'x', ' ', '0', '{', ']', ',', ':'])),
        }
    }
    out.push('"');
}

fn number(r: &mut Rng, out: &mut String) {
    if r.one_in(3) {
        out.push('-');
    }
    if r.one_in(3) {
        out.push('0');
    } else {
        out.push(char::from(b'1' + r.below(9) as u8));
        for _ in 0..r.below(4) {
            out.push(char::from(b'0' + r.below(10) as u8));
        }
    }
    if r.one_in(3) {
        out.push('.');
        for _ in 0..r.below(3) + 1 {
            out.push(char::from(b'0' + r.below(10) as u8));
        }
    }
    if r.one_in(4) {
        out.push_str(r.pick::<&str>(&["e", "E", "e+", "E-", "e-"]));
        for _ in 0..r.below(2) + 1 {
            out.push(char::from(b'0' + r.below(10) as u8));
        }
    }
}

/// A random valid JSON value of nesting depth at most `depth`.
pub fn value(r: &mut Rng, depth: usize, out: &mut String) {
    let kind = if depth == 0 {
        2 + r.below(4)
    } else {
        r.below(6)
    };
    match kind {
        0 | 1 => {
            let (open, close) = if kind == 0 { ('{', '}') } else { ('[', ']') };
            out.push(open);
            ws(r, out);
            let n = if r.one_in(4) { 0 } else { r.below(4) + 1 };
            for i in 0..n {
                if i > 0 {
                    out.push(',');
                    ws(r, out);
                }
                if kind == 0 {
                    string(r, out);
                    ws(r, out);
                    out.push(':');
                    ws(r, out);
                }
                value(r, depth - 1, out);
                ws(r, out);
            }
            out.push(close);
        }
        2 => string(r, out),
        3 => number(r, out),
        4 => out.push_str(r.pick::<&str>(&["true", "false"])),
        _ => out.push_str("null"),
    }
}

/// A random valid JSON document (with surrounding whitespace).
pub fn document(r: &mut Rng, depth: usize) -> String {
    let mut out = String::new();
    ws(r, &mut out);
    value(r, depth, &mut out);
    ws(r, &mut out);
    out
}

const NOISE: &[char] = &[
    '{', '}', '[', ']', ',', ':', '"', '\\', '0', '1', '-', '+', '.', 'e', 'E', 't', 'n', 'u', 'l',
    ' ', '\n', '\u{1}', 'é', '/', 'x',
];

/// `doc` with one to three random edits (delete, insert, duplicate, swap, cut).
pub fn mutate(r: &mut Rng, doc: &str) -> String {
    let mut chars: Vec<char> = doc.chars().collect();
    for _ in 0..r.below(3) + 1 {
        let len = chars.len();
        match r.below(5) {
            0 if len > 0 => {
                chars.remove(r.below(len));
            }
            1 => chars.insert(r.below(len + 1), *r.pick(NOISE)),
            2 if len > 0 => {
                let a = r.below(len);
                let b = (a + r.below(8) + 1).min(len);
                let piece: Vec<char> = chars[a..b].to_vec();
                let at = r.below(len + 1);
                chars.splice(at..at, piece);
            }
            3 if len > 1 => {
                let (a, b) = (r.below(len), r.below(len));
                chars.swap(a, b);
            }
            _ if len > 0 => {
                let a = r.below(len);
                let b = (a + r.below(6) + 1).min(len);
                chars.drain(a..b);
            }
            _ => chars.push(*r.pick(NOISE)),
        }
    }
    chars.into_iter().collect()
}

/// Maximum bracket nesting of `text` (ignoring strings).
pub fn nesting(text: &str) -> usize {
    let (mut depth, mut max, mut in_string, mut escaped) = (0usize, 0usize, false, false);
    for c in text.chars() {
        if in_string {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '[' | '{' => {
                depth += 1;
                max = max.max(depth);
            }
            ']' | '}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    max
}

/// Number of JSON lexical tokens of a valid document.
pub fn json_tokens(text: &str) -> u32 {
    let b = text.as_bytes();
    let (mut i, mut n) = (0, 0);
    while i < b.len() {
        match b[i] {
            b' ' | b'\t' | b'\n' | b'\r' => i += 1,
            b'"' => {
                i += 1;
                while b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
                n += 1;
            }
            b'{' | b'}' | b'[' | b']' | b',' | b':' => {
                i += 1;
                n += 1;
            }
            _ => {
                while i < b.len() && !b" \t\n\r{}[],:\"".contains(&b[i]) {
                    i += 1;
                }
                n += 1;
            }
        }
    }
    n
}

/// A broken or not-so-broken variant of `text`: a deleted token, a deleted line, a deleted
/// span, or an inserted punctuation character.
pub fn mutate_source(r: &mut Rng, text: &str) -> String {
    let b = text.as_bytes();
    let at = |r: &mut Rng| {
        let mut i = r.below(b.len());
        while !text.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    match r.below(4) {
        0 => {
            let i = at(r);
            let end = (i..b.len())
                .find(|&j| b[j].is_ascii_whitespace())
                .unwrap_or(b.len());
            format!("{}{}", &text[..i], &text[end..])
        }
        1 => {
            let lines: Vec<&str> = text.split_inclusive('\n').collect();
            let k = r.below(lines.len());
            lines
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != k)
                .map(|(_, l)| *l)
                .collect()
        }
        2 => {
            let i = at(r);
            let mut j = (i + 1 + r.below(40)).min(b.len());
            while !text.is_char_boundary(j) {
                j += 1;
            }
            format!("{}{}", &text[..i], &text[j..])
        }
        _ => {
            let i = at(r);
            let c = [")", "(", "{", "}", ";", ",", "=", "[", "*", "<"][r.below(10)];
            format!("{}{c}{}", &text[..i], &text[i..])
        }
    }
}
