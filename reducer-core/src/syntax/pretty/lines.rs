//! Which tokens start a line and how deep each line is indented, from the tree and the
//! grammar's tables alone.
//!
//! - A *list element* is a node derived by a `*` or `+` of the normalized grammar. A list is
//!   a *line list* when its element rule has a *statement* somewhere in the tree: an element
//!   of the top-level list (the root's, through nodes without tokens of their own); an element
//!   of two tokens or more ending in a *terminator* (a punctuation literal other than `,` and
//!   the brackets' closers, or a keyword closing a node that a keyword opens, held by a node
//!   that starts where the element starts: `x = 1;`, `while c do f() end`); or an element, not
//!   of a separated list (arguments, operator chains), that ends with a block (a function and
//!   its body, not a call or an assignment of a lambda). Every element of a line list starts
//!   a line; so does the first item of a separated line list, and the item (not the
//!   separator) of each later element.
//! - A *bracket* is a node whose last token is a punctuation literal of its own text (the
//!   closer) after another one, of another text (the opener: the first such): `{ … }`,
//!   `f( … )`, `a[ … ]`. A *block* is the innermost bracket around a line list, within the
//!   element holding the list. A block's closer starts a line, and so does the first token
//!   after a line list that the node around the list holds (`end`, `else`). A node of a rule
//!   that holds line lists elsewhere (not a bracket) starts a line one level deeper, and the
//!   token after it starts one at the outer level, even without elements (Lua's `return`).
//! - A line list's elements are indented one level deeper than the element holding the list
//!   (unless that element starts with the list); a line that continues a statement one level
//!   deeper than the statement's first line per bracket other than a block that is open
//!   around its first token in the element.
//! - A line that starts inside a statement that is the body of another without braces
//!   ([`bodies`](super::bodies)) is indented from the line its outer statement starts on:
//!   one level deeper for the body's first token, by brackets inside the body for the rest.

use super::bodies::{bodies, Bodies};
use super::stream::{Kind, Stream};
use crate::syntax::language::Language;
use crate::syntax::tree::{Derivation, NodeId, RuleId, Tree};

/// The lines of a stream: where they start, at which level, and the brackets around each
/// token.
pub(super) struct Lines {
    /// Per token: the indentation level of the line it starts, if it starts one.
    pub(super) starts: Vec<Option<u32>>,
    /// Per token: the number of brackets other than blocks open around it in its element.
    pub(super) brackets: Vec<u32>,
    /// The statements that are bodies of others without braces (see [`bodies`]).
    pub(super) bodies: Bodies,
}

/// What the tree says about each node (indexed by node id).
struct Facts<'s, 't> {
    tree: &'t Tree,
    lang: &'t dyn Language,
    stream: &'s Stream<'t>,
    element: Vec<bool>,
    /// Per node: the index of its opener if it is a bracket.
    opener: Vec<Option<usize>>,
    /// Element rules with a statement somewhere.
    line_rules: Vec<bool>,
}

impl Lines {
    /// The lines of `stream`, the stream of `tree` parsed by `lang`.
    pub(super) fn new(lang: &dyn Language, tree: &Tree, stream: &Stream<'_>) -> Lines {
        let mut facts = Facts::new(lang, tree, stream);
        facts.find_line_rules();
        let line = facts.line_elements();
        let indent = facts.indents(&line);
        let mut lines = Lines {
            starts: vec![None; stream.tokens.len()],
            brackets: vec![0; stream.tokens.len()],
            bodies: bodies(tree, stream, &facts.element, &line, &facts.opener),
        };
        let block = facts.blocks(&line);
        facts.token_brackets(&line, &block, &mut lines);
        facts.line_starts(&line, &indent, &block, &mut lines);
        lines
    }
}

impl<'s, 't> Facts<'s, 't> {
    fn new(lang: &'t dyn Language, tree: &'t Tree, stream: &'s Stream<'t>) -> Self {
        let n = tree.arena_len();
        let mut f = Facts {
            tree,
            lang,
            stream,
            element: vec![false; n],
            opener: vec![None; n],
            line_rules: vec![false; lang.tables().rules.len()],
        };
        for &node in &stream.preorder {
            f.element[node as usize] = node != tree.root()
                && matches!(tree.derivation(node), Derivation::Star | Derivation::Plus);
        }
        f.find_brackets();
        f
    }

