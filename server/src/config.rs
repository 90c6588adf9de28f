//! `.aide/config.toml`: the `[decide]` settings, checked key by key so every
//! mistake names the key, the file and what was expected.

use app::Lang;
use app::i18n::{Expected, Msg};
use app::validate::closest_name;
use std::net::IpAddr;
use std::time::Duration;
use toml::{Table, Value};

pub mod flow;

/// The default first port (`docs/cli.md`).
pub const DEFAULT_PORT: u16 = 3721;
/// Highest first port: the 10 ports tried must all exist.
pub const MAX_PORT: u16 = 65526;
/// Longest timeout accepted: one year.
pub const MAX_TIMEOUT_SECS: u64 = 365 * 24 * 3600;

const DECIDE_KEYS: &[&str] = &["port", "bind", "url", "timeout", "open", "notify", "lang"];

/// The `[decide]` section; `None` means "not set in the file".
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DecideConfig {
    pub port: Option<u16>,
    pub bind: Option<IpAddr>,
    /// A non-empty address to print instead of the generated one.
    pub url: Option<String>,
    /// `Some(ZERO)` means "no timeout" was written explicitly.
    pub timeout: Option<Duration>,
    pub open: Option<bool>,
    /// `false`: no desktop notification when a question arrives.
    pub notify: Option<bool>,
    pub lang: Option<Lang>,
}

/// A config file that cannot be used: a mistake in it, as a catalogue
/// message, or a file that could not be read. What a person reads is
/// [`ConfigError::message`].
#[derive(Clone, Debug)]
pub enum ConfigError {
    Invalid(Msg),
    Unreadable(std::sync::Arc<crate::store::StoreError>),
}

impl ConfigError {
    /// The catalogue message, in `lang` where its details depend on it.
    pub fn message(&self, lang: Lang) -> Msg {
        match self {
            ConfigError::Invalid(msg) => msg.clone(),
            ConfigError::Unreadable(error) => error.message(lang),
        }
    }
}

/// Parses the text of `file` (its name is only used in messages).
pub fn parse(text: &str, file: &str) -> Result<DecideConfig, ConfigError> {
    let table: Table = text.parse().map_err(|e: toml::de::Error| {
        ConfigError::Invalid(Msg::ConfigSyntax {
            file: file.into(),
            detail: syntax_detail(&e, text),
        })
    })?;
    let mut config = DecideConfig::default();
    for (key, value) in &table {
        match (key.as_str(), value) {
            ("decide", Value::Table(decide)) => config = parse_decide(decide, file)?,
            ("decide", other) => return Err(bad(file, "decide", Expected::Table, other)),
            // Other sections belong to other aide commands.
            (_, Value::Table(_)) => {}
            (key, _) => {
                return Err(ConfigError::Invalid(Msg::ConfigUnknownKey {
                    file: file.into(),
                    key: key.into(),
                    suggestion: None,
                }));
            }
        }
    }
    Ok(config)
}

fn parse_decide(table: &Table, file: &str) -> Result<DecideConfig, ConfigError> {
    let mut config = DecideConfig::default();
    for (key, value) in table {
        let name = format!("decide.{key}");
        let wrong = |expected| bad(file, &name, expected, value);
        match key.as_str() {
            "port" => {
                let port = value
                    .as_integer()
                    .and_then(|n| u16::try_from(n).ok())
                    .filter(|n| (1..=MAX_PORT).contains(n))
                    .ok_or_else(|| wrong(Expected::Port))?;
                config.port = Some(port);
            }
            "bind" => {
                let bind = value
                    .as_str()
                    .and_then(parse_bind)
                    .ok_or_else(|| wrong(Expected::IpAddress))?;
                config.bind = Some(bind);
            }
            "url" => {
                let url = value.as_str().ok_or_else(|| wrong(Expected::Url))?.trim();
                if !url.is_empty() {
                    if !is_http_url(url) {
                        return Err(wrong(Expected::Url));
                    }
                    config.url = Some(url.to_owned());
                }
            }
            "timeout" => {
                let secs = value
                    .as_integer()
                    .and_then(|n| u64::try_from(n).ok())
                    .filter(|n| *n <= MAX_TIMEOUT_SECS)
                    .ok_or_else(|| wrong(Expected::Seconds))?;
                config.timeout = Some(Duration::from_secs(secs));
            }
            "open" => config.open = Some(value.as_bool().ok_or_else(|| wrong(Expected::Bool))?),
            "notify" => {
                config.notify = Some(value.as_bool().ok_or_else(|| wrong(Expected::Bool))?);
            }
            "lang" => {
                let lang = value
                    .as_str()
                    .and_then(Lang::from_code)
                    .ok_or_else(|| wrong(Expected::Lang))?;
                config.lang = Some(lang);
            }
            _ => {
                return Err(ConfigError::Invalid(Msg::ConfigUnknownKey {
                    file: file.into(),
                    key: name,
                    suggestion: closest_name(key, DECIDE_KEYS).map(|k| format!("decide.{k}")),
                }));
            }
        }
    }
    Ok(config)
}

