//! The reduction with a grammar and its fallback stages (structure grammar, bytes), until
//! the language reads the result.

use super::args::Args;
use super::exit::Exit;
use super::progress::Progress;
use crate::engine::session::Session;
use crate::engine::stats::SessionStats;
use crate::engine::tester::Tester;
use crate::reduce;
use crate::reduce::list::reduce_text_until;
use crate::reduce::AlgoOptions;
use crate::syntax::language::Language;
use crate::syntax::tree::Tree;

/// What the note after a rejected input says will happen (see [the fallback](super#fallback)).
pub(super) fn fallback_note(
    bin: &str,
    lang: &dyn Language,
    fallback: Option<&dyn Language>,
    utf8: bool,
) -> String {
    let name = lang.name();
    let how = match (utf8, fallback) {
        (false, Some(_)) => "the input is not UTF-8 text: reducing it byte by byte (ddmin on \
                             lines, then bytes) until it is, then with the structure grammar"
            .to_string(),
        (false, None) => "the input is not UTF-8 text: reducing it byte by byte (ddmin on \
                          lines, then bytes)"
            .to_string(),
        (true, Some(_)) => format!(
            "the input does not parse as {name}: reducing it with the structure grammar \
             (brackets, strings, words, statements; any text parses)"
        ),
        (true, None) => format!(
            "the input does not parse as {name}: reducing it byte by byte (ddmin on lines, \
             then bytes)"
        ),
    };
    format!(
        "{bin}: note: {how}, and with the {name} grammar as soon as the result parses; \
         --no-fallback refuses such inputs (exit status {})",
        Exit::Parse.code()
    )
}

/// The result of [`reduce_staged`].
pub(super) struct Reduced {
    pub(super) text: Vec<u8>,
    /// The result's tokens, counted by the last grammar used (`None` after bytes).
    pub(super) tokens: Option<usize>,
    /// The original's tokens counted by that grammar, when it is not the input's own tree.
    pub(super) original_tokens: Option<usize>,
    /// The grammars used, last first: `"C"`, `"fallback"`, `"C after fallback"`, `"bytes"`,
    /// `"C after fallback after bytes"`, …
    pub(super) grammar: String,
    pub(super) tester: Tester,
    /// What the stages' sessions counted (syntax checks, the algorithms' stages).
    pub(super) session: SessionStats,
}

/// The stage name of the structure grammar.
pub(super) const FALLBACK: &str = "fallback";
/// The stage name of the byte-level fallback.
pub(super) const BYTES: &str = "bytes";

/// The stage name of a run of `algorithm` before its own stages say more (`hdd`, `perses`,
/// …; the default's stages are `deletion`, `hoisting`, …).
pub(super) fn stage_name(algorithm: &str) -> &'static str {
    reduce::Selection::from_name(algorithm).map_or("reduction", |a| a.algorithm.name())
}

/// The reduction with a grammar, and its fallbacks.
///
/// [`Stages::reduce`] reduces the input with `lang`, or, when `tree` is `None` (the input is
/// not UTF-8 or `lang` rejects it), through the fallback stages until `lang` reads the result
/// (see [the fallback](super#fallback)): ddmin on lines and bytes for bytes that are not UTF-8
/// (or without a structure grammar), the structure grammar `fallback` for text, the algorithm
/// `algorithm` on each grammar.
pub(super) struct Stages<'a> {
    pub(super) lang: &'a dyn Language,
    pub(super) fallback: Option<&'a dyn Language>,
    pub(super) args: &'a Args,
    /// The algorithms' options (GTR's corpus learned already).
    pub(super) options: &'a AlgoOptions,
    pub(super) algorithm: &'a str,
    pub(super) progress: &'a Progress,
    pub(super) bin: &'a str,
    /// The kept regions of the input, as byte ranges (none in a file set).
    pub(super) kept: &'a [std::ops::Range<usize>],
}

/// The next stage of a reduction.
enum Next<'a> {
    /// The language's own grammar, on this tree: the last stage.
    Grammar(Tree),
    /// The structure grammar, on this tree of it.
    Structure(&'a dyn Language, Tree),
    /// ddmin on lines and bytes.
    Bytes,
    /// Nothing more: the tester stopped, or no stage can take the text further.
    Done,
}

/// What one stage hands the next.
struct Carried {
    /// The text so far.
    text: Vec<u8>,
    /// Where the kept regions start in `text`.
    kept_at: Vec<usize>,
    /// The result's and the original's tokens, counted by the last tree stage.
    counted: (Option<usize>, Option<usize>),
    /// The stages run so far, in order.
    stages: Vec<&'static str>,
    /// Whether the structure grammar's stage and the byte stage have run.
    structure_ran: bool,
    bytes_ran: bool,
    stats: SessionStats,
}

