//! Writing the user's files safely: every write goes to a temporary file in the same
//! directory and is renamed over the target (so a reader, a crash or Ctrl-C sees either the
//! old or the new content, never half of it); `--in-place` backups never overwrite an earlier
//! backup.

use std::collections::VecDeque;
use std::ffi::OsString;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::Instant;

/// How many numbered backups (`INPUT.orig.1` …) are tried before giving up.
const MAX_BACKUPS: usize = 1000;

/// Where the result goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Destination {
    /// `INPUT.reduced` (the default) or `-o OUT`: the input is left untouched.
    File(PathBuf),
    /// `--in-place`: into the input, whose original was saved at `backup`.
    InPlace {
        /// The input, rewritten.
        input: PathBuf,
        /// Where the original was saved.
        backup: PathBuf,
    },
}

impl Destination {
    /// The file the result is written to.
    pub fn path(&self) -> &Path {
        match self {
            Destination::File(p) => p,
            Destination::InPlace { input, .. } => input,
        }
    }
}

/// `path` with `suffix` appended to its file name (`bug.c` + `.reduced` = `bug.c.reduced`).
pub fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut s: OsString = path.as_os_str().to_os_string();
    s.push(suffix);
    PathBuf::from(s)
}

/// The default output of `input`: `INPUT.reduced`.
pub fn default_output(input: &Path) -> PathBuf {
    with_suffix(input, ".reduced")
}

/// The backup names of `input`, in the order they are tried: `INPUT.orig`, `INPUT.orig.1`, …
pub fn backup_candidates(input: &Path) -> impl Iterator<Item = PathBuf> + '_ {
    (0..MAX_BACKUPS).map(move |i| match i {
        0 => with_suffix(input, ".orig"),
        i => with_suffix(input, &format!(".orig.{i}")),
    })
}

/// The backup name `--in-place` would take now: the first of [`backup_candidates`] that is
/// free.
pub fn next_backup(input: &Path) -> Option<PathBuf> {
    backup_candidates(input).find(|c| c.symlink_metadata().is_err())
}

/// Writes `bytes` to `path` atomically: a temporary file in the same directory, renamed over
/// `path`. An existing file's permissions are kept; a new file is private (0600). A device or
/// a pipe (`-o /dev/null`, `--stats /dev/stdout`) is written in place: a rename would replace
/// it with a regular file.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_atomic_with(path, bytes, None)
}

/// [`write_atomic`], a new file getting `new_file` permissions (if given) instead of 0600.
pub fn write_atomic_with(
    path: &Path,
    bytes: &[u8],
    new_file: Option<&fs::Permissions>,
) -> io::Result<()> {
    if fs::metadata(path).is_ok_and(|m| !m.is_file() && !m.is_dir()) {
        use std::io::Write;
        return fs::OpenOptions::new()
            .write(true)
            .open(path)?
            .write_all(bytes);
    }
    let tmp = temp_beside(path, bytes, new_file)?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// Writes each text that has a path atomically (a run's statistics record and report), a
/// new file getting the read and write bits of `model` ([`data_permissions_like`]); a file
/// that cannot be written is reported on stderr as `BIN: cannot write PATH: …`. Returns
/// whether every write succeeded.
pub fn write_records(
    bin: &str,
    records: &[(&Option<PathBuf>, Option<String>)],
    model: &Path,
) -> bool {
    let like_model = data_permissions_like(model);
    let mut all = true;
    for (path, text) in records {
        let (Some(path), Some(text)) = (path, text) else {
            continue;
        };
        if let Err(e) = write_atomic_with(path, text.as_bytes(), like_model.as_ref()) {
            crate::console::errln!("{bin}: cannot write {}: {e}", path.display());
            all = false;
        }
    }
    all
}

/// The read and write bits of `model`, for a data file derived from it (a statistics
/// record is never executable, even when the input is).
pub fn data_permissions_like(model: &Path) -> Option<fs::Permissions> {
    use std::os::unix::fs::PermissionsExt;
    let mut p = permissions_like(model)?;
    p.set_mode(p.mode() & 0o666);
    Some(p)
}

/// The permission bits of `model` (read, write, execute for owner, group and others; no
/// set-id or sticky bits), for a file that should be like it, e.g. a result like its input.
pub fn permissions_like(model: &Path) -> Option<fs::Permissions> {
    use std::os::unix::fs::PermissionsExt;
    let mode = fs::metadata(model).ok()?.permissions().mode() & 0o777;
    Some(fs::Permissions::from_mode(mode))
}

/// Saves `bytes` (the original input) as the first free backup name of `input`, never
/// overwriting an existing file (even one created meanwhile by someone else). Returns the
/// backup's path.
pub fn write_backup(input: &Path, bytes: &[u8]) -> io::Result<PathBuf> {
    let mut tmp = temp_beside(input, bytes, None)?;
    for candidate in backup_candidates(input) {
        if candidate.symlink_metadata().is_ok() {
            continue;
        }
        match tmp.persist_noclobber(&candidate) {
            Ok(_) => return Ok(candidate),
            Err(e) if e.error.kind() == io::ErrorKind::AlreadyExists => tmp = e.file,
            Err(e) => return Err(e.error),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        format!(
            "{} … {} all exist: remove old backups",
            with_suffix(input, ".orig").display(),
            with_suffix(input, &format!(".orig.{}", MAX_BACKUPS - 1)).display()
        ),
    ))
}

/// A temporary file next to `path` holding `bytes`, with `path`'s permissions if it exists,
/// else `new_file` ones if given (else 0600).
fn temp_beside(
    path: &Path,
    bytes: &[u8],
    new_file: Option<&fs::Permissions>,
) -> io::Result<tempfile::NamedTempFile> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut tmp = tempfile::Builder::new()
        .prefix(&format!(".{name}."))
        .suffix(".tmp")
        .tempfile_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.flush()?;
    match fs::metadata(path) {
        Ok(meta) => fs::set_permissions(tmp.path(), meta.permissions())?,
        Err(_) => {
            if let Some(p) = new_file {
                fs::set_permissions(tmp.path(), p.clone())?;
            }
        }
    }
    Ok(tmp)
}

