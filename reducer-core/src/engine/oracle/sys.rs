//! Every `unsafe` block of the crate: the few system calls the oracle needs that the standard
//! library does not offer (waiting for a child without reaping it, signalling a process
//! group, non-blocking reads and `poll` on the stderr pipe). The rest of the crate denies
//! `unsafe_code`.

use std::io;
use std::os::unix::io::RawFd;
use std::time::Duration;

/// Whether the child `pid` has exited, without reaping it (it stays a zombie until
/// `Child::wait`); with `poll` false, waits until it has.
pub(crate) fn wait_exit(pid: libc::pid_t, poll: bool) -> io::Result<bool> {
    let flags = libc::WEXITED | libc::WNOWAIT | if poll { libc::WNOHANG } else { 0 };
    loop {
        // SAFETY: an all-zero siginfo_t is a valid value; waitid only writes into it.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        // SAFETY: plain system call on our own child, with a valid out pointer.
        let r = unsafe { libc::waitid(libc::P_PID, pid as libc::id_t, &mut info, flags) };
        if r == -1 {
            let e = io::Error::last_os_error();
            if e.kind() == io::ErrorKind::Interrupted {
                continue;
            }
            return Err(e);
        }
        // With WNOHANG, si_pid stays 0 when the child has not changed state.
        // SAFETY: waitid filled in (or left zeroed) the structure.
        return Ok(unsafe { info.si_pid() } != 0);
    }
}

/// Sends `signal` to `pid` (a negative pid addresses a process group; signal 0 only checks
/// that the process exists). True if the signal was sent.
pub(crate) fn kill(pid: libc::pid_t, signal: libc::c_int) -> bool {
    // SAFETY: plain system call.
    unsafe { libc::kill(pid, signal) == 0 }
}

/// Makes `cmd`'s program the leader of a new session (and so of a new process group, whose
/// id is its pid): the processes it starts stay in that session even when they make
/// process groups of their own, as `timeout` does, so that [`session_members`] finds them.
pub(crate) fn start_new_session(cmd: &mut std::process::Command) {
    use std::os::unix::process::CommandExt;
    // SAFETY: setsid is async-signal-safe and touches no memory of the parent.
    unsafe {
        cmd.pre_exec(|| match libc::setsid() {
            -1 => Err(io::Error::last_os_error()),
            _ => Ok(()),
        });
    }
}

/// The processes of session `sid`, from `/proc` (empty where there is no `/proc`).
pub(crate) fn session_members(sid: libc::pid_t) -> Vec<libc::pid_t> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    let mut members = Vec::new();
    for entry in entries.flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|n| n.parse().ok()) else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            continue;
        };
        // After the parenthesised command name: state, ppid, pgrp, session.
        let session = stat
            .rsplit_once(')')
            .and_then(|(_, rest)| rest.split_whitespace().nth(3))
            .and_then(|f| f.parse::<libc::pid_t>().ok());
        if session == Some(sid) {
            members.push(pid);
        }
    }
    members
}

/// Makes reads from `fd` non-blocking (best effort).
pub(crate) fn set_nonblocking(fd: RawFd) {
    // SAFETY: fcntl on a file descriptor the caller owns.
    unsafe {
        let flags = libc::fcntl(fd, libc::F_GETFL);
        if flags != -1 {
            libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK);
        }
    }
}

/// Waits up to `timeout` (at least 1 ms) for something to read on any of `fds` (data or end
/// of file); true if so, and on error (EINTR): a non-blocking read sorts it out.
pub(crate) fn poll_readable(fds: &[RawFd], timeout: Duration) -> bool {
    let mut polled: Vec<libc::pollfd> = fds
        .iter()
        .map(|&fd| libc::pollfd {
            fd,
            events: libc::POLLIN,
            revents: 0,
        })
        .collect();
    let ms = timeout.as_millis().clamp(1, i32::MAX as u128) as libc::c_int;
    // SAFETY: a valid array of `polled.len()` pollfd structures.
    let r = unsafe { libc::poll(polled.as_mut_ptr(), polled.len() as libc::nfds_t, ms) };
    r != 0
}
