//! The person's answers: the page's start, drafts kept in memory and
//! saved, and the record written once.

use super::AppState;
use crate::output::Printer;
use crate::store::{DecisionStore, Event, Holding, StoreError, blocking};
use crate::web::audience::Heard;
use crate::web::error::SessionError;
use app::i18n::{Msg, StoreMsg};
use app::page::{Ended, Served, followed};
use app::{DecideOutput, Draft, DraftEntry, Given, Pending, SessionState, Via};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The answers as given, with the precedents they follow where the
/// person saw them: the page and the App view show the precedents (but
/// those the person said are `not_same` question); the client's own form
/// and a program do not.
fn given(
    served: &Served,
    (not_same, said_later): (&[app::ItemId], Vec<app::ItemId>),
    (output, via): (DecideOutput, Via),
) -> Given {
    let mut followed = match via {
        Via::Page | Via::View => followed(&served.precedents, &served.pending.input, &output),
        Via::Elicitation | Via::Api | Via::Ruling => Vec::new(),
    };
    followed.retain(|f| !not_same.contains(&f.id));
    Given {
        output,
        via,
        followed,
        said_later,
    }
}

/// How often draft saves reach the ledger: the first save, then at most one
/// line per this long (the draft file itself is saved every time).
const DRAFT_LOG_EVERY: Duration = Duration::from_secs(60);

impl AppState {
    /// The served session as it stands: whether the store still holds it
    /// (a `stat`), whether it is answered, and the draft saved so far (from
    /// memory).
    pub async fn load(&self) -> Result<Loaded, SessionError> {
        // Ended is ended: a newer session in `pending.json` does not make
        // an answered one "replaced" (the page of an ended question,
        // `serve_ended`, is served on after it).
        let known = self.inner.ended.borrow().clone();
        if let Some(ended) = known {
            return Ok(Loaded {
                served: self.inner.served.clone(),
                ended: Some(ended),
                draft: self.draft(),
                not_same: self.not_same(),
            });
        }
        let state = self.clone();
        let (served, ended) = blocking(move || {
            state.still_served()?;
            let ended = state.recorded_output()?.map(Ended::Decided);
            Ok::<_, SessionError>((state.inner.served.clone(), ended))
        })
        .await?;
        Ok(Loaded {
            served,
            ended,
            draft: self.draft(),
            not_same: self.not_same(),
        })
    }

    /// Every item the person has said to decide later (the draft's
    /// `said_later`).
    fn said_later(&self) -> Vec<app::ItemId> {
        self.inner
            .said_later
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }

    /// The answers saved so far.
    fn draft(&self) -> Arc<Vec<DraftEntry>> {
        self.inner
            .draft
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }

    /// Records `output` (already validated against the served session)
    /// and signals that the session is decided. `page` is the island's id
    /// of the page that sent it, if it sent one.
    pub async fn record(
        &self,
        answers: (DecideOutput, Via),
        page: Option<String>,
    ) -> Result<(), SessionError> {
        let recorded = self.record_once(answers).await;
        let told = matches!(
            recorded,
            Ok(()) | Err(SessionError::AlreadyDecided | SessionError::Withdrawn { .. })
        );
        if told {
            self.inner.audience.told(page, Heard::Reply);
        }
        recorded
    }

    async fn record_once(&self, answers: (DecideOutput, Via)) -> Result<(), SessionError> {
        let _guard = self.inner.writing.lock().await;
        let state = self.clone();
        let output = blocking(move || {
            let inner = &state.inner;
            let lock = state.lock()?;
            let held = state.still_served()?;
            if state.is_decided()? {
                return Err(SessionError::AlreadyDecided);
            }
            let pending = &inner.served.pending;
            let marks = (&state.not_same()[..], state.said_later());
            let given = given(&inner.served, marks, answers);
            // The store refuses answers to a withdrawn session under the
            // lock `cancel` takes: exactly one of the two wins.
            let record = inner
                .store
                .records()
                .save(&lock, pending, given, crate::clock::now())?;
            let session_id = pending.meta.session_id.clone();
            if let SessionState::Pending(Holding::AsValidated(stamp)) = held {
                // As `result` reads the record: who answered, for a
                // session whose items have rules.
                let times = (pending.meta.created_at, record.completed_at);
                let printed = app::model::settled(
                    record.output.clone(),
                    &pending.input,
                    times,
                    &record.said_later,
                );
                inner
                    .store
                    .records()
                    .save_receipt(&lock, &session_id, &printed, stamp);
            }
            // Logged under the lock, so the ledger's order is the files'.
            state
                .printer()
                .logged(inner.store.ledger().log(&Event::Decided { session_id }));
            Ok(record.output)
        })
        .await;
        let output = match output {
            Ok(output) => output,
            Err(SessionError::Withdrawn { reason }) => {
                self.ended_as(Ended::Withdrawn(reason.clone()));
                return Err(SessionError::Withdrawn { reason });
            }
            Err(other) => return Err(other),
        };
        self.inner
            .ended
            .send_replace(Some(Ended::Decided(Arc::new(output))));
        Ok(())
    }