    /// Whether `node` is a bracket.
    fn bracket(&self, node: usize) -> bool {
        self.opener[node].is_some()
    }

    fn rule(&self, node: NodeId) -> RuleId {
        self.tree.rule(node)
    }

    /// Finds the brackets: the nodes whose last token is punctuation of their own text (the
    /// closer), after another such token (the opener: the first one, of another text).
    fn find_brackets(&mut self) {
        let s = self.stream;
        for i in 0..s.tokens.len() {
            let owner = s.tokens[i].owner as usize;
            if self.opener[owner].is_none() && s.is_punctuation(i) {
                self.opener[owner] = Some(i);
            }
        }
        for node in 0..self.opener.len() {
            let Some(open) = self.opener[node] else {
                continue;
            };
            let close = s.span(node as NodeId).1 - 1;
            let closes = close > open
                && s.tokens[close].owner as usize == node
                && s.is_punctuation(close)
                && s.text(close) != s.text(open);
            if !closes {
                self.opener[node] = None;
            }
        }
    }

    /// Whether `rule`'s elements are those of a separated list (`, x`, `+ x`): such lists
    /// (arguments, operator chains) do not become line lists because an element ends with a
    /// block (a lambda).
    fn separated(&self, rule: RuleId) -> bool {
        self.lang.tables().separated(rule).is_some()
    }

    /// Marks the element rules with a statement, up to a fixpoint (an element ending with a
    /// block is a statement).
    fn find_line_rules(&mut self) {
        let top = self.top_level();
        for &node in &self.stream.preorder {
            let parent = self.tree.parent(node);
            if self.element[node as usize]
                && (parent.is_some_and(|p| top[p as usize]) || self.ends_in_terminator(node))
            {
                let rule = self.rule(node) as usize;
                self.line_rules[rule] = true;
            }
        }
        loop {
            let line: Vec<bool> = (0..self.element.len())
                .map(|n| self.is_line_element(n as NodeId))
                .collect();
            let block = self.blocks(&line);
            let mut changed = false;
            for &node in &self.stream.preorder {
                let rule = self.rule(node) as usize;
                if self.element[node as usize]
                    && self.ends_with_block(node, &block)
                    && !self.line_rules[rule]
                    && !self.separated(rule as RuleId)
                {
                    self.line_rules[rule] = true;
                    changed = true;
                }
            }
            if !changed {
                return;
            }
        }
    }

    /// Per node: whether it is the root or reached from it through nodes that are no
    /// elements and hold no token of their own (the parents of top-level lists).
    fn top_level(&self) -> Vec<bool> {
        let mut own = vec![false; self.element.len()];
        for t in &self.stream.tokens {
            own[t.owner as usize] = true;
        }
        let mut top = vec![false; self.element.len()];
        top[self.tree.root() as usize] = true;
        for &node in &self.stream.preorder {
            if let Some(p) = self.tree.parent(node) {
                let p = p as usize;
                top[node as usize] = top[p] && !own[p] && !self.element[p];
            }
        }
        top
    }

    /// Whether element `node` has two tokens or more and ends in a terminator held by a node
    /// that starts where it starts.
    fn ends_in_terminator(&self, node: NodeId) -> bool {
        let s = self.stream;
        let (a, b) = s.span(node);
        if b < a + 2 || s.tokens[b - 1].kind != Kind::Literal {
            return false;
        }
        let owner = s.tokens[b - 1].owner;
        let (oa, _) = s.span(owner);
        if oa != a {
            return false;
        }
        let last = s.text(b - 1);
        if s.is_punctuation(b - 1) {
            return !matches!(last, "," | ")" | "]" | "}" | ">");
        }
        // A keyword closing what a keyword of the same node opens (`while … end`).
        s.tokens[oa].owner == owner && s.tokens[oa].kind == Kind::Literal && !s.is_punctuation(oa)
    }

