//! The language switch: a link per language (`?lang=zh`, `?lang=en`) that
//! the server remembers in a cookie. It works without JavaScript; the
//! hydrated page first saves the draft, so no choice is lost on the way.

use super::state::{PageState, Phase};
use crate::Lang;
use crate::i18n::PageText;
use crate::model::SessionId;
use leptos::prelude::*;

#[component]
pub(crate) fn LangSwitch(
    state: PageState,
    session: StoredValue<SessionId>,
    lang: Lang,
) -> impl IntoView {
    let links = [(Lang::Zh, "中文"), (Lang::En, "English")]
        .into_iter()
        .map(|(target, name)| {
            let href = format!("?lang={}", target.code());
            let current = (target == lang).then_some("true");
            let on_click = {
                let href = href.clone();
                move |event: leptos::ev::MouseEvent| switch(event, &href, state, session)
            };
            view! {
                <a href=href hreflang=target.code() lang=target.html_tag() aria-current=current on:click=on_click>
                    {name}
                </a>
            }
        })
        .collect_view();
    view! {
        <nav class="lang-switch" aria-label=PageText::Language.get(lang)>{links}</nav>
    }
}

/// Saves the answers so far as the draft, then follows the link.
fn switch(
    event: leptos::ev::MouseEvent,
    href: &str,
    state: PageState,
    session: StoredValue<SessionId>,
) {
    #[cfg(feature = "hydrate")]
    {
        if state.phase().get_untracked() != Phase::Editing || event.ctrl_key() || event.meta_key() {
            return;
        }
        event.prevent_default();
        let href = href.to_owned();
        leptos::task::spawn_local(async move {
            let session = session.get_value().to_string();
            super::submit::put_draft(state.draft_json(), session).await;
            let _ = window().location().set_href(&href);
        });
    }
    #[cfg(not(feature = "hydrate"))]
    let _ = (event, href, state, session, Phase::Editing);
}
