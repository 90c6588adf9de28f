//! Learning how the session ended while the page is open: the island keeps
//! one long poll of [`Route::Outcome`] in flight. When another page
//! answers, the agent withdraws the question or a newer one replaces it,
//! the server answers at once with the screen to show, and the form gives
//! way to it.
//!
//! The poll starts once the page has loaded (`load`), not as the island
//! wakes: the server answers it at once whenever the session has already
//! ended, so nothing is missed, and the page's first request from the WASM
//! no longer runs before the island is marked interactive.

use super::request::{request, session_of};
use super::{Live, Phase, more::pause};
use crate::page::protocol::Route;
use leptos::prelude::*;
use wasm_bindgen_futures::JsFuture;

/// How long to wait before asking again after a failed request (the
/// server restarting, or gone).
const RETRY_MS: i32 = 3000;

/// Starts the poll; it ends once the session has ended.
pub(super) fn watch(live: Live) {
    leptos::task::spawn_local(async move {
        loaded().await;
        let session = session_of();
        loop {
            if live.with_phase(|phase| *phase == Phase::Done) {
                return;
            }
            match request("GET", Route::Outcome.path(), &session, None).await {
                // Still open: the server held the request as long as it
                // may; ask again.
                Ok(response) if response.status() == 204 => continue,
                Ok(response) if response.ok() => {
                    let text = match response.text() {
                        Ok(promise) => JsFuture::from(promise).await.ok(),
                        Err(_) => None,
                    };
                    if let Some(html) = text.and_then(|t| t.as_string()) {
                        live.set_ended(html);
                        return;
                    }
                    pause(RETRY_MS).await;
                }
                _ => pause(RETRY_MS).await,
            }
        }
    });
}

/// Resolves once the page has loaded: at once if it has.
async fn loaded() {
    if document().ready_state() == "complete" {
        return;
    }
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let _ = window().add_event_listener_with_callback("load", &resolve);
    });
    let _ = JsFuture::from(promise).await;
}
