//! One request of the page to its server, naming the session the page
//! shows: what the form's sends (`send`) and the item batches (`more`)
//! go through.

use crate::page::protocol::{FORM_MEDIA_TYPE, SESSION_HEADER};
use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{Headers, RequestInit, Response};

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
