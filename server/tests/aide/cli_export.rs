//! `aide decide export --adr DIR` (issue 41, 4): each decided item as a
//! MADR file numbered as adr-tools numbers them; nothing rewritten that did
//! not change; a later decision of the same question supersedes the
//! earlier; filters; a folder aide cannot write in, and a file aide did not
//! write, are refused with the path and nothing is overwritten.
#![allow(clippy::unwrap_used, reason = "tests: a failure is the test failing")]

use crate::support::{TestProject, free_ports};
use serde_json::{Value, json};
use std::fs;

fn decided_here(project: &TestProject, input: &Value, answers: &Value) -> String {
    crate::support::decided(project, &project.state_home(), input, answers)
}

fn login(task: &str) -> Value {
    json!({
        "task": task, "source": "chat",
        "items": [
            {"id": 1, "title": "How long does a login last?", "context": "Nothing in the task *says*.",
             "location": {"file": "src/auth.rs", "start": 3, "end": 9},
             "options": [{"value": "1h", "label": "1 hour", "score": 70, "pros": ["safer"]},
                         {"value": "8h", "label": "8 hours", "score": 85, "cons": ["a stolen cookie lives longer"]}],
             "recommend": "8h"},
            {"id": 2, "title": "Which cookie name?", "allow_skip": true,
             "options": [{"value": "sid", "label": "sid"}, {"value": "shop", "label": "shop_session"}]}
        ]
    })
}

