//! Target 2: the JSON and form bodies the page posts, against the
//! project's example inputs (`server::fuzz::bodies`).
#![no_main]

use app::DecideInput;
use std::sync::OnceLock;

static INPUTS: OnceLock<Vec<DecideInput>> = OnceLock::new();

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let inputs = INPUTS.get_or_init(server::fuzz::bodies::example_inputs);
    server::fuzz::bodies::from_fuzzer(inputs, data);
});
