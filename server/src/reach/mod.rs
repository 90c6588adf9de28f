//! How the page's address reaches the person. Most agents run where the
//! browser is not (SSH, WSL, dev containers, Codespaces), so aide looks at
//! the environment once and then opens a browser here, prints the tunnel
//! the person runs on their own machine, prints the forwarded address, or
//! asks that the address be passed on.

use std::net::IpAddr;

/// Where the person is, as far as the environment tells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reach {
    /// A browser here: `$BROWSER` (VS Code Remote, dev containers and
    /// Codespaces point it at a helper that opens the page on the person's
    /// machine and forwards the port), WSL's Windows browser, or the
    /// desktop's own opener.
    Browser,
    /// Plain SSH with no browser here: the person opens a tunnel.
    Ssh {
        user: Option<String>,
        /// The address this machine was reached at.
        host: String,
        /// The SSH server's port, when not 22.
        port: Option<u16>,
    },
    /// A GitHub Codespace: its forwarded address reaches the page.
    Codespaces { name: String, domain: String },
    /// Nothing to open with: the address must be passed on.
    Nowhere,
}

/// What the environment says about where the person is, read once: the
/// one probe behind the page's reach ([`Environment::reach`]) and the
/// desktop notification ([`Environment::desktop_session`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Environment {
    /// `CI` is set (and not `0` or `false`).
    ci: bool,
    /// `SSH_CONNECTION`, as given.
    ssh_connection: Option<String>,
    user: Option<String>,
    /// A GitHub Codespace's name and port-forwarding domain.
    codespace: Option<(String, String)>,
    /// `$BROWSER` is set.
    browser: bool,
    /// Under WSL.
    wsl: bool,
    /// A display or Wayland session (or macOS, or Windows).
    desktop: bool,
}

impl Environment {
    /// Reads the environment (`var` reads one variable).
    pub fn read(var: impl Fn(&str) -> Option<String>) -> Environment {
        let get = |name: &str| var(name).filter(|v| !v.trim().is_empty());
        let set = |name: &str| get(name).is_some_and(|v| v != "0" && v != "false");
        let codespace = set("CODESPACES")
            .then(|| {
                Some((
                    get("CODESPACE_NAME")?,
                    get("GITHUB_CODESPACES_PORT_FORWARDING_DOMAIN")?,
                ))
            })
            .flatten();
        Environment {
            ci: set("CI"),
            ssh_connection: get("SSH_CONNECTION"),
            user: get("USER").or_else(|| get("LOGNAME")),
            codespace,
            browser: get("BROWSER").is_some(),
            wsl: get("WSL_DISTRO_NAME").is_some() || get("WSL_INTEROP").is_some(),
            desktop: cfg!(target_os = "macos")
                || cfg!(windows)
                || get("DISPLAY").is_some()
                || get("WAYLAND_DISPLAY").is_some(),
        }
    }

    /// Whether this machine shows the person a desktop of their own: a
    /// display that is not reached over SSH, outside CI.
    pub fn desktop_session(&self) -> bool {
        !self.ci && self.ssh_connection.is_none() && self.desktop
    }

    /// How the page reaches the person. `open` is the person's setting
    /// (`--open`/`--no-open`, `decide.open`); CI never opens anything.
    pub fn reach(&self, open: Option<bool>) -> Reach {
        let codespace = || {
            let (name, domain) = self.codespace.clone()?;
            Some(Reach::Codespaces { name, domain })
        };
        let remote = codespace().or_else(|| {
            // "client_ip client_port server_ip server_port"
            let mut parts = self.ssh_connection.as_deref()?.split_whitespace().skip(2);
            let host = parts.next()?.parse::<IpAddr>().ok()?;
            let port = parts.next()?.parse::<u16>().ok().filter(|p| *p != 22);
            Some(Reach::Ssh {
                user: self.user.clone(),
                host: host.to_string(),
                port,
            })
        });
        if self.ci || open == Some(false) {
            return remote.unwrap_or(Reach::Nowhere);
        }
        let browser = self.browser;
        match remote {
            // Codespaces' terminals set $BROWSER to the port-forwarding helper.
            Some(Reach::Codespaces { .. }) if browser || open == Some(true) => Reach::Browser,
            Some(remote @ Reach::Codespaces { .. }) => remote,
            // Over SSH only $BROWSER (a forwarding helper) or an explicit
            // --open reaches the person; a display here is not theirs.
            Some(_) if browser || open == Some(true) => Reach::Browser,
            Some(remote) => remote,
            None if browser || self.wsl || self.desktop || open == Some(true) => Reach::Browser,
            None => Reach::Nowhere,
        }
    }
}

