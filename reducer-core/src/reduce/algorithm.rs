//! The typed list of algorithms and the plans they run.
//!
//! Every selectable algorithm is an [`Algorithm`] with its command-line name and one line of
//! help; what it does is a [`Plan`]: one-pass functions of the algorithm families combined by
//! "repeat until nothing changes", "A then B", "record as a stage", and the default's rounds
//! of transformations. A new algorithm is a variant, a name, a summary and a plan.
//!
//! The command line may also name an algorithm that minimises lists with another list
//! reducer than its own: `ALGO+LIST` (`hdd+probdd`, `perses+wddmin`, …), a [`Selection`];
//! `-a probdd`, `-a cdd`, `-a wddmin` and `-a wprobdd` alone are HDD* with that reducer, as
//! the papers evaluate them.

use super::plan::{fixpoint, repeated, stage, Plan, Transform};
use super::schedule::ScheduledStage;
use super::{coarse, gtr, hdd, hoist, pardis, perses, text, transform, AlgoOptions};
use crate::engine::session::Session;
use crate::reduce::list::ListAlgorithm;

/// pardis-hybrid and hoisting, each to its fixpoint, repeated until neither changes
/// anything. Hoisting skips the candidates that delete all of a deletion refused on the
/// current tree ([`hoist::monotone_hoist_pass`]).
fn deletion() -> Plan {
    deletion_then_hoisting(fixpoint(Plan::Pass(pardis::hybrid_pass)))
}

/// The default's first deletion stage: [`deletion`], with the compound edits
/// ([`INTERLUDE`]) between pardis-hybrid's long passes. On a large input whose oracle
/// refuses most deletions (a compile-run-compare oracle), each pass after the first costs
/// thousands of queries for a few bytes, while one parameter elimination (an argument
/// gone from every call at once) removes more in one query; waiting for the fixpoint
/// would keep it for the rounds, tens of minutes later.
fn first_deletion() -> Plan {
    deletion_then_hoisting(Plan::Interleaved {
        pass: Box::new(Plan::Pass(pardis::hybrid_pass)),
        interlude: Box::new(Plan::Then(
            INTERLUDE.iter().map(|&t| transform_stage(t)).collect(),
        )),
    })
}

/// `pardis` (a fixpoint of pardis-hybrid), then hoisting to its fixpoint, repeated until
/// neither changes anything.
fn deletion_then_hoisting(pardis: Plan) -> Plan {
    fixpoint(Plan::Then(vec![
        Plan::Named("deletion", Box::new(pardis)),
        Plan::Named(
            "hoisting",
            Box::new(fixpoint(Plan::Pass(hoist::monotone_hoist_pass))),
        ),
    ]))
}

/// pardis-hybrid to its fixpoint: the deletion that follows a transformation in the
/// default's rounds. Hoisting is left out there: subtree replacement, one of the stages,
/// replaces a node by a smaller compatible subtree too, and under the rounds' budget, where
/// hoisting after every stage cost as many queries again as the stage itself and rarely
/// removed anything (`docs/benchmarks.md`).
fn deletion_without_hoisting() -> Plan {
    Plan::Named(
        "deletion",
        Box::new(fixpoint(Plan::Pass(pardis::hybrid_pass))),
    )
}

/// The stage name of the default's second step, after the coarse deletion: every comment
/// at once, in one test (a preprocessed unit's line markers are comments to the grammars,
/// and no deletion removes them). After the coarse deletion, so that the candidate parsed
/// in full is the small text the coarse deletion left, not the whole unit.
const COMMENTS: &str = "comments";

macro_rules! algorithms {
    ($($variant:ident = $name:literal: $summary:literal,)*) => {
        /// Every algorithm the reducers offer.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Algorithm {
            $(
                #[doc = $summary]
                $variant,
            )*
        }

        impl Algorithm {
            /// All of them, in the order `--list-algorithms` shows them.
            pub const ALL: &'static [Algorithm] = &[$(Algorithm::$variant),*];

            /// The name used on the command line.
            pub const fn name(self) -> &'static str {
                match self {
                    $(Algorithm::$variant => $name,)*
                }
            }

            /// One line saying what it does.
            pub const fn summary(self) -> &'static str {
                match self {
                    $(Algorithm::$variant => $summary,)*
                }
            }
        }
    };
}

