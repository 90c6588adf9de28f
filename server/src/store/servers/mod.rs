//! What running processes say about themselves. Each open question's
//! server keeps a notice in the project (`notices`) and an entry in the
//! per-user registry (`registry`), both live notices (`live`): a file
//! beside a lock its process holds for its whole life. The pages
//! of ended questions keep their ports in one process of the user, reached
//! through a door in the registry's folder (`port_lease`, one connection
//! through it: `visit`); `aide mcp
//! --http` keeps its token (`mcp_token`); the page's assets are cached as
//! files for precompressed serving (`assets`); a served session's port and
//! key outlive its server, to serve it again there (`address`).

pub(in crate::store) mod address;
pub(in crate::store) mod assets;
pub(in crate::store) mod live;
pub(in crate::store) mod mcp_token;
pub(in crate::store) mod notice_seen;
pub(in crate::store) mod notices;
pub(in crate::store) mod port_lease;
pub(in crate::store) mod registry;
pub(in crate::store) mod visit;

/// The notices of the servers running for one store, their logs and the
/// address kept for a session (`DecisionStore::servers`).
#[derive(Clone, Copy, Debug)]
pub struct Servers<'a>(pub(in crate::store) &'a crate::store::DecisionStore);
