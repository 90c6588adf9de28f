//! New session ids: `YYYY-MM-DDTHH-mm-ss`, unique within one folder.

use app::{SessionId, Timestamp};
use chrono::{DateTime, Local};

/// The id for a session started at `now`: the timestamp, or the timestamp
/// with `-2`, `-3`, … when `taken` says an earlier one is in use.
pub fn new_session_id(now: DateTime<Local>, taken: impl Fn(&SessionId) -> bool) -> SessionId {
    let stamp = now.format("%Y-%m-%dT%H-%M-%S").to_string();
    (1..=999_999u32)
        .map(|n| {
            if n == 1 {
                stamp.clone()
            } else {
                format!("{stamp}-{n}")
            }
        })
        .filter_map(|text| SessionId::parse(&text))
        .find(|id| !taken(id))
        .expect(
            "a four-digit year gives a parseable id, and a million ids per second are never taken",
        )
}

/// `now` as every stored file writes it.
pub fn timestamp(now: DateTime<Local>) -> Timestamp {
    Timestamp::new(now.fixed_offset())
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn ids_follow_the_spec_and_skip_taken_ones() {
        let now = Local.with_ymd_and_hms(2025, 1, 15, 10, 30, 0).unwrap();
        assert_eq!(
            new_session_id(now, |_| false).as_str(),
            "2025-01-15T10-30-00"
        );
        let taken = ["2025-01-15T10-30-00", "2025-01-15T10-30-00-2"];
        assert_eq!(
            new_session_id(now, |id| taken.contains(&id.as_str())).as_str(),
            "2025-01-15T10-30-00-3"
        );
        assert!(
            timestamp(now)
                .to_string()
                .starts_with("2025-01-15T10:30:00")
        );
    }
}
