//! The tester's view of the outcome cache: the plain [`Cache`] plus the bookkeeping of
//! `-j N` speculation, which records answers ahead of the sequential order.
//!
//! An answer recorded ahead is visible at once to [`AheadCache::peek`] (no need to run the
//! oracle on that text again), but the sequential run had not seen it yet: its first
//! [`AheadCache::lookup`] misses, as the sequential run's would have, and later ones hit.
//! So the cache hits counted are those of `-j 1`.

use crate::engine::cache::{Cache, CacheKey, CacheOptions, CacheStats, Probe};
use crate::engine::oracle::Outcome;
use rustc_hash::FxHashSet;

/// The outcome cache with the entries recorded ahead of the sequential order.
pub(super) struct AheadCache {
    cache: Cache,
    /// Keys whose entries speculation recorded and no sequential lookup has reached yet.
    ahead: FxHashSet<CacheKey>,
    /// Interesting answers of oracle runs that the cache does not keep (by default it keeps
    /// refusals only: after a success the texts tested are smaller), until a text no larger
    /// is adopted. A merge round tests the list's next candidates as they will be after its
    /// union is adopted (`rounds.rs`); their acceptances are what the list needs next.
    accepted: FxHashSet<CacheKey>,
}

impl AheadCache {
    /// An empty cache with the given switches.
    pub(super) fn new(options: CacheOptions) -> Self {
        AheadCache {
            cache: Cache::new(options),
            ahead: FxHashSet::default(),
            accepted: FxHashSet::default(),
        }
    }

    /// The cache's counters.
    pub(super) fn stats(&self) -> CacheStats {
        self.cache.stats()
    }

    /// Whether a key stands for one text (the content cache), so that two answers under
    /// one key are answers about one text.
    pub(super) fn keys_by_content(&self) -> bool {
        self.cache.options().mode == crate::engine::cache::CacheMode::Content
    }

    /// The key of a candidate.
    pub(super) fn key(&self, probe: Probe<'_>) -> CacheKey {
        self.cache.key(probe)
    }

    /// Any entry of `key`, including one recorded ahead, without counting a lookup: whether
    /// an oracle run is needed at all.
    pub(super) fn peek(&self, key: &CacheKey) -> Option<Outcome> {
        self.cache
            .peek(key)
            .or_else(|| self.kept_acceptance(key).then_some(Outcome::Interesting))
    }

    /// Whether `key`'s acceptance is kept beside the cache. The set is empty except in merge
    /// mode, so the sequential path hashes no key twice.
    fn kept_acceptance(&self, key: &CacheKey) -> bool {
        !self.accepted.is_empty() && self.accepted.contains(key)
    }

    /// The lookup of the sequential run: an entry recorded ahead misses once, then counts as
    /// if the sequential run had recorded it.
    pub(super) fn lookup(&mut self, key: &CacheKey) -> Option<Outcome> {
        if self.ahead.remove(key) {
            self.cache.count_miss(key);
            return None;
        }
        if self.kept_acceptance(key) {
            self.cache.count_hit(key);
            return Some(Outcome::Interesting);
        }
        self.cache.lookup(key)
    }

    /// Records an oracle answer as it comes in, ahead of the sequential order.
    pub(super) fn record_ahead(&mut self, key: &CacheKey, outcome: Outcome) {
        if self.cache.insert(key, outcome) {
            self.ahead.insert(key.clone());
        }
    }

    /// Keeps an oracle run's acceptance that the cache did not store (merge mode only: in
    /// the exact mode a hit on it would count differently from `-j 1`), until a text no
    /// larger is adopted; recorded ahead, as [`AheadCache::record_ahead`] does.
    pub(super) fn keep_acceptance(&mut self, key: &CacheKey) {
        if key.is_some() && self.cache.peek(key).is_none() && self.accepted.insert(key.clone()) {
            self.ahead.insert(key.clone());
        }
    }

    /// Tells the cache that an interesting candidate of `size` bytes was found (it may
    /// evict larger entries).
    pub(super) fn found_interesting(&mut self, size: usize) {
        self.cache.found_interesting(size);
        self.accepted.retain(|k| k.size() <= size);
        self.forget_evicted();
    }

    /// A new list reduction starts (the config-keyed cache forgets everything).
    pub(super) fn clear_configs(&mut self) {
        self.cache.clear_configs();
        if !self.keys_by_content() {
            self.accepted.clear();
        }
        self.forget_evicted();
    }

    /// Forgets every entry, ahead or not.
    pub(super) fn clear(&mut self) {
        self.cache.clear();
        self.ahead.clear();
        self.accepted.clear();
    }

    fn forget_evicted(&mut self) {
        let cache = &self.cache;
        let accepted = &self.accepted;
        self.ahead
            .retain(|k| cache.peek(k).is_some() || accepted.contains(k));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn k(c: &AheadCache, t: &[u8]) -> CacheKey {
        c.key(Probe {
            text: t,
            config: None,
        })
    }

    #[test]
    fn entries_recorded_ahead_count_once_the_sequential_order_reaches_them() {
        let mut c = AheadCache::new(CacheOptions::default());
        c.record_ahead(&k(&c, b"ab"), Outcome::NotInteresting);
        assert_eq!(c.peek(&k(&c, b"ab")), Some(Outcome::NotInteresting));
        assert_eq!(
            c.lookup(&k(&c, b"ab")),
            None,
            "the sequential run had not seen it"
        );
        assert_eq!(c.lookup(&k(&c, b"ab")), Some(Outcome::NotInteresting));
        // Recorded again ahead: the entry is there already, and the sequential run had it.
        c.record_ahead(&k(&c, b"ab"), Outcome::NotInteresting);
        assert_eq!(c.lookup(&k(&c, b"ab")), Some(Outcome::NotInteresting));
        let s = c.stats();
        assert_eq!((s.lookups, s.hits, s.entries), (3, 2, 1));
    }

    #[test]
    fn an_evicted_entry_is_forgotten_with_its_mark() {
        let mut c = AheadCache::new(CacheOptions::default());
        let big = vec![b'x'; 100];
        c.record_ahead(&k(&c, &big), Outcome::NotInteresting);
        c.found_interesting(10);
        assert!(c.ahead.is_empty());
        assert_eq!(c.lookup(&k(&c, &big)), None);
        // Recorded again after the eviction: ahead again.
        c.record_ahead(&k(&c, &big), Outcome::NotInteresting);
        assert_eq!(c.lookup(&k(&c, &big)), None);
        assert_eq!(c.lookup(&k(&c, &big)), Some(Outcome::NotInteresting));
    }
}
