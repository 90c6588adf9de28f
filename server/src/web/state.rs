//! What every handler shares: the session, validated once when the server
//! starts and kept with its snippets and rendered contexts, and cheap checks
//! of what can change while it is served (its draft, its record, whether
//! `pending.json` still holds it).

use super::access::Access;
use super::assets::AssetFolder;
use super::audience::Audience;
use super::body::Bodies;
use super::error::SessionError;
use super::lang::PageLang;
use crate::output::Printer;
use crate::store::{DecisionStore, Event, FileStamp, Registry, StoreError, blocking};
use app::i18n::{Msg, StoreMsg};
use app::page::{Ended, ItemContext, ItemSnippet, Served, Waiting};
use app::{DecideOutput, Draft, DraftEntry, Pending, SessionId, Via};
use leptos::config::LeptosOptions;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{Mutex, watch};

/// How often draft saves reach the ledger: the first save, then at most one
/// line per this long (the draft file itself is saved every time).
const DRAFT_LOG_EVERY: Duration = Duration::from_secs(60);

/// What every handler shares.
#[derive(Clone)]
pub struct AppState {
    inner: Arc<Inner>,
}

struct Inner {
    store: DecisionStore,
    served: Arc<Served>,
    /// `pending.json` as it was when it was known to hold this session;
    /// `None` when that could not be confirmed (then every check reads the
    /// session id).
    stamp: Option<FileStamp>,
    lang: PageLang,
    access: Access,
    leptos: LeptosOptions,
    /// Serialises this server's writes (answers and drafts); the store
    /// lock serialises them with other processes.
    writing: Mutex<()>,
    /// How the session ended, once it has: answered here, or found
    /// answered, withdrawn or replaced in the store (`settle`).
    ended: watch::Sender<Option<Ended>>,
    /// When a draft save was last written to the ledger.
    draft_logged: std::sync::Mutex<Option<Instant>>,
    /// Whether the page's opening was written to the ledger.
    opened_logged: std::sync::atomic::AtomicBool,
    /// The page's assets as files, with their precompressed variants.
    assets: AssetFolder,
    /// Permits for the requests with a body (`body::few_at_once`).
    bodies: Bodies,
    /// The pages that showed the form, and those told the outcome.
    audience: Audience,
    /// Where the other questions waiting on this machine are listed, once
    /// the server is (`list_others_from`); unset, the page lists none.
    registry: std::sync::OnceLock<Registry>,
    /// The answers saved so far: read once when the server starts, then
    /// kept here as this process saves them (it alone writes the draft),
    /// so no page, batch of items or save reads the file again.
    draft: std::sync::Mutex<Arc<Vec<DraftEntry>>>,
}

impl AppState {
    /// State for serving `pending` (already validated) from `store`: reads
    /// its snippets and renders its contexts, once. `stamp` is that of the
    /// `pending.json` `pending` was read from (or written to), taken so
    /// that it names exactly that file (`load_pending_stamped`); `None`
    /// when unknown, and then every check reads the session id.
    pub fn new(
        store: DecisionStore,
        pending: Pending,
        stamp: Option<FileStamp>,
        lang: PageLang,
        access: Access,
    ) -> Self {
        // Leptos spawns its rendering tasks on a global executor; an error
        // only means it was set up already.
        let _ = any_spawner::Executor::init_tokio();
        let leptos = LeptosOptions::builder()
            .output_name("aide")
            .site_pkg_dir(super::assets::pkg_dir())
            .build();
        let (ended, _) = watch::channel(None);
        let printer = Printer {
            lang: lang.fallback,
        };
        let draft = first_draft(&store, &pending, printer);
        let served = Arc::new(prepare(&store, pending));
        let assets = AssetFolder::prepare(&store, printer);
        AppState {
            inner: Arc::new(Inner {
                store,
                served,
                stamp,
                lang,
                access,
                leptos,
                writing: Mutex::new(()),
                ended,
                draft_logged: std::sync::Mutex::new(None),
                opened_logged: std::sync::atomic::AtomicBool::new(false),
                assets,
                bodies: Bodies::default(),
                audience: Audience::default(),
                registry: std::sync::OnceLock::new(),
                draft: std::sync::Mutex::new(Arc::new(draft)),
            }),
        }
    }

    /// Lists on the page the other questions that `registry` holds.
    pub fn list_others_from(&self, registry: Registry) {
        // Set once, when the server starts; a second call changes nothing.
        let _ = self.inner.registry.set(registry);
    }

