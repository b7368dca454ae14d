//! Where two texts differ: the bytes they share at their start and at their end (the edit
//! memory keys refusals by what lies between; the kept regions are found again by it).

/// How many bytes `old` and `new` share at their start and, after that, at their end: what
/// lies between is what changed.
pub fn common_ends(old: &[u8], new: &[u8]) -> (usize, usize) {
    let prefix = old.iter().zip(new).take_while(|(a, b)| a == b).count();
    let room = old.len().min(new.len()) - prefix;
    let suffix = old
        .iter()
        .rev()
        .zip(new.iter().rev())
        .take(room)
        .take_while(|(a, b)| a == b)
        .count();
    (prefix, suffix)
}
