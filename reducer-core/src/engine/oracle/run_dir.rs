//! The temporary directory of one oracle run: made private (0700), holding the candidate under
//! the input's file name and a private `TMPDIR` of the run's own (`.tmp`, hidden from `ls` and
//! `*`), so that the scratch files of the tools the test runs (a compiler's `cc*.s`) go away
//! with it, even when the run is killed. Removal copes with the read-only subdirectories some
//! tools leave (a Go module cache, say): they are made writable first.

use std::fs;
use std::io;
use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
use std::path::{Path, PathBuf};

/// The name of the run's own `TMPDIR`, inside its directory.
pub const RUN_TMPDIR: &str = ".tmp";

/// Permissions of every directory made for a run: the owner's only, so that other users
/// cannot read the candidates.
const PRIVATE: u32 = 0o700;

/// A run's directory, made by [`RunDir::create`]; removed by [`RunDir::remove`] or kept by
/// [`RunDir::keep`] (dropped, it is removed as well, quietly).
#[derive(Debug)]
pub struct RunDir {
    dir: Option<tempfile::TempDir>,
}

impl RunDir {
    /// Makes a fresh directory named `prefix…` under `base`, with its private `TMPDIR`.
    /// The error is a sentence for the user.
    pub fn create(base: &Path, prefix: &str) -> Result<RunDir, String> {
        let dir = tempfile::Builder::new()
            .prefix(prefix)
            .permissions(fs::Permissions::from_mode(PRIVATE))
            .tempdir_in(base)
            .map_err(|e| {
                format!(
                    "cannot create a temporary directory in {}: {e}",
                    base.display()
                )
            })?;
        let tmp = dir.path().join(RUN_TMPDIR);
        fs::DirBuilder::new()
            .mode(PRIVATE)
            .create(&tmp)
            .map_err(|e| format!("cannot create {}: {e}", tmp.display()))?;
        Ok(RunDir { dir: Some(dir) })
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        self.dir.as_ref().expect("a live run directory").path()
    }

    /// The run's own `TMPDIR`.
    pub fn tmp(&self) -> PathBuf {
        self.path().join(RUN_TMPDIR)
    }

    /// Leaves the directory in place and returns its path.
    pub fn keep(mut self) -> PathBuf {
        self.dir.take().expect("a live run directory").keep()
    }

    /// Removes the directory and all it holds; on failure, tells what is left and why.
    pub fn remove(mut self) -> Result<(), (PathBuf, io::Error)> {
        let path = self.dir.take().expect("a live run directory").keep();
        remove_tree(&path).map_err(|e| (path, e))
    }
}

impl Drop for RunDir {
    fn drop(&mut self) {
        if let Some(dir) = self.dir.take() {
            let _ = remove_tree(&dir.keep());
        }
    }
}

/// Removes `path` and everything under it; if that fails, makes every directory under it
/// writable by its owner and tries again.
pub fn remove_tree(path: &Path) -> io::Result<()> {
    match fs::remove_dir_all(path) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(_) => {
            make_dirs_writable(path);
            fs::remove_dir_all(path)
        }
    }
}

/// Gives the owner full rights on `dir` and on every directory below it (links are not
/// followed), so that their entries can be removed.
fn make_dirs_writable(dir: &Path) {
    let Ok(meta) = fs::symlink_metadata(dir) else {
        return;
    };
    if !meta.is_dir() {
        return;
    }
    let mode = meta.permissions().mode();
    if mode & 0o700 != 0o700 {
        let _ = fs::set_permissions(dir, fs::Permissions::from_mode(mode | 0o700));
    }
    if let Ok(entries) = fs::read_dir(dir) {
        for entry in entries.flatten() {
            if entry.file_type().is_ok_and(|t| t.is_dir()) {
                make_dirs_writable(&entry.path());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mode(p: &Path) -> u32 {
        fs::metadata(p).unwrap().permissions().mode() & 0o777
    }

    #[test]
    fn a_run_dir_is_private_and_has_its_own_tmpdir() {
        let base = tempfile::tempdir().unwrap();
        let run = RunDir::create(base.path(), "reducer-").unwrap();
        assert_eq!(mode(run.path()), 0o700);
        assert_eq!(mode(&run.tmp()), 0o700);
        assert!(run.tmp().starts_with(run.path()));
        let path = run.path().to_path_buf();
        run.remove().unwrap();
        assert!(!path.exists());
        let err = RunDir::create(&base.path().join("missing"), "reducer-").unwrap_err();
        assert!(err.contains("missing"), "{err}");
    }

    #[test]
    fn read_only_subdirectories_are_removed_too() {
        let base = tempfile::tempdir().unwrap();
        let run = RunDir::create(base.path(), "reducer-").unwrap();
        let deep = run.path().join("cache/mod@v1");
        fs::create_dir_all(&deep).unwrap();
        fs::write(deep.join("go.mod"), "module m\n").unwrap();
        for d in [&deep, &run.path().join("cache")] {
            fs::set_permissions(d, fs::Permissions::from_mode(0o555)).unwrap();
        }
        run.remove().unwrap();
        assert_eq!(fs::read_dir(base.path()).unwrap().count(), 0);
    }

    #[test]
    fn a_dropped_run_dir_is_removed_and_a_kept_one_stays() {
        let base = tempfile::tempdir().unwrap();
        let path = {
            let run = RunDir::create(base.path(), "reducer-").unwrap();
            run.path().to_path_buf()
        };
        assert!(!path.exists());
        let kept = RunDir::create(base.path(), "reducer-").unwrap().keep();
        assert!(kept.is_dir());
    }
}