    /// Whether `node` ends with the closer of a block (`block`): a function with its body, not
    /// a call with a function among its arguments.
    fn ends_with_block(&self, node: NodeId, block: &[bool]) -> bool {
        let (a, b) = self.stream.span(node);
        b > a && block[self.stream.tokens[b - 1].owner as usize]
    }

    fn is_line_element(&self, node: NodeId) -> bool {
        self.element[node as usize] && self.line_rules[self.rule(node) as usize]
    }

    /// Per node: whether it starts a line (an element of a line list, or the first item of
    /// a separated line list: the sibling before its first element, of the list's item rule).
    fn line_elements(&self) -> Vec<bool> {
        let mut line = vec![false; self.element.len()];
        for &node in &self.stream.preorder {
            line[node as usize] = self.is_line_element(node);
            let next = self.tree.children(node).skip(1);
            for (before, child) in self.tree.children(node).zip(next) {
                if self.is_separated_head(before, child) {
                    line[before as usize] = true;
                }
            }
        }
        line
    }

    /// Whether `before` is the first item of the separated line list whose element is the
    /// next sibling `child`.
    fn is_separated_head(&self, before: NodeId, child: NodeId) -> bool {
        self.is_line_element(child)
            && !self.element[before as usize]
            && self
                .lang
                .tables()
                .separated(self.rule(child))
                .is_some_and(|sep| self.tree.slot_rule(before) == sep.item)
    }

    /// The token a line element's line starts at: its item's first token for an element of a
    /// separated list (the separator ends the line before), else its own first token.
    fn line_token(&self, node: NodeId) -> usize {
        if self.lang.tables().separated(self.rule(node)).is_some() {
            if let Some(item) = self.tree.children(node).next_back() {
                return self.stream.span(item).0;
            }
        }
        self.stream.span(node).0
    }

    /// Per node: the innermost line element that is the node or holds it.
    fn innermost(&self, line: &[bool]) -> Vec<Option<NodeId>> {
        let mut inner = vec![None; line.len()];
        for &node in &self.stream.preorder {
            inner[node as usize] = if line[node as usize] {
                Some(node)
            } else {
                self.tree.parent(node).and_then(|p| inner[p as usize])
            };
        }
        inner
    }

    /// Per line element: its indentation level.
    fn indents(&self, line: &[bool]) -> Vec<u32> {
        let inner = self.innermost(line);
        let mut indent = vec![0; line.len()];
        // Per list (by parent): where its first line element's line starts.
        let mut list_start: Vec<Option<usize>> = vec![None; line.len()];
        for &node in &self.stream.preorder {
            if !line[node as usize] {
                continue;
            }
            let Some(parent) = self.tree.parent(node) else {
                continue;
            };
            let start = *list_start[parent as usize].get_or_insert(self.line_token(node));
            if let Some(outer) = inner[parent as usize] {
                let deeper = self.line_token(outer) < start;
                indent[node as usize] = indent[outer as usize] + u32::from(deeper);
            }
        }
        indent
    }

    /// Per node: whether it is a block (the innermost bracket around a line list, within the
    /// element that holds the list).
    fn blocks(&self, line: &[bool]) -> Vec<bool> {
        let mut block = vec![false; line.len()];
        for &node in &self.stream.preorder {
            if !line[node as usize] {
                continue;
            }
            let mut up = self.tree.parent(node);
            while let Some(n) = up.filter(|&n| !line[n as usize]) {
                if self.bracket(n as usize) {
                    block[n as usize] = true;
                    break;
                }
                up = self.tree.parent(n);
            }
        }
        block
    }

