//! The rulings page (`/rulings`, issue 56): where the person, holding the
//! page's key, grants a standing ruling from an answer of theirs, revokes
//! one, or pauses them all. Plain server HTML and forms, so it works
//! without JavaScript; every text from the catalogue. A change is asked
//! against the stamps the page was shown: of two pages changing the rulings
//! at once, one wins and the other is told (409) what happened.

use super::lang::RequestLang;
use super::markdown::escape_html;
use super::state::AppState;
use crate::rulings::{GrantForm, RulingError, RulingsShown, grant, revoke, set_paused, shown};
use crate::store::{DecisionStore, StoreError, blocking};
use app::i18n::{Msg, RulesMsg, RulesText};
use app::page::Route;
use app::{Answer, DecisionRecord, Lang, SessionId};
use axum::Extension;
use axum::body::Bytes;
use axum::extract::{Query, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use std::collections::HashMap;

/// What the page shows: a record's answers, the rulings, and a notice.
struct Page {
    record: Option<DecisionRecord>,
    here: bool,
    shown: Result<RulingsShown, String>,
    notice: Option<(bool, String)>,
}

/// `GET /rulings?session=ID`.
pub async fn page(
    State(state): State<AppState>,
    Extension(RequestLang { lang, .. }): Extension<RequestLang>,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    let session = session_of(&state, query.get("session"));
    let store = state.store().clone();
    let page = blocking(move || Ok::<_, StoreError>(load(&store, &session, lang, None))).await;
    match page {
        Ok(page) => respond(StatusCode::OK, &page, lang),
        Err(_) => StatusCode::INTERNAL_SERVER_ERROR.into_response(),
    }
}

/// `POST /rulings`: `action` = grant, revoke, pause or resume.
pub async fn act(
    State(state): State<AppState>,
    Extension(RequestLang { lang, .. }): Extension<RequestLang>,
    body: Bytes,
) -> Response {
    let Ok(pairs) = serde_urlencoded::from_bytes::<Vec<(String, String)>>(&body) else {
        return StatusCode::BAD_REQUEST.into_response();
    };
    let field = |name: &str| {
        pairs
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.clone())
            .unwrap_or_default()
    };
    let session = session_of(&state, Some(&field("session")));
    let seen = field("seen")
        .split_once(':')
        .and_then(|(p, u)| Some((p.parse::<u64>().ok()?, u.parse::<u64>().ok()?)));
    let action = field("action");
    let form = GrantForm {
        session: Some(session.clone()),
        item: field("item").parse().ok(),
        scope: field("scope"),
        path: field("path"),
        until: field("until"),
        seen,
    };
    let id = field("id");
    let store = state.store().clone();
    let done = blocking(move || {
        let done: Result<Msg, RulingError> = match action.as_str() {
            "grant" => grant(&store, &form).map(|id| Msg::Rules(RulesMsg::Granted { id })),
            "revoke" => revoke(&store, &id, seen).map(|()| Msg::Rules(RulesMsg::Revoked { id })),
            "pause" => set_paused(&store, true).map(|()| Msg::Rules(RulesMsg::Paused)),
            "resume" => set_paused(&store, false).map(|()| Msg::Rules(RulesMsg::Resumed)),
            _ => Err(RulingError::Msg(Msg::Rules(RulesMsg::NoRuling {
                id: app::i18n::echo(&action),
            }))),
        };
        let status = match &done {
            Ok(_) => StatusCode::OK,
            Err(RulingError::Store(StoreError::RulingsChanged)) => StatusCode::CONFLICT,
            Err(_) => StatusCode::BAD_REQUEST,
        };
        let notice = match done {
            Ok(msg) => (true, msg.text(lang)),
            Err(error) => (false, said(&error, lang)),
        };
        Ok::<_, StoreError>((status, load(&store, &session, lang, Some(notice))))
    })
    .await;
    match done {
        Ok((status, page)) => respond(status, &page, lang),
        Err(_) => StatusCode::INTERNAL_SERVER_ERROR.into_response(),
    }
}