    /// Saves the answers so far as the session's draft; refused once the
    /// session is answered or replaced.
    pub async fn save_draft(&self, answers: Vec<DraftEntry>) -> Result<Draft, SessionError> {
        let _guard = self.inner.writing.lock().await;
        let state = self.clone();
        blocking(move || {
            let inner = &state.inner;
            let printer = state.printer();
            let lock = state.lock()?;
            state.still_served()?;
            if state.is_decided()? {
                return Err(SessionError::AlreadyDecided);
            }
            let pending = &inner.served.pending;
            let before = state.said_later();
            let draft = inner.store.records().save_draft(
                &lock,
                pending,
                answers,
                &before,
                chrono::Local::now(),
            )?;
            *inner
                .draft
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner) =
                Arc::new(draft.entries().to_vec());
            draft.said_later().clone_into(
                &mut inner
                    .said_later
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner),
            );
            if state.draft_log_due() {
                let event = Event::DraftSaved {
                    session_id: state.session_id().clone(),
                    chosen: draft.answered(),
                    notes: draft
                        .entries()
                        .iter()
                        .filter(|e| e.note().is_some())
                        .count(),
                };
                printer.logged(inner.store.ledger().log(&event));
            }
            Ok(draft)
        })
        .await
    }

    /// How the store still holds the served session
    /// (`PendingFiles::holding`: a `stat`, more only once `pending.json`
    /// changed). `Replaced` when a later submit took its place;
    /// `ProjectGone` when the project's folder went.
    pub(super) fn still_served(&self) -> Result<SessionState<Holding>, SessionError> {
        let store = &self.inner.store;
        if store.is_gone() {
            return Err(SessionError::ProjectGone);
        }
        match store
            .pending()
            .holding(self.session_id(), self.inner.stamp)?
        {
            // Answered here, though its record is gone since (cleaned).
            SessionState::Replaced(()) if self.is_decided()? => Ok(SessionState::Decided(())),
            SessionState::Replaced(()) => Err(SessionError::Replaced),
            held => Ok(held),
        }
    }

    /// The store lock; `ProjectGone` rather than a fault when the folder
    /// it lives in was deleted.
    pub(super) fn lock(&self) -> Result<crate::store::StoreLock, SessionError> {
        let store = &self.inner.store;
        store.lock().map_err(|e| {
            if store.is_gone() {
                SessionError::ProjectGone
            } else {
                e.into()
            }
        })
    }

    /// Whether the session's answers are recorded (by this server, or
    /// found on disk).
    pub(super) fn is_decided(&self) -> Result<bool, StoreError> {
        if matches!(*self.inner.ended.borrow(), Some(Ended::Decided(_))) {
            return Ok(true);
        }
        self.inner.store.records().exists(self.session_id())
    }

    /// True for the first draft save and then once per `DRAFT_LOG_EVERY`.
    fn draft_log_due(&self) -> bool {
        let mut last = self
            .inner
            .draft_logged
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let due = last.is_none_or(|at| at.elapsed() >= DRAFT_LOG_EVERY);
        if due {
            *last = Some(Instant::now());
        }
        due
    }
}

/// What the page is built from.
pub struct Loaded {
    pub served: Arc<Served>,
    /// Set when the answers are recorded already.
    pub ended: Option<Ended>,
    pub draft: Arc<Vec<DraftEntry>>,
    /// The items whose precedent is not shown (`AppState::not_same`).
    pub not_same: Arc<Vec<app::ItemId>>,
}

/// The draft the server starts from (its entries, and the items said to
/// decide later). One that cannot be read is moved
/// aside (so no save overwrites it unseen), with a warning on the server's
/// stderr, and the page starts without it; a draft that cannot even be
/// looked at is reported the same way.
pub(super) fn first_draft(
    store: &DecisionStore,
    pending: &Pending,
    printer: Printer,
) -> (Vec<DraftEntry>, Vec<app::ItemId>) {
    let unreadable = match store.records().load_draft(pending) {
        Ok(Some(draft)) => {
            let said_later = draft.said_later().to_vec();
            return (draft.into_entries(), said_later);
        }
        Ok(None) => return (Vec::new(), Vec::new()),
        Err(error) => error,
    };
    let detail = unreadable.message(printer.lang).text(printer.lang);
    let aside = match &unreadable {
        StoreError::Io { .. } => None,
        _ => store
            .lock()
            .and_then(|lock| {
                store
                    .records()
                    .set_aside_draft(&lock, &pending.meta.session_id)
            })
            .ok(),
    };
    match aside {
        Some(file) => printer.warn(&Msg::Store(StoreMsg::DraftSetAside { file, detail })),
        None => printer.warn(&Msg::Store(StoreMsg::DraftUnreadable { detail })),
    }
    (Vec::new(), Vec::new())
}