/// Writes each new best result to the destination, skipping writes that would not change it,
/// and remembers the first error (the reduction goes on; the error is reported at the end).
#[derive(Debug)]
pub struct BestWriter {
    path: PathBuf,
    /// The permissions the file gets if it does not exist yet.
    new_file: Option<fs::Permissions>,
    last: Option<Vec<u8>>,
    error: Option<String>,
    writes: u64,
}

impl BestWriter {
    /// A writer to `path`, which does not yet hold any result.
    pub fn new(path: PathBuf) -> Self {
        BestWriter {
            path,
            new_file: None,
            last: None,
            error: None,
            writes: 0,
        }
    }

    /// A writer to `path`, which already holds `content` (e.g. the input, with --in-place).
    pub fn holding(path: PathBuf, content: &[u8]) -> Self {
        BestWriter {
            last: Some(content.to_vec()),
            ..BestWriter::new(path)
        }
    }

    /// Creates the file, if it does not exist, with `model`'s permission bits (see
    /// [`permissions_like`]) instead of 0600: a result is as readable as its input.
    pub fn created_like(mut self, model: &Path) -> Self {
        self.new_file = permissions_like(model);
        self
    }

    /// Writes `bytes` unless the file already holds them. Returns whether the file now holds
    /// them.
    pub fn write(&mut self, bytes: &[u8]) -> bool {
        if self.last.as_deref() == Some(bytes) {
            return true;
        }
        match write_atomic_with(&self.path, bytes, self.new_file.as_ref()) {
            Ok(()) => {
                self.last = Some(bytes.to_vec());
                self.writes += 1;
                true
            }
            Err(e) => {
                if self.error.is_none() {
                    self.error = Some(format!("cannot write {}: {e}", self.path.display()));
                }
                false
            }
        }
    }

    /// The first write error, if any.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// How many times the file was written.
    pub fn writes(&self) -> u64 {
        self.writes
    }

