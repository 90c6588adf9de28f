//! Target 3: the files under `.aide/`, damaged. A project is set up once
//! through the store's own writes (pending.json, a record, a draft, the
//! result.json receipt, ledger lines, flow-status.json, config.toml); each
//! input then replaces one of those files, every reader of the store (and
//! the config's) reads the project, and the file is put back.

use super::bounded;
use crate::config;
use crate::store::{DecisionStore, Event, Project};
use app::validate::{parse_draft, parse_pending, parse_record};
use app::{Lang, SessionId};
use chrono::{Local, TimeZone};
use std::fs;
use std::path::{Path, PathBuf};

/// A flow task as `aide flow` writes it.
const FLOW_STATUS: &str = r#"{
  "task_id": "2025-01-15T10-30-00", "current_phase": "impl", "current_step": 2,
  "started_at": "2025-01-15T10:30:00+08:00", "task_branch": "aide/001",
  "history": [
    {"timestamp": "2025-01-15T10:30:00+08:00", "action": "start", "phase": "flow-design",
     "step": 1, "summary": "开始任务", "git_commit": "a1b2c3d"},
    {"timestamp": "2025-01-15T11:00:00+08:00", "action": "next-part", "phase": "impl",
     "step": 2, "summary": "流程设计完成"}
  ]
}"#;

/// A project whose every file reads, and the bytes of those files.
pub struct StoredProject {
    _dir: tempfile::TempDir,
    project: Project,
    store: DecisionStore,
    session: SessionId,
    /// Every file the store wrote, with its bytes as written.
    files: Vec<(PathBuf, Vec<u8>)>,
}

impl StoredProject {
    /// Sets the project up (a session answered, with a draft and a
    /// receipt, a flow task and the default config) and checks that every
    /// reader reads it.
    pub fn new() -> StoredProject {
        let dir = tempfile::tempdir_in(scratch()).expect("a temp dir");
        Project::init(dir.path()).expect("init");
        let project = Project::find(dir.path()).expect("the project");
        let store = project.decisions().expect("the store");
        let input = crate::decide::input::parse_input(
            include_str!("../../../examples/choices.json"),
            &app::validate::NoFiles,
        )
        .expect("the example is valid");
        let now = Local
            .timestamp_opt(1_736_908_200, 0)
            .single()
            .expect("a time");
        let lock = store.lock().expect("the lock");
        let (pending, _) = store.pending().save(&lock, input, now).expect("pending");
        let session = pending.meta.session_id.clone();
        let stamp = store.pending().stamp().expect("stamp").expect("a stamp");
        let answers = super::bodies::first_answers(&pending.input);
        let output = app::validate_output(&pending.input, &answers).expect("answers");
        store
            .records()
            .save(&lock, &pending, (output.clone(), app::Via::Page), now)
            .expect("record");
        store
            .records()
            .save_receipt(&lock, &session, &output, stamp);
        let draft = app::validate_draft(&pending.input, &answers).expect("a draft");
        store
            .records()
            .save_draft(&lock, &pending, draft, &[], now)
            .expect("draft");
        let event = Event::Submitted {
            session_id: session.clone(),
            task: pending.input.task().to_owned(),
            items: pending.input.items().len(),
        };
        store.ledger().log(&event).expect("ledger");
        store.ledger().log(&event).expect("ledger");
        drop(lock);
        let aide = dir.path().join(".aide");
        fs::write(aide.join("flow-status.json"), FLOW_STATUS).expect("flow status");
        project
            .write_default_config(&config::default_file(Lang::En))
            .expect("config");
        let mut files = Vec::new();
        list_files(&aide, &mut files);
        let stored = StoredProject {
            _dir: dir,
            project,
            store,
            session,
            files,
        };
        assert!(stored.files.len() >= 7, "{:?}", stored.names());
        assert!(stored.read_all(), "the files as written read back");
        stored
    }

    /// The files' names, for messages.
    pub fn names(&self) -> Vec<String> {
        self.files
            .iter()
            .filter_map(|(p, _)| p.file_name())
            .map(|n| n.to_string_lossy().into_owned())
            .collect()
    }

