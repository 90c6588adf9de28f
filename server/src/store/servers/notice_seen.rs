//! A live server's notice as a wait sees it: read again only when its
//! file changed.
//!
//! A wait looks at its session every 100 ms, and each look asks whether a
//! server still serves it (`server_for`): whether the notice's lock is
//! held (the liveness, which no file tells), then the notice itself. A
//! notice is written once, by renaming a new file over it, so while its
//! stamp is the one read, the server it names is the one read: an idle
//! wait costs the lock's check and a `stat`, not a read and a parse.

use super::notices::ServerInfo;
use crate::store::Servers;
use crate::store::{DecisionStore, FileStamp, StoreError};
use app::SessionId;

/// The notice of one session's server, as last read, with its file's stamp.
#[derive(Default)]
pub struct NoticeSeen {
    seen: Option<(SessionId, FileStamp, ServerInfo)>,
}

impl Servers<'_> {
    /// What [`Servers::for_session`] says, the notice of a live
    /// server read again only when its file changed since `seen` read it.
    pub fn seen(
        &self,
        session: &SessionId,
        seen: &mut NoticeSeen,
    ) -> Result<Option<ServerInfo>, StoreError> {
        let board = self.notice_board();
        let stem = session.to_string();
        let live = board
            .is_live(&stem)
            .map_err(StoreError::read(board.notice_path(&stem)))?;
        if live && let Some(info) = self.notice_seen(session, seen)? {
            return Ok(Some(info));
        }
        seen.seen = None;
        Ok(self
            .legacy_server()?
            .filter(|legacy| legacy.session_id == *session))
    }

    fn notice_seen(
        &self,
        session: &SessionId,
        seen: &mut NoticeSeen,
    ) -> Result<Option<ServerInfo>, StoreError> {
        let Some(stamp) = self.0.stamp(&DecisionStore::notice_name(session))? else {
            return Ok(None);
        };
        if let Some((known, at, info)) = &seen.seen
            && known == session
            && *at == stamp
        {
            return Ok(Some(info.clone()));
        }
        // Stamped before reading: a notice written in between is read
        // again at the next look.
        let info = self.read_notice(session)?;
        seen.seen = info.clone().map(|info| (session.clone(), stamp, info));
        Ok(info)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Secret;
    use crate::store::decisions::tests::store;
    use std::fs;

    fn info(pid: u32) -> ServerInfo {
        ServerInfo {
            pid,
            session_id: SESSION.parse::<SessionId>().unwrap(),
            url: "http://localhost:3721".into(),
            addr: "127.0.0.1:3721".parse().unwrap(),
            started_at: app::Timestamp::parse("2025-01-15T10:30:00+08:00").unwrap(),
            key: Some(Secret::new("k".into())),
            relay: Some(Secret::new("r".into())),
        }
    }

    const SESSION: &str = "2025-01-15T10-30-00";

    #[test]
    fn the_notice_is_read_again_only_when_its_file_changed_and_liveness_every_time() {
        let (dir, store) = store();
        let session = SESSION.parse::<SessionId>().unwrap();
        let mut seen = NoticeSeen::default();
        assert_eq!(store.servers().seen(&session, &mut seen).unwrap(), None);
        let live = store.servers().register(&info(42)).unwrap();
        assert_eq!(
            store.servers().seen(&session, &mut seen).unwrap(),
            Some(info(42))
        );

        // The notice rewritten in place, its length and time kept: not
        // read again (a read would find it damaged).
        let path = dir
            .path()
            .join(format!(".aide/decisions/servers/{SESSION}.json"));
        let before = fs::metadata(&path).unwrap();
        fs::write(&path, " ".repeat(usize::try_from(before.len()).unwrap())).unwrap();
        let file = fs::File::options().write(true).open(&path).unwrap();
        file.set_modified(before.modified().unwrap()).unwrap();
        drop(file);
        assert_eq!(
            store.servers().seen(&session, &mut seen).unwrap(),
            Some(info(42))
        );

        // The server gone: no server, whatever was read before.
        drop(live);
        assert_eq!(store.servers().seen(&session, &mut seen).unwrap(), None);
        // A new one is read.
        let again = store.servers().register(&info(43)).unwrap();
        assert_eq!(
            store.servers().seen(&session, &mut seen).unwrap(),
            Some(info(43))
        );
        drop(again);
    }
}
