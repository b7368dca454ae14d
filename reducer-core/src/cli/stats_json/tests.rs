//! The `--stats` record: its fields, its JSON shape, and what the engine's counters become.

use super::*;
use crate::cli::args::{Args, Flavor};
use crate::engine::stats::{PassStats, SessionStats};
use std::ffi::OsString;

fn record() -> Record {
    let argv = [
        "reduce-toy",
        "x.toy",
        "--launcher",
        "nice -n 1",
        "--test",
        "t",
    ];
    let args = Args::parse_from_argv(
        "reduce-toy",
        Flavor::Language {
            name: "Toy",
            extensions: &["toy"],
        },
        argv.iter().map(OsString::from),
    )
    .unwrap();
    let mut stats = Stats {
        queries: 7,
        cache_hits: 2,
        syntax_rejected: 1,
        verified: 5,
        verified_invalid: 1,
        ..Stats::default()
    };
    stats.record_size(10, 4);
    stats.record_size(3, 1);
    let pass = |name, queries, tokens_removed, bytes_removed, ms| PassStats {
        name,
        runs: 1,
        queries,
        rounds: 0,
        tokens_removed,
        bytes_removed,
        time: Duration::from_millis(ms),
    };
    let mut session = SessionStats::default();
    session.record_pass(pass("deletion", 5, 3, 7, 20));
    session.record_pass(pass("canonicalize", 2, 0, 2, 5));
    let mut later = SessionStats::default();
    later.record_pass(pass("deletion", 1, 0, 0, 5));
    session.absorb(later);
    Record {
        tool: Tool {
            name: "reduce-toy".into(),
            version: "0.1.0".into(),
        },
        language: Some("Toy".into()),
        grammar: Some("Toy after fallback".into()),
        status: "success".into(),
        exit_code: 0,
        input: FileSize::measure(Path::new("x.toy"), b"var a = 1;", Some(4)),
        output: FileSize::measure(Path::new("x.toy.reduced"), b" a ;\n", Some(1)),
        queries: queries(&stats),
        syntax_checks: syntax_checks(&stats, &session, Some(true)),
        time: times(
            Duration::from_secs(3),
            Duration::from_secs(2),
            Duration::from_secs(2),
        ),
        cache: cache(&CacheStats::default()),
        size_over_time: size_over_time(&stats, &[], true),
        algorithm: "pardis".into(),
        passes: passes(&session),
        options: Options::of(&args, true),
        oracle: OracleRecord {
            timeout_seconds: Some(3.0),
            timeout_derived: true,
            original_seconds: Some(0.2),
            runs: 9,
            timed_out: 2,
            guards: vec![GuardRecord {
                name: "--guard 'gcc -c {}'".into(),
                failed: 4,
            }],
            confirm: 2,
            flakes: 1,
            flake_rate: 1.0 / 9.0,
        },
    }
}

#[test]
fn json_has_every_field() {
    let v: serde_json::Value = serde_json::from_str(&record().to_json()).unwrap();
    for (section, fields) in [
        ("tool", &["name", "version"][..]),
        (
            "input",
            &["path", "bytes", "tokens", "non_whitespace_chars"],
        ),
        (
            "output",
            &["path", "bytes", "tokens", "non_whitespace_chars"],
        ),
        (
            "queries",
            &[
                "real",
                "interesting",
                "cached",
                "speculative",
                "unresolved",
                "not_run",
                "syntax_rejected",
                "total_tests",
            ],
        ),
        (
            "syntax_checks",
            &[
                "local",
                "full_parses",
                "seconds",
                "verified",
                "verified_invalid",
                "result_parses",
            ],
        ),
        (
            "time",
            &["wall_seconds", "oracle_seconds", "engine_seconds"],
        ),
        (
            "cache",
            &["lookups", "hits", "entries", "peak_bytes", "peak_entries"],
        ),
        (
            "options",
            &[
                "split_factor",
                "subset_tests",
                "complement_order",
                "cache",
                "syntax_check",
                "jobs",
                "timeout_seconds",
                "launcher",
            ],
        ),
    ] {
        for f in fields {
            assert!(v[section].get(*f).is_some(), "{section}.{f} missing");
        }
    }
    assert_eq!(v["grammar"], "Toy after fallback");
    for top in [
        "language",
        "grammar",
        "status",
        "exit_code",
        "size_over_time",
        "algorithm",
    ] {
        assert!(v.get(top).is_some(), "{top} missing");
    }
    assert_eq!(v["input"]["non_whitespace_chars"], 7);
    assert_eq!(v["output"]["non_whitespace_chars"], 2);
    assert_eq!(v["queries"]["total_tests"], 10);
    // Stages are merged by name, in the order they first ran.
    let p = &v["passes"];
    assert_eq!(p[0]["name"], "deletion");
    assert_eq!(p[0]["runs"], 2);
    assert_eq!(p[0]["queries"], 6);
    assert_eq!(p[0]["tokens_removed"], 3);
    assert_eq!(p[1]["name"], "canonicalize");
    assert_eq!(p[1]["bytes_removed"], 2);
    assert_eq!(p.as_array().unwrap().len(), 2);
    assert_eq!(v["syntax_checks"]["verified"], 5);
    assert_eq!(v["syntax_checks"]["verified_invalid"], 1);
    assert_eq!(v["syntax_checks"]["result_parses"], true);
    assert_eq!(v["time"]["engine_seconds"], 1.0);
    assert_eq!(v["size_over_time"][1]["tokens"], 1);
    assert_eq!(
        v["options"]["launcher"],
        serde_json::json!(["nice", "-n", "1"])
    );
    // Without --timeout, the options say nothing of it: the run fills in the derived one.
    assert_eq!(v["options"]["timeout_seconds"], serde_json::Value::Null);
    assert_eq!(v["oracle"]["timeout_seconds"], 3.0);
    assert_eq!(v["oracle"]["timeout_derived"], true);
    assert_eq!(v["oracle"]["original_seconds"], 0.2);
    assert_eq!(v["oracle"]["timed_out"], 2);
    assert_eq!(v["oracle"]["guards"][0]["name"], "--guard 'gcc -c {}'");
    assert_eq!(v["oracle"]["guards"][0]["failed"], 4);
    assert_eq!(v["oracle"]["confirm"], 2);
    assert_eq!(v["oracle"]["flakes"], 1);
}

#[test]
fn engine_time_is_never_negative() {
    let t = times(
        Duration::from_secs(1),
        Duration::from_secs(4),
        Duration::from_secs(4),
    );
    assert_eq!(t.engine_seconds, 0.0);
}
