//! The time of day the rules of items read (issue 58: when nobody answers
//! an item in time), with a shift that only tests set.

use chrono::{DateTime, Local};
use std::sync::OnceLock;

/// Test only: whole seconds added to the clock that the items' rules read
/// (and that dates a record), so a test sees a rule fire without waiting
/// its minute. aide's own tests set it; nothing else should.
pub const TEST_SHIFT: &str = "AIDE_TEST_CLOCK_SHIFT";

/// Now, shifted by [`TEST_SHIFT`] when a test set it.
pub fn now() -> DateTime<Local> {
    static SHIFT: OnceLock<chrono::Duration> = OnceLock::new();
    let shift = SHIFT.get_or_init(|| {
        std::env::var(TEST_SHIFT)
            .ok()
            .and_then(|secs| secs.trim().parse::<i64>().ok())
            .and_then(chrono::Duration::try_seconds)
            .unwrap_or_default()
    });
    Local::now() + *shift
}
