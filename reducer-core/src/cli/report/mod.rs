//! `--report FILE.html`: one self-contained page about a run, to look at rather than to
//! parse: the size over time and over queries (inline SVG plots), what each stage removed,
//! the original and the result side by side (lines the result keeps unmarked, the others
//! tinted), and the settings, the test included. It needs no network, no script and no font
//! file. Its figures are those of the `--stats` record.

mod diff;
pub mod plot;

use super::stats_json::{
    FileSize, Options, OracleRecord, PassRecord, Queries, Record, SetRecord, SizePoint, Times,
};
use std::collections::HashMap;
use std::ffi::OsString;
use std::fmt::Write as _;

/// The most bytes of each text the page shows (the rest is cut, with a note).
pub const MAX_SHOWN: usize = 256 * 1024;

/// One file of the run: where it came from and went, and both texts.
pub struct ReportFile<'a> {
    /// The input as given (for a set: its path relative to the others, as the sizes name it).
    pub input: String,
    /// Where its result is.
    pub output: String,
    /// How it was reduced (the `--stats` record's `grammar`), if known.
    pub grammar: Option<String>,
    /// The original.
    pub original: &'a [u8],
    /// The result.
    pub result: &'a [u8],
}

/// What the page shows: the `--stats` record's figures, the test and the texts.
pub struct Report<'a> {
    /// The program (`reduce-c`) and its version.
    pub tool: String,
    /// How the run ended (`success`, `interrupted`, …) and its exit status.
    pub status: String,
    /// The process's exit status.
    pub exit_code: u8,
    /// The algorithm's name.
    pub algorithm: &'a str,
    /// The options that shape the reduction (the built test included).
    pub options: &'a Options,
    /// The test command as run (a script and its arguments, or `--run`'s command).
    pub test: &'a [OsString],
    /// All inputs together, and all results.
    pub input: &'a FileSize,
    /// All results together.
    pub output: &'a FileSize,
    /// Test counts.
    pub queries: &'a Queries,
    /// The test's timeout, the runs that timed out, the guards' failures.
    pub oracle: &'a OracleRecord,
    /// Where the time went.
    pub time: &'a Times,
    /// What each stage did.
    pub passes: &'a [PassRecord],
    /// The size as it went down (for a set: each file's size, with its name).
    pub sizes: &'a [SizePoint],
    /// Each file, in the order of the run.
    pub files: Vec<ReportFile<'a>>,
}

impl<'a> Report<'a> {
    /// The page of a run on one file, from its `--stats` record.
    pub fn of_run(record: &'a Record, test: &'a [OsString], file: ReportFile<'a>) -> Report<'a> {
        Report {
            tool: format!("{} {}", record.tool.name, record.tool.version),
            status: record.status.clone(),
            exit_code: record.exit_code,
            algorithm: &record.algorithm,
            options: &record.options,
            test,
            input: &record.input,
            output: &record.output,
            queries: &record.queries,
            oracle: &record.oracle,
            time: &record.time,
            passes: &record.passes,
            sizes: &record.size_over_time,
            files: vec![file],
        }
    }

    /// The page of a run on a set of files, from its `--stats` record.
    pub fn of_set(
        record: &'a SetRecord,
        test: &'a [OsString],
        files: Vec<ReportFile<'a>>,
    ) -> Report<'a> {
        Report {
            tool: format!("{} {}", record.tool.name, record.tool.version),
            status: record.status.clone(),
            exit_code: record.exit_code,
            algorithm: &record.algorithm,
            options: &record.options,
            test,
            input: &record.input,
            output: &record.output,
            queries: &record.queries,
            oracle: &record.oracle,
            time: &record.time,
            passes: &record.passes,
            sizes: &record.size_over_time,
            files,
        }
    }

