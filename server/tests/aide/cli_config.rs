//! `.aide/config.toml` and the flags that override it, in both languages.

use crate::support::{EXAMPLE, TestProject, free_ports};
use predicates::prelude::*;
use predicates::str::diff;
use std::fs;

#[test]
fn init_writes_a_commented_default_config_once_in_the_run_language() {
    let project = TestProject::bare();
    project
        .aide_in("en", &["init"])
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "config.toml (every default, commented out)\n",
        ));
    let path = project.path().join(".aide/config.toml");
    let text = fs::read_to_string(&path).unwrap();
    assert!(
        text.contains("[decide]\n") && text.contains("# port = 3721\n"),
        "{text}"
    );
    for key in ["bind", "url", "timeout", "open", "lang"] {
        assert!(
            text.contains(&format!("# {key} = ")),
            "{key} missing: {text}"
        );
    }
    fs::write(&path, "[decide]\nport = 4000\n").unwrap();
    project
        .aide_in("en", &["init"])
        .assert()
        .success()
        .stderr(predicate::str::contains("config.toml").not());
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        "[decide]\nport = 4000\n"
    );

    let chinese = TestProject::bare();
    chinese
        .aide(&["init"])
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "config.toml(全部为注释掉的默认值)\n",
        ));
    let text = fs::read_to_string(chinese.path().join(".aide/config.toml")).unwrap();
    assert!(text.contains("# 起始端口"), "{text}");
}

#[test]
fn an_unknown_key_names_the_key_and_the_file_in_both_languages() {
    let project = TestProject::new();
    project.config("[decide]\nprot = 3800\n");
    project.aide(&["decide", "submit", EXAMPLE]).assert().code(1).stderr(diff(
        "✗ .aide/config.toml: 未知配置项 decide.prot(是否应为 decide.port?)\n建议: [decide] 的配置项有: port、bind、url、timeout、open、lang\n",
    ));
    project.aide_in("en", &["decide", "submit", EXAMPLE]).assert().code(1).stderr(diff(
        "✗ .aide/config.toml: unknown key decide.prot (did you mean decide.port?)\nHint: The keys of [decide] are: port, bind, url, timeout, open, lang\n",
    ));
    assert!(
        !project.decisions().join("pending.json").exists(),
        "nothing is stored with a broken config"
    );
}

#[test]
fn a_wrong_type_names_the_key_the_expectation_and_the_value() {
    let project = TestProject::new();
    project.config("[decide]\ntimeout = \"soon\"\n");
    project.aide(&["decide", "serve"]).assert().code(1).stderr(diff(
        "✗ .aide/config.toml: 配置项 decide.timeout 应为0 到 31536000 之间的整数秒数(0 表示不超时),实际为 \"soon\"\n建议: 按 aide init 写入的注释修改该值,或删除该行以使用默认值\n",
    ));
    project.config("[decide]\nport = 70000\n");
    project.aide_in("en", &["decide", "serve"]).assert().code(1).stderr(diff(
        "✗ .aide/config.toml: decide.port must be an integer from 1 to 65526, found 70000\nHint: Fix the value as the comments written by aide init show, or delete the line to use the default\n",
    ));
    project.config("[decide\n");
    project
        .aide_in("en", &["decide", "submit", EXAMPLE])
        .assert()
        .code(1)
        .stderr(predicate::str::starts_with(
            "✗ Cannot parse .aide/config.toml: line 1, column",
        ))
        .stderr(predicate::str::ends_with(
            "Hint: Fix the TOML syntax, or delete the file to use the defaults\n",
        ));
}

/// A config file that cannot be read is said in the run's language, as
/// every file the store cannot read (it was "cannot Read /…", the store
/// error's English `Display`); a folder in its place is not a regular
/// file, which the store never opens for reading (issue 60).
#[test]
fn an_unreadable_config_is_said_in_the_catalogues_words() {
    let project = TestProject::new();
    let path = project.path().join(".aide/config.toml");
    let _ = fs::remove_file(&path);
    fs::create_dir(&path).unwrap();
    let shown = path.display().to_string();
    project
        .aide_in("en", &["decide", "submit", EXAMPLE])
        .assert()
        .code(1)
        .stderr(predicate::str::starts_with(format!(
            "✗ Cannot read {shown}: "
        )))
        .stderr(predicate::str::contains("cannot Read").not())
        .stderr(predicate::str::ends_with(
            ": it is not a regular file (a pipe, a device or a folder)\nHint: aide reads regular files only: move or remove it, then try again\n",
        ));
    project
        .aide_in("zh", &["decide", "submit", EXAMPLE])
        .assert()
        .code(1)
        .stderr(predicate::str::starts_with(format!("✗ 无法读取 {shown}: ")))
        .stderr(predicate::str::ends_with(
            ": 它不是普通文件(而是管道、设备或文件夹)\n建议: aide 只读取普通文件:移走或删除它后重试\n",
        ));
}

