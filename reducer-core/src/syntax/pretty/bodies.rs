//! The statements that are the bodies of other statements without braces (`for (;;)
//! abort();`, `if (a) if (b) x(); else y();`), from the tree alone: a line that starts inside
//! one is indented from the line its outer statement starts on, one level deeper for the body
//! itself.
//!
//! - The *spine* of a list element is the element and the chain of nodes below it that span
//!   exactly its tokens (`block_item`, `statement`, `for_statement` for C's `for (;;) f();`).
//! - A *body* is a node inside an element that has the rule of a node of the element's
//!   spine (a statement inside a statement), starts after the statement it is nested in (the
//!   element, or the body around it), is not inside a bracket of the element (an argument, a
//!   statement expression), and is not one bracket whole (`{ … }`: blocks keep their layout).
//!   The tokens of a body are those inside it up to the line elements in it (which have
//!   lines of their own).

use super::stream::Stream;
use crate::syntax::tree::{NodeId, RuleId, Tree};

/// A statement that a line inside it is indented from: a body, or the list element that
/// holds bodies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Statement {
    /// Its first token.
    pub(super) first: usize,
    /// The statement it is the body of (`None` for the element).
    pub(super) outer: Option<u32>,
}

/// The bodies of a stream.
pub(super) struct Bodies {
    /// The bodies and the elements that hold them.
    pub(super) statements: Vec<Statement>,
    /// Per token: the innermost body around it (an index into `statements`), if any.
    pub(super) body: Vec<Option<u32>>,
}

/// Finds the bodies of `stream` (the stream of `tree`), where `element` tells the list
/// elements, `line` those that start lines, and `opener` the brackets' openers (per node).
pub(super) fn bodies(
    tree: &Tree,
    stream: &Stream<'_>,
    element: &[bool],
    line: &[bool],
    opener: &[Option<usize>],
) -> Bodies {
    let n = element.len();
    let mut out = Bodies {
        statements: Vec::new(),
        body: vec![None; stream.tokens.len()],
    };
    // Per node: the innermost element that is it or holds it, whether it is on that
    // element's spine, the innermost body that is it or holds it within the element, and
    // the same within its line element (where its lines are indented from).
    let mut elem: Vec<Option<NodeId>> = vec![None; n];
    let mut spine = vec![false; n];
    let mut inner: Vec<Option<u32>> = vec![None; n];
    let mut around: Vec<Option<u32>> = vec![None; n];
    // Per element: its spine's rules, and its statement once it holds a body.
    let mut spine_rules: Vec<Vec<RuleId>> = vec![Vec::new(); n];
    let mut held: Vec<Option<u32>> = vec![None; n];
    for &node in &stream.preorder {
        let i = node as usize;
        let span = stream.span(node);
        let parent = tree.parent(node).map(|p| p as usize);
        if !line[i] {
            around[i] = parent.and_then(|p| around[p]);
        }
        if element[i] {
            elem[i] = Some(node);
            spine[i] = span.0 < span.1;
            spine_rules[i].push(tree.rule(node));
            continue;
        }
        let Some(p) = parent else {
            continue;
        };
        let Some(e) = elem[p] else {
            continue;
        };
        elem[i] = Some(e);
        inner[i] = inner[p];
        if spine[p] && span == stream.span(p as NodeId) {
            spine[i] = true;
            spine_rules[e as usize].push(tree.rule(node));
            continue;
        }
        let outer_first = inner[p].map_or(stream.span(e).0, |k| out.statements[k as usize].first);
        let is_body = span.0 < span.1
            && span.0 > outer_first
            && spine_rules[e as usize].contains(&tree.rule(node))
            && !braced(stream, opener, node)
            && !in_bracket(tree, stream, opener, node, e);
        if !is_body {
            continue;
        }
        let outer = match inner[p] {
            Some(k) => k,
            None => *held[e as usize].get_or_insert_with(|| {
                out.statements.push(Statement {
                    first: stream.span(e).0,
                    outer: None,
                });
                out.statements.len() as u32 - 1
            }),
        };
        out.statements.push(Statement {
            first: span.0,
            outer: Some(outer),
        });
        inner[i] = Some(out.statements.len() as u32 - 1);
        around[i] = inner[i];
    }
    for (t, token) in stream.tokens.iter().enumerate() {
        out.body[t] = around[token.owner as usize];
    }
    out
}

/// Whether `node` is one bracket whole: its first token opens a bracket that spans it.
fn braced(stream: &Stream<'_>, opener: &[Option<usize>], node: NodeId) -> bool {
    let span = stream.span(node);
    let owner = stream.tokens[span.0].owner;
    opener[owner as usize] == Some(span.0) && stream.span(owner) == span
}

/// Whether the first token of `node` is inside a bracket of a node above it, up to the
/// element `e`.
fn in_bracket(
    tree: &Tree,
    stream: &Stream<'_>,
    opener: &[Option<usize>],
    node: NodeId,
    e: NodeId,
) -> bool {
    let first = stream.span(node).0;
    let mut up = tree.parent(node);
    while let Some(a) = up {
        if let Some(open) = opener[a as usize] {
            if open < first && first + 1 < stream.span(a).1 {
                return true;
            }
        }
        if a == e {
            return false;
        }
        up = tree.parent(a);
    }
    false
}