/// The page as a response: in the decision page's style (its stylesheet
/// and the rules of what only some pages show, among them this page's),
/// inline under the request's nonce as the decision page carries them,
/// and never stored.
fn respond(status: StatusCode, page: &Page, lang: Lang) -> Response {
    let Ok(nonce) = super::access::random_nonce() else {
        return StatusCode::INTERNAL_SERVER_ERROR.into_response();
    };
    let style = format!(
        "<style nonce=\"{nonce}\">{}{}</style>",
        super::assets::stylesheet().text(),
        app::page::OCCASIONAL_STYLE,
    );
    let mut response = (status, Html(render(page, lang, &style))).into_response();
    super::error::no_store(&mut response);
    if let Ok(csp) = HeaderValue::from_str(&super::guard::page_csp(&nonce)) {
        response
            .headers_mut()
            .insert(header::CONTENT_SECURITY_POLICY, csp);
    }
    response
}

/// An error as the person reads it: its line and its hint.
fn said(error: &RulingError, lang: Lang) -> String {
    let msg = error.message(lang);
    match msg.hint(lang) {
        Some(hint) => format!("{} {hint}", msg.text(lang)),
        None => msg.text(lang),
    }
}

/// The session named, or the one this server serves.
fn session_of(state: &AppState, named: Option<&String>) -> SessionId {
    named
        .and_then(|text| text.parse().ok())
        .unwrap_or_else(|| state.served().pending.meta.session_id.clone())
}

fn load(
    store: &DecisionStore,
    session: &SessionId,
    lang: Lang,
    notice: Option<(bool, String)>,
) -> Page {
    let record = store.records().load(session).ok().flatten();
    let words = crate::search::Words::default();
    let here =
        crate::search::decided_here(store, &words).is_ok_and(|here| here.holds(store, session));
    let shown = shown(store).map_err(|error| said(&error, lang));
    Page {
        record,
        here,
        shown,
        notice,
    }
}

fn render(page: &Page, lang: Lang, style: &str) -> String {
    let t = |text: RulesText| escape_html(&text.text(lang));
    let action = Route::Rulings.path();
    let seen = match &page.shown {
        Ok(shown) => format!("{}:{}", shown.stamps.0, shown.stamps.1),
        Err(_) => String::new(),
    };
    let mut html = format!(
        "<!DOCTYPE html><html lang=\"{}\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{}</title><link rel=\"icon\" href=\"/favicon.svg\" type=\"image/svg+xml\">{style}</head><body><main class=\"page rulings\"><h1>{}</h1><p>{}</p>",
        lang.html_tag(),
        t(RulesText::Title),
        t(RulesText::Title),
        t(RulesText::Intro),
    );
    if let Some((ok, text)) = &page.notice {
        let (class, role) = if *ok {
            ("notice", "status")
        } else {
            ("refused", "alert")
        };
        html.push_str(&format!(
            "<p class=\"{class}\" role=\"{role}\">{}</p>",
            escape_html(text)
        ));
    }
    if let Some(record) = &page.record {
        if page.here {
            grant_forms(&mut html, record, &seen, lang);
        } else {
            let text = Msg::Rules(RulesMsg::NotDecidedHere {
                session: record.session_id.to_string(),
            })
            .text(lang);
            html.push_str(&format!("<p class=\"refused\">{}</p>", escape_html(&text)));
        }
    }
    html.push_str(&format!("<h2>{}</h2>", t(RulesText::Current)));
    match &page.shown {
        Err(text) => html.push_str(&format!(
            "<p class=\"refused\" role=\"alert\">{}</p>",
            escape_html(text)
        )),
        Ok(shown) => listed(&mut html, shown, &seen, lang),
    }
    let _ = action;
    html.push_str("</main></body></html>");
    html
}

