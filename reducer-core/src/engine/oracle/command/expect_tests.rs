//! Tests of built tests: the candidate's path in place of `{}`, and conditions on stdout,
//! stderr, signals and timeouts, with real programs.

use super::*;
use crate::engine::oracle::expect::Expectations;
use regex::bytes::Regex;

fn sh(script: &str) -> Vec<String> {
    ["sh", "-c", script].map(String::from).to_vec()
}

fn outcome(command: Vec<String>, expect: Expectations, candidate: &[u8]) -> RunReport {
    CommandOracle::builder(command, "bug.c")
        .candidate_placeholder("{}")
        .timeout(Duration::from_secs(2))
        .expect(expect)
        .build()
        .unwrap()
        .run(candidate, &AtomicBool::new(false))
}

fn regex(s: &str) -> Option<Regex> {
    Some(Regex::new(s).unwrap())
}

#[test]
fn the_candidate_s_path_stands_where_the_placeholder_is() {
    // $0 is the word after the script; "--file=PATH" keeps its prefix; nothing is appended.
    let mut command = sh(r#"[ "$#" = 1 ] && grep -q crash "$0" && [ "${1#--file=/}" != "$1" ]"#);
    command.extend(["{}".to_string(), "--file={}".to_string()]);
    let yes = outcome(command.clone(), Expectations::default(), b"crash();");
    assert_eq!(yes.outcome, Outcome::Interesting, "{}", yes.describe());
    let no = outcome(command, Expectations::default(), b"fine();");
    assert_eq!(no.outcome, Outcome::NotInteresting);
    // Without a placeholder the path is appended, as for a script.
    let appended = outcome(
        sh(r#"grep -q crash "$0""#),
        Expectations::default(),
        b"crash",
    );
    assert_eq!(appended.outcome, Outcome::Interesting);
}

#[test]
fn stdout_and_all_of_stderr_are_matched() {
    let e = Expectations {
        stdout: regex(r"(?m)^result: 4[0-9]$"),
        ..Expectations::default()
    };
    let cat = sh(r#"echo "result: $(cat "$0")"; exit 1"#);
    let mut command = cat.clone();
    command.push("{}".to_string());
    assert_eq!(
        outcome(command.clone(), e.clone(), b"42").outcome,
        Outcome::Interesting
    );
    let r = outcome(command, e, b"7");
    assert_eq!(r.outcome, Outcome::NotInteresting);
    assert_eq!(
        r.unmet.as_deref(),
        Some(r"stdout does not match '(?m)^result: 4[0-9]$' (--expect-stdout)")
    );
    // The message comes first, then 200 KB of noise: far past the report's tail.
    let e = Expectations {
        stderr: regex("internal compiler error"),
        exit: Some(4),
        ..Expectations::default()
    };
    let noisy =
        sh("echo 'internal compiler error' >&2; head -c 200000 /dev/zero | tr '\\0' x >&2; exit 4");
    let r = outcome(noisy, e, b"");
    assert_eq!(r.outcome, Outcome::Interesting, "{}", r.describe());
    assert!(r.stderr_tail.len() <= STDERR_TAIL_BYTES && r.stderr_truncated);
}

#[test]
fn a_crash_and_a_hang_can_be_what_is_expected() {
    let segv = Expectations {
        signal: Some(libc::SIGSEGV),
        ..Expectations::default()
    };
    let r = outcome(sh("kill -SEGV $$"), segv.clone(), b"");
    assert_eq!(r.outcome, Outcome::Interesting, "{}", r.describe());
    let r = outcome(sh("kill -ABRT $$"), segv.clone(), b"");
    assert_eq!(r.outcome, Outcome::NotInteresting);
    // The timeout's own kill is no crash.
    let r = outcome(sh("sleep 30"), segv, b"");
    assert_eq!((r.outcome, r.timed_out), (Outcome::Unresolved, true));
    let hang = Expectations {
        timeout: true,
        ..Expectations::default()
    };
    let started = Instant::now();
    let r = outcome(sh("sleep 30"), hang.clone(), b"");
    assert_eq!(r.outcome, Outcome::Interesting);
    assert!(started.elapsed() < Duration::from_secs(15));
    assert_eq!(
        outcome(sh("exit 0"), hang, b"").outcome,
        Outcome::NotInteresting
    );
}
