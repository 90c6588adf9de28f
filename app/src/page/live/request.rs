//! One request of the page to its server, naming the session the page
//! shows: what the form's sends (`send`) and the item batches (`more`)
//! go through.

use crate::page::protocol::{FORM_MEDIA_TYPE, Field, PAGE_HEADER, SESSION_HEADER};
use leptos::prelude::*;
use std::sync::OnceLock;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{Headers, HtmlInputElement, RequestInit, Response};

/// One request of the page to its server: `url`, naming the session the
/// page shows; a `body` goes as the form's fields, URL-encoded.
pub(super) async fn request(
    method: &str,
    url: &str,
    session: &str,
    body: Option<String>,
) -> Result<Response, JsValue> {
    let headers = Headers::new()?;
    headers.set(SESSION_HEADER, session)?;
    headers.set(PAGE_HEADER, page_id())?;
    let init = RequestInit::new();
    init.set_method(method);
    if let Some(body) = body {
        headers.set("content-type", FORM_MEDIA_TYPE)?;
        init.set_body(&JsValue::from(body));
    }
    init.set_headers(&headers);
    let response = JsFuture::from(window().fetch_with_str_and_init(url, &init)).await?;
    response.dyn_into::<Response>()
}

/// The session the page shows, from the form's hidden field.
pub(super) fn session_of() -> String {
    document()
        .query_selector(&format!("input[name={}]", Field::Session.name()))
        .ok()
        .flatten()
        .and_then(|i| i.dyn_into::<HtmlInputElement>().ok())
        .map(|i| i.value())
        .unwrap_or_default()
}

/// This open page's id, picked once: the server counts each page that
/// learned how the session ended once.
fn page_id() -> &'static str {
    static ID: OnceLock<String> = OnceLock::new();
    ID.get_or_init(|| {
        let random = js_sys::Math::random() * 2f64.powi(52);
        // A whole number below 2^52, so the cast loses nothing.
        format!("{:x}", random as u64)
    })
}
