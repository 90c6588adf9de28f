//! Reading a small stored file of aide's own shape: its `version` first
//! (a newer major version is refused, not misread), then its fields.

use super::{DecisionStore, StoreError};
use app::i18n::Damage;
use serde::de::DeserializeOwned;

impl DecisionStore {
    /// `name` read as `T` once its version is one this aide reads; `None`
    /// when the file does not exist.
    pub(super) fn read_versioned<T: DeserializeOwned>(
        &self,
        name: &str,
    ) -> Result<Option<T>, StoreError> {
        let Some(value) = self.read_json(name)? else {
            return Ok(None);
        };
        let corrupt = |damage| StoreError::Corrupt {
            file: name.into(),
            damage,
        };
        app::validate::check_version(&value).map_err(|e| match e {
            app::validate::VersionError::Newer(found) => StoreError::TooNew {
                file: name.into(),
                found,
            },
            app::validate::VersionError::Malformed(found) => corrupt(Damage::Version { found }),
        })?;
        // Files only aide writes: a wrong field is named, not explained.
        crate::typed::typed(&value, |_| None)
            .map(Some)
            .map_err(corrupt)
    }
}
