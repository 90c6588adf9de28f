//! Starting this aide again in the background, written once: `--detach`'s
//! page server and the process that serves ended pages.

use std::io::{self, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};

/// This aide's command `args`, started in `dir` in a process group of its
/// own (a Ctrl-C meant for this terminal, or a tool killing this command's
/// group, does not reach it), `input` written to its stdin and the pipe
/// closed (its stdin is empty without), its output where `stdout` and
/// `stderr` say: never this process's own streams.
pub fn start_aide(
    args: &[&str],
    dir: &Path,
    input: Option<&[u8]>,
    stdout: Stdio,
    stderr: Stdio,
) -> io::Result<Child> {
    let exe = std::env::current_exe()?;
    let mut command = Command::new(exe);
    command
        .args(args)
        .current_dir(dir)
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(stdout)
        .stderr(stderr);
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let mut child = command.spawn()?;
    if let (Some(input), Some(mut stdin)) = (input, child.stdin.take()) {
        // A process that stopped before reading says so by its exit,
        // which the caller waits on: a broken pipe here adds nothing.
        let _ = stdin.write_all(input);
    }
    Ok(child)
}