algorithms! {
    Default = "pardis-hybrid+hoist+transform":
        "default: pardis-hybrid+hoist, then rounds of the transformations below but enumerate-windows, each followed by pardis-hybrid again, best yield first, while what they remove pays for their queries (first a coarse deletion of long lists, then every comment in one test)",
    EveryTransform = "pardis-hybrid+hoist+transform-all":
        "the previous default: as the default, but every transformation in a fixed order and to its end, until a whole round changes nothing",
    Deletion = "pardis-hybrid+hoist":
        "pardis-hybrid, then hoisting, repeated until neither changes anything (first a coarse deletion of long lists, then every comment in one test); then blank lines go",
    ReplaceIdentifiers = "replace-identifiers":
        "Vulcan: replace every use of a name by a shorter name of the program, rarest names first",
    Canonicalize = "canonicalize":
        "T-Rec: rename each name to the shortest unused one, shrink literals to their rule's shortest text",
    ReplaceSubtrees = "replace-subtrees":
        "Vulcan/SFC: replace a node by the shortest text of a rule compatible with its slot, or a smaller compatible subtree",
    SpliceLists = "splice-lists":
        "replace a list element by the elements of a list of the same kind inside it ({ a; b; } becomes a; b;)",
    TokenWindows = "token-windows":
        "delete runs of 8 down to 1 consecutive tokens across node boundaries, each candidate parsed in full",
    EnumerateWindows = "enumerate-windows":
        "Vulcan: in windows of 4 siblings, try every deletion of two or more of them",
    EliminateDefinitions = "eliminate-definitions":
        "delete an element that binds a name and replace every use by the shortest name-free text its slot accepts (typedef a; a x; becomes int x;)",
    EliminateParameters = "eliminate-parameters":
        "delete the i-th item of every list bound to one name at once (a parameter with its arguments)",
    MergeLists = "merge-lists":
        "join two adjacent elements that differ only in a list inside into one (int a; int b; becomes int a, b;)",
    Pardis = "pardis":
        "Pardis Alg. 1: max-heap by token weight, delete the heaviest nullable node first",
    PardisHybrid = "pardis-hybrid":
        "Pardis Alg. 2: nodes of equal weight and parent minimised together with opdd",
    Perses = "perses":
        "Perses: worklist by token weight; ddmin on lists, drop optionals, replace by compatible descendants",
    PersesN = "perses-n":
        "Perses removing one list element at a time",
    Hdd = "hdd":
        "HDD: ddmin over the nodes of each level, root to leaves, one pass",
    HddStar = "hdd*":
        "HDD repeated to a fixpoint",
    Hoist = "hoist":
        "hoisting: replace nodes by compatible descendants χ(n), level by level, one pass",
    Hddh = "hddh":
        "HDDH: ddmin and hoisting interlaced on each level, one pass",
    HoistHdd = "hoist*+hdd*":
        "hoisting to a fixpoint, then HDD to a fixpoint, repeated",
    HoistHddh = "hoist*+hddh*":
        "hoisting to a fixpoint, then HDDH to a fixpoint, repeated",
    Gtr = "gtr":
        "GTR: per level, the delete template via DD and substitute-by-child by backtracking, one pass",
    GtrStar = "gtr*":
        "GTR repeated to a fixpoint",
    ProbDD = "probdd":
        "HDD* with ProbDD in place of ddmin, as ProbDD's paper evaluates it (= hdd*+probdd; --seed draws its random ties)",
    Cdd = "cdd":
        "HDD* with CDD, ProbDD's counter-based simplification, in place of ddmin (= hdd*+cdd)",
    Wddmin = "wddmin":
        "HDD* with Wddmin, ddmin cutting chunks of equal token weight, in place of ddmin (= hdd*+wddmin)",
    WProbDD = "wprobdd":
        "HDD* with WProbDD, ProbDD whose gain counts tokens, in place of ddmin (= hdd*+wprobdd)",
    DdminLines = "ddmin-lines":
        "plain ddmin on lines, no grammar (baseline)",
    DdminTokens = "ddmin-tokens":
        "plain ddmin on the tree's tokens, no grammar structure (baseline)",
}

