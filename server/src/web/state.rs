use super::access::Access;
use super::lang::PageLang;
use crate::output::Printer;
use crate::store::{DecisionStore, Event, StoreError};
use app::i18n::{Msg, StoreMsg};
use app::page::{ItemContext, ItemSnippet};
use app::{DecideOutput, Draft, DraftAnswer, Pending, SessionId};
use leptos::config::LeptosOptions;
use std::sync::Arc;
use tokio::sync::{Mutex, watch};

/// What every handler shares.
#[derive(Clone)]
pub struct AppState {
    inner: Arc<Inner>,
}

struct Inner {
    store: DecisionStore,
    session: SessionId,
    lang: PageLang,
    access: Access,
    leptos: LeptosOptions,
    /// Serialises this server's writes (answers and drafts); the store
    /// lock serialises them with other processes.
    writing: Mutex<()>,
    decided: watch::Sender<bool>,
}

/// Why the served session cannot be shown or answered.
#[derive(Debug)]
pub enum SessionError {
    /// `pending.json` is gone or now belongs to another session.
    Replaced,
    /// This session's answers are already recorded.
    AlreadyDecided,
    Store(StoreError),
}

impl AppState {
    /// State for serving `session` from `store`.
    pub fn new(store: DecisionStore, session: SessionId, lang: PageLang, access: Access) -> Self {
        // Leptos spawns its rendering tasks on a global executor; an error
        // only means it was set up already.
        let _ = any_spawner::Executor::init_tokio();
        let leptos = LeptosOptions::builder()
            .output_name("aide")
            .site_pkg_dir(super::assets::pkg_dir())
            .build();
        let (decided, _) = watch::channel(false);
        AppState {
            inner: Arc::new(Inner {
                store,
                session,
                lang,
                access,
                leptos,
                writing: Mutex::new(()),
                decided,
            }),
        }
    }

    /// How each request's language is picked.
    pub fn page_lang(&self) -> PageLang {
        self.inner.lang
    }

    pub fn access(&self) -> &Access {
        &self.inner.access
    }

    pub fn leptos(&self) -> &LeptosOptions {
        &self.inner.leptos
    }

    /// Resolves once the answers are recorded.
    pub fn decided(&self) -> watch::Receiver<bool> {
        self.inner.decided.subscribe()
    }

    fn printer(&self) -> Printer {
        Printer {
            lang: self.inner.lang.fallback,
        }
    }

    /// The session being served, whether it is answered already, and the
    /// draft the page saved. A draft that cannot be read is reported on the
    /// server's stderr and the page starts without it.
    pub async fn load(&self) -> Result<Loaded, SessionError> {
        let store = self.inner.store.clone();
        let session = self.inner.session.clone();
        let printer = self.printer();
        blocking(move || {
            let pending = current(&store, &session)?;
            let decided = store.load_record(&session)?.is_some();
            let draft = match store.load_draft(&pending) {
                Ok(draft) => draft.map(|d| d.answers).unwrap_or_default(),
                Err(e @ StoreError::Io { .. }) => return Err(e.into()),
                Err(e) => {
                    printer.warn(&Msg::Store(StoreMsg::DraftUnreadable {
                        detail: e.to_string(),
                    }));
                    Vec::new()
                }
            };
            let root = store.project_root();
            let snippets = pending
                .input
                .items()
                .iter()
                .filter_map(|item| {
                    let location = item.location()?;
                    Some(ItemSnippet {
                        id: item.id(),
                        snippet: super::snippet::read(&root, location),
                    })
                })
                .collect();
            let contexts = pending
                .input
                .items()
                .iter()
                .filter_map(|item| {
                    Some(ItemContext {
                        id: item.id(),
                        html: super::markdown::render(item.context()?),
                    })
                })
                .collect();
            Ok(Loaded {
                pending,
                decided,
                draft,
                snippets,
                contexts,
            })
        })
        .await
    }

