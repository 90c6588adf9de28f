//! The page's address as the person gets it: opened in their browser, at
//! this machine's network addresses, as a QR code; and where this machine
//! itself reaches a server it bound.

use std::net::IpAddr;

/// Opens `url` in the person's browser without waiting for it.
pub fn open(url: &str) -> std::io::Result<()> {
    let options = {
        let mut options = webbrowser::BrowserOptions::new();
        options.with_suppress_output(true);
        options
    };
    webbrowser::open_browser_with_options(webbrowser::Browser::Default, url, &options)
}

/// This machine's addresses other machines can reach a server bound to
/// every interface at (`--bind 0.0.0.0` or `::`): the non-loopback ones,
/// IPv4 first.
pub fn network_addresses(v6: bool) -> Vec<IpAddr> {
    let mut found: Vec<IpAddr> = if_addrs::get_if_addrs()
        .unwrap_or_default()
        .into_iter()
        .map(|interface| interface.ip())
        .filter(|ip| !ip.is_loopback() && !ip.is_unspecified())
        .filter(|ip| match ip {
            IpAddr::V4(_) => true,
            // Link-local IPv6 needs a zone id no browser takes in a URL.
            IpAddr::V6(v6ip) => v6 && (v6ip.segments()[0] & 0xffc0) != 0xfe80,
        })
        .collect();
    found.sort_by_key(|ip| (ip.is_ipv6(), *ip));
    found.dedup();
    found
}

/// `url` (the page's address, with its key) with its host set to `ip`.
pub fn at_host(url: &str, ip: IpAddr) -> Option<String> {
    let mut url = url::Url::parse(url).ok()?;
    url.set_ip_host(ip).ok()?;
    Some(url.into())
}

/// `text` as a QR code drawn with half blocks, two rows of modules per
/// line, with the quiet zone scanners need; `None` if it is too long.
pub fn qr(text: &str) -> Option<String> {
    let code = qrcode::QrCode::new(text.as_bytes()).ok()?;
    Some(
        code.render::<qrcode::render::unicode::Dense1x2>()
            .dark_color(qrcode::render::unicode::Dense1x2::Light)
            .light_color(qrcode::render::unicode::Dense1x2::Dark)
            .build(),
    )
}

/// Where this machine reaches a server bound to `addr`: a server bound to
/// every address is reached on the loopback of its family (never
/// `localhost`, which a browser may try on the other family first, where
/// another local user can listen on the same port).
pub fn reached_at(addr: std::net::SocketAddr) -> std::net::SocketAddr {
    use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
    let ip = match addr.ip() {
        IpAddr::V4(ip) if ip.is_unspecified() => IpAddr::V4(Ipv4Addr::LOCALHOST),
        IpAddr::V6(ip) if ip.is_unspecified() => IpAddr::V6(Ipv6Addr::LOCALHOST),
        ip => ip,
    };
    std::net::SocketAddr::new(ip, addr.port())
}
