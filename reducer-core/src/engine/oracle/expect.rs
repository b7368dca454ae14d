//! A test built from conditions instead of a script: what a run of a program must show for
//! its candidate to be interesting (an exit status, a signal, a timeout, a match of a regular
//! expression on stdout or stderr). All the conditions given must hold; with none, exit
//! status 0 means interesting, as for a script.
//!
//! [`CommandOracle`](super::command::CommandOracle) applies them to each run it sees end
//! (see [`CommandOracleBuilder::expect`](super::command::CommandOracleBuilder::expect)).

use super::Outcome;
use regex::bytes::Regex;

/// The conditions a run must meet to be interesting.
#[derive(Clone, Debug, Default)]
pub struct Expectations {
    /// The program exits with this status.
    pub exit: Option<i32>,
    /// The program is ended by this signal (a crash; not the reducer's kill on a timeout).
    pub signal: Option<i32>,
    /// The run is killed by the timeout.
    pub timeout: bool,
    /// Stdout matches somewhere.
    pub stdout: Option<Regex>,
    /// Stderr matches somewhere.
    pub stderr: Option<Regex>,
}

/// How a run ended, as the conditions see it.
#[derive(Clone, Copy, Debug)]
pub struct Ending<'a> {
    /// The exit status, if the program exited.
    pub exit_code: Option<i32>,
    /// The signal that ended it, if one did.
    pub signal: Option<i32>,
    /// The run was killed by the timeout.
    pub timed_out: bool,
    /// What it wrote to stdout (empty when not captured).
    pub stdout: &'a [u8],
    /// What it wrote to stderr.
    pub stderr: &'a [u8],
}

/// The verdict on a run, and the first condition it did not meet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The outcome.
    pub outcome: Outcome,
    /// Why the run is not interesting (`"stderr does not match /x/"`), when a condition
    /// failed.
    pub unmet: Option<String>,
}

impl Expectations {
    /// Whether no condition is given (exit status 0 then means interesting).
    pub fn is_empty(&self) -> bool {
        self.exit.is_none()
            && self.signal.is_none()
            && !self.timeout
            && self.stdout.is_none()
            && self.stderr.is_none()
    }

    /// Whether stdout must be captured.
    pub fn reads_stdout(&self) -> bool {
        self.stdout.is_some()
    }

    /// Whether all of stderr (not only its tail) must be captured.
    pub fn reads_stderr(&self) -> bool {
        self.stderr.is_some()
    }

    /// The verdict on a run that ended as `run` says (not cancelled). A run the timeout
    /// killed is unresolved unless a timeout is expected, and so, with no condition given
    /// (as for a script), is one a signal ended; any other run that misses a condition is
    /// not interesting (a crash is an answer when conditions are given).
    pub fn judge(&self, run: &Ending<'_>) -> Verdict {
        let unmet = self.first_unmet(run);
        let cut_short = run.timed_out || (self.is_empty() && run.exit_code.is_none());
        let outcome = match &unmet {
            None => Outcome::Interesting,
            Some(_) if cut_short => Outcome::Unresolved,
            Some(_) => Outcome::NotInteresting,
        };
        Verdict { outcome, unmet }
    }

    fn first_unmet(&self, run: &Ending<'_>) -> Option<String> {
        if self.is_empty() {
            return match run.exit_code {
                Some(0) if !run.timed_out => None,
                _ => Some("not exit status 0 (no --expect-* condition given)".to_string()),
            };
        }
        if self.timeout != run.timed_out {
            return Some(if self.timeout {
                "the run ended before the timeout (--expect-timeout)".to_string()
            } else {
                "the run timed out".to_string()
            });
        }
        if let Some(code) = self.exit {
            if run.exit_code != Some(code) {
                return Some(format!("the exit status is not {code} (--expect-exit)"));
            }
        }
        if let Some(signal) = self.signal {
            if run.timed_out || run.signal != Some(signal) {
                return Some(format!(
                    "the program was not ended by signal {} (--expect-signal)",
                    signal_name(signal).map_or(signal.to_string(), |n| format!("SIG{n}"))
                ));
            }
        }
        for (name, re, text) in [
            ("stdout", &self.stdout, run.stdout),
            ("stderr", &self.stderr, run.stderr),
        ] {
            if let Some(re) = re {
                if !re.is_match(text) {
                    return Some(format!(
                        "{name} does not match '{}' (--expect-{name})",
                        re.as_str()
                    ));
                }
            }
        }
        None
    }
}

/// The signals by name, without `SIG`.
const SIGNALS: &[(&str, i32)] = &[
    ("HUP", libc::SIGHUP),
    ("INT", libc::SIGINT),
    ("QUIT", libc::SIGQUIT),
    ("ILL", libc::SIGILL),
    ("TRAP", libc::SIGTRAP),
    ("ABRT", libc::SIGABRT),
    ("IOT", libc::SIGABRT),
    ("BUS", libc::SIGBUS),
    ("FPE", libc::SIGFPE),
    ("KILL", libc::SIGKILL),
    ("USR1", libc::SIGUSR1),
    ("SEGV", libc::SIGSEGV),
    ("USR2", libc::SIGUSR2),
    ("PIPE", libc::SIGPIPE),
    ("ALRM", libc::SIGALRM),
    ("TERM", libc::SIGTERM),
    ("CHLD", libc::SIGCHLD),
    ("XCPU", libc::SIGXCPU),
    ("XFSZ", libc::SIGXFSZ),
    ("SYS", libc::SIGSYS),
];

