//! Opening the page in the person's browser.

use std::io;
use std::process::{Command, Stdio};

/// Whether to open a browser: never under CI; else the explicit setting;
/// else only on a desktop session that is not reached over SSH.
pub fn wanted(explicit: Option<bool>, var: impl Fn(&str) -> Option<String>) -> bool {
    let set = |name: &str| var(name).is_some_and(|v| !v.is_empty() && v != "0" && v != "false");
    if set("CI") {
        return false;
    }
    if let Some(explicit) = explicit {
        return explicit;
    }
    if set("SSH_CONNECTION") || set("SSH_TTY") || set("SSH_CLIENT") {
        return false;
    }
    cfg!(target_os = "macos") || cfg!(windows) || set("DISPLAY") || set("WAYLAND_DISPLAY")
}

/// Starts the browser on `url` without waiting for it. `$BROWSER`, when
/// set, is the program to run; else the platform's opener.
pub fn open(url: &str) -> io::Result<()> {
    let mut command = match std::env::var("BROWSER") {
        Ok(browser) if !browser.trim().is_empty() => Command::new(browser.trim()),
        _ if cfg!(target_os = "macos") => Command::new("open"),
        _ if cfg!(windows) => {
            let mut start = Command::new("cmd");
            start.args(["/C", "start", ""]);
            start
        }
        _ => Command::new("xdg-open"),
    };
    let mut child = command
        .arg(url)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()?;
    // Reap it when it exits, without holding the command up.
    std::thread::spawn(move || child.wait());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::wanted;

    fn with(vars: &[(&str, &str)], explicit: Option<bool>) -> bool {
        wanted(explicit, |name| {
            vars.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| (*v).to_owned())
        })
    }

    #[test]
    fn ci_never_opens_and_ssh_only_when_asked() {
        assert!(!with(&[("CI", "true"), ("DISPLAY", ":0")], Some(true)));
        assert!(with(&[("CI", "false"), ("DISPLAY", ":0")], None));
        assert!(!with(
            &[("SSH_CONNECTION", "1 2 3 4"), ("DISPLAY", ":0")],
            None
        ));
        assert!(with(&[("SSH_CONNECTION", "1 2 3 4")], Some(true)));
        assert!(!with(&[("DISPLAY", ":0")], Some(false)));
        if cfg!(target_os = "linux") {
            assert!(with(&[("WAYLAND_DISPLAY", "wayland-0")], None));
            assert!(!with(&[], None));
        }
    }
}
