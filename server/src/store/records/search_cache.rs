//! `.aide/cache/search.jsonl`: the words of every decided item, kept so a
//! search cuts each record's text once, not on every search (its shape is
//! the search's own, `search/index.rs`). Only a cache: a missing, damaged
//! or older one is made again from the records.

use crate::store::files::atomic::{create_owner_only_dir, write_atomic};
use crate::store::{Caches, DecisionStore, FileStamp, Links, Records, StoreError, open_regular};
use app::SessionId;
use std::path::PathBuf;

const SEARCH_CACHE: &str = "search.jsonl";
/// Larger than any cache of a project aide could hold: a file over it is
/// not read.
const MAX_CACHE_BYTES: u64 = 1 << 30;

impl Caches<'_> {
    fn cache_path(&self) -> PathBuf {
        let aide = self.0.dir.parent().unwrap_or(&self.0.dir);
        aide.join("cache").join(SEARCH_CACHE)
    }

    /// The search cache's bytes; `None` when there is none or it cannot be
    /// read (it is made again).
    pub fn read_search(&self) -> Option<Vec<u8>> {
        let path = self.cache_path();
        let (mut file, meta) = open_regular(&path, Links::Follow).ok()?;
        if meta.len() > MAX_CACHE_BYTES {
            return None;
        }
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut file, &mut bytes).ok()?;
        Some(bytes)
    }

    /// Replaces the search cache, atomically.
    pub fn write_search(&self, bytes: &[u8]) -> Result<(), StoreError> {
        let path = self.cache_path();
        if let Some(dir) = path.parent() {
            create_owner_only_dir(dir).map_err(StoreError::folder(dir))?;
        }
        write_atomic(&path, bytes).map_err(StoreError::write(&path))
    }
}

impl Records<'_> {
    /// Every record in the folder, by session id, with the stamp of its
    /// file (one that vanished meanwhile is left out).
    pub fn stamps(&self) -> Result<Vec<(SessionId, FileStamp)>, StoreError> {
        let mut stamps = Vec::new();
        for session in self.0.record_ids()? {
            if let Some(stamp) = self.0.stamp(&DecisionStore::record_name(&session))? {
                stamps.push((session, stamp));
            }
        }
        Ok(stamps)
    }
}
