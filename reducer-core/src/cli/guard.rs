//! Before any work: no file the reducer writes (`-o`, `--stats`, `--report`, the `--in-place` backup)
//! may be the input, the test's program or a file named among its arguments, or another
//! output. Files are compared by identity (device and inode, after resolving links); a file
//! that does not exist yet is compared by its resolved directory and name.

use std::ffi::OsString;
use std::fs;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

/// How an input that `--in-place` rewrites is named in messages.
pub const IN_PLACE: &str = "the input (rewritten by --in-place)";

/// What a path stands for on the file system.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Identity {
    /// An existing file: its device and inode (links resolved).
    Inode { dev: u64, ino: u64 },
    /// A file not there yet: its directory (resolved) and name.
    Absent { dir: PathBuf, name: OsString },
    /// A path that cannot be resolved (no such directory): compared as written.
    Literal(PathBuf),
}

impl Identity {
    fn of(path: &Path) -> Identity {
        if let Ok(m) = fs::metadata(path) {
            return Identity::Inode {
                dev: m.dev(),
                ino: m.ino(),
            };
        }
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        match (fs::canonicalize(dir), path.file_name()) {
            (Ok(dir), Some(name)) => Identity::Absent {
                dir,
                name: name.to_os_string(),
            },
            _ => Identity::Literal(path.to_path_buf()),
        }
    }
}

/// The files of the test command: its program (found on `PATH` when it is a bare name) and
/// every argument that names an existing file, each with the words that name it.
pub fn test_files(test: &[OsString]) -> Vec<Role> {
    let mut files = Vec::new();
    for (i, word) in test.iter().enumerate() {
        let bare = !word.as_encoded_bytes().contains(&b'/');
        let found = (i == 0 && bare)
            .then(|| super::args::find_in_path(word))
            .flatten();
        let path = found.as_deref().unwrap_or(Path::new(word));
        if fs::metadata(path).is_ok_and(|m| m.is_file()) {
            let what = if i == 0 {
                "the test program".to_string()
            } else {
                format!("the test's argument {}", path.display())
            };
            files.push(Role::new(what, path));
        }
    }
    files
}

/// A file the user owns or the reducer writes, with the words that name it in messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Role {
    /// How the message names it: "the input", "the test script", "--stats".
    pub what: String,
    /// Its path as given.
    pub path: PathBuf,
}

impl Role {
    /// A role `what` played by `path`.
    pub fn new(what: impl Into<String>, path: impl Into<PathBuf>) -> Role {
        Role {
            what: what.into(),
            path: path.into(),
        }
    }
}

/// The files of a run that must stay distinct.
#[derive(Clone, Debug, Default)]
pub struct Files {
    /// What must never be written: the input (unless `--in-place`), the test's files.
    pub protected: Vec<Role>,
    /// What the reducer writes.
    pub outputs: Vec<Role>,
}

impl Files {
    /// The files of a run: the input, the test command (its program and every argument that
    /// names an existing file), the result (`None` with `--in-place`: the input itself is then
    /// written, so it may be no file of the test), the backups `--in-place` may create, and
    /// `--stats`.
    pub fn of_run(
        input: &Path,
        test: &[OsString],
        result: Option<&Path>,
        backups: &[PathBuf],
        stats: Option<&Path>,
    ) -> Files {
        let mut files = Files::default();
        match result {
            Some(_) => files.protected.push(Role::new("the input", input)),
            None => files.outputs.push(Role::new(IN_PLACE, input)),
        }
        files.protected.extend(test_files(test));
        // The backups are never overwritten (they go to a free name), but nothing else may
        // be written over the one that will be made.
        files
            .protected
            .extend(backups.iter().map(|b| Role::new("the input's backup", b)));
        if let Some(r) = result {
            files.outputs.push(Role::new("the result (-o)", r));
        }
        if let Some(s) = stats {
            files.outputs.push(Role::new("--stats", s));
        }
        files
    }

    /// These files, and `path` (if any) among the outputs, named `what` in messages.
    pub fn with_output(mut self, what: &str, path: Option<&Path>) -> Files {
        if let Some(p) = path {
            self.outputs.push(Role::new(what, p));
        }
        self
    }

