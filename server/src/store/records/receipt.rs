//! `result.json`: the answers of the pending session as `aide decide
//! result` prints them, kept beside the two files they were validated from.
//!
//! The server validates `pending.json` once, when it starts, and validates
//! the answers against it when the person submits. Reading both files
//! again in `result` (3.5 MB for a thousand items) would only repeat that
//! work, so the server leaves a receipt: the printed answers and the stamps
//! (device, inode, size, time) of `pending.json` and of the record it just
//! wrote. Every save replaces a file by renaming a new one over it, so
//! while both stamps are unchanged the files are the ones validated, and
//! `result` prints the receipt after two `stat`s. Any change to either
//! file, a receipt of another format version, or a receipt that cannot be
//! read sends `result` the full way (`Records::result`), which reads
//! and checks both files and says what is wrong with them. `status` takes
//! "answered" from the receipt on the same terms (`is_answered`).

use crate::store::decisions::{DecisionStore, FileStamp, PENDING, RECEIPT};
use crate::store::files::lock::StoreLock;
use crate::store::{Records, StoreError};
use app::validate::{CURRENT_VERSION, FormatVersion};
use app::{DecideOutput, Pending, SessionId};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Receipt<'a> {
    /// The format version of the answers printed.
    version: String,
    session_id: SessionId,
    /// `pending.json` as the server validated it.
    pending: FileStamp,
    /// The record, as the server wrote it.
    record: FileStamp,
    /// The answers exactly as `result` prints them (compact JSON).
    #[serde(borrow)]
    output: &'a RawValue,
}

impl Records<'_> {
    /// Leaves the receipt of `session`'s record, just saved with `output`,
    /// whose `pending.json` this process validated with `pending` as its
    /// stamp. Best effort: the answers are saved whatever happens here, and
    /// without a receipt `result` reads them the full way.
    pub fn save_receipt(
        &self,
        _lock: &StoreLock,
        session_id: &SessionId,
        output: &DecideOutput,
        pending: FileStamp,
    ) {
        if self.write_receipt(session_id, output, pending).is_err() {
            // A half-done receipt must not speak for the files.
            let _ = self.0.remove(RECEIPT);
        }
    }

    fn write_receipt(
        &self,
        session_id: &SessionId,
        output: &DecideOutput,
        pending: FileStamp,
    ) -> Result<(), StoreError> {
        let record = self
            .0
            .stamp(&DecisionStore::record_name(session_id))?
            .ok_or(StoreError::NoResult)?;
        // The serializer of `to_compact_json`, so the same bytes.
        let output = serde_json::value::to_raw_value(output)
            .map_err(|e| StoreError::write(self.0.dir.join(RECEIPT))(e.into()))?;
        let receipt = Receipt {
            version: CURRENT_VERSION.to_string(),
            session_id: session_id.clone(),
            pending,
            record,
            output: &output,
        };
        self.0.write(RECEIPT, &receipt)
    }

    /// What `aide decide result` prints: the receipt's answers when
    /// neither file changed since the server validated them, else the
    /// answers read and checked the full way.
    pub fn result_json(&self) -> Result<String, StoreError> {
        let pending = self.0.stamp(PENDING).ok().flatten();
        match self.receipt_output(pending) {
            Some(json) => Ok(json),
            None => Ok(self.result()?.to_compact_json()),
        }
    }

    /// The answers of `session` from the receipt, when it is the session
    /// the receipt speaks for and neither file changed since; `None` sends
    /// the caller the full way.
    pub fn receipt_of(&self, session: &SessionId) -> Option<String> {
        let pending = self.0.stamp(PENDING).ok().flatten();
        let (receipt_session, output) = self.valid_receipt(pending)?;
        (receipt_session == *session).then_some(output)
    }

    /// The session in `pending.json` and the file's stamp, from the
    /// receipt while it speaks for that file and its record (`stat`s and
    /// the receipt's read, not the pending file's).
    pub fn receipt_session(&self) -> Option<(SessionId, FileStamp)> {
        let pending = self.0.stamp(PENDING).ok()??;
        let (session, _) = self.valid_receipt(Some(pending))?;
        Some((session, pending))
    }

    /// Whether `pending`, read as the file `stamp` names, is answered: yes
    /// while the receipt speaks for that file and for its record, else
    /// what reading and checking the record says (`result_for`).
    pub fn is_answered(
        &self,
        pending: &Pending,
        stamp: Option<FileStamp>,
    ) -> Result<bool, StoreError> {
        if self.receipt_output(stamp).is_some() {
            return Ok(true);
        }
        match self.result_for(pending) {
            Ok(_) => Ok(true),
            Err(StoreError::NoResult | StoreError::Stale) => Ok(false),
            Err(other) => Err(other),
        }
    }

    /// The receipt's answers if it speaks for the `pending.json` that
    /// `pending` names and for the record as it is now.
    fn receipt_output(&self, pending: Option<FileStamp>) -> Option<String> {
        self.valid_receipt(pending).map(|(_, output)| output)
    }

    /// The one reader of the receipt: its session and answers, if it is of
    /// this format version and speaks for the `pending.json` that
    /// `pending` names and for that session's record as it is now.
    fn valid_receipt(&self, pending: Option<FileStamp>) -> Option<(SessionId, String)> {
        let bytes = self.0.read_bytes(RECEIPT).ok()??;
        let receipt: Receipt = serde_json::from_slice(&bytes).ok()?;
        let current = FormatVersion::parse(&receipt.version)? == CURRENT_VERSION;
        let unchanged = pending == Some(receipt.pending)
            && self
                .0
                .stamp(&DecisionStore::record_name(&receipt.session_id))
                .ok()?
                == Some(receipt.record);
        (current && unchanged).then(|| (receipt.session_id, receipt.output.get().to_owned()))
    }
}
