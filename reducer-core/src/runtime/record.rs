//! Building the tree while pest parses, instead of from pest's token queue.
//!
//! pest keeps a queue of 40-byte tokens, two per pair, for everything a parse matched until
//! the parse ends: several times the size of the tree built from it. The `#[reducer]` macro
//! therefore routes the generated parser's `state.rule(…)`, `state.sequence(…)` and
//! `state.lookahead(…)` calls through [`rule`], [`sequence`] and [`lookahead`] here. While a
//! [`Recording`] is active on the thread, the parse runs inside a positive lookahead, where
//! pest queues nothing, and these hooks feed the [`TreeBuilder`] the events pest would have
//! queued: a rule opens and closes where pest would push its start and end tokens (outside
//! lookaheads and atomic rules), and a rule or sequence that fails rolls the builder back
//! exactly as pest truncates its queue. The tree is the one pest's tokens give, with no queue.
//! With no recording active the hooks only pass the call on.

use crate::syntax::tree::{Mark, RuleId, TreeBuilder};
use pest::{Atomicity, ParseResult, ParserState, RuleType};
use std::cell::{Cell, RefCell};

/// What the hooks keep per thread.
struct Recorder {
    /// The tree being built by the parse running on this thread, if any.
    builder: RefCell<Option<TreeBuilder<'static>>>,
    /// How many of the grammar's lookaheads the parse is inside (pest queues no tokens there).
    lookahead: Cell<u32>,
}

thread_local! {
    static RECORDER: Recorder = const {
        Recorder {
            builder: RefCell::new(None),
            lookahead: Cell::new(0),
        }
    };
}

/// A tree being recorded on this thread; the hooks feed it until it is [`finish`]ed or
/// dropped (a dropped recording leaves no state behind, even after a panic in the parse).
///
/// [`finish`]: Recording::finish
pub struct Recording(());

impl Recording {
    /// Starts recording into `builder`. Only one recording per thread at a time: a second
    /// one replaces the first.
    pub fn start(builder: TreeBuilder<'static>) -> Recording {
        RECORDER.with(|r| {
            *r.builder.borrow_mut() = Some(builder);
            r.lookahead.set(0);
        });
        Recording(())
    }

    /// Ends the recording and gives back the builder.
    pub fn finish(self) -> TreeBuilder<'static> {
        RECORDER
            .with(|r| r.builder.borrow_mut().take())
            .expect("a recording has a builder")
    }
}

impl Drop for Recording {
    fn drop(&mut self) {
        RECORDER.with(|r| r.builder.borrow_mut().take());
    }
}

