//! What a page server says about itself while it serves: its notice in the
//! project (refused while another server serves the session), its entry in
//! the per-user list of open questions (gone when the session ends), and
//! the ledger's `served` line before either can be seen.

use super::error::DecideError;
use super::report::Happened;
use super::settings::ServerSettings;
use crate::store::{
    DecisionStore, Event, Listed, LiveNotice, RegisterError, Registry, Secret, ServerInfo,
};
use crate::web::{Access, AppState};
use app::Pending;
use app::i18n::Msg;

/// What this server publishes about itself once it listens on `addr`.
pub(super) fn server_info(
    pending: &Pending,
    addr: std::net::SocketAddr,
    access: &Access,
    settings: &ServerSettings,
) -> ServerInfo {
    ServerInfo {
        pid: std::process::id(),
        session_id: pending.meta.session_id.clone(),
        url: access.page_url(&settings.page_url(addr.port())),
        addr,
        started_at: crate::store::timestamp(chrono::Local::now()),
        key: Some(Secret::new(access.key().to_owned())),
        relay: Some(Secret::new(access.relay().to_owned())),
    }
}

/// Lists the question for the person (while it is open: the entry goes
/// the moment the session ends, or the server does), then publishes the
/// project's server notice, refused while another server serves the
/// session. Listed first, so a `--detach` that returns once it sees the
/// notice finds the question listed too.
pub(super) fn publish(
    store: &DecisionStore,
    settings: &ServerSettings,
    pending: &Pending,
    info: &ServerInfo,
    told: &mut Vec<Happened>,
) -> Result<(Option<LiveNotice>, LiveNotice), DecideError> {
    let listing = settings
        .registry
        .as_ref()
        .and_then(|registry| list(registry, store, pending, info, told));
    // Logged before the notice can be seen: once `--detach` returns (it
    // waits for the notice), the ledger says the session is served.
    let served = || {
        told.extend(
            store
                .ledger()
                .log(&Event::Served {
                    session_id: pending.meta.session_id.clone(),
                    pid: info.pid,
                    addr: info.addr.to_string(),
                })
                .err()
                .map(Happened::NotLogged),
        );
    };
    let notice = store
        .servers()
        .register_then(info, served)
        .map_err(|e| match e {
            RegisterError::Busy(other) => DecideError::Msg(Msg::AlreadyServing {
                url: other.map(|o| o.url).unwrap_or_default(),
            }),
            RegisterError::Store(e) => DecideError::Store(e),
        })?;
    Ok((listing, notice))
}

/// Takes the question off the per-user list once its session ends.
pub(super) fn unlist_when_ended(state: &AppState, listing: LiveNotice) {
    let mut ended = state.ended();
    tokio::spawn(async move {
        // Either it ended, or the state is gone with the server.
        let _ = ended.wait_for(Option::is_some).await;
        drop(listing);
    });
}

/// Lists the served question in the per-user registry; a registry that
/// cannot be written costs only the listing (said).
fn list(
    registry: &Registry,
    store: &DecisionStore,
    pending: &Pending,
    info: &ServerInfo,
    told: &mut Vec<Happened>,
) -> Option<LiveNotice> {
    let listed = Listed {
        project: store.project_root(),
        session_id: pending.meta.session_id.clone(),
        task: pending.input.task().to_owned(),
        items: pending.input.items().len(),
        url: info.url.clone(),
        addr: Some(info.addr),
        pid: info.pid,
        started_at: info.started_at,
    };
    registry
        .enter(&listed)
        .map_err(|error| {
            told.push(Happened::NotListed {
                folder: registry.dir().to_path_buf(),
                error,
            });
        })
        .ok()
}
