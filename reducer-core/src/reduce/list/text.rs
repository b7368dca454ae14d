//! The grammar-less text reducer: ddmin on lines, then on bytes (as Picire does).

use super::{ddmin, DdOptions, TesterList};
use crate::engine::tester::Tester;

/// The lines of `text`, each with its line ending (the last one may have none).
pub fn split_lines(text: &[u8]) -> Vec<&[u8]> {
    text.split_inclusive(|&b| b == b'\n').collect()
}

/// The bytes of `text`, each as a one-byte slice.
pub fn split_bytes(text: &[u8]) -> Vec<&[u8]> {
    text.chunks(1).collect()
}

/// Reduces `text` (interesting) with [`ddmin`] on its lines, then on the bytes of the result;
/// returns the reduced text. Each pass is one list reduction of unit positions.
pub fn reduce_text(text: &[u8], tester: &mut Tester, options: &DdOptions) -> Vec<u8> {
    let text = reduce_units(&split_lines(text), tester, options);
    reduce_units(&split_bytes(&text), tester, options)
}

/// [`reduce_text`] that stops after the lines when `enough` says their result can be left to
/// a grammar (the byte-level fallback of a reducer whose input is not UTF-8 or does not
/// parse): ddmin on lines, then, unless `enough` holds for the result, on its bytes.
pub fn reduce_text_until(
    text: &[u8],
    tester: &mut Tester,
    options: &DdOptions,
    enough: impl Fn(&[u8]) -> bool,
) -> Vec<u8> {
    let text = reduce_units(&split_lines(text), tester, options);
    if enough(&text) || tester.stopped() {
        return text;
    }
    reduce_units(&split_bytes(&text), tester, options)
}

/// ddmin over the positions of `units`; returns the kept units concatenated.
pub(super) fn reduce_units(units: &[&[u8]], tester: &mut Tester, options: &DdOptions) -> Vec<u8> {
    let render = |kept: &[u32]| {
        kept.iter()
            .flat_map(|&i| units[i as usize])
            .copied()
            .collect()
    };
    let all: Vec<u32> = (0..units.len() as u32).collect();
    let kept = ddmin(
        all.clone(),
        &mut TesterList::new(tester, &all, render),
        options,
    );
    render(&kept)
}
