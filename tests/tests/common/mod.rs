//! What the end-to-end suites share: the binaries under test, a Toy input with a bug, and a
//! temporary working directory to run them in.

#![allow(dead_code)] // Each suite uses its own share of the helpers.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

pub const TOY: &str = env!("CARGO_BIN_EXE_reduce-toy");
pub const TEXT: &str = env!("CARGO_BIN_EXE_reduce-text-under-test");

/// A Toy program with one "bug" (`crash(42);`) among statements that can all go.
pub const BUG: &str = "\
var a = 1;
var b = a + 2;
if (a < b) { f(a, b); var c = 3; } else { g(); }
crash(42);
var d = b * 2;
while1(d);
";

/// A larger Toy program, for runs that must last a while.
pub fn big_bug() -> String {
    let mut s = String::new();
    for i in 0..12 {
        s.push_str(&format!("var v{i} = {i} + {i};\nf{i}(v{i}, {i});\n"));
        if i == 6 {
            s.push_str("crash(42);\n");
        }
    }
    s
}

/// A temporary working directory with files, scripts and a way to run the binaries in it.
pub struct Case {
    pub dir: tempfile::TempDir,
}

impl Case {
    pub fn new() -> Case {
        Case {
            dir: tempfile::tempdir().unwrap(),
        }
    }

    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    pub fn write(&self, name: &str, content: impl AsRef<[u8]>) -> PathBuf {
        let p = self.path(name);
        fs::write(&p, content).unwrap();
        p
    }

    pub fn read(&self, name: &str) -> Vec<u8> {
        fs::read(self.path(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
    }

    pub fn read_str(&self, name: &str) -> String {
        String::from_utf8(self.read(name)).unwrap()
    }

    /// An executable `#!/bin/sh` script.
    pub fn script(&self, name: &str, body: &str) -> PathBuf {
        let p = self.write(name, format!("#!/bin/sh\n{body}\n"));
        fs::set_permissions(&p, fs::Permissions::from_mode(0o755)).unwrap();
        p
    }

    pub fn command(&self, bin: &str, args: &[&str]) -> Command {
        let mut c = Command::new(bin);
        c.args(args)
            .current_dir(self.dir.path())
            .stdin(Stdio::null());
        c
    }

    pub fn run(&self, bin: &str, args: &[&str]) -> Output {
        self.command(bin, args).output().unwrap()
    }
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn code(o: &Output) -> i32 {
    o.status.code().unwrap_or(-1)
}

#[track_caller]
pub fn assert_exit(o: &Output, expected: i32) {
    assert_eq!(
        code(o),
        expected,
        "exit status; stderr:\n{}\nstdout:\n{}",
        stderr(o),
        stdout(o)
    );
}

/// Whether the Toy reducer parses `name` (run through `--parse-only`).
pub fn parses(case: &Case, name: &str) -> bool {
    case.run(TOY, &["--parse-only", name]).status.success()
}