impl Reach {
    /// The address the person opens for a page on `port` here, when it is
    /// not this machine's own (`None`: the page's usual address).
    pub fn forwarded_base(&self, port: u16) -> Option<String> {
        match self {
            Reach::Codespaces { name, domain } => Some(format!("https://{name}-{port}.{domain}")),
            _ => None,
        }
    }

    /// The command the person runs on their own machine to reach a page on
    /// `port` here.
    pub fn tunnel(&self, port: u16) -> Option<String> {
        let Reach::Ssh {
            user,
            host,
            port: ssh_port,
        } = self
        else {
            return None;
        };
        let host = if host.contains(':') {
            format!("[{host}]")
        } else {
            host.clone()
        };
        let target = match user {
            Some(user) => format!("{user}@{host}"),
            None => host,
        };
        let ssh_port = ssh_port.map(|p| format!(" -p {p}")).unwrap_or_default();
        Some(format!(
            "ssh -N -L {port}:127.0.0.1:{port}{ssh_port} {target}"
        ))
    }
}

mod address;
mod env;

pub use address::{at_host, network_addresses, open, qr, reached_at};
pub use env::env_var;

#[cfg(test)]
mod tests {
    use super::*;

    /// A child started with a cleaned environment finds the SSH login's
    /// variables in this process, its parent.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_server_bound_to_every_address_is_reached_on_the_loopback_of_its_family() {
        let at = |addr: &str| reached_at(addr.parse().unwrap()).to_string();
        assert_eq!(at("0.0.0.0:3721"), "127.0.0.1:3721");
        assert_eq!(at("[::]:3721"), "[::1]:3721");
        assert_eq!(at("127.0.0.2:3721"), "127.0.0.2:3721");
        assert_eq!(at("[fe80::1]:3721"), "[fe80::1]:3721");
    }

    #[test]
    fn a_cleaned_environment_still_finds_ssh_in_an_ancestor() {
        let probe = std::env::var("AIDE_TEST_ANCESTOR_PROBE").is_ok();
        if probe {
            // The child: nothing of SSH in its own environment.
            assert!(std::env::var("SSH_CONNECTION").is_err());
            assert_eq!(
                env_var("SSH_CONNECTION").as_deref(),
                std::env::var("AIDE_TEST_EXPECTED").ok().as_deref()
            );
            assert_eq!(env_var("HOME_OF_NOBODY"), None);
            return;
        }
        // This test again, in a child process set up by `env`.
        let rerun = |env: &dyn Fn(&mut std::process::Command)| {
            let mut command = std::process::Command::new(std::env::current_exe().unwrap());
            command.args([
                "--exact",
                "reach::tests::a_cleaned_environment_still_finds_ssh_in_an_ancestor",
            ]);
            env(&mut command);
            let run = command.output().unwrap();
            assert!(
                run.status.success(),
                "{}",
                String::from_utf8_lossy(&run.stdout)
            );
        };
        match std::env::var("SSH_CONNECTION") {
            // Only a process that has it can be the ancestor: the test runs
            // itself again under one that has (the SIGKILL test's way).
            Err(_) => rerun(&|command| {
                command.env("SSH_CONNECTION", "203.0.113.9 51234 198.51.100.7 22");
            }),
            Ok(connection) => rerun(&|command| {
                command
                    .env_clear()
                    .env("AIDE_TEST_ANCESTOR_PROBE", "1")
                    .env("AIDE_TEST_EXPECTED", &connection);
            }),
        }
    }

    fn desktop(vars: &[(&str, &str)]) -> bool {
        Environment::read(|name| {
            vars.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| (*v).to_owned())
        })
        .desktop_session()
    }

    #[test]
    fn only_a_local_desktop_outside_ci_is_notified() {
        if cfg!(target_os = "linux") {
            assert!(desktop(&[("DISPLAY", ":0")]));
            assert!(desktop(&[("WAYLAND_DISPLAY", "wayland-0")]));
            assert!(!desktop(&[]), "no display");
        }
        assert!(!desktop(&[("DISPLAY", ":0"), ("CI", "true")]));
        assert!(!desktop(&[
            ("DISPLAY", ":10"),
            ("SSH_CONNECTION", "10.0.0.2 50000 10.0.0.1 22")
        ]));
        if cfg!(target_os = "linux") {
            assert!(desktop(&[("DISPLAY", ":0"), ("CI", "false")]));
        }
    }

    fn reach(vars: &[(&str, &str)], open: Option<bool>) -> Reach {
        Environment::read(|name| {
            vars.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| (*v).to_owned())
        })
        .reach(open)
    }

    const SSH: (&str, &str) = ("SSH_CONNECTION", "203.0.113.9 51234 198.51.100.7 22");

    #[test]
    fn plain_ssh_prints_the_tunnel_and_opens_nothing() {
        let here = reach(&[SSH, ("USER", "ana"), ("DISPLAY", ":10")], None);
        assert_eq!(
            here.tunnel(3722).as_deref(),
            Some("ssh -N -L 3722:127.0.0.1:3722 ana@198.51.100.7")
        );
        let other_port = reach(&[("SSH_CONNECTION", "::1 5 2001:db8::7 2222")], None);
        assert_eq!(
            other_port.tunnel(3721).as_deref(),
            Some("ssh -N -L 3721:127.0.0.1:3721 -p 2222 [2001:db8::7]")
        );
        // $BROWSER (VS Code Remote's helper) or --open wins over the tunnel.
        assert_eq!(
            reach(&[SSH, ("BROWSER", "/vscode/helper")], None),
            Reach::Browser
        );
        assert_eq!(reach(&[SSH], Some(true)), Reach::Browser);
    }

    #[test]
    fn codespaces_give_the_forwarded_address() {
        let vars = [
            ("CODESPACES", "true"),
            ("CODESPACE_NAME", "fluffy-space-abc"),
            ("GITHUB_CODESPACES_PORT_FORWARDING_DOMAIN", "app.github.dev"),
        ];
        let here = reach(&vars, None);
        assert_eq!(
            here.forwarded_base(3721).as_deref(),
            Some("https://fluffy-space-abc-3721.app.github.dev")
        );
        assert_eq!(here.tunnel(3721), None);
    }

    #[test]
    fn ci_never_opens_and_a_desktop_or_wsl_does() {
        assert_eq!(
            reach(&[("CI", "true"), ("DISPLAY", ":0")], Some(true)),
            Reach::Nowhere
        );
        assert_eq!(
            reach(&[("CI", "false"), ("DISPLAY", ":0")], None),
            Reach::Browser
        );
        assert_eq!(reach(&[("DISPLAY", ":0")], Some(false)), Reach::Nowhere);
        assert_eq!(
            reach(&[("WSL_DISTRO_NAME", "Ubuntu")], None),
            Reach::Browser
        );
        if cfg!(target_os = "linux") {
            assert_eq!(reach(&[], None), Reach::Nowhere);
            assert_eq!(
                reach(&[("WAYLAND_DISPLAY", "wayland-0")], None),
                Reach::Browser
            );
        }
    }

    #[test]
    fn the_address_for_other_machines_keeps_port_path_and_key() {
        let url = "http://localhost:3721/?key=abc";
        let v4 = at_host(url, "192.168.1.20".parse().unwrap());
        assert_eq!(v4.as_deref(), Some("http://192.168.1.20:3721/?key=abc"));
        let v6 = at_host(url, "2001:db8::7".parse().unwrap());
        assert_eq!(v6.as_deref(), Some("http://[2001:db8::7]:3721/?key=abc"));
    }

    #[test]
    fn the_qr_code_is_drawn_in_half_blocks() {
        let drawn = qr("http://192.168.1.20:3721/?key=0123456789abcdef").unwrap();
        let lines: Vec<&str> = drawn.lines().collect();
        assert!(lines.len() > 10, "{drawn}");
        assert!(
            lines
                .iter()
                .all(|l| l.chars().count() == lines[0].chars().count())
        );
        assert!(drawn.contains('█') || drawn.contains('▀') || drawn.contains('▄'));
    }
}
