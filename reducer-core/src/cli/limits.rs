//! The limits of a whole run (`--max-time`, `--max-queries`): once one is reached, the
//! reduction stops as at Ctrl-C (the tester's interrupt flag is raised, so running tests are
//! cancelled the same way and the algorithms wind down), the best result so far is kept,
//! and the final check runs as usual. The run then ends with its own exit status.

use crate::engine::stats::Stats;
use crate::engine::tester::{Event, Observer, Tester};
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::mpsc::{channel, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Which limit stopped the run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Reached {
    /// `--max-time`.
    Time,
    /// `--max-queries`.
    Queries,
}

const NONE: u8 = 0;
const TIME: u8 = 1;
const QUERIES: u8 = 2;

/// The limits of one run, watching it from its start.
pub(super) struct Limits {
    max_time: Option<Duration>,
    max_queries: Option<u64>,
    /// Which limit was reached ([`NONE`] while none is).
    reached: Arc<AtomicU8>,
    flag: Arc<AtomicBool>,
    /// The timer thread of `--max-time`, and what ends it when dropped.
    timer: Mutex<Option<(Sender<()>, JoinHandle<()>)>>,
}

impl Limits {
    /// Starts watching the run `tester` makes, with the limits given (`None`: no limit).
    pub(super) fn start(
        tester: &Tester,
        max_time: Option<Duration>,
        max_queries: Option<u64>,
    ) -> Limits {
        let reached = Arc::new(AtomicU8::new(NONE));
        let flag = tester.interrupt_flag();
        let timer = max_time.map(|limit| {
            let (stop, wait) = channel::<()>();
            let (reached, flag) = (reached.clone(), flag.clone());
            let deadline = Instant::now() + limit;
            let thread = std::thread::spawn(move || loop {
                let left = deadline.saturating_duration_since(Instant::now());
                match wait.recv_timeout(left) {
                    Err(RecvTimeoutError::Timeout) if Instant::now() >= deadline => {
                        stop_for(&reached, &flag, TIME);
                        return;
                    }
                    Err(RecvTimeoutError::Timeout) | Ok(()) => {}
                    Err(RecvTimeoutError::Disconnected) => return,
                }
            });
            (stop, thread)
        });
        Limits {
            max_time,
            max_queries,
            reached,
            flag,
            timer: Mutex::new(timer),
        }
    }

    /// `observer`, and the query limit checked after each event.
    pub(super) fn observe(&self, mut observer: Observer) -> Observer {
        let Some(max) = self.max_queries else {
            return observer;
        };
        let (reached, flag) = (self.reached.clone(), self.flag.clone());
        Box::new(move |event: &Event, stats: &Stats| {
            observer(event, stats);
            if stats.queries >= max {
                stop_for(&reached, &flag, QUERIES);
            }
        })
    }

    /// The limit that stopped the run, if one did.
    pub(super) fn reached(&self) -> Option<Reached> {
        match self.reached.load(Ordering::SeqCst) {
            TIME => Some(Reached::Time),
            QUERIES => Some(Reached::Queries),
            _ => None,
        }
    }

    /// Ends the timer (the final check is not cut short by a limit), and after a limit
    /// stopped the reduction lowers the interrupt flag again, so that the result can be
    /// checked (a Ctrl-C raises it anew). True if a limit stopped the run.
    pub(super) fn rearm_for_final_check(&self) -> bool {
        let timer = self.timer.lock().unwrap_or_else(|e| e.into_inner()).take();
        if let Some((stop, thread)) = timer {
            drop(stop);
            let _ = thread.join();
        }
        let reached = self.reached().is_some();
        if reached {
            self.flag.store(false, Ordering::SeqCst);
        }
        reached
    }

    /// What stopped the run, for messages: `--max-time 10 s`, `--max-queries 500`.
    pub(super) fn describe(&self) -> Option<String> {
        match self.reached()? {
            Reached::Time => Some(format!(
                "--max-time {} s",
                self.max_time.unwrap_or_default().as_secs_f64()
            )),
            Reached::Queries => Some(format!("--max-queries {}", self.max_queries?)),
        }
    }
}

/// Stops the run for `why`, unless it is stopped already (a Ctrl-C, or the other limit).
fn stop_for(reached: &AtomicU8, flag: &AtomicBool, why: u8) {
    if !flag.load(Ordering::SeqCst)
        && reached
            .compare_exchange(NONE, why, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
    {
        flag.store(true, Ordering::SeqCst);
    }
}

/// A duration as `--max-time` takes it: `90s`, `10m`, `1h`, `1h30m`, `2.5m`, or plain seconds
/// (`600`).
pub(super) fn parse_duration(s: &str) -> Result<Duration, String> {
    let bad = || format!("not a duration: {s} (e.g. 90s, 10m, 1h, 1h30m, or seconds)");
    let t = s.trim();
    let positive = |d: Duration| if d.is_zero() { Err(bad()) } else { Ok(d) };
    if let Ok(secs) = t.parse::<f64>() {
        return Duration::try_from_secs_f64(secs)
            .map_err(|_| bad())
            .and_then(positive);
    }
    if t.is_empty() {
        return Err(bad());
    }
    let mut total = 0.0;
    let mut rest = t;
    while !rest.is_empty() {
        let number_end = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .ok_or_else(bad)?;
        let (number, tail) = rest.split_at(number_end);
        let unit_end = tail
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(tail.len());
        let (unit, tail) = tail.split_at(unit_end);
        let value: f64 = number.parse().map_err(|_| bad())?;
        let scale = match unit {
            "s" | "sec" => 1.0,
            "m" | "min" => 60.0,
            "h" => 3600.0,
            _ => return Err(bad()),
        };
        total += value * scale;
        rest = tail;
    }
    Duration::try_from_secs_f64(total)
        .map_err(|_| bad())
        .and_then(positive)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::cache::CacheOptions;
    use crate::engine::oracle::FnOracle;

    #[test]
    fn durations_read_as_people_write_them() {
        for (s, secs) in [
            ("90s", 90.0),
            ("10m", 600.0),
            ("1h", 3600.0),
            ("1h30m", 5400.0),
            ("2.5m", 150.0),
            ("600", 600.0),
            ("0.5", 0.5),
            (" 5s ", 5.0),
        ] {
            assert_eq!(parse_duration(s), Ok(Duration::from_secs_f64(secs)), "{s}");
        }
        for bad in [
            "",
            "0",
            "0s",
            "s",
            "10x",
            "-5",
            "1h-",
            "ten minutes",
            "1..5s",
        ] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
    }

    fn tester() -> Tester {
        let oracle = Arc::new(FnOracle(|_: &[u8]| true));
        Tester::new(oracle, CacheOptions::default(), 1)
    }

    #[test]
    fn the_time_limit_raises_the_interrupt_flag_and_says_so() {
        let t = tester();
        let limits = Limits::start(&t, Some(Duration::from_millis(50)), None);
        assert_eq!(limits.reached(), None);
        let until = Instant::now() + Duration::from_secs(10);
        while !t.interrupted() && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(t.interrupted());
        assert_eq!(limits.reached(), Some(Reached::Time));
        assert_eq!(limits.describe().as_deref(), Some("--max-time 0.05 s"));
        assert!(limits.rearm_for_final_check());
        assert!(!t.interrupted());
    }

    #[test]
    fn no_limit_cuts_the_final_check_short() {
        let t = tester();
        let limits = Limits::start(&t, Some(Duration::from_millis(100)), None);
        assert!(!limits.rearm_for_final_check());
        std::thread::sleep(Duration::from_millis(200));
        assert!(!t.interrupted());
        assert_eq!(limits.reached(), None);
    }

    #[test]
    fn a_ctrl_c_first_is_no_limit() {
        let t = tester();
        t.interrupt_flag().store(true, Ordering::SeqCst);
        let limits = Limits::start(&t, Some(Duration::from_millis(1)), Some(1));
        std::thread::sleep(Duration::from_millis(50));
        let mut observer = limits.observe(Box::new(|_, _| {}));
        let stats = Stats {
            queries: 5,
            ..Stats::default()
        };
        observer(
            &Event::Measured {
                bytes: 1,
                tokens: 1,
            },
            &stats,
        );
        assert_eq!(limits.reached(), None);
        assert!(!limits.rearm_for_final_check());
        assert!(t.interrupted());
    }

    #[test]
    fn the_query_limit_counts_the_tester_s_queries() {
        let t = tester();
        let limits = Limits::start(&t, None, Some(3));
        let mut observer = limits.observe(Box::new(|_, _| {}));
        let event = Event::Measured {
            bytes: 1,
            tokens: 1,
        };
        for queries in 0..3 {
            let stats = Stats {
                queries,
                ..Stats::default()
            };
            observer(&event, &stats);
            assert_eq!(limits.reached(), None);
        }
        let stats = Stats {
            queries: 3,
            ..Stats::default()
        };
        observer(&event, &stats);
        assert_eq!(limits.reached(), Some(Reached::Queries));
        assert!(t.interrupted());
        assert_eq!(limits.describe().as_deref(), Some("--max-queries 3"));
    }
}
