use super::choice::Picks;
use super::protocol::{ALL_ITEMS_QUERY, DomId};
use super::{PageData, page_body};
use crate::i18n::PageText;
use leptos::prelude::*;

/// The page's stylesheet (cargo-leptos's `aide.css`), which the server
/// embeds and the page carries inline, in a `<style>` with the request's
/// nonce. Linked, it was one more request at the start of every load, and
/// the end of parsing waited for it (the scripts Leptos writes after the
/// body wait for a pending stylesheet), and the island with it: inline,
/// a 10-item page was hydrated 2 to 14% sooner (three runs of
/// alternating loads, `bench/upstream.md`). It is about 3 KB compressed,
/// sent with each page instead of cached. Empty when the binary has no
/// bundle: the page then has no style.
#[derive(Clone, Copy, Debug, Default)]
pub struct Stylesheet(&'static str);

impl Stylesheet {
    /// The stylesheet `css`, unless it could end its `<style>` element
    /// (`</style`, in any case): then `None`.
    pub fn new(css: &'static str) -> Option<Self> {
        let ends = css
            .as_bytes()
            .windows(7)
            .any(|w| w.eq_ignore_ascii_case(b"</style"));
        (!ends).then_some(Stylesheet(css))
    }

    /// Its text.
    pub fn text(self) -> &'static str {
        self.0
    }
}

/// The full HTML document of the page, rendered on the server.
pub fn shell(options: LeptosOptions, data: PageData, style: Stylesheet) -> impl IntoView {
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
    let nonce = leptos::nonce::use_nonce();
    let css = style.text();
    // The sheets of what only some pages show.
    let sheets = super::sheets::sheets(&data)
        .map(|css| view! { <style nonce=nonce.clone() inner_html=css></style> })
        .collect_view();
    let style = (!css.is_empty()).then(|| view! { <style nonce=nonce inner_html=css></style> });
    view! {
        <!DOCTYPE html>
        <html lang=lang.html_tag()>
            <head>
                {head_start(title)}
                <IslandScript pkg=pkg.clone() />
                {style}
                {sheets}
                {all_items}
            </head>
            <body>{page_body(&data)}</body>
        </html>
    }
}

/// What every page of aide's begins its head with: the encoding, the
/// viewport, both colour schemes, its title and aide's icon.
pub(super) fn head_start(title: String) -> impl IntoView {
    view! {
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <title>{title}</title>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    }
}

/// Loads the WASM and hydrates the page's islands: the JS glue as a module
/// script, so it runs once the document is parsed and before
/// `DOMContentLoaded`. The glue carries the WASM's bytes as hex text in one
/// more export ([`WASM_EXPORT`]) and ends with the page's start
/// (`frontend/start.js`), both written by `server/build.rs`: the bytes are
/// in when the module runs, so nothing queues between the parse's end and
/// the island (fetched beside the glue, or as a `.wasm` compiled while it
/// streamed, they came in after it, or behind the first layout), and the
/// page carries the script's address only; its start is cached with the
/// glue. In the head, the preload scanner asks for it at once.
///
/// The script holds the first frame back (`blocking="render"`) for at
/// most [`FRAME_HELD_MS`], so the island wakes before the page's first
/// layout (which in a fresh renderer costs tens of milliseconds, most of
/// it font lookups) instead of behind it, as the hand-written upstream
/// page binds its handlers before its cards are laid out. A second script
/// lets go of the frame after [`FRAME_HELD_MS`] (Chromium draws once the
/// attribute goes): on a slow link the plain form is shown then and
/// takes choices while the WASM is on its way
/// (`end2end/tests/early.spec.ts` holds it back). The figures, and what
/// was tried, are in `bench/upstream.md`.
/// `pkg` is the bundle's path without an extension (`/pkg/{hash}/aide`).
#[component]
fn IslandScript(pkg: String) -> impl IntoView {
    // The rest of the document is plain HTML: no hydration markers (as
    // Leptos's own `HydrationScripts` does in islands mode).
    if let Some(context) = Owner::current_shared_context() {
        context.set_is_hydrating(false);
    }
    let nonce = leptos::nonce::use_nonce();
    let id = DomId::IslandScript.get();
    let let_go = let_go_script(&id);
    // From this server (`script-src 'self'`): it needs no nonce.
    view! {
        <script r#type="module" blocking="render" id=id src=format!("{pkg}.js")></script>
        <script nonce=nonce>{let_go}</script>
    }
}

