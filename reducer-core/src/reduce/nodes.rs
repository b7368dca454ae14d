//! Minimising a set of tree nodes with a list reducer (ddmin, opdd, probdd, …): the bridge
//! between the list algorithms and the session. A node left out of a configuration gets its
//! removal substitution (delete, or its rule's minimal text); a node's weight, for the
//! weighted reducers, is its token count when the reduction starts.

use crate::engine::session::{KeyedEdits, Session, View};
use crate::reduce::list::{DdOptions, ListAlgorithm, ListTest, Weight};
use crate::syntax::tree::{EditSet, NodeId, Subst};
use rustc_hash::FxHashMap;

/// A [`ListTest`] over nodes of the session's tree.
pub struct NodeConfigs<'s, 'l> {
    session: &'s mut Session<'l>,
    removals: FxHashMap<NodeId, Subst>,
    /// Position of each node in the list the reduction started from (config cache key).
    position: FxHashMap<NodeId, u32>,
    /// The configuration committed so far.
    current: Vec<NodeId>,
}

impl<'s, 'l> NodeConfigs<'s, 'l> {
    /// Configurations of `items` (each node with the substitution that removes it).
    pub fn new(session: &'s mut Session<'l>, items: &[(NodeId, Subst)]) -> Self {
        session.tester.new_configuration_space();
        NodeConfigs {
            session,
            removals: items.iter().cloned().collect(),
            position: items
                .iter()
                .enumerate()
                .map(|(i, &(n, _))| (n, i as u32))
                .collect(),
            current: items.iter().map(|&(n, _)| n).collect(),
        }
    }
}

/// The edits turning the committed configuration `current` into `kept`: the nodes whose
/// removal is a deletion go together ([`View::deleting`]: the first item of a separated
/// list takes the separator after it along), the others get their substitution.
fn edits(
    view: &View<'_>,
    current: &[NodeId],
    removals: &FxHashMap<NodeId, Subst>,
    kept: &[NodeId],
) -> EditSet {
    let keep: rustc_hash::FxHashSet<NodeId> = kept.iter().copied().collect();
    let (mut deleted, mut others) = (Vec::new(), Vec::new());
    for &n in current {
        if !keep.contains(&n) {
            match &removals[&n] {
                Subst::Delete => deleted.push(n),
                s => others.push((n, s.clone())),
            }
        }
    }
    let mut e = view.deleting(&deleted);
    for (n, s) in others {
        e.set(n, s);
    }
    e
}

impl ListTest<NodeId> for NodeConfigs<'_, '_> {
    fn first_interesting(
        &mut self,
        configs: &mut dyn Iterator<Item = Vec<NodeId>>,
    ) -> Option<usize> {
        self.first_interesting_then(configs, &mut |_| Vec::new())
    }

    fn first_interesting_then(
        &mut self,
        configs: &mut dyn Iterator<Item = Vec<NodeId>>,
        then: &mut dyn FnMut(usize) -> Vec<Vec<NodeId>>,
    ) -> Option<usize> {
        let mut seen: Vec<Vec<NodeId>> = Vec::new();
        let (current, removals, position) = (&self.current, &self.removals, &self.position);
        let keyed = |v: &View<'_>, kept: &[NodeId]| KeyedEdits {
            edits: edits(v, current, removals, kept),
            config: Some(kept.iter().map(|n| position[n]).collect()),
        };
        let found = self.session.first_interesting_keyed_then(
            &mut |v| {
                let kept = configs.next()?;
                let e = keyed(v, &kept);
                seen.push(kept);
                Some(e)
            },
            &mut |v, index| then(index).iter().map(|kept| keyed(v, kept)).collect(),
        );
        let index = found?;
        self.current = seen.swap_remove(index);
        Some(index)
    }

    fn round(&self) -> usize {
        self.session.tester.round_size()
    }
}

/// Minimises `items` (nodes with their removal substitutions) with `algorithm`, committing
/// every improvement; returns the nodes that stayed. With `try_empty`, removing all of them
/// at once is tried first (list reducers assume the empty list is not interesting, which
/// does not hold for a part of a tree).
///
/// A single node is tested too: the list reducers test the empty configuration as the
/// complement of a one-element list. The HDD paper's DDMIN assumes test(∅) passes and would
/// return a one-element configuration untested, but a level's empty configuration is not
/// the empty input, and HDD* is only 1-tree-minimal at its fixpoint ("if any single node
/// is removed from the tree, the new test case will not be interesting anymore", Vince,
/// Hodován, Bársony and Kiss, "Extending Hierarchical Delta Debugging with Hoisting", AST
/// 2021, Sect. II) if a level whose only removable node is one node gets
/// that node's removal tested. This is one test per such level that the papers' DDMIN does
/// not make.
pub fn reduce_nodes(
    session: &mut Session<'_>,
    items: Vec<(NodeId, Subst)>,
    algorithm: ListAlgorithm,
    options: &DdOptions,
    try_empty: bool,
) -> Vec<NodeId> {
    if items.is_empty() || session.stopped() {
        return items.into_iter().map(|(n, _)| n).collect();
    }
    let mut configs = NodeConfigs::new(session, &items);
    if try_empty {
        if configs
            .first_interesting(&mut std::iter::once(Vec::new()))
            .is_some()
        {
            return Vec::new();
        }
        if items.len() == 1 {
            return vec![items[0].0]; // ∅, its only smaller configuration, was just tested
        }
    }
    let weights: FxHashMap<NodeId, Weight> = items
        .iter()
        .map(|&(n, _)| (n, Weight::from(configs.session.tree.weight(n))))
        .collect();
    let all = items.into_iter().map(|(n, _)| n).collect();
    let options = filling_the_workers(
        configs.session.tester.merging(),
        configs.session.tester.jobs(),
        options,
    );
    algorithm.reduce(all, &|n| weights[n], &mut configs, &options)
}

/// The list reducer's options in merge mode: a split factor of at least the number of jobs,
/// so that one pass has a candidate for every worker (Kiss, "Generalizing the Split Factor of
/// the Minimizing Delta Debugging Algorithm", IEEE Access 2020, studies ν > 2 for the same
/// trade: more tests per round, fewer rounds). Unchanged in exact mode.
fn filling_the_workers(merging: bool, jobs: usize, options: &DdOptions) -> DdOptions {
    let mut options = *options;
    if merging {
        options.split_factor = options.split_factor.max(jobs);
    }
    options
}
