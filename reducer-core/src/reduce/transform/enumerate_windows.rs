//! Vulcan's local exhaustive enumeration (Xu et al., OOPSLA 2023): in every list, a window
//! of k consecutive siblings (k = 4 by default) slides along, and every pattern that deletes
//! two or more of them is tried, largest first. After ddmin every single deletion has
//! failed; this finds the pairs and triples that only go together (a declaration and its
//! last use).

use super::{by_sites, Change};
use crate::engine::session::{Session, View};
use crate::reduce::AlgoOptions;
use crate::syntax::tree::{EditSet, NodeId};

/// One pass; returns whether anything changed.
pub fn pass(s: &mut Session<'_>, o: &AlgoOptions) -> bool {
    let k = o.transform.siblings.max(2);
    let sites = |v: &View<'_>| -> Vec<EditSet> {
        windows(v, k).iter().flat_map(|w| deletions(w)).collect()
    };
    by_sites(s, &o.transform, &sites, &|_, e| {
        Some(Change::Edits(e.clone()))
    })
}

/// The windows: k consecutive removable siblings of one list (shorter lists whole).
fn windows(v: &View<'_>, k: usize) -> Vec<Vec<NodeId>> {
    let tree = v.tree;
    let mut out = Vec::new();
    for p in tree.bfs() {
        let elements: Vec<NodeId> = tree.children(p).filter(|&c| v.is_nullable(c)).collect();
        if elements.len() < 2 {
            continue;
        }
        let width = k.min(elements.len());
        out.extend(elements.windows(width).map(<[NodeId]>::to_vec));
    }
    out
}

/// Every deletion of two or more nodes of `window`, most nodes first.
fn deletions(window: &[NodeId]) -> Vec<EditSet> {
    let n = window.len();
    let mut masks: Vec<u32> = (1u32..1 << n).filter(|m| m.count_ones() >= 2).collect();
    masks.sort_by_key(|m| std::cmp::Reverse(m.count_ones()));
    masks
        .into_iter()
        .map(|m| EditSet::deleting((0..n).filter(|i| m >> i & 1 == 1).map(|i| window[i])))
        .collect()
}
