//! The slow-oracle study: each case's oracle padded by a sleep (a stand-in for a slow build
//! or test run), run at several job counts. Sleeping runs cost no CPU, so a 2-core machine
//! can host dozens at once; the table reports the speed-up over `-j 1` and the oracle runs
//! that parallel speculation wasted.

use crate::results::RunRecord;
use crate::runner::Case;
use std::fmt::Write;
use std::path::Path;

/// The variant label of a padding and a `--parallel` mode.
pub fn variant(pad_seconds: f64, mode: &str) -> String {
    format!("oracle + {pad_seconds} s, {mode}")
}

/// The padding part of a variant label (the `-j 1` run is the base of every mode's).
fn padding(variant: &str) -> &str {
    variant.split(", ").next().unwrap_or(variant)
}

/// `case` with its oracle replaced by a script in `dir` that sleeps `pad_seconds`, then runs
/// the original oracle with the same arguments (so the original still finds its files next
/// to itself).
pub fn padded(case: &Case, dir: &Path, pad_seconds: f64) -> Result<Case, String> {
    use std::os::unix::fs::PermissionsExt;
    if !(pad_seconds.is_finite() && pad_seconds >= 0.0) {
        return Err(format!("--pad {pad_seconds}: not a number of seconds"));
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let oracle = std::fs::canonicalize(&case.oracle)
        .map_err(|e| format!("{}: {e}", case.oracle.display()))?;
    let quoted = oracle.display().to_string().replace('\'', r"'\''");
    let script = format!(
        "#!/bin/sh\n# {}'s oracle, {pad_seconds} s slower\nsleep {pad_seconds}\nexec '{quoted}' \"$@\"\n",
        case.name
    );
    let path = dir.join(format!("{}.sh", case.name.replace('/', "_")));
    std::fs::write(&path, script).map_err(|e| format!("{}: {e}", path.display()))?;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755))
        .map_err(|e| format!("{}: {e}", path.display()))?;
    // Absolute: the re-check of a result runs the oracle from a directory of its own.
    let path = std::fs::canonicalize(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(Case {
        oracle: path,
        ..case.clone()
    })
}

/// The study's table: per case, algorithm and padding, one row per job count with the
/// speed-up over the `-j 1` run of the same three.
pub fn table(s: &mut String, runs: &[&RunRecord]) {
    let _ = writeln!(
        s,
        "Each oracle run padded by a sleep; the variant names the padding and the `--parallel` \
         mode (`-j 1` is the same in both). Speed-up = wall time of `-j 1` / wall time; wasted = \
         oracle runs made by exact-mode speculation that the sequential algorithm did not need \
         (in merge mode every run is a query); rounds = merge mode's rounds of oracle runs, \
         the oracle latencies waited for one after another.\n"
    );
    let _ = writeln!(
        s,
        "| case | algorithm | padding | -j | outcome | wall s | speed-up | real | wasted | rounds | tokens | non-ws chars |"
    );
    let _ = writeln!(
        s,
        "| --- | --- | --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
    );
    let mut rows: Vec<&RunRecord> = runs.to_vec();
    rows.sort_by(|a, b| {
        (&a.case, &a.algorithm, &a.variant, a.jobs).cmp(&(
            &b.case,
            &b.algorithm,
            &b.variant,
            b.jobs,
        ))
    });
    for r in rows {
        let base = runs.iter().find(|b| {
            b.jobs == 1
                && b.case == r.case
                && b.algorithm == r.algorithm
                && padding(&b.variant) == padding(&r.variant)
        });
        let speedup = match base {
            Some(b) if r.wall_seconds > 0.0 => format!("{:.2}×", b.wall_seconds / r.wall_seconds),
            _ => "–".to_string(),
        };
        let _ = writeln!(
            s,
            "| {} | `{}` | {} | {} | {} | {:.1} | {} | {} | {} | {} | {} | {} |",
            r.case,
            r.algorithm,
            r.variant,
            r.jobs,
            r.outcome.word(),
            r.wall_seconds,
            speedup,
            r.queries.real,
            r.queries.speculative,
            match r.queries.rounds {
                0 => "–".to_string(),
                n => n.to_string(),
            },
            r.tokens_cell(),
            r.output.non_whitespace_chars,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::tests::sample;

    #[test]
    fn a_padded_oracle_sleeps_then_runs_the_original_with_its_arguments() {
        let dir = tempfile::tempdir().unwrap();
        let original = dir.path().join("it's oracle.sh");
        std::fs::write(&original, "#!/bin/sh\ngrep -q needle \"$1\"\n").unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&original, std::fs::Permissions::from_mode(0o755)).unwrap();
        let case = Case {
            name: "set/x".into(),
            input: dir.path().join("input.c"),
            oracle: original,
            binary: "reduce-c",
        };
        let slow = padded(&case, &dir.path().join("padded"), 0.2).unwrap();
        assert_eq!(slow.name, "set/x");
        assert!(slow.oracle.is_absolute());
        let file = dir.path().join("candidate");
        for (text, interesting) in [("a needle", true), ("hay", false)] {
            std::fs::write(&file, text).unwrap();
            let started = std::time::Instant::now();
            let status = std::process::Command::new(&slow.oracle)
                .arg(&file)
                .status()
                .unwrap();
            assert_eq!(status.success(), interesting, "{text}");
            assert!(started.elapsed().as_secs_f64() >= 0.2, "no sleep");
        }
        assert!(padded(&case, dir.path(), -1.0).is_err());
    }

    #[test]
    fn speed_ups_are_over_the_sequential_run_of_the_same_case_and_padding() {
        let mut runs = Vec::new();
        for (jobs, wall, mode) in [(1, 30.0, "exact"), (4, 10.0, "exact"), (16, 7.5, "merge")] {
            let mut r = sample("perses/a", "default", jobs, &variant(0.3, mode));
            r.wall_seconds = wall;
            runs.push(r);
        }
        let mut other = sample("perses/a", "default", 4, &variant(1.0, "exact"));
        other.wall_seconds = 5.0;
        runs.push(other);
        let refs: Vec<&RunRecord> = runs.iter().collect();
        let mut s = String::new();
        table(&mut s, &refs);
        assert!(s.contains("| 4 | ok | 10.0 | 3.00× |"), "{s}");
        assert!(s.contains("| 16 | ok | 7.5 | 4.00× |"), "{s}");
        // No `-j 1` run with a 1 s padding: no speed-up.
        assert!(s.contains("| 4 | ok | 5.0 | – |"), "{s}");
    }
}
