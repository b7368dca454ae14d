#![no_main]
//! SMT-LIB 2 parser on arbitrary bytes.
mod common;
libfuzzer_sys::fuzz_target!(|data: &[u8]| common::check(&generated_example::Smt2, data));
