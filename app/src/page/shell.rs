use super::{App, PageData};
use crate::i18n::PageText;
use leptos::prelude::*;

/// The id of the `<script type="application/json">` that carries the page
/// data from the server to the WASM.
pub const DATA_ELEMENT_ID: &str = "aide-data";

/// The full HTML document around `App`, rendered on the server.
pub fn shell(options: LeptosOptions, data: PageData) -> impl IntoView {
    let lang = data.lang;
    let title = format!("{} · {}", data.input.task(), PageText::AppName.get(lang));
    let json = data.to_script_json();
    let pkg = format!("/{}/{}", options.site_pkg_dir, options.output_name);
    view! {
        <!DOCTYPE html>
        <html lang=lang.html_tag()>
            <head>
                <meta charset="utf-8" />
                <meta name="viewport" content="width=device-width, initial-scale=1" />
                <meta name="color-scheme" content="light dark" />
                <title>{title}</title>
                <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
                <link rel="stylesheet" href=format!("{pkg}.css") />
                <script type="application/json" id=DATA_ELEMENT_ID inner_html=json></script>
                <HydrationScripts options />
            </head>
            <body>
                <App data />
            </body>
        </html>
    }
}

impl PageData {
    /// JSON that is safe inside a `<script>` element: `<`, `>` and `&` are
    /// written as `\u003c` etc., so no input text can close the element.
    pub fn to_script_json(&self) -> String {
        serde_json::to_string(self)
            .unwrap_or_default()
            .replace('<', "\\u003c")
            .replace('>', "\\u003e")
            .replace('&', "\\u0026")
    }

    /// Reads the page data back from the document (in the browser).
    #[cfg(feature = "hydrate")]
    pub fn from_document() -> Result<Self, String> {
        let text = leptos::prelude::document()
            .get_element_by_id(DATA_ELEMENT_ID)
            .and_then(|element| element.text_content())
            .ok_or_else(|| format!("#{DATA_ELEMENT_ID} is missing"))?;
        serde_json::from_str(&text).map_err(|e| e.to_string())
    }
}
