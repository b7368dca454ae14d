//! `bench parse`: parse throughput and memory per input. Each file is parsed by its reducer
//! binary's `--parse-only` (which also prints the tree back and checks it byte for byte) in
//! a process of its own, so that the process's peak RSS is that file's.
//!
//! Throughput is the file's bytes over the process's CPU time (user + system: process start,
//! reading, parsing, printing back), which a loaded machine changes far less than wall time;
//! the parse's own wall time as `--parse-only` reports it is shown too. The memory figure is
//! the peak RSS over the file's bytes, next to the peak RSS of the same binary on a one-line
//! input (what the process costs before any parsing).

use crate::runner::{binary_for, Case};
use crate::spawn;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

/// One file's measurement.
#[derive(Debug)]
pub struct Row {
    /// The case or file name.
    pub name: String,
    /// Input bytes.
    pub bytes: u64,
    /// Nodes of the tree, as `--parse-only` reports them.
    pub nodes: Option<u64>,
    /// The parse's wall time as `--parse-only` reports it, in milliseconds.
    pub parse_ms: Option<f64>,
    /// CPU time of the whole process, in seconds.
    pub cpu_seconds: f64,
    /// Peak RSS of the process, in bytes.
    pub peak_rss: u64,
    /// Peak RSS of the same binary on a one-line input, in bytes.
    pub base_rss: u64,
}

impl Row {
    /// Input megabytes per CPU second.
    pub fn mb_per_s(&self) -> f64 {
        self.bytes as f64 / 1e6 / self.cpu_seconds.max(1e-6)
    }
    /// Peak RSS over the input's bytes.
    pub fn ratio(&self) -> f64 {
        self.peak_rss as f64 / self.bytes.max(1) as f64
    }
}

/// A one-line input each language's grammar accepts, for the process's baseline.
fn one_liner(binary: &str) -> (&'static str, &'static str) {
    match binary {
        "reduce-js" => ("js", "var x;\n"),
        "reduce-json" => ("json", "{}\n"),
        "reduce-java" => ("java", "class A {}\n"),
        "reduce-cpp" => ("cc", "int x;\n"),
        "reduce-go" => ("go", "package p\n"),
        "reduce-lua" => ("lua", "x = 1\n"),
        "reduce-rust" => ("rs", "fn f() {}\n"),
        "reduce-python" => ("py", "x = 1\n"),
        _ => ("c", "int x;\n"),
    }
}

/// Runs `binary --parse-only file`; the process's usage and its report line.
fn parse_only(
    bin_dir: &Path,
    binary: &str,
    file: &Path,
    log: &Path,
) -> Result<(spawn::Finished, String), String> {
    let mut cmd = Command::new(bin_dir.join(binary));
    cmd.arg("--parse-only").arg(file);
    let finished =
        spawn::run(cmd, log, None).map_err(|e| format!("{binary} {}: {e}", file.display()))?;
    let report = std::fs::read_to_string(log).unwrap_or_default();
    if finished.exit_code != Some(0) || !report.contains("printed back exactly") {
        return Err(format!(
            "{binary} --parse-only {} failed: {}",
            file.display(),
            report.trim()
        ));
    }
    Ok((finished, report))
}

/// The number before `word` in `text` (`1353377 nodes` → 1353377).
fn number_before(text: &str, word: &str) -> Option<f64> {
    let at = text.find(word)?;
    let before = text[..at].trim_end();
    let start = before
        .rfind(|c: char| !(c.is_ascii_digit() || c == '.'))
        .map_or(0, |i| i + 1);
    before[start..].parse().ok()
}

/// Measures every case's input and every extra file, one process each.
pub fn measure(
    cases: &[Case],
    files: &[PathBuf],
    bin_dir: &Path,
    scratch: &Path,
) -> Result<Vec<Row>, String> {
    std::fs::create_dir_all(scratch).map_err(|e| format!("{}: {e}", scratch.display()))?;
    let log = scratch.join("parse.log");
    let mut inputs: Vec<(String, PathBuf, &'static str)> = cases
        .iter()
        .map(|c| (c.name.clone(), c.input.clone(), c.binary))
        .collect();
    for f in files {
        let ext = f.extension().and_then(|e| e.to_str()).unwrap_or("");
        let binary = binary_for(ext)
            .ok_or_else(|| format!("{}: no reducer binary for .{ext} files", f.display()))?;
        inputs.push((f.display().to_string(), f.clone(), binary));
    }
    let mut base: Vec<(&'static str, u64)> = Vec::new();
    let mut rows = Vec::new();
    for (name, input, binary) in inputs {
        let base_rss = match base.iter().find(|(b, _)| *b == binary) {
            Some(&(_, rss)) => rss,
            None => {
                let (ext, text) = one_liner(binary);
                let small = scratch.join(format!("one-line.{ext}"));
                std::fs::write(&small, text).map_err(|e| e.to_string())?;
                let (f, _) = parse_only(bin_dir, binary, &small, &log)?;
                base.push((binary, f.maxrss_bytes));
                f.maxrss_bytes
            }
        };
        let bytes = std::fs::metadata(&input)
            .map_err(|e| format!("{}: {e}", input.display()))?
            .len();
        let (f, report) = parse_only(bin_dir, binary, &input, &log)?;
        let row = Row {
            name,
            bytes,
            nodes: number_before(&report, " nodes").map(|n| n as u64),
            parse_ms: number_before(&report, " ms"),
            cpu_seconds: f.user_seconds + f.sys_seconds,
            peak_rss: f.maxrss_bytes,
            base_rss,
        };
        eprintln!(
            "{}: {:.2} MB/s, peak RSS {:.1}× the input",
            row.name,
            row.mb_per_s(),
            row.ratio()
        );
        rows.push(row);
    }
    Ok(rows)
}

/// The rows as a Markdown table.
pub fn table(rows: &[Row]) -> String {
    let mut s = String::from(
        "| input | bytes | nodes | parse (wall) | CPU | MB/s (CPU) | peak RSS | base RSS | peak RSS / input | (peak − base) / input |\n\
         | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n",
    );
    let mb = |b: u64| format!("{:.1} MB", b as f64 / 1e6);
    for r in rows {
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {:.2} s | {:.2} | {} | {} | {:.1}× | {:.1}× |",
            r.name,
            r.bytes,
            r.nodes.map_or("–".to_string(), |n| n.to_string()),
            r.parse_ms
                .map_or("–".to_string(), |ms| format!("{ms:.0} ms")),
            r.cpu_seconds,
            r.mb_per_s(),
            mb(r.peak_rss),
            mb(r.base_rss),
            r.ratio(),
            r.peak_rss.saturating_sub(r.base_rss) as f64 / r.bytes.max(1) as f64
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_report_line_is_read() {
        let line = "x.c: parses: 1353377 nodes, 209577 tokens, 793470 bytes, printed back \
                    exactly; parse time 464.764 ms";
        assert_eq!(number_before(line, " nodes"), Some(1353377.0));
        assert_eq!(number_before(line, " ms"), Some(464.764));
        assert_eq!(number_before(line, " lines"), None);
    }
}
