//! Which answers this person gave on this machine. A record is theirs when
//! aide wrote it here, for them, and their ledger says so: the record file
//! and the project's ledger are this user's and owner-only (as aide writes
//! every file), and the ledger holds the session's `decided` line. A record
//! forced into git and cloned, or copied in from elsewhere, is none of
//! these (git writes files others may read; the ledger never travels
//! with it): it is shown as "from the repository, not decided here", and
//! never stands for the person's decision (a precedent, a ruling).

use super::super::files::owner_only_and_ours;
use super::super::ledger::Event;
use crate::store::{DecisionStore, StoreError};
use app::SessionId;
use std::collections::HashSet;
use std::fs;

/// The answered sessions of a project that its person answered here.
#[derive(Debug, Default)]
pub struct DecidedHere(HashSet<SessionId>);

impl DecidedHere {
    /// Whether `session`'s record holds this person's own answers, given here.
    pub fn holds(&self, session: &SessionId) -> bool {
        self.0.contains(session)
    }
}

impl DecisionStore {
    /// The sessions whose records this person answered on this machine (see
    /// the module). A ledger that cannot be read, or is not theirs alone,
    /// proves none.
    pub fn decided_here(&self) -> Result<DecidedHere, StoreError> {
        let ledger = self.dir.join(super::super::ledger::LEDGER);
        match fs::symlink_metadata(&ledger) {
            Ok(meta) if meta.is_file() && owner_only_and_ours(&meta) => {}
            Ok(_) => return Ok(DecidedHere::default()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Ok(DecidedHere::default());
            }
            Err(e) => return Err(StoreError::read(ledger)(e)),
        }
        let mut here = HashSet::new();
        for entry in self.ledger()?.entries {
            if let Event::Decided { session_id } = entry.event {
                here.insert(session_id);
            }
        }
        here.retain(|session| {
            fs::symlink_metadata(self.dir.join(Self::record_name(session)))
                .is_ok_and(|meta| meta.is_file() && owner_only_and_ours(&meta))
        });
        Ok(DecidedHere(here))
    }
}
