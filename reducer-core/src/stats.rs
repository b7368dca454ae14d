//! The statistics record shared by the oracle runner, the cache and every algorithm.

use std::time::{Duration, Instant};

/// One point of the size-over-time curve.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SizeSample {
    /// Seconds since the reduction started.
    pub seconds: f64,
    /// Size in bytes.
    pub bytes: usize,
    /// Size in tokens (0 when the reducer has no token notion, e.g. plain text).
    pub tokens: usize,
}

/// Counters of one reduction run.
#[derive(Clone, Debug)]
pub struct Stats {
    /// When the run started.
    pub started: Instant,
    /// Oracle runs the sequential algorithm needed (cache misses among its own tests).
    pub queries: u64,
    /// Of those, how many were interesting.
    pub interesting: u64,
    /// Oracle runs made only because of parallel speculation (`-j N`) and not needed by the
    /// sequential algorithm.
    pub speculative: u64,
    /// Tests answered by the outcome cache.
    pub cache_hits: u64,
    /// Oracle runs cut short (timeout, signal) among the needed ones.
    pub unresolved: u64,
    /// Candidates rejected by the syntax check, never shown to the oracle.
    pub syntax_rejected: u64,
    /// Time spent inside oracle runs needed by the sequential algorithm (wall clock, summed).
    pub oracle_time: Duration,
    /// Time the reducer spent waiting for oracle runs (with `-j N`, the time the engine was
    /// blocked on them, so that wall time minus this is the engine's own time).
    pub oracle_wait: Duration,
    /// Syntax checks answered by re-parsing a node locally.
    pub local_checks: u64,
    /// Syntax checks that needed a full re-parse.
    pub full_parses: u64,
    /// Time spent in syntax checks.
    pub check_time: Duration,
    /// Size of the current best candidate over time.
    pub sizes: Vec<SizeSample>,
}

impl Default for Stats {
    fn default() -> Self {
        Stats {
            started: Instant::now(),
            queries: 0,
            interesting: 0,
            speculative: 0,
            cache_hits: 0,
            unresolved: 0,
            syntax_rejected: 0,
            oracle_time: Duration::ZERO,
            oracle_wait: Duration::ZERO,
            local_checks: 0,
            full_parses: 0,
            check_time: Duration::ZERO,
            sizes: Vec::new(),
        }
    }
}

impl Stats {
    /// Records the size of a new best candidate.
    pub fn record_size(&mut self, bytes: usize, tokens: usize) {
        let seconds = self.started.elapsed().as_secs_f64();
        if let Some(last) = self.sizes.last_mut() {
            if last.bytes == bytes && last.tokens == tokens {
                return;
            }
        }
        self.sizes.push(SizeSample {
            seconds,
            bytes,
            tokens,
        });
    }

    /// Total tests asked for by the algorithm (oracle runs, cache hits and syntax rejections).
    pub fn tests(&self) -> u64 {
        self.queries + self.cache_hits + self.syntax_rejected
    }
}
