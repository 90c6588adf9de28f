//! One run's server settings: flags over `[decide]` over the defaults.

use crate::config::{DEFAULT_PORT, DecideConfig};
use crate::reach::{Environment, Reach};
use app::Lang;
use std::net::{IpAddr, Ipv4Addr};
use std::time::Duration;

/// Ports tried: `port` and the 9 after it.
pub const PORT_TRIES: u16 = 10;

/// What a front end asks of one run's server, over `[decide]` in the
/// config: the command line's flags (`cli::ServerArgs`), nothing for MCP.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Overrides {
    pub port: Option<u16>,
    pub bind: Option<IpAddr>,
    pub url: Option<String>,
    /// Seconds; 0 never times out.
    pub timeout: Option<u64>,
    /// Open the page in a browser (`Some(true)`), never (`Some(false)`).
    pub open: Option<bool>,
    pub detach: bool,
    pub qr: bool,
}

/// Everything that decides how the page is served.
#[derive(Clone, Debug, PartialEq)]
pub struct ServerSettings {
    pub bind: IpAddr,
    pub port: u16,
    pub url: Option<String>,
    /// `None`: serve until answered or stopped.
    pub timeout: Option<Duration>,
    /// Where the person is: whether to open a browser here, and what else
    /// reaches them (an SSH tunnel, a Codespaces forwarded address).
    pub reach: Reach,
    /// Print the address as a QR code too.
    pub qr: bool,
    /// Show a desktop notification when the page starts (`decide.notify`,
    /// and only on this machine's own desktop).
    pub notify: bool,
    /// Where the page lists its question for the person, beside every other
    /// open one on this machine (`None` without a home folder).
    pub registry: Option<crate::store::Registry>,
    pub detach: bool,
    /// Print `{"session_id","url","port","pid"}` on stdout once the page is
    /// reachable (`submit --json`).
    pub json: bool,
    /// The language the person set for aide, which the page prefers to the
    /// browser's; `None`: the browser's `Accept-Language` decides.
    pub lang: Option<Lang>,
    /// The page's key, when the session was served before: a re-serve keeps
    /// the address the person was given (`None`: a new key).
    pub key: Option<crate::store::Secret>,
}

