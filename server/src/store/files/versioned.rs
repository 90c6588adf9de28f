//! Reading a small stored file of aide's own shape: its `version` first
//! (a newer major version is refused, not misread), then its fields.

use crate::store::{DecisionStore, StoreError};
use app::i18n::Damage;
use serde::de::DeserializeOwned;

impl DecisionStore {
    /// `name` read as `T` once its version is one this aide reads; `None`
    /// when the file does not exist.
    pub(in crate::store) fn read_versioned<T: DeserializeOwned>(
        &self,
        name: &str,
    ) -> Result<Option<T>, StoreError> {
        let Some(value) = self.read_json(name)? else {
            return Ok(None);
        };
        file_version(name, &value)?;
        // Files only aide writes: a wrong field is named, not explained.
        crate::typed::typed(&value, |_| None)
            .map(Some)
            .map_err(|damage| StoreError::Corrupt {
                file: name.into(),
                damage,
            })
    }
}

/// The one step every stored file's reader takes first: its `version`
/// read by the one rule (`FormatVersion::compat`); a newer major version is
/// refused (`TooNew`), one that is no version says the file is damaged.
pub(in crate::store) fn file_version(
    name: &str,
    value: &serde_json::Value,
) -> Result<app::validate::Compat, StoreError> {
    use app::validate::VersionError;
    app::validate::check_version(value).map_err(|e| match e {
        VersionError::Newer(found) => StoreError::TooNew {
            file: name.into(),
            found,
        },
        VersionError::Malformed(found) => StoreError::Corrupt {
            file: name.into(),
            damage: Damage::Version { found },
        },
    })
}
