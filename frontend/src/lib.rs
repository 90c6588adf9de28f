//! The WASM entry: hydrates the page's islands (the server renders the
//! rest as plain HTML).

// Links the app crate, whose islands export their hydration functions.
#[allow(unused_imports)]
use app::page::live::LiveForm;
use wasm_bindgen::prelude::wasm_bindgen;

/// Called by the page's start (`frontend/start.js`), which `server/build.rs`
/// appends to the JS glue.
#[wasm_bindgen]
pub fn hydrate() {
    leptos::mount::hydrate_islands();
}