    /// The other questions waiting for the person on this machine, the
    /// longest waiting first: every open session in the registry but this
    /// one. A registry that cannot be read lists none.
    pub async fn also_waiting(&self) -> Vec<Waiting> {
        let Some(registry) = self.inner.registry.get().cloned() else {
            return Vec::new();
        };
        let own = self.session_id().clone();
        let root = self.inner.store.project_root();
        let listed = blocking(move || registry.list()).await.unwrap_or_default();
        listed
            .into_iter()
            .filter(|l| !(l.session_id == own && l.project == root))
            .map(|l| Waiting {
                project: l.project.file_name().map_or_else(
                    || l.project.display().to_string(),
                    |name| name.to_string_lossy().into_owned(),
                ),
                task: l.task,
                items: l.items,
                url: l.url,
            })
            .collect()
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

    /// Where the page's assets are as files.
    pub fn assets(&self) -> &AssetFolder {
        &self.inner.assets
    }

    /// The permits for requests with a body (`body::few_at_once`).
    pub fn bodies(&self) -> Bodies {
        self.inner.bodies.clone()
    }

    /// How the session ended, once it has.
    pub fn ended(&self) -> watch::Receiver<Option<Ended>> {
        self.inner.ended.subscribe()
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
            if let Some(withdrawal) = store.withdrawal(state.session_id())? {
                return Ok(Some(Ended::Withdrawn {
                    reason: withdrawal.reason,
                }));
            }
            match state.still_served() {
                Err(SessionError::Replaced) => Ok(Some(Ended::Replaced)),
                Err(other) => Err(other),
                Ok(_) => Ok(None),
            }
        })
        .await?;
        if let Some(ended) = found {
            self.inner.ended.send_if_modified(|now| {
                let first = now.is_none();
                if first {
                    *now = Some(ended);
                }
                first
            });
        }
        Ok(self.inner.ended.borrow().clone())
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
            self.inner.audience.told(page);
        }
        Ok(found)
    }

    /// The answers recorded for the session, if they are: those this
    /// server recorded, or else the record in the store.
    fn recorded_output(&self) -> Result<Option<Arc<DecideOutput>>, StoreError> {
        if let Some(Ended::Decided(output)) = &*self.inner.ended.borrow() {
            return Ok(Some(output.clone()));
        }
        Ok(self
            .inner
            .store
            .load_record(self.session_id())?
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

    /// Prints in the server's language, on its stderr (its log).
    pub fn printer(&self) -> Printer {
        Printer {
            lang: self.inner.lang.fallback,
        }
    }

    /// The served session, if it is the one a page (`claimed`) shows: a
    /// page from a replaced session must never answer the new one, even
    /// when its items look alike. Reads nothing.
    pub fn claimed(&self, claimed: &str) -> Result<Arc<Served>, SessionError> {
        if claimed.parse::<app::SessionId>().as_ref()
            == Ok(&self.inner.served.pending.meta.session_id)
        {
            Ok(self.inner.served.clone())
        } else {
            Err(SessionError::Replaced)
        }
    }

    /// The served session.
    pub fn served(&self) -> &Arc<Served> {
        &self.inner.served
    }

    /// The pages that showed the form, and those told the outcome.
    pub fn audience(&self) -> &Audience {
        &self.inner.audience
    }

    /// Counts a page that shows the open form, and writes to the ledger
    /// that the person opened the page, the first time only: `status`
    /// tells the agent.
    pub async fn note_opened(&self) {
        use std::sync::atomic::Ordering;
        if self.inner.ended.borrow().is_none() {
            self.inner.audience.opened();
        }
        if self.inner.opened_logged.swap(true, Ordering::AcqRel) {
            return;
        }
        let store = self.inner.store.clone();
        let session_id = self.session_id().clone();
        let logged = blocking(move || store.log(&Event::Opened { session_id })).await;
        self.printer().logged(logged);
    }

    /// The served session as it stands: whether the store still holds it
    /// (a `stat`), whether it is answered, and the draft saved so far (from
    /// memory).
    pub async fn load(&self) -> Result<Loaded, SessionError> {
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
        })
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
        if matches!(recorded, Ok(()) | Err(SessionError::AlreadyDecided)) {
            self.inner.audience.told(page);
        }
        recorded
    }

    async fn record_once(&self, answers: (DecideOutput, Via)) -> Result<(), SessionError> {
        let _guard = self.inner.writing.lock().await;
        let state = self.clone();
        let output = blocking(move || {
            let inner = &state.inner;
            let lock = inner.store.lock()?;
            let validated = state.still_served()?;
            if state.is_decided()? {
                return Err(SessionError::AlreadyDecided);
            }
            let pending = &inner.served.pending;
            let record = inner
                .store
                .save_record(&lock, pending, answers, chrono::Local::now())?;
            if let Some(stamp) = validated {
                inner
                    .store
                    .save_receipt(&lock, &pending.meta.session_id, &record.output, stamp);
            }
            Ok(record.output)
        })
        .await?;
        self.inner
            .ended
            .send_replace(Some(Ended::Decided(Arc::new(output))));
        let session_id = self.session_id().clone();
        let store = self.inner.store.clone();
        let logged = blocking(move || store.log(&Event::Decided { session_id })).await;
        self.printer().logged(logged);
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
            let lock = inner.store.lock()?;
            state.still_served()?;
            if state.is_decided()? {
                return Err(SessionError::AlreadyDecided);
            }
            let pending = &inner.served.pending;
            let draft = inner
                .store
                .save_draft(&lock, pending, answers, chrono::Local::now())?;
            *inner
                .draft
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner) =
                Arc::new(draft.entries().to_vec());
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
                printer.logged(inner.store.log(&event));
            }
            Ok(draft)
        })
        .await
    }

    fn session_id(&self) -> &SessionId {
        &self.inner.served.pending.meta.session_id
    }

    /// Whether the store still holds the served session: a `stat`, and
    /// more only when `pending.json` changed. `Some(stamp)` when
    /// `pending.json` is still the very file this server validated; `None`
    /// when the session is held otherwise: kept aside by a later submit
    /// (the same file under `{session_id}.pending.json`; this server's
    /// session stays the one in memory), `pending.json` rewritten with the
    /// same session id, or ended here or by `cancel` (its file gone with
    /// it). `Replaced` when a later submit took its place.
    fn still_served(&self) -> Result<Option<FileStamp>, SessionError> {
        let store = &self.inner.store;
        let id = self.session_id();
        let now = store.pending_stamp()?;
        if now.is_some() && now == self.inner.stamp {
            return Ok(now);
        }
        if store.aside_stamp(id)?.is_some() {
            return Ok(None);
        }
        if now.is_some() && store.pending_session_id()?.as_ref() == Some(id) {
            return Ok(None);
        }
        if self.is_decided()? || store.withdrawal(id)?.is_some() {
            return Ok(None);
        }
        Err(SessionError::Replaced)
    }

    /// Whether the session's answers are recorded (by this server, or
    /// found on disk).
    fn is_decided(&self) -> Result<bool, StoreError> {
        if matches!(*self.inner.ended.borrow(), Some(Ended::Decided(_))) {
            return Ok(true);
        }
        self.inner.store.has_record(self.session_id())
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

/// The served session with each item's snippet read and each context
/// rendered.
fn prepare(store: &DecisionStore, pending: Pending) -> Served {
    let root = store.project_root();
    let items = pending.input.items();
    let snippets = items
        .iter()
        .filter_map(|item| {
            Some(ItemSnippet {
                id: item.id(),
                snippet: super::snippet::read(&root, item.location()?),
            })
        })
        .collect();
    let contexts = items
        .iter()
        .filter_map(|item| {
            Some(ItemContext {
                id: item.id(),
                html: super::markdown::render(item.context()?),
            })
        })
        .collect();
    Served {
        pending,
        snippets,
        contexts,
    }
}

/// What the page is built from.
pub struct Loaded {
    pub served: Arc<Served>,
    /// Set when the answers are recorded already.
    pub ended: Option<Ended>,
    pub draft: Arc<Vec<DraftEntry>>,
}

/// The draft the server starts from. One that cannot be read is moved
/// aside (so no save overwrites it unseen), with a warning on the server's
/// stderr, and the page starts without it; a draft that cannot even be
/// looked at is reported the same way.
fn first_draft(store: &DecisionStore, pending: &Pending, printer: Printer) -> Vec<DraftEntry> {
    let unreadable = match store.load_draft(pending) {
        Ok(draft) => return draft.map(Draft::into_entries).unwrap_or_default(),
        Err(error) => error,
    };
    let detail = unreadable.message(printer.lang).text(printer.lang);
    let aside = match &unreadable {
        StoreError::Io { .. } => None,
        _ => store
            .lock()
            .and_then(|lock| store.set_aside_draft(&lock, &pending.meta.session_id))
            .ok(),
    };
    match aside {
        Some(file) => printer.warn(&Msg::Store(StoreMsg::DraftSetAside { file, detail })),
        None => printer.warn(&Msg::Store(StoreMsg::DraftUnreadable { detail })),
    }
    Vec::new()
}

impl From<StoreError> for SessionError {
    fn from(e: StoreError) -> Self {
        SessionError::Store(e)
    }
}
