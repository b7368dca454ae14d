//! The files of a set: found from the command line (several files, or one directory walked
//! in full), each with its path in a run's directory and where its result goes.

use super::super::guard::Role;
use super::super::output::{default_output, next_backup, same_file, with_suffix};
use super::patterns::Patterns;
use std::fs;
use std::path::{Path, PathBuf};

/// One file of the set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::cli) struct Member {
    /// The file as the user has it.
    pub(in crate::cli) source: PathBuf,
    /// Its path in each run's directory (relative).
    pub(in crate::cli) rel: PathBuf,
    /// Where its result goes (`source` itself with `--in-place`).
    pub(in crate::cli) output: PathBuf,
    /// With `--in-place`: where its original is saved (`None` for a kept file).
    pub(in crate::cli) backup: Option<PathBuf>,
    /// `--keep` names it: every run gets it as it is, and it is never reduced (nor rewritten
    /// by `--in-place`).
    pub(in crate::cli) kept: bool,
}

/// The set: its files, and whether it came from one directory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::cli) struct Listing {
    pub(in crate::cli) members: Vec<Member>,
    /// The directory given as the input, if one was.
    pub(in crate::cli) dir: Option<PathBuf>,
    /// Entries of that directory left out, and why: links, devices, sockets (not regular
    /// files) and version-control directories (`.git`, …).
    pub(in crate::cli) skipped: Vec<(PathBuf, &'static str)>,
    /// Files of that directory left out because the test uses them (its script, say), with
    /// the words that name them.
    pub(in crate::cli) left_out: Vec<Role>,
}

impl Listing {
    /// Leaves the files of `test` out of a directory's set: the test runs them from where
    /// they are, and they are not to be reduced (nor rewritten by `--in-place`).
    pub(in crate::cli) fn without(mut self, test: Vec<Role>) -> Listing {
        if self.dir.is_none() {
            return self;
        }
        for role in test {
            if let Some(i) = self
                .members
                .iter()
                .position(|m| same_file(&m.source, &role.path))
            {
                self.members.remove(i);
                self.left_out.push(role);
            }
        }
        self
    }
}

/// Lists the set that `inputs` name (several regular files, or one directory), with each
/// file's result at `OUT/REL` for `-o OUT`, the file itself with `--in-place`, and otherwise
/// `FILE.reduced` (files) or `DIR.reduced/REL` (a directory). The error is a sentence.
pub(in crate::cli) fn list(
    inputs: &[PathBuf],
    output: Option<&Path>,
    in_place: bool,
    exclude: &Patterns,
    keep: &Patterns,
) -> Result<Listing, String> {
    let (files, dir, skipped) = match inputs {
        [dir] if dir.is_dir() => {
            let mut files = Vec::new();
            let mut skipped = Vec::new();
            walk(dir, Path::new(""), exclude, &mut files, &mut skipped)?;
            if files.is_empty() {
                return Err(format!("{}: no file to reduce in it", dir.display()));
            }
            files.sort_by(|a: &(PathBuf, PathBuf), b| a.1.cmp(&b.1));
            (files, Some(dir.clone()), skipped)
        }
        _ => (relative_to_common_dir(inputs)?, None, Vec::new()),
    };
    if let Some(out) = output.filter(|o| o.exists() && !o.is_dir()) {
        return Err(format!(
            "-o {}: with several input files, -o names a directory (the results go under it)",
            out.display()
        ));
    }
    let members = files
        .into_iter()
        .map(|(source, rel)| {
            let output = match (output, &dir, in_place) {
                (_, _, true) => source.clone(),
                (Some(out), _, false) => out.join(&rel),
                (None, Some(dir), false) => with_suffix(&named(dir), ".reduced").join(&rel),
                (None, None, false) => default_output(&source),
            };
            let kept = keep.matches(&rel);
            let backup = match in_place && !kept {
                true => next_backup(&source),
                false => None,
            };
            Member {
                source,
                rel,
                output,
                backup,
                kept,
            }
        })
        .collect();
    Ok(Listing {
        members,
        dir,
        skipped,
        left_out: Vec::new(),
    })
}

