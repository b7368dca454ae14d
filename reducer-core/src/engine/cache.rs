//! The outcome cache of Vince and Kiss, "Cache Optimizations for Test Case Reduction" (QRS
//! 2022; the references are in `docs/design.md`).
//!
//! The key is the printed candidate (content cache), so two different edit sets that print the
//! same text share one entry. A configuration-keyed cache (picire's `ConfigCache`) and a plain
//! content cache are kept as baselines. The paper's three optimisations are switches:
//! 1. store only not-interesting outcomes (an interesting candidate is never asked again, as
//!    the reduction moves on to smaller ones);
//! 2. when an interesting candidate of size n is found, evict entries larger than n (every
//!    later candidate is smaller than n, so those entries can never hit again);
//! 3. key by the SHA3-256 digest of the content, keeping the size as the value.

use crate::engine::oracle::Outcome;
use rustc_hash::FxHashMap;
use sha3::{Digest, Sha3_256};

/// What the cache is keyed by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum CacheMode {
    /// No cache.
    None,
    /// The configuration (which elements are kept), as picire's config cache: only valid
    /// within one list reduction, and blind to equal texts from different configurations.
    Config,
    /// The printed candidate.
    #[default]
    Content,
}

/// The cache's switches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CacheOptions {
    /// What the cache is keyed by.
    pub mode: CacheMode,
    /// Optimisation 1: store only not-interesting outcomes.
    pub only_not_interesting: bool,
    /// Optimisation 2: evict entries larger than a newly found interesting candidate.
    pub evict_larger: bool,
    /// Optimisation 3: SHA3-256 digest as key, size as value.
    pub hash_keys: bool,
}

impl Default for CacheOptions {
    fn default() -> Self {
        CacheOptions {
            mode: CacheMode::Content,
            only_not_interesting: true,
            evict_larger: true,
            hash_keys: true,
        }
    }
}

impl CacheOptions {
    /// The plain content cache of the paper's baseline: full texts, every outcome, no eviction.
    pub fn baseline() -> Self {
        CacheOptions {
            mode: CacheMode::Content,
            only_not_interesting: false,
            evict_larger: false,
            hash_keys: false,
        }
    }
}

/// The cache's counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CacheStats {
    /// Lookups made.
    pub lookups: u64,
    /// Lookups that found an outcome.
    pub hits: u64,
    /// Entries held now.
    pub entries: usize,
    /// Bytes held now (keys and values).
    pub bytes: usize,
    /// Most bytes ever held.
    pub peak_bytes: usize,
    /// Most entries ever held.
    pub peak_entries: usize,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Key {
    Config(Box<[u32]>),
    Content(Box<[u8]>),
    Digest([u8; 32]),
}

impl Key {
    /// Bytes this key and its value take in the cache (key, size, outcome).
    fn bytes(&self) -> usize {
        let key = match self {
            Key::Config(c) => c.len() * 4,
            Key::Content(c) => c.len(),
            Key::Digest(_) => 32,
        };
        key + std::mem::size_of::<usize>() + 1
    }
}

/// A candidate as the cache sees it: its text and, for the config mode, its configuration.
#[derive(Clone, Copy, Debug)]
pub struct Probe<'a> {
    /// The printed candidate.
    pub text: &'a [u8],
    /// The configuration that produced it (indices of kept elements), if the caller has one.
    pub config: Option<&'a [u32]>,
}

/// A candidate's key in the cache (see [`Cache::key`]), with its size; no key when the cache
/// is off or, in the config mode, the candidate has no configuration.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CacheKey {
    key: Option<Key>,
    size: usize,
}

impl CacheKey {
    /// No key: the cache neither answers nor stores the candidate (e.g. a syntax rejection).
    pub fn none() -> Self {
        CacheKey { key: None, size: 0 }
    }

    /// Whether the cache answers and stores candidates under this key.
    pub fn is_some(&self) -> bool {
        self.key.is_some()
    }

    /// The size of the candidate's text, in bytes.
    pub fn size(&self) -> usize {
        self.size
    }
}

/// The outcome cache.
#[derive(Debug, Default)]
pub struct Cache {
    options: CacheOptions,
    /// Key -> (size, outcome).
    entries: FxHashMap<Key, (usize, Outcome)>,
    stats: CacheStats,
}

impl Cache {
    /// An empty cache with the given switches.
    pub fn new(options: CacheOptions) -> Self {
        Cache {
            options,
            entries: FxHashMap::default(),
            stats: CacheStats::default(),
        }
    }

    /// The switches.
    pub fn options(&self) -> CacheOptions {
        self.options
    }

    /// The counters.
    pub fn stats(&self) -> CacheStats {
        self.stats
    }

    /// The key `probe` is looked up and stored under (its digest, under the default
    /// options): computed once per candidate, as hashing a large text is not free.
    pub fn key(&self, probe: Probe<'_>) -> CacheKey {
        let key = match self.options.mode {
            CacheMode::None => None,
            CacheMode::Config => probe.config.map(|c| Key::Config(c.into())),
            CacheMode::Content if self.options.hash_keys => {
                Some(Key::Digest(Sha3_256::digest(probe.text).into()))
            }
            CacheMode::Content => Some(Key::Content(probe.text.into())),
        };
        CacheKey {
            key,
            size: probe.text.len(),
        }
    }

    /// The cached outcome of `key`, if any, counted as a lookup (and a hit when found).
    pub fn lookup(&mut self, key: &CacheKey) -> Option<Outcome> {
        let key = key.key.as_ref()?;
        self.stats.lookups += 1;
        let outcome = self.entries.get(key)?.1;
        self.stats.hits += 1;
        Some(outcome)
    }

