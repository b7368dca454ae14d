//! The property every parser target checks: parsing arbitrary text never panics or hangs,
//! an accepted input prints back byte for byte, and every rule's prefix parse of the input
//! ends inside it.

use reducer_core::Language;

/// Runs the checks for `lang` on `data`.
pub fn check(lang: &dyn Language, data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(tree) = lang.parse(text) {
        assert_eq!(tree.text(), text, "print-back differs");
        assert!(tree.tokens() as usize <= text.len());
    }
    let rules = lang.tables().rules.len();
    if rules > 0 {
        let rule = (data.first().copied().unwrap_or(0) as usize % rules) as u16;
        if let Ok(len) = lang.parse_prefix(rule, text) {
            assert!(len <= text.len());
        }
    }
}