impl Algorithm {
    /// The algorithm named `name` on the command line.
    pub fn from_name(name: &str) -> Option<Algorithm> {
        Algorithm::ALL.iter().copied().find(|a| a.name() == name)
    }

    /// The list reducer this algorithm is named after (`probdd` …), run inside HDD*.
    pub fn list_algorithm(self) -> Option<ListAlgorithm> {
        Some(match self {
            Algorithm::ProbDD => ListAlgorithm::ProbDD,
            Algorithm::Cdd => ListAlgorithm::Cdd,
            Algorithm::Wddmin => ListAlgorithm::Wddmin,
            Algorithm::WProbDD => ListAlgorithm::WProbDD,
            _ => return None,
        })
    }

    /// Whether it minimises lists with a list reducer that [`AlgoOptions::list`] replaces, so
    /// that `NAME+LIST` names it with another one: HDD and what builds on it, Perses, GTR,
    /// pardis-hybrid and the default and its deletion (whose deletion is pardis-hybrid).
    pub fn minimises_lists(self) -> bool {
        use Algorithm::*;
        matches!(
            self,
            Default
                | EveryTransform
                | Deletion
                | PardisHybrid
                | Perses
                | Hdd
                | HddStar
                | Hddh
                | HoistHdd
                | HoistHddh
                | Gtr
                | GtrStar
        )
    }

    /// The transformation beyond deletion this algorithm is, if it is one.
    pub fn transform(self) -> Option<Transform> {
        Some(match self {
            Algorithm::SpliceLists => transform::splice_lists::pass,
            Algorithm::ReplaceIdentifiers => transform::replace_identifiers::pass,
            Algorithm::Canonicalize => transform::canonicalize::pass,
            Algorithm::TokenWindows => transform::token_windows::pass,
            Algorithm::ReplaceSubtrees => transform::replace_subtrees::pass,
            Algorithm::EnumerateWindows => transform::enumerate_windows::pass,
            Algorithm::EliminateDefinitions => transform::eliminate_definitions::pass,
            Algorithm::EliminateParameters => transform::eliminate_parameters::pass,
            Algorithm::MergeLists => transform::merge_lists::pass,
            _ => return None,
        })
    }

    /// Whether what this transformation changes can let deletion remove what it could not
    /// before. Canonicalisation cannot: renaming every occurrence of a name at once and
    /// shortening literals and comments keep the tree's shape and every name's uses, so a
    /// deletion that failed before it fails after it too (unless the test looks at names
    /// or literals, which the next round's deletion still sees). Merging neither: what two
    /// merged lists held twice goes in the merge itself, and everything else stays.
    pub fn makes_room_for_deletion(self) -> bool {
        !matches!(self, Algorithm::Canonicalize | Algorithm::MergeLists)
    }

    /// Whether it refuses unseen the edits refused on an earlier text
    /// ([`EditMemory`](crate::engine::edit_memory::EditMemory)): the default and its
    /// deletion stage alone, whose stages run again after every change. The algorithms of
    /// the papers ask the oracle as their pseudocode does.
    pub fn remembers_edits(self) -> bool {
        matches!(
            self,
            Algorithm::Default | Algorithm::EveryTransform | Algorithm::Deletion
        )
    }

