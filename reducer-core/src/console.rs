//! Best-effort printing: what the reducer tells the user (progress, `-v` lines, summaries,
//! warnings) must never stop a reduction. `eprintln!` and `println!` panic when the stream is
//! a closed pipe (`reduce-c … -v 2>&1 | head`); these macros drop the text instead.

use std::fmt;
use std::io::{self, Write};

/// Writes a line to stderr, ignoring any error (e.g. a closed pipe).
macro_rules! errln {
    ($($arg:tt)*) => {
        $crate::console::to_stderr(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// Writes a line to stdout, ignoring any error (e.g. a closed pipe).
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::console::to_stdout(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// Writes text to stdout (no newline added), ignoring any error.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::console::to_stdout(format_args!($($arg)*))
    };
}

pub(crate) use {errln, out, outln};

/// Writes `text` to stderr in one go; errors are dropped.
pub(crate) fn to_stderr(text: fmt::Arguments<'_>) {
    let _ = io::stderr().lock().write_fmt(text);
}

/// Writes `text` to stdout in one go and flushes it; errors are dropped.
pub(crate) fn to_stdout(text: fmt::Arguments<'_>) {
    let mut out = io::stdout().lock();
    let _ = out.write_fmt(text);
    let _ = out.flush();
}
