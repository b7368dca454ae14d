//! Tests of the command line: parsing, the test command, the resolved settings.
use super::*;

const C: Flavor = Flavor::Language {
    name: "C",
    extensions: &["c", "h"],
};

fn parse(flavor: Flavor, line: &str) -> Result<Args, clap::Error> {
    let argv = std::iter::once("reduce-c")
        .chain(line.split_whitespace())
        .map(OsString::from);
    Args::parse_from_argv("reduce-c", flavor, argv)
}

fn words(ws: &[&str]) -> Vec<OsString> {
    ws.iter().map(OsString::from).collect()
}

/// A file system where `*.sh` and `exe*` are executable and `missing*` does not exist.
fn fake(p: &Path) -> FileFacts {
    let name = p.to_string_lossy();
    let exists = !name.contains("missing");
    FileFacts {
        exists,
        is_file: exists,
        executable: exists && (name.ends_with(".sh") || name.contains("exe")),
    }
}

#[test]
fn input_then_test_with_its_own_options() {
    let a = parse(C, "bug.c -j 3 --test grep -q -j foo").unwrap();
    assert_eq!(a.files, [PathBuf::from("bug.c")]);
    assert_eq!(a.test, words(&["grep", "-q", "-j", "foo"]));
    assert_eq!(a.jobs, Some(3));
    let job = a.job_with(&["c"], &fake).unwrap();
    assert_eq!(job.inputs[0], PathBuf::from("bug.c"));
    assert_eq!(job.test, words(&["grep", "-q", "-j", "foo"]));
}

#[test]
fn a_long_option_of_ours_ends_the_test_command() {
    let a = parse(C, "--test ./t.sh arg --timeout 5 bug.c").unwrap();
    assert_eq!(a.test, words(&["./t.sh", "arg"]));
    assert_eq!(a.timeout, Some(5.0));
    assert_eq!(a.files, [PathBuf::from("bug.c")]);
    // Perses' spelling.
    let a = parse(C, "--test-script r.sh --input-file small.c").unwrap();
    assert_eq!(a.test, words(&["r.sh"]));
    assert_eq!(a.input, Some(PathBuf::from("small.c")));
    assert_eq!(
        a.job_with(&["c"], &fake).unwrap().inputs[0],
        PathBuf::from("small.c")
    );
    assert!(parse(C, "bug.c --test").is_err());
}

#[test]
fn a_double_dash_ends_the_test_command_and_is_not_passed_to_it() {
    let a = parse(C, "--test ./t.sh -- -rf.c").unwrap();
    assert_eq!(a.test, words(&["./t.sh"]));
    assert_eq!(a.files, [PathBuf::from("-rf.c")]);
    let job = a.job_with(&["c"], &fake).unwrap();
    assert_eq!(
        (job.inputs[0].clone(), job.test),
        (PathBuf::from("-rf.c"), words(&["./t.sh"]))
    );
    let a = parse(C, "bug.c --test grep -q x --").unwrap();
    assert_eq!(a.test, words(&["grep", "-q", "x"]));
}

#[test]
fn short_options_of_ours_after_the_test_are_found_from_the_clap_definition() {
    let cmd = Args::command();
    let found = |line: &str| misplaced_options(&words(&line.split(' ').collect::<Vec<_>>()), &cmd);
    assert_eq!(found("./t.sh -j 4 -a perses"), ["-j 4", "-a perses"]);
    assert_eq!(found("./t.sh -j8"), ["-j8"]);
    assert_eq!(found("./t.sh -o out.c"), ["-o out.c"]);
    assert_eq!(found("./t.sh -oout.c -q"), ["-oout.c", "-q"]);
    assert_eq!(
        found("./t.sh -vv -i x.c -h -V"),
        ["-vv", "-i x.c", "-h", "-V"]
    );
    // The program itself is never an option; what clap would refuse is not ours.
    assert_eq!(found("-j 4"), Vec::<String>::new());
    for test in [
        "make -j",
        "make -j all",
        "gcc -c -O2 -Wall -x c",
        "grep -e foo",
        "./t.sh -o",
    ] {
        assert_eq!(found(test), Vec::<String>::new(), "{test}");
    }
}

#[test]
fn test_then_input_takes_the_trailing_plain_file_as_input() {
    let a = parse(C, "--test ./t.sh bug.c").unwrap();
    let job = a.job_with(&["c"], &fake).unwrap();
    assert_eq!(job.inputs[0], PathBuf::from("bug.c"));
    assert_eq!(job.test, words(&["./t.sh"]));
    let a = parse(C, "--test grep -q missing_foo").unwrap();
    assert!(a.job_with(&["c"], &fake).is_err());
}

