use super::*;
use crate::cli::stats_json::BuiltTest;

fn point(seconds: f64, queries: u64, bytes: usize, file: Option<&str>) -> SizePoint {
    SizePoint {
        seconds,
        bytes,
        tokens: None,
        stage: Some("deletion".into()),
        file: file.map(str::to_string),
        queries,
    }
}

struct Fixture {
    options: Options,
    input: FileSize,
    output: FileSize,
    queries: Queries,
    oracle: OracleRecord,
    time: Times,
    passes: Vec<PassRecord>,
    sizes: Vec<SizePoint>,
    test: Vec<OsString>,
}

fn fixture() -> Fixture {
    Fixture {
        options: Options {
            jobs: 2,
            parallel: "exact".into(),
            timeout_seconds: Some(30.0),
            cache: "content".into(),
            ..Options::default()
        },
        input: FileSize {
            bytes: 40,
            ..FileSize::default()
        },
        output: FileSize {
            bytes: 10,
            ..FileSize::default()
        },
        queries: Queries {
            real: 12,
            ..Queries::default()
        },
        oracle: OracleRecord {
            timeout_seconds: Some(30.0),
            ..OracleRecord::default()
        },
        time: Times {
            wall_seconds: 2.0,
            ..Times::default()
        },
        passes: vec![
            PassRecord {
                name: "deletion".into(),
                runs: 1,
                queries: 9,
                bytes_removed: 24,
                ..PassRecord::default()
            },
            PassRecord {
                name: "rename <ids>".into(),
                runs: 1,
                queries: 3,
                bytes_removed: 6,
                ..PassRecord::default()
            },
        ],
        sizes: vec![
            point(0.0, 0, 40, None),
            point(0.5, 4, 25, None),
            point(1.5, 10, 10, None),
        ],
        test: vec!["./t.sh".into(), "it's".into()],
    }
}

fn report<'a>(f: &'a Fixture, files: Vec<ReportFile<'a>>) -> Report<'a> {
    Report {
        tool: "reduce-c 0.1.0".into(),
        status: "success".into(),
        exit_code: 0,
        algorithm: "pardis-hybrid+hoist",
        options: &f.options,
        test: &f.test,
        input: &f.input,
        output: &f.output,
        queries: &f.queries,
        oracle: &f.oracle,
        time: &f.time,
        passes: &f.passes,
        sizes: &f.sizes,
        files,
    }
}

const ORIGINAL: &[u8] = b"int a;\nint <b>;\nint main() { return a; }\n";
const RESULT: &[u8] = b"int a;\nint main(){}\n";

fn one_file() -> Vec<ReportFile<'static>> {
    vec![ReportFile {
        input: "bug.c".into(),
        output: "bug.c.reduced".into(),
        grammar: Some("C".into()),
        original: ORIGINAL,
        result: RESULT,
    }]
}

#[test]
fn the_page_holds_both_plots_the_stages_the_settings_and_the_texts() {
    let f = fixture();
    let page = report(&f, one_file()).html();
    assert!(page.starts_with("<!DOCTYPE html>") && page.ends_with("</html>\n"));
    // Two plots, each with its line.
    assert_eq!(page.matches("<svg ").count(), 2);
    assert_eq!(page.matches(plot::LINE).count(), 2);
    assert!(page.contains("size over time") && page.contains("size over queries"));
    // Stages, with HTML escaped.
    assert!(
        page.contains("rename &lt;ids&gt;"),
        "stage names are escaped"
    );
    assert!(page.contains("80.0 %") && page.contains("20.0 %"));
    // Settings: algorithm, jobs, timeout, the test as typed (quoted where needed).
    for s in [
        "pardis-hybrid+hoist",
        "2 (exact)",
        "30 s",
        "./t.sh &#39;it&#39;\\&#39;&#39;s&#39;",
    ] {
        assert!(page.contains(s), "{s} missing");
    }
    // The texts: the original's line the result lost is marked, a kept one is not.
    assert!(page.contains("<span class=\"gone\">int &lt;b&gt;;</span>"));
    assert!(page.contains("<span class=\"new\">int main(){}</span>"));
    assert!(!page.contains("<span class=\"gone\">int a;"));
    // Nothing is fetched: no script, no link, no remote address outside the SVG namespace.
    assert!(!page.contains("<script") && !page.contains("<link"));
    assert_eq!(
        page.matches("http").count(),
        page.matches("http://www.w3.org/2000/svg").count()
    );
}

