//! The message catalogue: every text a person or agent reads, in Chinese
//! (exactly as the spec writes it) and English, from one place.

mod adr;
mod agent;
mod answers;
mod attached;
mod cli;
mod damage;
mod echo;
mod expected;
mod flow;
mod page;
mod rule;
mod rules;
mod store;
mod validation;
mod view;

pub use adr::AdrText;
pub use agent::AgentMsg;
pub(crate) use answers::item_hint;
pub use cli::{FileOp, Msg};
pub use damage::{Damage, FlowDamage};
pub use echo::{ECHO_CHARS, cut, echo};
pub use expected::Expected;
pub use flow::{FlowField, FlowMsg, GitSaid};
pub use page::{PageText, Standout};
pub use rules::{RuleField, RuleLine, RuleScope, RulesMsg, RulesText};
pub use store::{HistoryWord, SearchWord, SessionListed, StoreMsg};
pub use validation::json_error_text;
pub use view::{ViewText, ViewTool};

pub use crate::model::Lang;

impl Lang {
    /// Reads a language tag or locale (`zh`, `zh_CN.UTF-8`, `en-US`, `C`).
    /// Returns `None` for empty text and for locales that name no language.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let tag = tag.trim().to_ascii_lowercase();
        if tag.starts_with("zh") {
            Some(Lang::Zh)
        } else if tag.is_empty() || tag == "c" || tag == "posix" || tag.starts_with("c.") {
            None
        } else {
            Some(Lang::En)
        }
    }

    /// The language of a short code, `zh` or `en` exactly (any case):
    /// what `--lang`, the config, the page's `?lang=` and its cookie take.
    pub fn from_code(code: &str) -> Option<Lang> {
        [Lang::Zh, Lang::En]
            .into_iter()
            .find(|lang| code.trim().eq_ignore_ascii_case(lang.code()))
    }

    /// The most preferred of Chinese and English in an `Accept-Language`
    /// value (other languages are passed over).
    pub fn from_accept_language(value: &str) -> Option<Lang> {
        accept_language::parse_with_quality(value)
            .into_iter()
            .filter(|(_, quality)| *quality > 0.0)
            .find_map(|(tag, _)| Lang::from_code(tag.split(['-', '_']).next()?))
    }

    /// The short code, as `--lang` and the config take it.
    pub fn code(self) -> &'static str {
        match self {
            Lang::Zh => "zh",
            Lang::En => "en",
        }
    }

    /// The value for the page's `lang` attribute.
    pub fn html_tag(self) -> &'static str {
        match self {
            Lang::Zh => "zh-CN",
            Lang::En => "en",
        }
    }

    /// The language of an HTML `lang` tag that [`Lang::html_tag`] wrote
    /// (any `zh…` is Chinese).
    pub fn from_html_tag(tag: &str) -> Lang {
        Lang::from_tag(tag).unwrap_or_default()
    }

    /// Picks the Chinese or English text.
    pub(crate) fn pick<T>(self, zh: T, en: T) -> T {
        match self {
            Lang::Zh => zh,
            Lang::En => en,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{HistoryWord, Lang, Msg};

    #[test]
    fn status_says_where_the_session_stands_with_plurals() {
        let status = |items, state| {
            let msg = Msg::StatusSession {
                session: "2025-01-15T10-30-00".into(),
                task: "Cookie".into(),
                items,
                state,
            };
            (msg.text(Lang::En), msg.text(Lang::Zh))
        };
        let (en, zh) = status(1, HistoryWord::State(crate::model::SessionState::DECIDED));
        assert_eq!(en, "Decided session 2025-01-15T10-30-00: Cookie (1 item)");
        assert_eq!(zh, "已决策会话 2025-01-15T10-30-00: Cookie(1 项)");
        let (en, zh) = status(3, HistoryWord::State(crate::model::SessionState::PENDING));
        assert_eq!(en, "Pending session 2025-01-15T10-30-00: Cookie (3 items)");
        assert_eq!(zh, "待定会话 2025-01-15T10-30-00: Cookie(3 项)");
        let (en, _) = status(2, HistoryWord::State(crate::model::SessionState::WITHDRAWN));
        assert_eq!(
            en,
            "Withdrawn session 2025-01-15T10-30-00: Cookie (2 items)"
        );
    }

    #[test]
    fn codes_and_accept_language_choose_through_one_owner() {
        assert_eq!(Lang::from_code(" ZH "), Some(Lang::Zh));
        assert_eq!(Lang::from_code("en"), Some(Lang::En));
        assert_eq!(Lang::from_code("zh-CN"), None, "a code, not a locale");
        let accept = Lang::from_accept_language;
        assert_eq!(accept("fr-FR, zh-CN;q=0.8, en;q=0.5"), Some(Lang::Zh));
        assert_eq!(accept("en-GB,en;q=0.9,zh;q=0.8"), Some(Lang::En));
        assert_eq!(accept("zh;q=0, en;q=0.1"), Some(Lang::En), "q=0 refuses");
        assert_eq!(accept("de, fr"), None);
        assert_eq!(Lang::from_html_tag("zh-CN"), Lang::Zh);
        assert_eq!(Lang::from_html_tag(""), Lang::En);
    }

    #[test]
    fn locales_choose_a_language() {
        assert_eq!(Lang::from_tag("zh_CN.UTF-8"), Some(Lang::Zh));
        assert_eq!(Lang::from_tag("zh-Hans"), Some(Lang::Zh));
        assert_eq!(Lang::from_tag("en_US.UTF-8"), Some(Lang::En));
        assert_eq!(Lang::from_tag("de_DE"), Some(Lang::En));
        assert_eq!(Lang::from_tag("C.UTF-8"), None);
        assert_eq!(Lang::from_tag(""), None);
    }
}

#[cfg(test)]
mod golden;
