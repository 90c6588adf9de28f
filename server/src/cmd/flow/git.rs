//! The `git` binary, run in the project root: preflight, stage, commit
//! (flow.md §4). Hooks run; nothing is forced.

use super::fail;
use crate::error::CliError;
use app::i18n::{FlowMsg, GitSaid};
use std::io::ErrorKind;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// States in which git must not be asked to commit.
const BUSY_STATES: &[&str] = &[
    "MERGE_HEAD",
    "CHERRY_PICK_HEAD",
    "REVERT_HEAD",
    "rebase-merge",
    "rebase-apply",
];

/// git in one folder.
pub struct Git<'a> {
    root: &'a Path,
}

impl<'a> Git<'a> {
    pub fn new(root: &'a Path) -> Self {
        Git { root }
    }

    fn run(&self, args: &[&str]) -> Result<Output, CliError> {
        Command::new("git")
            .args(args)
            .current_dir(self.root)
            .stdin(Stdio::null())
            .output()
            .map_err(|error| match error.kind() {
                ErrorKind::NotFound => fail(FlowMsg::GitMissing),
                _ => failed(args, GitSaid::Output(error.to_string())),
            })
    }

    /// git's trimmed stdout if it succeeded.
    fn text(&self, args: &[&str]) -> Result<Option<String>, CliError> {
        let output = self.run(args)?;
        Ok(output
            .status
            .success()
            .then(|| String::from_utf8_lossy(&output.stdout).trim().to_owned()))
    }

    /// Installed, a work tree, no merge or rebase under way.
    pub fn preflight(&self) -> Result<(), CliError> {
        let inside = self.text(&["rev-parse", "--is-inside-work-tree"])?;
        if inside.as_deref() != Some("true") {
            return Err(fail(FlowMsg::NotRepo));
        }
        let mut args = vec!["rev-parse"];
        for state in BUSY_STATES {
            args.extend(["--git-path", state]);
        }
        let paths = self.text(&args)?.unwrap_or_default();
        let busy = paths.lines().any(|p| self.root.join(p.trim()).exists());
        let unmerged = self.text(&["ls-files", "-u"])?.unwrap_or_default();
        if busy || !unmerged.is_empty() {
            return Err(fail(FlowMsg::MergeInProgress));
        }
        Ok(())
    }

    /// Waits up to `wait` while another git process holds the index (a
    /// git left running by a killed aide finishes its commit).
    pub fn settle(&self, wait: std::time::Duration) {
        let until = std::time::Instant::now() + wait;
        let Ok(Some(lock)) = self.text(&["rev-parse", "--git-path", "index.lock"]) else {
            return;
        };
        let lock = self.root.join(lock);
        while lock.exists() && std::time::Instant::now() < until {
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    }

    /// HEAD's full hash; `None` on an unborn branch.
    pub fn head(&self) -> Result<Option<String>, CliError> {
        Ok(self
            .text(&["rev-parse", "-q", "--verify", "HEAD"])?
            .filter(|h| !h.is_empty()))
    }

    /// HEAD's parent, if it has one.
    pub fn parent(&self) -> Result<Option<String>, CliError> {
        Ok(self
            .text(&["rev-parse", "-q", "--verify", "HEAD^"])?
            .filter(|h| !h.is_empty()))
    }

    /// HEAD's subject line.
    pub fn subject(&self) -> Result<Option<String>, CliError> {
        self.text(&["log", "-1", "--format=%s", "HEAD"])
    }

    /// The current branch; `None` on a detached HEAD.
    pub fn branch(&self) -> Option<String> {
        self.text(&["symbolic-ref", "-q", "--short", "HEAD"])
            .ok()
            .flatten()
            .filter(|b| !b.is_empty())
    }

    /// Stages everything but `.aide/` and commits it with `message`;
    /// `None` when there was nothing to commit.
    pub fn commit(&self, message: &str) -> Result<Option<String>, CliError> {
        let add = ["add", "-A", "--", ".", ":(exclude).aide"];
        self.checked(&add)?;
        let diff = ["diff", "--cached", "--quiet"];
        let output = self.run(&diff)?;
        match output.status.code() {
            Some(0) => return Ok(None),
            Some(1) => {}
            _ => return Err(failed(&diff, detail(&output))),
        }
        self.checked(&["commit", "-q", "-m", message])?;
        let hash = self.run(&["rev-parse", "HEAD"])?;
        if !hash.status.success() {
            return Err(fail(FlowMsg::HashFailed {
                detail: detail(&hash),
            }));
        }
        Ok(Some(
            String::from_utf8_lossy(&hash.stdout).trim().to_owned(),
        ))
    }

    fn checked(&self, args: &[&str]) -> Result<(), CliError> {
        let output = self.run(args)?;
        if output.status.success() {
            Ok(())
        } else {
            Err(failed(args, detail(&output)))
        }
    }
}

fn failed(args: &[&str], detail: GitSaid) -> CliError {
    fail(FlowMsg::GitFailed {
        step: args.first().copied().unwrap_or("").to_owned(),
        detail,
    })
}

/// The last 20 lines of what git (and its hooks) said.
fn detail(output: &Output) -> GitSaid {
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stderr),
        String::from_utf8_lossy(&output.stdout)
    );
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let start = lines.len().saturating_sub(20);
    let detail = lines[start..].join("\n");
    if detail.is_empty() {
        GitSaid::Nothing {
            code: output.status.code(),
        }
    } else {
        GitSaid::Output(detail)
    }
}
