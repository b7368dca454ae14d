#![no_main]
//! Free-form Fortran parser on arbitrary bytes.
mod common;
libfuzzer_sys::fuzz_target!(|data: &[u8]| common::check(&generated_example::Fortran, data));
