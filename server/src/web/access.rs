//! Who may see and answer the session: a per-session key from the OS, the
//! `Host` the browser used (DNS rebinding), and where state-changing
//! requests come from (cross-site forgery).

use crate::secret::{Secret, random_bytes};
use axum::http::uri::Authority;
use axum::http::{HeaderMap, Method, header};
use axum_extra::extract::cookie::{Cookie, CookieJar, SameSite};
use url::{Origin, Url};

/// The query parameter of the printed address that carries the key.
pub const KEY_PARAM: &str = "key";
/// The header an API client may send the key in instead of the cookie.
pub const KEY_HEADER: &str = "x-aide-key";
/// The header `aide mcp` sends the relay secret in.
pub const RELAY_HEADER: &str = "x-aide-relay";

/// The access rules of one served session.
#[derive(Clone, Debug)]
pub struct Access {
    key: Secret,
    /// The secret of the routes `aide mcp` relays answers by (the App
    /// view's, the client's form's): in the server's notice only, never in
    /// an address, so neither the page nor anyone with its key has it.
    relay: Secret,
    port: u16,
    /// The configured `url`: its `host[:port]` and its origin.
    proxy: Option<(String, Origin)>,
}

/// Why a request was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The `Host` header names something other than this server.
    Host,
    /// A state-changing request from another site.
    Origin,
    /// No key, or a wrong one.
    Key,
}

impl Access {
    /// Rules with a fresh key and relay secret from the OS.
    pub fn generate(port: u16, url: Option<&str>) -> std::io::Result<Self> {
        Ok(Access::with_keys(
            Secret::generate()?,
            Secret::generate()?,
            port,
            url,
        ))
    }

    /// Rules with a known key (an ended page's, handed over; tests) and a
    /// fresh relay secret.
    pub fn with_key(key: String, port: u16, url: Option<&str>) -> Self {
        // An empty secret opens nothing (`check_relay`).
        let relay = Secret::generate().unwrap_or_else(|_| Secret::new(String::new()));
        Access::with_keys(Secret::new(key), relay, port, url)
    }

    fn with_keys(key: Secret, relay: Secret, port: u16, url: Option<&str>) -> Self {
        Access {
            key,
            relay,
            port,
            proxy: url.and_then(proxy_of),
        }
    }

    /// The page's key, for the server's notice.
    pub fn key(&self) -> &str {
        self.key.expose()
    }

    /// The relay secret, for the server's notice.
    pub fn relay(&self) -> &str {
        self.relay.expose()
    }

    /// Whether `headers` carry the relay secret ([`RELAY_HEADER`]),
    /// compared in constant time; the page's key does not open these
    /// routes.
    pub fn check_relay(&self, headers: &HeaderMap) -> Result<(), Refused> {
        let given = headers.get(RELAY_HEADER).and_then(|v| v.to_str().ok());
        match given {
            Some(given) if self.relay.matches(given.as_bytes()) => Ok(()),
            _ => Err(Refused::Key),
        }
    }

    /// The cookie that carries the key; named by port, since browsers share
    /// cookies between the ports of one host.
    pub fn cookie_name(&self) -> String {
        format!("aide_key_{}", self.port)
    }

    /// The `Set-Cookie` value that hands the key to the page.
    pub fn set_cookie(&self) -> String {
        Cookie::build((self.cookie_name(), self.key.expose().to_owned()))
            .path("/")
            .http_only(true)
            .same_site(SameSite::Strict)
            .build()
            .encoded()
            .to_string()
    }

    /// `base` with the key added as a query parameter (`base` unchanged if
    /// it is no URL; the configured `url` was checked to be one).
    pub fn page_url(&self, base: &str) -> String {
        let Ok(mut url) = Url::parse(base) else {
            return base.to_owned();
        };
        url.query_pairs_mut()
            .append_pair(KEY_PARAM, self.key.expose());
        url.into()
    }

    /// The `Host` must be this server: `localhost` or an IP address at our
    /// port, or the configured `url`'s host. A name that merely resolves to
    /// this machine (DNS rebinding) is refused.
    pub fn check_host(&self, headers: &HeaderMap) -> Result<(), Refused> {
        let host = headers
            .get(header::HOST)
            .and_then(|v| v.to_str().ok())
            .ok_or(Refused::Host)?;
        if self
            .proxy
            .as_ref()
            .is_some_and(|(proxy, _)| proxy.eq_ignore_ascii_case(host))
        {
            return Ok(());
        }
        let authority: Authority = host.parse().map_err(|_| Refused::Host)?;
        // A Host has no user part; `user@localhost` is not this server.
        if authority.as_str().contains('@') {
            return Err(Refused::Host);
        }
        let name = authority.host();
        let name = name
            .strip_prefix('[')
            .and_then(|n| n.strip_suffix(']'))
            .unwrap_or(name);
        let ours = authority.port_u16() == Some(self.port);
        let local =
            name.eq_ignore_ascii_case("localhost") || name.parse::<std::net::IpAddr>().is_ok();
        if ours && local {
            Ok(())
        } else {
            Err(Refused::Host)
        }
    }

