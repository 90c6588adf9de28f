//! The server's life: timeout, signals, detach and `result --wait`,
//! replace, stale notices, `status`, `serve` and `schema`, in both languages.

use predicates::prelude::*;
use predicates::str::diff;
use std::fs;
/// What `submit` says when it opens no browser (always under `CI`).
const GIVE_ZH: &str =
    "→ 未打开浏览器:请把上面的地址交给用户。地址中的密钥只能打开这一个会话,不能访问其他任何内容";
const GIVE_EN: &str = "→ No browser was opened: give the address above to the person. Its key opens this one session and nothing else";

use crate::support::{
    ANSWERS, EXAMPLE, TestProject, alive, detach, free_ports, normalized, page_in, post_answers,
    server_pid, wait_until_gone,
};

/// Picks the text for `lang`.
fn t<'a>(lang: &str, zh: &'a str, en: &'a str) -> &'a str {
    if lang == "zh" { zh } else { en }
}

#[test]
fn the_timeout_closes_the_server_keeps_pending_and_result_has_nothing() {
    for lang in ["zh", "en"] {
        let project = TestProject::new();
        let port = free_ports(10);
        let p = port.to_string();
        let expected = format!(
            "{}\n{}{port}/?key=KEY\n{}\n{}\n{}\n",
            t(lang, "→ Web 服务已启动", "→ Web server started"),
            t(
                lang,
                "→ 请访问: http://127.0.0.1:",
                "→ Open: http://127.0.0.1:"
            ),
            t(lang, GIVE_ZH, GIVE_EN),
            t(
                lang,
                "→ 等待用户完成决策...",
                "→ Waiting for the decisions..."
            ),
            t(
                lang,
                "⚠ 服务超时,已自动关闭",
                "⚠ The server timed out and was closed"
            ),
        );
        let output = project
            .aide_in(
                lang,
                &["decide", "submit", EXAMPLE, "--port", &p, "--timeout", "1"],
            )
            .output()
            .unwrap();
        assert_eq!((output.status.code(), output.stdout.len()), (Some(1), 0));
        assert_eq!(
            normalized(&String::from_utf8_lossy(&output.stderr)),
            expected
        );
        assert!(project.decisions().join("pending.json").exists());
        assert!(project.server_info().is_none(), "server.json left behind");
        // The spec's section 6.2 to the letter: its error, and its exit
        // code (it has 0 and 1 only).
        project
            .aide_in(lang, &["decide", "result"])
            .assert()
            .code(1)
            .stderr(diff(t(
                lang,
                "✗ 尚无决策结果\n建议: 请等待用户在 Web 界面完成操作\n",
                "✗ No decision result yet\nHint: Wait for the person to finish in the web page\n",
            )));
    }
}

#[test]
fn sigterm_and_ctrl_c_stop_gracefully_and_keep_the_pending_session() {
    for (lang, signal) in [("zh", "TERM"), ("en", "INT")] {
        let project = TestProject::new();
        let port = free_ports(10).to_string();
        let running = project.start(lang, &["decide", "submit", EXAMPLE, "--port", &port]);
        let session = project.session_id();
        running.signal(signal);
        let (code, lines) = running.finish();
        assert_eq!(code, 1, "{lines:?}");
        assert_eq!(
            lines.last().map(String::as_str),
            Some(t(
                lang,
                "⚠ 服务已停止(收到中断信号),待定项已保留",
                "⚠ The server stopped (interrupted); the pending session is kept"
            ))
        );
        assert_eq!(project.session_id(), session);
        assert!(project.server_info().is_none(), "server.json left behind");
    }
}

