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

impl Stages<'_> {
    pub(super) fn reduce(
        &self,
        mut tree: Option<Tree>,
        original: &[u8],
        mut tester: Tester,
    ) -> Result<Reduced, reduce::UnknownAlgorithm> {
        let Stages {
            lang,
            fallback,
            args,
            options,
            algorithm,
            progress,
            bin,
            kept,
        } = *self;
        let mut stages: Vec<&str> = Vec::new();
        let mut session_stats = SessionStats::default();
        let mut text = original.to_vec();
        // Where the kept regions start in `text`, from stage to stage.
        let mut kept_at: Vec<usize> = kept.iter().map(|r| r.start).collect();
        let regions = tester.kept().clone();
        // The result's and the original's tokens, counted by the last tree stage.
        let mut counted: (Option<usize>, Option<usize>) = (None, None);
        let count = |session: &Session<'_>, text: &str, original_too: bool| {
            let counter = session.tree.token_counter();
            let tokens = if text == session.tree.text() {
                session.tree.tokens() as usize
            } else {
                counter.count(text) as usize
            };
            let original = std::str::from_utf8(original)
                .ok()
                .filter(|_| original_too)
                .map(|o| counter.count(o) as usize);
            (Some(tokens), original)
        };
        loop {
            if let Some(tree) = tree.take() {
                // The grammar stage: the last one.
                let recount = !stages.is_empty();
                if recount {
                    progress.println(&format!(
                        "{bin}: the result parses as {0}: reducing it with the {0} grammar",
                        lang.name()
                    ));
                }
                stages.push(lang.name());
                let mut session = Session::new(lang, tree, tester, args.session_options());
                session.keep(regions.clone(), &kept_at);
                session.tester.enter_stage(stage_name(algorithm));
                reduce::run(algorithm, &mut session, options)?;
                let out = session.text();
                counted = count(&session, &out, recount);
                text = out.into_bytes();
                session_stats.absorb(session.stats);
                tester = session.tester;
                break;
            }
            if tester.stopped() {
                break;
            }
            let utf8 = std::str::from_utf8(&text).ok();
            // Before any stage the text is the input, which `lang` has rejected already.
            let reread = !stages.is_empty();
            if let Some(t) = utf8.filter(|t| reread && lang.accepts(t)) {
                match lang.parse(t) {
                    Ok(parsed) => {
                        tree = Some(parsed);
                        continue;
                    }
                    Err(_) => break,
                }
            }
            if stages.contains(&FALLBACK) {
                break;
            }
            // The structure grammar, on text (it fails only on nesting deeper than the parser's
            // stack guard allows: then bytes).
            let structure = fallback
                .zip(utf8)
                .and_then(|(f, t)| Some((f, f.parse(t).ok()?)));
            if let Some((f, structure_tree)) = structure {
                stages.push(FALLBACK);
                let mut session = Session::new(f, structure_tree, tester, args.session_options());
                session.keep(regions.clone(), &kept_at);
                session.stop_once_parses(lang);
                session.tester.enter_stage(FALLBACK);
                let mut options = options.clone();
                // A corpus of examples is in the language's grammar, not in the structure grammar.
                if let reduce::GtrFilter::Corpus(_) = options.gtr_filter {
                    options.gtr_filter = reduce::GtrFilter::Grammar;
                }
                reduce::run(algorithm, &mut session, &options)?;
                let out = session.text();
                kept_at = session.kept_at();
                counted = count(&session, &out, true);
                text = out.into_bytes();
                session_stats.absorb(session.stats);
                tester = session.tester;
                continue;
            }
            if stages.contains(&BYTES) {
                break;
            }
            stages.push(BYTES);
            tester.enter_stage(BYTES);
            let structure_next = fallback.is_some();
            let enough =
                |t: &[u8]| std::str::from_utf8(t).is_ok_and(|t| structure_next || lang.accepts(t));
            let ranges = regions.ranges(&kept_at);
            (text, kept_at) =
                reduce_text_until(&text, &ranges, &mut tester, &args.dd_options(), enough);
            counted = (None, None);
        }
        stages.reverse();
        Ok(Reduced {
            text,
            tokens: counted.0,
            original_tokens: counted.1,
            grammar: stages.join(" after "),
            tester,
            session: session_stats,
        })
    }
}