    /// What it runs.
    pub fn plan(self) -> Plan {
        use Algorithm::*;
        if let Some(t) = self.transform() {
            return repeated(Plan::Pass(t));
        }
        if let Some(list) = self.list_algorithm() {
            return Plan::WithList(list, Box::new(HddStar.plan()));
        }
        match self {
            Default => Plan::Then(vec![
                stage("coarse deletion", Plan::Pass(coarse::pass)),
                stage(
                    COMMENTS,
                    Plan::Pass(transform::canonicalize::drop_all_comments),
                ),
                stage("deletion", first_deletion()),
                // Rounds of transformations while they pay (the deletion stage has reached
                // its fixpoint after each of them already).
                Plan::Scheduled {
                    stages: DEFAULT_TRANSFORMS
                        .iter()
                        .map(|&t| ScheduledStage {
                            plan: transform_stage(t),
                            deletion_after: t.makes_room_for_deletion(),
                        })
                        .collect(),
                    after: Box::new(stage("deletion", deletion_without_hoisting())),
                },
                Plan::Tidy,
            ]),
            EveryTransform => Plan::Then(vec![
                stage("coarse deletion", Plan::Pass(coarse::pass)),
                stage("deletion", deletion()),
                // Rounds of transformations until one changes nothing.
                repeated(Plan::Round {
                    steps: default_stages(),
                    after: Box::new(stage("deletion", deletion())),
                }),
                Plan::Tidy,
            ]),
            Deletion => Plan::Then(vec![
                stage("coarse deletion", Plan::Pass(coarse::pass)),
                stage(
                    COMMENTS,
                    Plan::Pass(transform::canonicalize::drop_all_comments),
                ),
                repeated(deletion()),
                Plan::Tidy,
            ]),
            Pardis => repeated(Plan::Pass(pardis::pass)),
            PardisHybrid => repeated(Plan::Pass(pardis::hybrid_pass)),
            Perses => repeated(Plan::Pass(|s, o| {
                perses::pass(s, o, perses::ListMode::Ddmin)
            })),
            PersesN => repeated(Plan::Pass(|s, o| {
                perses::pass(s, o, perses::ListMode::OneByOne)
            })),
            Hdd => Plan::Pass(hdd::pass),
            HddStar => repeated(Plan::Pass(hdd::pass)),
            Hoist => Plan::Pass(hoist::hoist_pass),
            Hddh => Plan::Pass(hoist::hddh_pass),
            HoistHdd => repeated(Plan::Then(vec![
                fixpoint(Plan::Pass(hoist::hoist_pass)),
                fixpoint(Plan::Pass(hdd::pass)),
            ])),
            HoistHddh => repeated(Plan::Then(vec![
                fixpoint(Plan::Pass(hoist::hoist_pass)),
                fixpoint(Plan::Pass(hoist::hddh_pass)),
            ])),
            Gtr => Plan::Pass(gtr::pass),
            GtrStar => repeated(Plan::Pass(gtr::pass)),
            DdminLines => Plan::Pass(text::ddmin_lines),
            DdminTokens => Plan::Pass(text::ddmin_tokens),
            ReplaceIdentifiers | Canonicalize | ReplaceSubtrees | SpliceLists | TokenWindows
            | EnumerateWindows | EliminateDefinitions | EliminateParameters | MergeLists => {
                unreachable!("a transformation")
            }
            ProbDD | Cdd | Wddmin | WProbDD => unreachable!("HDD* with a list reducer"),
        }
    }

    /// Runs it on the session.
    pub fn run(self, s: &mut Session<'_>, o: &AlgoOptions) {
        self.plan().run(s, o);
    }
}

/// An algorithm as the command line names it: one of [`Algorithm`], or `ALGO+LIST`, an
/// algorithm that [minimises lists](Algorithm::minimises_lists) with the list reducer `LIST`
/// (one of [`ListAlgorithm::SELECTABLE`]) in place of its own: `hdd+probdd` is HDD with
/// ProbDD where it had ddmin, `pardis-hybrid+hoist+cdd` the deletion with CDD where it had
/// opdd.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Selection {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// The list reducer in place of its own, if one is named.
    pub list: Option<ListAlgorithm>,
}

