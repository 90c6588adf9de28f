//! The proof an app-only call comes from aide's view: a random token of
//! this `aide mcp`, handed out only where MCP Apps hosts pass data to the
//! view and not to the model (the `_meta` of the tools that name the view,
//! and of their results), and sent back by the view's script on every
//! app-only call.
//!
//! It stops a model that calls an app-only tool through a host that keeps
//! `_meta` from it; it cannot stop a model that reads aide's process or
//! controls the host itself (docs/mcp.md, "Who may call the app-only
//! tools").

use crate::secret::Secret;
use rmcp::model::{JsonObject, MetaObject};
use std::sync::OnceLock;

/// The argument every app-only call carries the token in.
pub const ARG: &str = "view_token";
/// The `_meta` key the token travels under.
pub const META_KEY: &str = "aide/viewToken";

/// This process's token (128 bits from the OS, as the page's key);
/// `None` when the OS gave no randomness, and then no app-only call is
/// answered.
fn token() -> Option<&'static Secret> {
    static TOKEN: OnceLock<Option<Secret>> = OnceLock::new();
    TOKEN.get_or_init(|| Secret::generate().ok()).as_ref()
}

/// Whether `given` is the token, compared in constant time.
pub fn holds(given: Option<&str>) -> bool {
    match (token(), given) {
        (Some(token), Some(given)) => token.matches(given.as_bytes()),
        _ => false,
    }
}

/// Adds the token to `meta` (a tool's or a result's `_meta`).
pub fn add_to(meta: &mut JsonObject) {
    if let Some(token) = token() {
        meta.insert(META_KEY.into(), token.expose().into());
    }
}

/// A result's `_meta` carrying the token.
pub fn meta() -> MetaObject {
    let mut meta = JsonObject::new();
    add_to(&mut meta);
    MetaObject(meta)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_token_itself_holds() {
        let token = meta().0[META_KEY].as_str().unwrap().to_owned();
        assert_eq!(token.len(), 32);
        assert!(holds(Some(&token)));
        assert!(!holds(None));
        assert!(!holds(Some("")));
        assert!(!holds(Some(&token[1..])));
        assert!(!holds(Some(&format!("{token}0"))));
    }
}
