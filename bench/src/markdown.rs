//! The Markdown report of a results file: the machine, the commands, and one table per study.

use crate::results::{Outcome, Results, RunRecord, Study};
use std::fmt::Write;

/// Renders the whole report.
pub fn render(results: &Results) -> String {
    let mut s = String::new();
    let m = &results.machine;
    let _ = writeln!(s, "# Benchmark results\n");
    let _ = writeln!(
        s,
        "Written by `bench` from `results.json` (re-render with `bench table --out DIR`).\n"
    );
    let _ = writeln!(s, "## Machine\n");
    let _ = writeln!(s, "| what | value |\n| --- | --- |");
    let rows = [
        ("CPU", m.cpu_model.clone()),
        ("cores", m.cores.to_string()),
        (
            "RAM",
            format!("{:.1} GiB", m.ram_bytes as f64 / 1024f64.powi(3)),
        ),
        ("OS", format!("{} (kernel {})", m.os, m.kernel)),
        ("gcc", m.gcc.clone()),
        ("node", m.node.clone()),
        ("rustc", m.rustc.clone()),
        ("repository HEAD", m.commit.clone()),
        ("inputs", results.bench_dir.clone()),
        ("binaries", results.bin_dir.clone()),
    ];
    for (k, v) in rows {
        let _ = writeln!(s, "| {k} | {} |", cell(&v));
    }
    let _ = writeln!(s, "\n## Commands\n");
    for inv in &results.invocations {
        let built = if inv.binaries_commit.is_empty() {
            String::new()
        } else {
            format!(", binaries built from `{}`", inv.binaries_commit)
        };
        let _ = writeln!(
            s,
            "- {} (load {}{built}): `{}`",
            inv.started_utc,
            load(inv.load_start),
            inv.argv.join(" ")
        );
    }
    if let Some(r) = results.runs.first() {
        let _ = writeln!(
            s,
            "\nEach run is one reducer process, e.g.:\n\n```sh\n{}\n```",
            r.command.join(" ")
        );
    }
    for study in [Study::Runs, Study::Cache, Study::Split, Study::SlowOracle] {
        let runs: Vec<&RunRecord> = results.runs.iter().filter(|r| r.study == study).collect();
        if runs.is_empty() {
            continue;
        }
        let _ = writeln!(s, "\n## {}\n", study.title());
        match study {
            Study::Runs => run_table(&mut s, &runs),
            Study::Cache => cache_table(&mut s, &runs),
            Study::Split => split_table(&mut s, &runs),
            Study::SlowOracle => crate::slow::table(&mut s, &runs),
        }
    }
    let notes: Vec<&RunRecord> = results.runs.iter().filter(|r| !r.note.is_empty()).collect();
    if !notes.is_empty() {
        let _ = writeln!(s, "\n## Notes\n");
        for r in notes {
            let _ = writeln!(
                s,
                "- {} {} ({}): {}",
                r.case,
                r.label(),
                r.outcome.word(),
                cell(&r.note)
            );
        }
    }
    s
}

fn run_table(s: &mut String, runs: &[&RunRecord]) {
    let _ = writeln!(
        s,
        "Queries: oracle runs the algorithm needed (real), tests answered by the cache, extra \
         runs of parallel speculation, runs cut short (unresolved), candidates the syntax check \
         rejected. Engine = the reducer's wall time minus the time during which at least one oracle \
         run was going (with -j > 1: the time spent waiting for the reducer alone). RSS: the reducer's own \
         peak (VmHWM) / `wait4` ru_maxrss (includes the oracle's processes). Load = 1-min load \
         average before → after.\n"
    );
    let _ = writeln!(
        s,
        "| case | algorithm | -j | outcome | real | cached | spec. | unres. | syn.-rej. | tokens | non-ws chars | bytes | wall s | engine s | peak cache | RSS self / max | verified | load |"
    );
    let _ = writeln!(
        s,
        "| --- | --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |"
    );
    for r in grouped(runs) {
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {:.1} | {:.2} | {} | {} / {} | {} | {:.2} → {:.2} |",
            r.case,
            algo_cell(r),
            r.jobs,
            r.outcome.word(),
            r.queries.real,
            r.queries.cached,
            r.queries.speculative,
            r.queries.unresolved,
            r.queries.syntax_rejected,
            r.tokens_cell(),
            r.output.non_whitespace_chars,
            r.output.bytes,
            r.wall_seconds,
            r.engine_seconds,
            bytes(r.peak_cache_bytes),
            bytes(r.peak_rss_self_bytes),
            bytes(r.peak_rss_bytes),
            verified(r),
            r.load_start[0],
            r.load_end[0],
        );
    }
    let _ = writeln!(s, "\nInputs:\n");
    let _ = writeln!(
        s,
        "| case | tokens | non-ws chars | bytes |\n| --- | ---: | ---: | ---: |"
    );
    let mut seen: Vec<&str> = Vec::new();
    for r in runs {
        if seen.contains(&r.case.as_str()) {
            continue;
        }
        seen.push(&r.case);
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} |",
            r.case,
            r.input.tokens.map_or("–".to_string(), |t| t.to_string()),
            r.input.non_whitespace_chars,
            r.input.bytes
        );
    }
}

