use super::access::Access;
use crate::store::{DecisionStore, StoreError};
use app::{DecideOutput, Lang, Pending, SessionId};
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
    lang: Lang,
    access: Access,
    leptos: LeptosOptions,
    /// Serialises recording, so two submits cannot both write.
    recording: Mutex<()>,
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
    pub fn new(store: DecisionStore, session: SessionId, lang: Lang, access: Access) -> Self {
        // Leptos spawns its rendering tasks on a global executor; an error
        // only means it was set up already.
        let _ = any_spawner::Executor::init_tokio();
        let leptos = LeptosOptions::builder()
            .output_name("aide")
            .site_pkg_dir("pkg")
            .build();
        let (decided, _) = watch::channel(false);
        AppState {
            inner: Arc::new(Inner {
                store,
                session,
                lang,
                access,
                leptos,
                recording: Mutex::new(()),
                decided,
            }),
        }
    }

    pub fn lang(&self) -> Lang {
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

    /// The session being served and whether it is answered already.
    pub async fn load(&self) -> Result<(Pending, bool), SessionError> {
        let store = self.inner.store.clone();
        let session = self.inner.session.clone();
        blocking(move || {
            let pending = match store.load_pending() {
                Ok(pending) if pending.meta.session_id == session => pending,
                Ok(_) | Err(StoreError::NoPending) => return Err(SessionError::Replaced),
                Err(e) => return Err(e.into()),
            };
            let decided = store.load_record(&session)?.is_some();
            Ok((pending, decided))
        })
        .await
    }

    /// Records `output` (already validated against `pending`) and signals
    /// that the session is decided.
    pub async fn record(&self, pending: Pending, output: DecideOutput) -> Result<(), SessionError> {
        let _guard = self.inner.recording.lock().await;
        let store = self.inner.store.clone();
        let session = self.inner.session.clone();
        blocking(move || {
            match store.load_pending() {
                Ok(current) if current.meta.session_id == session && current == pending => {}
                Ok(_) | Err(StoreError::NoPending) => return Err(SessionError::Replaced),
                Err(e) => return Err(e.into()),
            }
            if store.load_record(&session)?.is_some() {
                return Err(SessionError::AlreadyDecided);
            }
            store.save_record(&pending, output, chrono::Local::now())?;
            Ok(())
        })
        .await?;
        self.inner.decided.send_replace(true);
        Ok(())
    }
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
