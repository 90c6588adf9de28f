//! Which language people get: the `--lang` flag, then `AIDE_LANG`, then
//! `lang` in the config, then the locale (`LC_ALL`, `LC_MESSAGES`, `LANG`;
//! zh* gives Chinese), else English. What is written for the person about
//! one question (the line to paste, the decision records) follows the
//! question's own language instead of the locale: [`for_person`].

use app::{DecideInput, Lang};

/// The language of what the person reads about `input`: the one set for
/// aide (`--lang`, `AIDE_LANG`, the config) if any, else the question's
/// own ([`of_input`]). An agent asking in Chinese from an English terminal
/// asks a Chinese reader.
pub fn for_person(chosen: Option<Lang>, input: &DecideInput) -> Lang {
    chosen.unwrap_or_else(|| of_input(input))
}

/// The language a question is written in: its task and item titles, read
/// as one text ([`of_text`]).
pub fn of_input(input: &DecideInput) -> Lang {
    of_text(std::iter::once(input.task()).chain(input.items().iter().map(|item| item.title())))
}

/// Chinese when the texts hold at least as many Han characters as Latin
/// words (a Chinese word is one or two characters, an English one a run
/// of letters: "用 JWT 还是 session?" is Chinese, "Use Redis?" English).
pub fn of_text<'a>(texts: impl IntoIterator<Item = &'a str>) -> Lang {
    let (mut han, mut latin) = (0usize, 0usize);
    for text in texts {
        let mut in_word = false;
        for c in text.chars() {
            let letter = c.is_ascii_alphabetic();
            if letter && !in_word {
                latin += 1;
            }
            in_word = letter;
            if is_han(c) {
                han += 1;
            }
        }
    }
    if han > 0 && han >= latin {
        Lang::Zh
    } else {
        Lang::En
    }
}

/// A CJK ideograph: the unified block and its first extension, and the
/// compatibility ideographs.
fn is_han(c: char) -> bool {
    matches!(c, '\u{4E00}'..='\u{9FFF}' | '\u{3400}'..='\u{4DBF}' | '\u{F900}'..='\u{FAFF}')
}

/// The language for this run.
pub fn resolve(flag: Option<Lang>, config: Option<Lang>) -> Lang {
    flag.unwrap_or_else(|| from_vars(config, |name| std::env::var(name).ok()))
}

/// The language the person set for aide (`--lang`, `AIDE_LANG`, the
/// config), leaving out the locale: the page prefers the browser's
/// `Accept-Language` to the terminal's locale.
pub fn chosen(flag: Option<Lang>, config: Option<Lang>) -> Option<Lang> {
    flag.or_else(|| chosen_from_vars(config, |name| std::env::var(name).ok()))
}

fn chosen_from_vars(config: Option<Lang>, var: impl Fn(&str) -> Option<String>) -> Option<Lang> {
    var("AIDE_LANG")
        .and_then(|value| Lang::from_tag(&value))
        .or(config)
}

fn from_vars(config: Option<Lang>, var: impl Fn(&str) -> Option<String>) -> Lang {
    let tag = |name: &str| var(name).and_then(|value| Lang::from_tag(&value));
    chosen_from_vars(config, &var)
        .or_else(|| {
            ["LC_ALL", "LC_MESSAGES", "LANG"]
                .iter()
                .find_map(|name| tag(name))
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lang(vars: &[(&str, &str)]) -> Lang {
        lang_with(None, vars)
    }

    fn lang_with(config: Option<Lang>, vars: &[(&str, &str)]) -> Lang {
        from_vars(config, |name| {
            vars.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| (*v).to_owned())
        })
    }

    #[test]
    fn aide_lang_wins_then_the_locale_then_english() {
        assert_eq!(
            lang(&[("AIDE_LANG", "zh"), ("LANG", "en_US.UTF-8")]),
            Lang::Zh
        );
        assert_eq!(
            lang(&[("AIDE_LANG", "en"), ("LC_ALL", "zh_CN.UTF-8")]),
            Lang::En
        );
        assert_eq!(
            lang(&[("LC_ALL", "zh_CN.UTF-8"), ("LANG", "en_US.UTF-8")]),
            Lang::Zh
        );
        assert_eq!(
            lang(&[("LC_ALL", "C.UTF-8"), ("LANG", "zh_TW.UTF-8")]),
            Lang::Zh
        );
        assert_eq!(lang(&[]), Lang::En);
    }

    #[test]
    fn the_config_comes_between_aide_lang_and_the_locale() {
        let zh = Some(Lang::Zh);
        assert_eq!(lang_with(zh, &[("LANG", "en_US.UTF-8")]), Lang::Zh);
        assert_eq!(lang_with(zh, &[("AIDE_LANG", "en")]), Lang::En);
        assert_eq!(
            lang_with(Some(Lang::En), &[("LC_ALL", "zh_CN.UTF-8")]),
            Lang::En
        );
        assert_eq!(resolve(Some(Lang::Zh), Some(Lang::En)), Lang::Zh);
    }

    #[test]
    fn a_question_is_in_the_language_most_of_its_words_are() {
        assert_eq!(of_text(["认证方式选择"]), Lang::Zh);
        assert_eq!(of_text(["用 JWT 还是 session?"]), Lang::Zh);
        assert_eq!(of_text(["Add login", "缓存用哪个?"]), Lang::Zh);
        assert_eq!(of_text(["How long should a login session last?"]), Lang::En);
        assert_eq!(of_text(["Use Redis 缓存?"]), Lang::Zh, "a tie is Chinese");
        assert_eq!(
            of_text(["Add login", "Which cookie name?", "名字"]),
            Lang::En
        );
        assert_eq!(of_text(["123", "?!"]), Lang::En, "no words: English");
        let input: DecideInput = serde_json::from_value(serde_json::json!({
            "task": "实现用户认证", "source": "chat",
            "items": [{"id": 1, "title": "认证方式?", "options": [
                {"value": "jwt", "label": "JWT"}, {"value": "s", "label": "Session"}]}]
        }))
        .unwrap();
        assert_eq!(for_person(None, &input), Lang::Zh);
        assert_eq!(for_person(Some(Lang::En), &input), Lang::En, "set: it wins");
    }

    #[test]
    fn the_chosen_language_leaves_out_the_locale() {
        let vars = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, v)| (*v).to_owned())
            }
        };
        assert_eq!(
            chosen_from_vars(None, vars(&[("LANG", "zh_CN.UTF-8")])),
            None
        );
        assert_eq!(chosen_from_vars(Some(Lang::En), vars(&[])), Some(Lang::En));
        assert_eq!(
            chosen_from_vars(Some(Lang::En), vars(&[("AIDE_LANG", "zh")])),
            Some(Lang::Zh)
        );
        assert_eq!(chosen(Some(Lang::En), Some(Lang::Zh)), Some(Lang::En));
    }
}
