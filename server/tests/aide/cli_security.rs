//! Attacks on a running server that need a real socket.

#![allow(
    clippy::unwrap_used,
    reason = "test helpers: a failure is the test failing"
)]

use crate::support::{TestProject, detach, free_ports, get_page, page_in, read_some};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

#[test]
fn a_client_that_never_finishes_its_headers_is_cut_off() {
    let project = TestProject::new();
    let page = page_in(&detach(&project, "zh", free_ports(10), &[]));
    let mut slow = TcpStream::connect(&page.addr).unwrap();
    slow.set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let started = Instant::now();
    // A request line and one header, then nothing (slowloris).
    slow.write_all(b"GET / HTTP/1.1\r\nHost: localhost\r\n")
        .unwrap();
    // Meanwhile the page keeps answering others.
    assert_eq!(get_page(&page, "/").0, 200);
    let mut reply = Vec::new();
    // The server closes the connection (possibly after a 408) instead of
    // waiting for the rest forever.
    let _ = slow.read_to_end(&mut reply);
    let waited = started.elapsed();
    assert!(
        waited >= Duration::from_secs(9) && waited < Duration::from_secs(25),
        "closed after {waited:?}"
    );
    let reply = String::from_utf8_lossy(&reply);
    assert!(
        reply.is_empty() || reply.starts_with("HTTP/1.1 408"),
        "{reply}"
    );
}

#[test]
fn a_body_declared_too_large_is_refused_at_once() {
    let project = TestProject::new();
    let page = page_in(&detach(&project, "zh", free_ports(10), &[]));
    let session = project.session_id();
    let mut stream = TcpStream::connect(&page.addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(15)))
        .unwrap();
    let started = Instant::now();
    // Headers that announce 2 MiB, and no body at all.
    let head = format!(
        "POST /api/decisions HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nX-Aide-Session: {session}\r\nX-Aide-Key: {}\r\nContent-Length: {}\r\n\r\n",
        page.addr,
        page.key,
        2 * 1024 * 1024
    );
    stream.write_all(head.as_bytes()).unwrap();
    let mut reply = [0u8; 64];
    let read = read_some(&mut stream, &mut reply);
    let reply = String::from_utf8_lossy(&reply[..read]);
    assert!(reply.starts_with("HTTP/1.1 413"), "{reply}");
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "answered after {:?}",
        started.elapsed()
    );
}

/// Reads one response with a Content-Length from `stream`; returns its head.
fn read_response(stream: &mut TcpStream) -> String {
    let mut data = Vec::new();
    let mut chunk = [0u8; 65536];
    let head_end = loop {
        if let Some(at) = data.windows(4).position(|w| w == b"\r\n\r\n") {
            break at;
        }
        let read = read_some(stream, &mut chunk);
        assert!(read > 0, "closed before the headers ended");
        data.extend_from_slice(&chunk[..read]);
    };
    let head = String::from_utf8_lossy(&data[..head_end]).to_lowercase();
    let length: usize = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .unwrap_or_else(|| panic!("no content-length in {head}"))
        .trim()
        .parse()
        .unwrap();
    while data.len() < head_end + 4 + length {
        let read = read_some(stream, &mut chunk);
        assert!(read > 0, "closed before the body ended");
        data.extend_from_slice(&chunk[..read]);
    }
    head
}

#[test]
fn an_http_1_0_client_keeps_its_connection_alive() {
    let project = TestProject::new();
    let page = page_in(&detach(&project, "zh", free_ports(10), &[]));
    let mut stream = TcpStream::connect(&page.addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let get = |path: &str, cookie: &str| {
        format!(
            "GET {path} HTTP/1.0\r\nHost: {}\r\nConnection: keep-alive\r\n{cookie}\r\n",
            page.addr
        )
    };
    stream
        .write_all(get(&format!("/?key={}", page.key), "").as_bytes())
        .unwrap();
    let first = read_response(&mut stream);
    assert!(first.starts_with("http/1.0 200"), "{first}");
    assert!(first.contains("connection: keep-alive"), "{first}");
    let cookie = first
        .lines()
        .find_map(|l| l.strip_prefix("set-cookie:"))
        .and_then(|c| c.split(';').next())
        .map(|c| format!("Cookie: {}\r\n", c.trim()))
        .unwrap_or_default();
    // The same connection answers again.
    stream.write_all(get("/", &cookie).as_bytes()).unwrap();
    let second = read_response(&mut stream);
    assert!(second.starts_with("http/1.0 200"), "{second}");
}