/// A signal named as `SIGSEGV`, `SEGV`, `segv` or `11`.
pub fn parse_signal(name: &str) -> Result<i32, String> {
    let upper = name.trim().to_ascii_uppercase();
    if let Ok(n) = upper.parse::<i32>() {
        if (1..=64).contains(&n) {
            return Ok(n);
        }
    }
    let bare = upper.strip_prefix("SIG").unwrap_or(&upper);
    SIGNALS
        .iter()
        .find(|(n, _)| *n == bare)
        .map(|&(_, s)| s)
        .ok_or_else(|| {
            format!("not a signal: {name} (a name such as SIGSEGV, SEGV or ABRT, or a number)")
        })
}

/// The name of `signal` without `SIG`, if it has one here.
pub fn signal_name(signal: i32) -> Option<&'static str> {
    SIGNALS.iter().find(|&&(_, s)| s == signal).map(|&(n, _)| n)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exited(code: i32, stderr: &'static str) -> Ending<'static> {
        Ending {
            exit_code: Some(code),
            signal: None,
            timed_out: false,
            stdout: b"",
            stderr: stderr.as_bytes(),
        }
    }

    fn killed(signal: i32, timed_out: bool) -> Ending<'static> {
        Ending {
            exit_code: None,
            signal: Some(signal),
            timed_out,
            stdout: b"",
            stderr: b"",
        }
    }

    #[test]
    fn with_no_condition_exit_status_zero_is_interesting() {
        let e = Expectations::default();
        assert_eq!(e.judge(&exited(0, "")).outcome, Outcome::Interesting);
        assert_eq!(e.judge(&exited(1, "")).outcome, Outcome::NotInteresting);
        assert_eq!(e.judge(&killed(11, false)).outcome, Outcome::Unresolved);
        assert_eq!(e.judge(&killed(15, true)).outcome, Outcome::Unresolved);
    }

    #[test]
    fn every_condition_given_must_hold() {
        let e = Expectations {
            exit: Some(1),
            stderr: Some(Regex::new("internal compiler error").unwrap()),
            ..Expectations::default()
        };
        let ice = "x.c:3: internal compiler error: Segmentation fault";
        assert_eq!(e.judge(&exited(1, ice)).outcome, Outcome::Interesting);
        let v = e.judge(&exited(0, ice));
        assert_eq!(v.outcome, Outcome::NotInteresting);
        assert_eq!(
            v.unmet.as_deref(),
            Some("the exit status is not 1 (--expect-exit)")
        );
        let v = e.judge(&exited(1, "x.c:3: error: expected ';'"));
        assert_eq!(
            v.unmet.as_deref(),
            Some("stderr does not match 'internal compiler error' (--expect-stderr)")
        );
        // A regex alone says nothing of the exit status.
        let e = Expectations {
            stdout: Some(Regex::new(r"^wrong: \d+$").unwrap()),
            ..Expectations::default()
        };
        let printed = Ending {
            stdout: b"start\nwrong: 42\n",
            ..exited(3, "")
        };
        assert_eq!(e.judge(&printed).outcome, Outcome::NotInteresting);
        let e = Expectations {
            stdout: Some(Regex::new(r"(?m)^wrong: \d+$").unwrap()),
            ..Expectations::default()
        };
        assert_eq!(e.judge(&printed).outcome, Outcome::Interesting);
    }

    #[test]
    fn a_crash_is_a_signal_the_program_got_not_the_timeout_s_kill() {
        let e = Expectations {
            signal: Some(libc::SIGSEGV),
            ..Expectations::default()
        };
        assert_eq!(e.judge(&killed(11, false)).outcome, Outcome::Interesting);
        assert_eq!(e.judge(&killed(6, false)).outcome, Outcome::NotInteresting);
        assert_eq!(e.judge(&killed(11, true)).outcome, Outcome::Unresolved);
        assert_eq!(e.judge(&exited(139, "")).outcome, Outcome::NotInteresting);
        let hang = Expectations {
            timeout: true,
            ..Expectations::default()
        };
        assert_eq!(hang.judge(&killed(15, true)).outcome, Outcome::Interesting);
        assert_eq!(hang.judge(&exited(0, "")).outcome, Outcome::NotInteresting);
    }

    #[test]
    fn signals_are_named_as_users_name_them() {
        for name in ["SIGSEGV", "SEGV", "segv", "11", " sigsegv"] {
            assert_eq!(parse_signal(name), Ok(libc::SIGSEGV), "{name}");
        }
        assert_eq!(parse_signal("ABRT"), Ok(libc::SIGABRT));
        assert_eq!(parse_signal("iot"), Ok(libc::SIGABRT));
        for bad in ["", "SIG", "SEGFAULT", "0", "99"] {
            assert!(parse_signal(bad).is_err(), "{bad}");
        }
        assert_eq!(signal_name(libc::SIGSEGV), Some("SEGV"));
    }
}