#[test]
fn the_config_sets_port_url_and_language_and_flags_override_them() {
    let project = TestProject::new();
    let port = free_ports(10);
    project.config(&format!(
        "[decide]\nport = {port}\nlang = \"zh\"\nurl = \"https://tunnel.example/aide\"\n"
    ));
    // lang in the config beats the locale; AIDE_LANG is not set here.
    let mut submit = std::process::Command::new(crate::support::aide_bin());
    submit
        .current_dir(project.path())
        .env("CI", "true")
        .env("LANG", "en_US.UTF-8")
        .env_remove("AIDE_LANG")
        .env_remove("LC_ALL")
        .args(["decide", "submit", EXAMPLE, "--timeout", "1"]);
    let output = submit.output().unwrap();
    assert_eq!(
        crate::support::normalized(&String::from_utf8_lossy(&output.stderr)),
        "→ Web 服务已启动\n→ 请访问: https://tunnel.example/aide?key=KEY\n→ 未打开浏览器:请把上面的地址交给用户。地址中的密钥只能打开这一个会话,不能访问其他任何内容\n→ 等待用户完成决策...\n⚠ 服务超时,已自动关闭\n"
    );
    assert_eq!(output.status.code(), Some(1));

    // Flags win over the file, AIDE_LANG over the file's lang.
    let other = free_ports(10);
    let running = project.start(
        "en",
        &[
            "decide",
            "serve",
            "--port",
            &other.to_string(),
            "--url",
            "http://127.0.0.1:9/x",
        ],
    );
    assert_eq!(
        crate::support::normalized(&running.lines[1]),
        "→ Open: http://127.0.0.1:9/x?key=KEY"
    );
    assert_eq!(
        project.server_info().unwrap()["addr"],
        format!("127.0.0.1:{other}")
    );
}

#[test]
fn binding_beyond_loopback_warns_who_can_reach_the_page() {
    let project = TestProject::new();
    let port = free_ports(10);
    let running = project.start(
        "en",
        &[
            "decide",
            "submit",
            EXAMPLE,
            "--bind",
            "0.0.0.0",
            "--port",
            &port.to_string(),
        ],
    );
    assert!(
        running.lines.iter().any(|l| l.starts_with(
            "⚠ The server listens on 0.0.0.0, not only this machine: anyone who can reach this machine"
        )),
        "{:?}",
        running.lines
    );
}

// The browser is a shell script.
#[cfg(unix)]
#[test]
fn open_runs_the_browser_with_the_address_but_never_under_ci() {
    let project = TestProject::new();
    let opened = project.path().join("opened.txt");
    let browser = project.path().join("browser.sh");
    fs::write(
        &browser,
        format!("#!/bin/sh\necho \"$1\" > '{}'\n", opened.display()),
    )
    .unwrap();
    let executable = std::os::unix::fs::PermissionsExt::from_mode(0o755);
    fs::set_permissions(&browser, executable).unwrap();
    project.config("[decide]\nopen = true\n");
    let port = free_ports(10);
    let run = |ci: bool| {
        let mut cmd = project.aide_in(
            "en",
            &[
                "decide",
                "serve",
                "--port",
                &port.to_string(),
                "--timeout",
                "1",
            ],
        );
        cmd.env("BROWSER", &browser);
        if !ci {
            cmd.env_remove("CI");
        }
        cmd.assert().code(1)
    };
    project
        .aide(&[
            "decide",
            "submit",
            EXAMPLE,
            "--port",
            &port.to_string(),
            "--timeout",
            "1",
        ])
        .assert()
        .code(1);
    run(true).stderr(predicate::str::contains("Opened").not());
    assert!(!opened.exists(), "a browser was opened under CI");
    run(false).stderr(predicate::str::contains(format!(
        "→ Opened http://127.0.0.1:{port}/?key="
    )));
    for _ in 0..50 {
        if opened.exists() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let opened = fs::read_to_string(&opened).unwrap();
    assert_eq!(
        crate::support::normalized(&opened),
        format!("http://127.0.0.1:{port}/?key=KEY\n")
    );
}

#[test]
fn flags_are_checked_as_usage_errors() {
    let project = TestProject::new();
    for args in [
        ["decide", "submit", "{}", "--port", "65530"],
        ["decide", "submit", "{}", "--bind", "my-host"],
        ["decide", "submit", "{}", "--url", "localhost:1"],
        ["decide", "submit", "{}", "--timeout", "-1"],
        ["decide", "submit", "{}", "--lang", "fr"],
    ] {
        project.aide(&args).assert().code(2);
    }
    project
        .aide(&["decide", "result", "--timeout", "5"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--wait"));
}