#[test]
fn creduce_order_and_ours_are_told_apart() {
    for line in ["test.sh bug.c", "bug.c test.sh"] {
        let job = parse(C, line).unwrap().job_with(&["c"], &fake).unwrap();
        assert_eq!(job.inputs[0], PathBuf::from("bug.c"), "{line}");
        assert_eq!(job.test, words(&["./test.sh"]), "{line}");
    }
    // Both executable: the language's extension marks the input; otherwise C-Reduce order.
    let job = parse(C, "exe.c exe_test")
        .unwrap()
        .job_with(&["c"], &fake)
        .unwrap();
    assert_eq!(job.inputs[0], PathBuf::from("exe.c"));
    let job = parse(C, "dir/exe1 exe2")
        .unwrap()
        .job_with(&["c"], &fake)
        .unwrap();
    assert_eq!(
        (job.inputs[0].clone(), job.test),
        (PathBuf::from("exe2"), words(&["dir/exe1"]))
    );
}

#[test]
fn a_missing_or_non_executable_script_is_named() {
    let e = parse(C, "missing.sh bug.c")
        .unwrap()
        .job_with(&["c"], &fake)
        .unwrap_err();
    assert!(e.contains("missing.sh: no such file"), "{e}");
    let plain = |p: &Path| FileFacts {
        executable: false,
        ..fake(p)
    };
    let e = parse(C, "bug.c check.py")
        .unwrap()
        .job_with(&["c"], &plain)
        .unwrap_err();
    assert!(e.contains("check.py is not executable"), "{e}");
    let e = parse(C, "a.c b.c")
        .unwrap()
        .job_with(&["c"], &plain)
        .unwrap_err();
    assert!(e.contains("neither"), "{e}");
    let e = parse(C, "bug.c")
        .unwrap()
        .job_with(&["c"], &fake)
        .unwrap_err();
    assert!(e.contains("no interestingness test"), "{e}");
}

#[test]
fn options_map_onto_the_engine() {
    let a = parse(
        C,
        "x.c --split-factor 3 --no-subset-tests --complement-order backward --cache config \
         --cache-all-outcomes --no-evict-larger --cache-full-keys --full-reparse \
         --verify-syntax --hoist-depth 0 --corpus corp --one-pass --no-nullability-pruning --timeout 0 \
         --seed 7 -a perses --test t.sh",
    )
    .unwrap();
    let dd = a.dd_options();
    assert_eq!(
        (
            dd.split_factor,
            dd.subset_tests,
            dd.complement_order,
            dd.seed
        ),
        (3, false, ComplementOrder::Backward, 7)
    );
    let c = a.cache_options();
    assert_eq!(
        (c.mode, c.only_not_interesting, c.evict_larger, c.hash_keys),
        (CacheMode::Config, false, false, false)
    );
    assert_eq!(a.session_options().syntax_check, SyntaxCheck::Full);
    assert!(a.session_options().verify_syntax);
    let o = a.algo_options();
    assert!(o.one_pass && !o.nullability_pruning && o.hoist_depth == 0);
    assert_eq!(o.gtr_filter, GtrFilter::Grammar);
    assert_eq!(a.gtr_filter_name(), "corpus:corp");
    assert!(
        a.learn_corpus(&crate::testing::Toy).is_err(),
        "no such folder"
    );
    assert_eq!(a.timeout(), Some(None));
    assert_eq!(a.algorithm_name(C), "perses");

    let d = parse(C, "x.c --test t.sh").unwrap();
    assert_eq!(d.cache_options(), CacheOptions::default());
    assert_eq!(d.session_options().syntax_check, SyntaxCheck::Local);
    assert!(!d.session_options().verify_syntax);
    assert_eq!(d.timeout(), None, "derived from the original");
    assert_eq!(d.algorithm_name(C), DEFAULT_ALGORITHM);
    assert!(d.jobs() >= 1);
    assert_eq!(d.dd_options(), DdOptions::default());
}

