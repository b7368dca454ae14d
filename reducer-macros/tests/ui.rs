//! Compile-fail tests: grammar problems and bad arguments give clear errors at useful spans.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
}
