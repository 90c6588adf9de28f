use super::draft::DraftStatus;
use super::state::{PageState, Phase};
use crate::Lang;
use crate::i18n::PageText;
use leptos::prelude::*;

/// Progress, errors and the submit button.
#[component]
pub(crate) fn SubmitBar(
    state: PageState,
    hydrated: RwSignal<bool>,
    draft_status: RwSignal<DraftStatus>,
    lang: Lang,
) -> impl IntoView {
    let total = state.total();
    let chosen = state.chosen_count();
    let phase = state.phase();
    let submitting = move || phase.get() == Phase::Submitting;
    // Before hydration the button stays enabled: the radios are `required`,
    // so the browser itself refuses an incomplete plain form POST.
    let disabled = move || hydrated.get() && (chosen.get() < total || submitting());
    let error = move || match phase.get() {
        Phase::Failed(message) => Some(message),
        _ => None,
    };
    let hint =
        move || (hydrated.get() && chosen.get() < total).then(|| PageText::ChooseAll.get(lang));

    view! {
        <div class="submit-bar">
            <p class="progress" role="status" aria-live="polite">
                {move || PageText::Progress { chosen: chosen.get(), total }.get(lang)}
            </p>
            <p class="error" role="alert">{error}</p>
            <p class="submit-hint">{hint}</p>
            <p class="draft-status" role="status" aria-live="polite" data-draft=move || draft_status.get().code()>
                {move || draft_status.get().text(lang)}
            </p>
            <button type="submit" class="submit" disabled=disabled aria-busy=move || submitting().to_string()>
                {move || if submitting() { PageText::Submitting.get(lang) } else { PageText::Submit.get(lang) }}
            </button>
        </div>
    }
}

/// The final screen once the answers are recorded.
#[component]
pub(crate) fn DoneScreen(lang: Lang) -> impl IntoView {
    view! {
        <section class="done" role="status" aria-live="polite">
            <p class="done-mark" aria-hidden="true">"✓"</p>
            <h2>{PageText::DoneTitle.get(lang)}</h2>
            <p>{PageText::DoneBody.get(lang)}</p>
        </section>
    }
}

/// Where the browser posts the answers.
pub const DECISIONS_API: &str = "/api/decisions";

/// Where the page saves its draft (`PUT`) as the person works.
pub const DRAFT_API: &str = "/api/draft";

/// Where the server-rendered form posts without JavaScript.
pub const FORM_ACTION: &str = "/submit";

/// The form field that names the session the page shows.
pub const SESSION_FIELD: &str = "session";

/// The request header that names the session the page shows; a page left
/// open from a replaced session can then never answer the new one.
pub const SESSION_HEADER: &str = "x-aide-session";

/// Sends the answers so far as the draft; `false` when it was not saved.
#[cfg(feature = "hydrate")]
pub(crate) async fn put_draft(body: serde_json::Value, session: String) -> bool {
    use gloo_net::http::Request;
    let Ok(request) = Request::put(DRAFT_API)
        .header(SESSION_HEADER, &session)
        .json(&body)
    else {
        return false;
    };
    matches!(request.send().await, Ok(response) if response.ok())
}

/// Posts the answers; on failure returns the message to show.
#[cfg(feature = "hydrate")]
pub(crate) async fn post_decisions(
    body: serde_json::Value,
    session: String,
    lang: Lang,
) -> Result<(), String> {
    use gloo_net::http::Request;
    let lost = || PageText::ConnectionLost.get(lang);
    let request = Request::post(DECISIONS_API)
        .header(SESSION_HEADER, &session)
        .json(&body)
        .map_err(|_| lost())?;
    let response = request.send().await.map_err(|_| lost())?;
    if response.ok() {
        return Ok(());
    }
    let status = response.status();
    match response.json::<serde_json::Value>().await {
        Ok(json) => Err(json["error"]
            .as_str()
            .map(str::to_owned)
            .unwrap_or_else(|| format!("HTTP {status}"))),
        Err(_) => Err(format!("HTTP {status}")),
    }
}

/// Only the browser submits; the server never runs the form handler.
#[cfg(not(feature = "hydrate"))]
pub(crate) async fn post_decisions(
    _body: serde_json::Value,
    _session: String,
    lang: Lang,
) -> Result<(), String> {
    Err(PageText::ConnectionLost.get(lang))
}
