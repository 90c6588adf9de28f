//! The WASM entry: reads the page data the server embedded and hydrates the
//! server-rendered page with the same `App`.

use app::page::{App, PageData};
use leptos::prelude::*;
use wasm_bindgen::prelude::wasm_bindgen;

/// Called by the hydration script that the server puts into the page.
#[wasm_bindgen]
pub fn hydrate() {
    console_error_panic_hook::set_once();
    match PageData::from_document() {
        Ok(data) => leptos::mount::hydrate_body(move || view! { <App data /> }),
        // Without data the server-rendered form still works as plain HTML.
        Err(error) => leptos::logging::error!("aide: cannot read the page data: {error}"),
    }
}
