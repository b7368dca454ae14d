//! Counting lexical tokens in literal text (the text between a node's children).
//!
//! Atomic rules are tokens of their own; the literal text the grammar matches between rules
//! (keywords, punctuation) is counted here: a run of word characters is one token, a run of
//! punctuation is split greedily into the grammar's literals (longest first, one character
//! when none matches), whitespace counts nothing.

/// Counts tokens in literal text, using the grammar's punctuation literals.
#[derive(Clone, Debug, Default)]
pub struct TokenCounter {
    /// Multi-character punctuation literals by their first byte, longest first (most bytes
    /// start none, so a scan compares few literals per token).
    punctuation: Vec<Vec<Box<[u8]>>>,
}

/// Whether the byte `b` belongs to a word (identifier, keyword, number): ASCII letters and
/// digits, `_`, `$`, and every byte of a non-ASCII character.
pub fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b >= 0x80
}

/// Whether the character `c` belongs to a word, on text as characters: letters and digits
/// (Unicode), `_` and `$`.
pub fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '$'
}

impl TokenCounter {
    /// A counter that knows the grammar's literals (any order; word-like ones are ignored).
    pub fn new(literals: &[&str]) -> Self {
        let mut punctuation: Vec<Box<[u8]>> = literals
            .iter()
            .map(|l| l.as_bytes())
            .filter(|l| l.len() > 1 && !l.iter().any(|&b| is_word(b) || b.is_ascii_whitespace()))
            .map(|l| l.to_vec().into_boxed_slice())
            .collect();
        punctuation.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
        punctuation.dedup();
        let mut by_first: Vec<Vec<Box<[u8]>>> = vec![Vec::new(); 256];
        for p in punctuation {
            by_first[p[0] as usize].push(p);
        }
        TokenCounter {
            punctuation: by_first,
        }
    }

    /// Number of tokens in `text`.
    pub fn count(&self, text: &str) -> u32 {
        let mut n = 0;
        self.scan(text.as_bytes(), |_| n += 1);
        n
    }

    /// Splits `text` into tokens, each with the whitespace that follows it (leading
    /// whitespace goes with the first token), so that the pieces concatenate to `text`.
    pub fn split(&self, text: &str) -> Vec<std::ops::Range<usize>> {
        let mut starts = Vec::new();
        self.scan(text.as_bytes(), |start| starts.push(start));
        if let Some(first) = starts.first_mut() {
            *first = 0;
        }
        let ends = starts.iter().skip(1).copied().chain([text.len()]);
        starts.iter().zip(ends).map(|(&s, e)| s..e).collect()
    }

    /// Calls `token` with the start of every token of `bytes`.
    fn scan(&self, bytes: &[u8], mut token: impl FnMut(usize)) {
        let mut i = 0;
        while i < bytes.len() {
            let b = bytes[i];
            if b.is_ascii_whitespace() {
                i += 1;
                continue;
            }
            token(i);
            i = self.token_end(bytes, i);
        }
    }

    /// Where the token that starts at `bytes[start]` (not whitespace) ends: after a run of
    /// word bytes, or after the longest punctuation literal there (one byte when none is).
    pub fn token_end(&self, bytes: &[u8], start: usize) -> usize {
        let mut i = start;
        if is_word(bytes[i]) {
            while i < bytes.len() && is_word(bytes[i]) {
                i += 1;
            }
            return i;
        }
        let rest = &bytes[i..];
        let len = self
            .punctuation
            .get(bytes[i] as usize)
            .and_then(|ps| ps.iter().find(|p| rest.starts_with(p)))
            .map_or(1, |p| p.len());
        i + len
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_words_and_longest_punctuation() {
        let c = TokenCounter::new(&["<<=", "<<", "<", "=", "if"]);
        assert_eq!(c.count(""), 0);
        assert_eq!(c.count("  if ( x <<= 2 )"), 6);
        assert_eq!(c.count("a<<b"), 3);
        assert_eq!(c.count("a<=b"), 4);
        let text = " a <<b\n c";
        let pieces: Vec<&str> = c.split(text).into_iter().map(|r| &text[r]).collect();
        assert_eq!(pieces, vec![" a ", "<<", "b\n ", "c"]);
    }
}
