//! The token stream of a parsed tree: every token in order (the leaves of atomic rules, the
//! literals and comments of the nodes' own text), which node holds each, and which tokens each
//! node spans. The whitespace between two tokens is all that laying out may change.

use crate::syntax::language::Language;
use crate::syntax::tokens::is_word;
use crate::syntax::tree::{NodeId, RuleId, Segment, Segments, Tree};

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// A node of an atomic rule, taken whole.
    Leaf,
    /// A keyword or punctuation literal of a node's own text.
    Literal,
    /// A comment of a node's own text (the grammar's `COMMENT`).
    Comment,
}

/// One token: its bytes in the source and the node whose text holds it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Token {
    pub(super) start: usize,
    pub(super) end: usize,
    /// The leaf itself, or the node whose own text the literal or comment is in.
    pub(super) owner: NodeId,
    pub(super) kind: Kind,
}

/// The tokens of a tree and the token range of each node.
pub(super) struct Stream<'t> {
    pub(super) source: &'t str,
    pub(super) tokens: Vec<Token>,
    /// Per node (by id): the index of its first token and the index past its last one.
    pub(super) range: Vec<(u32, u32)>,
    /// The nodes in preorder.
    pub(super) preorder: Vec<NodeId>,
}

impl<'t> Stream<'t> {
    /// The stream of `tree`, a tree fresh from `lang`'s parser (no committed edits).
    pub(super) fn new(lang: &dyn Language, tree: &'t Tree) -> Stream<'t> {
        let mut s = Stream {
            source: tree.source(),
            tokens: Vec::new(),
            range: vec![(0, 0); tree.arena_len()],
            preorder: Vec::new(),
        };
        let mut open: Vec<(NodeId, Segments<'t>)> = Vec::new();
        s.enter(tree, lang, tree.root(), &mut open);
        while let Some((node, segments)) = open.last_mut() {
            let node = *node;
            match segments.next() {
                Some(Segment::Text { start, end }) => {
                    s.lex(lang, tree, node, start as usize, end as usize)
                }
                Some(Segment::Child(c)) => s.enter(tree, lang, c, &mut open),
                Some(Segment::Gap) => {}
                None => {
                    s.range[node as usize].1 = s.tokens.len() as u32;
                    open.pop();
                }
            }
        }
        s
    }

    /// Starts `node`: a leaf is one token, any other node is opened.
    fn enter(
        &mut self,
        tree: &'t Tree,
        lang: &dyn Language,
        node: NodeId,
        open: &mut Vec<(NodeId, Segments<'t>)>,
    ) {
        self.preorder.push(node);
        let first = self.tokens.len() as u32;
        if lang.tables().rule(tree.rule(node)).token {
            let (start, end) = tree.source_span(node);
            if end > start {
                self.tokens.push(Token {
                    start,
                    end,
                    owner: node,
                    kind: Kind::Leaf,
                });
            }
            self.range[node as usize] = (first, self.tokens.len() as u32);
        } else {
            self.range[node as usize].0 = first;
            open.push((node, tree.segments(node)));
        }
    }

    /// Splits the own text `start..end` of `owner` into literals and comments.
    fn lex(&mut self, lang: &dyn Language, tree: &Tree, owner: NodeId, start: usize, end: usize) {
        let bytes = &self.source.as_bytes()[..end];
        let mut i = start;
        while i < end {
            if bytes[i].is_ascii_whitespace() {
                i += 1;
                continue;
            }
            let (kind, len) = match lang.comment_len(&self.source[i..end]) {
                Some(len) => (Kind::Comment, len),
                None => (Kind::Literal, tree.token_counter().token_end(bytes, i) - i),
            };
            self.tokens.push(Token {
                start: i,
                end: i + len,
                owner,
                kind,
            });
            i += len;
        }
    }

    /// The text of token `i`.
    pub(super) fn text(&self, i: usize) -> &'t str {
        let t = &self.tokens[i];
        &self.source[t.start..t.end]
    }

    /// The whitespace before token `i` (from the end of the token before it).
    pub(super) fn gap(&self, i: usize) -> &'t str {
        let from = if i == 0 { 0 } else { self.tokens[i - 1].end };
        &self.source[from..self.tokens[i].start]
    }

    /// The index of the first token of `node` and the index past its last one.
    pub(super) fn span(&self, node: NodeId) -> (usize, usize) {
        let (a, b) = self.range[node as usize];
        (a as usize, b as usize)
    }

    /// Whether token `i` is a literal of punctuation (not a word).
    pub(super) fn is_punctuation(&self, i: usize) -> bool {
        self.tokens[i].kind == Kind::Literal
            && !is_word(self.source.as_bytes()[self.tokens[i].start])
    }

    /// What must stay the same when only whitespace changes: every node's rule and token
    /// range in preorder (but for a root added around the top-level node), and every token's
    /// text (`layout` tokens as [`clean_layout`] has them).
    pub(super) fn shape(&self, tree: &Tree, layout: &[RuleId]) -> Shape {
        // A root added around the top-level node comes and goes with the whitespace after it.
        let nodes = self
            .preorder
            .iter()
            .filter(|&&n| !(tree.added_root && n == tree.root()))
            .map(|&n| (tree.rule(n), self.range[n as usize]))
            .collect();
        let texts = (0..self.tokens.len())
            .map(|i| {
                let t = &self.tokens[i];
                let text = self.text(i);
                if t.kind == Kind::Leaf && layout.contains(&tree.rule(t.owner)) {
                    clean_layout(text)
                } else {
                    text.to_string()
                }
            })
            .collect();
        Shape { nodes, texts }
    }
}

/// A tree up to whitespace (see [`Stream::shape`]).
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Shape {
    nodes: Vec<(RuleId, (u32, u32))>,
    texts: Vec<String>,
}

/// A layout token's text without its blank lines and trailing blanks: its first line (up to
/// the line break), its lines that hold a comment, and its last line (the indentation).
pub(super) fn clean_layout(text: &str) -> String {
    let lines: Vec<&str> = text.split('\n').collect();
    let Some((last, rest)) = lines.split_last() else {
        return text.to_string();
    };
    let mut out = String::with_capacity(text.len());
    for (k, line) in rest.iter().enumerate() {
        let line = line.trim_end();
        if k == 0 || !line.is_empty() {
            out.push_str(line);
            out.push('\n');
        }
    }
    out.push_str(last);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Toy;

    #[test]
    fn tokens_are_leaves_literals_and_comments_in_order() {
        let src = "var a = 5; // five\nif (a) { f(a, 1); }";
        let tree = Toy.parse(src).unwrap();
        let s = Stream::new(&Toy, &tree);
        let texts: Vec<&str> = (0..s.tokens.len()).map(|i| s.text(i)).collect();
        assert_eq!(
            texts,
            [
                "var", "a", "=", "5", ";", "// five", "if", "(", "a", ")", "{", "f", "(", "a", ",",
                "1", ")", ";", "}"
            ]
        );
        assert_eq!(s.tokens[5].kind, Kind::Comment);
        assert_eq!(s.tokens[1].kind, Kind::Leaf);
        assert!(s.is_punctuation(2) && !s.is_punctuation(0) && !s.is_punctuation(1));
        assert_eq!(s.gap(6), "\n");
        assert_eq!(s.span(tree.root()), (0, 19));
    }

    #[test]
    fn shapes_differ_by_tokens_not_by_whitespace() {
        let shape = |src: &str| {
            let tree = Toy.parse(src).unwrap();
            Stream::new(&Toy, &tree).shape(&tree, &[])
        };
        assert_eq!(shape("f(a,1);"), shape("f( a ,\n 1 ) ;"));
        assert_ne!(shape("f(a,1);"), shape("f(a,2);"));
        assert_ne!(shape("{f(a);}"), shape("{}f(a);"));
    }

    #[test]
    fn layout_tokens_lose_blank_lines_and_trailing_blanks() {
        assert_eq!(clean_layout("\n  \n\n    "), "\n    ");
        assert_eq!(clean_layout("  \n # c  \n\n  "), "\n # c\n  ");
        assert_eq!(clean_layout("x"), "x");
    }
}