/// An IP address, or `localhost` for the loopback address.
pub fn parse_bind(text: &str) -> Option<IpAddr> {
    let text = text.trim();
    if text.eq_ignore_ascii_case("localhost") {
        return Some(IpAddr::from([127, 0, 0, 1]));
    }
    text.parse().ok()
}

/// An address people can open: `http://` or `https://` and a host.
pub fn is_http_url(text: &str) -> bool {
    url::Url::parse(text).is_ok_and(|url| {
        matches!(url.scheme(), "http" | "https") && url.host_str().is_some_and(|h| !h.is_empty())
    })
}

fn bad(file: &str, key: &str, expected: Expected, found: &Value) -> ConfigError {
    ConfigError::Invalid(Msg::ConfigBadValue {
        file: file.into(),
        key: key.into(),
        expected,
        found: describe(found),
    })
}

/// A found value as TOML, shortened.
fn describe(value: &Value) -> String {
    let text = match value {
        Value::String(text) => serde_json::Value::from(text.as_str()).to_string(),
        Value::Integer(n) => n.to_string(),
        Value::Float(n) => n.to_string(),
        Value::Boolean(b) => b.to_string(),
        Value::Datetime(d) => d.to_string(),
        Value::Array(_) => "[ ... ]".to_owned(),
        Value::Table(_) => "{ ... }".to_owned(),
    };
    app::i18n::cut(&text, 40)
}

/// The parser's message with the line and column, without the snippet.
fn syntax_detail(error: &toml::de::Error, text: &str) -> String {
    let reason = error.message().trim().to_owned();
    match error.span() {
        Some(span) => {
            let before = &text[..span.start.min(text.len())];
            let line = before.matches('\n').count() + 1;
            let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            format!("line {line}, column {column}: {reason}")
        }
        None => reason,
    }
}