#[test]
fn jobs_take_creduce_s_spelling_and_are_bounded() {
    let a = parse(C, "x.c --n 4 --test t").unwrap();
    assert_eq!((a.jobs(), a.jobs_warning()), (4, None));
    // After --test, --n is ours too: it ends the test command.
    let a = parse(C, "x.c --test ./t.sh --n 3").unwrap();
    assert_eq!((a.test, a.jobs), (words(&["./t.sh"]), Some(3)));
    let a = parse(C, "x.c -j 100000 --test t").unwrap();
    assert_eq!(a.jobs(), MAX_JOBS);
    let w = a.jobs_warning().unwrap();
    assert!(w.contains("100000") && w.contains("256"), "{w}");
    assert!(parse(C, "x.c").unwrap().jobs() <= MAX_JOBS);
}

#[test]
fn the_parallel_mode_is_merge_above_two_jobs_unless_asked() {
    let mode = |line: &str| parse(C, line).unwrap().parallel();
    assert_eq!(mode("x.c -j 1 --test t"), Parallel::Exact);
    assert_eq!(mode("x.c -j 2 --test t"), Parallel::Exact);
    assert_eq!(mode("x.c -j 3 --test t"), Parallel::Merge);
    assert_eq!(mode("x.c -j 16 --parallel exact --test t"), Parallel::Exact);
    assert_eq!(mode("x.c -j 2 --parallel merge --test t"), Parallel::Merge);
    assert!(parse(C, "x.c --parallel fast --test t").is_err());
}

#[test]
fn conflicts_and_bad_values_are_usage_errors() {
    for line in [
        "x.c --in-place -o y --test t",
        "x.c --no-reparse --full-reparse --test t",
        "x.c --split-factor 1 --test t",
        "x.c -j 0 --test t",
        "x.c --timeout -1 --test t",
        "x.c -q -v --test t",
    ] {
        assert!(parse(C, line).is_err(), "{line}");
    }
}

#[test]
fn launcher_is_split_like_a_shell() {
    let a = parse(C, "x.c --test t").unwrap();
    assert_eq!(a.launcher().unwrap(), Vec::<String>::new());
    let a = Args {
        launcher: Some("srun -n1 --comment 'a b' \"c d\"".into()),
        ..a
    };
    assert_eq!(
        a.launcher().unwrap(),
        ["srun", "-n1", "--comment", "a b", "c d"]
    );
    let a = Args {
        launcher: Some("ssh 'host".into()),
        ..a
    };
    assert!(a.launcher().is_err());
}

#[test]
fn text_flavor_refuses_grammar_options() {
    assert!(parse(Flavor::Text, "x.txt --print-grammar").is_err());
    assert!(parse(Flavor::Text, "x.txt -a perses --test t").is_err());
    assert!(parse(Flavor::Text, "x.txt --seed 3 --test t").is_err());
    assert!(parse(Flavor::Text, "x.txt -a probdd --test t").is_err());
    let a = parse(Flavor::Text, "x.txt -a ddmin --test t").unwrap();
    assert_eq!(a.algorithm_name(Flavor::Text), TEXT_ALGORITHM);
    assert!(parse(C, "x.c --print-grammar").unwrap().print_grammar);
}

#[test]
fn program_checks_name_the_problem() {
    let e = check_program(&words(&["/nonexistent/t.sh"]), &[]).unwrap_err();
    assert!(e.contains("no such file"), "{e}");
    let e = check_program(&words(&["no-such-program-xyz"]), &[]).unwrap_err();
    assert!(e.contains("not found in PATH"), "{e}");
    assert!(check_program(&words(&["sh", "-c", "true"]), &[]).is_ok());
    // With a launcher, only the launcher is checked.
    assert!(check_program(&words(&["/remote/t.sh"]), &["env".to_string()]).is_ok());
    let dir = tempfile::tempdir().unwrap();
    let s = dir.path().join("t.sh");
    std::fs::write(&s, "exit 0\n").unwrap();
    let e = check_program(&[s.clone().into_os_string()], &[]).unwrap_err();
    assert!(e.contains("chmod +x"), "{e}");
}

#[test]
fn help_and_version_render() {
    let mut cmd = Args::command_for("reduce-c", C);
    let help = cmd.render_long_help().to_string();
    for needle in ["--test", "--in-place", "Exit status", "srun", "C-Reduce"] {
        assert!(help.contains(needle), "help lacks {needle}");
    }
    cmd.debug_assert();
    let text = Args::command_for("reduce-text", Flavor::Text)
        .render_help()
        .to_string();
    assert!(!text.contains("--print-grammar"));
}