/// `dir` with a last component to add a suffix to (`.` and `..` resolved).
fn named(dir: &Path) -> PathBuf {
    match dir.file_name() {
        Some(_) => dir.to_path_buf(),
        None => fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf()),
    }
}

/// The directories of version-control systems: never part of a set (a `.git` holds
/// thousands of files the test does not need).
const VERSION_CONTROL: &[&str] = &[".git", ".hg", ".svn", ".bzr", "_darcs", "CVS"];

/// Every regular file under `dir` (links are not followed) that `exclude` does not leave
/// out, with its path below the top.
fn walk(
    dir: &Path,
    rel: &Path,
    exclude: &Patterns,
    files: &mut Vec<(PathBuf, PathBuf)>,
    skipped: &mut Vec<(PathBuf, &'static str)>,
) -> Result<(), String> {
    let entries = fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for entry in entries {
        let entry = entry.map_err(|e| format!("{}: {e}", dir.display()))?;
        let (path, name) = (entry.path(), entry.file_name());
        let kind = entry
            .file_type()
            .map_err(|e| format!("{}: {e}", path.display()))?;
        if kind.is_dir() && VERSION_CONTROL.iter().any(|v| name == *v) {
            skipped.push((path, "version control"));
        } else if exclude.matches(&rel.join(&name)) {
            skipped.push((path, "--exclude"));
        } else if kind.is_dir() {
            walk(&path, &rel.join(&name), exclude, files, skipped)?;
        } else if kind.is_file() {
            files.push((path, rel.join(&name)));
        } else {
            skipped.push((path, "not a regular file"));
        }
    }
    Ok(())
}

/// Each file's path relative to the deepest directory that holds them all, so that a run's
/// directory has them where they are relative to each other (`src/a.c`, `include/a.h`).
fn relative_to_common_dir(inputs: &[PathBuf]) -> Result<Vec<(PathBuf, PathBuf)>, String> {
    let mut located = Vec::with_capacity(inputs.len());
    for input in inputs {
        let meta = fs::metadata(input).map_err(|e| format!("{}: {e}", input.display()))?;
        if meta.is_dir() {
            return Err(format!(
                "{} is a directory: give one directory, or files",
                input.display()
            ));
        }
        let name = input
            .file_name()
            .ok_or_else(|| format!("{}: not a file name", input.display()))?;
        let parent = match input.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        let parent = fs::canonicalize(parent).map_err(|e| format!("{}: {e}", input.display()))?;
        located.push((input.clone(), parent, name.to_os_string()));
    }
    let mut common = located[0].1.clone();
    for (_, parent, _) in &located {
        while !parent.starts_with(&common) {
            if !common.pop() {
                break;
            }
        }
    }
    let mut files: Vec<(PathBuf, PathBuf)> = Vec::with_capacity(located.len());
    for (input, parent, name) in located {
        let rel = parent
            .strip_prefix(&common)
            .unwrap_or(Path::new(""))
            .join(name);
        if let Some((other, _)) = files.iter().find(|(_, r)| *r == rel) {
            return Err(format!(
                "{} and {} are the same file",
                other.display(),
                input.display()
            ));
        }
        files.push((input, rel));
    }
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_keep_their_places_relative_to_each_other() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        fs::create_dir_all(root.join("src")).unwrap();
        fs::create_dir_all(root.join("include/sys")).unwrap();
        for f in ["src/a.c", "include/a.h", "include/sys/b.h"] {
            fs::write(root.join(f), "x").unwrap();
        }
        let inputs: Vec<PathBuf> = ["src/a.c", "include/a.h", "include/sys/b.h"]
            .iter()
            .map(|f| root.join(f))
            .collect();
        let l = list(
            &inputs,
            None,
            false,
            &Patterns::default(),
            &Patterns::default(),
        )
        .unwrap();
        let rels: Vec<&Path> = l.members.iter().map(|m| m.rel.as_path()).collect();
        assert_eq!(
            rels,
            [
                Path::new("src/a.c"),
                Path::new("include/a.h"),
                Path::new("include/sys/b.h")
            ]
        );
        assert_eq!(l.members[0].output, root.join("src/a.c.reduced"));
        let l = list(
            &inputs,
            Some(&root.join("out")),
            false,
            &Patterns::default(),
            &Patterns::default(),
        )
        .unwrap();
        assert_eq!(l.members[2].output, root.join("out/include/sys/b.h"));
        let l = list(
            &inputs,
            None,
            true,
            &Patterns::default(),
            &Patterns::default(),
        )
        .unwrap();
        assert_eq!(l.members[1].output, root.join("include/a.h"));
        assert_eq!(l.members[1].backup, Some(root.join("include/a.h.orig")));
        // Twice the same file, a directory among files, -o naming a file.
        let twice = [inputs[0].clone(), root.join("src/../src/a.c")];
        assert!(list(
            &twice,
            None,
            false,
            &Patterns::default(),
            &Patterns::default()
        )
        .unwrap_err()
        .contains("same file"));
        let mixed = [inputs[0].clone(), root.join("include")];
        assert!(list(
            &mixed,
            None,
            false,
            &Patterns::default(),
            &Patterns::default()
        )
        .unwrap_err()
        .contains("directory"));
        let e = list(
            &inputs,
            Some(&inputs[0]),
            false,
            &Patterns::default(),
            &Patterns::default(),
        )
        .unwrap_err();
        assert!(e.contains("names a directory"), "{e}");
    }

    #[test]
    fn a_directory_is_walked_in_full_and_in_order() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("proj");
        fs::create_dir_all(dir.join("lib/deep")).unwrap();
        for f in ["main.js", "lib/b.js", "lib/deep/c.json", "README"] {
            fs::write(dir.join(f), "x").unwrap();
        }
        std::os::unix::fs::symlink(dir.join("main.js"), dir.join("link.js")).unwrap();
        fs::create_dir_all(dir.join(".git/objects")).unwrap();
        fs::write(dir.join(".git/objects/ab"), "x").unwrap();
        let l = list(
            std::slice::from_ref(&dir),
            None,
            false,
            &Patterns::default(),
            &Patterns::default(),
        )
        .unwrap();
        let rels: Vec<String> = l
            .members
            .iter()
            .map(|m| m.rel.display().to_string())
            .collect();
        assert_eq!(rels, ["README", "lib/b.js", "lib/deep/c.json", "main.js"]);
        let mut skipped = l.skipped.clone();
        skipped.sort();
        assert_eq!(
            skipped,
            [
                (dir.join(".git"), "version control"),
                (dir.join("link.js"), "not a regular file")
            ]
        );
        assert_eq!(
            l.members[1].output,
            tmp.path().join("proj.reduced/lib/b.js")
        );
        // --exclude leaves out a whole directory, or files by name.
        let exclude = Patterns::new(&["lib".to_string(), "*.md".to_string()]);
        let keep = Patterns::new(&["README".to_string()]);
        let fewer = list(std::slice::from_ref(&dir), None, false, &exclude, &keep).unwrap();
        let rels: Vec<&Path> = fewer.members.iter().map(|m| m.rel.as_path()).collect();
        assert_eq!(rels, [Path::new("README"), Path::new("main.js")]);
        assert!(fewer.members[0].kept && !fewer.members[1].kept);
        assert!(fewer.skipped.contains(&(dir.join("lib"), "--exclude")));
        // The test's script inside the directory is left out of the set.
        let script = Role::new("the test program", dir.join("lib/b.js"));
        let l = l.without(vec![script]);
        assert_eq!(l.members.len(), 3);
        assert_eq!(l.left_out[0].path, dir.join("lib/b.js"));
        let empty = tmp.path().join("empty");
        fs::create_dir(&empty).unwrap();
        assert!(list(
            &[empty],
            None,
            false,
            &Patterns::default(),
            &Patterns::default()
        )
        .unwrap_err()
        .contains("no file"));
    }
}
