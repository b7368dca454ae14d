//! The reduction of a file set: one file at a time, with the others as they are, in rounds
//! until a round changes nothing. A round first tries each file emptied (a header nothing
//! needs goes in one test), then reduces each file that is left, the largest first, with
//! its grammar's stages (or ddmin on lines and characters without one).
//!
//! The default algorithm runs in two phases: rounds of its deletion stage alone
//! (`pardis-hybrid+hoist`) until no file changes, then rounds of the whole default. So every
//! file's heaviest parts go before any file's transformations, which cost the most queries
//! and find less once the other files are small: on the bundled sets this took 261 queries
//! instead of 435 (C and two headers) and 765 instead of 1,423 (the mixed directory), for
//! the same results (`docs/benchmarks.md`).

use super::super::args::Args;
use super::super::grammars::Grammar;
use super::super::output::BackgroundWriter;
use super::super::progress::{Progress, Size};
use super::super::stages::Stages;
use crate::engine::keep::{self, Kept};
use crate::engine::oracle::file_set::FileSet;
use crate::engine::stats::SessionStats;
use crate::engine::tester::{Candidate, Tester};
use crate::reduce::list::reduce_text;
use crate::reduce::{self, AlgoOptions};
use std::path::PathBuf;
use std::sync::{Arc, RwLock};

/// One file of the set, as the schedule sees it.
pub(super) struct Part<'g> {
    /// Its path in a run's directory (for messages).
    pub(super) rel: PathBuf,
    /// `--keep`: every run gets it as it is; it is never reduced.
    pub(super) kept: bool,
    /// Its grammar (`None`: reduced as text).
    pub(super) grammar: Option<Grammar<'g>>,
    /// The algorithms' options for that grammar (GTR's corpus learned).
    pub(super) options: AlgoOptions,
    /// Where its best result so far is written.
    pub(super) writer: Arc<BackgroundWriter>,
}

impl Part<'_> {
    /// The regions its markers keep in `text` (checked when the file was read; found again
    /// in each text, since they are kept byte for byte, markers included).
    pub(super) fn kept_regions(&self, text: &[u8]) -> Vec<std::ops::Range<usize>> {
        let comment_len = |t: &str| self.grammar.and_then(|g| g.lang.comment_len(t));
        keep::regions(text, &comment_len, &[]).unwrap_or_default()
    }
}

/// What the schedule ends with.
pub(super) struct SetResult {
    /// Each file's result.
    pub(super) texts: Vec<Vec<u8>>,
    /// Each file's grammars, last first (`"C"`, `"C after fallback"`, `"text"`, `"emptied"`).
    pub(super) grammars: Vec<String>,
    pub(super) tester: Tester,
    pub(super) session: SessionStats,
}

/// The reduction of a set of files (see the [module documentation](self)).
pub(super) struct Schedule<'a, 'g> {
    pub(super) parts: &'a [Part<'g>],
    pub(super) set: Arc<RwLock<FileSet>>,
    pub(super) args: &'a Args,
    pub(super) algorithm: &'a str,
    pub(super) progress: &'a Progress,
    pub(super) bin: &'a str,
}

/// The stage name of the test of a file emptied.
const EMPTYING: &str = "emptying";

impl Schedule<'_, '_> {
    /// Reduces the files whose contents are `texts` (the set holds them too).
    pub(super) fn run(
        &self,
        mut texts: Vec<Vec<u8>>,
        mut tester: Tester,
    ) -> Result<SetResult, reduce::UnknownAlgorithm> {
        let mut session = SessionStats::default();
        let mut grammars: Vec<String> = self
            .parts
            .iter()
            .map(|p| match (p.kept, p.grammar) {
                (true, _) => "kept".to_string(),
                (false, g) => g.map_or("text", |g| g.lang.name()).to_string(),
            })
            .collect();
        // How many times a file of the set has changed, and that count when each file was
        // last tried emptied and last reduced (in this phase): the same file in the same
        // context would give the same answer again.
        let mut changes = 0u64;
        let n = texts.len();
        let (mut emptied_at, mut reduced_at) = (vec![None; n], vec![None; n]);
        let phases = self.phases();
        if phases.len() > 1 {
            self.progress.println(&format!(
                "{}: first {} on every file, then {}",
                self.bin,
                phases[0],
                phases[1..].join(", then ")
            ));
        }
        for algorithm in phases {
            // A new algorithm may find more in a file with a grammar; ddmin on text would not.
            for (at, part) in reduced_at.iter_mut().zip(self.parts) {
                if part.grammar.is_some() {
                    *at = None;
                }
            }
            loop {
                let round_start = changes;
                for i in self.largest_first(&texts) {
                    if tester.stopped() || emptied_at[i] == Some(changes) {
                        continue;
                    }
                    emptied_at[i] = Some(changes);
                    self.activate(i, &texts[i], &mut tester);
                    tester.enter_stage(EMPTYING);
                    if tester.test(Candidate::text(Vec::new())) {
                        self.progress.println(&format!(
                            "{}: {} emptied",
                            self.bin,
                            self.parts[i].rel.display()
                        ));
                        grammars[i] = "emptied".to_string();
                        self.set_text(i, &mut texts[i], Vec::new(), &mut changes);
                    }
                }
                for i in self.largest_first(&texts) {
                    if tester.stopped() || reduced_at[i] == Some(changes) {
                        continue;
                    }
                    self.activate(i, &texts[i], &mut tester);
                    let part = &self.parts[i];
                    self.progress.set_original(Size {
                        bytes: texts[i].len(),
                        tokens: None,
                    });
                    self.progress.println(&format!(
                        "{}: reducing {} ({} bytes){}",
                        self.bin,
                        part.rel.display(),
                        texts[i].len(),
                        part.grammar
                            .map_or(" as text".to_string(), |g| format!(" as {}", g.lang.name()))
                    ));
                    let (text, grammar, next) =
                        self.reduce_one(part, algorithm, &texts[i], tester, &mut session)?;
                    tester = next;
                    if let Some(g) = grammar {
                        grammars[i] = g;
                    }
                    self.set_text(i, &mut texts[i], text, &mut changes);
                    reduced_at[i] = Some(changes);
                }
                if changes == round_start || tester.stopped() || self.args.one_pass {
                    break;
                }
            }
        }
        Ok(SetResult {
            texts,
            grammars,
            tester,
            session,
        })
    }

