//! Target 1: `aide decide submit`'s input JSON (`server::fuzz::input`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| server::fuzz::input::input(data));
