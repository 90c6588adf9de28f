use super::choice::Picks;
use super::protocol::{ALL_ITEMS_QUERY, Class, Data};
use super::{PageData, page_body};
use crate::i18n::PageText;
use leptos::prelude::*;

/// The full HTML document of the page, rendered on the server.
pub fn shell(options: LeptosOptions, data: PageData) -> impl IntoView {
    let lang = data.lang;
    let input = &data.served.pending.input;
    let base = format!("{} · {}", input.task(), PageText::AppName.get(lang));
    let unanswered = match data.ended {
        Some(_) => 0,
        None => input.items().len() - Picks::from_draft(input, &data.draft).answered(),
    };
    let title = page_title(&base, unanswered);
    let pkg = format!("/{}/{}", options.site_pkg_dir, options.output_name);
    // Without JavaScript nothing would fetch the items a long session's
    // page leaves out: such a browser goes to the page with every item.
    let all_items = data.partial().then(|| {
        view! {
            <noscript>
                <meta http-equiv="refresh" content=format!("0; url={ALL_ITEMS_QUERY}") />
            </noscript>
        }
    });
    view! {
        <!DOCTYPE html>
        <html lang=lang.html_tag()>
            <head>
                <meta charset="utf-8" />
                <meta name="viewport" content="width=device-width, initial-scale=1" />
                <meta name="color-scheme" content="light dark" />
                <title>{title}</title>
                <IslandScript pkg=pkg.clone() />
                <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
                <link rel="stylesheet" href=format!("{pkg}.css") />
                {all_items}
            </head>
            <body>{page_body(&data)}</body>
        </html>
    }
}

/// Loads the WASM and hydrates the page's islands. It comes first in the
/// head, after preload hints for the WASM and the JS glue, so the browser
/// fetches and compiles the WASM (off the main thread) and the glue while
/// it parses the page and lays it out; the islands hydrate as soon as the
/// document is parsed and the module is ready (a deferred module script
/// would wait for the first layout and paint before it even asked for the
/// WASM). Leptos's own islands script
/// waits for the browser to be idle and then walks every node of the
/// document looking for islands; on a page of a thousand items the browser
/// was not idle for seven seconds after the HTML was parsed. The island
/// elements are found with one query instead. A page without an island
/// (its answers are recorded) is marked interactive here, so
/// `data-hydrated` means the same on every page. `pkg` is the bundle's
/// path without an extension (`/pkg/{hash}/aide`).
#[component]
fn IslandScript(pkg: String) -> impl IntoView {
    // The rest of the document is plain HTML: no hydration markers (as
    // Leptos's own `HydrationScripts` does in islands mode).
    if let Some(context) = Owner::current_shared_context() {
        context.set_is_hydrating(false);
    }
    let nonce = leptos::nonce::use_nonce();
    let js = format!("{pkg}.js");
    let wasm = format!("{pkg}.wasm");
    let script = islands_script(&js, &wasm);
    // The preload scanner asks for both before the script runs (the first
    // script of a page waits for the page's JavaScript context), so their
    // responses are in while the main thread is still free, not queued
    // behind the first layout. `crossorigin` makes the preload match the
    // script's `fetch`, which would otherwise download the WASM again.
    view! {
        <link rel="modulepreload" href=js.clone() />
        <link rel="preload" href=wasm.clone() r#as="fetch" crossorigin="anonymous" />
        <script nonce=nonce>{script}</script>
    }
}

/// What the islands script relies on that aide does not write itself:
/// Leptos's island markup and the glue that wasm-bindgen generates. Leptos
/// is pinned exactly (Cargo.toml); the test below renders a real island
/// with the installed Leptos, and `end2end/tests/island.spec.ts` loads
/// the built glue, so an update that changes either fails there.
pub(crate) mod leptos_islands {
    /// The element Leptos wraps each island in.
    pub const TAG: &str = "leptos-island";
    /// Its attribute naming the island's hydration function, which the
    /// glue exports under that name and calls with the island element.
    pub const NAME_ATTR: &str = "data-component";
    /// The glue's default export (its initialiser) takes the compiled
    /// module as this field of its one argument.
    pub const INIT_MODULE: &str = "module_or_path";
    /// The frontend crate's export that starts Leptos's islands runtime.
    pub const HYDRATE: &str = "hydrate";
}

