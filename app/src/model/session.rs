//! Session ids: one typed value, one written form, one reader.

use chrono::{Datelike, NaiveDate, NaiveDateTime, NaiveTime, Timelike};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::num::NonZeroU32;
use std::str::FromStr;

/// A session: the second it was submitted (local time) and, when that
/// second was taken already, a counter from 2. Written
/// `YYYY-MM-DDTHH-mm-ss` with `-N` appended for the counter
/// (`2025-01-15T10-30-00-2`), which is also the name of its files: the
/// written form holds only digits, `-` and `T`, so it never names a path
/// outside its folder. Ids order by time, then counter (`-2` before `-10`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SessionId {
    /// Whole seconds, in a four-digit year.
    at: NaiveDateTime,
    /// 2 to [`SessionId::MAX_COUNTER`]; `None` for the second's first id.
    counter: Option<NonZeroU32>,
}

/// Text that is not a session id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SessionIdError;

impl SessionId {
    /// The highest counter: six digits.
    pub const MAX_COUNTER: u32 = 999_999;

    /// The first id of the second `at` falls in; `None` when its year has
    /// not four digits.
    pub fn new(at: NaiveDateTime) -> Option<Self> {
        let at = at.with_nanosecond(0)?;
        (0..=9999)
            .contains(&at.year())
            .then_some(SessionId { at, counter: None })
    }

    /// This id, then the later ones of its second (`-2`, `-3`, … up to
    /// `-999999`), for a new session that must not take an id in use.
    pub fn and_later(&self) -> impl Iterator<Item = SessionId> + use<> {
        let (at, from) = (self.at, self.counter.map_or(1, NonZeroU32::get));
        (from..=Self::MAX_COUNTER).map(move |n| SessionId {
            at,
            counter: NonZeroU32::new(n).filter(|n| n.get() > 1),
        })
    }

    /// The local time the id names (ids carry no offset).
    pub fn at(&self) -> NaiveDateTime {
        self.at
    }

    /// The counter, from 2; `None` for the second's first id.
    pub fn counter(&self) -> Option<NonZeroU32> {
        self.counter
    }
}

impl FromStr for SessionId {
    type Err = SessionIdError;

    /// The one reader of session ids: exactly the written form (digits
    /// where digits go, a real date and time, a counter from 2 without
    /// leading zeros), so every id reads back as the text it came from.
    fn from_str(text: &str) -> Result<Self, SessionIdError> {
        const SHAPE: &[u8; 19] = b"0000-00-00T00-00-00";
        let bytes = text.as_bytes();
        let (stamp, suffix) = bytes.split_at_checked(SHAPE.len()).ok_or(SessionIdError)?;
        let shaped = stamp.iter().zip(SHAPE).all(|(c, s)| match s {
            b'0' => c.is_ascii_digit(),
            other => c == other,
        });
        if !shaped {
            return Err(SessionIdError);
        }
        let number = |from: usize, to: usize| -> u32 {
            stamp[from..to]
                .iter()
                .fold(0, |n, digit| n * 10 + u32::from(digit - b'0'))
        };
        let year = i32::try_from(number(0, 4)).map_err(|_| SessionIdError)?;
        let date = NaiveDate::from_ymd_opt(year, number(5, 7), number(8, 10));
        let time = NaiveTime::from_hms_opt(number(11, 13), number(14, 16), number(17, 19));
        let at = date
            .zip(time)
            .map(|(d, t)| d.and_time(t))
            .ok_or(SessionIdError)?;
        let counter = match suffix {
            [] => None,
            [b'-', digits @ ..]
                if (1..=6).contains(&digits.len())
                    && digits.first() != Some(&b'0')
                    && digits.iter().all(u8::is_ascii_digit) =>
            {
                let n = digits.iter().fold(0, |n, d| n * 10 + u32::from(d - b'0'));
                Some(
                    NonZeroU32::new(n)
                        .filter(|n| n.get() > 1)
                        .ok_or(SessionIdError)?,
                )
            }
            _ => return Err(SessionIdError),
        };
        Ok(SessionId { at, counter })
    }
}