    /// A request that changes state must come from the page itself: its
    /// `Origin` is this server (as the browser addressed it), and
    /// `Sec-Fetch-Site`, when sent, says same-origin.
    pub fn check_origin(&self, method: &Method, headers: &HeaderMap) -> Result<(), Refused> {
        if matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS) {
            return Ok(());
        }
        let text = |name| headers.get(name).and_then(|v| v.to_str().ok());
        // Fetch metadata, which page scripts cannot forge, decides when
        // sent. (With `Referrer-Policy: no-referrer` the page's own form
        // POST carries `Origin: null`, so the origin alone cannot.)
        if let Some(site) = text(header::HeaderName::from_static("sec-fetch-site")) {
            return if site == "same-origin" {
                Ok(())
            } else {
                Err(Refused::Origin)
            };
        }
        let Some(origin) = text(header::ORIGIN) else {
            // Not a browser that sends Origin (curl, text browsers): the key
            // still has to be there.
            return Ok(());
        };
        // `null` and anything else that is no URL has an opaque origin,
        // which equals no other.
        let origin = origin_of(origin);
        let own = text(header::HOST).map(|host| origin_of(&format!("http://{host}")));
        let proxied = self.proxy.as_ref().map(|(_, origin)| origin);
        if Some(&origin) == own.as_ref() || Some(&origin) == proxied {
            Ok(())
        } else {
            Err(Refused::Origin)
        }
    }

    /// The key from the cookie, the `X-Aide-Key` header or the `key` query
    /// parameter, compared in constant time. Returns whether it came from
    /// the query (so the cookie should be set).
    pub fn check_key(&self, headers: &HeaderMap, query: Option<&str>) -> Result<bool, Refused> {
        let from_cookie = CookieJar::from_headers(headers)
            .get(&self.cookie_name())
            .is_some_and(|cookie| self.matches(cookie.value()));
        let from_header = headers
            .get(KEY_HEADER)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| self.matches(v));
        if from_cookie || from_header {
            return Ok(false);
        }
        let from_query = query.is_some_and(|query| {
            form_urlencoded::parse(query.as_bytes())
                .any(|(name, value)| name == KEY_PARAM && self.matches(&value))
        });
        if from_query {
            Ok(true)
        } else {
            Err(Refused::Key)
        }
    }

    fn matches(&self, candidate: &str) -> bool {
        self.key.matches(candidate.as_bytes())
    }
}

/// 128 bits from the OS, as 22 characters of base64url: a page's CSP
/// nonce, which goes out twice in the header of every page and once in its
/// HTML (CSP's `base64-value` takes the URL-safe alphabet).
pub fn random_nonce() -> std::io::Result<String> {
    use base64::Engine as _;
    Ok(base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(random_bytes()?))
}

/// The origin of `text`; opaque (equal to nothing) when it is no URL.
fn origin_of(text: &str) -> Origin {
    Url::parse(text).map_or_else(|_| Origin::new_opaque(), |url| url.origin())
}

