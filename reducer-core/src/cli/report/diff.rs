//! Which lines of the original survive in the result, for the side-by-side view: the longest
//! common subsequence of the two texts' lines.

/// The most cells (original lines × result lines) the line diff computes; past it, the two
/// texts are shown side by side without marks.
pub(super) const MAX_CELLS: usize = 4_000_000;

/// For each line of `old` and of `new`, whether it belongs to a longest common subsequence of
/// their lines (`None` when the texts are too large to compare, see [`MAX_CELLS`]).
pub(super) fn common_lines(old: &[&str], new: &[&str]) -> Option<(Vec<bool>, Vec<bool>)> {
    let (n, m) = (old.len(), new.len());
    if n.saturating_mul(m) > MAX_CELLS {
        return None;
    }
    // lcs[i][j]: the LCS length of old[i..] and new[j..], in one flat table.
    let width = m + 1;
    let mut lcs = vec![0u32; (n + 1) * width];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            lcs[i * width + j] = if old[i] == new[j] {
                lcs[(i + 1) * width + j + 1] + 1
            } else {
                lcs[(i + 1) * width + j].max(lcs[i * width + j + 1])
            };
        }
    }
    let (mut kept_old, mut kept_new) = (vec![false; n], vec![false; m]);
    let (mut i, mut j) = (0, 0);
    while i < n && j < m {
        if old[i] == new[j] {
            kept_old[i] = true;
            kept_new[j] = true;
            i += 1;
            j += 1;
        } else if lcs[(i + 1) * width + j] >= lcs[i * width + j + 1] {
            i += 1;
        } else {
            j += 1;
        }
    }
    Some((kept_old, kept_new))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The LCS length by brute force over every subsequence of `a` (small inputs only).
    fn reference_lcs(a: &[&str], b: &[&str]) -> usize {
        let mut best = 0;
        for mask in 0u32..(1 << a.len()) {
            let sub: Vec<&str> = (0..a.len())
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| a[i])
                .collect();
            let mut it = b.iter();
            if sub.iter().all(|s| it.any(|x| x == s)) {
                best = best.max(sub.len());
            }
        }
        best
    }

    #[test]
    fn marks_a_longest_common_subsequence() {
        let cases: [(&[&str], &[&str]); 4] = [
            (&["a", "b", "c", "d"], &["a", "c"]),
            (&["x", "a", "y", "b"], &["a", "b", "z"]),
            (&["a", "a", "b"], &["b", "a"]),
            (&[], &["a"]),
        ];
        for (old, new) in cases {
            let (ko, kn) = common_lines(old, new).unwrap();
            let kept: Vec<&str> = old.iter().zip(&ko).filter(|p| *p.1).map(|p| *p.0).collect();
            let kept_new: Vec<&str> = new.iter().zip(&kn).filter(|p| *p.1).map(|p| *p.0).collect();
            assert_eq!(
                kept, kept_new,
                "the marks pick the same lines on both sides"
            );
            assert_eq!(kept.len(), reference_lcs(old, new), "{old:?} {new:?}");
        }
    }

    #[test]
    fn large_texts_are_not_compared() {
        let big = vec!["x"; 3000];
        assert!(common_lines(&big, &big).is_none());
    }
}
