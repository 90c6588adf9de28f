//! The `version` field every stored file carries (`"MAJOR.MINOR"`).
//!
//! A reader accepts its own major version with any minor version, and files
//! without the field (written by aide before versions existed, the format of
//! the spec's examples). A newer minor version may add fields: they are
//! tolerated when read and kept when the file is copied. A newer major
//! version is refused: only a newer aide can read it.

use super::raw::{RawField, Text};
pub use crate::model::{CURRENT_VERSION, FormatVersion, WrittenVersion};
use serde_json::Value;

/// The name of the field.
pub const VERSION_FIELD: &str = "version";

/// How a stored file's version relates to this aide's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compat {
    /// No `version` field: written before versions existed.
    Unversioned,
    /// This aide's major version, at this minor version or older.
    Current,
    /// Same major version, newer minor: unknown fields are expected.
    NewerMinor,
}

impl Compat {
    /// Whether fields this aide does not know are tolerated.
    pub fn tolerates_unknown_fields(self) -> bool {
        self == Compat::NewerMinor
    }
}

/// Why a file's version cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VersionError {
    /// The field is there but is not a `"MAJOR.MINOR"` string.
    Malformed(String),
    /// Written by a newer aide whose format this one cannot read.
    Newer(FormatVersion),
}

impl FormatVersion {
    /// Parses `"1.0"`; anything else is `None`.
    pub fn parse(text: &str) -> Option<Self> {
        let (major, minor) = text.split_once('.')?;
        let number = |part: &str| {
            (!part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()))
                .then(|| part.parse().ok())
                .flatten()
        };
        Some(FormatVersion {
            major: number(major)?,
            minor: number(minor)?,
        })
    }
}

impl FormatVersion {
    /// The one rule: how a file of this version is read by this aide.
    pub fn compat(self) -> Result<Compat, VersionError> {
        if self.major > CURRENT_VERSION.major {
            Err(VersionError::Newer(self))
        } else if self.major == CURRENT_VERSION.major && self.minor > CURRENT_VERSION.minor {
            Ok(Compat::NewerMinor)
        } else {
            Ok(Compat::Current)
        }
    }
}

/// Checks the `version` field of a stored file's top-level object.
pub fn check_version(value: &Value) -> Result<Compat, VersionError> {
    let Some(field) = value.get(VERSION_FIELD) else {
        return Ok(Compat::Unversioned);
    };
    field
        .as_str()
        .and_then(FormatVersion::parse)
        .ok_or_else(|| VersionError::Malformed(field.to_string()))?
        .compat()
}

/// The same check on a raw struct's `version` field.
pub(crate) fn compat(field: &RawField<Text<'_>>) -> Result<Compat, VersionError> {
    match field {
        RawField::Absent => Ok(Compat::Unversioned),
        RawField::Is(text) => FormatVersion::parse(text)
            .ok_or_else(|| VersionError::Malformed(Value::from(text.as_ref()).to_string()))?
            .compat(),
        RawField::Not(found) => Err(VersionError::Malformed(found.sketch())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn versions_are_read_by_major_and_minor() {
        assert_eq!(check_version(&json!({})), Ok(Compat::Unversioned));
        assert_eq!(
            check_version(&json!({"version": "1.0"})),
            Ok(Compat::Current)
        );
        assert_eq!(
            check_version(&json!({"version": "1.1"})),
            Ok(Compat::Current)
        );
        assert_eq!(
            check_version(&json!({"version": "0.9"})),
            Ok(Compat::Current)
        );
        assert_eq!(
            check_version(&json!({"version": "1.7"})),
            Ok(Compat::NewerMinor)
        );
        assert_eq!(
            check_version(&json!({"version": "2.0"})),
            Err(VersionError::Newer(FormatVersion { major: 2, minor: 0 }))
        );
        for bad in [
            json!(1),
            json!("1"),
            json!("1.x"),
            json!("v1.0"),
            json!("1.0.0"),
        ] {
            assert!(
                matches!(
                    check_version(&json!({ "version": bad })),
                    Err(VersionError::Malformed(_))
                ),
                "{bad} was accepted"
            );
        }
        assert_eq!(serde_json::to_string(&WrittenVersion).unwrap(), "\"1.5\"");
    }
}