#[test]
fn detach_returns_at_once_and_result_wait_gets_the_answers() {
    for lang in ["zh", "en"] {
        let project = TestProject::new();
        let port = free_ports(10);
        let lines = detach(&project, lang, port, &[]);
        let pid = server_pid(&project);
        assert_eq!(
            lines.iter().map(|l| normalized(l)).collect::<Vec<_>>(),
            [
                format!(
                    "{}{pid})",
                    t(
                        lang,
                        "→ Web 服务已在后台启动(进程 ",
                        "→ Web server started in the background (process "
                    )
                ),
                format!(
                    "{}{port}/?key=KEY",
                    t(
                        lang,
                        "→ 请访问: http://127.0.0.1:",
                        "→ Open: http://127.0.0.1:"
                    )
                ),
                t(lang, GIVE_ZH, GIVE_EN).to_owned(),
                format!(
                    "{}{port}/?key=KEY",
                    t(
                        lang,
                        "→ 转告用户: 请在这里回答「实现用户认证模块」的 2 个问题: http://127.0.0.1:",
                        "→ For the person: Please answer 2 questions for \"实现用户认证模块\" here: http://127.0.0.1:"
                    )
                ),
                t(
                    lang,
                    "→ 获取结果: aide decide result --wait --timeout 100 --session {}(退出码 124 表示尚未回答,再次运行即可)",
                    "→ Get the answers with: aide decide result --wait --timeout 100 --session {} (exit 124: not answered yet, run it again)"
                )
                .replace("{}", &project.session_id()),
            ]
        );
        assert!(alive(pid));
        let waiter = project.spawn_in(lang, &["decide", "result", "--wait", "--timeout", "30"]);
        crate::support::wait_until_sleeping(waiter.id());
        let (status, _) = post_answers(&page_in(&lines), &project.session_id(), ANSWERS);
        assert_eq!(status, 200);
        let output = waiter.wait_with_output().unwrap();
        assert_eq!(output.status.code(), Some(0));
        assert_eq!(
            String::from_utf8_lossy(&output.stdout),
            format!("{ANSWERS}\n")
        );
        assert_eq!(output.stderr, b"");
        wait_until_gone(pid);
        let log_name = format!("servers/{}.log", project.session_id());
        let log = fs::read_to_string(project.decisions().join(log_name)).unwrap();
        assert!(
            log.ends_with(t(lang, "✓ 决策已完成\n", "✓ Decisions completed\n")),
            "{log}"
        );
    }
}

#[test]
fn result_wait_runs_out_with_124_and_says_so() {
    for lang in ["zh", "en"] {
        let project = TestProject::new();
        detach(&project, lang, free_ports(10), &[]);
        project
            .aide_in(lang, &["decide", "result", "--wait", "--timeout", "1"])
            .assert()
            .code(124)
            .stdout("")
            .stderr(diff(t(
                lang,
                "→ 1 秒内尚无答案,用户仍在决策\n建议: 再次执行同一条 aide decide result --wait 命令继续等待(退出码 124 不是错误)\n",
                "→ No answers yet after 1 s; the person is still deciding\nHint: Run the same aide decide result --wait again to keep waiting (exit code 124 is not an error)\n",
            )));
        assert!(
            alive(server_pid(&project)),
            "waiting must not stop the server"
        );
    }
}

#[test]
fn result_wait_ends_when_the_server_closes_without_answers() {
    for lang in ["zh", "en"] {
        let project = TestProject::new();
        detach(&project, lang, free_ports(10), &["--timeout", "1"]);
        project
            .aide_in(lang, &["decide", "result", "--wait"])
            .assert()
            .code(4)
            .stdout("")
            .stderr(diff(t(
                lang,
                "✗ 服务已关闭,尚无决策结果\n建议: 运行 aide decide serve --detach --json 在后台重新打开页面(地址不变,用户手中的链接可再次打开),或重新执行 aide decide submit '<json>'\n",
                "✗ The server has closed without a decision result\nHint: Run aide decide serve --detach --json to serve the page again in the background (at the same address: the person's link opens again), or aide decide submit '<json>' again\n",
            )));
        let log_name = format!("servers/{}.log", project.session_id());
        let log = fs::read_to_string(project.decisions().join(log_name)).unwrap();
        assert!(log.ends_with(t(
            lang,
            "⚠ 服务超时,已自动关闭\n",
            "⚠ The server timed out and was closed\n"
        )));
    }
}

#[test]
fn replace_stops_the_waiting_page_and_takes_its_place() {
    for lang in ["zh", "en"] {
        let project = TestProject::new();
        let port = free_ports(10);
        let first = detach(&project, lang, port, &[]);
        let old_session = project.session_id();
        let old_pid = server_pid(&project);
        let second = detach(&project, lang, port, &["--replace"]);
        assert_eq!(
            normalized(&second[0]),
            format!(
                "{}{port}/?key=KEY{}",
                t(
                    lang,
                    "→ 已停止旧的服务(http://127.0.0.1:",
                    "→ Stopped the old server (http://127.0.0.1:"
                ),
                t(
                    lang,
                    "),旧页面将无法提交",
                    "); its page can no longer submit"
                )
            )
        );
        wait_until_gone(old_pid);
        assert_ne!(project.session_id(), old_session);
        // Replaced, not kept aside: one pending session.
        let aside = project
            .decisions()
            .join(format!("{old_session}.pending.json"));
        assert!(!aside.exists());
        // The old page posts to the same address, now the new server; its
        // key belongs to the old session, and the refusal says why.
        let (status, body) = post_answers(&page_in(&first), &old_session, ANSWERS);
        assert_eq!(status, 403, "{body}");
        assert!(
            body.contains(t(lang, "已被新的提交替换", "replaced by a newer one")),
            "{body}"
        );
        project
            .aide_in(lang, &["decide", "result"])
            .assert()
            .code(1)
            .stdout("");
    }
}

