//! Moments in stored files: one type, one written form.

use chrono::{DateTime, FixedOffset, SecondsFormat};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// A moment with the offset it was recorded in, written the one way every
/// file aide stores writes it: ISO 8601 to the second, with the offset
/// (`2025-01-15T10:30:00+08:00`). Reads any RFC 3339 time (fractions of a
/// second, `Z`), as earlier releases and other tools write them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Timestamp(DateTime<FixedOffset>);

impl Timestamp {
    /// `at`, to the second.
    pub fn new(at: DateTime<FixedOffset>) -> Self {
        use chrono::Timelike;
        Timestamp(at.with_nanosecond(0).unwrap_or(at))
    }

    /// Parses RFC 3339 text; `None` for anything else.
    pub fn parse(text: &str) -> Option<Self> {
        DateTime::parse_from_rfc3339(text.trim())
            .ok()
            .map(Self::new)
    }

    /// The moment itself.
    pub fn get(self) -> DateTime<FixedOffset> {
        self.0
    }
}

impl fmt::Display for Timestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.to_rfc3339_opts(SecondsFormat::Secs, false))
    }
}

impl Serialize for Timestamp {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// A text that is no timestamp; the catalogue says what one looks like
/// (`crate::i18n`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimestampError;

impl std::error::Error for TimestampError {}

impl<'de> Deserialize<'de> for Timestamp {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        // serde's message carries the catalogue's words; what people read
        // is said where the error is reported, with the field's path.
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        Timestamp::parse(&text).ok_or_else(|| serde::de::Error::custom(TimestampError))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn written_to_the_second_with_the_offset_and_read_back() {
        let at = Timestamp::parse("2025-01-15T10:30:00.123456+08:00").expect("RFC 3339");
        assert_eq!(at.to_string(), "2025-01-15T10:30:00+08:00");
        assert_eq!(Timestamp::parse(&at.to_string()), Some(at));
        assert_eq!(
            Timestamp::parse("2025-01-15T02:30:00Z").map(|t| t.to_string()),
            Some("2025-01-15T02:30:00+00:00".into())
        );
        for bad in ["", "t", "2025-01-15 10:30", "2025-01-15T10-30-00"] {
            assert_eq!(Timestamp::parse(bad), None, "{bad}");
        }
        let json = serde_json::to_string(&at).expect("ser");
        assert_eq!(json, r#""2025-01-15T10:30:00+08:00""#);
        assert_eq!(serde_json::from_str::<Timestamp>(&json).expect("de"), at);
    }
}
