//! `.aide/cache/precedents.txt`: the question words of every item this
//! person answered here, and the pairs they said are not the same
//! question, for the page's precedents (its shape is the search's own,
//! `search/asked.rs`). Kept up to date from the ledger, which is only ever
//! appended to: the cache says how far into the ledger it has read, and a
//! reader reads only the lines since. So a page that starts reads one
//! small file and the ledger's tail, never every record's stamp (issue 56:
//! 10,000 records cost a page 200-320 ms that way). Only a cache: one
//! that is missing, damaged, or not this user's alone is made again.

use super::super::files::owner_only_and_ours;
use super::super::ledger::{Entry, LEDGER};
use crate::store::files::atomic::{create_owner_only_dir, write_atomic};
use crate::store::{Caches, DecisionStore, LedgerFile, Links, Records, StoreError, open_regular};
use app::SessionId;
use std::io::{Read, Seek, SeekFrom};
use std::path::PathBuf;

const PRECEDENT_CACHE: &str = "precedents.txt";

/// The ledger's lines since a point.
pub struct LedgerTail {
    /// The events of its whole lines, oldest first (a line that does not
    /// parse is passed over, as the ledger's reader does).
    pub entries: Vec<Entry>,
    /// Where the last whole line ends: where the next read starts.
    pub end: u64,
    /// The ledger is shorter than the point asked for (made again): these
    /// are its lines from the start.
    pub restarted: bool,
}

impl Caches<'_> {
    fn precedent_cache_path(&self) -> PathBuf {
        let aide = self.0.dir.parent().unwrap_or(&self.0.dir);
        aide.join("cache").join(PRECEDENT_CACHE)
    }

    /// The precedent cache's text, if there is one and it is this user's
    /// alone (one that came from elsewhere is never trusted).
    pub fn read_precedents(&self) -> Option<String> {
        let (mut file, meta) = open_regular(&self.precedent_cache_path(), Links::Refuse).ok()?;
        if !owner_only_and_ours(&meta) {
            return None;
        }
        let mut text = String::new();
        file.read_to_string(&mut text).ok()?;
        Some(text)
    }

    /// Replaces the precedent cache, atomically (owner-only).
    pub fn write_precedents(&self, text: &str) -> Result<(), StoreError> {
        let path = self.precedent_cache_path();
        if let Some(dir) = path.parent() {
            create_owner_only_dir(dir).map_err(StoreError::folder(dir))?;
        }
        write_atomic(&path, text.as_bytes()).map_err(StoreError::write(&path))
    }
}

impl LedgerFile<'_> {
    /// The ledger's whole lines from byte `from` on. `None` when the
    /// ledger is not this user's alone (it proves nothing); no ledger has
    /// no lines.
    pub fn since(&self, from: u64) -> Result<Option<LedgerTail>, StoreError> {
        let path = self.0.dir.join(LEDGER);
        let (mut file, meta) = match open_regular(&path, Links::Refuse) {
            Ok(opened) => opened,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Ok(Some(LedgerTail {
                    entries: Vec::new(),
                    end: 0,
                    restarted: from > 0,
                }));
            }
            Err(e) => return Err(StoreError::read(path)(e)),
        };
        if !owner_only_and_ours(&meta) {
            return Ok(None);
        }
        let restarted = meta.len() < from;
        let start = if restarted { 0 } else { from };
        file.seek(SeekFrom::Start(start))
            .map_err(StoreError::read(&path))?;
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes)
            .map_err(StoreError::read(&path))?;
        // A line still being written is read next time, whole.
        let whole = memchr::memrchr(b'\n', &bytes).map_or(0, |n| n + 1);
        let entries = String::from_utf8_lossy(&bytes[..whole])
            .lines()
            .filter(|line| !line.trim().is_empty())
            .filter_map(|line| serde_json::from_str::<Entry>(line).ok())
            .collect();
        Ok(Some(LedgerTail {
            entries,
            end: start + whole as u64,
            restarted,
        }))
    }
}

impl Records<'_> {
    /// Whether `session`'s record file is this user's alone (aide wrote it
    /// here): a record put in its place from elsewhere is not.
    pub fn is_ours(&self, session: &SessionId) -> bool {
        std::fs::symlink_metadata(self.0.dir.join(DecisionStore::record_name(session)))
            .is_ok_and(|meta| meta.is_file() && owner_only_and_ours(&meta))
    }
}
