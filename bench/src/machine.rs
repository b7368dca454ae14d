//! Facts about the machine a benchmark ran on: CPU, cores, memory, OS, tool versions, the
//! load average, the repository's commit, and the current time in UTC.

use serde::{Deserialize, Serialize};
use std::path::Path;
use std::process::Command;
use std::time::{SystemTime, UNIX_EPOCH};

/// What the machine was when the benchmark started.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct Machine {
    /// `model name` of the first CPU in `/proc/cpuinfo`.
    pub cpu_model: String,
    /// Logical CPUs available to this process.
    pub cores: usize,
    /// `MemTotal` in bytes.
    pub ram_bytes: u64,
    /// `PRETTY_NAME` of `/etc/os-release`.
    pub os: String,
    /// The kernel release (`uname -r`).
    pub kernel: String,
    /// First line of `gcc --version` (empty if gcc is missing).
    pub gcc: String,
    /// `node --version` (empty if node is missing).
    pub node: String,
    /// `rustc --version` (empty if rustc is missing).
    pub rustc: String,
    /// The repository's `HEAD` commit, with `-dirty` when the work tree has changes.
    pub commit: String,
}

impl Machine {
    /// Looks at this machine; `repo` is the workspace root (for the commit).
    pub fn detect(repo: &Path) -> Machine {
        let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
        let meminfo = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
        let os_release = std::fs::read_to_string("/etc/os-release").unwrap_or_default();
        Machine {
            cpu_model: field(&cpuinfo, "model name").unwrap_or_default(),
            cores: std::thread::available_parallelism().map_or(1, |n| n.get()),
            ram_bytes: field(&meminfo, "MemTotal")
                .and_then(|v| v.split_whitespace().next()?.parse::<u64>().ok())
                .map_or(0, |kb| kb * 1024),
            os: os_release
                .lines()
                .find_map(|l| l.strip_prefix("PRETTY_NAME="))
                .map(|v| v.trim_matches('"').to_string())
                .unwrap_or_default(),
            kernel: first_line(&["uname", "-r"], None),
            gcc: first_line(&["gcc", "--version"], None),
            node: first_line(&["node", "--version"], None),
            rustc: first_line(&["rustc", "--version"], None),
            commit: commit(repo),
        }
    }
}

/// The value of the first `key : value` line of a `/proc` file.
fn field(text: &str, key: &str) -> Option<String> {
    text.lines().find_map(|l| {
        let (k, v) = l.split_once(':')?;
        (k.trim() == key).then(|| v.trim().to_string())
    })
}

/// The first line a command prints, or empty when it cannot run.
fn first_line(argv: &[&str], dir: Option<&Path>) -> String {
    let mut cmd = Command::new(argv[0]);
    cmd.args(&argv[1..]);
    if let Some(d) = dir {
        cmd.current_dir(d);
    }
    match cmd.output() {
        Ok(o) if o.status.success() => String::from_utf8_lossy(&o.stdout)
            .lines()
            .next()
            .unwrap_or_default()
            .trim()
            .to_string(),
        _ => String::new(),
    }
}

/// `HEAD` of the repository at `repo` (read-only git commands), `-dirty` if it has changes.
fn commit(repo: &Path) -> String {
    let head = first_line(&["git", "rev-parse", "--short=12", "HEAD"], Some(repo));
    if head.is_empty() {
        return String::new();
    }
    let dirty = Command::new("git")
        .args(["status", "--porcelain", "--untracked-files=no"])
        .current_dir(repo)
        .output()
        .map(|o| !o.stdout.is_empty())
        .unwrap_or(false);
    if dirty {
        format!("{head}-dirty")
    } else {
        head
    }
}

/// The 1, 5 and 15 minute load averages of `/proc/loadavg` (zeros if unreadable).
pub fn loadavg() -> [f64; 3] {
    let text = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let mut out = [0.0; 3];
    for (slot, word) in out.iter_mut().zip(text.split_whitespace()) {
        *slot = word.parse().unwrap_or(0.0);
    }
    out
}

/// The current time as an ISO 8601 UTC timestamp, e.g. `2026-11-22T06:11:28Z`.
pub fn now_utc() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    format_utc(secs)
}

/// Formats seconds since the Unix epoch as an ISO 8601 UTC timestamp.
pub fn format_utc(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}

/// The proleptic Gregorian date of a day count since 1970-01-01 (H. Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_formatting_matches_known_dates() {
        assert_eq!(format_utc(0), "1970-01-01T00:00:00Z");
        assert_eq!(format_utc(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(format_utc(1_795_327_888), "2026-11-22T06:11:28Z");
    }

    #[test]
    fn proc_fields_are_read() {
        let text = "processor\t: 0\nmodel name\t: Some CPU @ 2.0GHz\n";
        assert_eq!(field(text, "model name").unwrap(), "Some CPU @ 2.0GHz");
        assert_eq!(field(text, "missing"), None);
        let l = loadavg();
        assert!(l.iter().all(|x| *x >= 0.0));
    }
}
