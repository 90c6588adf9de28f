//! The page's language for one request: the switch on the page (`?lang=`,
//! remembered in a cookie), then the language the person set for aide
//! (`--lang`, `AIDE_LANG`, the config's `lang`), then the browser's
//! `Accept-Language`, then the language the command line uses.

use app::Lang;
use axum::http::{HeaderMap, header};
use axum_extra::extract::cookie::{Cookie, CookieJar, SameSite};

/// The cookie that remembers the page's language switch. Shared by every
/// aide server on this host (cookies ignore ports), like a preference.
pub const LANG_COOKIE: &str = "aide_lang";
/// The query parameter the page's language switch sets.
pub const LANG_PARAM: &str = "lang";
/// A year, in seconds: how long the switch is remembered.
const COOKIE_MAX_AGE: i64 = 365 * 24 * 60 * 60;

/// How the server picks the page's language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PageLang {
    /// The language the person set for aide, if any.
    pub chosen: Option<Lang>,
    /// The command line's language, when nothing else says.
    pub fallback: Lang,
}

/// The language of one request, and whether it came from the switch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RequestLang {
    pub lang: Lang,
    pub switched: bool,
}

impl PageLang {
    pub fn for_request(&self, headers: &HeaderMap, query: Option<&str>) -> RequestLang {
        if let Some(lang) = from_query(query) {
            return RequestLang {
                lang,
                switched: true,
            };
        }
        let lang = from_cookie(headers)
            .or(self.chosen)
            .or_else(|| from_accept_language(headers))
            .unwrap_or(self.fallback);
        RequestLang {
            lang,
            switched: false,
        }
    }
}

impl RequestLang {
    /// The `Set-Cookie` value that remembers a switch.
    pub fn set_cookie(&self) -> String {
        Cookie::build((LANG_COOKIE, self.lang.code()))
            .path("/")
            .max_age(cookie::time::Duration::seconds(COOKIE_MAX_AGE))
            .same_site(SameSite::Strict)
            .build()
            .encoded()
            .to_string()
    }
}

fn from_query(query: Option<&str>) -> Option<Lang> {
    form_urlencoded::parse(query?.as_bytes())
        .find(|(name, _)| name == LANG_PARAM)
        .and_then(|(_, value)| Lang::from_code(&value))
}

fn from_cookie(headers: &HeaderMap) -> Option<Lang> {
    Lang::from_code(CookieJar::from_headers(headers).get(LANG_COOKIE)?.value())
}

/// The most preferred of Chinese and English the browser accepts.
fn from_accept_language(headers: &HeaderMap) -> Option<Lang> {
    Lang::from_accept_language(headers.get(header::ACCEPT_LANGUAGE)?.to_str().ok()?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, HeaderValue::from_static(value));
        }
        map
    }

    const FREE: PageLang = PageLang {
        chosen: None,
        fallback: Lang::Zh,
    };

    #[test]
    fn accept_language_by_preference_skipping_other_languages() {
        let lang = |value| {
            FREE.for_request(&headers(&[("accept-language", value)]), None)
                .lang
        };
        assert_eq!(lang("en-US,en;q=0.9,zh-CN;q=0.8"), Lang::En);
        assert_eq!(lang("fr-FR,zh-TW;q=0.5,en;q=0.4"), Lang::Zh);
        assert_eq!(lang("de;q=0.9,en;q=0.2,zh;q=0.7"), Lang::Zh);
        assert_eq!(lang("fr, de"), Lang::Zh, "neither: the fallback");
        assert_eq!(lang("en;q=0, zh;q=0"), Lang::Zh);
        assert_eq!(FREE.for_request(&HeaderMap::new(), None).lang, Lang::Zh);
    }

    #[test]
    fn the_setting_beats_the_browser_and_the_switch_beats_both() {
        let set = PageLang {
            chosen: Some(Lang::Zh),
            fallback: Lang::En,
        };
        let browser = headers(&[("accept-language", "en-US")]);
        assert_eq!(set.for_request(&browser, None).lang, Lang::Zh);
        let switched = set.for_request(&browser, Some("key=abc&lang=en"));
        assert_eq!(
            switched,
            RequestLang {
                lang: Lang::En,
                switched: true
            }
        );
        let cookie = Cookie::parse(switched.set_cookie()).unwrap();
        assert_eq!(cookie.name_value(), ("aide_lang", "en"));
        assert_eq!(cookie.path(), Some("/"));
        assert_eq!(cookie.max_age(), Some(cookie::time::Duration::days(365)));
        assert_eq!(cookie.same_site(), Some(SameSite::Strict));
        let remembered = headers(&[
            ("cookie", "aide_k=1; aide_lang=en"),
            ("accept-language", "zh"),
        ]);
        assert_eq!(set.for_request(&remembered, None).lang, Lang::En);
        assert_eq!(
            set.for_request(&browser, Some("key=a%26b&%6Cang=%65n"))
                .lang,
            Lang::En,
            "names and values are percent-decoded"
        );
        assert_eq!(
            set.for_request(&remembered, Some("lang=fr")).lang,
            Lang::En,
            "unknown: ignored"
        );
    }
}
