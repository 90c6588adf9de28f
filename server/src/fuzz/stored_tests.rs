//! The short run of target 3 (the long one is `bench/fuzz.sh`).

use super::stored::StoredProject;
use app::arbitrary::bytes::{garbled, hostile};
use proptest::prelude::*;
use proptest::test_runner::TestRunner;
use serde_json::Value;

#[test]
fn damaged_files() {
    let stored = StoredProject::new();
    // JSON files are spoiled as JSON too; the others (ledger lines, the
    // config's TOML) only garbled.
    let damaged = (0..stored.file_count()).prop_flat_map(|which| {
        let original = stored.original(which).to_vec();
        let bytes = match serde_json::from_slice::<Value>(&original) {
            Ok(value) => hostile(move || Just(value.clone())).boxed(),
            Err(_) => garbled(original).boxed(),
        };
        (Just(which), bytes)
    });
    let mut runner = TestRunner::new(super::config());
    runner
        .run(&damaged, |(which, bytes)| {
            stored.check(which, &bytes);
            Ok(())
        })
        .unwrap();
}

#[test]
fn the_fuzzers_bytes() {
    let stored = StoredProject::new();
    let mut runner = TestRunner::new(super::config());
    runner
        .run(&prop::collection::vec(any::<u8>(), 0..200), |data| {
            stored.from_fuzzer(&data);
            Ok(())
        })
        .unwrap();
}