impl fmt::Display for SessionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = self.at;
        write!(
            f,
            "{:04}-{:02}-{:02}T{:02}-{:02}-{:02}",
            at.year(),
            at.month(),
            at.day(),
            at.hour(),
            at.minute(),
            at.second()
        )?;
        match self.counter {
            Some(n) => write!(f, "-{n}"),
            None => Ok(()),
        }
    }
}

impl std::error::Error for SessionIdError {}

impl Serialize for SessionId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for SessionId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(text: &str) -> SessionId {
        text.parse().expect("a session id")
    }

    #[test]
    fn the_written_form_reads_back_as_itself() {
        for text in [
            "2025-01-15T10-30-00",
            "2025-01-15T10-30-00-2",
            "2025-01-15T10-30-00-999999",
            "0000-01-01T00-00-00",
            "2024-02-29T23-59-59-10",
        ] {
            assert_eq!(id(text).to_string(), text);
            let json = serde_json::to_string(&id(text)).expect("written");
            assert_eq!(json, format!("\"{text}\""));
            assert_eq!(
                serde_json::from_str::<SessionId>(&json).expect("read"),
                id(text)
            );
        }
        let at = id("2025-01-15T10-30-00-3");
        assert_eq!(at.at().to_string(), "2025-01-15 10:30:00");
        assert_eq!(at.counter().map(NonZeroU32::get), Some(3));
    }

    #[test]
    fn sessions_order_by_time_then_counter() {
        let mut ids = [
            "2025-01-15T10-30-01",
            "2025-01-15T10-30-00-10",
            "2025-01-15T10-30-00",
            "2025-01-15T10-30-00-2",
            "2024-12-31T23-59-59-3",
        ]
        .map(id);
        ids.sort();
        assert_eq!(
            ids.map(|id| id.to_string()),
            [
                "2024-12-31T23-59-59-3",
                "2025-01-15T10-30-00",
                "2025-01-15T10-30-00-2",
                "2025-01-15T10-30-00-10",
                "2025-01-15T10-30-01",
            ]
        );
    }

    #[test]
    fn anything_but_the_written_form_is_refused() {
        for bad in [
            "",
            "../2025-01-15T10-30-00",
            "2025-01-15T10:30:00",
            "2025-01-15T10-30-00/..",
            "2025-01-15T10-30-00-",
            "2025-01-15T10-30-0x",
            "2025-13-15T10-30-00",
            "2025-02-30T10-30-00",
            "2025-01-15T24-00-00",
            "2025-01-15T23-59-60",
            "2025-01-15T10-30-00-1",
            "2025-01-15T10-30-00-02",
            "2025-01-15T10-30-00-0",
            "2025-01-15T10-30-00-1000000",
            "2025-01-15T10-30-00-+2",
            "+2025-01-15T10-30-00",
            " 2025-01-15T10-30-00",
            "2025-01-15T10-30-00 ",
        ] {
            assert_eq!(bad.parse::<SessionId>(), Err(SessionIdError), "{bad:?}");
            assert!(serde_json::from_value::<SessionId>(bad.into()).is_err());
        }
        assert!(serde_json::from_value::<SessionId>(7.into()).is_err());
    }

    #[test]
    fn new_ids_count_up_within_their_second() {
        let at = NaiveDate::from_ymd_opt(2025, 1, 15)
            .and_then(|d| d.and_hms_nano_opt(10, 30, 0, 123))
            .expect("a time");
        let first = SessionId::new(at).expect("a four-digit year");
        let ids: Vec<String> = first.and_later().take(3).map(|id| id.to_string()).collect();
        assert_eq!(
            ids,
            [
                "2025-01-15T10-30-00",
                "2025-01-15T10-30-00-2",
                "2025-01-15T10-30-00-3"
            ]
        );
        let tenth = id("2025-01-15T10-30-00-10");
        assert_eq!(tenth.and_later().next(), Some(tenth.clone()));
        assert_eq!(first.and_later().count(), 999_999);
        let far = NaiveDate::from_ymd_opt(10_000, 1, 1).and_then(|d| d.and_hms_opt(0, 0, 0));
        assert_eq!(far.and_then(SessionId::new), None);
    }
}