/// Runs `f` on the builder if a recording is active and pest would queue tokens at this
/// point of the parse (outside lookaheads; `atomic`: inside an atomic rule).
fn with_builder<T>(atomic: bool, f: impl FnOnce(&mut TreeBuilder<'static>) -> T) -> Option<T> {
    if atomic {
        return None;
    }
    RECORDER.with(|r| {
        if r.lookahead.get() > 0 {
            return None;
        }
        r.builder.borrow_mut().as_mut().map(f)
    })
}

/// `state.rule(rule, f)`, recorded as the rule `id`'s node.
#[inline]
pub fn rule<'i, R: RuleType, F>(
    state: Box<ParserState<'i, R>>,
    rule: R,
    id: RuleId,
    f: F,
) -> ParseResult<Box<ParserState<'i, R>>>
where
    F: FnOnce(Box<ParserState<'i, R>>) -> ParseResult<Box<ParserState<'i, R>>>,
{
    let atomic = state.atomicity() == Atomicity::Atomic || id == RuleId::MAX;
    let pos = state.position().pos();
    let Some(mark) = with_builder(atomic, |b| {
        let mark = b.mark();
        b.open(id, pos);
        mark
    }) else {
        return state.rule(rule, f);
    };
    match state.rule(rule, f) {
        Ok(state) => {
            let end = state.position().pos();
            with_builder(false, |b| b.close(end));
            Ok(state)
        }
        Err(state) => {
            with_builder(false, |b| b.rollback(mark));
            Err(state)
        }
    }
}

/// `state.sequence(f)`: a failed sequence undoes what it recorded. `atomic_records_nothing`:
/// the grammar has no compound-atomic or non-atomic rule (`${ }`, `!{ }`), so nothing is
/// recorded inside an atomic rule and its sequences need no undoing.
#[inline]
pub fn sequence<'i, R: RuleType, F>(
    state: Box<ParserState<'i, R>>,
    atomic_records_nothing: bool,
    f: F,
) -> ParseResult<Box<ParserState<'i, R>>>
where
    F: FnOnce(Box<ParserState<'i, R>>) -> ParseResult<Box<ParserState<'i, R>>>,
{
    let atomic = atomic_records_nothing && state.atomicity() == Atomicity::Atomic;
    let Some(mark): Option<Mark> = with_builder(atomic, |b| b.mark()) else {
        return state.sequence(f);
    };
    state.sequence(f).inspect_err(|_| {
        with_builder(false, |b| b.rollback(mark));
    })
}

/// `state.lookahead(is_positive, f)`: nothing inside is recorded.
#[inline]
pub fn lookahead<'i, R: RuleType, F>(
    state: Box<ParserState<'i, R>>,
    is_positive: bool,
    f: F,
) -> ParseResult<Box<ParserState<'i, R>>>
where
    F: FnOnce(Box<ParserState<'i, R>>) -> ParseResult<Box<ParserState<'i, R>>>,
{
    RECORDER.with(|r| r.lookahead.set(r.lookahead.get() + 1));
    let result = state.lookahead(is_positive, f);
    RECORDER.with(|r| r.lookahead.set(r.lookahead.get() - 1));
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::{accepts, parse_tree, parse_whole, PestGrammar};
    use crate::syntax::language::{RuleInfo, Tables};
    use crate::syntax::tree::{Derivation, Tree};
    use pest::error::Error;
    use pest::iterators::Pairs;

    /// A parser written as pest generates one, its calls routed through the hooks:
    ///
    /// ```text
    /// list   = { SOI ~ item ~ ("," ~ item)* ~ EOI }
    /// item   = { &letter ~ word ~ "!" | word ~ "?" | group | !group ~ word }
    /// group  = { "(" ~ (item ~ sep?)* ~ ")" }
    /// sep    = { ";" }                  (hidden in the tables)
    /// word   = @{ letter+ }             (a token: `letter` leaves no pair inside it)
    /// letter = { 'a'..'z' }
    /// record = { &list }
    /// ```
    ///
    /// with spaces and line breaks skipped between the elements of non-atomic sequences. `item` backtracks
    /// after a `word` matched, `group` fails after whole items matched, and lookaheads run
    /// rules: what the hooks must undo or leave out as pest's queue does.
    struct Hooked;

    #[allow(non_camel_case_types, clippy::upper_case_acronyms)]
    #[derive(Clone, Copy, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
    enum R {
        list,
        item,
        group,
        sep,
        word,
        letter,
        EOI,
        record,
    }

    type State<'i> = Box<ParserState<'i, R>>;
    type Parsed<'i> = ParseResult<State<'i>>;

    fn skip(state: State<'_>) -> Parsed<'_> {
        if state.atomicity() == Atomicity::NonAtomic {
            state.repeat(|s| s.match_string(" ").or_else(|s| s.match_string("\n")))
        } else {
            Ok(state)
        }
    }
    fn list(state: State<'_>) -> Parsed<'_> {
        rule(state, R::list, 0, |s| {
            sequence(s, true, |s| {
                s.start_of_input()
                    .and_then(skip)
                    .and_then(item)
                    .and_then(skip)
                    .and_then(|s| {
                        s.repeat(|s| {
                            sequence(s, true, |s| {
                                s.match_string(",")
                                    .and_then(skip)
                                    .and_then(item)
                                    .and_then(skip)
                            })
                        })
                    })
                    .and_then(|s| rule(s, R::EOI, 6, |s| s.end_of_input()))
            })
        })
    }
    fn item(state: State<'_>) -> Parsed<'_> {
        rule(state, R::item, 1, |s| {
            sequence(s, true, |s| {
                lookahead(s, true, letter)
                    .and_then(skip)
                    .and_then(word)
                    .and_then(skip)
                    .and_then(|s| s.match_string("!"))
            })
            .or_else(|s| {
                sequence(s, true, |s| {
                    word(s).and_then(skip).and_then(|s| s.match_string("?"))
                })
            })
            .or_else(group)
            .or_else(|s| {
                sequence(s, true, |s| {
                    lookahead(s, false, group).and_then(skip).and_then(word)
                })
            })
        })
    }
    fn group(state: State<'_>) -> Parsed<'_> {
        rule(state, R::group, 2, |s| {
            sequence(s, true, |s| {
                s.match_string("(")
                    .and_then(skip)
                    .and_then(|s| {
                        s.repeat(|s| {
                            sequence(s, true, |s| {
                                item(s)
                                    .and_then(skip)
                                    .and_then(|s| s.optional(sep))
                                    .and_then(skip)
                            })
                        })
                    })
                    .and_then(|s| s.match_string(")"))
            })
        })
    }
    fn sep(state: State<'_>) -> Parsed<'_> {
        rule(state, R::sep, 3, |s| s.match_string(";"))
    }
    fn word(state: State<'_>) -> Parsed<'_> {
        rule(state, R::word, 4, |s| {
            s.atomic(Atomicity::Atomic, |s| {
                sequence(s, true, |s| letter(s).and_then(|s| s.repeat(letter)))
            })
        })
    }
    // pest's character ranges include their end.
    #[allow(clippy::almost_complete_range)]
    fn letter(state: State<'_>) -> Parsed<'_> {
        rule(state, R::letter, 5, |s| s.match_range('a'..'z'))
    }

    static RULES: [R; 7] = [
        R::list,
        R::item,
        R::group,
        R::sep,
        R::word,
        R::letter,
        R::EOI,
    ];
    static INFO: [RuleInfo; 7] = [
        RuleInfo::regular("list"),
        RuleInfo::regular("item"),
        RuleInfo::regular("group"),
        RuleInfo {
            hidden: true,
            ..RuleInfo::regular("sep")
        },
        RuleInfo {
            token: true,
            ..RuleInfo::regular("word")
        },
        RuleInfo::regular("letter"),
        RuleInfo {
            hidden: true,
            nullable: true,
            ..RuleInfo::regular("EOI")
        },
    ];
    static TABLES: Tables = Tables {
        rules: &INFO,
        compat: &[],
        literals: &[","],
        identifiers: &[],
        layout: &[],
        stand_ins: &[],
        separated: &[],
    };

    impl PestGrammar for Hooked {
        type Rule = R;
        const START: RuleId = 0;
        const COMMENT: Option<R> = None;
        const RECORD: Option<R> = Some(R::record);
        fn rules() -> &'static [R] {
            &RULES
        }
        fn rule_id(rule: R) -> RuleId {
            RULES
                .iter()
                .position(|&r| r == rule)
                .map_or(RuleId::MAX, |i| i as RuleId)
        }
        fn tables() -> &'static Tables {
            &TABLES
        }
        fn parse(which: R, text: &str) -> Result<Pairs<'_, R>, Error<R>> {
            pest::state(text, |s| match which {
                // As pest generates `{ &list }`: the macro leaves this rule's calls unrouted.
                R::record => s.rule(R::record, |s| s.lookahead(true, list)),
                R::list => list(s),
                R::item => item(s),
                R::group => group(s),
                R::sep => sep(s),
                R::word => word(s),
                R::letter => letter(s),
                R::EOI => rule(s, R::EOI, 6, |s| s.end_of_input()),
            })
        }
    }

    fn nodes(t: &Tree) -> Vec<(RuleId, (usize, usize), u32, Derivation)> {
        t.bfs()
            .into_iter()
            .map(|n| (t.rule(n), t.source_span(n), t.weight(n), t.derivation(n)))
            .collect()
    }

    #[test]
    fn the_recorded_tree_is_the_one_of_pests_tokens() {
        for text in [
            "a",
            "ab!",
            " b ? ",
            "(a! b? c)",
            "((x?) y;) , z!",
            "( ) , (a (b?); c! ;)",
            "(((a) b) c?) , q",
        ] {
            let recorded = parse_tree::<Hooked>(text).unwrap();
            let queued = parse_whole::<Hooked>(&text.into()).unwrap();
            assert_eq!(recorded.text(), text);
            assert_eq!(nodes(&recorded), nodes(&queued), "{text:?}");
            assert!(nodes(&recorded).len() > 2, "{text:?}");
            assert!(accepts::<Hooked>(text), "{text:?}");
        }
    }

    #[test]
    fn a_failed_parse_reports_pests_error_and_leaves_no_recording() {
        for (text, column) in [("(a! b", 6), ("a,", 3), ("a b", 3), ("(a;;)", 4)] {
            assert!(!accepts::<Hooked>(text), "{text:?}");
            let e = parse_tree::<Hooked>(text).unwrap_err();
            assert_eq!((e.line, e.column), (1, column), "{text:?}");
            assert!(RECORDER.with(|r| r.builder.borrow().is_none()));
            assert_eq!(RECORDER.with(|r| r.lookahead.get()), 0);
        }
        let e = parse_tree::<Hooked>("a!,\n b?,\n (c").unwrap_err();
        assert_eq!((e.line, e.column), (3, 4));
    }
}
