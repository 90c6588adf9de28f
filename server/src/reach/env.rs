//! The environment's variables, as seen from a process a client may have
//! started with a cleaned environment.

/// The variables that say the person came over SSH. A client that starts
/// `aide mcp` may clean its environment of them, while the SSH login it
/// runs under still has them.
const SSH_VARS: [&str; 3] = ["SSH_CONNECTION", "USER", "LOGNAME"];

/// `name` from this process's environment, else, for the SSH variables,
/// from the nearest ancestor process of this user that has it (Linux).
pub fn env_var(name: &str) -> Option<String> {
    std::env::var(name).ok().or_else(|| {
        if SSH_VARS.contains(&name) {
            ancestors_var(name)
        } else {
            None
        }
    })
}

#[cfg(target_os = "linux")]
fn ancestors_var(name: &str) -> Option<String> {
    use procfs::process::Process;
    // Only SSH_CONNECTION sends the search up the tree: USER and LOGNAME
    // follow it, from the same process.
    if name != "SSH_CONNECTION" && ancestors_var("SSH_CONNECTION").is_none() {
        return None;
    }
    let mut pid = i32::try_from(std::os::unix::process::parent_id()).ok()?;
    // A login shell is a few levels up; the bound keeps a cycle harmless.
    for _ in 0..16 {
        if pid <= 1 {
            return None;
        }
        let process = Process::new(pid).ok()?;
        // Another user's processes cannot be read, and must not be believed.
        if let Ok(environ) = process.environ()
            && let Some(value) = environ.get(std::ffi::OsStr::new(name))
        {
            return value.to_str().map(str::to_owned);
        }
        pid = process.stat().ok()?.ppid;
    }
    None
}

#[cfg(not(target_os = "linux"))]
fn ancestors_var(_name: &str) -> Option<String> {
    None
}
