//! A desktop notification when a question arrives, so the person learns of
//! it while they look at something else. Only where a desktop session is
//! the person's own (`reach::Environment::desktop_session`: not under CI,
//! not over SSH), and never when `decide.notify = false`. A notification that cannot be shown (no
//! notification service) changes nothing else: the address is printed as
//! always.

use app::i18n::{AgentMsg, Msg};

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

#[cfg(all(
    feature = "notify",
    any(
        target_os = "linux",
        target_os = "freebsd",
        target_os = "macos",
        windows
    )
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

/// Without the `notify` feature (the macOS check of scripts/test.sh), or
/// where there is no notification service to ask.
#[cfg(not(all(
    feature = "notify",
    any(
        target_os = "linux",
        target_os = "freebsd",
        target_os = "macos",
        windows
    )
)))]
fn show(_summary: &str, _body: &str) {}
