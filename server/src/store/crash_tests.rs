//! Kill a writer with SIGKILL at random moments and check that every file
//! it leaves parses and every record it confirmed is there.
//!
//! The writer is this test binary run again with `AIDE_CRASH_WRITER` set:
//! it runs `crash_writer` (ignored otherwise), which loops through submit,
//! draft, record and ledger writes and prints `decided <id>` after each
//! record is stored.

use super::{DecisionStore, Project, StoreError};
use app::SessionId;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

const WRITER_ENV: &str = "AIDE_CRASH_WRITER";

fn example() -> app::DecideInput {
    let text = include_str!("../../../examples/auth.json");
    app::validate_input(&serde_json::from_str(text).unwrap()).unwrap()
}

#[test]
#[ignore = "run by sigkill_at_random_moments_loses_no_record"]
fn crash_writer() {
    let Ok(dir) = std::env::var(WRITER_ENV) else {
        return;
    };
    let store = Project::find(Path::new(&dir)).unwrap().decisions().unwrap();
    let input = example();
    let answers = serde_json::json!({ "decisions": [
        { "id": 1, "chosen": "jwt" }, { "id": 2, "chosen": "bcrypt", "note": "n" }
    ]});
    let draft =
        serde_json::json!({ "decisions": [{ "id": 1, "chosen": "session", "note": "草稿" }] });
    let mut out = std::io::stdout();
    loop {
        let lock = store.lock().unwrap();
        let now = chrono::Local::now();
        let (pending, _) = store.pending().save(&lock, input.clone(), now).unwrap();
        let id = pending.meta.session_id.clone();
        store
            .ledger()
            .log(&super::Event::Submitted {
                session_id: id.clone(),
                task: "t".into(),
                items: 2,
            })
            .unwrap();
        let so_far = app::validate_draft(&pending.input, &draft).unwrap();
        store
            .records()
            .save_draft(&lock, &pending, so_far, &[], now)
            .unwrap();
        let output = app::validate_output(&pending.input, &answers).unwrap();
        store
            .records()
            .save(&lock, &pending, (output, app::Via::Page), now)
            .unwrap();
        store
            .ledger()
            .log(&super::Event::Decided {
                session_id: id.clone(),
            })
            .unwrap();
        writeln!(out, "decided {id}").unwrap();
        out.flush().unwrap();
    }
}

/// A small xorshift generator seeded from the clock: random enough for
/// kill times, and the seed is printed so a failure can be replayed.
struct Rng(u64);

impl Rng {
    fn next(&mut self, below: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % below
    }
}

#[cfg(unix)]
#[test]
fn sigkill_at_random_moments_loses_no_record() {
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64
        | 1;
    eprintln!("crash test seed {seed}");
    let mut rng = Rng(seed);
    let dir = tempfile::tempdir().unwrap();
    Project::init(dir.path()).unwrap();
    let store = Project::find(dir.path()).unwrap().decisions().unwrap();
    let exe = std::env::current_exe().unwrap();
    let mut confirmed: Vec<SessionId> = Vec::new();
    let mut leftovers = 0;
    for round in 0..30 {
        let mut child = Command::new(&exe)
            .args(["--exact", "store::crash_tests::crash_writer"])
            .args(["--ignored", "--nocapture", "--test-threads=1"])
            .env(WRITER_ENV, dir.path())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        // What the writer said, for a round it fails: a panic of the
        // writer is no crash of ours.
        let stderr = child.stderr.take().unwrap();
        let said = std::thread::spawn(move || {
            let mut text = String::new();
            let _ = std::io::Read::read_to_string(&mut BufReader::new(stderr), &mut text);
            text
        });
        let (sender, decided) = std::sync::mpsc::channel();
        let reader = std::thread::spawn(move || {
            let ids = BufReader::new(stdout)
                .lines()
                .map_while(Result::ok)
                .filter_map(|l| {
                    l.strip_prefix("decided ")
                        .and_then(|text| text.parse::<SessionId>().ok())
                });
            for id in ids {
                let _ = sender.send(id);
            }
        });
        // Kill at a random moment after the writer is under way (its first
        // record confirmed), so a slow or loaded machine still exercises it.
        let first = decided.recv_timeout(Duration::from_secs(30));
        std::thread::sleep(Duration::from_millis(rng.next(60)));
        let _ = child.kill();
        let status = child.wait().unwrap();
        reader.join().unwrap();
        let said = said.join().unwrap();
        // Killed by us, not ended by itself (a panic, a failed write).
        use std::os::unix::process::ExitStatusExt;
        assert_eq!(
            status.signal(),
            Some(9),
            "round {round}: {status:?}\n{said}"
        );
        // A round that confirmed nothing exercised nothing.
        let first = first.unwrap_or_else(|e| {
            panic!("round {round}: the writer confirmed no record ({e:?}):\n{said}")
        });
        confirmed.push(first);
        confirmed.extend(decided.try_iter());
        check(&store, &confirmed, round);
        // The next open sweeps what the killed write left.
        leftovers += temp_files(&store.dir).len();
        Project::find(dir.path()).unwrap().decisions().unwrap();
        let left = temp_files(&store.dir);
        assert!(left.is_empty(), "round {round}: not swept: {left:?}");
    }
    eprintln!(
        "{} records confirmed over 30 kills; {leftovers} temp files left by killed writes, \
         each swept by the next open",
        confirmed.len()
    );
}

