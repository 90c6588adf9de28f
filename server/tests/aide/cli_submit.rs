//! `aide decide submit`: every message, exit code and input form.

use crate::support::{
    ANSWERS, EXAMPLE, TestProject, free_ports, get_page, held_ports, normalized, post_answers,
};
use predicates::prelude::*;
use predicates::str::diff;
use std::fs;

#[test]
fn malformed_json_names_the_position() {
    let project = TestProject::new();
    project
        .aide(&["decide", "submit", r#"{"task": "x","#])
        .assert()
        .code(1)
        .stderr(predicate::str::starts_with("✗ JSON 解析失败: 第 1 行第 "))
        .stderr(predicate::str::ends_with("建议: 检查 JSON 格式是否正确\n"));
    assert!(
        !project.decisions().join("pending.json").exists(),
        "nothing is stored for bad input"
    );
}

#[test]
fn an_argument_that_is_neither_json_nor_a_file() {
    let project = TestProject::new();
    project.aide(&["decide", "submit", "task: x"]).assert().code(1).stderr(diff(
        "✗ JSON 解析失败: 参数 \"task: x\" 既不是 JSON 对象(应以 { 开头),也不是存在的文件\n建议: 检查 JSON 格式是否正确\n",
    ));
}

#[test]
fn validation_errors_use_the_spec_examples() {
    let project = TestProject::new();
    let mut input: serde_json::Value = serde_json::from_str(EXAMPLE).unwrap();
    input["items"][0]["options"]
        .as_array_mut()
        .unwrap()
        .truncate(1);
    input["items"][0]["recommend"] = "jwt".into();
    project.aide(&["decide", "submit", &input.to_string()]).assert().code(1).stderr(diff(
        "✗ 数据验证失败: items[0].options 至少需要 2 个选项,当前只有 1 个\n建议: 为每个待定项提供至少 2 个可选方案\n",
    ));

    let mut input: serde_json::Value = serde_json::from_str(EXAMPLE).unwrap();
    input["items"][1]["recommend"] = "invalid".into();
    project.aide(&["decide", "submit", &input.to_string()]).assert().code(1).stderr(diff(
        "✗ 数据验证失败: items[1].recommend 值 \"invalid\" 不在 options 中\n建议: recommend 必须是 options 中某个选项的 value\n",
    ));
}

#[test]
fn every_validation_error_is_listed_then_each_hint_once() {
    let project = TestProject::new();
    let input = r#"{"task":"","source":"s","items":[{"id":1,"title":"t","options":[{"value":"a","label":"A","score":120}]}]}"#;
    project
        .aide(&["decide", "submit", input])
        .assert()
        .code(1)
        .stderr(diff(
            "✗ 数据验证失败: task 不能为空字符串\n\
         ✗ 数据验证失败: items[0].options 至少需要 2 个选项,当前只有 1 个\n\
         ✗ 数据验证失败: items[0].options[0].score 应为 0 到 100 之间的整数,当前为 120\n\
         建议: 检查必填字段是否完整\n\
         建议: 为每个待定项提供至少 2 个可选方案\n",
        ));
}

#[test]
fn validation_comes_before_the_project_check() {
    let project = TestProject::bare();
    project
        .aide(&["decide", "submit", "{}"])
        .assert()
        .code(1)
        .stderr(predicate::str::starts_with("✗ 数据验证失败: task"));
    project
        .aide(&["decide", "submit", EXAMPLE])
        .assert()
        .code(1)
        .stderr(predicate::str::starts_with(
            "✗ .aide 目录不存在,请先执行 aide init",
        ));
}

#[test]
fn all_ports_taken() {
    let project = TestProject::new();
    let (first, _held) = held_ports(10);
    let last = first + 9;
    project.aide(&["decide", "submit", EXAMPLE, "--port", &first.to_string()]).assert().code(1).stderr(diff(format!(
        "✗ 无法启动服务: 端口 {first}-{last} 均被占用\n建议: 关闭占用端口的程序,或在配置中指定其他端口\n"
    )));
}

#[test]
fn a_taken_port_is_skipped() {
    let project = TestProject::new();
    let (first, mut held) = held_ports(3);
    held.truncate(1);
    let submit = project.start_submit(EXAMPLE, first);
    assert_eq!(submit.addr(), format!("127.0.0.1:{}", first + 1));
}

#[test]
fn the_whole_loop_blocks_until_answered_then_result_prints_the_answers() {
    let project = TestProject::new();
    let port = free_ports(10);
    let submit = project.start_submit(EXAMPLE, port);
    assert_eq!(
        submit
            .lines
            .iter()
            .map(|l| normalized(l))
            .collect::<Vec<_>>(),
        [
            "→ Web 服务已启动".to_owned(),
            format!("→ 请访问: http://127.0.0.1:{port}/?key=KEY"),
            "→ 未打开浏览器:请把上面的地址交给用户。地址中的密钥只能打开这一个会话,不能访问其他任何内容".to_owned(),
            "→ 等待用户完成决策...".to_owned()
        ]
    );
    assert_eq!(submit.page().key.len(), 32, "a 128-bit key");
    let pending = fs::read_to_string(project.decisions().join("pending.json")).unwrap();
    assert!(
        pending.contains("\"_meta\": {\n    \"created_at\": "),
        "{pending}"
    );

    let page_of = submit.page();
    let (status, page) = get_page(&page_of, "/");
    assert_eq!(status, 200);
    assert!(page.contains("认证方式选择"));
    project
        .aide(&["decide", "result"])
        .assert()
        .code(1)
        .stderr(predicate::str::starts_with("✗ 尚无决策结果"));

    let (status, body) = post_answers(&page_of, &project.session_id(), ANSWERS);
    assert_eq!((status, body.as_str()), (200, r#"{"ok":true}"#));
    let (code, lines) = submit.finish();
    assert_eq!(code, 0, "{lines:?}");
    assert_eq!(
        lines
            .iter()
            .rfind(|l| !l.starts_with('⚠'))
            .map(String::as_str),
        Some("✓ 决策已完成")
    );
    project
        .aide(&["decide", "result"])
        .assert()
        .success()
        .stdout(format!("{ANSWERS}\n"))
        .stderr("");
}

#[test]
fn input_can_come_from_a_file_or_stdin() {
    let project = TestProject::new();
    let file = project.path().join("input.json");
    fs::write(&file, r#"{"task":"t","source":"s","items":[]}"#).unwrap();
    project
        .aide(&["decide", "submit", file.to_str().unwrap()])
        .assert()
        .code(1)
        .stderr(predicate::str::starts_with(
            "✗ 数据验证失败: items 至少需要 1 个待定项",
        ));
    project
        .aide(&["decide", "submit", "-"])
        .write_stdin(r#"{"task":"t","source":"s"}"#)
        .assert()
        .code(1)
        .stderr(predicate::str::starts_with(
            "✗ 数据验证失败: items 是必填字段",
        ));
}