    /// The destination.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// Called by [`BackgroundWriter`] with every result, in the order found, and the moment it was
/// found (e.g. to count its tokens for the progress display, off the reduction's path).
pub type ResultHook = Box<dyn FnMut(&[u8], Instant) + Send>;

/// Writes best results from a background thread, so that the reduction never waits for the
/// file system (nor for the hook): each new result replaces the one still waiting, and only
/// the newest is written. [`BackgroundWriter::finish`] writes what is pending and hands back
/// the writer.
pub struct BackgroundWriter {
    shared: Arc<Shared>,
    thread: Mutex<Option<JoinHandle<()>>>,
}

/// A result offered to the writer, with the moment it was found.
type Found = (Instant, Vec<u8>);

struct Shared {
    /// The results not handled yet (only the newest, without a hook), and whether the
    /// writer is closing.
    pending: Mutex<(VecDeque<Found>, bool)>,
    wake: Condvar,
    writer: Mutex<BestWriter>,
    keep_all: bool,
}

impl BackgroundWriter {
    /// Starts writing through `writer` in a thread of its own, calling `hook` (if any) with
    /// every result first.
    pub fn spawn(writer: BestWriter, mut hook: Option<ResultHook>) -> Self {
        let shared = Arc::new(Shared {
            pending: Mutex::new((VecDeque::new(), false)),
            wake: Condvar::new(),
            writer: Mutex::new(writer),
            keep_all: hook.is_some(),
        });
        let worker = shared.clone();
        let thread = std::thread::spawn(move || loop {
            let results: Vec<Found> = {
                let mut p = lock(&worker.pending);
                while p.0.is_empty() && !p.1 {
                    p = worker.wake.wait(p).unwrap_or_else(|e| e.into_inner());
                }
                if p.0.is_empty() {
                    return;
                }
                p.0.drain(..).collect()
            };
            if let Some(hook) = hook.as_mut() {
                for (found, bytes) in &results {
                    hook(bytes, *found);
                }
            }
            if let Some((_, newest)) = results.last() {
                lock(&worker.writer).write(newest);
            }
        });
        BackgroundWriter {
            shared,
            thread: Mutex::new(Some(thread)),
        }
    }

    /// Queues `bytes` as the newest result (without a hook, an older one still waiting is
    /// dropped).
    pub fn offer(&self, bytes: &[u8]) {
        let found = Instant::now();
        let mut p = lock(&self.shared.pending);
        if !self.shared.keep_all {
            p.0.clear();
        }
        p.0.push_back((found, bytes.to_vec()));
        drop(p);
        self.shared.wake.notify_one();
    }

    /// Handles what is pending, stops the thread and returns the writer.
    pub fn finish(&self) -> MutexGuard<'_, BestWriter> {
        lock(&self.shared.pending).1 = true;
        self.shared.wake.notify_one();
        if let Some(thread) = lock(&self.thread).take() {
            let _ = thread.join();
        }
        lock(&self.shared.writer)
    }
}

