//! The README's install command (`cargo install --locked --path generated-example`) on a
//! fresh `--root`: every binary of the crate is installed, and the installed `reduce-c`
//! reduces the bundled example, prints its completions and its manual page.
//!
//! Ignored by default: `cargo install` builds every grammar again, in a target directory of
//! its own (several minutes on two cores; later runs reuse it). Run it with
//! `cargo test --release -p generated-example --test install -- --ignored`.

use std::path::{Path, PathBuf};
use std::process::Command;

fn crate_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The `[[bin]]` names of the crate's manifest.
fn binaries() -> Vec<String> {
    let manifest = std::fs::read_to_string(crate_dir().join("Cargo.toml")).unwrap();
    let mut names = Vec::new();
    let mut in_bin = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_bin = line == "[[bin]]";
        } else if let Some(name) = line.strip_prefix("name = ").filter(|_| in_bin) {
            names.push(name.trim_matches('"').to_string());
        }
    }
    names
}

#[test]
#[ignore = "builds every grammar again: several minutes"]
fn the_install_command_puts_working_binaries_in_a_fresh_root() {
    let root = tempfile::tempdir().unwrap();
    // A target directory of its own (the test's cannot be shared while cargo test holds
    // it), kept between runs.
    let target = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("install-check");
    let status = Command::new(env!("CARGO"))
        .args(["install", "--locked", "--offline", "--path"])
        .arg(crate_dir())
        .arg("--root")
        .arg(root.path())
        .env("CARGO_TARGET_DIR", &target)
        .status()
        .unwrap();
    assert!(status.success(), "cargo install failed");
    let bin = root.path().join("bin");
    let names = binaries();
    assert!(names.contains(&"reduce-c".to_string()), "{names:?}");
    for name in &names {
        assert!(bin.join(name).is_file(), "{name} is not installed");
    }

    // The installed reduce-c on the bundled example, found through PATH as a user would.
    let work = tempfile::tempdir().unwrap();
    let example = crate_dir().join("examples/c");
    std::fs::copy(example.join("bug.c"), work.path().join("bug.c")).unwrap();
    let path = std::env::join_paths(std::iter::once(bin.clone()).chain(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    )))
    .unwrap();
    let run = |args: &[&str]| {
        Command::new("reduce-c")
            .args(args)
            .current_dir(work.path())
            .env("PATH", &path)
            .output()
            .unwrap()
    };
    let oracle = example.join("interesting.sh");
    if Command::new("gcc").arg("--version").output().is_ok() {
        let o = run(&["bug.c", "-q", "--test", oracle.to_str().unwrap()]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let result = std::fs::read(work.path().join("bug.c.reduced")).unwrap();
        assert!(result.len() < 200, "{}", String::from_utf8_lossy(&result));
        let check = Command::new(&oracle)
            .arg(work.path().join("bug.c.reduced"))
            .status()
            .unwrap();
        assert!(check.success());
    } else {
        eprintln!("the reduction is skipped: gcc is not installed");
    }
    let completions = run(&["--completions", "bash"]);
    assert!(completions.status.success());
    assert!(String::from_utf8_lossy(&completions.stdout).contains("--max-time"));
    let man = run(&["--man"]);
    assert!(man.status.success());
    assert!(String::from_utf8_lossy(&man.stdout).contains(".TH reduce-c 1"));
}
