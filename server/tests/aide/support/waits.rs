//! Waiting for what another process does, read from `/proc`, instead of
//! sleeping and hoping it happened.
#![allow(
    clippy::unwrap_used,
    reason = "test helpers: a failure is the test failing"
)]

use super::alive;
use std::net::TcpStream;
use std::time::Duration;

/// Waits until process `pid` sleeps in `nanosleep`: a `result --wait`
/// sleeps only between looks, so it has looked at least once, found no
/// answers, and whatever the test does next happens while it waits (what
/// a fixed sleep of the test only hoped for).
pub fn wait_until_sleeping(pid: u32) {
    // nanosleep and clock_nanosleep, as the kernel numbers them.
    #[cfg(target_arch = "x86_64")]
    const SLEEPS: [&str; 2] = ["35", "230"];
    #[cfg(target_arch = "aarch64")]
    const SLEEPS: [&str; 2] = ["101", "115"];
    let until = std::time::Instant::now() + Duration::from_secs(60);
    loop {
        let now = std::fs::read_to_string(format!("/proc/{pid}/syscall")).unwrap_or_default();
        if SLEEPS.contains(&now.split(' ').next().unwrap_or_default()) {
            return;
        }
        assert!(alive(pid), "process {pid} ended before it waited");
        assert!(
            std::time::Instant::now() < until,
            "process {pid} never slept: {now}"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Waits until the server at the other end of `client` has read all that
/// `client` sent (its socket's receive queue in `/proc/net/tcp` is empty):
/// a request written, the server holds it.
pub fn wait_until_read(client: &TcpStream) {
    let hex = |addr: std::net::SocketAddr| match addr {
        std::net::SocketAddr::V4(v4) => format!(
            "{:08X}:{:04X}",
            u32::from_le_bytes(v4.ip().octets()),
            v4.port()
        ),
        std::net::SocketAddr::V6(_) => panic!("IPv4 only"),
    };
    let (server, ours) = (
        hex(client.peer_addr().unwrap()),
        hex(client.local_addr().unwrap()),
    );
    let until = std::time::Instant::now() + Duration::from_secs(60);
    loop {
        let table = std::fs::read_to_string("/proc/net/tcp").unwrap();
        let queued = table.lines().skip(1).find_map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let (local, remote, queues) = (fields.get(1)?, fields.get(2)?, fields.get(4)?);
            let rx = queues.split(':').nth(1)?;
            (*local == server && *remote == ours).then(|| u64::from_str_radix(rx, 16).ok())?
        });
        if queued == Some(0) {
            return;
        }
        assert!(
            std::time::Instant::now() < until,
            "the server never read the request"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
}