impl Stages<'_> {
    /// The reduction: with the language's grammar from `tree`, or, without a tree, through the
    /// fallback stages until the language reads the text (see [`Stages`]).
    pub(super) fn reduce(
        &self,
        tree: Option<Tree>,
        original: &[u8],
        mut tester: Tester,
    ) -> Result<Reduced, reduce::UnknownAlgorithm> {
        let mut c = Carried {
            text: original.to_vec(),
            kept_at: self.kept.iter().map(|r| r.start).collect(),
            counted: (None, None),
            stages: Vec::new(),
            structure_ran: false,
            bytes_ran: false,
            stats: SessionStats::default(),
        };
        let mut next = match tree {
            Some(tree) => Next::Grammar(tree),
            None => self.after(&c, &tester),
        };
        loop {
            tester = match next {
                Next::Grammar(tree) => {
                    tester = self.with_grammar(tree, original, tester, &mut c)?;
                    break;
                }
                Next::Structure(f, tree) => {
                    self.with_structure(f, tree, original, tester, &mut c)?
                }
                Next::Bytes => self.as_bytes(tester, &mut c),
                Next::Done => break,
            };
            next = self.after(&c, &tester);
        }
        c.stages.reverse();
        Ok(Reduced {
            text: c.text,
            tokens: c.counted.0,
            original_tokens: c.counted.1,
            grammar: c.stages.join(" after "),
            tester,
            session: c.stats,
        })
    }

    /// The stage after those `c` records: the language's grammar once the text parses with
    /// it; otherwise the structure grammar on text (once; it fails only on nesting deeper than
    /// the parser's stack guard allows), then bytes (once). After the structure grammar's
    /// stage, only the language's grammar can follow.
    fn after<'l>(&self, c: &Carried, tester: &Tester) -> Next<'l>
    where
        Self: 'l,
    {
        if tester.stopped() {
            return Next::Done;
        }
        let utf8 = std::str::from_utf8(&c.text).ok();
        // Before any stage the text is the input, which the language has rejected already.
        let reread = !c.stages.is_empty();
        if let Some(t) = utf8.filter(|t| reread && self.lang.accepts(t)) {
            return self.lang.parse(t).map_or(Next::Done, Next::Grammar);
        }
        if c.structure_ran {
            return Next::Done;
        }
        let structure = self
            .fallback
            .zip(utf8)
            .and_then(|(f, t)| Some((f, f.parse(t).ok()?)));
        match structure {
            Some((f, tree)) => Next::Structure(f, tree),
            None if c.bytes_ran => Next::Done,
            None => Next::Bytes,
        }
    }

    /// The last stage: the algorithm with the language's grammar.
    fn with_grammar(
        &self,
        tree: Tree,
        original: &[u8],
        tester: Tester,
        c: &mut Carried,
    ) -> Result<Tester, reduce::UnknownAlgorithm> {
        let (lang, args) = (self.lang, self.args);
        let recount = !c.stages.is_empty();
        if recount {
            self.progress.println(&format!(
                "{}: the result parses as {1}: reducing it with the {1} grammar",
                self.bin,
                lang.name()
            ));
        }
        c.stages.push(lang.name());
        let regions = tester.kept().clone();
        let mut session = Session::new(lang, tree, tester, args.session_options());
        session.keep(regions, &c.kept_at);
        session.tester.enter_stage(stage_name(self.algorithm));
        reduce::run(self.algorithm, &mut session, self.options)?;
        Ok(c.close(session, original, recount))
    }

    /// The algorithm with the structure grammar, until the text parses with the language.
    fn with_structure(
        &self,
        structure: &dyn Language,
        tree: Tree,
        original: &[u8],
        tester: Tester,
        c: &mut Carried,
    ) -> Result<Tester, reduce::UnknownAlgorithm> {
        c.stages.push(FALLBACK);
        c.structure_ran = true;
        let regions = tester.kept().clone();
        let mut session = Session::new(structure, tree, tester, self.args.session_options());
        session.keep(regions, &c.kept_at);
        session.stop_once_parses(self.lang);
        session.tester.enter_stage(FALLBACK);
        let mut options = self.options.clone();
        // A corpus of examples is in the language's grammar, not in the structure grammar.
        if let reduce::GtrFilter::Corpus(_) = options.gtr_filter {
            options.gtr_filter = reduce::GtrFilter::Grammar;
        }
        reduce::run(self.algorithm, &mut session, &options)?;
        c.kept_at = session.kept_at();
        Ok(c.close(session, original, true))
    }

    /// ddmin on lines and bytes, until the text is UTF-8 the next stage reads.
    fn as_bytes(&self, mut tester: Tester, c: &mut Carried) -> Tester {
        c.stages.push(BYTES);
        c.bytes_ran = true;
        tester.enter_stage(BYTES);
        let (lang, structure_next) = (self.lang, self.fallback.is_some());
        let enough =
            |t: &[u8]| std::str::from_utf8(t).is_ok_and(|t| structure_next || lang.accepts(t));
        let ranges = tester.kept().ranges(&c.kept_at);
        let dd = self.args.dd_options();
        (c.text, c.kept_at) = reduce_text_until(&c.text, &ranges, &mut tester, &dd, enough);
        c.counted = (None, None);
        tester
    }
}

impl Carried {
    /// Takes the result of a tree stage's `session`, with its tokens (and the original's
    /// when `original_too`), and gives its tester back.
    fn close(&mut self, session: Session<'_>, original: &[u8], original_too: bool) -> Tester {
        let out = session.text();
        let counter = session.tree.token_counter();
        let tokens = match out == session.tree.text() {
            true => session.tree.tokens() as usize,
            false => counter.count(&out) as usize,
        };
        let original = std::str::from_utf8(original)
            .ok()
            .filter(|_| original_too)
            .map(|o| counter.count(o) as usize);
        self.counted = (Some(tokens), original);
        self.text = out.into_bytes();
        self.stats.absorb(session.stats);
        session.tester
    }
}
