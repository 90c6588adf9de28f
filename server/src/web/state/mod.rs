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
use crate::store::{DecisionStore, Event, FileStamp, Registry, blocking};
use app::page::{Ended, Served};
use app::{DraftEntry, Pending, SessionId};
use leptos::config::LeptosOptions;
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::{Mutex, watch};

mod answers;
mod ended;
mod not_same;
mod prepare;
mod ruled;
mod waiting;

pub(in crate::web) use prepare::Precedents;
use prepare::prepare;

use answers::first_draft;

/// What every handler shares.
#[derive(Clone)]
pub struct AppState {
    inner: Arc<Shared>,
}

struct Shared {
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
    /// Every item the person has said to decide later, kept with the
    /// draft (its `said_later`) and copied into the record.
    said_later: std::sync::Mutex<Vec<app::ItemId>>,
    /// The items whose precedent the person said is not the same question
    /// (`not_same.rs`).
    not_same: std::sync::Mutex<Arc<Vec<app::ItemId>>>,
    /// The items a standing ruling answered at submit, until the person
    /// overturns them (`ruled.rs`).
    ruled: std::sync::Mutex<Arc<Vec<app::Decision>>>,
}

impl AppState {
    /// State for serving `pending` (already validated) from `store`: reads
    /// its snippets and renders its contexts, once. `stamp` is that of the
    /// `pending.json` `pending` was read from (or written to), taken so
    /// that it names exactly that file (`PendingFiles::load_stamped`); `None`
    /// when unknown, and then every check reads the session id.
    pub fn new(
        store: DecisionStore,
        pending: Pending,
        stamp: Option<FileStamp>,
        lang: PageLang,
        access: Access,
    ) -> Self {
        Self::build(store, pending, stamp, lang, access, Precedents::Find)
    }

    /// The state of the page of a session that has ended
    /// (`serve_ended`): it shows no form, so no precedent is looked for.
    pub fn for_ended(
        store: DecisionStore,
        pending: Pending,
        lang: PageLang,
        access: Access,
    ) -> Self {
        Self::build(store, pending, None, lang, access, Precedents::None)
    }

    /// `new`, or `for_ended`, with the precedents asked for or not (a test
    /// that starts a thousand sessions has no use for them).
    pub(in crate::web) fn build(
        store: DecisionStore,
        pending: Pending,
        stamp: Option<FileStamp>,
        lang: PageLang,
        access: Access,
        precedents: Precedents,
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
        let (draft, said_later) = first_draft(&store, &pending, printer);
        let ruled = ruled::first_ruled(&store, &pending, printer);
        let served = Arc::new(prepare(&store, pending, precedents));
        let assets = AssetFolder::prepare(&store, printer);
        AppState {
            inner: Arc::new(Shared {
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
                said_later: std::sync::Mutex::new(said_later),
                not_same: std::sync::Mutex::default(),
                ruled: std::sync::Mutex::new(Arc::new(ruled)),
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

    /// The project's store.
    pub fn store(&self) -> &DecisionStore {
        &self.inner.store
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

    /// The project folder the served session belongs to.
    pub fn project_root(&self) -> std::path::PathBuf {
        self.inner.store.project_root()
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
        if self.inner.ended.borrow().is_some() {
            // Opened after the end (a late click): the ledger said it all.
            return;
        }
        self.inner.audience.opened();
        if self.inner.opened_logged.swap(true, Ordering::AcqRel) {
            return;
        }
        let store = self.inner.store.clone();
        let session_id = self.session_id().clone();
        let logged = blocking(move || store.ledger().log(&Event::Opened { session_id })).await;
        self.printer().logged(logged);
    }

    fn session_id(&self) -> &SessionId {
        &self.inner.served.pending.meta.session_id
    }
}
