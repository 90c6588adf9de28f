//! Which answers this person gave on this machine. A record is theirs when
//! aide wrote it here, for them, and their ledger says so: the record file
//! and the project's ledger are this user's and owner-only (as aide writes
//! every file), and the ledger holds the session's `decided` line. A record
//! forced into git and cloned, or copied in from elsewhere, is none of
//! these (git writes files others may read; the ledger never travels
//! with it): it is shown as "from the repository, not decided here", and
//! never stands for the person's decision (a precedent, a ruling).
//!
//! The ledger's part is kept by the precedent cache (`search/asked.rs`),
//! brought up to date from the ledger's new lines only, so a reader never
//! reads the whole ledger for it: what it proves is a [`DecidedHere`],
//! which history, search, granting and the page's precedents all ask. The
//! record file is checked again when asked ([`DecidedHere::holds`], or by
//! the metadata of the read that loads it, [`DecidedHere::holds_read`]):
//! one put in its place since is not theirs.

use super::super::files::owner_only_and_ours;
use crate::store::{DecisionStore, Links, StoreError, open_regular};
use app::SessionId;
use std::collections::HashSet;
use std::io::{ErrorKind, Read};

/// The answered sessions of a project whose `decided` line this person's
/// own ledger holds, their record theirs alone when it was read.
#[derive(Debug, Default)]
pub struct DecidedHere {
    sessions: HashSet<SessionId>,
}

impl DecidedHere {
    /// The proof that these sessions were answered here (the precedent
    /// cache's).
    pub fn new(sessions: HashSet<SessionId>) -> DecidedHere {
        DecidedHere { sessions }
    }

    /// Whether `session`'s record in `store` holds this person's own
    /// answers, given here: the ledger says so, and the record file is
    /// still theirs alone.
    pub fn holds(&self, store: &DecisionStore, session: &SessionId) -> bool {
        self.sessions.contains(session) && store.records().is_ours(session)
    }

    /// [`Self::holds`] for a record just read, `file_ours` as the read
    /// found its file ([`DecisionStore::read_bytes_owned`]): history reads
    /// every record, and a `stat` more of each cost it 10,000 calls.
    pub fn holds_read(&self, session: &SessionId, file_ours: bool) -> bool {
        file_ours && self.sessions.contains(session)
    }
}

impl DecisionStore {
    /// The bytes of `name` (`None` when it does not exist), and whether its
    /// file is this user's alone and no symlink, as `Records::is_ours`
    /// asks, told by the one open that reads it. A symlink is read where
    /// it leads, and is never theirs.
    pub(in crate::store) fn read_bytes_owned(
        &self,
        name: &str,
    ) -> Result<Option<(Vec<u8>, bool)>, StoreError> {
        let path = self.dir.join(name);
        match open_regular(&path, Links::Refuse) {
            Ok((mut file, meta)) => {
                let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
                file.read_to_end(&mut bytes)
                    .map_err(StoreError::read(&path))?;
                Ok(Some((bytes, owner_only_and_ours(&meta))))
            }
            Err(e) if e.kind() == ErrorKind::NotFound => Ok(None),
            Err(_) => Ok(self.read_bytes(name)?.map(|bytes| (bytes, false))),
        }
    }
}

/// A question's words as a set: sorted, each once.
pub fn question_key(question: &[String]) -> Vec<String> {
    let mut key = question.to_vec();
    key.sort();
    key.dedup();
    key
}