    /// Fills each token's brackets.
    fn token_brackets(&self, line: &[bool], block: &[bool], lines: &mut Lines) {
        // Per node: the brackets other than blocks open around it within its line element.
        let inside = |node: usize, i: usize| {
            !block[node]
                && self.opener[node]
                    .is_some_and(|o| o < i && i + 1 < self.stream.span(node as NodeId).1)
        };
        let mut open = vec![0u32; line.len()];
        for &node in &self.stream.preorder {
            if let Some(p) = self.tree.parent(node).filter(|_| !line[node as usize]) {
                let p = p as usize;
                open[node as usize] = open[p] + u32::from(inside(p, self.stream.span(node).0));
            }
        }
        for (i, t) in self.stream.tokens.iter().enumerate() {
            let o = t.owner as usize;
            let inside = inside(o, i);
            lines.brackets[i] = open[o] + u32::from(inside);
        }
    }

    /// Marks the tokens that start a line.
    fn line_starts(&self, line: &[bool], indent: &[u32], block: &[bool], lines: &mut Lines) {
        let inner = self.innermost(line);
        let mut last_of_list: Vec<Option<NodeId>> = vec![None; line.len()];
        for &node in &self.stream.preorder {
            if !line[node as usize] {
                continue;
            }
            let i = self.line_token(node);
            if i < self.stream.tokens.len() {
                lines.starts[i] = Some(indent[node as usize]);
            }
            if let Some(p) = self.tree.parent(node) {
                last_of_list[p as usize] = Some(node);
            }
        }
        for (parent, last) in last_of_list.iter().enumerate() {
            if let Some(last) = last {
                self.after_list(parent as NodeId, *last, &inner, indent, lines);
            }
        }
        self.list_holders(line, indent, lines);
        for &node in &self.stream.preorder {
            if block[node as usize] {
                let closer = self.stream.span(node).1 - 1;
                lines.starts[closer] = Some(inner[node as usize].map_or(0, |e| indent[e as usize]));
            }
        }
    }

    /// The node whose own text token `i` is, or the parent of the leaf it is.
    fn holder(&self, i: usize) -> NodeId {
        let t = &self.stream.tokens[i];
        match t.kind {
            Kind::Leaf => self.tree.parent(t.owner).unwrap_or(t.owner),
            _ => t.owner,
        }
    }

    /// Marks the lines of the nodes of a rule that holds line lists (not a bracket), within a
    /// line element: such a node starts a line one level deeper, and the token after it
    /// starts a line at the element's level, even when no element is in it (a Lua `block`
    /// holding only its `return`).
    fn list_holders(&self, line: &[bool], indent: &[u32], lines: &mut Lines) {
        let mut holds = vec![false; self.line_rules.len()];
        for &node in &self.stream.preorder {
            if let Some(p) = self
                .tree
                .parent(node)
                .filter(|_| self.is_line_element(node))
            {
                holds[self.rule(p) as usize] |= !self.bracket(p as usize);
            }
        }
        let inner = self.innermost(line);
        let s = self.stream;
        for &node in &self.stream.preorder {
            let (a, b) = s.span(node);
            let Some(outer) = inner[node as usize].filter(|_| holds[self.rule(node) as usize])
            else {
                continue;
            };
            if a == b || a <= self.line_token(outer) {
                continue;
            }
            let level = indent[outer as usize];
            lines.starts[a].get_or_insert(level + 1);
            if let Some(next) = (b..s.span(outer).1).find(|&i| s.tokens[i].kind != Kind::Comment) {
                lines.starts[next].get_or_insert(level);
            }
        }
    }

    /// Marks the token after the list of `parent` ending with `last`: the node around the
    /// list holds it (`}`, `end`, `else`) at the outer level, content after the list (a
    /// block's last expression) at the list's level.
    fn after_list(
        &self,
        parent: NodeId,
        last: NodeId,
        inner: &[Option<NodeId>],
        indent: &[u32],
        lines: &mut Lines,
    ) {
        let Some(outer) = inner[parent as usize] else {
            return;
        };
        let s = self.stream;
        let end = s.span(outer).1;
        let Some(next) = (s.span(last).1..end).find(|&i| s.tokens[i].kind != Kind::Comment) else {
            return;
        };
        let closes = self.tree.is_ancestor_or_self(self.holder(next), parent);
        lines.starts[next].get_or_insert(if closes {
            indent[outer as usize]
        } else {
            indent[last as usize]
        });
    }
}
