//! Which language people get: `AIDE_LANG`, then the locale (`LC_ALL`,
//! `LC_MESSAGES`, `LANG`; zh* gives Chinese), else English.

use app::Lang;

/// The language from this process's environment.
pub fn from_env() -> Lang {
    from_vars(|name| std::env::var(name).ok())
}

fn from_vars(var: impl Fn(&str) -> Option<String>) -> Lang {
    ["AIDE_LANG", "LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .filter_map(|name| var(name))
        .find_map(|value| Lang::from_tag(&value))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lang(vars: &[(&str, &str)]) -> Lang {
        from_vars(|name| {
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
}