/// Locks `m`, also after a panic elsewhere (the data stay usable).
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Whether `a` and `b` name the same existing file.
pub fn same_file(a: &Path, b: &Path) -> bool {
    match (fs::canonicalize(a), fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn background_writer_ends_with_the_newest_result() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.c");
        let seen = Arc::new(Mutex::new(Vec::new()));
        let hook: ResultHook = {
            let seen = seen.clone();
            Box::new(move |bytes: &[u8], _| seen.lock().unwrap().push(bytes.len()))
        };
        let bg = BackgroundWriter::spawn(BestWriter::new(path.clone()), Some(hook));
        for i in (1..=50).rev() {
            bg.offer("x".repeat(i).as_bytes());
        }
        let mut w = bg.finish();
        assert_eq!(fs::read(&path).unwrap(), b"x");
        // The hook saw every result, in order.
        assert_eq!(*seen.lock().unwrap(), (1..=50).rev().collect::<Vec<_>>());
        // Results still waiting when a newer one came were never written.
        assert!((1..=50).contains(&w.writes()), "{}", w.writes());
        assert!(w.write(b"x"), "the file already holds it");
        assert_eq!(names(dir.path()), vec!["out.c"], "no temporary files left");
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn a_device_is_written_in_place_not_replaced() {
        use std::os::unix::fs::FileTypeExt;
        let null = Path::new("/dev/null");
        if !fs::metadata(null).is_ok_and(|m| m.file_type().is_char_device()) {
            eprintln!("skipped: no /dev/null device here");
            return;
        }
        write_atomic(null, b"result").unwrap();
        assert!(fs::metadata(null).unwrap().file_type().is_char_device());
        // A named pipe too: what is written reaches its reader.
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("out");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|s| s.success()) {
            eprintln!("skipped the pipe: no mkfifo here");
            return;
        }
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || fs::read(fifo).unwrap())
        };
        write_atomic(&fifo, b"through the pipe").unwrap();
        assert_eq!(reader.join().unwrap(), b"through the pipe");
        assert!(fs::metadata(&fifo).unwrap().file_type().is_fifo());
    }

    #[test]
    fn atomic_write_replaces_and_leaves_no_temp_files() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("a b;$(x).c");
        write_atomic(&p, b"one").unwrap();
        assert_eq!(fs::read(&p).unwrap(), b"one");
        fs::set_permissions(&p, fs::Permissions::from_mode(0o751)).unwrap();
        write_atomic(&p, b"two").unwrap();
        assert_eq!(fs::read(&p).unwrap(), b"two");
        assert_eq!(
            fs::metadata(&p).unwrap().permissions().mode() & 0o777,
            0o751
        );
        assert_eq!(names(dir.path()), ["a b;$(x).c"]);
    }

    #[test]
    fn a_new_result_gets_the_input_s_permission_bits() {
        let dir = tempfile::tempdir().unwrap();
        let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o7777;
        let input = dir.path().join("bug.c");
        fs::write(&input, "x").unwrap();
        fs::set_permissions(&input, fs::Permissions::from_mode(0o4644)).unwrap();
        let out = dir.path().join("bug.c.reduced");
        let mut w = BestWriter::new(out.clone()).created_like(&input);
        assert!(w.write(b"y"));
        assert_eq!(mode(&out), 0o644, "no set-id bit is copied");
        // An existing output keeps its own.
        fs::set_permissions(&out, fs::Permissions::from_mode(0o600)).unwrap();
        assert!(w.write(b"z"));
        assert_eq!(mode(&out), 0o600);
        // Without a model, a new file is private.
        let other = dir.path().join("other");
        write_atomic(&other, b"x").unwrap();
        assert_eq!(mode(&other), 0o600);
    }

    #[test]
    fn write_atomic_in_the_current_directory_form() {
        // A bare file name has an empty parent: the temp file goes to ".".
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("x");
        assert!(temp_beside(Path::new("x"), b"", None).is_ok());
        write_atomic(&p, b"1").unwrap();
        assert_eq!(fs::read(&p).unwrap(), b"1");
    }

    #[test]
    fn backups_never_overwrite() {
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("bug.c");
        fs::write(&input, b"v0").unwrap();
        let b0 = write_backup(&input, b"v0").unwrap();
        assert_eq!(b0, dir.path().join("bug.c.orig"));
        let b1 = write_backup(&input, b"v1").unwrap();
        assert_eq!(b1, dir.path().join("bug.c.orig.1"));
        fs::write(dir.path().join("bug.c.orig.2"), b"someone else's").unwrap();
        let b3 = write_backup(&input, b"v3").unwrap();
        assert_eq!(b3, dir.path().join("bug.c.orig.3"));
        assert_eq!(fs::read(&b0).unwrap(), b"v0");
        assert_eq!(fs::read(&b1).unwrap(), b"v1");
        assert_eq!(
            fs::read(dir.path().join("bug.c.orig.2")).unwrap(),
            b"someone else's"
        );
        assert_eq!(fs::read(&b3).unwrap(), b"v3");
        assert_eq!(
            names(dir.path()),
            [
                "bug.c",
                "bug.c.orig",
                "bug.c.orig.1",
                "bug.c.orig.2",
                "bug.c.orig.3"
            ]
        );
    }

    #[test]
    fn default_names() {
        assert_eq!(
            default_output(Path::new("d/bug.c")),
            PathBuf::from("d/bug.c.reduced")
        );
        let b: Vec<PathBuf> = backup_candidates(Path::new("x.c")).take(3).collect();
        assert_eq!(
            b,
            [
                PathBuf::from("x.c.orig"),
                "x.c.orig.1".into(),
                "x.c.orig.2".into()
            ]
        );
        let d = Destination::InPlace {
            input: "x.c".into(),
            backup: "x.c.orig".into(),
        };
        assert_eq!(d.path(), Path::new("x.c"));
    }

    #[test]
    fn best_writer_skips_unchanged_content_and_keeps_the_first_error() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("out");
        let mut w = BestWriter::new(p.clone());
        assert!(w.write(b"abc"));
        assert!(w.write(b"abc"));
        assert!(w.write(b"ab"));
        assert_eq!(w.writes(), 2);
        assert_eq!(fs::read(&p).unwrap(), b"ab");
        let mut held = BestWriter::holding(p.clone(), b"ab");
        assert!(held.write(b"ab"));
        assert_eq!(held.writes(), 0);
        let mut bad = BestWriter::new(dir.path().join("no/such/dir/out"));
        assert!(!bad.write(b"x"));
        assert!(!bad.write(b"y"));
        assert!(bad.error().unwrap().contains("no/such/dir/out"));
        assert!(same_file(&p, &dir.path().join("./out")));
        assert!(!same_file(&p, &dir.path().join("missing")));
    }
}