#[test]
fn an_answered_old_session_is_never_the_result_of_a_new_one() {
    let project = TestProject::new();
    let port = free_ports(10);
    let first = detach(&project, "zh", port, &[]);
    let old_session = project.session_id();
    detach(&project, "zh", port, &["--replace"]);
    // Answers for the old session written by its page just before the
    // replace: the record exists but belongs to the old session.
    let record = project.decisions().join(format!("{old_session}.json"));
    let pending: serde_json::Value = serde_json::from_str(
        &fs::read_to_string(project.decisions().join("pending.json")).unwrap(),
    )
    .unwrap();
    let mut old_pending = pending.clone();
    old_pending["_meta"]["session_id"] = old_session.clone().into();
    let answers: serde_json::Value = serde_json::from_str(ANSWERS).unwrap();
    let content = serde_json::json!({"input": old_pending, "output": answers, "completed_at": "2025-01-15T10:35:00+08:00"});
    fs::write(&record, content.to_string()).unwrap();
    project
        .aide(&["decide", "result"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("\n✗ 尚无决策结果"));
    let _ = first;
}

#[test]
fn a_stale_server_file_is_cleaned_up_silently() {
    let project = TestProject::new();
    project
        .aide(&[
            "decide",
            "submit",
            EXAMPLE,
            "--timeout",
            "1",
            "--port",
            &free_ports(10).to_string(),
        ])
        .assert()
        .code(1);
    let notice = project.decisions().join("server.json");
    // What a server killed with SIGKILL leaves behind: a notice, no lock.
    fs::write(
        &notice,
        r#"{"pid":999999,"session_id":"2025-01-15T10-30-00","url":"http://127.0.0.1:1","addr":"127.0.0.1:1","started_at":"2025-01-15T10:30:00+08:00"}"#,
    )
    .unwrap();
    project
        .aide(&["decide", "status"])
        .assert()
        .success()
        .stderr(predicate::str::contains("→ 没有服务在运行\n"));
    assert!(!notice.exists());
    fs::write(&notice, "{}").unwrap();
    let port = free_ports(10);
    let lines = detach(&project, "zh", port, &[]);
    assert!(lines[0].starts_with("→ Web 服务已在后台启动"), "{lines:?}");
}

#[test]
fn status_tells_what_is_pending_served_and_answered() {
    for lang in ["zh", "en"] {
        let project = TestProject::new();
        project
            .aide_in(lang, &["decide", "status"])
            .assert()
            .code(1)
            .stderr(diff(t(
                lang,
                "✗ 未找到待定项数据\n建议: 请先执行 aide decide submit '<json>'\n",
                "✗ No pending decision data found\nHint: Run aide decide submit '<json>' first\n",
            )));
        let port = free_ports(10);
        let lines = detach(&project, lang, port, &[]);
        let session = project.session_id();
        let pid = server_pid(&project);
        let output = project
            .aide_in(lang, &["decide", "status"])
            .output()
            .unwrap();
        assert_eq!((output.status.code(), output.stdout.len()), (Some(0), 0));
        assert_eq!(
            normalized(&String::from_utf8_lossy(&output.stderr)),
            format!(
                "{}\n{}\n{}\n{}\n{}\n",
                if lang == "zh" {
                    format!("→ 待定会话 {session}: 实现用户认证模块(2 项)")
                } else {
                    format!("→ Pending session {session}: 实现用户认证模块 (2 items)")
                },
                if lang == "zh" {
                    format!("→ 页面: http://127.0.0.1:{port}/?key=KEY(服务进程 {pid})")
                } else {
                    format!("→ Page: http://127.0.0.1:{port}/?key=KEY (server process {pid})")
                },
                t(
                    lang,
                    "→ 用户尚未打开页面",
                    "→ The person has not opened the page yet"
                ),
                t(lang, "→ 已回答 0/2 项", "→ 0/2 answered"),
                t(lang, "→ 尚未完成决策", "→ Not decided yet"),
            )
        );
        post_answers(&page_in(&lines), &session, ANSWERS);
        wait_until_gone(pid);
        project
            .aide_in(lang, &["decide", "status"])
            .assert()
            .success()
            .stderr(predicate::str::starts_with(if lang == "zh" {
                format!("→ 已决策会话 {session}: 实现用户认证模块(2 项)\n")
            } else {
                format!("→ Decided session {session}: 实现用户认证模块 (2 items)\n")
            }))
            .stderr(predicate::str::ends_with(format!(
                "{}\n{}\n",
                t(lang, "→ 没有服务在运行", "→ No server is running for it"),
                t(
                    lang,
                    "✓ 已完成决策,用 aide decide result 获取结果",
                    "✓ Decided; get the answers with aide decide result"
                ),
            )));
        let output = project
            .aide_in(lang, &["decide", "status", "--json"])
            .output()
            .unwrap();
        let status: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        let status = &status["sessions"][0];
        assert_eq!(status["session_id"], session);
        assert_eq!(
            (status["answered"].as_bool(), status["served"].as_bool()),
            (Some(true), Some(false))
        );
        assert_eq!(status["items"], 2);
    }
}

#[test]
fn serve_reopens_a_pending_session_but_not_a_decided_one() {
    let project = TestProject::new();
    project
        .aide(&["decide", "serve"])
        .assert()
        .code(1)
        .stderr(predicate::str::starts_with("✗ 未找到待定项数据"));
    let port = free_ports(10).to_string();
    project
        .aide(&[
            "decide",
            "submit",
            EXAMPLE,
            "--timeout",
            "1",
            "--port",
            &port,
        ])
        .assert()
        .code(1);
    let session = project.session_id();
    let running = project.start("zh", &["decide", "serve", "--port", &port]);
    let (status, _) = post_answers(&running.page(), &session, ANSWERS);
    assert_eq!(status, 200);
    let (code, lines) = running.finish();
    assert_eq!(
        (code, lines.last().map(String::as_str)),
        (0, Some("✓ 决策已完成"))
    );
    for (lang, text) in [
        (
            "zh",
            "✗ 待定项已有决策结果\n建议: 用 aide decide result 获取结果,或提交新的待定项\n",
        ),
        (
            "en",
            "✗ The pending session is already decided\nHint: Get the answers with aide decide result, or submit new items\n",
        ),
    ] {
        project
            .aide_in(lang, &["decide", "serve"])
            .assert()
            .code(1)
            .stderr(diff(text));
    }
}

#[test]
fn a_background_server_that_cannot_start_reports_why() {
    let project = TestProject::new();
    let (first, _held) = crate::support::held_ports(10);
    let last = first + 9;
    project
        .aide_in("en", &["decide", "submit", EXAMPLE, "--detach", "--port", &first.to_string()])
        .assert()
        .code(1)
        .stderr(diff(format!(
            "✗ Cannot start the server: ports {first}-{last} are all in use\nHint: Close the programs using these ports, or set another port in the config\n"
        )));
}

#[test]
fn schema_prints_the_json_schema_of_the_input() {
    let output = TestProject::bare()
        .aide(&["decide", "schema"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let schema: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(
        schema["$schema"],
        "https://json-schema.org/draft/2020-12/schema"
    );
    assert_eq!(
        schema["required"],
        serde_json::json!(["task", "source", "items"])
    );
    let item = &schema["$defs"]["DecideItem"];
    assert_eq!(item["properties"]["options"]["minItems"], 2);
    assert_eq!(output.stderr, b"");
}

#[test]
fn corrupt_pending_json_is_reported_by_every_command() {
    let project = TestProject::new();
    fs::create_dir_all(project.decisions()).unwrap();
    fs::write(project.decisions().join("pending.json"), "{\"task\": ").unwrap();
    for args in [
        &["decide", "result"][..],
        &["decide", "status"],
        &["decide", "serve"],
        &["decide", "result", "--wait"],
    ] {
        project
            .aide(args)
            .assert()
            .code(1)
            .stderr(predicate::str::starts_with("✗ 无法解析 pending.json: "))
            .stderr(predicate::str::ends_with(
                "建议: 文件可能已损坏,请重新执行 aide decide submit '<json>'\n",
            ));
        project
            .aide_in("en", args)
            .assert()
            .code(1)
            .stderr(predicate::str::starts_with("✗ Cannot parse pending.json: "));
    }
    assert_eq!(
        fs::read_to_string(project.decisions().join("pending.json")).unwrap(),
        "{\"task\": "
    );
}

#[test]
fn commands_without_aide_say_so_in_both_languages() {
    let project = TestProject::bare();
    for args in [
        &["decide", "status"][..],
        &["decide", "serve"],
        &["decide", "result", "--wait"],
        &["decide", "submit", EXAMPLE],
    ] {
        project.aide(args).assert().code(1).stderr(diff(
            "✗ .aide 目录不存在,请先执行 aide init\n建议: 在项目根目录执行 aide init\n",
        ));
        project.aide_in("en", args).assert().code(1).stderr(diff(
            "✗ No .aide folder found; run aide init first\nHint: Run aide init in the project's root folder\n",
        ));
    }
}
