//! The grammar-less text reducer: ddmin on lines, then on bytes (as Picire does). A unit
//! that holds a byte of a kept region is never dropped: it is not in the list ddmin sees.

use super::{ddmin, DdOptions, TesterList};
use crate::engine::keep;
use crate::engine::tester::Tester;
use std::ops::Range;

/// A reduced text, and where the kept regions start in it.
pub type Reduced = (Vec<u8>, Vec<usize>);

/// The lines of `text`, each with its line ending (the last one may have none).
pub fn split_lines(text: &[u8]) -> Vec<&[u8]> {
    text.split_inclusive(|&b| b == b'\n').collect()
}

/// The bytes of `text`, each as a one-byte slice.
pub fn split_bytes(text: &[u8]) -> Vec<&[u8]> {
    text.chunks(1).collect()
}

/// Reduces `text` (interesting) with [`ddmin`] on its lines, then on the bytes of the result,
/// never dropping a byte of the kept regions `kept` (byte ranges); returns the reduced text
/// and where the regions start in it. Each pass is one list reduction of unit positions.
pub fn reduce_text(
    text: &[u8],
    kept: &[Range<usize>],
    tester: &mut Tester,
    options: &DdOptions,
) -> Reduced {
    let (text, at) = reduce_units(&split_lines(text), kept, tester, options);
    let kept = regions_at(kept, &at);
    reduce_units(&split_bytes(&text), &kept, tester, options)
}

/// The regions of `kept` moved to start at `at`.
fn regions_at(kept: &[Range<usize>], at: &[usize]) -> Vec<Range<usize>> {
    kept.iter().zip(at).map(|(r, &a)| a..a + r.len()).collect()
}

/// [`reduce_text`] that stops after the lines when `enough` says their result can be left to
/// a grammar (the byte-level fallback of a reducer whose input is not UTF-8 or does not
/// parse): ddmin on lines, then, unless `enough` holds for the result, on its bytes.
pub fn reduce_text_until(
    text: &[u8],
    kept: &[Range<usize>],
    tester: &mut Tester,
    options: &DdOptions,
    enough: impl Fn(&[u8]) -> bool,
) -> Reduced {
    let (text, at) = reduce_units(&split_lines(text), kept, tester, options);
    if enough(&text) || tester.stopped() {
        return (text, at);
    }
    let kept = regions_at(kept, &at);
    reduce_units(&split_bytes(&text), &kept, tester, options)
}

/// ddmin over the positions of `units` but those that hold a byte of a region of `kept`
/// (byte ranges of the units' text), which stay; returns the kept units concatenated and
/// where the regions start in it.
pub fn reduce_units<U: AsRef<[u8]>>(
    units: &[U],
    kept: &[Range<usize>],
    tester: &mut Tester,
    options: &DdOptions,
) -> Reduced {
    let mut starts = Vec::with_capacity(units.len());
    let mut end = 0;
    for u in units {
        starts.push(end);
        end += u.as_ref().len();
    }
    let fixed: Vec<u32> = (0..units.len())
        .filter(|&i| {
            let len = units[i].as_ref().len();
            len > 0 && keep::overlaps(kept, starts[i], starts[i] + len)
        })
        .map(|i| i as u32)
        .collect();
    // A configuration of the free units, with every fixed unit in its place.
    let with_fixed = |c: &[u32]| -> Vec<u32> {
        let mut all: Vec<u32> = c.iter().chain(&fixed).copied().collect();
        all.sort_unstable();
        all
    };
    let render = |c: &[u32]| -> Vec<u8> {
        with_fixed(c)
            .iter()
            .flat_map(|&i| units[i as usize].as_ref())
            .copied()
            .collect()
    };
    let free: Vec<u32> = (0..units.len() as u32)
        .filter(|i| fixed.binary_search(i).is_err())
        .collect();
    let kept_units = ddmin(
        free.clone(),
        &mut TesterList::new(tester, &free, render),
        options,
    );
    let all = with_fixed(&kept_units);
    // Each region moves back by the bytes of the dropped units before it.
    let mut new_start = vec![0; units.len() + 1];
    let mut at = 0;
    let mut next = all.iter().peekable();
    for i in 0..units.len() {
        new_start[i] = at;
        if next.next_if_eq(&&(i as u32)).is_some() {
            at += units[i].as_ref().len();
        }
    }
    new_start[units.len()] = at;
    let moved = kept
        .iter()
        .map(|r| {
            let i = starts.partition_point(|&s| s <= r.start).saturating_sub(1);
            new_start[i] + (r.start - starts[i])
        })
        .collect();
    (render(&kept_units), moved)
}
