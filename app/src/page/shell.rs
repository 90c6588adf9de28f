use super::{PageData, page_body};
use crate::i18n::PageText;
use leptos::prelude::*;

/// The full HTML document of the page, rendered on the server. The
/// hydration script runs in islands mode: only the island hydrates.
pub fn shell(options: LeptosOptions, data: PageData) -> impl IntoView {
    let lang = data.lang;
    let title = format!(
        "{} · {}",
        data.served.pending.input.task(),
        PageText::AppName.get(lang)
    );
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
                <HydrationScripts options islands=true />
            </head>
            <body>{page_body(&data)}</body>
        </html>
    }
}