/// How long the islands script may hold the first frame back: the island
/// wakes in about 100 ms on a local link; on a slower one the plain form
/// is shown after this and takes choices until the island wakes.
const FRAME_HELD_MS: u32 = 250;

/// The script that lets go of the first frame after [`FRAME_HELD_MS`]:
/// it takes `render` off the islands script (with id `id`).
fn let_go_script(id: &str) -> String {
    format!(
        "setTimeout(()=>document.getElementById({id:?})?.removeAttribute(\"blocking\"),{FRAME_HELD_MS})"
    )
}

/// What the page's start (`frontend/start.js`) relies on that aide does
/// not write itself: Leptos's island markup and the glue that wasm-bindgen
/// generates. Leptos is pinned exactly (Cargo.toml); the test below renders
/// a real island with the installed Leptos and checks the start against
/// these names, and `end2end/tests/island.spec.ts` loads the built glue,
/// so an update that changes either fails there.
#[cfg(test)]
pub(crate) mod leptos_islands {
    /// The element Leptos wraps each island in.
    pub const TAG: &str = "leptos-island";
    /// Its attribute naming the island's hydration function, which the
    /// glue exports under that name and calls with the island element.
    pub const NAME_ATTR: &str = "data-component";
    /// The glue's synchronous initialiser: it compiles and instantiates
    /// the WASM given in the field [`INIT_MODULE`] of its one argument.
    pub const INIT_SYNC: &str = "initSync";
    /// That field: the WASM's bytes (or a compiled module).
    pub const INIT_MODULE: &str = "module";
    /// The frontend crate's export that starts Leptos's islands runtime.
    pub const HYDRATE: &str = "hydrate";
}

/// The glue's export that holds the WASM's bytes: `server/build.rs`
/// appends it to the glue that wasm-bindgen wrote, and the page's start
/// passes it to the glue's `initSync`.
pub const WASM_EXPORT: &str = "aide_wasm";

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

    use super::super::protocol::{Class, Data};

    /// The page's start, as `server/build.rs` appends it to the glue.
    const START: &str = include_str!("../../../frontend/start.js");

    /// The start finds islands by the tag and reads the attribute that the
    /// installed Leptos writes for the page's real island, calls the glue
    /// by its exports, and marks a page without an island as the page's
    /// own code reads it.
    #[cfg(feature = "ssr")]
    #[test]
    fn the_start_reads_what_leptos_writes() {
        use super::super::live::LiveForm;
        use leptos_islands::{HYDRATE, INIT_MODULE, INIT_SYNC, NAME_ATTR, TAG};
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
        for wanted in [
            format!("querySelectorAll({TAG:?})"),
            format!("getAttribute({NAME_ATTR:?})"),
            format!("glue.{INIT_SYNC}({{ {INIT_MODULE}: glue.{WASM_EXPORT} }})"),
            format!("glue.{HYDRATE}()"),
            format!("querySelector({:?})", Class::Page.on("main")),
            format!(
                "setAttribute({:?}, {:?})",
                Data::Hydrated.name(),
                Data::FLAG
            ),
        ] {
            assert!(START.contains(&wanted), "the start lacks {wanted}");
        }
    }

    /// The island's script is the glue itself, a module that holds the
    /// first frame back, and a second script lets go of it in time.
    #[cfg(feature = "ssr")]
    #[test]
    fn the_islands_script_is_a_module_that_holds_the_first_frame_for_a_moment() {
        let context = std::sync::Arc::new(hydration_context::SsrSharedContext::new());
        let html = Owner::new_root(Some(context))
            .with(|| view! { <IslandScript pkg="/pkg/h/aide".to_owned() /> }.to_html());
        assert!(
            html.contains(
                "<script type=\"module\" blocking=\"render\" id=\"island-script\" src=\"/pkg/h/aide.js\"></script>"
            ),
            "{html}"
        );
        assert!(
            html.contains(&format!(
                "<script>setTimeout(()=>document.getElementById(\"island-script\")?.removeAttribute(\"blocking\"),{FRAME_HELD_MS})</script>"
            )),
            "{html}"
        );
        assert!(!html.contains("modulepreload"), "{html}");
    }

    #[test]
    fn a_stylesheet_that_could_end_its_element_is_refused() {
        assert_eq!(
            Stylesheet::new("a>b{color:red}").map(Stylesheet::text),
            Some("a>b{color:red}")
        );
        assert!(Stylesheet::new("a{}</style><script>").is_none());
        assert!(Stylesheet::new("a{}</STYLE >").is_none());
        assert_eq!(Stylesheet::default().text(), "");
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