#[test]
fn several_inputs_make_a_file_set_in_either_order() {
    let paths = |ps: &[&str]| ps.iter().map(PathBuf::from).collect::<Vec<_>>();
    for line in ["a.c b.h c.h --test ./t.sh", "-i a.c b.h c.h --test ./t.sh"] {
        let job = parse(C, line).unwrap().job_with(&["c"], &fake).unwrap();
        assert_eq!(job.inputs, paths(&["a.c", "b.h", "c.h"]), "{line}");
        assert_eq!(job.test, words(&["./t.sh"]));
    }
    // C-Vise's order: the script first.
    let job = parse(C, "t.sh a.c b.h")
        .unwrap()
        .job_with(&["c"], &fake)
        .unwrap();
    assert_eq!(job.inputs, paths(&["a.c", "b.h"]));
    assert_eq!(job.test, words(&["./t.sh"]));
    let e = parse(C, "a.c b.h c.h")
        .unwrap()
        .job_with(&["c"], &fake)
        .unwrap_err();
    assert!(e.contains("no interestingness test among"), "{e}");
}

#[test]
fn lang_takes_ext_equals_name_and_refuses_anything_else() {
    let a = parse(C, "--lang .inc=c --lang def=text a.c --test ./t.sh").unwrap();
    assert_eq!(
        a.ext_lang,
        [
            ("inc".to_string(), "c".to_string()),
            ("def".to_string(), "text".to_string())
        ]
    );
    for bad in ["--lang inc", "--lang =c", "--lang inc="] {
        assert!(
            parse(C, &format!("{bad} a.c --test ./t.sh")).is_err(),
            "{bad}"
        );
    }
    assert!(parse(Flavor::Text, "--lang inc=c a.c --test ./t.sh").is_err());
}

#[test]
fn run_builds_the_test_from_the_command_line() {
    let line = "bug.c --run 'gcc -O2 -c {}' --expect-stderr internal --expect-exit 4";
    let argv = shell_words::split(&format!("reduce-c {line}")).unwrap();
    let a = Args::parse_from_argv("reduce-c", C, argv.iter().map(OsString::from)).unwrap();
    let job = a.job_with(&["c"], &fake).unwrap();
    assert_eq!(job.inputs, [PathBuf::from("bug.c")]);
    assert_eq!(job.test, words(&["gcc", "-O2", "-c", "{}"]));
    let e = a.expectations().unwrap().unwrap();
    assert_eq!(e.exit, Some(4));
    assert_eq!(e.stderr.unwrap().as_str(), "internal");
    assert!(e.stdout.is_none() && e.signal.is_none() && !e.timeout);
    // Several inputs, any order of the options; signals by name or number.
    let a = parse(C, "--expect-signal SEGV a.c --run ./prog b.h").unwrap();
    assert_eq!(a.expect_signal, Some(11));
    assert_eq!(a.job_with(&["c"], &fake).unwrap().inputs.len(), 2);
    assert_eq!(
        parse(C, "a.c --run x --expect-signal sigabrt")
            .unwrap()
            .expect_signal,
        Some(6)
    );
    assert_eq!(
        parse(C, "a.c --run x --expect-exit -1")
            .unwrap()
            .expect_exit,
        Some(-1)
    );
    // Without --run, a script is what it always was.
    assert!(parse(C, "bug.c --test ./t.sh")
        .unwrap()
        .expectations()
        .unwrap()
        .is_none());
}

#[test]
fn a_built_test_refuses_what_makes_no_sense() {
    for line in [
        "bug.c --run x --test ./t.sh",
        "bug.c --test ./t.sh --run x",
        "bug.c --test=./t.sh --run x",
        "bug.c --expect-stderr x --test ./t.sh",
        "bug.c --expect-timeout",
        "bug.c --run x --expect-stderr (",
        "bug.c --run x --expect-signal SEGFAULT",
        "bug.c --run x --expect-exit one",
        "bug.c --run x --expect-timeout --timeout 0",
        "bug.c --run x --expect-timeout",
    ] {
        let e = parse(C, line).unwrap_err();
        assert_ne!(e.kind(), clap::error::ErrorKind::DisplayHelp, "{line}");
    }
    let e = parse(C, "bug.c --test ./t.sh --run x")
        .unwrap_err()
        .to_string();
    assert!(e.contains("--run and --test both give the test"), "{e}");
    let a = parse(C, "--run ./t.sh").unwrap();
    assert!(a.job_with(&["c"], &fake).unwrap_err().contains("no input"));
    let a = parse(C, "bug.c --run '").unwrap();
    assert!(a.job_with(&["c"], &fake).is_err());
}