/// `host[:port]` and the origin of an `http(s)://host[:port]/...` address.
fn proxy_of(url: &str) -> Option<(String, Origin)> {
    let url = Url::parse(url).ok()?;
    let host = &url[url::Position::BeforeHost..url::Position::AfterPort];
    (!host.is_empty()).then(|| (host.to_owned(), url.origin()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, HeaderValue::from_str(value).unwrap());
        }
        map
    }

    fn access() -> Access {
        Access::with_key(
            "00ff".repeat(8),
            3721,
            Some("https://Tunnel.example:8443/aide"),
        )
    }

    #[test]
    fn keys_are_128_bits_of_hex_and_differ() {
        let a = Access::generate(1, None).unwrap();
        let b = Access::generate(1, None).unwrap();
        assert_eq!(a.key().len(), 32);
        assert!(a.key().chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a.key(), b.key());
    }

    #[test]
    fn hosts_must_name_this_server() {
        let a = access();
        for ok in [
            "localhost:3721",
            "127.0.0.1:3721",
            "[::1]:3721",
            "192.168.1.5:3721",
            "tunnel.example:8443",
        ] {
            assert_eq!(a.check_host(&headers(&[("host", ok)])), Ok(()), "{ok}");
        }
        for bad in [
            "evil.example:3721",
            "localhost:3722",
            "localhost",
            "127.0.0.1.nip.io:3721",
            "tunnel.example",
            "user@localhost:3721",
            "localhost:3721/x",
            "",
        ] {
            assert_eq!(
                a.check_host(&headers(&[("host", bad)])),
                Err(Refused::Host),
                "{bad}"
            );
        }
        assert_eq!(a.check_host(&HeaderMap::new()), Err(Refused::Host));
    }

    #[test]
    fn state_changes_must_come_from_the_page_itself() {
        let a = access();
        let post = Method::POST;
        let host = ("host", "localhost:3721");
        assert_eq!(
            a.check_origin(
                &post,
                &headers(&[host, ("origin", "http://localhost:3721")])
            ),
            Ok(())
        );
        assert_eq!(
            a.check_origin(
                &post,
                &headers(&[host, ("origin", "https://tunnel.example:8443")])
            ),
            Ok(())
        );
        assert_eq!(a.check_origin(&post, &headers(&[host])), Ok(()));
        let own_form = headers(&[host, ("origin", "null"), ("sec-fetch-site", "same-origin")]);
        assert_eq!(a.check_origin(&post, &own_form), Ok(()));
        for origin in ["https://evil.example", "http://localhost:3722", "null"] {
            assert_eq!(
                a.check_origin(&post, &headers(&[host, ("origin", origin)])),
                Err(Refused::Origin),
                "{origin}"
            );
        }
        assert_eq!(
            a.check_origin(&post, &headers(&[host, ("sec-fetch-site", "cross-site")])),
            Err(Refused::Origin)
        );
        assert_eq!(
            a.check_origin(
                &Method::GET,
                &headers(&[host, ("origin", "https://evil.example")])
            ),
            Ok(())
        );
    }

    #[test]
    fn the_key_comes_from_cookie_header_or_query() {
        let a = access();
        let key = a.key().to_owned();
        let cookie = format!("other=1; aide_key_3721={key}");
        assert_eq!(
            a.check_key(&headers(&[("cookie", &cookie)]), None),
            Ok(false)
        );
        assert_eq!(
            a.check_key(&headers(&[("x-aide-key", &key)]), None),
            Ok(false)
        );
        assert_eq!(
            a.check_key(&HeaderMap::new(), Some(&format!("key={key}"))),
            Ok(true)
        );
        let wrong_port = format!("aide_key_3722={key}");
        assert_eq!(
            a.check_key(&headers(&[("cookie", &wrong_port)]), None),
            Err(Refused::Key)
        );
        let encoded: String = key.bytes().map(|b| format!("%{b:02X}")).collect();
        assert_eq!(
            a.check_key(&HeaderMap::new(), Some(&format!("lang=en&%6Bey={encoded}"))),
            Ok(true),
            "names and values are percent-decoded"
        );
        assert_eq!(
            a.check_key(&HeaderMap::new(), Some(&format!("key={key}x"))),
            Err(Refused::Key)
        );
        assert_eq!(
            a.check_key(&HeaderMap::new(), Some("key=00")),
            Err(Refused::Key)
        );
        assert_eq!(a.check_key(&HeaderMap::new(), None), Err(Refused::Key));
    }

    proptest::proptest! {
        /// Whatever a client sends, the checks answer without panicking,
        /// and only the key itself opens the session.
        #[test]
        fn any_request_is_answered_and_only_the_key_opens(
            host in "[ -~]{0,40}",
            origin in "[ -~]{0,40}",
            cookie in "[ -~]{0,60}",
            query in "[ -~]{0,60}",
        ) {
            let a = access();
            let sent = headers(&[("host", &host), ("origin", &origin), ("cookie", &cookie)]);
            let _ = a.check_host(&sent);
            let _ = a.check_origin(&Method::POST, &sent);
            let opened = a.check_key(&sent, Some(&query)).is_ok();
            let holds_key = cookie.contains(a.key()) || query.contains(a.key());
            proptest::prop_assert!(!opened || holds_key);
        }
    }

    #[test]
    fn only_the_relay_secret_opens_the_relay_routes() {
        let a = access();
        let relay = a.relay().to_owned();
        assert_eq!(relay.len(), 32);
        assert_ne!(relay, a.key());
        assert_eq!(a.check_relay(&headers(&[("x-aide-relay", &relay)])), Ok(()));
        for wrong in [a.key(), "", &relay[1..]] {
            assert_eq!(
                a.check_relay(&headers(&[("x-aide-relay", wrong)])),
                Err(Refused::Key),
                "{wrong}"
            );
        }
        assert_eq!(
            a.check_relay(&headers(&[("x-aide-key", a.key())])),
            Err(Refused::Key)
        );
        let closed =
            Access::with_keys(Secret::new("k".into()), Secret::new(String::new()), 1, None);
        assert_eq!(
            closed.check_relay(&headers(&[("x-aide-relay", "")])),
            Err(Refused::Key)
        );
    }

    #[test]
    fn page_urls_carry_the_key() {
        let a = Access::with_key("ab".into(), 3721, None);
        assert_eq!(
            a.page_url("http://localhost:3721"),
            "http://localhost:3721/?key=ab"
        );
        assert_eq!(
            a.page_url("https://t.example/aide"),
            "https://t.example/aide?key=ab"
        );
        assert_eq!(
            a.page_url("https://t.example/a?x=1"),
            "https://t.example/a?x=1&key=ab"
        );
        assert_eq!(a.page_url("http://[::1]:3721"), "http://[::1]:3721/?key=ab");
    }
}
