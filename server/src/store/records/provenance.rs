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
use crate::store::{DecisionStore, Records, StoreError};
use app::SessionId;
use std::collections::HashSet;
use std::fs;

/// The answered sessions of a project that its person answered here, and
/// the earlier decisions they said are not the same question as one asked
/// since (from the same ledger: only what they said here counts).
#[derive(Debug, Default)]
pub struct DecidedHere {
    sessions: HashSet<SessionId>,
    not_same: HashSet<(Vec<String>, SessionId, u32)>,
}

impl DecidedHere {
    /// Whether `session`'s record holds this person's own answers, given here.
    pub fn holds(&self, session: &SessionId) -> bool {
        self.sessions.contains(session)
    }

    /// Whether the person said item `item` of `session` is not the same
    /// question as one of the question words `question` (in any order).
    pub fn not_the_same(&self, question: &[String], session: &SessionId, item: u32) -> bool {
        !self.not_same.is_empty()
            && self
                .not_same
                .contains(&(question_key(question), session.clone(), item))
    }
}

/// A question's words as a set: sorted, each once.
pub fn question_key(question: &[String]) -> Vec<String> {
    let mut key = question.to_vec();
    key.sort();
    key.dedup();
    key
}

impl Records<'_> {
    /// The sessions whose records this person answered on this machine (see
    /// the module). A ledger that cannot be read, or is not theirs alone,
    /// proves none.
    pub fn decided_here(&self) -> Result<DecidedHere, StoreError> {
        let ledger = self.0.dir.join(super::super::ledger::LEDGER);
        match fs::symlink_metadata(&ledger) {
            Ok(meta) if meta.is_file() && owner_only_and_ours(&meta) => {}
            Ok(_) => return Ok(DecidedHere::default()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Ok(DecidedHere::default());
            }
            Err(e) => return Err(StoreError::read(ledger)(e)),
        }
        let mut here = DecidedHere::default();
        for entry in self.0.ledger().read()?.entries {
            match entry.event {
                Event::Decided { session_id } => {
                    here.sessions.insert(session_id);
                }
                Event::NotSame {
                    question,
                    precedent,
                    precedent_item,
                    ..
                } => {
                    here.not_same
                        .insert((question_key(&question), precedent, precedent_item));
                }
                _ => {}
            }
        }
        here.sessions.retain(|session| {
            fs::symlink_metadata(self.0.dir.join(DecisionStore::record_name(session)))
                .is_ok_and(|meta| meta.is_file() && owner_only_and_ours(&meta))
        });
        Ok(here)
    }
}
