//! Which language people get: the `--lang` flag, then `AIDE_LANG`, then
//! `lang` in the config, then the locale (`LC_ALL`, `LC_MESSAGES`, `LANG`;
//! zh* gives Chinese), else English.

use app::Lang;

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
