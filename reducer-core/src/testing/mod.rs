//! Test languages for the engine's tests, examples and benchmarks: [`Toy`], a small
//! statement language, and [`Brackets`], nested bracketed lists. Both are written by hand
//! directly in Perses Normal Form, as the `#[reducer]` macro would generate them.
//!
//! Compiled with the `testing` feature (and in reducer-core's own unit tests).

mod brackets;
mod parser;
mod toy;

pub use brackets::{brackets_rule, Brackets};
pub use toy::{rule, Toy};

use crate::syntax::language::Language;

/// The first node of rule `rule` whose source text, trimmed, is `text` (panics if none).
pub fn node_spelling(
    tree: &crate::syntax::tree::Tree,
    rule: crate::syntax::tree::RuleId,
    text: &str,
) -> crate::syntax::tree::NodeId {
    (0..tree.arena_len() as crate::syntax::tree::NodeId)
        .find(|&n| {
            let (a, b) = tree.source_span(n);
            tree.rule(n) == rule && tree.source()[a..b].trim() == text
        })
        .unwrap_or_else(|| panic!("no {rule} node {text:?}"))
}

/// The texts an oracle was shown, in order.
pub type OracleLog = std::sync::Arc<std::sync::Mutex<Vec<String>>>;

/// A session reducing `src` (which must parse) in `lang`, with an oracle given as a
/// predicate on the candidate's text, the default cache and `jobs` parallel tests.
pub fn session(
    lang: &'static dyn Language,
    src: &str,
    oracle: fn(&str) -> bool,
    jobs: usize,
) -> crate::engine::session::Session<'static> {
    recording_session(lang, src, oracle, jobs).0
}

/// As [`session`], with the log of every text the oracle is shown (speculative runs
/// included), for comparisons with reference implementations.
pub fn recording_session(
    lang: &'static dyn Language,
    src: &str,
    oracle: fn(&str) -> bool,
    jobs: usize,
) -> (crate::engine::session::Session<'static>, OracleLog) {
    use crate::engine::{
        cache::CacheOptions, oracle::FnOracle, session::SessionOptions, tester::Tester,
    };
    let tree = lang.parse(src).expect("test input parses");
    let log = OracleLog::default();
    let seen = log.clone();
    let f = move |b: &[u8]| {
        let text = String::from_utf8_lossy(b).into_owned();
        let interesting = oracle(&text);
        seen.lock().unwrap().push(text);
        interesting
    };
    let tester = Tester::new(
        std::sync::Arc::new(FnOracle(f)),
        CacheOptions::default(),
        jobs,
    );
    let session =
        crate::engine::session::Session::new(lang, tree, tester, SessionOptions::default());
    (session, log)
}
