//! A set of files tested together (a `.c` file and its headers, a JavaScript test and its
//! modules): each oracle run gets every file of the set under its relative path, with the
//! candidate in place of the one being reduced (the *active* file).
//!
//! The set changes only between list tests (when a file's reduction ends, or another file
//! becomes the active one); a run writes its files when it starts, so runs already going
//! keep the set they started with.

use std::fs;
use std::io;
use std::path::{Component, Path, PathBuf};

/// One file of a [`FileSet`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetFile {
    /// Where it goes in a run's directory: relative, without `..`.
    pub path: PathBuf,
    /// Its current content.
    pub bytes: Vec<u8>,
}

/// Files written together into every run's directory (see the [module documentation](self)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileSet {
    files: Vec<SetFile>,
    active: usize,
    /// What the test gets as its last arguments: every file's path (`false`), or the run's
    /// directory (`true`, for a directory given as the input).
    pass_dir: bool,
}

impl FileSet {
    /// A set of `files`, the first one active. Each path must be relative, free of `..`,
    /// and no path may be another's or lie under another (the error is a sentence).
    pub fn new(files: Vec<SetFile>) -> Result<FileSet, String> {
        if files.is_empty() {
            return Err("a file set needs at least one file".to_string());
        }
        for (i, f) in files.iter().enumerate() {
            let normal = f
                .path
                .components()
                .all(|c| matches!(c, Component::Normal(_)));
            if !normal || f.path.as_os_str().is_empty() {
                return Err(format!(
                    "{}: a file of the set must have a relative path without `..`",
                    f.path.display()
                ));
            }
            if let Some(other) = files[..i]
                .iter()
                .find(|o| o.path.starts_with(&f.path) || f.path.starts_with(&o.path))
            {
                return Err(format!(
                    "{} and {} cannot both be in the set",
                    other.path.display(),
                    f.path.display()
                ));
            }
        }
        Ok(FileSet {
            files,
            active: 0,
            pass_dir: false,
        })
    }

    /// The test gets the run's directory as its last argument instead of every file's path.
    pub fn passing_dir(mut self) -> FileSet {
        self.pass_dir = true;
        self
    }

    /// The files, in the order given.
    pub fn files(&self) -> &[SetFile] {
        &self.files
    }

    /// The index of the active file (the one a candidate replaces).
    pub fn active(&self) -> usize {
        self.active
    }

    /// Makes file `i` the active one.
    pub fn set_active(&mut self, i: usize) {
        assert!(i < self.files.len(), "no file {i} in the set");
        self.active = i;
    }

    /// Sets the content of file `i`.
    pub fn set_bytes(&mut self, i: usize, bytes: Vec<u8>) {
        self.files[i].bytes = bytes;
    }

    /// Writes every file into `dir` (making the directories they need), `candidate` in place
    /// of the active one, and returns what the test gets as its last arguments.
    pub fn write_into(&self, dir: &Path, candidate: &[u8]) -> io::Result<Vec<PathBuf>> {
        let mut paths = Vec::with_capacity(self.files.len());
        for (i, f) in self.files.iter().enumerate() {
            let path = dir.join(&f.path);
            if let Some(parent) = path.parent().filter(|p| *p != dir) {
                fs::create_dir_all(parent)?;
            }
            let bytes = if i == self.active {
                candidate
            } else {
                &f.bytes
            };
            fs::write(&path, bytes).map_err(|e| {
                io::Error::new(e.kind(), format!("cannot write {}: {e}", path.display()))
            })?;
            paths.push(path);
        }
        if self.pass_dir {
            return Ok(vec![dir.to_path_buf()]);
        }
        Ok(paths)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(path: &str, bytes: &str) -> SetFile {
        SetFile {
            path: PathBuf::from(path),
            bytes: bytes.as_bytes().to_vec(),
        }
    }

    #[test]
    fn every_file_is_written_with_the_candidate_in_place_of_the_active_one() {
        let mut set = FileSet::new(vec![
            file("main.c", "#include \"inc/a.h\"\n"),
            file("inc/a.h", "int a;\n"),
        ])
        .unwrap();
        set.set_active(1);
        let dir = tempfile::tempdir().unwrap();
        let paths = set.write_into(dir.path(), b"int b;\n").unwrap();
        assert_eq!(
            paths,
            [dir.path().join("main.c"), dir.path().join("inc/a.h")]
        );
        assert_eq!(fs::read(&paths[0]).unwrap(), b"#include \"inc/a.h\"\n");
        assert_eq!(fs::read(&paths[1]).unwrap(), b"int b;\n");
        let dir2 = tempfile::tempdir().unwrap();
        let paths = set.passing_dir().write_into(dir2.path(), b"").unwrap();
        assert_eq!(paths, [dir2.path()]);
        assert_eq!(fs::read(dir2.path().join("inc/a.h")).unwrap(), b"");
    }

    #[test]
    fn paths_that_leave_the_directory_or_overlap_are_refused() {
        for bad in ["../x.c", "/tmp/x.c", "a/../../x", ""] {
            assert!(FileSet::new(vec![file(bad, "")]).is_err(), "{bad}");
        }
        assert!(FileSet::new(vec![file("a", ""), file("a/b", "")]).is_err());
        assert!(FileSet::new(vec![file("a.c", ""), file("a.c", "")]).is_err());
        assert!(FileSet::new(vec![]).is_err());
        assert!(FileSet::new(vec![file("a.c", ""), file("b/a.c", "")]).is_ok());
    }
}