    /// The first clash: an output that is a protected file or another output.
    pub fn check(&self) -> Result<(), String> {
        let protected: Vec<Identity> = self
            .protected
            .iter()
            .map(|r| Identity::of(&r.path))
            .collect();
        let outputs: Vec<Identity> = self.outputs.iter().map(|r| Identity::of(&r.path)).collect();
        for (i, (out, id)) in self.outputs.iter().zip(&outputs).enumerate() {
            if let Some(p) = protected.iter().position(|p| p == id) {
                let p = &self.protected[p];
                return Err(format!(
                    "{} {} is {} ({}): refusing to overwrite it",
                    out.what,
                    out.path.display(),
                    p.what,
                    p.path.display()
                ));
            }
            if let Some(j) = outputs[..i].iter().position(|o| o == id) {
                let other = &self.outputs[j];
                return Err(format!(
                    "{} {} and {} {} are the same file: give them different names",
                    other.what,
                    other.path.display(),
                    out.what,
                    out.path.display()
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup() -> (tempfile::TempDir, PathBuf, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("bug.c");
        let script = dir.path().join("t.sh");
        fs::write(&input, "int x;").unwrap();
        fs::write(&script, "#!/bin/sh\n").unwrap();
        (dir, input, script)
    }

    fn test_of(script: &Path) -> Vec<OsString> {
        vec![script.as_os_str().to_os_string()]
    }

    #[test]
    fn stats_over_the_input_is_refused() {
        let (_d, input, script) = setup();
        let files = Files::of_run(&input, &test_of(&script), None, &[], Some(&input));
        let err = files.check().unwrap_err();
        assert!(
            err.contains("--stats") && err.contains("the input"),
            "{err}"
        );
    }

    #[test]
    fn result_over_the_test_script_is_refused_even_through_another_spelling() {
        let (d, input, script) = setup();
        let other = d.path().join(".").join("t.sh");
        let files = Files::of_run(&input, &test_of(&script), Some(&other), &[], None);
        let err = files.check().unwrap_err();
        assert!(err.contains("the test program"), "{err}");
    }

    #[test]
    fn a_file_named_among_the_tests_arguments_is_protected() {
        let (d, input, _script) = setup();
        let py = d.path().join("check.py");
        fs::write(&py, "").unwrap();
        let test = vec![OsString::from("python3"), py.clone().into_os_string()];
        let err = Files::of_run(&input, &test, Some(&py), &[], None)
            .check()
            .unwrap_err();
        assert!(err.contains("argument"), "{err}");
    }

    #[test]
    fn a_link_to_the_input_is_the_input() {
        let (d, input, script) = setup();
        let link = d.path().join("link.c");
        std::os::unix::fs::symlink(&input, &link).unwrap();
        let hard = d.path().join("hard.c");
        fs::hard_link(&input, &hard).unwrap();
        for out in [&link, &hard] {
            let files = Files::of_run(&input, &test_of(&script), Some(out), &[], None);
            assert!(files.check().is_err(), "{}", out.display());
        }
    }

    #[test]
    fn two_outputs_that_do_not_exist_yet_still_clash() {
        let (d, input, script) = setup();
        let out = d.path().join("s.json");
        let same = d.path().join("sub/../s.json");
        fs::create_dir(d.path().join("sub")).unwrap();
        let err = Files::of_run(&input, &test_of(&script), Some(&out), &[], Some(&same))
            .check()
            .unwrap_err();
        assert!(err.contains("same file"), "{err}");
    }

    #[test]
    fn the_report_may_be_no_input_test_or_other_output() {
        let (d, input, script) = setup();
        let out = d.path().join("out.c");
        let stats = d.path().join("run.json");
        let of_run = || Files::of_run(&input, &test_of(&script), Some(&out), &[], Some(&stats));
        for (report, clash) in [
            (&input, "the input"),
            (&script, "the test program"),
            (&out, "same file"),
            (&stats, "same file"),
        ] {
            let err = of_run()
                .with_output("--report", Some(report))
                .check()
                .unwrap_err();
            assert!(err.contains("--report") && err.contains(clash), "{err}");
        }
        let fine = d.path().join("run.html");
        assert!(of_run()
            .with_output("--report", Some(&fine))
            .check()
            .is_ok());
    }

    #[test]
    fn stats_over_the_future_backup_is_refused() {
        let (_d, input, script) = setup();
        let backup = crate::cli::output::with_suffix(&input, ".orig");
        let err = Files::of_run(
            &input,
            &test_of(&script),
            None,
            std::slice::from_ref(&backup),
            Some(&backup),
        )
        .check()
        .unwrap_err();
        assert!(err.contains("backup"), "{err}");
    }

    #[test]
    fn in_place_over_the_test_script_is_refused() {
        let (_d, _input, script) = setup();
        let err = Files::of_run(&script, &test_of(&script), None, &[], None)
            .check()
            .unwrap_err();
        assert!(
            err.contains("--in-place") && err.contains("the test program"),
            "{err}"
        );
    }

    #[test]
    fn distinct_files_pass() {
        let (d, input, script) = setup();
        let files = Files::of_run(
            &input,
            &test_of(&script),
            Some(&d.path().join("bug.c.reduced")),
            &[],
            Some(&d.path().join("s.json")),
        );
        assert_eq!(files.check(), Ok(()));
    }
}
