//! Kept regions: parts of the input that no candidate may delete or change.
//!
//! A region is marked in the input, from a `reduce:keep-begin` marker to a `reduce:keep-end`
//! marker, each inside a comment of the language or alone on its line ([`marked`]), or given
//! as lines of the input ([`lines`]). The regions' bytes are fixed for the whole run
//! ([`Kept`]); where they stand changes as the text around them shrinks, and every layer that
//! makes candidates keeps track of it: the session's tree algorithms never edit a node whose
//! span overlaps a region, its text transformations never change a byte of one, the text
//! baselines never drop a unit that holds part of one, and the tester refuses, unseen by the
//! oracle, any candidate that does not hold every region in order ([`Kept::held_by`]: the
//! safety net under all of them).

use super::diff::common_ends;
use std::fmt;
use std::ops::Range;
use std::sync::Arc;

/// The marker that opens a kept region.
pub const BEGIN: &str = "reduce:keep-begin";
/// The marker that closes a kept region.
pub const END: &str = "reduce:keep-end";

/// The kept regions' bytes, in input order; the same for the whole run (cheap to clone).
#[derive(Clone, Debug, Default)]
pub struct Kept {
    texts: Arc<[Box<[u8]>]>,
}

impl Kept {
    /// The regions `ranges` (ascending, disjoint) of `text`.
    pub fn new(text: &[u8], ranges: &[Range<usize>]) -> Kept {
        Kept {
            texts: ranges.iter().map(|r| text[r.clone()].into()).collect(),
        }
    }

    /// Whether there is no region.
    pub fn is_empty(&self) -> bool {
        self.texts.is_empty()
    }

    /// Number of regions.
    pub fn len(&self) -> usize {
        self.texts.len()
    }

    /// The bytes of region `i`.
    pub fn text(&self, i: usize) -> &[u8] {
        &self.texts[i]
    }

    /// The byte ranges of the regions when they start at `at`.
    pub fn ranges(&self, at: &[usize]) -> Vec<Range<usize>> {
        at.iter()
            .zip(self.texts.iter())
            .map(|(&a, t)| a..a + t.len())
            .collect()
    }

    /// Whether `candidate` holds every region, in order and without overlaps, byte for byte
    /// (the tester's safety net: it knows nothing of where they came from).
    pub fn held_by(&self, candidate: &[u8]) -> bool {
        self.find_in(candidate).is_some()
    }

    /// Where the regions first occur in `candidate`, in order and without overlaps (the last
    /// resort of [`Session::replace_text`](crate::engine::session::Session::replace_text)
    /// for a text it cannot relate to the current one).
    pub fn find_in(&self, candidate: &[u8]) -> Option<Vec<usize>> {
        let mut from = 0;
        let mut at = Vec::with_capacity(self.len());
        for t in self.texts.iter() {
            let i = find(&candidate[from..], t)?;
            at.push(from + i);
            from += i + t.len();
        }
        Some(at)
    }

    /// Whether the regions stand at `at` in `text`: ascending, disjoint, byte for byte.
    pub fn stand_at(&self, text: &[u8], at: &[usize]) -> bool {
        if at.len() != self.len() {
            return false;
        }
        let mut end = 0;
        for (&a, t) in at.iter().zip(self.texts.iter()) {
            if a < end || text.get(a..a + t.len()) != Some(&t[..]) {
                return false;
            }
            end = a + t.len();
        }
        true
    }

