//! The text after the option list of `--help`: examples, the test's contract, exit statuses,
//! running the oracle through a launcher (Slurm).

use super::exit::Exit;
use super::flavor::Flavor;

/// The `after_help` text of `bin`.
pub fn after_help(bin: &str, flavor: Flavor) -> String {
    let ext = match flavor {
        Flavor::Language { extensions, .. } => extensions.first().copied().unwrap_or("txt"),
        Flavor::Text => "txt",
    };
    let f = format!("bug.{ext}");
    let mut s = String::new();
    s.push_str(&format!(
        "\
Examples:
  {bin} {f} --test ./check.sh
      reduce {f}; the result goes to {f}.reduced, {f} is left untouched
  {bin} ./check.sh {f} --in-place
      C-Reduce's order; {f} is rewritten (original saved as {f}.orig)
  {bin} {f} -o small.{ext} --test grep -q 'some error'
      any program with arguments can be the test
  {bin} {f} --run 'gcc -c {{}}' --expect-stderr 'internal compiler error'
      no script: the test runs a command ({{}} is the candidate) and checks its run
  {bin} {f} --ub-guard --compare 'sh -c \"gcc -O0 {{}} -o a && ./a\"' 'sh -c \"gcc -O2 {{}} -o b && ./b\"'
      a wrong-code bug: the two builds print different things, and no candidate with
      undefined behaviour counts (gcc's warnings as errors, then a sanitised build and run)
  {bin} {f} -j 8 --timeout 10 --stats run.json --test ./check.sh
      8 tests at once, each killed after 10 s; a JSON record of the run in run.json
  {bin} {f} --report run.html --test ./check.sh
      a page about the run (size plots, stages, original and result, settings) that opens
      offline in any browser
  {bin} main.{ext} util.{ext} -o small --test ./check.sh
      several files reduced together (each test gets all of them); results in small/
  {bin} project/ --test ./check.sh
      every file of a directory; results in project.reduced/
"
    ));
    if let Flavor::Language { .. } = flavor {
        s.push_str(&format!(
            "  {bin} --parse-only {f}
      check that the grammar reads the file and prints it back byte for byte
  {bin} --print-grammar
      the normalized grammar and what the reducer believes about each rule
  {bin} --list-algorithms
"
        ));
    }
    if let Flavor::Language { name, .. } = flavor {
        s.push_str(&format!(
            "
An input that does not parse:
  is reduced anyway. Where and why the {name} grammar rejects it is printed as a warning;
  then it is reduced with the structure grammar (brackets, strings, comments, words,
  statements: any text parses), and with the {name} grammar as soon as the result parses.
  Input that is not UTF-8 is first reduced byte by byte (ddmin on lines, then bytes), and
  every file written holds the exact bytes the test saw. The summary and --stats name the
  grammars used (\"{name}\", \"fallback\", \"{name} after fallback\", \"bytes\").
  --no-fallback refuses such inputs (exit status {parse}).
",
            parse = Exit::Parse.code()
        ));
    }
    s.push_str(&format!(
        "
The test:
  Each candidate is written under the input's file name ({f}) into a fresh temporary
  directory, which is the test's working directory; its absolute path is also passed as the
  last argument. So both C-Reduce-style scripts (`gcc -c {f} 2>&1 | grep -q 'internal
  compiler error'`) and picire-style ones (`grep -q ... \"$1\"`) work. $TMPDIR points into
  that directory (a private .tmp), so the scratch files of the tools the test runs go away
  with it, even when a run is killed. Exit status 0 means
  interesting; any other status, a timeout or a signal means not. The timeout is derived
  from the original's run time t as min(10 × t + 1 s, 300 s) (the original's own run may
  take 300 s), unless --timeout gives one; it bounds each run, all its commands together.
  --guard CMD (repeatable) and --ub-guard run before the test and must succeed for a
  candidate to count; --stats and the report count what each guard refused.
  A test that cannot be run at all (no disk space for the candidate, the script gone, its #!
  interpreter missing) is no answer: it is tried once more, then the reduction stops.
  With several files (or a directory), every file is written into that directory under
  its path relative to the others, and the last arguments are their paths (for a
  directory: the directory's copy); a file is reduced with the grammar its extension
  selects, or as text.
  The best result so far is always on disk (written atomically), so Ctrl-C loses nothing: the
  first Ctrl-C stops the reduction and keeps the best result, a second one quits at once.

Running the test elsewhere (--launcher):
  --launcher puts a command in front of every test run, e.g. on a Slurm cluster:
    {bin} {f} -j 32 --launcher 'srun --ntasks=1 --cpus-per-task=1 --quiet' --test ./check.sh
  or --launcher 'nice -n 10', --launcher 'ssh buildhost' (with a shared file system).

Exit status:
  {ok}    success: the result is interesting (and smaller, if anything could be removed)
  {usage}    usage or I/O error (bad option, missing file or test script, cannot write)
  {parse}    with --no-fallback: the input does not parse (or is not UTF-8) with this grammar
  {orig}    the original input is not interesting: nothing to reduce
  {flaky}    the final result is no longer interesting, nor an earlier one asked in its place
       (flaky test); the file is kept
  {not_run}    the test could not be run, even when tried again (no temporary directory or disk
       space, test program gone, its #! interpreter missing); the best result so far is kept
  {limit}    a run limit (--max-time, --max-queries) was reached; the best result so far is
       kept (and checked, as at the end of any run)
  {int}  interrupted (Ctrl-C or SIGTERM); the best result so far is kept
",
        ok = Exit::Success.code(),
        usage = Exit::Usage.code(),
        parse = Exit::Parse.code(),
        orig = Exit::NotInteresting.code(),
        flaky = Exit::Flaky.code(),
        not_run = Exit::TestNotRun.code(),
        limit = Exit::Limit.code(),
        int = Exit::Interrupted.code(),
    ));
    s
}