fn cache_table(s: &mut String, runs: &[&RunRecord]) {
    let _ = writeln!(
        s,
        "Cumulative: baseline = content cache storing every outcome under the full text; then \
         store only not-interesting outcomes; then evict entries larger than a new result; \
         then SHA3-256 keys.\n"
    );
    let _ = writeln!(
        s,
        "| case | algorithm | -j | cache variant | outcome | peak cache | peak entries | real | cached | tokens | wall s | engine s | RSS self |"
    );
    let _ = writeln!(
        s,
        "| --- | --- | ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
    );
    for r in grouped(runs) {
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {:.1} | {:.2} | {} |",
            r.case,
            r.algorithm,
            r.jobs,
            r.variant,
            r.outcome.word(),
            bytes(r.peak_cache_bytes),
            r.peak_cache_entries,
            r.queries.real,
            r.queries.cached,
            r.tokens_cell(),
            r.wall_seconds,
            r.engine_seconds,
            bytes(r.peak_rss_self_bytes),
        );
    }
}

fn split_table(s: &mut String, runs: &[&RunRecord]) {
    let _ = writeln!(
        s,
        "ddmin with split factor ν, with and without the \"reduce to subset\" tests. Tests = \
         every test asked for (real + cached + syntax-rejected).\n"
    );
    let _ = writeln!(
        s,
        "| case | algorithm | -j | variant | outcome | tests | real | cached | tokens | non-ws chars | bytes | wall s |"
    );
    let _ = writeln!(
        s,
        "| --- | --- | ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
    );
    for r in grouped(runs) {
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {:.1} |",
            r.case,
            r.algorithm,
            r.jobs,
            r.variant,
            r.outcome.word(),
            r.queries.total_tests,
            r.queries.real,
            r.queries.cached,
            r.tokens_cell(),
            r.output.non_whitespace_chars,
            r.output.bytes,
            r.wall_seconds,
        );
    }
}

/// The runs grouped by case (cases in order of first appearance), each group in run order.
fn grouped<'a>(runs: &[&'a RunRecord]) -> Vec<&'a RunRecord> {
    let mut cases: Vec<&str> = Vec::new();
    for r in runs {
        if !cases.contains(&r.case.as_str()) {
            cases.push(&r.case);
        }
    }
    cases
        .iter()
        .flat_map(|c| runs.iter().filter(move |r| r.case == *c).copied())
        .collect()
}

fn algo_cell(r: &RunRecord) -> String {
    if r.variant.is_empty() {
        format!("`{}`", r.algorithm)
    } else {
        format!("`{}` [{}]", r.algorithm, r.variant)
    }
}

/// Whether the result passed the oracle again, and with `--verify-syntax`, how many of the
/// candidates sent to the oracle did not parse (0 expected).
fn verified(r: &RunRecord) -> String {
    let word = match (r.verified, r.outcome) {
        (Some(true), _) => "pass",
        (Some(false), _) => "FAIL",
        (None, Outcome::Error) => "–",
        (None, _) => "not run",
    };
    let c = &r.syntax_checks;
    if c.verified == 0 {
        return word.to_string();
    }
    format!("{word}; {} of {} invalid", c.verified_invalid, c.verified)
}

fn load(l: [f64; 3]) -> String {
    format!("{:.2} {:.2} {:.2}", l[0], l[1], l[2])
}

/// A byte count in B, KiB or MiB.
pub fn bytes(b: u64) -> String {
    if b >= 1 << 20 {
        format!("{:.1} MiB", b as f64 / (1u64 << 20) as f64)
    } else if b >= 1 << 10 {
        format!("{:.1} KiB", b as f64 / 1024.0)
    } else {
        format!("{b} B")
    }
}

/// Text made safe for a table cell.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::tests::sample;

    #[test]
    fn every_study_gets_its_table() {
        let mut results = Results::default();
        results.machine.cpu_model = "Test CPU".into();
        results.runs.push(sample("perses/a", "perses", 2, ""));
        let mut c = sample("perses/a", "hdd", 1, "+sha3 keys");
        c.study = Study::Cache;
        results.runs.push(c);
        let mut d = sample("jrts/b", "ddmin-lines", 1, "ν=3, no subsets");
        d.study = Study::Split;
        d.note = "a | note".into();
        results.runs.push(d);
        let mut e = sample("perses/a", "hdd*", 2, "");
        e.syntax_checks.verified = 9;
        e.syntax_checks.verified_invalid = 1;
        results.runs.push(e);
        let md = render(&results);
        assert!(md.contains("| pass; 1 of 9 invalid |"), "{md}");
        for needle in [
            "Test CPU",
            "## Reductions",
            "## Cache study",
            "## Split-factor study",
            "| perses/a | `perses` | 2 | ok | 100 | 5 | 3 | 0 | 7 | 12 | 40 | 50 | 10.0 | 1.90 | 4.0 KiB | 10.0 MiB / 20.0 MiB | pass | 1.00 → 1.50 |",
            "+sha3 keys",
            "ν=3, no subsets",
            "a \\| note",
        ] {
            assert!(md.contains(needle), "missing {needle}:\n{md}");
        }
    }

    #[test]
    fn byte_counts_read_well() {
        assert_eq!(bytes(512), "512 B");
        assert_eq!(bytes(2048), "2.0 KiB");
        assert_eq!(bytes(3 << 20), "3.0 MiB");
    }
}
