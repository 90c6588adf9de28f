//! The language switch: a link per language (`?lang=zh`, `?lang=en`) that
//! the server remembers in a cookie. It works without JavaScript; the
//! island first saves the draft, so no choice is lost on the way.

use super::protocol::Class;
use crate::Lang;
use crate::i18n::PageText;
use leptos::prelude::*;

pub(crate) fn lang_switch(lang: Lang) -> impl IntoView + use<> {
    let links = [(Lang::Zh, "中文"), (Lang::En, "English")]
        .into_iter()
        .map(|(target, name)| {
            let current = (target == lang).then_some("true");
            view! {
                <a href=format!("?lang={}", target.code()) hreflang=target.code() lang=target.html_tag() aria-current=current>
                    {name}
                </a>
            }
        })
        .collect_view();
    view! { <nav class=Class::LangSwitch.name() aria-label=PageText::Language.get(lang)>{links}</nav> }
}