    /// Where the regions stand in `new`, a candidate made from `old` in which they stand at
    /// `old_at`, for a maker that does not say: a region before the first changed byte or
    /// after the last one stays where it is (shifted by the change in length); one between
    /// them must occur exactly once between its neighbours. `None` when a region is gone,
    /// changed or cannot be told apart from a copy of it (the candidate is then refused).
    pub fn relocate(&self, old: &[u8], old_at: &[usize], new: &[u8]) -> Option<Vec<usize>> {
        let (prefix, suffix) = common_ends(old, new);
        let (changed_end, shift) = (old.len() - suffix, new.len() as isize - old.len() as isize);
        let known: Vec<Option<usize>> = self
            .ranges(old_at)
            .into_iter()
            .map(|r| {
                if r.end <= prefix {
                    Some(r.start)
                } else if r.start >= changed_end {
                    Some((r.start as isize + shift) as usize)
                } else {
                    None
                }
            })
            .collect();
        let mut at = Vec::with_capacity(self.len());
        for (i, k) in known.iter().enumerate() {
            if let Some(a) = *k {
                at.push(a);
                continue;
            }
            let from = at.last().map_or(0, |&a| a + self.texts[i - 1].len());
            let to = known[i + 1..]
                .iter()
                .flatten()
                .next()
                .copied()
                .unwrap_or(new.len());
            let window = new.get(from..to)?;
            let t = &self.texts[i];
            let first = find(window, t)?;
            if find(&window[first + 1..], t).is_some() {
                return None;
            }
            at.push(from + first);
        }
        self.stand_at(new, &at).then_some(at)
    }
}

/// The first position of `needle` in `hay`.
fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    if needle.is_empty() {
        return Some(0);
    }
    hay.windows(needle.len()).position(|w| w == needle)
}

/// A marker or line range that cannot be used: where, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeepError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for KeepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for KeepError {}

/// The 1-based line and column of byte `offset` of `text`.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |p| p + 1);
    (line, before[start..].chars().count() + 1)
}

/// The regions `text` marks: from each `reduce:keep-begin` to the next `reduce:keep-end`,
/// both markers included. A marker counts when it lies inside a comment (one that
/// `comment_len` reads, starting on the marker's line) or stands alone on its line; any other
/// occurrence (in a string, say) is plain text. A region that starts at the first non-blank
/// of its line takes the whole line, and one that ends at its line's last non-blank takes the
/// line break too. Unbalanced or nested markers are an error at the marker's line and column.
pub fn marked(
    text: &str,
    comment_len: &dyn Fn(&str) -> Option<usize>,
) -> Result<Vec<Range<usize>>, KeepError> {
    let error = |at: usize, message: String| {
        let (line, column) = line_column(text, at);
        KeepError {
            line,
            column,
            message,
        }
    };
    let mut regions = Vec::new();
    let mut open: Option<(usize, usize)> = None; // (region start, marker offset)
    let mut search = 0;
    while let Some(i) = text[search..].find("reduce:keep-") {
        let m = search + i;
        search = m + "reduce:keep-".len();
        let rest = &text[m..];
        let (marker, begin) = if rest.starts_with(BEGIN) {
            (BEGIN, true)
        } else if rest.starts_with(END) {
            (END, false)
        } else {
            continue;
        };
        let Some((hs, he)) = holder(text, m, marker.len(), comment_len) else {
            continue;
        };
        search = he.max(search);
        let line_start = text[..hs].rfind('\n').map_or(0, |p| p + 1);
        let line_end = text[he..].find('\n').map_or(text.len(), |p| he + p + 1);
        if begin {
            if let Some((_, at)) = open {
                let (l, c) = line_column(text, at);
                return Err(error(
                    m,
                    format!("{BEGIN} inside the kept region opened at {l}:{c}"),
                ));
            }
            let start = if text[line_start..hs].trim().is_empty() {
                line_start
            } else {
                hs
            };
            open = Some((start, m));
        } else {
            let Some((start, _)) = open.take() else {
                return Err(error(m, format!("{END} without a {BEGIN} before it")));
            };
            let end = if text[he..line_end].trim().is_empty() {
                line_end
            } else {
                he
            };
            regions.push(start..end);
        }
    }
    match open {
        Some((_, at)) => Err(error(at, format!("{BEGIN} without a {END} after it"))),
        None => Ok(regions),
    }
}