    /// The whole page.
    pub fn html(&self) -> String {
        let title = match self.files.as_slice() {
            [one] => format!("{}: {}", self.tool, one.input),
            files => format!("{}: {} files", self.tool, files.len()),
        };
        let mut h = String::new();
        let _ = write!(
            h,
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
             <title>{}</title><style>{STYLE}</style></head><body>\n<h1>{}</h1>\n",
            escape(&title),
            escape(&title)
        );
        let _ = writeln!(h, "<p class=\"headline\">{}</p>", escape(&self.headline()));
        h.push_str("<h2>Size</h2>\n<div class=\"plots\">");
        let totals = self.total_sizes();
        let by_time: Vec<(f64, f64)> = totals.iter().map(|t| (t.0, t.2)).collect();
        let by_query: Vec<(f64, f64)> = totals.iter().map(|t| (t.1, t.2)).collect();
        let queries_end = self.queries.real as f64;
        h.push_str(&plot::step_plot(
            "size over time",
            "seconds",
            "bytes",
            &by_time,
            self.time.wall_seconds,
        ));
        h.push_str(&plot::step_plot(
            "size over queries",
            "queries (oracle runs)",
            "bytes",
            &by_query,
            queries_end,
        ));
        h.push_str("</div>\n");
        self.stages(&mut h);
        self.settings(&mut h);
        self.texts(&mut h);
        h.push_str("</body></html>\n");
        h
    }

    /// One sentence: sizes before and after, share removed, queries, time, status.
    fn headline(&self) -> String {
        let (a, b) = (self.input, self.output);
        let removed = if a.bytes == 0 {
            0.0
        } else {
            100.0 * (a.bytes - b.bytes.min(a.bytes)) as f64 / a.bytes as f64
        };
        let tokens = match (a.tokens, b.tokens) {
            (Some(x), Some(y)) => format!(" ({x} → {y} tokens)"),
            _ => String::new(),
        };
        format!(
            "{} → {} bytes{tokens}, {removed:.1} % removed, with {} queries in {:.1} s; status: \
             {} (exit {}).",
            group(a.bytes as u64),
            group(b.bytes as u64),
            group(self.queries.real),
            self.time.wall_seconds,
            self.status,
            self.exit_code
        )
    }

    /// The total size after each recorded step: (seconds, queries, bytes). For a set of
    /// files the points are per file; the total adds each file's latest size.
    fn total_sizes(&self) -> Vec<(f64, f64, f64)> {
        let per_file = self.sizes.iter().any(|p| p.file.is_some());
        if !per_file {
            return self
                .sizes
                .iter()
                .map(|p| (p.seconds, p.queries as f64, p.bytes as f64))
                .collect();
        }
        let mut latest: HashMap<&str, usize> = self
            .files
            .iter()
            .map(|f| (f.input.as_str(), f.original.len()))
            .collect();
        let mut total: usize = latest.values().sum();
        let mut out = vec![(0.0, 0.0, total as f64)];
        for p in self.sizes {
            let Some(file) = p.file.as_deref() else {
                continue;
            };
            let before = latest.insert(file, p.bytes).unwrap_or(0);
            total = total.saturating_sub(before) + p.bytes;
            out.push((p.seconds, p.queries as f64, total as f64));
        }
        out
    }

    /// The table of stages with a bar for each one's share of the bytes removed.
    fn stages(&self, h: &mut String) {
        h.push_str("<h2>Stages</h2>\n");
        if self.passes.is_empty() {
            h.push_str("<p>No stage was recorded (a reduction on lines and characters).</p>\n");
            return;
        }
        let removed: u64 = self
            .passes
            .iter()
            .map(|p| p.bytes_removed)
            .sum::<u64>()
            .max(1);
        h.push_str(
            "<table><tr><th>stage</th><th>runs</th><th>queries</th><th>tokens removed</th>\
             <th>bytes removed</th><th>seconds</th><th>share of bytes removed</th></tr>\n",
        );
        for p in self.passes {
            let share = 100.0 * p.bytes_removed as f64 / removed as f64;
            let _ = writeln!(
                h,
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{:.2}</td>\
                 <td><span class=\"bar\" style=\"width:{:.0}px\"></span> {share:.1} %</td></tr>",
                escape(&p.name),
                group(p.runs),
                group(p.queries),
                group(p.tokens_removed),
                group(p.bytes_removed),
                p.seconds,
                2.0 * share
            );
        }
        h.push_str("</table>\n");
    }

