//! How the served session ended: answered, withdrawn or replaced, as the
//! store says, and what the page and the agent are told.

use super::AppState;
use crate::store::{StoreError, blocking};
use crate::web::audience::Heard;
use crate::web::error::SessionError;
use app::DecideOutput;
use app::page::Ended;
use std::sync::Arc;
use std::time::Duration;

impl AppState {
    /// Resolves once the project's folder is gone (deleted or moved under
    /// the server), looked at every `every`.
    pub async fn project_gone(&self, every: std::time::Duration) {
        loop {
            tokio::time::sleep(every).await;
            let store = self.inner.store.clone();
            if blocking(move || Ok::<_, StoreError>(store.is_gone()))
                .await
                .unwrap_or(false)
            {
                return;
            }
        }
    }

    /// Reads from the store whether the session ended without this server
    /// knowing: answered, withdrawn (`aide decide cancel`) or replaced. An
    /// ending found is kept, and every page waiting on `outcome` learns it.
    pub async fn settle(&self) -> Result<Option<Ended>, SessionError> {
        if let Some(ended) = self.inner.ended.borrow().clone() {
            return Ok(Some(ended));
        }
        let state = self.clone();
        let found = blocking(move || {
            if let Some(output) = state.recorded_output()? {
                return Ok(Some(Ended::Decided(output)));
            }
            let store = &state.inner.store;
            if let Some(withdrawal) = store.pending().withdrawal(state.session_id())? {
                return Ok(Some(Ended::Withdrawn(withdrawal.reason)));
            }
            match state.still_served() {
                Err(SessionError::Replaced) => Ok(Some(Ended::Replaced(()))),
                Err(other) => Err(other),
                Ok(_) => Ok(None),
            }
        })
        .await?;
        if let Some(ended) = found {
            self.ended_as(ended);
        }
        Ok(self.inner.ended.borrow().clone())
    }

    /// Whether the store still holds this session's ending: its record or
    /// its withdrawal. Read only: a project being deleted is not written
    /// to again.
    pub async fn ending_kept(&self) -> bool {
        let state = self.clone();
        blocking(move || {
            let store = &state.inner.store;
            let id = state.session_id();
            Ok::<_, StoreError>(
                !store.is_gone()
                    && (store.records().exists(id)? || store.pending().withdrawal(id)?.is_some()),
            )
        })
        .await
        .unwrap_or(false)
    }

    /// Resolves once the store no longer holds this session's ending (the
    /// project was deleted or moved, the record cleaned), looked at every
    /// `every`.
    pub async fn ending_lost(&self, every: Duration) {
        loop {
            tokio::time::sleep(every).await;
            if !self.ending_kept().await {
                return;
            }
        }
    }

    /// Keeps `ended` as how the session ended, unless an ending is known
    /// already; every page waiting on `outcome` learns it.
    pub(super) fn ended_as(&self, ended: Ended) {
        self.inner.ended.send_if_modified(|now| {
            let first = now.is_none();
            if first {
                *now = Some(ended);
            }
            first
        });
    }

    /// Waits until the session ends, at most `wait`; the page `page` (the
    /// island's id, if it sent one) is then counted as told.
    pub async fn outcome(
        &self,
        wait: Duration,
        page: Option<String>,
    ) -> Result<Option<Ended>, SessionError> {
        let mut ended = self.inner.ended.subscribe();
        let found = match self.settle().await? {
            Some(found) => Some(found),
            None => tokio::time::timeout(wait, ended.wait_for(Option::is_some))
                .await
                .ok()
                .and_then(|seen| seen.ok().and_then(|e| e.clone())),
        };
        if found.is_some() {
            self.inner.audience.told(page, Heard::Waiting);
        }
        Ok(found)
    }

    /// The answers recorded for the session, if they are: those this
    /// server recorded, or else the record in the store.
    pub(super) fn recorded_output(&self) -> Result<Option<Arc<DecideOutput>>, StoreError> {
        if let Some(Ended::Decided(output)) = &*self.inner.ended.borrow() {
            return Ok(Some(output.clone()));
        }
        Ok(self
            .inner
            .store
            .records()
            .load(self.session_id())?
            .map(|record| Arc::new(record.output)))
    }

    /// The recorded answers, one line per item in `lang` (what a page
    /// that submits too late is told); empty when they cannot be read.
    pub async fn recorded_lines(&self, lang: app::Lang) -> Vec<String> {
        let state = self.clone();
        let output = blocking(move || state.recorded_output()).await;
        match output {
            Ok(Some(output)) => {
                app::page::recorded_lines(&self.inner.served.pending.input, &output, lang)
            }
            Ok(None) | Err(_) => Vec::new(),
        }
    }
}
