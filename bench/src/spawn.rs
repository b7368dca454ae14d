//! Running one reducer process: wall time, its resource usage from `wait4` (peak RSS, CPU),
//! its own peak RSS sampled from `/proc/PID/status`, and an optional cap after which it is
//! sent SIGINT (the reducer then stops and writes its best result so far).

// The only unsafe code: `fork`/`exec` set-up, `wait4` and `kill` on the reducer process.
#![allow(unsafe_code)]

use std::io;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How often the child is polled for having exited and for its memory high-water mark.
const POLL: Duration = Duration::from_millis(50);

/// How the process ended and what it used.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Finished {
    /// The exit status, if it exited.
    pub exit_code: Option<i32>,
    /// The signal that ended it, if one did.
    pub signal: Option<i32>,
    /// Wall time from spawn to exit.
    pub wall_seconds: f64,
    /// Whether the cap was reached and SIGINT sent.
    pub capped: bool,
    /// Whether it had to be killed hard (SIGKILL) after the cap's grace period.
    pub killed: bool,
    /// `ru_maxrss` of `wait4`, in bytes. On Linux this is the largest of the process's own
    /// peak and that of every descendant it waited for (the oracle's compiler included).
    pub maxrss_bytes: u64,
    /// The process's own peak RSS (`VmHWM` of `/proc/PID/status`, last sample before exit).
    pub self_hwm_bytes: u64,
    /// User CPU time of the process and its waited-for descendants.
    pub user_seconds: f64,
    /// System CPU time of the process and its waited-for descendants.
    pub sys_seconds: f64,
}

/// The cap on one run: after `after`, SIGINT; `grace` later, a second SIGINT (the reducer
/// exits at once); `grace` after that, SIGKILL.
#[derive(Clone, Copy, Debug)]
pub struct Cap {
    /// When to send the first SIGINT.
    pub after: Duration,
    /// How long to wait for the reducer to wind down before insisting.
    pub grace: Duration,
}

/// Runs `cmd` with stdout and stderr going to `log`, waiting for it with `wait4`.
pub fn run(mut cmd: Command, log: &Path, cap: Option<Cap>) -> io::Result<Finished> {
    let out = std::fs::File::create(log)?;
    let err = out.try_clone()?;
    cmd.stdin(Stdio::null())
        .stdout(Stdio::from(out))
        .stderr(Stdio::from(err));
    // A benchmark started in the background (`nohup bench … &` from a script) inherits
    // SIGINT ignored, and so would the reducer: restore the default so that the cap works.
    // SAFETY: `signal` is async-signal-safe; nothing else runs between fork and exec.
    unsafe {
        cmd.pre_exec(|| {
            libc::signal(libc::SIGINT, libc::SIG_DFL);
            libc::signal(libc::SIGQUIT, libc::SIG_DFL);
            Ok(())
        });
    }
    let started = Instant::now();
    let child = cmd.spawn()?;
    let pid = child.id() as libc::pid_t;
    // `child` is never waited for through std: wait4 below reaps it, and dropping a
    // `Child` neither waits nor kills.
    drop(child);
    let mut result = Finished::default();
    let mut signals_sent = 0u32;
    let mut last_signal = started;
    loop {
        let mut status: libc::c_int = 0;
        // SAFETY: `rusage` is plain data; wait4 fills it when it returns `pid`.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: valid pointers to locals; `pid` is our own unreaped child.
        let r = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        if r == pid {
            result.wall_seconds = started.elapsed().as_secs_f64();
            if libc::WIFEXITED(status) {
                result.exit_code = Some(libc::WEXITSTATUS(status));
            }
            if libc::WIFSIGNALED(status) {
                result.signal = Some(libc::WTERMSIG(status));
            }
            result.maxrss_bytes = (usage.ru_maxrss.max(0) as u64) * 1024;
            result.user_seconds = timeval(usage.ru_utime);
            result.sys_seconds = timeval(usage.ru_stime);
            return Ok(result);
        }
        if r < 0 {
            let e = io::Error::last_os_error();
            if e.kind() == io::ErrorKind::Interrupted {
                continue;
            }
            return Err(e);
        }
        // Still running (and not yet reaped, so the pid is still ours).
        if let Some(hwm) = vm_hwm(pid) {
            result.self_hwm_bytes = result.self_hwm_bytes.max(hwm);
        }
        if let Some(cap) = cap {
            let now = Instant::now();
            let due = match signals_sent {
                0 => now.duration_since(started) >= cap.after,
                _ => now.duration_since(last_signal) >= cap.grace,
            };
            if due {
                let sig = if signals_sent < 2 {
                    libc::SIGINT
                } else {
                    libc::SIGKILL
                };
                // SAFETY: signalling our own unreaped child.
                unsafe { libc::kill(pid, sig) };
                result.capped = true;
                result.killed |= sig == libc::SIGKILL;
                signals_sent += 1;
                last_signal = now;
            }
        }
        std::thread::sleep(POLL);
    }
}

fn timeval(t: libc::timeval) -> f64 {
    t.tv_sec as f64 + t.tv_usec as f64 / 1e6
}

/// `VmHWM` of a live process, in bytes.
fn vm_hwm(pid: libc::pid_t) -> Option<u64> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = text.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exit_status_and_usage_are_recorded() {
        let dir = tempfile::tempdir().unwrap();
        let mut cmd = Command::new("sh");
        cmd.args(["-c", "echo hi; exit 3"]);
        let f = run(cmd, &dir.path().join("log"), None).unwrap();
        assert_eq!(f.exit_code, Some(3));
        assert!(!f.capped);
        assert!(f.maxrss_bytes > 0);
        assert_eq!(
            std::fs::read_to_string(dir.path().join("log")).unwrap(),
            "hi\n"
        );
    }

    #[test]
    fn the_cap_sends_sigint() {
        let dir = tempfile::tempdir().unwrap();
        let mut cmd = Command::new("sh");
        // The shell exits 130 on SIGINT through the trap.
        cmd.args(["-c", "trap 'exit 130' INT; while :; do sleep 0.05; done"]);
        let cap = Cap {
            after: Duration::from_millis(200),
            grace: Duration::from_secs(5),
        };
        let f = run(cmd, &dir.path().join("log"), Some(cap)).unwrap();
        assert!(f.capped);
        assert!(!f.killed);
        assert_eq!(f.exit_code, Some(130));
        assert!(f.wall_seconds < 4.0, "{}", f.wall_seconds);
    }
}
