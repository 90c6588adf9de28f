//! The CLI for agents: `submit --json` and `--check`, status progress, the
//! no-browser and busy-port lines, `init`'s .gitignore and `decide guide`,
//! in both languages.
#![allow(clippy::unwrap_used, reason = "tests: a failure is the test failing")]

use crate::support::{
    ANSWERS, EXAMPLE, TestProject, free_ports, get_page, page_in, post_answers, request,
    server_pid, stop_server,
};
use serde_json::Value;
use std::io::{BufRead, BufReader};
use std::process::Stdio;

fn t<'a>(lang: &str, zh: &'a str, en: &'a str) -> &'a str {
    if lang == "zh" { zh } else { en }
}

fn stderr_of(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn submit_json_prints_the_session_on_stdout_and_says_where_the_key_goes() {
    for lang in ["zh", "en"] {
        let project = TestProject::new();
        let port = free_ports(10).to_string();
        let output = project
            .aide_in(
                lang,
                &[
                    "decide", "submit", EXAMPLE, "--detach", "--json", "--port", &port,
                ],
            )
            .output()
            .unwrap();
        let stderr = stderr_of(&output);
        assert!(output.status.success(), "{stderr}");
        let stdout = String::from_utf8(output.stdout).unwrap();
        assert_eq!(stdout.lines().count(), 1, "{stdout}");
        let started: Value = serde_json::from_str(&stdout).unwrap();
        assert_eq!(started["session_id"], project.session_id().as_str());
        assert_eq!(started["port"].as_u64().unwrap().to_string(), port);
        assert_eq!(
            started["pid"].as_u64().unwrap() as u32,
            server_pid(&project)
        );
        let url = started["url"].as_str().unwrap();
        assert!(stderr.contains(url), "{stderr}");
        // One line to paste to the person, also on stderr.
        let message = started["message"].as_str().unwrap();
        assert_eq!(
            message,
            if lang == "zh" {
                format!("请在这里回答「实现用户认证模块」的 2 个问题: {url}")
            } else {
                format!("Please answer 2 questions for \"实现用户认证模块\" here: {url}")
            }
        );
        assert!(
            stderr.contains(&format!(
                "{}{message}\n",
                t(lang, "→ 转告用户: ", "→ For the person: ")
            )),
            "{stderr}"
        );
        assert!(
            stderr.contains(t(
                lang,
                "→ 未打开浏览器:请把上面的地址交给用户。地址中的密钥只能打开这一个会话",
                "→ No browser was opened: give the address above to the person. Its key opens this one session and nothing else"
            )),
            "{stderr}"
        );
        stop_server(&project);
    }
}

#[test]
fn submit_json_in_the_foreground_prints_once_the_page_is_reachable() {
    let project = TestProject::new();
    let port = free_ports(10).to_string();
    let mut child = std::process::Command::new(crate::support::aide_bin())
        .current_dir(project.path())
        .env("AIDE_LANG", "en")
        .env("CI", "true")
        .args(["decide", "submit", EXAMPLE, "--json", "--port", &port])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let started: Value = serde_json::from_str(&line).unwrap();
    assert_eq!(started["pid"].as_u64().unwrap(), u64::from(child.id()));
    let page = page_in(&[started["url"].as_str().unwrap().to_owned()]);
    let (status, _) = post_answers(&page, &project.session_id(), ANSWERS);
    assert_eq!(status, 200);
    assert!(child.wait().unwrap().success());
}

#[test]
fn a_busy_port_is_named_with_the_one_used_instead() {
    for lang in ["zh", "en"] {
        let project = TestProject::new();
        let (first, mut held) = crate::support::held_ports(10);
        held.truncate(1);
        let lines = crate::support::detach(&project, lang, first, &[]);
        let expected = if lang == "zh" {
            format!("⚠ 端口 {first} 已被占用,改用端口 {}", first + 1)
        } else {
            format!(
                "⚠ Port {first} is in use; serving on port {} instead",
                first + 1
            )
        };
        assert!(lines.contains(&expected), "{lines:?}");
        stop_server(&project);
    }
}

/// X11's port 6000 is one browsers refuse to open a page on
/// (`ERR_UNSAFE_PORT`): the page goes to a port they open, and the agent
/// is told why.
#[test]
fn a_port_browsers_refuse_is_passed_over_and_named() {
    for (lang, said) in [
        ("zh", "⚠ 浏览器不会打开端口 6000 上的页面,改用端口 "),
        (
            "en",
            "⚠ Browsers refuse to open a page on port 6000; serving on port ",
        ),
    ] {
        let project = TestProject::new();
        let lines = crate::support::detach(&project, lang, 6000, &[]);
        let used = lines
            .iter()
            .find_map(|line| line.strip_prefix(said))
            .unwrap_or_else(|| panic!("{lines:?}"));
        let used: String = used.chars().take_while(char::is_ascii_digit).collect();
        assert!(("6001".."6010").contains(&used.as_str()), "{lines:?}");
        assert_eq!(page_in(&lines).addr, format!("127.0.0.1:{used}"));
        stop_server(&project);
    }
}

#[test]
fn status_says_whether_the_page_was_opened_and_how_many_items_are_answered() {
    for lang in ["zh", "en"] {
        let project = TestProject::new();
        let page = page_in(&crate::support::detach(&project, lang, free_ports(10), &[]));
        let session = project.session_id();
        let json = |project: &TestProject| -> Value {
            let output = project
                .aide_in(lang, &["decide", "status", "--json"])
                .output()
                .unwrap();
            // One shape: the list of sessions, here one.
            let status: Value = serde_json::from_slice(&output.stdout).unwrap();
            assert_eq!(status["sessions"].as_array().map(Vec::len), Some(1));
            status["sessions"][0].clone()
        };
        let before = json(&project);
        assert_eq!(before["opened"], false, "{before}");
        assert_eq!(before["answered_items"], 0);
        assert_eq!(before["last_activity"], Value::Null);

        let (status, _) = get_page(&page, "/");
        assert_eq!(status, 200);
        let draft = r#"{"decisions":[{"id":1,"chosen":"jwt"}]}"#;
        let (status, body) = request(
            &page.addr,
            "PUT",
            "/api/draft",
            &[
                ("Content-Type", "application/json"),
                ("X-Aide-Session", &session),
                ("X-Aide-Key", &page.key),
            ],
            draft,
        );
        assert_eq!(status, 200, "{body}");
        let after = json(&project);
        assert_eq!(after["opened"], true, "{after}");
        assert!(after["opened_at"].is_string());
        assert!(after["last_activity"].is_string());
        assert_eq!(after["answered_items"], 1);
        assert_eq!(after["answered"], false);
        assert_eq!(after["items"], 2);

        let output = project
            .aide_in(lang, &["decide", "status"])
            .output()
            .unwrap();
        let stderr = stderr_of(&output);
        assert!(
            stderr.contains(t(lang, "→ 用户已于 ", "→ The person opened the page at ")),
            "{stderr}"
        );
        assert!(
            stderr.contains(t(
                lang,
                "→ 已回答 1/2 项,最后活动于 ",
                "→ 1/2 answered, last activity at "
            )),
            "{stderr}"
        );
        stop_server(&project);
    }
}

#[test]
fn init_writes_a_gitignore_that_keeps_only_the_config() {
    for lang in ["zh", "en"] {
        let project = TestProject::bare();
        let output = project.aide_in(lang, &["init"]).output().unwrap();
        let stderr = stderr_of(&output);
        assert!(output.status.success(), "{stderr}");
        assert!(
            stderr.contains(t(
                lang,
                ".gitignore(git 忽略 .aide/ 中除 config.toml 外的一切)",
                ".gitignore (git ignores everything in .aide/ but config.toml)"
            )),
            "{stderr}"
        );
        let ignore = std::fs::read_to_string(project.path().join(".aide/.gitignore")).unwrap();
        assert_eq!(ignore, "*\n!.gitignore\n!config.toml\n");
        // A second init, or one edited by hand, is left alone.
        std::fs::write(project.path().join(".aide/.gitignore"), "mine\n").unwrap();
        let output = project.aide_in(lang, &["init"]).output().unwrap();
        assert!(!stderr_of(&output).contains(".gitignore"));
        let ignore = std::fs::read_to_string(project.path().join(".aide/.gitignore")).unwrap();
        assert_eq!(ignore, "mine\n");
    }
}

#[test]
fn submit_check_validates_and_finds_locations_and_starts_nothing() {
    for lang in ["zh", "en"] {
        let project = TestProject::new();
        let lines = "line\n".repeat(20);
        std::fs::write(project.path().join("task-now.md"), &lines).unwrap();
        let output = project
            .aide_in(lang, &["decide", "submit", EXAMPLE, "--check"])
            .output()
            .unwrap();
        assert!(output.status.success(), "{}", stderr_of(&output));
        assert_eq!(
            stderr_of(&output),
            t(
                lang,
                "✓ 输入有效(2 项),未启动任何服务\n",
                "✓ The input is valid (2 items); nothing was started\n"
            )
        );
        assert!(!project.decisions().join("pending.json").exists());

        std::fs::write(project.path().join("task-now.md"), "short\n").unwrap();
        let output = project
            .aide_in(lang, &["decide", "submit", EXAMPLE, "--check"])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1));
        let stderr = stderr_of(&output);
        assert!(
            stderr.contains(t(
                lang,
                "✗ items[0].location: task-now.md 只有 1 行",
                "✗ items[0].location: task-now.md ends at line 1"
            )),
            "{stderr}"
        );
        assert!(stderr.contains(t(lang, "建议: ", "Hint: ")), "{stderr}");
        std::fs::remove_file(project.path().join("task-now.md")).unwrap();
        let output = project
            .aide_in(lang, &["decide", "submit", EXAMPLE, "--check"])
            .output()
            .unwrap();
        let stderr = stderr_of(&output);
        assert!(
            stderr.contains(t(
                lang,
                "✗ items[0].location: 文件 task-now.md 不存在",
                "✗ items[0].location: the file task-now.md does not exist"
            )),
            "{stderr}"
        );
        // --check starts nothing, so flags about starting are usage errors.
        for flag in ["--detach", "--json", "--replace"] {
            let output = project
                .aide_in(lang, &["decide", "submit", EXAMPLE, "--check", flag])
                .output()
                .unwrap();
            assert_eq!(output.status.code(), Some(2), "{flag}");
        }
        // Bad input is reported as submit reports it.
        let output = project
            .aide_in(lang, &["decide", "submit", "{\"task\":\"\"}", "--check"])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1));
        assert!(stderr_of(&output).contains(t(lang, "数据验证失败", "Validation failed")));
        assert!(!project.decisions().join("pending.json").exists());
    }
}

#[test]
fn guide_prints_the_block_for_agents_md() {
    let project = TestProject::new();
    for (lang, needle) in [("zh", "向用户请求决策"), ("en", "Asking the person: aide")] {
        let output = project
            .aide_in(lang, &["decide", "guide"])
            .output()
            .unwrap();
        assert!(output.status.success());
        let text = String::from_utf8(output.stdout).unwrap();
        assert!(text.contains(needle), "{text}");
        assert!(text.contains("decide_result"), "{text}");
        assert!(
            text.contains("aide decide result --wait --timeout"),
            "{text}"
        );
    }
}
