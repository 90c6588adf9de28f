//! A page served in this process is two steps with its front end between
//! them: `start` returns once the page is reachable, having told so, and
//! `wait` returns how it ended while its server is still registered, so
//! the front end says the ending before anyone sees the server gone.
#![allow(clippy::unwrap_used, reason = "tests: a failure is the test failing")]

use super::launch::Launch;
use super::report::{Ending, Happened, Unanswered};
use super::serving::{Serving, ToServe};
use super::settings::{Overrides, ServerSettings};
use crate::config::DecideConfig;
use crate::store::Project;
use std::time::Duration;

#[test]
fn a_page_is_told_reachable_before_it_serves_and_its_end_while_it_is_registered() {
    let dir = tempfile::tempdir().unwrap();
    Project::init(dir.path()).unwrap();
    let store = Project::find(dir.path()).unwrap().decisions().unwrap();
    let input = serde_json::from_str(include_str!("../../../examples/auth.json")).unwrap();
    let input = app::validate_input(&input).unwrap();
    let lock = store.lock().unwrap();
    let (pending, _) = store
        .pending()
        .save(&lock, input, chrono::Local::now())
        .unwrap();
    let id = pending.meta.session_id.clone();
    let stamp = store.pending().stamp().unwrap();
    let mut settings = ServerSettings::resolve(&Overrides::default(), &DecideConfig::default());
    // Not on this machine's list of open questions; and the page ends as
    // soon as it serves, with no answers (how is not this test's point).
    settings.registry = None;
    settings.timeout = Some(Duration::from_millis(1));
    let to_serve = ToServe {
        pending: &pending,
        stamp,
        listener: std::net::TcpListener::bind("127.0.0.1:0").unwrap(),
    };
    let launch = Launch::Foreground(lock);
    let mut told = Vec::new();
    let serving = Serving::start(
        store.clone(),
        to_serve,
        &settings,
        app::Lang::En,
        launch,
        &mut told,
    );
    let serving = serving.unwrap();
    told.retain(|happened| !matches!(happened, Happened::NoBundle));
    let [Happened::Serving(started)] = told.as_slice() else {
        panic!("{told:?}");
    };
    assert_eq!(
        (&started.session_id, started.pid),
        (&id, std::process::id())
    );
    let live = store.servers().for_session(&id).unwrap().unwrap();
    assert_eq!(live.url, started.url);
    // The foreground command's lock is let go once the server is registered.
    drop(store.lock().unwrap());

    told.clear();
    let finished = serving.wait(&mut told).unwrap();
    assert_eq!(finished.ending, Ending::Pending(Unanswered::TimedOut));
    assert!(
        matches!(
            told.last(),
            Some(Happened::Ended(Ending::Pending(Unanswered::TimedOut)))
        ),
        "{told:?}"
    );
    assert!(
        store.servers().for_session(&id).unwrap().is_some(),
        "registered until the ending is said"
    );
    drop(finished);
    assert!(store.servers().for_session(&id).unwrap().is_none());
}
