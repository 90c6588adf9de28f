//! `submit --check` reads locations through the page's confined reader:
//! it never hangs on a FIFO, reads nothing outside the project or in
//! `.aide/` and `.git/`, and never reads a huge file whole (issue 28, points
//! 1 and 2).
#![cfg(unix)]
#![allow(clippy::unwrap_used, reason = "tests: a failure is the test failing")]

use crate::support::TestProject;
use std::time::{Duration, Instant};

fn t<'a>(lang: &str, zh: &'a str, en: &'a str) -> &'a str {
    if lang == "zh" { zh } else { en }
}

/// An input whose one item points at `file`, lines `start`..=`end`.
fn input(file: &str, start: u32, end: u32) -> String {
    serde_json::json!({ "task": "t", "source": "s", "items": [{
        "id": 1, "title": "q", "location": { "file": file, "start": start, "end": end },
        "options": [{ "value": "a", "label": "A" }, { "value": "b", "label": "B" }]
    }]})
    .to_string()
}

/// `--check` on `input` in `lang`, within 10 s: (exit code, stderr).
fn check(project: &TestProject, lang: &str, input: &str) -> (Option<i32>, String) {
    let output = project
        .aide_in(lang, &["decide", "submit", input, "--check"])
        .timeout(Duration::from_secs(10))
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// A warning that says `why`, the check passed, and no line count.
fn assert_warned(project: &TestProject, lang: &str, file: &str, why: &str) {
    let (code, stderr) = check(project, lang, &input(file, 1, 1));
    assert_eq!(code, Some(0), "{file}: {stderr}");
    assert!(
        stderr.starts_with("⚠ items[0].location: "),
        "{file}: {stderr}"
    );
    assert!(stderr.contains(why), "{file}: {stderr}");
    assert!(
        !stderr.contains(t(lang, "只有", "ends at line")),
        "{file}: {stderr}"
    );
    assert!(
        stderr.ends_with(t(
            lang,
            "✓ 输入有效(1 项),未启动任何服务\n",
            "✓ The input is valid (1 item); nothing was started\n"
        )),
        "{file}: {stderr}"
    );
}

#[test]
fn locations_outside_the_project_or_in_aide_or_git_are_warned_about_not_counted() {
    let project = TestProject::new();
    let outside = project
        .path()
        .parent()
        .unwrap()
        .join("aide-check-outside.txt");
    std::os::unix::fs::symlink(&outside, project.path().join("out.txt")).unwrap();
    std::fs::create_dir_all(project.path().join(".git")).unwrap();
    std::fs::write(project.path().join(".git/config"), "[core]\n").unwrap();
    if !project.path().join(".aide/config.toml").exists() {
        project.config("[decide]\n");
    }
    for lang in ["zh", "en"] {
        let not_shown = t(lang, "不会显示这些行", "will not show these lines");
        for (file, why) in [
            ("/etc/passwd", t(lang, "是绝对路径", "is an absolute path")),
            (
                "../../x",
                t(lang, "指向项目之外", "leads outside the project"),
            ),
            (
                "out.txt",
                t(lang, "指向项目之外", "leads outside the project"),
            ),
            (
                ".aide/config.toml",
                t(lang, "位于 .aide/ 或 .git/ 中", "inside .aide/ or .git/"),
            ),
            (
                ".git/config",
                t(lang, "位于 .aide/ 或 .git/ 中", "inside .aide/ or .git/"),
            ),
        ] {
            assert_warned(&project, lang, file, why);
            assert_warned(&project, lang, file, not_shown);
        }
    }
}

#[test]
fn a_fifo_location_returns_at_once_with_a_warning() {
    let project = TestProject::new();
    let fifo = project.path().join("pipe");
    nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::S_IRWXU).unwrap();
    for lang in ["zh", "en"] {
        let started = Instant::now();
        assert_warned(
            &project,
            lang,
            "pipe",
            t(lang, "不是普通文件", "is not a regular file"),
        );
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{:?}",
            started.elapsed()
        );
    }
    // A folder is not a regular file either.
    assert_warned(&project, "en", ".", "is not a regular file");
}

#[test]
fn a_huge_file_is_read_only_as_far_as_the_location_needs() {
    let project = TestProject::new();
    let path = project.path().join("huge.log");
    let mut text = "line\n".repeat(10);
    text.push_str(&"x".repeat(100));
    std::fs::write(&path, &text).unwrap();
    // 5 GiB, nearly all of it a hole: reading it whole would take long and
    // take memory; the first lines are found at once.
    std::fs::File::options()
        .write(true)
        .open(&path)
        .unwrap()
        .set_len(5 * 1024 * 1024 * 1024)
        .unwrap();
    for lang in ["zh", "en"] {
        let started = Instant::now();
        let (code, stderr) = check(&project, lang, &input("huge.log", 2, 10));
        assert_eq!(code, Some(0), "{stderr}");
        assert!(!stderr.contains('⚠'), "{stderr}");
        let (code, stderr) = check(&project, lang, &input("huge.log", 2, 20));
        assert_eq!(code, Some(0), "{stderr}");
        assert!(
            stderr.contains(t(
                lang,
                "huge.log 过大,无法检查:第 20 行在 aide 读取的前 4 MiB 之后",
                "huge.log is too large to check: line 20 lies past the first 4 MiB"
            )),
            "{stderr}"
        );
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{:?}",
            started.elapsed()
        );
    }
}

#[test]
fn missing_files_and_lines_still_fail_beside_the_warnings() {
    let project = TestProject::new();
    std::fs::write(project.path().join("a.rs"), "1\n2\n").unwrap();
    let two = |first: &str, second: &str| {
        let one: serde_json::Value = serde_json::from_str(first).unwrap();
        let mut both: serde_json::Value = serde_json::from_str(second).unwrap();
        let mut item = one["items"][0].clone();
        item["id"] = 2.into();
        both["items"].as_array_mut().unwrap().push(item);
        both.to_string()
    };
    let (code, stderr) = check(
        &project,
        "en",
        &two(&input("/etc/passwd", 1, 1), &input("a.rs", 1, 5)),
    );
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("✗ items[0].location: a.rs ends at line 2\n"),
        "{stderr}"
    );
    assert!(
        stderr.contains("⚠ items[1].location: /etc/passwd is an absolute path"),
        "{stderr}"
    );
    assert!(
        stderr.contains("✗ 1 location cannot be found\n"),
        "{stderr}"
    );
}
