//! The statistics record shared by the oracle runner, the cache and every algorithm.

use std::sync::Mutex;
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
    /// The stage that found it (`"deletion"`, a transformation, …), if one was announced.
    pub stage: Option<&'static str>,
    /// Oracle runs made by then ([`Stats::queries`]).
    pub queries: u64,
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
    /// Merge mode (`--parallel merge`): rounds of oracle runs, each awaited as a whole: the
    /// oracle latencies the run waited for one after the other. Zero in exact mode.
    pub rounds: u64,
    /// Tests answered by the outcome cache.
    pub cache_hits: u64,
    /// Oracle runs cut short (timeout, signal) among the needed ones.
    pub unresolved: u64,
    /// Attempts at an oracle run that could not be run at all ([`Outcome::NotRun`]: no
    /// temporary directory, the program missing…), retries and speculation included; they
    /// are neither queries nor unresolved.
    ///
    /// [`Outcome::NotRun`]: crate::engine::oracle::Outcome::NotRun
    pub not_run: u64,
    /// Candidates rejected by the syntax check, never shown to the oracle.
    pub syntax_rejected: u64,
    /// Candidates refused unseen because their edit was refused on an earlier text
    /// ([`EditMemory`](crate::engine::edit_memory::EditMemory)).
    pub remembered: u64,
    /// Oracle runs that asked again about the current result (among `queries`; see
    /// [`FIRST_RECHECK`](crate::engine::tester::FIRST_RECHECK)).
    pub rechecks: u64,
    /// Whether the test was seen to flake (a recheck refused, a confirmation that
    /// disagreed, two runs of one text that disagreed).
    pub flaky: bool,
    /// Times a stage's result, asked about again once the test was seen to flake, was
    /// refused, and the reduction went back to the last result the test had confirmed
    /// ([`Tester::roll_back`](crate::engine::tester::Tester::roll_back)).
    pub rollbacks: u64,
    /// Time spent inside oracle runs needed by the sequential algorithm (wall clock, summed).
    pub oracle_time: Duration,
    /// The run time of the needed oracle runs, averaged with more weight on the latest
    /// (each run counts [`RECENT_WEIGHT`] of the mean): what the next run will likely cost,
    /// as the candidates shrink. Zero before the first run.
    pub recent_oracle_time: Duration,
    /// Wall-clock time during which at least one oracle run was going (speculative runs
    /// included): wall time minus this is the time spent in the engine alone.
    pub oracle_busy: Duration,
    /// Verification mode (`SessionOptions::verify_syntax`): candidates sent to the oracle
    /// (speculative runs included) that were also parsed in full.
    pub verified: u64,
    /// Of those, how many did not parse: invalid candidates the syntax check let through to
    /// the oracle (0 expected).
    pub verified_invalid: u64,
    /// Size of the current best candidate over time.
    pub sizes: Vec<SizeSample>,
}

/// What the layer above the tester counts: the session's syntax checks and the stages of
/// the algorithms. Reports merge it with the tester's [`Stats`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SessionStats {
    /// Syntax checks answered by re-parsing a node locally.
    pub local_checks: u64,
    /// Syntax checks that needed a full re-parse.
    pub full_parses: u64,
    /// Time spent in syntax checks.
    pub check_time: Duration,
    /// What each stage of a staged algorithm (deletion, each transformation) did, in the
    /// order the stages first ran.
    pub passes: Vec<PassStats>,
}

/// What one stage of the reduction did, over all of its runs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PassStats {
    /// The stage's name (`deletion`, or a transformation's name).
    pub name: &'static str,
    /// How many times it ran.
    pub runs: u64,
    /// Oracle runs it needed.
    pub queries: u64,
    /// Merge mode: rounds of oracle runs it waited for ([`Stats::rounds`]).
    pub rounds: u64,
    /// Tokens it removed.
    pub tokens_removed: u64,
    /// Bytes it removed.
    pub bytes_removed: u64,
    /// Wall time it took.
    pub time: Duration,
}

impl Default for Stats {
    fn default() -> Self {
        Stats {
            started: Instant::now(),
            queries: 0,
            interesting: 0,
            speculative: 0,
            rounds: 0,
            cache_hits: 0,
            unresolved: 0,
            not_run: 0,
            syntax_rejected: 0,
            remembered: 0,
            rechecks: 0,
            flaky: false,
            rollbacks: 0,
            oracle_time: Duration::ZERO,
            recent_oracle_time: Duration::ZERO,
            oracle_busy: Duration::ZERO,
            verified: 0,
            verified_invalid: 0,
            sizes: Vec::new(),
        }
    }
}

/// The weight of the latest oracle run in [`Stats::recent_oracle_time`]: the mean follows
/// about the last eight runs.
pub const RECENT_WEIGHT: f64 = 0.125;

impl Stats {
    /// Counts the run time of a needed oracle run.
    pub fn record_oracle_run(&mut self, elapsed: Duration) {
        self.recent_oracle_time = if self.oracle_time.is_zero() {
            elapsed
        } else {
            self.recent_oracle_time.mul_f64(1.0 - RECENT_WEIGHT) + elapsed.mul_f64(RECENT_WEIGHT)
        };
        self.oracle_time += elapsed;
    }

