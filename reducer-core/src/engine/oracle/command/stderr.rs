//! The tails of the program's stderr (and, for a built test, stdout), read without blocking
//! while the run goes on.

use crate::engine::oracle::sys;
use std::fs::File;
use std::io::{self, Read};
use std::os::fd::OwnedFd;
use std::os::unix::io::{AsRawFd, RawFd};
use std::time::Duration;

/// Size of one read from the stderr pipe.
const READ_CHUNK: usize = 8192;

/// The read end of one of the child's output pipes, read without blocking.
pub(super) struct PipeReader {
    pipe: File,
    buf: Vec<u8>,
}

impl PipeReader {
    pub(super) fn new(pipe: impl Into<OwnedFd>) -> Self {
        let pipe = File::from(pipe.into());
        sys::set_nonblocking(pipe.as_raw_fd());
        PipeReader {
            pipe,
            buf: vec![0; READ_CHUNK],
        }
    }

    /// The pipe's file descriptor, to wait on.
    pub(super) fn fd(&self) -> RawFd {
        self.pipe.as_raw_fd()
    }

    /// Reads what is available, at most `max_reads` chunks, into `tail`. True at end of file
    /// (or on a read error): the pipe is then of no further use.
    pub(super) fn drain(&mut self, tail: &mut Tail, max_reads: usize) -> bool {
        for _ in 0..max_reads {
            match self.pipe.read(&mut self.buf) {
                Ok(0) => return true,
                Ok(n) => tail.push(&self.buf[..n]),
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return false,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(_) => return true,
            }
        }
        false
    }
}

/// Keeps the last `cap` bytes of a stream.
pub(super) struct Tail {
    cap: usize,
    buf: Vec<u8>,
    truncated: bool,
}

impl Tail {
    pub(super) fn new(cap: usize) -> Self {
        Tail {
            cap,
            buf: Vec::new(),
            truncated: false,
        }
    }

    pub(super) fn push(&mut self, data: &[u8]) {
        if data.len() >= self.cap {
            self.truncated |= !self.buf.is_empty() || data.len() > self.cap;
            self.buf.clear();
            self.buf.extend_from_slice(&data[data.len() - self.cap..]);
            return;
        }
        self.buf.extend_from_slice(data);
        // Trim only now and then, not on every small write.
        if self.buf.len() >= 2 * self.cap {
            self.trim();
        }
    }

    /// How many bytes are kept.
    pub(super) fn capacity(&self) -> usize {
        self.cap
    }

    fn trim(&mut self) {
        if self.buf.len() > self.cap {
            let excess = self.buf.len() - self.cap;
            self.buf.drain(..excess);
            self.truncated = true;
        }
    }

    /// The kept bytes as text, and whether anything was dropped.
    #[cfg(test)]
    pub(super) fn finish(self) -> (String, bool) {
        let cap = self.cap;
        let (bytes, truncated) = self.into_bytes();
        text_tail(&bytes, cap, truncated)
    }

    /// The kept bytes, and whether anything was dropped.
    pub(super) fn into_bytes(mut self) -> (Vec<u8>, bool) {
        self.trim();
        (self.buf, self.truncated)
    }
}

/// The last `cap` bytes of `bytes` as text (not starting in the middle of a UTF-8
/// sequence), and whether anything before them is missing (`truncated`: already before
/// `bytes`).
pub(super) fn text_tail(bytes: &[u8], cap: usize, truncated: bool) -> (String, bool) {
    let start = bytes.len().saturating_sub(cap);
    let truncated = truncated || start > 0;
    let mut bytes = &bytes[start..];
    if truncated {
        let skip = bytes
            .iter()
            .take(3)
            .take_while(|&&b| b & 0xC0 == 0x80)
            .count();
        bytes = &bytes[skip..];
    }
    (String::from_utf8_lossy(bytes).into_owned(), truncated)
}

/// Waits up to `timeout` for something to read (data or end of file) on any of `readers`;
/// true if so. With no reader, sleeps.
pub(super) fn wait_readable(readers: &[&PipeReader], timeout: Duration) -> bool {
    if readers.is_empty() {
        std::thread::sleep(timeout);
        return false;
    }
    let fds: Vec<RawFd> = readers.iter().map(|r| r.fd()).collect();
    sys::poll_readable(&fds, timeout)
}
