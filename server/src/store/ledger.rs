//! `.aide/decisions/ledger.jsonl`: one JSON line per event, appended with a
//! single write, never rewritten. A reader skips lines it cannot parse (a
//! line cut short by a crash, or written by a newer aide).

use super::files::atomic::open_append;
use super::files::atomic::to_compact_line;
use super::{DecisionStore, StoreError};
use app::SessionId;
use app::validate::WrittenVersion;
use serde::{Deserialize, Serialize};
use std::io::{ErrorKind, Write};

pub(in crate::store) const LEDGER: &str = "ledger.jsonl";

/// What happened to a session.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// An agent submitted items (`pending.json` written).
    Submitted {
        session_id: SessionId,
        task: String,
        items: usize,
    },
    /// An unanswered session was overwritten by a newer submit.
    Replaced {
        session_id: SessionId,
        by: SessionId,
    },
    /// A server started serving the session's page.
    Served {
        session_id: SessionId,
        pid: u32,
        addr: String,
    },
    /// The person opened the page (logged once per server).
    Opened { session_id: SessionId },
    /// The page saved the answers so far.
    DraftSaved {
        session_id: SessionId,
        chosen: usize,
        notes: usize,
    },
    /// The answers were recorded.
    Decided { session_id: SessionId },
    /// The server's timeout passed before an answer.
    TimedOut { session_id: SessionId },
    /// The server was stopped by a signal before an answer.
    Stopped { session_id: SessionId },
    /// `aide decide clean` removed the session.
    Cleaned { session_id: SessionId },
    /// The agent withdrew the question (`aide decide cancel`).
    Withdrawn {
        session_id: SessionId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
    },
    /// The person said an earlier decision shown beside an item
    /// (`precedent`'s item `precedent_item`) is not the same question as
    /// the item's (`item`, whose question words are `question`): that
    /// pair is never offered again.
    NotSame {
        session_id: SessionId,
        item: u32,
        question: Vec<String>,
        precedent: SessionId,
        precedent_item: u32,
    },
    /// Standing rulings answered items at submit: every item (recorded, no
    /// page), or some (the page asks the rest).
    Ruled {
        session_id: SessionId,
        rulings: Vec<String>,
    },
    /// The person granted (or changed) a ruling from item `item` of the
    /// session's answers.
    RulingGranted {
        session_id: SessionId,
        item: u32,
        ruling: String,
        all_projects: bool,
    },
    /// The person revoked a ruling.
    RulingRevoked {
        session_id: SessionId,
        item: u32,
        ruling: String,
    },
    /// The person overturned what ruling `ruling` answered of item `item`
    /// of the open session: they answer it themselves.
    RulingOverturned {
        session_id: SessionId,
        item: u32,
        ruling: String,
    },
}

impl Event {
    pub fn session_id(&self) -> &SessionId {
        match self {
            Event::Submitted { session_id, .. }
            | Event::Replaced { session_id, .. }
            | Event::Served { session_id, .. }
            | Event::DraftSaved { session_id, .. }
            | Event::Decided { session_id }
            | Event::Opened { session_id }
            | Event::TimedOut { session_id }
            | Event::Stopped { session_id }
            | Event::Cleaned { session_id }
            | Event::Withdrawn { session_id, .. }
            | Event::NotSame { session_id, .. }
            | Event::Ruled { session_id, .. }
            | Event::RulingGranted { session_id, .. }
            | Event::RulingRevoked { session_id, .. }
            | Event::RulingOverturned { session_id, .. } => session_id,
        }
    }
}

#[derive(Serialize)]
struct LedgerLine<'a> {
    version: WrittenVersion,
    at: app::Timestamp,
    #[serde(flatten)]
    event: &'a Event,
}

/// One line read back.
#[derive(Clone, Debug, Deserialize)]
pub struct Entry {
    pub at: app::Timestamp,
    #[serde(flatten)]
    pub event: Event,
}

/// The ledger as read: its entries, and how many lines were skipped.
#[derive(Debug, Default)]
pub struct Ledger {
    pub entries: Vec<Entry>,
    pub skipped: usize,
}

/// The ledger's bytes ([`LedgerFile::text`]).
pub struct LedgerText(Vec<u8>);

impl LedgerText {
    /// Whether any line names `session`, in any field (a session id is
    /// written as a JSON string of digits, letters and hyphens, never
    /// escaped): more than its events' `session_id` (the session a later
    /// one replaced it by, a ruling's record), so an id is only ever
    /// counted used too often, never too seldom.
    pub fn names(&self, session: &SessionId) -> bool {
        let quoted = format!("\"{session}\"");
        memchr::memmem::find(&self.0, quoted.as_bytes()).is_some()
    }
}

/// The ledger of one store, `.aide/decisions/ledger.jsonl`
/// (`DecisionStore::ledger`).
#[derive(Clone, Copy, Debug)]
pub struct LedgerFile<'a>(pub(in crate::store) &'a DecisionStore);

