//! The short run of target 1 (the long one is `bench/fuzz.sh`).

use super::input::input;
use app::arbitrary::bytes::hostile;
use app::arbitrary::valid_input;
use proptest::prelude::*;

proptest! {
    #![proptest_config(super::config())]

    #[test]
    fn submit_input(bytes in hostile(valid_input)) {
        input(&bytes);
    }
}

#[test]
fn the_examples_and_inputs_a_hostile_agent_writes() {
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let long = format!(
        r#"{{"task":"{}","source":"s","items":[]}}"#,
        "x".repeat(1 << 20)
    );
    let cases: Vec<&[u8]> = vec![
        include_bytes!("../../../examples/auth.json"),
        include_bytes!("../../../examples/cache.json"),
        include_bytes!("../../../examples/choices.json"),
        deep.as_bytes(),
        long.as_bytes(),
        b"",
        b"\xff\xfe{}",
        br#"{"task":"t","source":"s","items":[{"id":4294967296,"title":"t","options":[]}]}"#,
        br#"{"task":"\u001b[2J","source":"s","items":[{"id":1e999}]}"#,
        br#"{"task":"t","source":"s","items":[{"id":1,"title":"t","location":{"file":"/etc/passwd","start":4294967295,"end":1},"options":[{"value":"a","label":"a"},{"value":"a","label":"b"}]}]}"#,
    ];
    for case in cases {
        input(case);
    }
}
