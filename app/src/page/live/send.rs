//! The form as the island sends it: its own fields, URL-encoded, to the
//! routes of `protocol`. The server reads them with the same `FormAnswers`
//! that reads a form posted without JavaScript. The form is sent only once
//! every item is in it (see `more`).

use super::Live;
use super::request::request;
use crate::i18n::PageText;
use crate::page::protocol::{Field, Refusal, Route};
use wasm_bindgen::JsValue;
use wasm_bindgen_futures::JsFuture;
use web_sys::{FormData, HtmlFormElement, Response, UrlSearchParams};

/// Saves the form as the draft; `false` when it was not saved.
pub(super) async fn draft(live: Live) -> bool {
    let Some(form) = whole_form(live).await else {
        return false;
    };
    matches!(send(&form, "PUT", Route::Draft).await, Ok(response) if response.ok())
}

/// Submits the form; on failure, the message to show.
pub(super) async fn decisions(live: Live) -> Result<(), String> {
    let lang = live.lang;
    let Some(form) = whole_form(live).await else {
        return Err(PageText::ItemsFailed.get(lang));
    };
    let lost = || PageText::ConnectionLost.get(lang);
    let response = send(&form, "POST", Route::Decisions)
        .await
        .map_err(|_| lost())?;
    if response.ok() {
        return Ok(());
    }
    let status = response.status();
    let fallback = || format!("HTTP {status}");
    let text = match response.text() {
        Ok(promise) => JsFuture::from(promise)
            .await
            .ok()
            .and_then(|t| t.as_string()),
        Err(_) => None,
    };
    Err(text
        .and_then(|t| Refusal::error_in(&t))
        .unwrap_or_else(fallback))
}

/// The form, once every item is in it.
async fn whole_form(live: Live) -> Option<HtmlFormElement> {
    live.all_in().await.then(|| live.form.clone())
}

/// Sends the form's fields with `method` to `route`.
async fn send(form: &HtmlFormElement, method: &str, route: Route) -> Result<Response, JsValue> {
    let fields = FormData::new_with_form(form)?;
    let body = UrlSearchParams::new_with_str_sequence_sequence(&fields)?;
    let session = fields
        .get(&Field::Session.name())
        .as_string()
        .unwrap_or_default();
    request(
        method,
        route.path(),
        &session,
        Some(body.to_string().into()),
    )
    .await
}
