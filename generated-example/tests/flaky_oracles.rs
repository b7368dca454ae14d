//! Flaky tests: the bundled C and JavaScript examples reduced twice, with their own
//! deterministic oracles and with a seeded wrapper around the same oracles that flips 5 % of
//! the answers (an acceptance becomes a refusal and the other way round). For each of three
//! seeds the flaky run must end with a result the real oracle finds interesting, at most
//! 10 % larger (non-whitespace characters) than the deterministic run's, in at most 1.5
//! times its queries (`queries.real` of `--stats`: the candidates the reduction asked
//! about; the oracle's runs, the confirmations included, are `oracle.runs`).
//!
//! The flaky runs are given `--confirm 2`, as a user who knows the test flakes would: each
//! acceptance is confirmed from the start, so the first disagreement shows the flakiness,
//! after which the reducer raises the level by itself from the wrong acceptances it saw
//! (see `reducer-core/src/engine/oracle/confirm.rs`). The deterministic runs get no flag.
//!
//! The runs are `-j 1`, so that each asks the same questions in the same order every time
//! and the figures do not depend on the machine's load. The wrapper's stream is a function
//! of the seed, the candidate's text and how many times that text was asked about before
//! (so that it also serves runs whose order depends on timing). The counts are kept in a
//! directory outside the runs' own temporary directories, under `flock`, and each is
//! replaced by a rename, so that a run killed midway (a speculative run that lost) leaves
//! no torn count. Each test skips with a message when gcc or node, or flock, is missing.

mod bundled;

use bundled::{have, interesting, non_ws, root};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// The seeds of the flaky runs.
const SEEDS: [u64; 3] = [1, 2, 3];

/// The share of answers flipped, in thousandths.
const FLIPPED_PER_MILLE: u32 = 50;

/// The wrapper: runs the real test, then flips its answer when a hash of (seed, the
/// text's checksum, how many times the text was asked about before) says so. `@REAL@`,
/// `@SEED@`, `@STATE@` and `@PER_MILLE@` are filled in.
const WRAPPER: &str = r#"#!/bin/sh
'@REAL@' "$@"
s=$?
trap '' TERM INT
state='@STATE@'
set -- $(cksum < "$1")
key=$1$2
exec 9>>"$state/lock"
flock 9
k=0
[ -s "$state/$key" ] && read -r k < "$state/$key"
echo $((k + 1)) > "$state/.next$$"
mv -f "$state/.next$$" "$state/$key"
flock -u 9
z=$(( @SEED@ * 1000003 + key * 7919 + k ))
z=$(( (z ^ ((z >> 30) & 0x3FFFFFFFF)) * 0x3F58476D1CE4E5B9 ))
z=$(( (z ^ ((z >> 27) & 0x1FFFFFFFFF)) * 0x14D049BB133111EB ))
z=$(( (z ^ ((z >> 31) & 0x1FFFFFFFF)) & 0x7FFFFFFFFFFF ))
if [ $(( z % 1000 )) -lt @PER_MILLE@ ]; then
  echo "$key $k" >> "$state/flipped"
  [ $s -eq 0 ] && exit 1
  exit 0
fi
exit $s
"#;