/// The file `aide init` writes: every key, commented out at its default.
pub fn default_file(lang: Lang) -> String {
    let (intro, port, bind, url, timeout, open, notify, language) = match lang {
        Lang::Zh => (
            "# aide 配置。每一项都可省略;下面注释掉的值就是默认值。\n# 命令行参数(--port、--bind、--url、--timeout、--open、--lang)只对本次运行覆盖这里的值。",
            "# 起始端口;被占用或浏览器拒绝打开时,依次尝试后面 9 个端口。",
            "# 监听地址。\"0.0.0.0\" 允许其他机器访问页面。",
            "# 自定义访问地址(SSH 隧道、代理);为空时自动生成。",
            "# 超时时间(秒),0 表示不超时。",
            "# 是否自动在浏览器中打开页面。默认: 检测到桌面环境时打开,CI 和 SSH 下从不打开。",
            "# 有新问题时是否显示桌面通知(仅在本机桌面环境中,CI 和 SSH 下从不显示)。",
            "# 消息和页面的语言: \"zh\" 或 \"en\"。默认: AIDE_LANG,然后是系统语言。",
        ),
        Lang::En => (
            "# aide configuration. Every key is optional; the commented-out values are the defaults.\n# Command-line flags (--port, --bind, --url, --timeout, --open, --lang) override them for one run.",
            "# First port to try; when it is taken or browsers refuse it, the next 9 are tried.",
            "# Address to listen on. \"0.0.0.0\" lets other machines open the page.",
            "# Address to print instead of the generated one (SSH tunnels, proxies); empty means generated.",
            "# Seconds before the server closes without an answer; 0 means never.",
            "# Open the page in the default browser. Default: on a desktop session, never under CI or SSH.",
            "# Show a desktop notification when a question arrives (on this machine's desktop only, never under CI or SSH).",
            "# Language of messages and of the page: \"zh\" or \"en\". Default: AIDE_LANG, then the locale.",
        ),
    };
    format!(
        "{intro}\n\n[decide]\n{port}\n# port = {DEFAULT_PORT}\n\n{bind}\n# bind = \"127.0.0.1\"\n\n{url}\n# url = \"\"\n\n{timeout}\n# timeout = 0\n\n{open}\n# open = true\n\n{notify}\n# notify = true\n\n{language}\n# lang = \"en\"\n"
    ) + &flow::default_block(lang)
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = ".aide/config.toml";

    fn error(text: &str) -> Msg {
        parse(text, FILE).unwrap_err().message(Lang::En)
    }

    #[test]
    fn urls_are_web_addresses_with_a_host() {
        for ok in [
            "http://localhost:3721",
            "https://Tunnel.example/aide?x=1",
            "http://[::1]:1",
        ] {
            assert!(is_http_url(ok), "{ok}");
        }
        for bad in [
            "localhost:3721",
            "https://",
            "ftp://example.test",
            "http://a b",
            "",
            "x",
        ] {
            assert!(!is_http_url(bad), "{bad}");
        }
    }

    #[test]
    fn a_full_section_is_read() {
        let config = parse(
            "[decide]\nport = 4000\nbind = \"0.0.0.0\"\nurl = \"https://example.test/x\"\ntimeout = 90\nopen = false\nnotify = false\nlang = \"zh\"\n",
            FILE,
        )
        .unwrap();
        assert_eq!(config.port, Some(4000));
        assert_eq!(config.bind, Some(IpAddr::from([0, 0, 0, 0])));
        assert_eq!(config.url.as_deref(), Some("https://example.test/x"));
        assert_eq!(config.timeout, Some(Duration::from_secs(90)));
        assert_eq!(config.open, Some(false));
        assert_eq!(config.notify, Some(false));
        assert_eq!(config.lang, Some(Lang::Zh));
    }

    #[test]
    fn empty_text_other_sections_and_empty_url_are_defaults() {
        assert_eq!(parse("", FILE).unwrap(), DecideConfig::default());
        assert_eq!(
            parse("[flow]\nanything = 1\n[decide]\nurl = \"\"\n", FILE).unwrap(),
            DecideConfig::default()
        );
    }

    #[test]
    fn the_default_file_parses_to_the_defaults_in_both_languages() {
        for lang in [Lang::Zh, Lang::En] {
            assert_eq!(
                parse(&default_file(lang), FILE).unwrap(),
                DecideConfig::default()
            );
            let uncommented = default_file(lang).replace("# port", "port");
            assert_eq!(parse(&uncommented, FILE).unwrap().port, Some(DEFAULT_PORT));
        }
    }

    #[test]
    fn unknown_keys_name_the_key_the_file_and_a_suggestion() {
        let msg = error("[decide]\nprot = 1\n");
        assert_eq!(
            msg.text(Lang::Zh),
            ".aide/config.toml: 未知配置项 decide.prot(是否应为 decide.port?)"
        );
        assert_eq!(
            msg.text(Lang::En),
            ".aide/config.toml: unknown key decide.prot (did you mean decide.port?)"
        );
        assert!(msg.hint(Lang::Zh).unwrap().contains("timeout"));
        assert_eq!(
            error("port = 1\n").text(Lang::En),
            ".aide/config.toml: unknown key port"
        );
    }

    #[test]
    fn wrong_types_and_ranges_name_the_key_and_the_expectation() {
        let cases = [
            ("port = \"3721\"", "decide.port", "\"3721\""),
            ("port = 0", "decide.port", "0"),
            ("port = 65530", "decide.port", "65530"),
            ("bind = \"my-host\"", "decide.bind", "\"my-host\""),
            ("bind = 127", "decide.bind", "127"),
            (
                "url = \"localhost:3721\"",
                "decide.url",
                "\"localhost:3721\"",
            ),
            ("timeout = -1", "decide.timeout", "-1"),
            ("timeout = 1.5", "decide.timeout", "1.5"),
            ("open = \"yes\"", "decide.open", "\"yes\""),
            ("notify = 0", "decide.notify", "0"),
            ("lang = \"fr\"", "decide.lang", "\"fr\""),
        ];
        for (line, key, found) in cases {
            let msg = error(&format!("[decide]\n{line}\n"));
            let text = msg.text(Lang::En);
            assert!(
                text.starts_with(&format!(".aide/config.toml: {key} must be ")),
                "{text}"
            );
            assert!(text.ends_with(&format!(", found {found}")), "{text}");
            assert!(msg.text(Lang::Zh).contains(&format!("配置项 {key} 应为")));
        }
        assert_eq!(
            error("decide = 1\n").text(Lang::En),
            ".aide/config.toml: decide must be a table (such as [decide]), found 1"
        );
    }

    #[test]
    fn syntax_errors_give_the_line() {
        let text = error("[decide]\nport = \n").text(Lang::En);
        assert!(
            text.starts_with("Cannot parse .aide/config.toml: line 2, column"),
            "{text}"
        );
    }

    #[test]
    fn bind_accepts_addresses_and_localhost() {
        assert_eq!(parse_bind("localhost"), Some(IpAddr::from([127, 0, 0, 1])));
        assert_eq!(parse_bind("::1"), "::1".parse().ok());
        assert_eq!(parse_bind("example.com"), None);
    }
}