/// The comment holding the marker at `m` (of `len` bytes), or the marker's line when the
/// marker stands alone on it, as a byte range; `None` when it is neither.
fn holder(
    text: &str,
    m: usize,
    len: usize,
    comment_len: &dyn Fn(&str) -> Option<usize>,
) -> Option<(usize, usize)> {
    let line_start = text[..m].rfind('\n').map_or(0, |p| p + 1);
    let comment = text[line_start..m]
        .char_indices()
        .map(|(i, _)| line_start + i)
        .find_map(|s| {
            let l = comment_len(&text[s..])?;
            (s + l >= m + len).then_some((s, s + l))
        });
    if comment.is_some() {
        return comment;
    }
    let line_end = text[m..].find('\n').map_or(text.len(), |p| m + p);
    let line = &text[line_start..line_end];
    (line.trim() == &text[m..m + len]).then(|| {
        let s = line_start + (line.len() - line.trim_start().len());
        (s, s + len)
    })
}

/// The regions a run keeps in `text`: those its markers mark ([`marked`], in comments that
/// `comment_len` reads; none in a text that is not UTF-8) and the line ranges `spans`
/// ([`lines`]), joined where they overlap or touch ([`joined`]). The error says where and
/// what is wrong.
pub fn regions(
    text: &[u8],
    comment_len: &dyn Fn(&str) -> Option<usize>,
    spans: &[(usize, usize)],
) -> Result<Vec<Range<usize>>, String> {
    let mut all = match std::str::from_utf8(text) {
        Ok(t) => marked(t, comment_len).map_err(|e| e.to_string())?,
        Err(_) => Vec::new(),
    };
    all.extend(lines(text, spans)?);
    Ok(joined(all))
}

/// The byte ranges of the line ranges `spans` (1-based, inclusive) of `text`, each with its
/// last line break.
pub fn lines(text: &[u8], spans: &[(usize, usize)]) -> Result<Vec<Range<usize>>, String> {
    let mut starts: Vec<usize> = vec![0];
    starts.extend(
        text.iter()
            .enumerate()
            .filter(|&(_, &b)| b == b'\n')
            .map(|(i, _)| i + 1),
    );
    if starts.last() == Some(&text.len()) {
        starts.pop();
    }
    let count = if text.is_empty() { 0 } else { starts.len() };
    spans
        .iter()
        .map(|&(a, b)| {
            if a == 0 || a > b {
                return Err(format!(
                    "lines {a}-{b}: lines count from 1, the first at most the last"
                ));
            }
            if b > count {
                return Err(format!("lines {a}-{b}: the input has {count} lines"));
            }
            Ok(starts[a - 1]..starts.get(b).copied().unwrap_or(text.len()))
        })
        .collect()
}

/// `ranges` sorted, with those that overlap or touch joined (the regions a run keeps).
pub fn joined(mut ranges: Vec<Range<usize>>) -> Vec<Range<usize>> {
    ranges.sort_by_key(|r| (r.start, r.end));
    let mut out: Vec<Range<usize>> = Vec::with_capacity(ranges.len());
    for r in ranges.into_iter().filter(|r| !r.is_empty()) {
        match out.last_mut() {
            Some(last) if r.start <= last.end => last.end = last.end.max(r.end),
            _ => out.push(r),
        }
    }
    out
}