impl Selection {
    /// The selection `name` names, if any: an algorithm's name, or one followed by `+` and a
    /// list reducer's name.
    pub fn from_name(name: &str) -> Option<Selection> {
        if let Some(algorithm) = Algorithm::from_name(name) {
            return Some(Selection {
                algorithm,
                list: None,
            });
        }
        let (base, list) = name.rsplit_once('+')?;
        let algorithm = Algorithm::from_name(base).filter(|a| a.minimises_lists())?;
        let list = ListAlgorithm::from_name(list)?;
        Some(Selection {
            algorithm,
            list: Some(list),
        })
    }

    /// What it runs.
    pub fn plan(self) -> Plan {
        match self.list {
            None => self.algorithm.plan(),
            Some(list) => Plan::WithList(list, Box::new(self.algorithm.plan())),
        }
    }
}

/// The default's transformations, each a stage.
fn default_stages() -> Vec<Plan> {
    DEFAULT_TRANSFORMS
        .iter()
        .map(|&t| transform_stage(t))
        .collect()
}

/// A transformation as a stage of its own name.
fn transform_stage(t: Algorithm) -> Plan {
    stage(
        t.name(),
        Plan::Pass(t.transform().expect("a transformation")),
    )
}

/// The transformations of the default's first deletion stage, between its long passes
/// ([`first_deletion`]): the compound edits, whose one query can remove a name's every
/// use; parameters first (a few sites per function), then definitions.
const INTERLUDE: &[Algorithm] = &[
    Algorithm::EliminateParameters,
    Algorithm::EliminateDefinitions,
];

/// The transformations the default runs, in its order: by the bytes each removed per query
/// on the C and JavaScript benchmark inputs (splicing first, subtree replacement last;
/// identifier replacement before canonicalisation, which leaves no shorter name to
/// replace by). `enumerate-windows` is left out: it removed nothing on any of the 13
/// inputs for 147 queries (`docs/benchmarks.md`). The compound edits cost a few queries
/// each: definition and parameter elimination come first, so that what they enable is
/// found in the same round (a change in a later round costs a whole round more); merging
/// comes last, on declarations the others have made alike (`a x; int y;` → `int x; int y;`).
pub const DEFAULT_TRANSFORMS: &[Algorithm] = &[
    Algorithm::EliminateDefinitions,
    Algorithm::EliminateParameters,
    Algorithm::SpliceLists,
    Algorithm::ReplaceIdentifiers,
    Algorithm::Canonicalize,
    Algorithm::TokenWindows,
    Algorithm::ReplaceSubtrees,
    Algorithm::MergeLists,
];

