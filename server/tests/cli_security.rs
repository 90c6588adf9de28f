//! Attacks on a running server that need a real socket.

mod support;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};
use support::{Project, detach, free_ports, get_page, page_in};

#[test]
fn a_client_that_never_finishes_its_headers_is_cut_off() {
    let project = Project::new();
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
    let project = Project::new();
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
    let read = stream.read(&mut reply).unwrap();
    let reply = String::from_utf8_lossy(&reply[..read]);
    assert!(reply.starts_with("HTTP/1.1 413"), "{reply}");
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "answered after {:?}",
        started.elapsed()
    );
}