    /// Counts a lookup of `key` that something besides the cache answered (the tester's
    /// acceptances recorded ahead, which the cache does not keep).
    pub fn count_hit(&mut self, key: &CacheKey) {
        if key.key.is_some() {
            self.stats.lookups += 1;
            self.stats.hits += 1;
        }
    }

    /// Counts a lookup of `key` that found nothing, whatever the cache holds (the tester's
    /// lookups of entries its speculation recorded ahead of the sequential order).
    pub fn count_miss(&mut self, key: &CacheKey) {
        if key.key.is_some() {
            self.stats.lookups += 1;
        }
    }

    /// The cached outcome of `key`, without counting a lookup.
    pub fn peek(&self, key: &CacheKey) -> Option<Outcome> {
        self.entries.get(key.key.as_ref()?).map(|e| e.1)
    }

    /// Records the outcome of the candidate keyed `key`; true if it is stored now.
    /// Unresolved outcomes and tests that could not be run are never stored, nor
    /// interesting ones under [`CacheOptions::only_not_interesting`]; an existing entry is
    /// left as it is.
    pub fn insert(&mut self, key: &CacheKey, outcome: Outcome) -> bool {
        if matches!(outcome, Outcome::Unresolved | Outcome::NotRun)
            || (self.options.only_not_interesting && outcome == Outcome::Interesting)
        {
            return false;
        }
        let Some(k) = key.key.as_ref() else {
            return false;
        };
        if self.entries.contains_key(k) {
            return false;
        }
        self.stats.bytes += k.bytes();
        self.entries.insert(k.clone(), (key.size, outcome));
        self.stats.entries = self.entries.len();
        self.stats.peak_bytes = self.stats.peak_bytes.max(self.stats.bytes);
        self.stats.peak_entries = self.stats.peak_entries.max(self.stats.entries);
        true
    }

    /// Tells the cache that an interesting candidate of `size` bytes was found.
    pub fn found_interesting(&mut self, size: usize) {
        if !self.options.evict_larger {
            return;
        }
        let mut freed = 0;
        self.entries.retain(|k, &mut (s, _)| {
            let keep = s <= size;
            if !keep {
                freed += k.bytes();
            }
            keep
        });
        self.stats.bytes -= freed;
        self.stats.entries = self.entries.len();
    }

    /// Forgets every entry (the config mode needs this when a new list reduction starts).
    pub fn clear_configs(&mut self) {
        if self.options.mode == CacheMode::Config {
            self.clear();
        }
    }

    /// Forgets every entry (the outcomes no longer hold: e.g. the files tested beside the
    /// candidates have changed).
    pub fn clear(&mut self) {
        self.entries.clear();
        self.stats.bytes = 0;
        self.stats.entries = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The key of the text `t` (no configuration) in `c`.
    fn k(c: &Cache, t: &[u8]) -> CacheKey {
        c.key(Probe {
            text: t,
            config: None,
        })
    }

    #[test]
    fn content_cache_counts_hits_and_bytes() {
        let mut c = Cache::new(CacheOptions::baseline());
        assert_eq!(c.lookup(&k(&c, b"abc")), None);
        c.insert(&k(&c, b"abc"), Outcome::NotInteresting);
        c.insert(&k(&c, b"ab"), Outcome::Interesting);
        c.insert(&k(&c, b"x"), Outcome::Unresolved);
        assert_eq!(c.lookup(&k(&c, b"abc")), Some(Outcome::NotInteresting));
        assert_eq!(c.lookup(&k(&c, b"ab")), Some(Outcome::Interesting));
        assert_eq!(c.lookup(&k(&c, b"x")), None);
        let s = c.stats();
        assert_eq!((s.lookups, s.hits, s.entries), (4, 2, 2));
        let per_entry = std::mem::size_of::<usize>() + 1;
        assert_eq!(s.bytes, 3 + 2 + 2 * per_entry);
    }

    #[test]
    fn optimisations_shrink_the_cache() {
        let mut c = Cache::new(CacheOptions {
            only_not_interesting: true,
            evict_larger: true,
            hash_keys: true,
            mode: CacheMode::Content,
        });
        let big = vec![b'a'; 1000];
        c.insert(&k(&c, &big), Outcome::NotInteresting);
        c.insert(&k(&c, b"ab"), Outcome::Interesting);
        assert_eq!(c.stats().entries, 1);
        assert_eq!(c.stats().bytes, 32 + std::mem::size_of::<usize>() + 1);
        assert_eq!(c.lookup(&k(&c, &big)), Some(Outcome::NotInteresting));
        c.found_interesting(10);
        assert_eq!(c.stats().entries, 0);
        assert_eq!(c.lookup(&k(&c, &big)), None);
    }

    #[test]
    fn config_cache_needs_a_configuration() {
        let mut c = Cache::new(CacheOptions {
            mode: CacheMode::Config,
            ..CacheOptions::baseline()
        });
        let p = Probe {
            text: b"t",
            config: Some(&[1, 2]),
        };
        let p = c.key(p);
        c.insert(&p, Outcome::NotInteresting);
        assert_eq!(c.lookup(&p), Some(Outcome::NotInteresting));
        // The same text from another configuration is a miss: the baseline's weakness.
        let q = Probe {
            text: b"t",
            config: Some(&[1]),
        };
        assert_eq!(c.lookup(&c.key(q)), None);
        c.clear_configs();
        assert_eq!(c.lookup(&p), None);
    }
}
