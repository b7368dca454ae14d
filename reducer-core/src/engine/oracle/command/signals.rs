//! Signals to a test run's processes: its process group (the program started leads it) and
//! its session (what left the group, such as a compiler a script started under `timeout`).

use crate::engine::oracle::sys;
use std::time::{Duration, Instant};

/// Sends SIGTERM to every process of the group `pgid` and waits, up to `grace`, for its
/// leader (the program started) to exit; it is not reaped.
pub(super) fn terminate_group(pgid: libc::pid_t, grace: Duration) {
    if pgid <= 0 || !sys::kill(-pgid, libc::SIGTERM) {
        return;
    }
    let deadline = Instant::now() + grace;
    let mut pause = Duration::from_millis(1);
    while Instant::now() < deadline {
        if !matches!(sys::wait_exit(pgid, true), Ok(false)) {
            return;
        }
        std::thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(5));
    }
}

/// Sends `signal` to every process of the session `sid` (the program started leads it),
/// whatever its process group, except the leader, which is left for the caller to reap.
pub(super) fn signal_session(sid: libc::pid_t, signal: libc::c_int) {
    if sid <= 0 {
        return;
    }
    for pid in sys::session_members(sid) {
        if pid != sid {
            sys::kill(pid, signal);
        }
    }
}

/// Kills at once every process of the session `sid` (the program started leads it, and its
/// process group).
pub(super) fn kill_session(sid: libc::pid_t) {
    signal_session(sid, libc::SIGKILL);
    kill_group(sid);
}

/// Sends SIGKILL to every process of the group `pgid` (errors such as "no such process" are
/// of no interest).
pub(crate) fn kill_group(pgid: libc::pid_t) {
    if pgid > 0 {
        sys::kill(-pgid, libc::SIGKILL);
    }
}
