//! Vulcan's identifier replacement (Xu et al., OOPSLA 2023): every occurrence of one name
//! becomes another name of the program, rarest names first, so that the deletion that
//! follows can drop what only the old name needed (a declaration, a typedef). Only shorter
//! names are taken: a replacement never grows the text.

use super::names::{accepted_by, rules_of, Names};
use super::{by_sites, replacing, Change};
use crate::engine::session::{Session, View};
use crate::reduce::AlgoOptions;
use crate::syntax::tree::NodeId;

/// How many replacement names are tried per name, shortest first.
const TRIES_PER_NAME: usize = 8;

/// One pass (nothing with `--no-rename`); returns whether anything changed.
pub fn pass(s: &mut Session<'_>, o: &AlgoOptions) -> bool {
    if !o.transform.rename {
        return false;
    }
    by_sites(s, &o.transform, &sites, &change)
}

/// A name to replace (its occurrences) and the name to put there.
struct Site {
    occurrences: Vec<NodeId>,
    by: String,
}

/// The (name, replacement) pairs: names from the rarest to the most frequent, replacements
/// among the shorter names of the program, shortest first.
fn sites(v: &View<'_>) -> Vec<Site> {
    let mut names = Names::of(v).list;
    names.sort_by_key(|(_, nodes)| nodes.len());
    let mut by_length: Vec<&String> = names.iter().map(|(n, _)| n).collect();
    by_length.sort_by(|a, b| a.len().cmp(&b.len()).then(a.cmp(b)));
    let mut list = Vec::new();
    for (name, nodes) in &names {
        let rules = rules_of(v.tree, nodes);
        list.extend(
            by_length
                .iter()
                .take_while(|b| b.len() < name.len())
                .filter(|b| accepted_by(v, &rules, b))
                .take(TRIES_PER_NAME)
                .map(|b| Site {
                    occurrences: nodes.clone(),
                    by: (*b).clone(),
                }),
        );
    }
    list
}

fn change(_: &View<'_>, site: &Site) -> Option<Change> {
    Some(replacing(
        site.occurrences.iter().map(|&n| (n, site.by.as_str())),
    ))
}