    /// Records `output` (already validated against `pending`) and signals
    /// that the session is decided.
    pub async fn record(&self, pending: Pending, output: DecideOutput) -> Result<(), SessionError> {
        let _guard = self.inner.writing.lock().await;
        let store = self.inner.store.clone();
        let session = self.inner.session.clone();
        blocking(move || {
            let lock = store.lock()?;
            let current = current(&store, &session)?;
            if current != pending {
                return Err(SessionError::Replaced);
            }
            if store.load_record(&session)?.is_some() {
                return Err(SessionError::AlreadyDecided);
            }
            store.save_record(&lock, &pending, output, chrono::Local::now())?;
            Ok(())
        })
        .await?;
        let session_id = self.inner.session.clone();
        let store = self.inner.store.clone();
        let logged = blocking(move || store.log(&Event::Decided { session_id })).await;
        self.printer().logged(logged);
        self.inner.decided.send_replace(true);
        Ok(())
    }

    /// Saves the answers so far as the session's draft; refused once the
    /// session is answered or replaced.
    pub async fn save_draft(
        &self,
        pending: Pending,
        answers: Vec<DraftAnswer>,
    ) -> Result<Draft, SessionError> {
        let _guard = self.inner.writing.lock().await;
        let store = self.inner.store.clone();
        let session = self.inner.session.clone();
        let printer = self.printer();
        let draft = blocking(move || {
            let lock = store.lock()?;
            if current(&store, &session)? != pending {
                return Err(SessionError::Replaced);
            }
            if store.load_record(&session)?.is_some() {
                return Err(SessionError::AlreadyDecided);
            }
            match store.load_draft(&pending) {
                Ok(_) => {}
                Err(e @ StoreError::Io { .. }) => return Err(e.into()),
                Err(e) => {
                    let file = store.set_aside_draft(&lock, &session)?;
                    let detail = e.to_string();
                    printer.warn(&Msg::Store(StoreMsg::DraftSetAside { file, detail }));
                }
            }
            let draft = store.save_draft(&lock, &pending, answers, chrono::Local::now())?;
            let event = Event::DraftSaved {
                session_id: session,
                chosen: draft.answers.iter().filter(|a| a.chosen.is_some()).count(),
                notes: draft
                    .answers
                    .iter()
                    .filter(|a| !a.note.trim().is_empty())
                    .count(),
            };
            printer.logged(store.log(&event));
            Ok(draft)
        })
        .await?;
        Ok(draft)
    }
}

/// The session being served, if `pending.json` still holds it.
fn current(store: &DecisionStore, session: &SessionId) -> Result<Pending, SessionError> {
    match store.load_pending() {
        Ok(pending) if pending.meta.session_id == *session => Ok(pending),
        Ok(_) | Err(StoreError::NoPending) => Err(SessionError::Replaced),
        Err(e) => Err(e.into()),
    }
}

/// What the page is built from.
pub struct Loaded {
    pub pending: Pending,
    pub decided: bool,
    pub draft: Vec<DraftAnswer>,
    /// The code of each item's `location`, or why it is not shown.
    pub snippets: Vec<ItemSnippet>,
    /// Each item's `context`, rendered from Markdown.
    pub contexts: Vec<ItemContext>,
}

/// Runs file I/O off the async threads.
async fn blocking<T: Send + 'static, E: From<StoreError> + Send + 'static>(
    work: impl FnOnce() -> Result<T, E> + Send + 'static,
) -> Result<T, E> {
    tokio::task::spawn_blocking(work)
        .await
        .unwrap_or_else(|join| {
            let source = std::io::Error::other(join.to_string());
            Err(StoreError::Io {
                path: "(worker)".into(),
                source,
            }
            .into())
        })
}

impl From<StoreError> for SessionError {
    fn from(e: StoreError) -> Self {
        SessionError::Store(e)
    }
}
