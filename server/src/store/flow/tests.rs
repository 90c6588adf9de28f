//! The flow files typed: the seed's example reads and is written back as
//! it was, unknown fields kept; a wrong field is named with what it should
//! hold, in the catalogue's words; tasks and archives are typed ids.

use super::*;
use app::Lang;
use app::i18n::{Expected, FlowDamage};
use std::time::Duration;

/// The example of data-formats.md §三, as the seed writes it.
const SPEC: &str = r#"{
  "task_id": "2025-01-15T10-30-00",
  "current_phase": "impl",
  "current_step": 5,
  "started_at": "2025-01-15T10:30:00+08:00",
  "history": [
    {
      "timestamp": "2025-01-15T10:30:00+08:00",
      "action": "start",
      "phase": "flow-design",
      "step": 1,
      "summary": "开始任务: 实现用户认证模块",
      "git_commit": "a1b2c3d"
    },
    {
      "timestamp": "2025-01-15T10:45:00+08:00",
      "action": "next-step",
      "phase": "flow-design",
      "step": 2,
      "summary": "流程图设计完成",
      "git_commit": "e4f5g6h"
    },
    {
      "timestamp": "2025-01-15T11:00:00+08:00",
      "action": "next-part",
      "phase": "impl",
      "step": 3,
      "summary": "流程设计完成,开始实现",
      "git_commit": "i7j8k9l"
    },
    {
      "timestamp": "2025-01-15T11:30:00+08:00",
      "action": "issue",
      "phase": "impl",
      "step": 4,
      "summary": "测试覆盖率较低,后续需要补充",
      "git_commit": "m0n1o2p"
    },
    {
      "timestamp": "2025-01-15T12:00:00+08:00",
      "action": "next-step",
      "phase": "impl",
      "step": 5,
      "summary": "完成用户模型定义",
      "git_commit": "q3r4s5t"
    }
  ]
}
"#;

fn store() -> (tempfile::TempDir, FlowStore) {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir(dir.path().join(super::super::AIDE_DIR)).unwrap();
    let store = FlowStore {
        dir: dir.path().join(super::super::AIDE_DIR),
    };
    (dir, store)
}

fn written(store: &FlowStore, text: &str) -> Result<Option<FlowStatus>, StoreError> {
    fs::write(store.dir.join(STATUS), text).unwrap();
    store.load()
}

fn damage(text: String) -> app::i18n::Damage {
    let (_dir, store) = store();
    match written(&store, &text) {
        Err(StoreError::Corrupt { file, damage }) => {
            assert_eq!(file, ".aide/flow-status.json");
            damage
        }
        other => panic!("not refused as damaged: {other:?}"),
    }
}

#[test]
fn the_spec_example_reads_typed_and_is_written_back_as_it_was() {
    let (_dir, store) = store();
    let status = written(&store, SPEC).unwrap().expect("a status");
    assert_eq!(status.task_id.to_string(), "2025-01-15T10-30-00");
    assert_eq!(status.started_at.to_string(), "2025-01-15T10:30:00+08:00");
    assert_eq!(status.history[2].action, Action::NextPart);
    // Written back, the file is the spec's document (plus the version).
    let lock = store.lock(Duration::ZERO).unwrap();
    store.save(&lock, &status).unwrap();
    let mut back: serde_json::Value =
        serde_json::from_slice(&fs::read(store.dir.join(STATUS)).unwrap()).unwrap();
    assert_eq!(back["version"], app::validate::CURRENT_VERSION.to_string());
    back.as_object_mut().unwrap().shift_remove("version");
    let spec: serde_json::Value = serde_json::from_str(SPEC).unwrap();
    assert_eq!(back, spec);
    assert_eq!(
        serde_json::to_string_pretty(&back).unwrap(),
        serde_json::to_string_pretty(&spec).unwrap()
    );
}

#[test]
fn unknown_fields_and_decisions_survive_a_rewrite() {
    let mut value: serde_json::Value = serde_json::from_str(SPEC).unwrap();
    value["task_branch"] = "aide/001".into();
    value["history"][1]["note"] = 1.into();
    value["history"][1]["decisions"] = serde_json::json!(["2025-01-15T10-35-12-2"]);
    let (_dir, store) = store();
    let status = written(&store, &value.to_string()).unwrap().unwrap();
    assert_eq!(
        status.history[1].decisions,
        ["2025-01-15T10-35-12-2".parse::<app::SessionId>().unwrap()]
    );
    let back = serde_json::to_value(&status).unwrap();
    assert_eq!(back, value);
}