/// A flaky wrapper around `real` for `seed`, written into `dir`, with its counts in
/// `dir/state`; returns the script's path.
fn flaky_wrapper(dir: &Path, real: &Path, seed: u64) -> PathBuf {
    let state = dir.join("state");
    std::fs::create_dir(&state).unwrap();
    let script = WRAPPER
        .replace("@REAL@", real.to_str().unwrap())
        .replace("@STATE@", state.to_str().unwrap())
        .replace("@SEED@", &seed.to_string())
        .replace("@PER_MILLE@", &FLIPPED_PER_MILLE.to_string());
    let path = dir.join("flaky.sh");
    std::fs::write(&path, script).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// How many answers the wrapper in `dir` flipped.
fn flipped(dir: &Path) -> usize {
    std::fs::read_to_string(dir.join("state/flipped")).map_or(0, |t| t.lines().count())
}

/// One reduction: its result, its `--stats` record, its wall time.
struct Reduction {
    result: String,
    stats: serde_json::Value,
    seconds: f64,
}

impl Reduction {
    fn queries(&self) -> u64 {
        self.stats["queries"]["real"].as_u64().unwrap()
    }

    fn runs(&self) -> u64 {
        self.stats["oracle"]["runs"].as_u64().unwrap()
    }
}

/// Reduces a copy of `input` with `bin -j 1` and `oracle`, with `extra` flags; the run
/// must succeed.
fn reduce(bin: &str, input: &Path, oracle: &Path, extra: &[&str]) -> Reduction {
    let dir = tempfile::tempdir().unwrap();
    let local = dir.path().join(input.file_name().unwrap());
    std::fs::copy(input, &local).unwrap();
    let stats = dir.path().join("stats.json");
    let started = Instant::now();
    let out = Command::new(bin)
        .args(["-q", "-j", "1", "--stats"])
        .arg(&stats)
        .args(extra)
        .arg(&local)
        .arg("--test")
        .arg(oracle)
        .output()
        .unwrap();
    let seconds = started.elapsed().as_secs_f64();
    assert!(
        out.status.success(),
        "{bin} with {}: {}",
        oracle.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let mut reduced = local.into_os_string();
    reduced.push(".reduced");
    Reduction {
        result: std::fs::read_to_string(PathBuf::from(reduced)).unwrap(),
        stats: serde_json::from_str(&std::fs::read_to_string(stats).unwrap()).unwrap(),
        seconds,
    }
}

/// Reduces `examples/DIR/FILE` with its own oracle, then with the flaky wrapper for each
/// seed, and checks the flaky runs against the deterministic one.
fn steady_and_flaky(bin: &str, dir: &str, file: &str) {
    let ex = root().join("examples").join(dir);
    let (input, real) = (ex.join(file), ex.join("interesting.sh"));
    let steady = reduce(bin, &input, &real, &[]);
    assert!(
        interesting(&real, file, &steady.result),
        "{}",
        steady.result
    );
    let (size, queries) = (non_ws(&steady.result), steady.queries());
    eprintln!(
        "{dir} deterministic: {size} characters, {queries} queries, {} runs, {:.1} s",
        steady.runs(),
        steady.seconds
    );
    for seed in SEEDS {
        let state = tempfile::tempdir().unwrap();
        let wrapper = flaky_wrapper(state.path(), &real, seed);
        let flaky = reduce(bin, &input, &wrapper, &["--confirm", "2"]);
        let oracle = &flaky.stats["oracle"];
        eprintln!(
            "{dir} seed {seed}: {} characters, {} queries, {} runs, {:.1} s; {} answers \
             flipped, {} flakes seen, confirmation level {}",
            non_ws(&flaky.result),
            flaky.queries(),
            flaky.runs(),
            flaky.seconds,
            flipped(state.path()),
            oracle["flakes"],
            oracle["confirm"],
        );
        let shown = &flaky.result;
        assert!(flipped(state.path()) > 0, "seed {seed}: nothing flipped");
        assert!(
            interesting(&real, file, shown),
            "seed {seed}: not interesting: {shown}"
        );
        assert!(
            non_ws(shown) * 10 <= size * 11,
            "seed {seed}: {} characters against {size}: {shown}",
            non_ws(shown)
        );
        assert!(
            flaky.queries() * 2 <= queries * 3,
            "seed {seed}: {} queries against {queries}",
            flaky.queries()
        );
        assert!(oracle["flake_rate"].is_number(), "{oracle}");
    }
}

/// Whether the tools of the flaky runs are here besides `tool`; says which is missing.
fn can_run(tool: &str) -> bool {
    for needed in [tool, "flock"] {
        if !have(needed) {
            eprintln!("skipped: {needed} is not installed");
            return false;
        }
    }
    true
}

#[test]
fn c_example_with_five_percent_of_answers_flipped() {
    if can_run("gcc") {
        steady_and_flaky(env!("CARGO_BIN_EXE_reduce-c"), "c", "bug.c");
    }
}

#[test]
fn javascript_example_with_five_percent_of_answers_flipped() {
    if can_run("node") {
        steady_and_flaky(env!("CARGO_BIN_EXE_reduce-js"), "js", "crash.js");
    }
}