    /// Records the size of a new best candidate.
    pub fn record_size(&mut self, bytes: usize, tokens: usize) {
        self.record_size_in(bytes, tokens, None);
    }

    /// Records the size of a new best candidate, found by the stage `stage`.
    pub fn record_size_in(&mut self, bytes: usize, tokens: usize, stage: Option<&'static str>) {
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
            stage,
            queries: self.queries,
        });
    }

    /// Total tests asked for by the algorithm (oracle runs, cache hits, syntax rejections and
    /// remembered refusals).
    pub fn tests(&self) -> u64 {
        self.queries + self.cache_hits + self.syntax_rejected + self.remembered
    }
}

/// Measures the wall-clock time during which at least one oracle run is going: the union of
/// the runs' intervals, however many run at once.
#[derive(Debug, Default)]
pub struct OracleClock {
    state: Mutex<ClockState>,
}

#[derive(Debug, Default)]
struct ClockState {
    running: usize,
    since: Option<Instant>,
    busy: Duration,
}

impl OracleClock {
    /// An oracle run starts.
    pub fn start(&self) {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if s.running == 0 {
            s.since = Some(Instant::now());
        }
        s.running += 1;
    }

    /// An oracle run ends.
    pub fn stop(&self) {
        self.stop_at(Instant::now());
    }

    /// An oracle run ended at `ended` (possibly a while ago, when the engine was busy with
    /// something else as it ended).
    pub fn stop_at(&self, ended: Instant) {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        s.running = s.running.saturating_sub(1);
        if s.running == 0 {
            if let Some(since) = s.since.take() {
                s.busy += ended.saturating_duration_since(since);
            }
        }
    }

    /// Runs `run` (one oracle run) with the clock counting it.
    pub fn time<T>(&self, run: impl FnOnce() -> T) -> T {
        self.start();
        let value = run();
        self.stop();
        value
    }

    /// Busy time so far, counting a run still going up to now.
    pub fn busy(&self) -> Duration {
        let s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        s.busy + s.since.map_or(Duration::ZERO, |t| t.elapsed())
    }
}

impl SessionStats {
    /// Adds one run of a stage (`run.runs` is ignored) to the record of its name.
    pub fn record_pass(&mut self, run: PassStats) {
        self.add_pass(PassStats { runs: 1, ..run });
    }

    /// Adds what `other` counted (the session of an earlier stage of the reduction).
    pub fn absorb(&mut self, other: SessionStats) {
        self.local_checks += other.local_checks;
        self.full_parses += other.full_parses;
        self.check_time += other.check_time;
        for record in other.passes {
            self.add_pass(record);
        }
    }

    /// Adds a record (of `record.runs` runs) to the record of its name.
    fn add_pass(&mut self, record: PassStats) {
        let i = match self.passes.iter().position(|p| p.name == record.name) {
            Some(i) => i,
            None => {
                self.passes.push(PassStats {
                    name: record.name,
                    ..PassStats::default()
                });
                self.passes.len() - 1
            }
        };
        let p = &mut self.passes[i];
        p.runs += record.runs;
        p.queries += record.queries;
        p.rounds += record.rounds;
        p.tokens_removed += record.tokens_removed;
        p.bytes_removed += record.bytes_removed;
        p.time += record.time;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_recent_run_time_follows_the_latest_runs() {
        let mut s = Stats::default();
        s.record_oracle_run(Duration::from_millis(1500));
        assert_eq!(
            s.recent_oracle_time,
            Duration::from_millis(1500),
            "the first run"
        );
        for _ in 0..9 {
            s.record_oracle_run(Duration::from_millis(1500));
        }
        for _ in 0..40 {
            s.record_oracle_run(Duration::from_millis(10));
        }
        // Ten runs of 1.5 s on a large input, then forty of 10 ms: the mean of the run is
        // 308 ms, the recent time 17 ms (what is left of the 1.5 s is weighted by 7/8 to
        // the 40th).
        assert_eq!(s.oracle_time, Duration::from_millis(15_400));
        let recent = s.recent_oracle_time.as_secs_f64();
        let expected = 0.010 + 1.490 * (1.0 - RECENT_WEIGHT).powi(40);
        assert!(
            (recent - expected).abs() < 1e-6,
            "{recent} against {expected}"
        );
        assert!(recent < 0.02, "{recent}");
        // A run as slow as the first ones weighs an eighth at once.
        s.record_oracle_run(Duration::from_millis(1010));
        let after = s.recent_oracle_time.as_secs_f64();
        assert!(
            (after - (recent * 0.875 + 1.010 * 0.125)).abs() < 1e-6,
            "{after}"
        );
    }

    #[test]
    fn overlapping_runs_count_once() {
        let clock = OracleClock::default();
        clock.start();
        std::thread::sleep(Duration::from_millis(30));
        clock.start();
        std::thread::sleep(Duration::from_millis(30));
        clock.stop();
        clock.stop();
        let busy = clock.busy();
        // Two overlapping runs of 60 and 30 ms: busy 60 ms, not 90.
        assert!(busy >= Duration::from_millis(60), "{busy:?}");
        std::thread::sleep(Duration::from_millis(40));
        assert_eq!(clock.busy(), busy, "idle time is not busy");
    }
}
