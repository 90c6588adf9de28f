//! The packages' launchers (issue 60): the wheel's `aide-decide` run
//! through a link runs the `aide` beside the file, not beside the link;
//! aide run by the npm launcher dies with it when it is killed.
#![allow(clippy::unwrap_used, reason = "tests: a failure is the test failing")]

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
#[cfg(target_os = "linux")]
use std::{
    process::Stdio,
    time::{Duration, Instant},
};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// `~/bin/aide-decide` is a link (through another, relative one) to the
/// wheel's script; beside the link is another `aide`. The script runs the
/// aide installed beside itself.
#[test]
fn the_wheels_aide_decide_runs_the_aide_beside_it_through_links() {
    use std::os::unix::fs::{PermissionsExt, symlink};
    let dir = tempfile::tempdir().unwrap();
    let (venv, bin, other) = (
        dir.path().join("venv/bin"),
        dir.path().join("bin"),
        dir.path().join("links"),
    );
    for d in [&venv, &bin, &other] {
        fs::create_dir_all(d).unwrap();
    }
    let script = repo().join("packaging/python/aide_decide.data/scripts/aide-decide");
    fs::copy(&script, venv.join("aide-decide")).unwrap();
    symlink(crate::support::aide_bin(), venv.join("aide")).unwrap();
    symlink("../venv/bin/aide-decide", other.join("aide-decide")).unwrap();
    symlink(other.join("aide-decide"), bin.join("aide-decide")).unwrap();
    let run = || {
        crate::support::run_written(|| {
            Command::new(bin.join("aide-decide"))
                .arg("--version")
                .output()
        })
    };
    // Nothing beside the link: the script must not look there.
    let output = run();
    assert!(output.status.success(), "{output:?}");
    assert!(
        String::from_utf8_lossy(&output.stdout).starts_with("aide "),
        "{output:?}"
    );
    // Another `aide` beside the link is not the one run.
    fs::write(bin.join("aide"), "#!/bin/sh\necho another aide\nexit 3\n").unwrap();
    fs::set_permissions(bin.join("aide"), fs::Permissions::from_mode(0o755)).unwrap();
    let output = run();
    assert!(output.status.success(), "{output:?}");
    assert!(
        String::from_utf8_lossy(&output.stdout).starts_with("aide "),
        "{output:?}"
    );
}

/// The processes whose parent is `pid` (Linux's /proc).
#[cfg(target_os = "linux")]
fn children_of(pid: u32) -> Vec<u32> {
    let mut children = Vec::new();
    for entry in fs::read_dir("/proc").unwrap().flatten() {
        let Some(child) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        let Ok(stat) = fs::read_to_string(format!("/proc/{child}/stat")) else {
            continue;
        };
        // "PID (COMM) STATE PPID …": COMM may hold spaces, so after its ')'.
        let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
        if after.split_whitespace().nth(1) == Some(&pid.to_string()) {
            children.push(child);
        }
    }
    children
}

/// Whether `pid` has ended (gone, or a zombie not yet reaped).
#[cfg(target_os = "linux")]
fn ended(pid: u32) -> bool {
    match fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| rest.split_whitespace().next() == Some("Z")),
    }
}

/// SIGKILL of the npm launcher left aide orphaned and serving: the
/// launcher's child must end with it. (With a Node that has
/// process.execve, the launcher is aide itself and there is no child.)
#[cfg(target_os = "linux")]
#[test]
fn aide_dies_with_the_npm_launcher() {
    let node = Command::new("node").arg("--version").output();
    if !node.is_ok_and(|o| o.status.success()) {
        assert!(
            std::env::var_os("CI").is_none_or(|ci| ci != "true"),
            "this test needs node under CI"
        );
        eprintln!("skipped: aide_dies_with_the_npm_launcher needs node");
        return;
    }
    // node_modules as npm lays it out for the main package and this
    // platform's.
    let dir = tempfile::tempdir().unwrap();
    let modules = dir.path().join("node_modules");
    let launcher = modules.join("aide-decide/bin/aide.js");
    fs::create_dir_all(launcher.parent().unwrap()).unwrap();
    fs::copy(repo().join("packaging/npm/aide.js"), &launcher).unwrap();
    // Node's names for this CPU; glibc or musl, whichever the launcher
    // reads from this machine's ldd.
    let arch = match std::env::consts::ARCH {
        "x86_64" => "x64",
        "aarch64" => "arm64",
        other => other,
    };
    for libc in ["gnu", "musl"] {
        let platform = modules.join(format!("aide-decide-linux-{arch}-{libc}/bin"));
        fs::create_dir_all(&platform).unwrap();
        std::os::unix::fs::symlink(crate::support::aide_bin(), platform.join("aide")).unwrap();
    }
    // `aide mcp` serves as long as its stdin is open: the test holds it.
    let mut launched = Command::new("node")
        .arg(&launcher)
        .arg("mcp")
        .current_dir(dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Held to the end: `wait` would close it, and aide mcp ends at EOF.
    let stdin = launched.stdin.take();
    let node_pid = launched.id();
    let until = Instant::now() + Duration::from_secs(20);
    let aide = loop {
        if let Some(&child) = children_of(node_pid).first() {
            break Some(child);
        }
        // An execve'ing Node is aide itself: nothing to orphan.
        if fs::read_link(format!("/proc/{node_pid}/exe"))
            .is_ok_and(|exe| !exe.to_string_lossy().contains("node"))
        {
            break None;
        }
        assert!(Instant::now() < until, "the launcher started no aide");
        std::thread::sleep(Duration::from_millis(20));
    };
    launched.kill().unwrap();
    launched.wait().unwrap();
    let Some(aide) = aide else {
        drop(stdin);
        return;
    };
    let until = Instant::now() + Duration::from_secs(20);
    while !ended(aide) {
        if Instant::now() > until {
            let _ = Command::new("kill")
                .arg("-9")
                .arg(aide.to_string())
                .status();
            panic!("aide (pid {aide}) outlived its launcher's SIGKILL");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    drop(stdin);
}