    /// The settings: algorithm, jobs, timeout, the test, and the rest of the options.
    fn settings(&self, h: &mut String) {
        let o = self.options;
        let mut rows: Vec<(&str, String)> = vec![
            ("tool", self.tool.clone()),
            ("algorithm", self.algorithm.to_string()),
            ("jobs", format!("{} ({})", o.jobs, o.parallel)),
            ("timeout", timeout_row(self.oracle)),
        ];
        match &o.built_test {
            Some(b) => {
                rows.push(("test", format!("--run {}", shell_words(&b.run))));
                if let Some(e) = b.expect_exit {
                    rows.push(("--expect-exit", e.to_string()));
                }
                if let Some(s) = b.expect_signal {
                    rows.push(("--expect-signal", s.to_string()));
                }
                if b.expect_timeout {
                    rows.push(("--expect-timeout", "yes".to_string()));
                }
                if let Some(r) = &b.expect_stdout {
                    rows.push(("--expect-stdout", r.clone()));
                }
                if let Some(r) = &b.expect_stderr {
                    rows.push(("--expect-stderr", r.clone()));
                }
            }
            None if !o.compare.is_empty() => {
                let quoted: Vec<String> = o.compare.iter().map(|c| format!("'{c}'")).collect();
                rows.push(("test", format!("--compare {}", quoted.join(" "))));
            }
            None => {
                let words: Vec<String> = self
                    .test
                    .iter()
                    .map(|w| w.to_string_lossy().into_owned())
                    .collect();
                rows.push(("test", shell_words(&words)));
            }
        }
        if !o.launcher.is_empty() {
            rows.push(("launcher", shell_words(&o.launcher)));
        }
        rows.push(("cache", o.cache.clone()));
        if let Some(s) = &o.syntax_check {
            rows.push(("syntax check", s.clone()));
        }
        let q = self.queries;
        rows.push((
            "tests",
            format!(
                "{} queries ({} interesting), {} speculative, {} cached, {} syntax-rejected, {} unresolved; {} runs timed out",
                q.real, q.interesting, q.speculative, q.cached, q.syntax_rejected, q.unresolved,
                self.oracle.timed_out
            ),
        ));
        let oracle = self.oracle;
        if oracle.confirm > 1 || oracle.flakes > 0 {
            rows.push((
                "flakes",
                format!(
                    "{} ({:.2} % of the runs); confirmation level {}",
                    group(oracle.flakes),
                    100.0 * oracle.flake_rate,
                    oracle.confirm
                ),
            ));
        }
        for g in &self.oracle.guards {
            rows.push((
                "guard",
                format!("{}: failed {} runs", g.name, group(g.failed)),
            ));
        }
        rows.push((
            "time",
            format!(
                "{:.2} s wall, {:.2} s in the test, {:.2} s in the reducer alone",
                self.time.wall_seconds, self.time.oracle_seconds, self.time.engine_seconds
            ),
        ));
        h.push_str("<h2>Settings</h2>\n<table class=\"settings\">\n");
        for (k, v) in rows {
            let _ = writeln!(
                h,
                "<tr><th>{}</th><td><code>{}</code></td></tr>",
                escape(k),
                escape(&v)
            );
        }
        h.push_str("</table>\n");
    }