/// Whether the byte span `start..end` of a node overlaps one of `ranges` (ascending,
/// disjoint); an empty span counts when it lies strictly inside one (text put there would
/// land inside the region).
pub fn overlaps(ranges: &[Range<usize>], start: usize, end: usize) -> bool {
    let i = ranges.partition_point(|r| r.end <= start);
    ranges.get(i).is_some_and(|r| {
        if start == end {
            r.start < start
        } else {
            r.start < end
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c_comment(t: &str) -> Option<usize> {
        if t.starts_with("//") {
            Some(t.find('\n').unwrap_or(t.len()))
        } else {
            t.strip_prefix("/*")?.find("*/").map(|e| e + 4)
        }
    }

    #[test]
    fn markers_in_comments_take_their_lines() {
        let text = "int a;\n  /* reduce:keep-begin */\nint b;\n// reduce:keep-end\nint c;\n";
        let r = marked(text, &c_comment).unwrap();
        assert_eq!(r.len(), 1);
        assert_eq!(
            &text[r[0].clone()],
            "  /* reduce:keep-begin */\nint b;\n// reduce:keep-end\n"
        );
    }

    #[test]
    fn markers_inside_a_line_take_the_comments_only() {
        let text = "f(1, /* reduce:keep-begin */ 2 /* reduce:keep-end */, 3);";
        let r = marked(text, &c_comment).unwrap();
        assert_eq!(
            &text[r[0].clone()],
            "/* reduce:keep-begin */ 2 /* reduce:keep-end */"
        );
    }

    #[test]
    fn markers_outside_comments_count_only_alone_on_their_line() {
        let text = "s = \"reduce:keep-begin\";\n reduce:keep-begin\nx\nreduce:keep-end \ny\n";
        let r = marked(text, &c_comment).unwrap();
        assert_eq!(r.len(), 1);
        assert_eq!(
            &text[r[0].clone()],
            " reduce:keep-begin\nx\nreduce:keep-end \n"
        );
        // Without comments (plain text), the same.
        assert_eq!(marked(text, &|_| None).unwrap(), r);
    }

    #[test]
    fn unbalanced_markers_are_errors_at_their_place() {
        let e = marked("a\n  // reduce:keep-end\n", &c_comment).unwrap_err();
        assert_eq!((e.line, e.column), (2, 6));
        assert!(e.message.contains("without a reduce:keep-begin"), "{e}");
        let e = marked("// reduce:keep-begin\nx\n", &c_comment).unwrap_err();
        assert_eq!((e.line, e.column), (1, 4));
        let e = marked("// reduce:keep-begin\n// reduce:keep-begin\n", &c_comment).unwrap_err();
        assert_eq!((e.line, e.column), (2, 4));
        assert!(
            e.to_string().starts_with("2:4: reduce:keep-begin inside"),
            "{e}"
        );
    }

    #[test]
    fn line_ranges_are_one_based_and_inclusive() {
        let text = b"a\nbb\nccc\nd";
        assert_eq!(lines(text, &[(2, 3)]).unwrap(), vec![2..9]);
        assert_eq!(lines(text, &[(4, 4)]).unwrap(), vec![9..10]);
        assert!(lines(text, &[(0, 1)]).is_err());
        assert!(lines(text, &[(3, 2)]).is_err());
        assert!(lines(text, &[(4, 5)]).unwrap_err().contains("4 lines"));
        assert_eq!(joined(vec![5..7, 0..2, 2..3, 6..9]), vec![0..3, 5..9]);
    }

    #[test]
    fn overlap_with_a_node_span() {
        let r = [3..6, 10..12];
        assert!(!overlaps(&r, 0, 3) && !overlaps(&r, 6, 10) && !overlaps(&r, 12, 20));
        assert!(overlaps(&r, 0, 4) && overlaps(&r, 5, 11) && overlaps(&r, 11, 11));
        assert!(!overlaps(&r, 3, 3) && overlaps(&r, 4, 4) && !overlaps(&r, 6, 6));
    }

    #[test]
    fn regions_are_found_again_after_changes_around_them() {
        let old = b"aa KEEP bb KEEP cc";
        let kept = Kept::new(old, &[3..7, 11..15]);
        assert!(kept.held_by(b"KEEPKEEP") && !kept.held_by(b"KEEKEEP"));
        // One change between them: each is known by where it is.
        assert_eq!(
            kept.relocate(old, &[3, 11], b"aa KEEP  KEEP cc"),
            Some(vec![3, 9])
        );
        // Changes on both sides of the first: found by its only occurrence.
        assert_eq!(
            kept.relocate(old, &[3, 11], b"a KEEP b KEEP cc"),
            Some(vec![2, 9])
        );
        // A region changed, or two copies that cannot be told apart: refused.
        assert_eq!(kept.relocate(old, &[3, 11], b"aa KEP bb KEEP cc"), None);
        assert_eq!(kept.relocate(old, &[3, 11], b"KEEP a KEEP b KEEP c"), None);
        assert!(kept.stand_at(old, &[3, 11]) && !kept.stand_at(old, &[3, 10]));
    }
}