#[test]
fn the_plots_follow_time_and_queries() {
    let f = fixture();
    let page = report(&f, one_file()).html();
    let paths: Vec<&str> = page
        .split("<path d=\"")
        .skip(1)
        .map(|p| &p[..p.find('"').unwrap()])
        .collect();
    assert_eq!(paths.len(), 2);
    // Same sizes, different x: over time the last step is at 1.5 s of 2; over queries at 10
    // of 12. Both end at the run's end, so their last moves differ from their steps.
    let by_time = plot::step_plot("", "", "", &[(0.0, 40.0), (0.5, 25.0), (1.5, 10.0)], 2.0);
    let by_query = plot::step_plot("", "", "", &[(0.0, 40.0), (4.0, 25.0), (10.0, 10.0)], 12.0);
    assert!(by_time.contains(paths[0]) && by_query.contains(paths[1]));
    assert_ne!(paths[0], paths[1]);
}

#[test]
fn a_built_test_is_shown_with_its_conditions() {
    let mut f = fixture();
    f.options.built_test = Some(BuiltTest {
        run: vec!["gcc".into(), "-c".into(), "{}".into()],
        expect_exit: None,
        expect_signal: Some(11),
        expect_timeout: false,
        expect_stdout: None,
        expect_stderr: Some("internal compiler error".into()),
    });
    let page = report(&f, one_file()).html();
    assert!(page.contains("--run gcc -c {}"));
    assert!(page.contains("--expect-stderr</th><td><code>internal compiler error"));
    assert!(page.contains("--expect-signal</th><td><code>11"));
}

#[test]
fn a_set_plots_the_total_of_its_files() {
    let mut f = fixture();
    // Two files of 30 and 10 bytes: a.c goes to 20, then b.c to 4, then a.c to 6.
    f.sizes = vec![
        point(0.0, 0, 40, None),
        point(0.4, 3, 20, Some("a.c")),
        point(0.9, 7, 4, Some("b.c")),
        point(1.2, 9, 6, Some("a.c")),
    ];
    let files = vec![
        ReportFile {
            input: "a.c".into(),
            output: "out/a.c".into(),
            grammar: Some("C".into()),
            original: &[b'x'; 30],
            result: b"xxxxxx",
        },
        ReportFile {
            input: "b.c".into(),
            output: "out/b.c".into(),
            grammar: Some("text".into()),
            original: &[b'y'; 10],
            result: b"yyyy",
        },
    ];
    let r = report(&f, files);
    let totals: Vec<f64> = r.total_sizes().iter().map(|t| t.2).collect();
    assert_eq!(totals, [40.0, 30.0, 24.0, 10.0]);
    let page = r.html();
    assert!(page.contains("reduce-c 0.1.0: 2 files"));
    assert!(page.contains("out/a.c") && page.contains("out/b.c"));
}

#[test]
fn long_texts_are_cut_with_a_note() {
    let f = fixture();
    let big = vec![b'z'; MAX_SHOWN + 1000];
    let files = vec![ReportFile {
        input: "big.txt".into(),
        output: "big.txt.reduced".into(),
        grammar: None,
        original: &big,
        result: b"z",
    }];
    let page = report(&f, files).html();
    assert!(page.contains("1,000 more bytes not shown"));
    assert!(page.len() < 2 * MAX_SHOWN);
}
