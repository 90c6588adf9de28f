//! The draft as a wait sees it: read again only when its file changed.
//!
//! `aide decide result --wait` and the MCP tools' waits look at a session
//! every 100 ms; each look wants the draft (how many items are answered,
//! which the person said to decide later). Every save replaces the draft
//! by renaming a new file over it, so while its stamp (device, inode,
//! size, time) is the one read, the draft is the one parsed: an idle wait
//! costs one `stat` of it, not a read and a parse.

use crate::store::{DecisionStore, FileStamp};
use app::{Draft, Pending, SessionId};

/// The draft of one session, as last read, with the stamp of its file
/// (`None`: no file). Unreadable counts as none (the page reports it).
#[derive(Default)]
pub struct DraftSeen {
    seen: Option<LastRead>,
}

struct LastRead {
    session: SessionId,
    stamp: Option<FileStamp>,
    draft: Option<Draft>,
}

impl DraftSeen {
    /// The draft of `pending` now: from memory while its file has the
    /// stamp it was read with, else read again.
    pub fn draft(&mut self, store: &DecisionStore, pending: &Pending) -> Option<&Draft> {
        let session = &pending.meta.session_id;
        let Ok(stamp) = store.stamp(&DecisionStore::draft_name(session)) else {
            self.seen = None;
            return None;
        };
        let known = self
            .seen
            .as_ref()
            .is_some_and(|seen| seen.session == *session && seen.stamp == stamp);
        if !known {
            // Stamped before reading: a save in between leaves a newer
            // draft under an older stamp, read again at the next look.
            let draft = match stamp {
                Some(_) => store.records().load_draft(pending).ok().flatten(),
                None => None,
            };
            self.seen = Some(LastRead {
                session: session.clone(),
                stamp,
                draft,
            });
        }
        self.seen.as_ref().and_then(|seen| seen.draft.as_ref())
    }

    /// Forgets the draft: the session's input may have changed.
    pub fn forget(&mut self) {
        self.seen = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::decisions::tests::{at, example, store};
    use std::fs;

    #[test]
    fn the_draft_is_read_again_only_when_its_file_changed() {
        let (dir, store) = store();
        let lock = store.lock().unwrap();
        let (pending, _) = store.pending().save(&lock, example(), at(0)).unwrap();
        let mut seen = DraftSeen::default();
        assert!(seen.draft(&store, &pending).is_none(), "no draft yet");
        let one = serde_json::json!({ "decisions": [{ "id": 1, "chosen": "jwt" }] });
        let one = app::validate_draft(&pending.input, &one).unwrap();
        store
            .records()
            .save_draft(&lock, &pending, one, &[], at(1))
            .unwrap();
        assert_eq!(seen.draft(&store, &pending).unwrap().answered(), 1);

        // The same bytes' length rewritten in place, its time put back:
        // the stamp is the one read, so the draft is not read again (a
        // read would find it unreadable, and say no draft).
        let path = dir
            .path()
            .join(".aide/decisions/2025-01-15T10-30-00.draft.json");
        let before = fs::metadata(&path).unwrap();
        let blank = " ".repeat(usize::try_from(before.len()).unwrap());
        fs::write(&path, blank).unwrap();
        let file = fs::File::options().write(true).open(&path).unwrap();
        file.set_modified(before.modified().unwrap()).unwrap();
        drop(file);
        assert_eq!(seen.draft(&store, &pending).unwrap().answered(), 1);

        // A save (a new file renamed over it) is read.
        let two = serde_json::json!({ "decisions": [
            { "id": 1, "chosen": "jwt" }, { "id": 2, "chosen": "bcrypt" }] });
        let two = app::validate_draft(&pending.input, &two).unwrap();
        store
            .records()
            .save_draft(&lock, &pending, two, &[], at(2))
            .unwrap();
        assert_eq!(seen.draft(&store, &pending).unwrap().answered(), 2);
        // And one gone is gone.
        fs::remove_file(&path).unwrap();
        assert!(seen.draft(&store, &pending).is_none());
    }
}