/// The names of the temp files in `dir`.
fn temp_files(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".tmp"))
        .collect()
}

#[test]
fn temp_files_of_killed_writers_are_swept_on_the_next_open_and_a_live_ones_kept() {
    let dir = tempfile::tempdir().unwrap();
    Project::init(dir.path()).unwrap();
    let store = Project::find(dir.path()).unwrap().decisions().unwrap();
    let aide = dir.path().join(".aide");
    // What killed writers leave: the old naming with a pid, and the new.
    let left = [
        store.dir.join(".pending.json.4242.0.tmp"),
        store.dir.join(".server.json.Ab3dEf.tmp"),
        aide.join(".config.toml.x1Y2z3.tmp"),
    ];
    for path in &left {
        std::fs::write(path, "{").unwrap();
    }
    // A live writer holds its temp file's lock.
    let live = store.dir.join(".2025-01-15T10-30-00.draft.json.Qq7Rr8.tmp");
    std::fs::write(&live, "{").unwrap();
    let held = std::fs::File::open(&live).unwrap();
    held.lock().unwrap();
    open_until_swept(dir.path(), &store.dir, 1);
    assert_eq!(
        temp_files(&store.dir),
        [".2025-01-15T10-30-00.draft.json.Qq7Rr8.tmp"]
    );
    assert!(temp_files(&aide).is_empty());
    // While another process holds the store lock, the open leaves it be.
    drop(held);
    let lock = store.lock().unwrap();
    std::thread::scope(|scope| {
        scope
            .spawn(|| Project::find(dir.path()).unwrap().decisions().unwrap())
            .join()
            .unwrap();
    });
    assert_eq!(temp_files(&store.dir).len(), 1);
    drop(lock);
    open_until_swept(dir.path(), &store.dir, 0);
    assert!(temp_files(&store.dir).is_empty());
}

/// Opens the store until `dir` holds at most `left` temp files. An open
/// sweeps only when the store lock is free at once, and another test that
/// forks a process at that moment holds a copy of the lock until the child
/// execs: a few tries are the same open, a moment later.
fn open_until_swept(project: &Path, dir: &Path, left: usize) {
    for _ in 0..50 {
        Project::find(project).unwrap().decisions().unwrap();
        if temp_files(dir).len() <= left {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// Every file parses; every confirmed record is there and reads back.
fn check(store: &DecisionStore, confirmed: &[SessionId], round: usize) {
    match store.pending().load() {
        Ok(_) | Err(StoreError::NoPending) => {}
        Err(e) => panic!("round {round}: pending.json unreadable: {e:?}"),
    }
    for id in confirmed {
        match store.records().load(id) {
            Ok(Some(_)) => {}
            other => panic!("round {round}: record {id} lost: {other:?}"),
        }
    }
    let history = store.records().history(None).unwrap();
    assert!(
        history.unreadable.is_empty(),
        "round {round}: {:?}",
        history.unreadable
    );
    // Each line is appended in one write(2): a kill leaves it whole or
    // absent, never cut short.
    let ledger = std::fs::read_to_string(store.dir.join("ledger.jsonl")).unwrap();
    assert_eq!(history.skipped_lines, 0, "round {round}: {ledger}");
    assert!(
        ledger.is_empty() || ledger.ends_with('\n'),
        "round {round}: {ledger}"
    );
    for entry in std::fs::read_dir(&store.dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.ends_with(".json") && !name.starts_with('.') {
            let text = std::fs::read_to_string(&path).unwrap();
            assert!(
                serde_json::from_str::<serde_json::Value>(&text).is_ok(),
                "round {round}: {name} is torn: {text:?}"
            );
        }
    }
}