fn export(project: &TestProject, args: &[&str]) -> (i32, String) {
    let mut all = vec!["decide", "export", "--adr", "docs/adr"];
    all.extend(args);
    let output = project.aide_in("en", &all).output().unwrap();
    assert!(output.stdout.is_empty());
    (
        output.status.code().unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

fn files(project: &TestProject) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(project.path().join("docs/adr"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn decided_items_become_numbered_madr_files_written_once_and_superseded_by_later_ones() {
    let project = TestProject::new();
    project.config(&format!("[decide]\nport = {}\n", free_ports(3)));
    // The person's own record, there before: aide numbers after it.
    let adr = project.path().join("docs/adr");
    fs::create_dir_all(&adr).unwrap();
    fs::write(
        adr.join("0001-record-architecture-decisions.md"),
        "# Mine\n",
    )
    .unwrap();
    let first = decided_here(
        &project,
        &login("Add login"),
        &json!({"decisions": [
            {"id": 1, "chosen": "8h", "note": "People work a day at a time"},
            {"id": 2, "skipped": true, "note": "Ask legal first"}
        ]}),
    );
    let (code, stderr) = export(&project, &[]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        stderr,
        "→ Wrote docs/adr/0002-how-long-does-a-login-last.md\n→ Decision records in docs/adr: 1 written, 0 updated, 0 unchanged\n"
    );
    let text = fs::read_to_string(adr.join("0002-how-long-does-a-login-last.md")).unwrap();
    for part in [
        "---\nstatus: accepted\ndate: ",
        "\n# How long does a login last?\n",
        "## Context and Problem Statement\n\nNothing in the task *says*.\n\nAsked while working on: Add login (`src/auth.rs`, lines 3-9).\n",
        "## Considered Options\n\n* 1 hour (score 70)\n* 8 hours (score 85) (recommended)\n",
        "## Decision Outcome\n\nChosen option: \"8 hours\", because People work a day at a time.\n",
        "### 1 hour\n\n* Good, because safer\n",
        "### 8 hours\n\n* Bad, because a stolen cookie lives longer\n",
        &format!("aide session [{first}](aide://session/{first}), item 1"),
        &format!("<!-- aide-adr: {first} 1 -->\n"),
    ] {
        assert!(text.contains(part), "{part}\n---\n{text}");
    }
    assert_eq!(
        fs::read_to_string(adr.join("0001-record-architecture-decisions.md")).unwrap(),
        "# Mine\n"
    );

    // Again: nothing changed, nothing written.
    let before = fs::metadata(adr.join("0002-how-long-does-a-login-last.md"))
        .unwrap()
        .modified()
        .unwrap();
    let (code, stderr) = export(&project, &[]);
    assert_eq!(
        (code, stderr.as_str()),
        (
            0,
            "→ Decision records in docs/adr: 0 written, 0 updated, 1 unchanged\n"
        )
    );
    assert_eq!(
        fs::metadata(adr.join("0002-how-long-does-a-login-last.md"))
            .unwrap()
            .modified()
            .unwrap(),
        before
    );

    // The same question decided again, the other way: it supersedes.
    let second = decided_here(
        &project,
        &login("Shorter logins"),
        &json!({"decisions": [
            {"id": 1, "chosen": "1h", "note": "Security review"},
            {"id": 2, "chosen": "shop"}
        ]}),
    );
    let (code, stderr) = export(&project, &[]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("→ Updated docs/adr/0002-how-long-does-a-login-last.md\n"),
        "{stderr}"
    );
    assert!(
        stderr.ends_with("2 written, 1 updated, 0 unchanged\n"),
        "{stderr}"
    );
    assert_eq!(
        files(&project),
        [
            "0001-record-architecture-decisions.md",
            "0002-how-long-does-a-login-last.md",
            "0003-how-long-does-a-login-last.md",
            "0004-which-cookie-name.md",
        ]
    );
    let older = fs::read_to_string(adr.join("0002-how-long-does-a-login-last.md")).unwrap();
    assert!(
        older.contains("status: \"superseded by 0003-how-long-does-a-login-last\"\n"),
        "{older}"
    );
    assert!(
        older.contains(
            "Superseded by [0003-how-long-does-a-login-last](0003-how-long-does-a-login-last.md)."
        ),
        "{older}"
    );
    let newer = fs::read_to_string(adr.join("0003-how-long-does-a-login-last.md")).unwrap();
    assert!(newer.contains("status: accepted\n"), "{newer}");
    assert!(
        newer.contains(
            "Supersedes [0002-how-long-does-a-login-last](0002-how-long-does-a-login-last.md)."
        ),
        "{newer}"
    );
    assert!(
        newer.contains(&format!("<!-- aide-adr: {second} 1 -->")),
        "{newer}"
    );
}

#[test]
fn filters_select_and_a_folder_aide_cannot_write_in_is_refused() {
    let project = TestProject::new();
    project.config(&format!("[decide]\nport = {}\n", free_ports(3)));
    let first = decided_here(
        &project,
        &login("Add login"),
        &json!({"decisions": [
            {"id": 1, "chosen": "8h"}, {"id": 2, "chosen": "sid"}
        ]}),
    );
    let (code, stderr) = export(&project, &["--session", "2020-01-01T00-00-00"]);
    assert_eq!(
        (code, stderr.as_str()),
        (
            0,
            "→ Decision records in docs/adr: 0 written, 0 updated, 0 unchanged\n"
        )
    );
    let (code, stderr) = export(&project, &["--since", "2999-01-01"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(files(&project).is_empty());
    let (code, stderr) = export(&project, &["--session", &first, "--since", "2020-01-01"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(files(&project).len(), 2);

    // A file where the folder should be.
    fs::write(project.path().join("notes"), "mine").unwrap();
    let output = project
        .aide_in("en", &["decide", "export", "--adr", "notes/adr"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with("✗ Cannot write decision records in notes/adr: "),
        "{stderr}"
    );
    assert_eq!(
        fs::read_to_string(project.path().join("notes")).unwrap(),
        "mine"
    );
    // A date that is no date.
    let output = project
        .aide_in(
            "en",
            &["decide", "export", "--adr", "d", "--since", "yesterday"],
        )
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("--since"));
}

/// The same words offering other choices ask of something else (issue 56:
/// one notion of the same question, the page's precedents' and the
/// records'): neither supersedes the other.
#[test]
fn the_same_words_with_other_options_supersede_nothing() {
    let project = TestProject::new();
    project.config(&format!("[decide]\nport = {}\n", free_ports(3)));
    let question = |options: Value| {
        json!({"task": "Libraries", "source": "chat", "items": [
            {"id": 1, "title": "Which library should we use?", "options": options}
        ]})
    };
    decided_here(
        &project,
        &question(
            json!([{"value": "chrono", "label": "chrono"}, {"value": "time", "label": "time"}]),
        ),
        &json!({"decisions": [{"id": 1, "chosen": "chrono"}]}),
    );
    decided_here(
        &project,
        &question(
            json!([{"value": "tracing", "label": "tracing"}, {"value": "log", "label": "log"}]),
        ),
        &json!({"decisions": [{"id": 1, "chosen": "tracing"}]}),
    );
    let (code, stderr) = export(&project, &[]);
    assert_eq!(code, 0, "{stderr}");
    let adr = project.path().join("docs/adr");
    for name in files(&project) {
        let text = fs::read_to_string(adr.join(&name)).unwrap();
        assert!(text.contains("status: accepted\n"), "{name}: {text}");
        assert!(!text.contains("upersede"), "{name}: {text}");
    }
    assert_eq!(files(&project).len(), 2);
}

#[test]
fn a_task_that_ends_with_a_full_stop_ends_its_sentence_once() {
    let project = TestProject::new();
    project.config(&format!("[decide]\nport = {}\n", free_ports(3)));
    decided_here(
        &project,
        &login("Add login to the app."),
        &json!({"decisions": [{"id": 1, "chosen": "8h", "note": "Fine."}, {"id": 2, "chosen": "sid"}]}),
    );
    let (code, stderr) = export(&project, &[]);
    assert_eq!(code, 0, "{stderr}");
    let text = fs::read_to_string(
        project
            .path()
            .join("docs/adr/0001-how-long-does-a-login-last.md"),
    )
    .unwrap();
    assert!(
        text.contains("Asked while working on: Add login to the app (`src/auth.rs`, lines 3-9).\n"),
        "{text}"
    );
    assert!(
        text.contains("Chosen option: \"8 hours\", because Fine.\n"),
        "{text}"
    );
    assert!(!text.contains(".."), "{text}");
}

#[test]
fn records_past_9999_are_numbered_on_and_never_overwrite_each_other() {
    let project = TestProject::new();
    project.config(&format!("[decide]\nport = {}\n", free_ports(3)));
    let adr = project.path().join("docs/adr");
    fs::create_dir_all(&adr).unwrap();
    fs::write(adr.join("9999-the-last-of-four-digits.md"), "# Mine\n").unwrap();
    let one = json!({"decisions": [{"id": 1, "chosen": "8h"}, {"id": 2, "skipped": true}]});
    let first = decided_here(&project, &login("Add login"), &one);
    assert_eq!(export(&project, &[]).0, 0);
    // The same question again: the same words in its file's name.
    let second = decided_here(&project, &login("Shorter logins"), &one);
    let (code, stderr) = export(&project, &[]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        files(&project),
        [
            "10000-how-long-does-a-login-last.md",
            "10001-how-long-does-a-login-last.md",
            "9999-the-last-of-four-digits.md",
        ]
    );
    let mark = |name: &str| {
        let text = fs::read_to_string(adr.join(name)).unwrap();
        text.lines().last().unwrap().to_owned()
    };
    for _ in 0..2 {
        let (code, stderr) = export(&project, &[]);
        assert_eq!(
            (code, stderr.as_str()),
            (
                0,
                "→ Decision records in docs/adr: 0 written, 0 updated, 2 unchanged\n"
            )
        );
        assert_eq!(
            mark("10000-how-long-does-a-login-last.md"),
            format!("<!-- aide-adr: {first} 1 -->")
        );
        assert_eq!(
            mark("10001-how-long-does-a-login-last.md"),
            format!("<!-- aide-adr: {second} 1 -->")
        );
    }
}

#[test]
fn a_record_is_in_the_language_of_its_question_unless_one_is_set() {
    let project = TestProject::new();
    project.config(&format!("[decide]\nport = {}\n", free_ports(3)));
    let question = json!({
        "task": "页面缓存。", "source": "chat",
        "items": [{"id": 1, "title": "缓存用哪个数据库?", "context": "页面加载慢。",
                   "options": [{"value": "redis", "label": "Redis", "pros": ["团队熟悉"]},
                               {"value": "memcached", "label": "Memcached"}],
                   "recommend": "redis"}]
    });
    let session = decided_here(
        &project,
        &question,
        &json!({"decisions": [{"id": 1, "chosen": "redis", "note": "团队已经在用"}]}),
    );
    // No language set (no AIDE_LANG, no locale): the question's, Chinese.
    let output = project
        .aide_in("en", &["decide", "export", "--adr", "docs/adr"])
        .env_remove("AIDE_LANG")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let path = project.path().join("docs/adr/0001-缓存用哪个数据库.md");
    let text = fs::read_to_string(&path).unwrap();
    for part in [
        "decision-makers: 用户(通过 aide 询问)\n",
        "\n# 缓存用哪个数据库?\n",
        "## 背景与问题\n\n页面加载慢。\n\n提问时的任务:页面缓存。\n",
        "## 考虑过的选项\n\n* Redis(推荐)\n* Memcached\n",
        "## 决策结果\n\n选择的选项:“Redis”,因为团队已经在用。\n",
        "## 各选项的利弊\n\n### Redis\n\n* 好,因为团队熟悉\n",
        "### Memcached\n\n* 未给出利弊\n",
        "## 更多信息\n\n用户于 ",
        &format!("在 aide 会话 [{session}](aide://session/{session}) 的第 1 项中作出决定"),
    ] {
        assert!(text.contains(part), "{part}\n---\n{text}");
    }
    assert!(text.starts_with("---\nstatus: accepted\n"), "{text}");
    // Set to English: the same record, in English.
    let (code, stderr) = export(&project, &[]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("1 updated"), "{stderr}");
    let text = fs::read_to_string(&path).unwrap();
    assert!(
        text.contains("## Context and Problem Statement\n"),
        "{text}"
    );
    assert!(
        text.contains("Asked while working on: 页面缓存.\n"),
        "{text}"
    );
}