/// The islands script: compiles the WASM at `wasm` as it streams in,
/// loads the glue at `js`, and once the document is parsed hydrates each
/// island; a page without one is marked hydrated at once.
fn islands_script(js: &str, wasm: &str) -> String {
    use leptos_islands::{HYDRATE, INIT_MODULE, NAME_ATTR, TAG};
    let main = Class::Page.on("main");
    let hydrated = Data::Hydrated.name();
    let flag = Data::FLAG;
    format!(
        "const wasm = WebAssembly.compileStreaming(fetch({wasm:?}));\
         import({js:?}).then(async (aide) => {{\
         await aide.default({{ {INIT_MODULE}: wasm }});\
         if (document.readyState === \"loading\") await new Promise((parsed) => document.addEventListener(\"DOMContentLoaded\", parsed, {{ once: true }}));\
         aide.{HYDRATE}();\
         const islands = document.querySelectorAll({TAG:?});\
         for (const island of islands) {{\
         const name = island.getAttribute({NAME_ATTR:?});\
         const hydrate = aide[name];\
         if (hydrate) hydrate(island); else console.error(\"aide: no island \" + name);\
         }}\
         if (islands.length === 0) document.querySelector({main:?})?.setAttribute({hydrated:?}, {flag:?});\
         }});"
    )
}

/// The page's title: the count of unanswered items first, "(3) task · aide",
/// so the tab says that a question waits; the task alone once none is
/// left.
pub(crate) fn page_title(base: &str, unanswered: usize) -> String {
    if unanswered == 0 {
        base.to_owned()
    } else {
        format!("({unanswered}) {base}")
    }
}

/// The title without the count `page_title` put first.
#[cfg_attr(not(feature = "hydrate"), allow(dead_code))]
pub(crate) fn title_base(title: &str) -> &str {
    title
        .strip_prefix('(')
        .and_then(|rest| rest.split_once(") "))
        .filter(|(count, _)| !count.is_empty() && count.bytes().all(|b| b.is_ascii_digit()))
        .map_or(title, |(_, base)| base)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The script finds islands by the tag and reads the attribute that
    /// the installed Leptos writes for the page's real island.
    #[cfg(feature = "ssr")]
    #[test]
    fn the_islands_script_reads_what_leptos_writes() {
        use super::super::live::LiveForm;
        use leptos_islands::{NAME_ATTR, TAG};
        let context = std::sync::Arc::new(hydration_context::SsrSharedContext::new());
        let html =
            Owner::new_root(Some(context)).with(|| view! { <LiveForm>"form"</LiveForm> }.to_html());
        let open = format!("<{TAG} {NAME_ATTR}=\"");
        assert!(
            html.starts_with(&open),
            "Leptos's island markup changed: {html}"
        );
        let name = html[open.len()..].split('"').next().unwrap_or_default();
        let hash = name.strip_prefix("LiveForm_").unwrap_or_default();
        assert!(
            !hash.is_empty() && hash.bytes().all(|b| b.is_ascii_digit()),
            "the island's hydration function is named otherwise: {name}"
        );
        assert!(html.ends_with(&format!("</{TAG}>")), "{html}");
        let script = islands_script("/pkg/h/aide.js", "/pkg/h/aide.wasm");
        assert!(
            script.contains(&format!("querySelectorAll({TAG:?})")),
            "{script}"
        );
        assert!(
            script.contains(&format!("getAttribute({NAME_ATTR:?})")),
            "{script}"
        );
    }

    #[test]
    fn the_title_counts_what_is_left_and_the_count_comes_off_again() {
        assert_eq!(page_title("t · aide", 3), "(3) t · aide");
        assert_eq!(page_title("t · aide", 0), "t · aide");
        assert_eq!(title_base("(3) t · aide"), "t · aide");
        assert_eq!(title_base("t · aide"), "t · aide");
        assert_eq!(
            title_base("(draft) t"),
            "(draft) t",
            "a task in brackets stays"
        );
        assert_eq!(title_base(&page_title("(2) t", 5)), "(2) t");
    }
}