#[test]
fn a_wrong_field_is_named_with_what_it_should_hold() {
    let spoil = |pointer: &str, with: serde_json::Value| {
        let mut value: serde_json::Value = serde_json::from_str(SPEC).unwrap();
        *value.pointer_mut(pointer).unwrap() = with;
        damage(value.to_string())
    };
    let field = |path: &str, expected, found: &str| app::i18n::Damage::Field {
        path: path.into(),
        expected: Some(expected),
        found: found.into(),
    };
    assert_eq!(
        spoil("/history/3/timestamp", "yesterday".into()),
        field("history[3].timestamp", Expected::Time, "\"yesterday\"")
    );
    assert_eq!(
        spoil("/task_id", "../../etc".into()),
        field("task_id", Expected::TaskId, "\"../../etc\"")
    );
    assert_eq!(
        spoil("/started_at", "2025-01-15T10-30-00".into()),
        field("started_at", Expected::Time, "\"2025-01-15T10-30-00\"")
    );
    assert_eq!(
        spoil("/history/0/action", "jump".into()),
        field("history[0].action", Expected::Action, "\"jump\"")
    );
    assert_eq!(
        spoil("/current_step", (-1).into()),
        field("current_step", Expected::WholeNumber, "-1")
    );
    assert_eq!(
        spoil("/history/1", serde_json::json!({"decisions": ["x"]})),
        field("history[1].decisions[0]", Expected::SessionId, "\"x\"")
    );
    let mut value: serde_json::Value = serde_json::from_str(SPEC).unwrap();
    value["history"][4]
        .as_object_mut()
        .unwrap()
        .remove("summary");
    let missing = damage(value.to_string());
    assert_eq!(
        missing,
        app::i18n::Damage::Missing {
            path: "history[4].summary".into()
        }
    );
    // Said in the reader's language, with none of serde's words.
    let wrong = spoil("/history/3/timestamp", "yesterday".into());
    assert_eq!(
        wrong.text(Lang::En),
        "history[3].timestamp must be a time with its offset such as 2025-01-15T10:30:00+08:00, found \"yesterday\""
    );
    assert_eq!(
        wrong.text(Lang::Zh),
        "history[3].timestamp 应为带时区的时间(如 2025-01-15T10:30:00+08:00),实际为 \"yesterday\""
    );
    assert_eq!(missing.text(Lang::Zh), "缺少 history[4].summary");
}

#[test]
fn broken_history_is_a_typed_damage_in_both_languages() {
    let spoil = |edit: fn(&mut serde_json::Value)| {
        let mut value: serde_json::Value = serde_json::from_str(SPEC).unwrap();
        edit(&mut value);
        match damage(value.to_string()) {
            app::i18n::Damage::Flow(damage) => damage,
            other => panic!("{other:?}"),
        }
    };
    assert_eq!(
        spoil(|v| v["history"] = serde_json::json!([])),
        FlowDamage::EmptyHistory
    );
    assert_eq!(
        spoil(|v| v["history"][0]["action"] = "issue".into()),
        FlowDamage::FirstNotStart
    );
    assert_eq!(
        spoil(|v| v["history"][2]["step"] = 7.into()),
        FlowDamage::Step { index: 2, found: 7 }
    );
    assert_eq!(
        spoil(|v| v["current_step"] = 4.into()),
        FlowDamage::CurrentStep {
            current: 4,
            last: 5
        }
    );
    let phase = spoil(|v| v["current_phase"] = "docs".into());
    let text = app::i18n::Damage::Flow(phase);
    assert_eq!(
        text.text(Lang::En),
        "current_phase is docs, the last entry's phase is impl"
    );
    assert_eq!(
        text.text(Lang::Zh),
        "current_phase 为 docs,而最后一条记录的 phase 为 impl"
    );
}

#[test]
fn not_json_and_bad_versions_are_named_too() {
    match damage("{\"task_id\": ".into()) {
        app::i18n::Damage::Json(error) => assert!(error.ends_early),
        other => panic!("{other:?}"),
    }
    let value = SPEC.replacen('{', "{\"version\": \"one\",", 1);
    assert_eq!(
        damage(value),
        app::i18n::Damage::Version {
            found: "\"one\"".into()
        }
    );
}

#[test]
fn archives_are_named_and_listed_by_task_id() {
    let (_dir, store) = store();
    let lock = store.lock(Duration::ZERO).unwrap();
    let mut status: FlowStatus = serde_json::from_str(SPEC).unwrap();
    for id in [
        "2025-01-15T10-30-00",
        "2025-01-15T10-30-00-10",
        "2025-01-15T10-30-00-2",
    ] {
        status.task_id = id.parse().unwrap();
        store.save(&lock, &status).unwrap();
        store.archive(&lock, &status.task_id).unwrap();
    }
    // A file whose name is no task id is not an archive.
    fs::write(store.dir.join(LOGS).join("flow-status.notes.json"), "{}").unwrap();
    let names: Vec<String> = store
        .archives()
        .unwrap()
        .into_iter()
        .map(|(n, _)| n)
        .collect();
    assert_eq!(
        names,
        [
            ".aide/logs/flow-status.2025-01-15T10-30-00-10.json",
            ".aide/logs/flow-status.2025-01-15T10-30-00-2.json",
            ".aide/logs/flow-status.2025-01-15T10-30-00.json",
        ]
    );
    let second: TaskId = "2025-01-15T10-30-00-2".parse().unwrap();
    assert!(store.load_archive(&second).unwrap().is_some());
    let now = chrono::TimeZone::with_ymd_and_hms(&chrono::Local, 2025, 1, 15, 10, 30, 0).unwrap();
    let next = store.new_task_id(now, Some(&second));
    assert_eq!(next.to_string(), "2025-01-15T10-30-00-3");
}
