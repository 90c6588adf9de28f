//! The items a long session's page left out: the island fetches them from
//! the server, a batch at a time, and puts each in place of its stub. Until
//! every item is in the form nothing is saved or sent ([`all_items`]), so
//! no answer of an item not yet here is lost.

use super::fields::position_of;
use super::request::request;
use super::{Live, Rest, tally};
use crate::Lang;
use crate::i18n::PageText;
use crate::page::protocol::{Class, Data, DomId, ItemsQuery, Refusal, Route};
use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{Element, HtmlTemplateElement};

/// How often a batch is asked for before the page gives up on it.
const ATTEMPTS: u32 = 3;

/// Starts fetching the items the page left out, if it left any.
pub(super) fn load_rest(live: Live) {
    if live.rest() != Rest::Loading {
        return;
    }
    leptos::task::spawn_local(async move {
        let rest = match load_all(live).await {
            Ok(()) => {
                if let Some(line) = document().get_element_by_id(&DomId::MoreItems.get()) {
                    line.remove();
                }
                Rest::Loaded
            }
            Err(message) => {
                show_failure(&message);
                Rest::Failed
            }
        };
        live.set_rest(rest);
    });
}

/// Fetches batches until no stub is left; on failure, the message to show.
async fn load_all(live: Live) -> Result<(), String> {
    let lang = live.lang;
    let session = super::request::session_of();
    while let Some(stub) = first_stub() {
        let from = position_of(&stub).ok_or_else(|| failed(lang))?;
        let query = ItemsQuery {
            item: None,
            from,
            inline_images: false,
        };
        let html = fetch_batch(query, &session, lang).await?;
        if insert(live, &html) == 0 {
            // The server sent nothing for this stub: asking again would not
            // change that.
            return Err(failed(lang));
        }
    }
    Ok(())
}

fn first_stub() -> Option<Element> {
    document()
        .query_selector(&Class::Stub.on("fieldset"))
        .ok()
        .flatten()
}

fn failed(lang: Lang) -> String {
    PageText::ItemsFailed.get(lang)
}

/// One batch of items as server HTML, asked for up to [`ATTEMPTS`] times
/// while the server cannot be reached; a refusal (the session was
/// replaced or answered meanwhile) is final.
async fn fetch_batch(query: ItemsQuery, session: &str, lang: Lang) -> Result<String, String> {
    let mut attempt = 1;
    loop {
        match fetch_once(query, session).await {
            Ok(html) => return Ok(html),
            Err(Some(refusal)) => return Err(refusal),
            Err(None) if attempt >= ATTEMPTS => return Err(failed(lang)),
            Err(None) => {
                pause(300 * attempt as i32).await;
                attempt += 1;
            }
        }
    }
}

/// `Err(Some(reason))` when the server refused, `Err(None)` when it could
/// not be reached or sent no body.
async fn fetch_once(query: ItemsQuery, session: &str) -> Result<String, Option<String>> {
    let request = async {
        let params = web_sys::UrlSearchParams::new()?;
        params.append("from", &query.from.to_string());
        let url = format!(
            "{}?{}",
            Route::Items.path(),
            String::from(params.to_string())
        );
        let response = request("GET", &url, session, None).await?;
        let text = JsFuture::from(response.text()?).await?;
        Ok::<_, JsValue>((response.ok(), text.as_string().unwrap_or_default()))
    };
    match request.await {
        Ok((true, html)) => Ok(html),
        Ok((false, body)) => Err(Refusal::error_in(&body)),
        Err(_) => Err(None),
    }
}

/// Puts each item of `html` in place of its stub and reads it; returns
/// how many were put in place.
fn insert(live: Live, html: &str) -> usize {
    let Some(template) = document()
        .create_element("template")
        .ok()
        .and_then(|t| t.dyn_into::<HtmlTemplateElement>().ok())
    else {
        return 0;
    };
    template.set_inner_html(html);
    let arrived = template.content().children();
    // Collected first: putting one in place takes it out of the template.
    let items: Vec<Element> = (0..arrived.length())
        .filter_map(|i| arrived.item(i))
        .collect();
    let mut placed = 0;
    for item in items {
        let Some(stub) = document().get_element_by_id(&item.id()) else {
            continue;
        };
        if stub.replace_with_with_node_1(&item).is_ok() {
            placed += 1;
            // The server's draft may have moved on since the page was
            // rendered: the item as it arrived is the truth.
            tally::reread(live, &item);
            super::show::enable_follow(&item);
        }
    }
    if placed > 0 {
        tally::recount(live);
    }
    placed
}

/// Says on the page that some items could not be fetched.
fn show_failure(message: &str) {
    if let Some(line) = document().get_element_by_id(&DomId::MoreItems.get()) {
        let _ = line.set_attribute(Data::Failed.name(), Data::FLAG);
        if let Ok(Some(text)) = line.query_selector(&Class::MoreItemsText.on("*")) {
            text.set_text_content(Some(message));
        }
    }
}

/// Resolves after `ms` milliseconds.
pub(super) async fn pause(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let _ = window().set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms);
    });
    let _ = JsFuture::from(promise).await;
}
