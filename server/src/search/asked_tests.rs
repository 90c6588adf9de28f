//! The precedent cache: made from the ledger and the records it names,
//! then read with only the ledger's new lines; never trusted when another
//! wrote it.

use super::asked::AskedHere;
use super::words::Words;
use crate::store::{DecisionStore, Event, Project};
use std::collections::HashSet;

fn store() -> (tempfile::TempDir, DecisionStore) {
    let dir = tempfile::tempdir().unwrap();
    Project::init(dir.path()).unwrap();
    let store = Project::find(dir.path()).unwrap().decisions().unwrap();
    (dir, store)
}

/// A session asking `title`, answered here (its record, the ledger's line).
fn decided(store: &DecisionStore, title: &str) -> app::SessionId {
    let input = app::validate_input(&serde_json::json!({"task": "t", "source": "s", "items": [
        {"id": 1, "title": title, "options": [{"value": "a", "label": "A"}, {"value": "b", "label": "B"}]}
    ]}))
    .unwrap();
    let lock = store.lock().unwrap();
    let (pending, _) = store
        .pending()
        .save(&lock, input.clone(), chrono::Local::now())
        .unwrap();
    let output = app::validate_output(
        &input,
        &serde_json::json!({"decisions": [{"id": 1, "chosen": "a"}]}),
    )
    .unwrap();
    store
        .records()
        .save(
            &lock,
            &pending,
            (output, app::Via::Page),
            chrono::Local::now(),
        )
        .unwrap();
    let session = pending.meta.session_id.clone();
    store
        .ledger()
        .log(&Event::Decided {
            session_id: session.clone(),
        })
        .unwrap();
    // Session ids are to the second.
    std::thread::sleep(std::time::Duration::from_millis(1100));
    session
}

fn sessions(store: &DecisionStore, word: &str) -> Vec<String> {
    let here = AskedHere::load(store, &Words::default()).unwrap();
    let wanted: HashSet<&str> = [word].into_iter().collect();
    let (asked, _) = here.sharing(&wanted);
    asked.iter().map(|asked| asked.session.to_owned()).collect()
}

/// The first unit of a title, as the cache holds it.
fn unit(words: &Words, title: &str) -> String {
    let table = crate::search::same::concepts::Concepts::builtin(words);
    table.units(title, words)[0].text.clone()
}

