//! The version every stored file carries (`"MAJOR.MINOR"`), and the one
//! this aide writes. How a file of another version is read is
//! `crate::validate`'s (`check_version`).

use serde::{Serialize, Serializer};
use std::fmt;

/// A format version, `MAJOR.MINOR`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct FormatVersion {
    pub major: u32,
    pub minor: u32,
}

/// The version this aide writes. 1.1 added the kinds of answer (`multiple`,
/// `allow_other`, `allow_skip` on items; `chosen` arrays, `other` and
/// `skipped` in answers and drafts); 1.2 a record's `via` (where the
/// answers were given); 1.3 a record's `followed` (the precedents the
/// person took); 1.4 an option's `preview`, `diff`, `diff_file`, `image`
/// and `image_data` (what the person was shown besides its words); 1.5 an
/// item's `reversible` and `if_unanswered` (issue 58). Files of 1.0 to 1.4
/// read as they are.
pub const CURRENT_VERSION: FormatVersion = FormatVersion { major: 1, minor: 5 };

impl fmt::Display for FormatVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.major, self.minor)
    }
}

/// A field that always serialises as the current version; written first in
/// every stored file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WrittenVersion;

impl Serialize for WrittenVersion {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&CURRENT_VERSION)
    }
}