    /// The algorithms of the phases (see the [module documentation](self)).
    fn phases(&self) -> Vec<&str> {
        if self.algorithm == reduce::DEFAULT_ALGORITHM {
            vec![reduce::Algorithm::Deletion.name(), self.algorithm]
        } else {
            vec![self.algorithm]
        }
    }

    /// The indices of the files to reduce (not empty, not kept), the largest first (the first given first among
    /// equals).
    fn largest_first(&self, texts: &[Vec<u8>]) -> Vec<usize> {
        let mut order: Vec<usize> = (0..texts.len())
            .filter(|&i| !texts[i].is_empty() && !self.parts[i].kept)
            .collect();
        order.sort_by_key(|&i| std::cmp::Reverse(texts[i].len()));
        order
    }

    /// Makes file `i`, whose text is `text`, the one candidates replace: the cache forgets
    /// (its outcomes were of other contexts), new bests go to its writer, and no candidate
    /// without its kept regions is tested.
    fn activate(&self, i: usize, text: &[u8], tester: &mut Tester) {
        let regions = self.parts[i].kept_regions(text);
        tester.set_kept(Kept::new(text, &regions));
        self.set
            .write()
            .unwrap_or_else(|p| p.into_inner())
            .set_active(i);
        self.progress.set_file(&self.parts[i].rel.to_string_lossy());
        tester.new_context();
        let writer = self.parts[i].writer.clone();
        tester.set_best_sink(Box::new(move |text: &[u8]| writer.offer(text)));
    }

    /// Makes `new` file `i`'s text (`current`), in the set and on disk, counting a change.
    fn set_text(&self, i: usize, current: &mut Vec<u8>, new: Vec<u8>, changes: &mut u64) {
        if *current == new {
            return;
        }
        *changes += 1;
        self.parts[i].writer.offer(&new);
        self.set
            .write()
            .unwrap_or_else(|p| p.into_inner())
            .set_bytes(i, new.clone());
        *current = new;
    }

    /// Reduces one file with its grammar's stages, or as text: its result, the grammars
    /// used (`None` as text) and the tester back.
    fn reduce_one(
        &self,
        part: &Part<'_>,
        algorithm: &str,
        text: &[u8],
        mut tester: Tester,
        session: &mut SessionStats,
    ) -> Result<(Vec<u8>, Option<String>, Tester), reduce::UnknownAlgorithm> {
        let kept = part.kept_regions(text);
        let Some(grammar) = part.grammar else {
            tester.enter_stage(crate::cli::args::TEXT_ALGORITHM);
            let out = reduce_text(text, &kept, &mut tester, &self.args.dd_options()).0;
            return Ok((out, None, tester));
        };
        let tree = std::str::from_utf8(text)
            .ok()
            .and_then(|t| grammar.lang.parse(t).ok());
        let stages = Stages {
            lang: grammar.lang,
            fallback: grammar.fallback,
            args: self.args,
            options: &part.options,
            algorithm,
            progress: self.progress,
            bin: self.bin,
            kept: &kept,
        };
        let reduced = stages.reduce(tree, text, tester)?;
        session.absorb(reduced.session);
        Ok((reduced.text, Some(reduced.grammar), reduced.tester))
    }
}
