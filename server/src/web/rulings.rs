//! The rulings page (`/rulings`, issue 56): where the person, holding the
//! page's key, grants a standing ruling from an answer of theirs, revokes
//! one, or pauses them all: what it shows is gathered here and written by
//! `app::page::RulingsPage` (plain HTML and forms, so it works without
//! JavaScript; every text from the catalogue). A change is asked
//! against the stamps the page was shown: of two pages changing the rulings
//! at once, one wins and the other is told (409) what happened.

use super::lang::RequestLang;
use super::state::AppState;
use crate::rulings::{GrantForm, RulingError, grant, revoke, set_paused, shown};
use crate::store::{DecisionStore, StoreError, blocking};
use app::i18n::{Msg, RulesMsg};
use app::page::{Grantable, Granted, Notice, RulingsListed, RulingsPage};
use app::{Answer, DecisionRecord, Lang, SessionId};
use axum::Extension;
use axum::body::Bytes;
use axum::extract::{Query, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use std::collections::HashMap;

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
        Ok(page) => respond(StatusCode::OK, &page),
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
            Ok(msg) => Notice {
                done: true,
                text: msg.text(lang),
            },
            Err(error) => Notice {
                done: false,
                text: said(&error, lang),
            },
        };
        Ok::<_, StoreError>((status, load(&store, &session, lang, Some(notice))))
    })
    .await;
    match done {
        Ok((status, page)) => respond(status, &page),
        Err(_) => StatusCode::INTERNAL_SERVER_ERROR.into_response(),
    }
}

/// The page as a response: in the decision page's style (its stylesheet
/// and the rules of what only some pages show, among them this page's),
/// inline under the request's nonce as the decision page carries them,
/// and never stored.
fn respond(status: StatusCode, page: &RulingsPage) -> Response {
    let Ok(nonce) = super::access::random_nonce() else {
        return StatusCode::INTERNAL_SERVER_ERROR.into_response();
    };
    let style = format!(
        "{}{}",
        super::assets::stylesheet().text(),
        app::page::OCCASIONAL_STYLE
    );
    let mut response = (status, Html(page.html(&style, &nonce))).into_response();
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

/// What the page shows: the record's answers a ruling can be granted
/// from (only the person's own, given here), the rulings, and a notice.
fn load(
    store: &DecisionStore,
    session: &SessionId,
    lang: Lang,
    notice: Option<Notice>,
) -> RulingsPage {
    let record = store.records().load(session).ok().flatten().map(|record| {
        let words = crate::search::Words::default();
        let here =
            crate::search::decided_here(store, &words).is_ok_and(|here| here.holds(store, session));
        let session = record.session_id.to_string();
        if here {
            Grantable::Here {
                answers: grantable(&record),
                session,
            }
        } else {
            Grantable::NotHere { session }
        }
    });
    let standing = shown(store)
        .map(|shown| RulingsListed {
            paused: shown.paused,
            lines: shown
                .rulings
                .iter()
                .map(|r| (r.id.clone(), crate::rulings::line(r)))
                .collect(),
            seen: format!("{}:{}", shown.stamps.0, shown.stamps.1),
        })
        .map_err(|error| said(&error, lang));
    RulingsPage {
        lang,
        notice,
        record,
        standing,
    }
}

/// The items of `record` the person answered with one option.
fn grantable(record: &DecisionRecord) -> Vec<Granted> {
    record
        .output
        .decisions()
        .iter()
        .filter_map(|decision| {
            let value = match (decision.answer(), decision.by()) {
                (Answer::Chosen(value), by) if by.is_person() => value,
                (Answer::ChosenMany(values), by) if by.is_person() && values.len() == 1 => {
                    &values[0]
                }
                _ => return None,
            };
            let item = record.input.input.item(decision.id())?;
            let label = item.option(value).map_or(value.as_str(), |o| o.label());
            Some(Granted {
                item: decision.id().get(),
                title: item.title().to_owned(),
                answer: label.to_owned(),
            })
        })
        .collect()
}
