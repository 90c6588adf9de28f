//! The server's flags, shared by the commands that start a page, and the
//! parsers of the values clap reads.

use crate::config::{MAX_PORT, MAX_TIMEOUT_SECS, is_http_url, parse_bind};
use crate::decide::settings::Overrides;
use app::{Lang, SessionId};
use clap::Args;
use std::net::IpAddr;

/// Server settings; each overrides `[decide]` in .aide/config.toml for one
/// run.
#[derive(Debug, Default, Args)]
pub struct ServerArgs {
    /// First port to try; when it is taken or browsers refuse it, the next 9
    /// are tried [default: decide.port, else 3721]
    #[arg(long, value_name = "PORT", value_parser = clap::value_parser!(u16).range(1..=i64::from(MAX_PORT)))]
    pub port: Option<u16>,
    /// Address to listen on, e.g. 0.0.0.0 to let other machines in
    /// [default: decide.bind, else 127.0.0.1]
    #[arg(long, value_name = "ADDRESS", value_parser = bind_arg)]
    pub bind: Option<IpAddr>,
    /// Address to print instead of the generated one, for SSH tunnels and
    /// proxies [default: decide.url]
    #[arg(long, value_name = "URL", value_parser = url_arg)]
    pub url: Option<String>,
    /// Stop serving the page after this many seconds without answers; 0
    /// never. Not how long a command waits: that is `result --wait
    /// --timeout` [default: decide.timeout, else 0]
    #[arg(long, value_name = "SECONDS", value_parser = clap::value_parser!(u64).range(0..=MAX_TIMEOUT_SECS))]
    pub timeout: Option<u64>,
    /// Open the page in the default browser [default: decide.open, else
    /// with $BROWSER, on a desktop session or under WSL; never under CI; over
    /// plain SSH aide prints the tunnel to run instead]
    #[arg(long, overrides_with = "no_open")]
    pub open: bool,
    /// Do not open a browser
    #[arg(long, overrides_with = "open")]
    pub no_open: bool,
    /// Return as soon as the page is reachable and keep serving in the
    /// background
    #[arg(long)]
    pub detach: bool,
    /// Also print the address as a QR code, to answer from a phone (with
    /// --bind 0.0.0.0 it encodes this machine's address on the network)
    #[arg(long)]
    pub qr: bool,
}

impl ServerArgs {
    /// What these flags ask of the server, for the service.
    pub fn overrides(&self) -> Overrides {
        Overrides {
            port: self.port,
            bind: self.bind,
            url: self.url.clone(),
            timeout: self.timeout,
            // `--open` / `--no-open`, if either was given.
            open: match (self.open, self.no_open) {
                (true, _) => Some(true),
                (_, true) => Some(false),
                _ => None,
            },
            detach: self.detach,
            qr: self.qr,
        }
    }
}

pub(super) fn lang_arg(text: &str) -> Result<Lang, String> {
    Lang::from_code(text).ok_or_else(|| "expected zh or en".into())
}

pub(super) fn bind_arg(text: &str) -> Result<IpAddr, String> {
    parse_bind(text).ok_or_else(|| "expected an IP address such as 127.0.0.1 or 0.0.0.0".into())
}

pub(super) fn session_arg(text: &str) -> Result<SessionId, String> {
    text.parse()
        .map_err(|_| "expected a session id such as 2025-01-15T10-30-00".into())
}

pub(super) fn reason_arg(text: &str) -> Result<String, String> {
    let max = crate::store::MAX_REASON_CHARS;
    if text.chars().count() > max {
        return Err(format!("expected at most {max} characters"));
    }
    Ok(text.to_owned())
}

pub(super) fn url_arg(text: &str) -> Result<String, String> {
    if is_http_url(text) {
        Ok(text.to_owned())
    } else {
        Err("expected an address starting with http:// or https://".into())
    }
}
