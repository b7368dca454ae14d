#![no_main]
//! Fixed-form Fortran parser on arbitrary bytes.
mod common;
libfuzzer_sys::fuzz_target!(|data: &[u8]| common::check(&generated_example::FortranFixed, data));
