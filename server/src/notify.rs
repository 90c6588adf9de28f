//! A desktop notification when a question arrives, so the person learns of
//! it while they look at something else. Only where a desktop session is
//! the person's own (not under CI, not over SSH), and never when
//! `decide.notify = false`. A notification that cannot be shown (no
//! notification service) changes nothing else: the address is printed as
//! always.

use app::i18n::{AgentMsg, Msg};

/// Whether this machine shows the person a desktop: macOS, Windows, or a
/// display or Wayland session that is not reached over SSH. CI never is.
pub fn desktop_session(var: impl Fn(&str) -> Option<String>) -> bool {
    let get = |name: &str| var(name).filter(|v| !v.trim().is_empty());
    let ci = get("CI").is_some_and(|v| v != "0" && v != "false");
    if ci || get("SSH_CONNECTION").is_some() {
        return false;
    }
    cfg!(target_os = "macos")
        || cfg!(windows)
        || get("DISPLAY").is_some()
        || get("WAYLAND_DISPLAY").is_some()
}

/// Shows "a question waits for you" with `message` (what to answer, and
/// where) off the calling thread: a slow or absent notification service
/// never holds up the page.
pub fn question_arrived(message: String, lang: app::Lang) {
    let summary = Msg::Agent(AgentMsg::NotifyTitle).text(lang);
    let body = message;
    let shown = std::thread::Builder::new()
        .name("aide-notify".into())
        .spawn(move || show(&summary, &body));
    // No thread, no notification: nothing else depends on it.
    drop(shown);
}

#[cfg(any(
    target_os = "linux",
    target_os = "freebsd",
    target_os = "macos",
    windows
))]
fn show(summary: &str, body: &str) {
    // The result is not waited on: a desktop without a notification
    // service says nothing, as one with notifications turned off.
    let _ = notify_rust::Notification::new()
        .appname("aide")
        .summary(summary)
        .body(body)
        .show();
}

#[cfg(not(any(
    target_os = "linux",
    target_os = "freebsd",
    target_os = "macos",
    windows
)))]
fn show(_summary: &str, _body: &str) {}

#[cfg(test)]
mod tests {
    use super::*;

    fn desktop(vars: &[(&str, &str)]) -> bool {
        desktop_session(|name| {
            vars.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| (*v).to_owned())
        })
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
}