impl LedgerFile<'_> {
    /// Appends `event` as one line, in one `write(2)` on a file opened
    /// with `O_APPEND`: lines of writers that do not hold the store lock
    /// (a page's opening) never interleave, and a writer killed by a
    /// signal leaves its line whole or absent (the SIGKILL test checks
    /// it). A short write (a full disk) is not finished by a second write,
    /// which another line may have preceded: its part is ended with a
    /// newline, so the next line starts on its own, and it is reported.
    pub fn log(&self, event: &Event) -> Result<(), StoreError> {
        let path = self.0.dir.join(LEDGER);
        let line = LedgerLine {
            version: WrittenVersion,
            at: super::pending::session::timestamp(chrono::Local::now()),
            event,
        };
        let bytes = to_compact_line(&line).map_err(StoreError::write(&path))?;
        let mut file = open_append(&path).map_err(StoreError::write(&path))?;
        let written = loop {
            match file.write(&bytes) {
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                other => break other.map_err(StoreError::write(&path))?,
            }
        };
        if written < bytes.len() {
            let _ = file.write(b"\n");
            return Err(StoreError::write(&path)(ErrorKind::WriteZero.into()));
        }
        Ok(())
    }

    /// The ledger's bytes as they are (none when it cannot be read), to
    /// ask whether it names a session ([`LedgerText::names`]) without
    /// reading its lines into events: a submit asks it of each new id, and
    /// parsing the lines of 10,000 sessions took it 10-20 ms.
    pub fn text(&self) -> LedgerText {
        LedgerText(crate::store::read_regular(&self.0.dir.join(LEDGER)).unwrap_or_default())
    }

    /// Every readable line, oldest first.
    pub fn read(&self) -> Result<Ledger, StoreError> {
        let path = self.0.dir.join(LEDGER);
        let text = match crate::store::read_regular(&path) {
            Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Err(e) if e.kind() == ErrorKind::NotFound => return Ok(Ledger::default()),
            Err(e) => return Err(StoreError::read(path)(e)),
        };
        let mut ledger = Ledger::default();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            match serde_json::from_str::<Entry>(line) {
                Ok(entry) => ledger.entries.push(entry),
                Err(_) => ledger.skipped += 1,
            }
        }
        Ok(ledger)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Project;
    use std::fs;

    #[test]
    fn the_text_names_a_session_in_any_field_never_one_it_only_begins() {
        let dir = tempfile::tempdir().unwrap();
        Project::init(dir.path()).unwrap();
        let store = Project::find(dir.path()).unwrap().decisions().unwrap();
        let id = |text: &str| text.parse::<SessionId>().unwrap();
        assert!(!store.ledger().text().names(&id("2025-01-15T10-30-00")));
        store
            .ledger()
            .log(&Event::Replaced {
                session_id: id("2025-01-15T10-30-00-2"),
                by: id("2025-01-15T10-30-01"),
            })
            .unwrap();
        let text = store.ledger().text();
        assert!(text.names(&id("2025-01-15T10-30-00-2")));
        assert!(text.names(&id("2025-01-15T10-30-01")));
        assert!(!text.names(&id("2025-01-15T10-30-00")));
    }

    #[test]
    fn events_are_appended_as_lines_and_read_back_skipping_torn_ones() {
        let dir = tempfile::tempdir().unwrap();
        Project::init(dir.path()).unwrap();
        let store = Project::find(dir.path()).unwrap().decisions().unwrap();
        let id = "2025-01-15T10-30-00".parse::<SessionId>().unwrap();
        store
            .ledger()
            .log(&Event::Submitted {
                session_id: id.clone(),
                task: "t".into(),
                items: 2,
            })
            .unwrap();
        store
            .ledger()
            .log(&Event::Decided {
                session_id: id.clone(),
            })
            .unwrap();
        let path = dir.path().join(".aide/decisions/ledger.jsonl");
        let text = fs::read_to_string(&path).unwrap();
        let first = text.lines().next().unwrap();
        assert!(
            first.starts_with(r#"{"version":"1.5","at":""#)
                && first.ends_with(r#"","event":"submitted","session_id":"2025-01-15T10-30-00","task":"t","items":2}"#),
            "{first}"
        );
        // A line cut short by a crash, and an event of a newer aide.
        let mut file = fs::OpenOptions::new().append(true).open(&path).unwrap();
        file.write_all(b"{\"version\":\"1.0\",\"at\":\"x\",\"event\":\"deci")
            .unwrap();
        file.write_all(
            b"\n{\"at\":\"x\",\"event\":\"teleported\",\"session_id\":\"2025-01-15T10-30-00\"}\n",
        )
        .unwrap();
        store
            .ledger()
            .log(&Event::Cleaned {
                session_id: id.clone(),
            })
            .unwrap();
        let ledger = store.ledger().read().unwrap();
        let events: Vec<_> = ledger.entries.iter().map(|e| e.event.clone()).collect();
        assert_eq!(events.len(), 3);
        assert_eq!(events[2], Event::Cleaned { session_id: id });
        assert_eq!(ledger.skipped, 2);
    }
}
