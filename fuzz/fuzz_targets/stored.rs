//! Target 3: the files under `.aide/`, damaged (`server::fuzz::stored`).
#![no_main]

use server::fuzz::stored::Stored;
use std::sync::OnceLock;

static STORED: OnceLock<Stored> = OnceLock::new();

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    STORED.get_or_init(Stored::new).from_fuzzer(data);
});