/// A form per item the person answered with one option.
fn grant_forms(html: &mut String, record: &DecisionRecord, seen: &str, lang: Lang) {
    let t = |text: RulesText| escape_html(&text.text(lang));
    let session = escape_html(&record.session_id.to_string());
    for decision in record.output.decisions() {
        let value = match (decision.answer(), decision.by()) {
            (Answer::Chosen(value), by) if by.is_person() => value,
            (Answer::ChosenMany(values), by) if by.is_person() && values.len() == 1 => &values[0],
            _ => continue,
        };
        let Some(item) = record.input.input.item(decision.id()) else {
            continue;
        };
        let label = item.option(value).map_or(value.as_str(), |o| o.label());
        let id = decision.id().get();
        html.push_str(&format!(
            "<form method=\"post\" action=\"{}\" class=\"grant\" id=\"grant-{id}\" data-item=\"{id}\"><fieldset><legend>{}</legend><p>{}</p>\
<input type=\"hidden\" name=\"action\" value=\"grant\"><input type=\"hidden\" name=\"session\" value=\"{session}\"><input type=\"hidden\" name=\"item\" value=\"{id}\"><input type=\"hidden\" name=\"seen\" value=\"{seen}\">\
<label><input type=\"radio\" name=\"scope\" value=\"project\" checked> {}</label> <label><input type=\"radio\" name=\"scope\" value=\"all\"> {}</label><br>\
<label>{} <input name=\"path\" value=\"\"></label><br><label>{} <input type=\"date\" name=\"until\"></label><br>\
<button type=\"submit\">{}</button></fieldset></form>",
            Route::Rulings.path(),
            escape_html(item.title()),
            escape_html(&RulesText::AnswerLike { answer: label.to_owned() }.text(lang)),
            t(RulesText::ScopeProject),
            t(RulesText::ScopeAll),
            t(RulesText::PathLabel),
            t(RulesText::UntilLabel),
            t(RulesText::Grant),
        ));
    }
}

/// The rulings, each with its revoke button, and the pause switch.
fn listed(html: &mut String, shown: &RulingsShown, seen: &str, lang: Lang) {
    let t = |text: RulesText| escape_html(&text.text(lang));
    let action = Route::Rulings.path();
    if shown.paused {
        html.push_str(&format!(
            "<p class=\"paused\">{}</p>",
            escape_html(&Msg::Rules(RulesMsg::PausedNote).text(lang))
        ));
    }
    let (switch, label) = if shown.paused {
        ("resume", t(RulesText::Resume))
    } else {
        ("pause", t(RulesText::Pause))
    };
    html.push_str(&format!(
        "<form method=\"post\" action=\"{action}\" class=\"pause\"><input type=\"hidden\" name=\"action\" value=\"{switch}\"><button type=\"submit\">{label}</button></form>"
    ));
    if shown.rulings.is_empty() {
        let text = Msg::Rules(RulesMsg::NoRulings {
            paused: shown.paused,
        })
        .text(lang);
        html.push_str(&format!("<p class=\"none\">{}</p>", escape_html(&text)));
        return;
    }
    html.push_str("<ul class=\"rulings-list\">");
    for r in &shown.rulings {
        let line = Msg::Rules(crate::rulings::line(r)).text(lang);
        let id = escape_html(&r.id);
        html.push_str(&format!(
            "<li id=\"ruling-{id}\" data-ruling=\"{id}\">{}<form method=\"post\" action=\"{action}\" class=\"revoke\"><input type=\"hidden\" name=\"action\" value=\"revoke\"><input type=\"hidden\" name=\"id\" value=\"{id}\"><input type=\"hidden\" name=\"seen\" value=\"{seen}\"><button type=\"submit\">{}</button></form></li>",
            escape_html(&line),
            t(RulesText::Revoke),
        ));
    }
    html.push_str("</ul>");
}