#[cfg(feature = "cli")]
impl clap::ValueEnum for Algorithm {
    fn value_variants<'a>() -> &'a [Self] {
        Algorithm::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.name()).help(self.summary()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reduce::schedule;
    use crate::reduce::transform::eliminate_parameters;
    use crate::testing::{session, Toy};

    /// `n` calls `crash(k, 0);` and a statement that may go: the calls must all stay, and
    /// their second arguments may only go all together (a parameter elimination).
    fn calls(n: usize) -> String {
        let mut src: String = (0..n).map(|k| format!("crash({k}, 0);\n")).collect();
        src.push_str("var spare;\n");
        src
    }

    /// Whether `t` still has its `n` calls, all with the same number of arguments.
    fn same_arity(t: &str, n: usize) -> bool {
        let calls = t.matches("crash(").count();
        let commas = t.matches(',').count();
        calls >= n && (commas == 0 || commas == calls)
    }

    /// Interleaved deletion on `calls(n)`: the result, the queries of all, and the queries
    /// of the interlude.
    fn interleaved(n: usize, oracle: fn(&str) -> bool) -> (String, u64, u64) {
        let mut s = session(&Toy, &calls(n), oracle, 1);
        let plan = Plan::Interleaved {
            pass: Box::new(Plan::Pass(pardis::hybrid_pass)),
            interlude: Box::new(Plan::Stage(
                "eliminate-parameters",
                Box::new(Plan::Pass(eliminate_parameters::pass)),
            )),
        };
        plan.run(&mut s, &AlgoOptions::default());
        let interlude = s
            .stats
            .passes
            .iter()
            .filter(|p| p.name == "eliminate-parameters")
            .map(|p| p.queries)
            .sum();
        (s.text(), s.tester.stats().queries, interlude)
    }

    #[test]
    fn a_long_deletion_pass_is_followed_by_the_compound_edits() {
        let (text, queries, interlude) = interleaved(1_200, |t| same_arity(t, 1_200));
        assert!(!text.contains("spare") && !text.contains(','), "{text}");
        assert_eq!(text.matches("crash(").count(), 1_200);
        assert!(interlude >= 1);
        // The first pass cost at least INTERLUDE_AFTER; the interlude at most its tenth.
        assert!(
            queries - interlude >= schedule::INTERLUDE_AFTER,
            "{queries}"
        );
        assert!(interlude as f64 <= schedule::INTERLUDE_SHARE * (queries - interlude) as f64);
    }

    #[test]
    fn short_deletion_passes_are_not_interrupted() {
        let (text, queries, interlude) = interleaved(50, |t| same_arity(t, 50));
        assert!(queries < schedule::INTERLUDE_AFTER);
        assert_eq!(interlude, 0);
        assert!(!text.contains("spare"), "{text}");
        assert_eq!(
            text.matches(',').count(),
            50,
            "no compound edit ran: {text}"
        );
    }

    #[test]
    fn names_are_distinct_and_found_again() {
        for &a in Algorithm::ALL {
            assert_eq!(Algorithm::from_name(a.name()), Some(a));
            assert!(!a.summary().is_empty());
        }
        let mut names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Algorithm::ALL.len());
        assert_eq!(Algorithm::from_name("nonsense"), None);
    }

    #[test]
    fn combined_names_give_an_algorithm_and_a_list_reducer() {
        let pick = |name| Selection::from_name(name).map(|s| (s.algorithm, s.list));
        assert_eq!(pick("hdd"), Some((Algorithm::Hdd, None)));
        assert_eq!(
            pick("hdd+probdd"),
            Some((Algorithm::Hdd, Some(ListAlgorithm::ProbDD)))
        );
        assert_eq!(
            pick("pardis-hybrid+hoist+wddmin"),
            Some((Algorithm::Deletion, Some(ListAlgorithm::Wddmin)))
        );
        assert_eq!(
            pick("pardis-hybrid+hoist"),
            Some((Algorithm::Deletion, None))
        );
        assert_eq!(
            pick("gtr*+cdd"),
            Some((Algorithm::GtrStar, Some(ListAlgorithm::Cdd)))
        );
        for name in [
            "perses-n+probdd",
            "hoist+cdd",
            "hdd+gallop",
            "wddmin+cdd",
            "hdd+PROBDD",
        ] {
            assert_eq!(pick(name), None, "{name}");
        }
        // The four standalone names are HDD* with their list reducer.
        for &a in Algorithm::ALL {
            if let Some(list) = a.list_algorithm() {
                assert_eq!(a.name(), list.name());
                assert!(!a.minimises_lists());
            }
        }
    }

    #[cfg(feature = "cli")]
    #[test]
    fn clap_reads_the_command_line_names() {
        use clap::ValueEnum;
        for &a in Algorithm::ALL {
            assert_eq!(Algorithm::from_str(a.name(), false), Ok(a));
        }
        assert!(Algorithm::from_str("hdd**", false).is_err());
    }

    #[test]
    fn the_default_runs_transformations_but_enumerate_windows() {
        for t in DEFAULT_TRANSFORMS {
            assert!(t.transform().is_some(), "{t:?}");
        }
        assert!(!DEFAULT_TRANSFORMS.contains(&Algorithm::EnumerateWindows));
        let transforms = Algorithm::ALL.iter().filter(|a| a.transform().is_some());
        assert_eq!(transforms.count(), 9);
    }
}