fn cache(store: &DecisionStore) -> String {
    let path = store.project_root().join(".aide/cache/precedents.txt");
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn the_cache_is_made_from_the_ledger_then_reads_only_its_new_lines() {
    let (_dir, store) = store();
    let words = Words::default();
    let word = unit(&words, "Which database?");
    let first = decided(&store, "Which database?");
    assert_eq!(sessions(&store, &word), [first.to_string()]);
    let ledger = store.project_root().join(".aide/decisions/ledger.jsonl");
    let end = std::fs::metadata(&ledger).unwrap().len();
    assert!(cache(&store).starts_with(&format!(
        "aide-precedents {} {end}\n",
        super::asked_text::version()
    )));

    // A later session is read from the ledger's new lines; a cleaned one
    // goes.
    let second = decided(&store, "Which database for logs?");
    assert_eq!(
        sessions(&store, &word),
        [first.to_string(), second.to_string()]
    );
    store
        .ledger()
        .log(&Event::Cleaned {
            session_id: first.clone(),
        })
        .unwrap();
    assert_eq!(sessions(&store, &word), [second.to_string()]);
}

/// Lines that change no question (a submit, a page opened) leave the
/// cache as it is: a page's start no longer writes its megabytes again for
/// them, until much of the ledger is left unread.
#[test]
fn lines_that_change_no_question_leave_the_cache_unwritten_until_many() {
    let (_dir, store) = store();
    let words = Words::default();
    let word = unit(&words, "Which database?");
    let first = decided(&store, "Which database?");
    assert_eq!(sessions(&store, &word), [first.to_string()]);
    let made = cache(&store);
    let submitted = |n: u32| Event::Submitted {
        session_id: format!("2030-01-01T00-00-{:02}", n % 60).parse().unwrap(),
        task: "t".repeat(200),
        items: 1,
    };
    for n in 0..10 {
        store.ledger().log(&submitted(n)).unwrap();
    }
    assert_eq!(sessions(&store, &word), [first.to_string()]);
    assert_eq!(cache(&store), made, "written again for nothing");
    // Past 64 KiB unread: the same questions, read to the ledger's end.
    for n in 0..300 {
        store.ledger().log(&submitted(n)).unwrap();
    }
    assert_eq!(sessions(&store, &word), [first.to_string()]);
    let ledger = store.project_root().join(".aide/decisions/ledger.jsonl");
    let end = std::fs::metadata(&ledger).unwrap().len();
    let again = cache(&store);
    assert!(
        again.starts_with(&format!(
            "aide-precedents {} {end}\n",
            super::asked_text::version()
        )),
        "{again}"
    );
    assert_eq!(
        again.split_once('\n').unwrap().1,
        made.split_once('\n').unwrap().1
    );
}

#[cfg(unix)]
#[test]
fn a_cache_or_a_ledger_another_wrote_is_not_trusted() {
    use std::os::unix::fs::PermissionsExt;
    let (_dir, store) = store();
    let words = Words::default();
    let word = unit(&words, "Which database?");
    let first = decided(&store, "Which database?");
    assert_eq!(sessions(&store, &word), [first.to_string()]);
    // A cache that came from elsewhere, naming a session never decided
    // here, is made again from the ledger.
    let path = store.project_root().join(".aide/cache/precedents.txt");
    let planted = format!("{}A\t2020-01-01T00-00-00\t1\t1\t{word}\n", cache(&store));
    std::fs::write(&path, planted).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
    assert_eq!(sessions(&store, &word), [first.to_string()]);
    // A ledger others may write proves nothing.
    let ledger = store.project_root().join(".aide/decisions/ledger.jsonl");
    std::fs::set_permissions(&ledger, std::fs::Permissions::from_mode(0o644)).unwrap();
    assert!(sessions(&store, &word).is_empty());
}

/// "Decided here" is the cache's to prove, for history, search and
/// granting as for the precedents: the sessions of the ledger's `decided`
/// lines whose records are this user's alone; a record replaced by one
/// others may read is not, nor anything once the ledger is not theirs.
#[cfg(unix)]
#[test]
fn decided_here_is_what_the_cache_holds_with_the_record_still_ours() {
    use std::os::unix::fs::PermissionsExt;
    let (_dir, store) = store();
    let words = Words::default();
    let first = decided(&store, "Which database?");
    let second = decided(&store, "Which queue?");
    let never: app::SessionId = "2020-01-01T00-00-00".parse().unwrap();
    let here = super::decided_here(&store, &words).unwrap();
    assert!(here.holds(&store, &first) && here.holds(&store, &second));
    assert!(!here.holds(&store, &never));
    // A record another wrote in its place (as git checks one out).
    let record = store
        .project_root()
        .join(format!(".aide/decisions/{second}.json"));
    std::fs::set_permissions(&record, std::fs::Permissions::from_mode(0o644)).unwrap();
    let here = super::decided_here(&store, &words).unwrap();
    assert!(here.holds(&store, &first) && !here.holds(&store, &second));
    let ledger = store.project_root().join(".aide/decisions/ledger.jsonl");
    std::fs::set_permissions(&ledger, std::fs::Permissions::from_mode(0o644)).unwrap();
    let here = super::decided_here(&store, &words).unwrap();
    assert!(!here.holds(&store, &first));
}

/// What the precedents of a page cost, by part, over a project made by
/// `bench/rulings.py`'s generator: `AIDE_PROBE=DIR` (its `half.json` the
/// session). Run by hand: `cargo test --release -p server --lib probe --
/// --ignored --nocapture`.
#[test]
#[ignore = "a measurement, by hand"]
fn probe() {
    let Some(dir) = std::env::var_os("AIDE_PROBE") else {
        return;
    };
    let dir = std::path::PathBuf::from(dir);
    let store = Project::find(&dir).unwrap().decisions().unwrap();
    let words = Words::default();
    let text = std::fs::read_to_string(dir.join("half.json")).unwrap();
    let input = app::validate_input(&serde_json::from_str(&text).unwrap()).unwrap();
    for _ in 0..3 {
        let t = std::time::Instant::now();
        let here = AskedHere::load(&store, &words).unwrap();
        let loaded = t.elapsed();
        let table = crate::search::same::concepts::Concepts::builtin(&words);
        let questions: Vec<_> = input
            .items()
            .iter()
            .map(|item| table.units(item.title(), &words))
            .collect();
        let wanted: HashSet<&str> = questions
            .iter()
            .flatten()
            .map(|u| u.text.as_str())
            .collect();
        let (asked, holding) = here.sharing(&wanted);
        let shared = t.elapsed();
        let mut counts = vec![0.0; asked.len()];
        let mut close = 0;
        for question in &questions {
            close += super::precedent::alike(&asked, &holding, question, &mut counts).len();
        }
        eprintln!("alike {:?} ({close} close)", t.elapsed() - shared);
        let t = std::time::Instant::now();
        let found = super::precedents(&store, &words, &input);
        let all = t.elapsed();
        eprintln!(
            "load {loaded:?}, sharing {:?} ({} questions), precedents() whole {all:?} ({} found)",
            shared - loaded,
            asked.len(),
            found.len()
        );
    }
}