    /// How many files there are to damage.
    pub fn file_count(&self) -> usize {
        self.files.len()
    }

    /// The bytes of file `which` as written.
    pub fn original(&self, which: usize) -> &[u8] {
        &self.files[which % self.files.len()].1
    }

    /// Replaces file `which` (modulo their number) by `bytes`, reads the
    /// project with every reader, and puts the file back.
    pub fn check(&self, which: usize, bytes: &[u8]) {
        let (path, original) = &self.files[which % self.files.len()];
        bounded(bytes, || {
            fs::write(path, bytes).expect("damage the file");
            self.read_all();
        });
        fs::write(path, original).expect("put the file back");
    }

    /// Reads the project with every reader; whether all of them read it.
    /// What a reader accepts, written again, reads back the same.
    fn read_all(&self) -> bool {
        let store = &self.store;
        let mut ok = store.pending().session_id().is_ok();
        match store.pending().load_stamped() {
            Ok((pending, stamp)) => {
                let written = serde_json::to_vec(&pending).expect("serialises");
                assert_eq!(parse_pending(&written).expect("reads back"), pending);
                match store.records().load_draft(&pending) {
                    Ok(Some(draft)) => {
                        let written = serde_json::to_vec(&draft).expect("serialises");
                        let read = parse_draft(&written, &pending.input).expect("reads back");
                        assert_eq!(read, draft);
                    }
                    Ok(None) => ok = false,
                    Err(_) => ok = false,
                }
                ok &= store.records().result_for(&pending).is_ok();
                ok &= store
                    .records()
                    .is_answered(&pending, stamp)
                    .is_ok_and(|yes| yes);
            }
            Err(_) => ok = false,
        }
        match store.records().load(&self.session) {
            Ok(Some(record)) => {
                let written = serde_json::to_vec(&record).expect("serialises");
                let read = parse_record(&written, &self.session).expect("reads back");
                assert_eq!(read, record);
            }
            _ => ok = false,
        }
        ok &= store.records().json(&self.session).is_ok();
        ok &= store.records().result_json().is_ok();
        ok &= store.ledger().read().is_ok_and(|l| l.skipped == 0);
        ok &= store.records().history(None).is_ok();
        ok &= store.pending().withdrawal(&self.session).is_ok();
        let flow = self.project.flow();
        ok &= flow.load().is_ok_and(|s| s.is_some());
        ok &= flow.load_intent().is_ok();
        ok &= flow.archives().is_ok();
        match self.project.read_config() {
            Ok(Some(text)) => {
                let name = Project::config_name();
                ok &= config::parse(&text, &name).is_ok();
                ok &= config::flow::parse_flow(&text, &name).is_ok();
            }
            _ => ok = false,
        }
        ok
    }
}

impl StoredProject {
    /// libFuzzer's input: byte 0 picks the file, the rest is its new
    /// content as [`super::shaped`] reads it (whole, or spliced into the
    /// file as written).
    pub fn from_fuzzer(&self, data: &[u8]) {
        let Some((&which, data)) = data.split_first() else {
            return;
        };
        let which = usize::from(which);
        self.check(which, &super::shaped(self.original(which), data));
    }
}

impl Default for StoredProject {
    fn default() -> Self {
        StoredProject::new()
    }
}

/// Where the project goes: a damaged file is written for every input, and
/// on a disk each rewrite of a file is flushed (ext4 flushes a file
/// truncated and written again when it is closed): 4 times slower than in
/// memory, where `/dev/shm` is.
fn scratch() -> PathBuf {
    let shm = Path::new("/dev/shm");
    if shm.is_dir() {
        shm.to_path_buf()
    } else {
        std::env::temp_dir()
    }
}

/// Every regular file under `dir` but the locks and `.gitignore`.
fn list_files(dir: &Path, files: &mut Vec<(PathBuf, Vec<u8>)>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    for path in paths {
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
        let name = name.unwrap_or_default();
        if path.is_dir() {
            list_files(&path, files);
        } else if !name.ends_with(".lock") && name != ".gitignore" {
            let bytes = fs::read(&path).expect("a file the store wrote");
            files.push((path, bytes));
        }
    }
}
