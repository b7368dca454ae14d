//! The tail of the program's stderr, read without blocking while the run goes on.

use crate::engine::oracle::sys;
use std::io::{self, Read};
use std::os::unix::io::AsRawFd;
use std::process::ChildStderr;
use std::time::Duration;

/// Size of one read from the stderr pipe.
const READ_CHUNK: usize = 8192;

/// The read end of the child's stderr pipe, read without blocking.
pub(super) struct StderrReader {
    pipe: ChildStderr,
    buf: Vec<u8>,
}

impl StderrReader {
    pub(super) fn new(pipe: ChildStderr) -> Self {
        sys::set_nonblocking(pipe.as_raw_fd());
        StderrReader {
            pipe,
            buf: vec![0; READ_CHUNK],
        }
    }

    /// Waits up to `timeout` for something to read (data or end of file); true if so.
    pub(super) fn wait_readable(&self, timeout: Duration) -> bool {
        sys::poll_readable(self.pipe.as_raw_fd(), timeout)
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

    fn trim(&mut self) {
        if self.buf.len() > self.cap {
            let excess = self.buf.len() - self.cap;
            self.buf.drain(..excess);
            self.truncated = true;
        }
    }

    /// The kept bytes as text, and whether anything was dropped.
    pub(super) fn finish(mut self) -> (String, bool) {
        self.trim();
        let mut bytes = &self.buf[..];
        if self.truncated {
            // Do not start in the middle of a UTF-8 sequence.
            let skip = bytes
                .iter()
                .take(3)
                .take_while(|&&b| b & 0xC0 == 0x80)
                .count();
            bytes = &bytes[skip..];
        }
        (String::from_utf8_lossy(bytes).into_owned(), self.truncated)
    }
}