    /// Each file's original and result side by side.
    fn texts(&self, h: &mut String) {
        h.push_str("<h2>Original and result</h2>\n");
        for f in &self.files {
            let grammar = f
                .grammar
                .as_deref()
                .map_or(String::new(), |g| format!(", {g}"));
            let _ = writeln!(
                h,
                "<h3>{} ({} → {} bytes{}) → {}</h3>",
                escape(&f.input),
                group(f.original.len() as u64),
                group(f.result.len() as u64),
                escape(&grammar),
                escape(&f.output)
            );
            let (old, new) = (shown(f.original), shown(f.result));
            let (old_lines, new_lines): (Vec<&str>, Vec<&str>) =
                (old.0.lines().collect(), new.0.lines().collect());
            let marks = diff::common_lines(&old_lines, &new_lines);
            h.push_str("<div class=\"pair\">");
            for (name, (text, cut), lines, kept) in [
                ("original", &old, &old_lines, marks.as_ref().map(|m| &m.0)),
                ("result", &new, &new_lines, marks.as_ref().map(|m| &m.1)),
            ] {
                let _ = write!(h, "<div><h4>{name}</h4><pre>");
                let class = if name == "original" { "gone" } else { "new" };
                for (i, line) in lines.iter().enumerate() {
                    match kept {
                        // A block of its own: no line break after it.
                        Some(k) if !k[i] => {
                            let line = if line.is_empty() { " " } else { line };
                            let _ = write!(h, "<span class=\"{class}\">{}</span>", escape(line));
                        }
                        _ => {
                            let _ = writeln!(h, "{}", escape(line));
                        }
                    }
                }
                if text.is_empty() {
                    h.push_str("<i>(empty)</i>");
                }
                h.push_str("</pre>");
                if *cut > 0 {
                    let _ = write!(
                        h,
                        "<p class=\"note\">… {} more bytes not shown</p>",
                        group(*cut as u64)
                    );
                }
                h.push_str("</div>");
            }
            h.push_str("</div>\n");
        }
    }
}

/// The text the page shows of `bytes` (cut at [`MAX_SHOWN`], invalid UTF-8 replaced), and how
/// many bytes were cut.
fn shown(bytes: &[u8]) -> (String, usize) {
    let head = &bytes[..bytes.len().min(MAX_SHOWN)];
    (
        String::from_utf8_lossy(head).into_owned(),
        bytes.len() - head.len(),
    )
}

/// `words` as a shell would need them typed (quoted where needed), for reading.
fn shell_words(words: &[String]) -> String {
    words
        .iter()
        .map(|w| {
            let plain = !w.is_empty()
                && w.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%{}".contains(c));
            if plain {
                w.clone()
            } else {
                format!("'{}'", w.replace('\'', r"'\''"))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// An integer with thousands separators.
fn group(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `s` with the characters HTML gives a meaning escaped.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

const STYLE: &str = "body{font-family:sans-serif;margin:1.5em;color:#111;background:#fff;max-width:80em}\
h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.4em}h3{font-size:1em}h4{margin:.2em 0;font-size:.9em}\
.headline{font-size:1.05em}.plots{display:flex;flex-wrap:wrap;gap:1em}\
table{border-collapse:collapse}th,td{padding:.2em .6em;text-align:left;border-bottom:1px solid #e3e3e3}\
td{font-variant-numeric:tabular-nums}.settings th{font-weight:normal;color:#555}\
.bar{display:inline-block;height:.8em;background:#4c6ef5;vertical-align:middle}\
.pair{display:flex;gap:1em}.pair>div{flex:1;min-width:0}\
pre{background:#f8f8f8;border:1px solid #ddd;padding:.5em;overflow:auto;max-height:40em;font-size:.8em}\
.gone{background:#ffe3e3;display:block}.new{background:#d3f9d8;display:block}.note{color:#555;font-size:.85em}";

/// The timeout row: the timeout, and where it comes from.
fn timeout_row(o: &OracleRecord) -> String {
    match (o.timeout_seconds, o.original_seconds) {
        (None, _) => "none".to_string(),
        (Some(t), Some(original)) => {
            format!("{t:.1} s, derived from the original's run ({original:.2} s)")
        }
        (Some(t), None) => format!("{t} s"),
    }
}

#[cfg(test)]
mod tests;
