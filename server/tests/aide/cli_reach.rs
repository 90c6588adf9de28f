//! How the address reaches a person who is not at this machine: the SSH
//! tunnel line, the addresses on the network with `--bind 0.0.0.0`, and
//! `--qr`.
#![allow(clippy::unwrap_used, reason = "tests: a failure is the test failing")]

use crate::support::{EXAMPLE, TestProject, free_ports, server_pid, wait_until_gone};

fn submit(project: &TestProject, env: &[(&str, &str)], extra: &[&str]) -> String {
    let port = free_ports(10).to_string();
    let mut args = vec!["decide", "submit", EXAMPLE, "--detach", "--port", &port];
    args.extend(extra);
    let mut command = project.aide_in("en", &args);
    command
        .env_remove("CI")
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY");
    command.env_remove("BROWSER").env_remove("SSH_CONNECTION");
    for (name, value) in env {
        command.env(name, value);
    }
    let output = command.output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(output.status.success(), "{stderr}");
    let pid = server_pid(project);
    crate::support::kill(pid, "TERM");
    wait_until_gone(pid);
    stderr
}

/// The port of the address `submit` printed.
fn port_in(stderr: &str) -> u16 {
    let after = stderr.split("http://127.0.0.1:").nth(1).unwrap();
    after.split('/').next().unwrap().parse().unwrap()
}

#[test]
fn over_plain_ssh_it_prints_the_tunnel_to_run_and_opens_nothing() {
    let project = TestProject::new();
    let ssh = [
        ("SSH_CONNECTION", "203.0.113.9 51234 198.51.100.7 2222"),
        ("USER", "ana"),
    ];
    let stderr = submit(&project, &ssh, &[]);
    let port = port_in(&stderr);
    let line = format!(
        "→ Reached over SSH, with no browser here: on their own machine the person runs ssh -N -L {port}:127.0.0.1:{port} -p 2222 ana@198.51.100.7, then opens the address above"
    );
    assert!(stderr.contains(&line), "{stderr}");
    assert!(!stderr.contains("Opened"), "{stderr}");
    // The line the agent pastes to the person carries the tunnel too: it
    // is all the person gets.
    let tunnel = format!("ssh -N -L {port}:127.0.0.1:{port} -p 2222 ana@198.51.100.7");
    let relay = stderr
        .lines()
        .find(|l| l.starts_with("→ For the person: "))
        .unwrap();
    assert!(
        relay.ends_with(&format!(" (first run {tunnel} on your own machine)")),
        "{relay}"
    );
}

#[test]
fn bound_to_every_interface_it_prints_the_network_addresses_and_a_qr_code() {
    let project = TestProject::new();
    let stderr = submit(&project, &[], &["--bind", "0.0.0.0", "--qr"]);
    assert!(
        stderr.contains("⚠ The server listens on 0.0.0.0"),
        "{stderr}"
    );
    // The QR code's quiet zone and modules, in half blocks.
    assert!(stderr.contains("████"), "{stderr}");
    assert!(stderr.contains('▄') || stderr.contains('▀'), "{stderr}");
    let key = stderr.split("?key=").nth(1).unwrap().get(..32).unwrap();
    // One line per address of this machine's network (none in a sandbox
    // with only loopback): each names that address, never a loopback name.
    let mut addresses: Vec<std::net::IpAddr> = if_addrs::get_if_addrs()
        .unwrap()
        .into_iter()
        .map(|interface| interface.ip())
        .filter(|ip| ip.is_ipv4() && !ip.is_loopback())
        .collect();
    addresses.sort();
    addresses.dedup();
    let lines: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("→ From other machines: "))
        .collect();
    assert_eq!(lines.len(), addresses.len(), "{stderr}");
    for (line, ip) in lines.iter().zip(&addresses) {
        assert!(line.contains(&format!("http://{ip}:")), "{line}");
        assert!(line.ends_with(key), "{line}");
    }
}
