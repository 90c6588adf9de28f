//! `servers/{session_id}.address`: the port and key a session's page was
//! last served with, kept after its server ends, so `aide decide serve`
//! can serve it again at the address the person was given (the link in
//! the chat opens again). Owner-only, as the notice that held the key.

use super::notices::{SERVERS, Secret, ServerInfo};
use crate::store::files::atomic::{create_owner_only_dir, to_pretty_json, write_atomic};
use crate::store::{DecisionStore, Servers, StoreError};
use app::SessionId;
use serde::{Deserialize, Serialize};

/// Where a session's page was served, to be served there again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeptAddress {
    pub port: u16,
    pub key: Secret,
}

impl DecisionStore {
    fn address_name(session: &SessionId) -> String {
        format!("{SERVERS}/{session}.address")
    }

    /// Keeps `info`'s port and key for its session. Best effort: without
    /// it a later serve only prints a new address.
    pub(in crate::store) fn keep_address(&self, info: &ServerInfo) {
        let Some(key) = info.key.clone() else { return };
        #[derive(Serialize)]
        struct VersionedAddress<'a> {
            version: app::validate::WrittenVersion,
            #[serde(flatten)]
            kept: &'a KeptAddress,
        }
        let kept = KeptAddress {
            port: info.addr.port(),
            key,
        };
        let dir = self.dir.join(SERVERS);
        let path = self.dir.join(Self::address_name(&info.session_id));
        let _ = create_owner_only_dir(&dir)
            .and_then(|()| {
                to_pretty_json(&VersionedAddress {
                    version: app::validate::WrittenVersion,
                    kept: &kept,
                })
            })
            .and_then(|bytes| write_atomic(&path, &bytes));
    }

    /// Forgets `session`'s address (`clean`).
    pub(in crate::store) fn forget_address(&self, session: &SessionId) -> Result<(), StoreError> {
        self.remove(&Self::address_name(session))
    }
}

impl Servers<'_> {
    /// The address `session`'s page was last served at, if it is kept and
    /// readable (a damaged file only costs the old address).
    pub fn kept_address(&self, session: &SessionId) -> Option<KeptAddress> {
        self.0
            .read_versioned(&DecisionStore::address_name(session))
            .ok()
            .flatten()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::decisions::tests::store;

    #[test]
    fn a_served_address_is_kept_owner_only_until_forgotten() {
        let (_dir, store) = store();
        let session: SessionId = "2025-01-15T10-30-00".parse().unwrap();
        assert_eq!(store.servers().kept_address(&session), None);
        let info = ServerInfo {
            pid: 7,
            session_id: session.clone(),
            url: "http://127.0.0.1:3725/?key=k".into(),
            addr: "127.0.0.1:3725".parse().unwrap(),
            started_at: app::Timestamp::parse("2025-01-15T10:30:00+08:00").unwrap(),
            key: Some(Secret::new("k".repeat(32))),
            relay: None,
        };
        store.keep_address(&info);
        let kept = store.servers().kept_address(&session).unwrap();
        assert_eq!(
            (kept.port, kept.key.expose()),
            (3725, "k".repeat(32).as_str())
        );
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let path = store.dir.join(DecisionStore::address_name(&session));
            let mode = std::fs::metadata(path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        store.forget_address(&session).unwrap();
        assert_eq!(store.servers().kept_address(&session), None);
    }
}
