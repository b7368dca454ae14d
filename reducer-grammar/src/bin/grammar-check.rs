//! `grammar-check`: a grammar writer's loop without a rebuild. Takes a pest grammar through
//! the generator's pipeline ([`reducer_grammar::analyze`]: errors, warnings, rewrites, rules
//! without a minimal text), then parses files with the *normalized* grammar under `pest_vm`
//! (what `#[reducer]` compiles, interpreted), and prints one line per file that fails, with
//! its line, column and an excerpt, and a summary.
//!
//! ```text
//! grammar-check GRAMMAR.pest [--start RULE] [--quiet] [FILE ...]   (or file paths on stdin)
//! ```
//!
//! Exit status: 0 when every file parsed, 1 when some did not, 2 for a grammar error.

use std::io::BufRead;
use std::time::{Duration, Instant};

fn main() -> std::process::ExitCode {
    let mut args = std::env::args().skip(1);
    let Some(grammar) = args.next() else {
        eprintln!("usage: grammar-check GRAMMAR.pest [--start RULE] [--quiet] [FILE ...]");
        return std::process::ExitCode::from(2);
    };
    let (mut start, mut quiet, mut files) = (None, false, Vec::new());
    while let Some(a) = args.next() {
        match a.as_str() {
            "--start" => start = args.next(),
            "--quiet" => quiet = true,
            _ => files.push(a),
        }
    }
    if files.is_empty() {
        files = std::io::stdin()
            .lock()
            .lines()
            .map_while(Result::ok)
            .collect();
    }
    let text = match std::fs::read_to_string(&grammar) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("grammar-check: {grammar}: {e}");
            return std::process::ExitCode::from(2);
        }
    };
    let analysis = match reducer_grammar::analyze(&text, &grammar) {
        Ok(a) => a,
        Err(es) => {
            for e in es {
                eprintln!("{e}");
            }
            return std::process::ExitCode::from(2);
        }
    };
    let normalized = analysis.normalized.text();
    if !quiet {
        for line in normalized.lines().filter(|l| l.starts_with("// warning")) {
            eprintln!("{line}");
        }
        let missing: Vec<&str> = analysis
            .tables
            .rules
            .iter()
            .filter(|r| !r.hidden && r.min_text.is_none())
            .map(|r| r.name.as_str())
            .collect();
        if !missing.is_empty() {
            eprintln!("rules without a minimal text: {}", missing.join(", "));
        }
    }
    let Some(start) = start.or_else(|| analysis.default_start().map(str::to_string)) else {
        eprintln!("grammar-check: no start rule (name one with --start)");
        return std::process::ExitCode::from(2);
    };
    let optimized = match pest_meta::parse_and_optimize(&normalized) {
        Ok((_, o)) => o,
        Err(es) => {
            for e in es {
                eprintln!("{e}");
            }
            return std::process::ExitCode::from(2);
        }
    };
    let vm = pest_vm::Vm::new(optimized);
    let (mut ok, mut failed, mut slowest) = (0usize, 0usize, (Duration::ZERO, String::new()));
    for f in &files {
        let Ok(bytes) = std::fs::read(f) else {
            eprintln!("{f}: unreadable");
            failed += 1;
            continue;
        };
        let Ok(input) = String::from_utf8(bytes) else {
            println!("FAIL {f}: not UTF-8");
            failed += 1;
            continue;
        };
        pest::set_call_limit(std::num::NonZeroUsize::new(
            10_000_000 + 1_000 * input.len(),
        ));
        let t = Instant::now();
        let result = vm.parse(&start, &input);
        let took = t.elapsed();
        if took > slowest.0 {
            slowest = (took, f.clone());
        }
        match result {
            Ok(_) => ok += 1,
            Err(e) => {
                failed += 1;
                let (line, col) = match e.line_col {
                    pest::error::LineColLocation::Pos(p) => p,
                    pest::error::LineColLocation::Span(p, _) => p,
                };
                let excerpt: String = e.line().chars().take(100).collect();
                println!("FAIL {f}:{line}:{col}: {}", excerpt.trim_end());
            }
        }
    }
    println!(
        "{ok} parsed, {failed} failed; slowest {:.2} s ({})",
        slowest.0.as_secs_f64(),
        slowest.1
    );
    if failed == 0 {
        std::process::ExitCode::SUCCESS
    } else {
        std::process::ExitCode::from(1)
    }
}
