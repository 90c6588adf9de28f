//! New session ids, and the moments ids and files name, with the local
//! offset: the one place the store turns local time into stored time.

use app::{SessionId, Timestamp};
use chrono::{DateTime, Local, TimeZone};

/// The id for a session started at `now`: the second, or the second with
/// `-2`, `-3`, … when `taken` says an earlier one is in use.
pub fn new_session_id(now: DateTime<Local>, taken: impl Fn(&SessionId) -> bool) -> SessionId {
    SessionId::new(now.naive_local())
        .expect("the clock reads a four-digit year")
        .and_later()
        .find(|id| !taken(id))
        .expect("a million ids per second are never taken")
}

/// `now` as every stored file writes it.
pub fn timestamp(now: DateTime<Local>) -> Timestamp {
    Timestamp::new(now.fixed_offset())
}

/// When `session` started: the local time its id names, with the offset
/// this machine had then (the earlier one when the clock was turned back
/// over it; a time the clock skipped is read as UTC).
pub fn started_at(session: &SessionId) -> Timestamp {
    let naive = session.at();
    let at = Local
        .from_local_datetime(&naive)
        .earliest()
        .unwrap_or_else(|| Local.from_utc_datetime(&naive));
    timestamp(at)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn ids_follow_the_spec_and_skip_taken_ones() {
        let now = Local.with_ymd_and_hms(2025, 1, 15, 10, 30, 0).unwrap();
        assert_eq!(
            new_session_id(now, |_| false).to_string(),
            "2025-01-15T10-30-00"
        );
        let taken = ["2025-01-15T10-30-00", "2025-01-15T10-30-00-2"];
        assert_eq!(
            new_session_id(now, |id| taken.contains(&id.to_string().as_str())).to_string(),
            "2025-01-15T10-30-00-3"
        );
        assert!(
            timestamp(now)
                .to_string()
                .starts_with("2025-01-15T10:30:00")
        );
    }

    #[test]
    fn an_id_starts_at_its_local_time_with_the_local_offset() {
        let session: SessionId = "2025-01-15T10-30-00-2".parse().unwrap();
        let at = started_at(&session);
        let local = Local.with_ymd_and_hms(2025, 1, 15, 10, 30, 0).unwrap();
        assert_eq!(at, timestamp(local));
        let text = at.to_string();
        assert!(text.starts_with("2025-01-15T10:30:00"), "{text}");
        // Always with an offset: `+hh:mm` after the seconds.
        assert_eq!(text.len(), "2025-01-15T10:30:00+08:00".len(), "{text}");
    }
}
