//! The runs of one oracle that are going on, so that quitting at once (a second Ctrl-C)
//! still ends their programs and removes their directories: a process that exits does not
//! wait for its worker threads, and their runs would otherwise leave the programs running
//! and the directories behind.
//!
//! A run's directory is made, and its program started, under the registry's lock; once
//! [`LiveRuns::abandon`] has run, no run can begin, so nothing escapes it. A run's program
//! is forgotten before it is reaped ([`LiveRun::reaping`]), so that its process id cannot
//! have been reused by another program when the registry signals it.

use super::signals::kill_session;
use crate::engine::oracle::run_dir::{remove_tree, RunDir};
use std::collections::HashMap;
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::sync::{Arc, Mutex, MutexGuard};

/// The registry of one oracle's runs.
#[derive(Debug, Default)]
pub(super) struct LiveRuns {
    state: Mutex<State>,
}

#[derive(Debug, Default)]
struct State {
    /// Set by [`LiveRuns::abandon`]: no run may begin any more.
    closed: bool,
    next: u64,
    runs: HashMap<u64, Entry>,
}

/// What is known of a run going on.
#[derive(Debug, Default)]
struct Entry {
    /// Its directory, unless it is to be kept (`--keep-temps`).
    dir: Option<PathBuf>,
    /// Its program's session (the program's pid), from its start until it is reaped.
    session: Option<libc::pid_t>,
}

/// One run's place in a [`LiveRuns`]; dropping it (once the run is over and its directory
/// removed) takes the run out.
#[derive(Debug)]
pub(super) struct LiveRun {
    runs: Arc<LiveRuns>,
    id: u64,
}

/// The error of a run asked to begin after [`LiveRuns::abandon`].
fn quitting() -> io::Error {
    io::Error::other("the reducer is quitting")
}

impl LiveRuns {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Makes a run's directory (see [`RunDir::create`]) and registers the run; with `keep`,
    /// the directory is not removed by [`LiveRuns::abandon`]. The error is a sentence for
    /// the user.
    pub(super) fn begin(
        self: &Arc<Self>,
        base: &Path,
        prefix: &str,
        keep: bool,
    ) -> Result<(RunDir, LiveRun), String> {
        let mut state = self.lock();
        if state.closed {
            return Err(quitting().to_string());
        }
        let dir = RunDir::create(base, prefix)?;
        let id = state.next;
        state.next += 1;
        let entry = Entry {
            dir: (!keep).then(|| dir.path().to_path_buf()),
            session: None,
        };
        state.runs.insert(id, entry);
        let run = LiveRun {
            runs: self.clone(),
            id,
        };
        Ok((dir, run))
    }

    /// Ends every run going on: kills their programs (the whole session of each) and
    /// removes their directories, at once; no run may begin afterwards. Returns how many
    /// runs there were.
    pub(super) fn abandon(&self) -> usize {
        let mut state = self.lock();
        state.closed = true;
        for entry in state.runs.values() {
            if let Some(sid) = entry.session {
                kill_session(sid);
            }
        }
        for entry in state.runs.values_mut() {
            if let Some(dir) = entry.dir.take() {
                let _ = remove_tree(&dir);
            }
        }
        state.runs.len()
    }
}

impl LiveRun {
    /// Starts `cmd` (which makes its program lead a session of its own) for this run.
    pub(super) fn spawn(&self, cmd: &mut Command) -> io::Result<Child> {
        let mut state = self.runs.lock();
        if state.closed {
            return Err(quitting());
        }
        let child = cmd.spawn()?;
        if let Some(entry) = state.runs.get_mut(&self.id) {
            entry.session = Some(child.id() as libc::pid_t);
        }
        Ok(child)
    }

    /// The program has ended and is about to be reaped: its id is no longer signalled.
    pub(super) fn reaping(&self) {
        if let Some(entry) = self.runs.lock().runs.get_mut(&self.id) {
            entry.session = None;
        }
    }
}

impl Drop for LiveRun {
    fn drop(&mut self) {
        self.runs.lock().runs.remove(&self.id);
    }
}
