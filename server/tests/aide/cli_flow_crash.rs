//! `aide flow` under concurrency and crashes: the lock, parallel calls,
//! SIGKILL at random points and the repair of an interrupted action.

use crate::support::TestProject;
use crate::support::flow::*;
use std::fs;

#[test]
fn a_commit_whose_status_write_was_lost_is_recorded_by_the_next_command() {
    let project = repo();
    touch(&project, "a.txt", "1\n");
    ok(&project, &["start", "impl", "开始"]);
    let head_before = git(&project, &["rev-parse", "HEAD"]);
    // As if killed after `git commit` and before the status write.
    let mut planned = status(&project);
    let entry = serde_json::json!({"timestamp": "2025-01-15T10:45:00+08:00",
        "action": "next-step", "phase": "impl", "step": 2, "summary": "中断"});
    planned["history"].as_array_mut().unwrap().push(entry);
    planned["current_step"] = 2.into();
    touch(&project, "a.txt", "2\n");
    git(&project, &["add", "a.txt"]);
    git(&project, &["commit", "-q", "-m", "[aide] impl: 中断"]);
    let intent = serde_json::json!({"head_before": head_before,
        "message": "[aide] impl: 中断", "status": planned});
    fs::write(
        project.path().join(".aide/flow-intent.json"),
        intent.to_string(),
    )
    .unwrap();
    let output = ok(&project, &["status"]);
    assert!(stderr(&output).contains("⚠ 已补记上次中断的操作: next-step 中断"));
    let state = status(&project);
    assert_eq!(state["current_step"], 2);
    assert_eq!(
        state["history"][1]["git_commit"],
        git(&project, &["rev-parse", "HEAD"])
    );
    assert!(!project.path().join(".aide/flow-intent.json").exists());
    // An intent whose commit never happened is dropped.
    let mut planned = status(&project);
    planned["current_step"] = 3.into();
    let entry = serde_json::json!({"timestamp": "2025-01-15T10:45:00+08:00",
        "action": "issue", "phase": "impl", "step": 3, "summary": "没提交"});
    planned["history"].as_array_mut().unwrap().push(entry);
    let intent = serde_json::json!({"head_before": git(&project, &["rev-parse", "HEAD"]),
        "message": "[aide] impl issue: 没提交", "status": planned});
    fs::write(
        project.path().join(".aide/flow-intent.json"),
        intent.to_string(),
    )
    .unwrap();
    let output = ok(&project, &["next-step", "继续"]);
    assert!(stderr(&output).contains("⚠ 上次中断的操作未完成，已丢弃: issue 没提交"));
    assert_eq!(status(&project)["current_step"], 3);
}

#[test]
fn parallel_next_steps_lose_and_double_nothing() {
    let project = repo();
    ok(&project, &["start", "impl", "开始"]);
    let runs = 12;
    let children: Vec<_> = (0..runs)
        .map(|n| {
            touch(&project, &format!("f{n}.txt"), "x\n");
            let mut cmd = std::process::Command::new(crate::support::aide_bin());
            cmd.current_dir(project.path())
                .env("AIDE_LANG", "zh")
                .env("GIT_CONFIG_GLOBAL", "/dev/null")
                .args(["flow", "next-step", &format!("步骤 {n}")])
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for child in children {
        let output = child.wait_with_output().unwrap();
        assert!(output.status.success(), "{}", stderr(&output));
    }
    assert_eq!(consistent(&project), runs + 1);
    assert_clean(&project);
}

#[cfg(unix)]
#[test]
fn sigkill_at_random_points_never_corrupts_the_state() {
    let project = repo();
    ok(&project, &["start", "impl", "开始"]);
    let mut entries = 1;
    for n in 0..30u64 {
        touch(&project, "a.txt", &format!("{n}\n"));
        let mut child = std::process::Command::new(crate::support::aide_bin())
            .current_dir(project.path())
            .env("AIDE_LANG", "zh")
            .env("GIT_CONFIG_GLOBAL", "/dev/null")
            .args(["flow", "next-step", &format!("步骤 {n}")])
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .subsec_nanos();
        std::thread::sleep(std::time::Duration::from_millis(u64::from(nanos % 40)));
        crate::support::kill(child.id(), "KILL");
        let _ = child.wait();
        // The next command repairs or drops what the killed one left.
        ok(&project, &["status"]);
        let now = consistent(&project);
        assert!(
            now == entries || now == entries + 1,
            "{now} after {entries}"
        );
        entries = now;
        assert!(!project.path().join(".aide/flow-intent.json").exists());
        // ... and sweeps the temp file a write killed half-way left.
        let temps: Vec<_> = fs::read_dir(project.path().join(".aide"))
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .filter(|name| name.to_string_lossy().ends_with(".tmp"))
            .collect();
        assert!(temps.is_empty(), "round {n}: {temps:?}");
    }
    ok(&project, &["next-step", "最后"]);
    assert_eq!(consistent(&project), entries + 1);
}

#[test]
fn a_held_lock_makes_the_next_command_wait_then_name_the_holder() {
    let project = TestProject::new();
    project.config("[flow]\ngit = false\n");
    ok(&project, &["start", "impl", "开始"]);
    let lock = fs::OpenOptions::new()
        .write(true)
        .open(project.path().join(".aide/flow.lock"))
        .unwrap();
    lock.try_lock().unwrap();
    fs::write(project.path().join(".aide/flow.lock"), "4242").unwrap();
    fails(
        &project,
        &["next-step", "x"],
        "另一个 aide flow 命令正在运行（进程 4242）",
    );
    drop(lock);
    ok(&project, &["next-step", "继续"]);
}

/// Holds `.aide/flow.lock` (flock(1), as the flow lock is taken) for
/// `secs`, writing the holder's pid into it as aide does, once it has it.
#[cfg(target_os = "linux")]
fn hold_flow_lock(project: &TestProject, secs: &str) -> std::process::Child {
    std::process::Command::new("flock")
        .current_dir(project.path())
        .args([".aide/flow.lock", "sh", "-c"])
        .arg(format!("echo $$ > .aide/flow.lock; sleep {secs}"))
        .spawn()
        .expect("flock(1) (util-linux)")
}

#[cfg(target_os = "linux")]
#[test]
fn a_command_waits_on_a_queue_that_moves_past_the_wait_for_one_holder() {
    let project = TestProject::new();
    project.config("[flow]\ngit = false\n");
    ok(&project, &["start", "impl", "开始"]);
    let lock = project.path().join(".aide/flow.lock");
    fs::write(&lock, "").unwrap();
    let mut first = hold_flow_lock(&project, "3.5");
    let taken = std::time::Instant::now();
    while fs::read_to_string(&lock).unwrap().trim().is_empty() {
        assert!(
            taken.elapsed().as_secs() < 10,
            "flock(1) never took the lock"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    // Queued behind the first (flock(1) blocks in the kernel, so it takes
    // the lock the moment the first lets go), then holding it as long:
    // aide's 5 s pass while the second holds it, and the queue has moved.
    let mut second = hold_flow_lock(&project, "3.5");
    std::thread::sleep(std::time::Duration::from_millis(200));
    ok(&project, &["next-step", "排在后面"]);
    assert!(first.wait().unwrap().success());
    assert!(second.wait().unwrap().success());
    assert_eq!(status(&project)["current_step"], 2);
}