impl ServerSettings {
    pub fn resolve(args: &Overrides, config: &DecideConfig) -> Self {
        let timeout = args
            .timeout
            .map(Duration::from_secs)
            .or(config.timeout)
            .filter(|t| !t.is_zero());
        // One look at where the person is, for the page and the
        // notification alike.
        let environment = Environment::read(crate::reach::env_var);
        ServerSettings {
            bind: args
                .bind
                .or(config.bind)
                .unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST)),
            port: args.port.or(config.port).unwrap_or(DEFAULT_PORT),
            url: args.url.clone().or_else(|| config.url.clone()),
            timeout,
            reach: environment.reach(args.open.or(config.open)),
            detach: args.detach,
            qr: args.qr,
            notify: config.notify != Some(false) && environment.desktop_session(),
            registry: crate::store::Registry::locate(|name| std::env::var(name).ok()),
            json: false,
            lang: None,
            key: None,
        }
    }

    /// The language of what the person reads about `pending` (the line to
    /// paste, the notification, the page when the browser names neither
    /// language): the one set for aide, else the question's own.
    pub fn person_lang(&self, pending: &app::Pending) -> Lang {
        crate::lang::for_person(self.lang, &pending.input)
    }

    /// The page's access rules on `port`: with the kept key, if any.
    pub fn access(&self, port: u16, public: Option<&str>) -> std::io::Result<crate::web::Access> {
        match &self.key {
            Some(key) => Ok(crate::web::Access::with_key(
                key.expose().to_owned(),
                port,
                public,
            )),
            None => crate::web::Access::generate(port, public),
        }
    }

    /// Keeps the address a session's page had before (`kept`), where it
    /// can: its key always, its port when no `--port` was asked for and the
    /// port is free now (then the range starts there, and no "port moved"
    /// is said). The page's link the person has opens again.
    pub fn keep(&mut self, kept: crate::store::KeptAddress, port_asked: bool) {
        let free = || std::net::TcpListener::bind((self.bind, kept.port)).is_ok();
        if !port_asked && kept.port != self.port && free() {
            self.port = kept.port;
        }
        self.key = Some(kept.key);
    }

    pub fn last_port(&self) -> u16 {
        self.port + (PORT_TRIES - 1)
    }

    /// The address the person reaches the page at from elsewhere, which the
    /// server must accept as its Host: the configured `url`, else the
    /// Codespace's forwarded address.
    pub fn public_url(&self, port: u16) -> Option<String> {
        self.url.clone().or_else(|| self.reach.forwarded_base(port))
    }

    /// The address people open: the configured `url`, else the address
    /// the server is bound to, in its own family. Never `localhost`: a
    /// browser may try `[::1]` first, where another local user can listen
    /// on the same port and take the key (issue 40). A server bound to
    /// every address is reached on the loopback of its family.
    pub fn page_url(&self, port: u16) -> String {
        if let Some(url) = self.public_url(port) {
            return url;
        }
        // An IPv6 address goes in brackets, as SocketAddr writes it.
        let reached = crate::reach::reached_at(std::net::SocketAddr::new(self.bind, port));
        format!("http://{reached}")
    }

    /// The flags that make a detached server use exactly these settings.
    pub fn to_args(&self) -> Vec<String> {
        let mut args = vec![
            "--port".to_owned(),
            self.port.to_string(),
            "--bind".to_owned(),
            self.bind.to_string(),
            "--timeout".to_owned(),
            self.timeout.map_or(0, |t| t.as_secs()).to_string(),
            "--no-open".to_owned(),
        ];
        if let Some(url) = &self.url {
            args.extend(["--url".to_owned(), url.clone()]);
        }
        if let Some(lang) = self.lang {
            args.extend(["--lang".to_owned(), lang.code().to_owned()]);
        }
        args
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_override_the_config_which_overrides_the_defaults() {
        let config = DecideConfig {
            port: Some(4000),
            bind: Some(IpAddr::from([0, 0, 0, 0])),
            url: Some("https://tunnel.test".into()),
            timeout: Some(Duration::from_secs(60)),
            open: Some(false),
            notify: Some(false),
            lang: None,
        };
        let none = ServerSettings::resolve(&Overrides::default(), &DecideConfig::default());
        assert_eq!(
            (none.port, none.bind.to_string()),
            (3721, "127.0.0.1".into())
        );
        assert_eq!((none.url, none.timeout), (None, None));
        let from_file = ServerSettings::resolve(&Overrides::default(), &config);
        assert_eq!(from_file.port, 4000);
        assert_eq!(from_file.timeout, Some(Duration::from_secs(60)));
        assert!(!from_file.notify, "decide.notify = false");
        assert_eq!(from_file.page_url(4003), "https://tunnel.test");
        let args = Overrides {
            port: Some(5000),
            timeout: Some(0),
            bind: Some(IpAddr::from([127, 0, 0, 1])),
            ..Overrides::default()
        };
        let flagged = ServerSettings::resolve(&args, &config);
        assert_eq!((flagged.port, flagged.timeout), (5000, None));
        assert_eq!(flagged.last_port(), 5009);
        assert_eq!(flagged.bind.to_string(), "127.0.0.1");
    }

    #[test]
    fn page_urls_follow_the_bind_address() {
        let mut settings = ServerSettings::resolve(&Overrides::default(), &DecideConfig::default());
        assert_eq!(settings.page_url(3722), "http://127.0.0.1:3722");
        settings.bind = IpAddr::from([192, 168, 1, 5]);
        assert_eq!(settings.page_url(3721), "http://192.168.1.5:3721");
        settings.bind = "fe80::1".parse().unwrap();
        assert_eq!(settings.page_url(3721), "http://[fe80::1]:3721");
        settings.bind = IpAddr::from([127, 0, 0, 2]);
        assert_eq!(settings.page_url(3721), "http://127.0.0.2:3721");
        settings.bind = IpAddr::from([0, 0, 0, 0]);
        assert_eq!(settings.page_url(3721), "http://127.0.0.1:3721");
        settings.bind = "::1".parse().unwrap();
        assert_eq!(settings.page_url(3721), "http://[::1]:3721");
        settings.bind = "::".parse().unwrap();
        assert_eq!(settings.page_url(3721), "http://[::1]:3721");
    }
}
