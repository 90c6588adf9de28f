//! The port a page is served on: the first free one of the settings'
//! range, or why none is.

use super::error::DecideError;
use super::settings::ServerSettings;
use crate::store::DecisionStore;
use crate::web::{ServeOptions, bind_first_free};
use app::i18n::Msg;
use std::net::TcpListener;

/// Binds the first free port of the settings' range, or says that all
/// are taken: by pages of aide questions still waiting (this project's, or
/// any project's in the per-user registry), the range is full; by other
/// programs, the spec's message.
pub fn bind(settings: &ServerSettings, store: &DecisionStore) -> Result<TcpListener, DecideError> {
    let options = ServeOptions {
        bind: settings.bind,
        first_port: settings.port,
        last_port: settings.last_port(),
    };
    if let Some(listener) =
        bind_first_free(options, settings.registry.as_ref()).map_err(DecideError::server)?
    {
        return Ok(listener);
    }
    let (first, last) = (options.first_port, options.last_port);
    let sessions = questions_on(store, settings, first..=last);
    Err(if sessions == 0 {
        Msg::PortsTaken { first, last }
    } else {
        Msg::RangeFull {
            first,
            last,
            sessions,
        }
    }
    .into())
}

/// How many ports of `range` serve pages of aide questions still waiting:
/// this project's servers, and the other projects' pages on this machine.
fn questions_on(
    store: &DecisionStore,
    settings: &ServerSettings,
    range: std::ops::RangeInclusive<u16>,
) -> usize {
    let mut ports: std::collections::BTreeSet<u16> = store
        .servers()
        .running()
        .unwrap_or_default()
        .iter()
        .map(|server| server.addr.port())
        .filter(|port| range.contains(port))
        .collect();
    let listed = settings
        .registry
        .as_ref()
        .and_then(|registry| registry.list().ok())
        .unwrap_or_default();
    ports.extend(
        listed
            .iter()
            .filter_map(|l| Some(l.addr?.port()))
            .filter(|port| range.contains(port)),
    );
    ports.len()
}
