use super::{DecideInput, DecideOutput};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The `_meta` block that `aide` adds to a stored input.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Meta {
    /// When the session was submitted (ISO 8601 with offset).
    pub created_at: String,
    /// The session's id, also the name of its record file.
    pub session_id: SessionId,
}

/// A session id of the form `YYYY-MM-DDTHH-mm-ss`, with `-N` appended when
/// two sessions start within one second. Safe to use as a file name.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String")]
pub struct SessionId(String);

/// `pending.json`: the input being decided, with its `_meta`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Pending {
    #[serde(flatten)]
    pub input: DecideInput,
    #[serde(rename = "_meta")]
    pub meta: Meta,
}

/// `{session_id}.json`: what was asked, what was answered, and when.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DecisionRecord {
    pub input: Pending,
    pub output: DecideOutput,
    pub completed_at: String,
}

impl SessionId {
    /// Accepts `YYYY-MM-DDTHH-mm-ss` optionally followed by `-N`.
    pub fn parse(text: &str) -> Option<Self> {
        let bytes = text.as_bytes();
        let shape = b"0000-00-00T00-00-00";
        if bytes.len() < shape.len() {
            return None;
        }
        let (stamp, suffix) = bytes.split_at(shape.len());
        let stamp_ok = stamp.iter().zip(shape).all(|(c, s)| match s {
            b'0' => c.is_ascii_digit(),
            other => c == other,
        });
        let suffix_ok = match suffix {
            [] => true,
            [b'-', rest @ ..] => {
                !rest.is_empty() && rest.len() <= 6 && rest.iter().all(u8::is_ascii_digit)
            }
            _ => false,
        };
        (stamp_ok && suffix_ok).then(|| SessionId(text.to_owned()))
    }

    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for SessionId {
    type Error = String;
    fn try_from(text: String) -> Result<Self, String> {
        SessionId::parse(&text).ok_or_else(|| format!("{text:?} is not a session id"))
    }
}

impl fmt::Display for SessionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::SessionId;

    #[test]
    fn session_id_accepts_the_spec_form_and_a_counter() {
        assert!(SessionId::parse("2025-01-15T10-30-00").is_some());
        assert!(SessionId::parse("2025-01-15T10-30-00-2").is_some());
    }

    #[test]
    fn session_id_refuses_anything_that_could_escape_a_folder() {
        for bad in [
            "",
            "../2025-01-15T10-30-00",
            "2025-01-15T10:30:00",
            "2025-01-15T10-30-00/..",
            "2025-01-15T10-30-00-",
            "2025-01-15T10-30-0x",
        ] {
            assert!(SessionId::parse(bad).is_none(), "{bad:?} was accepted");
        }
    }
}
