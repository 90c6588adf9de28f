//! `.aide/mcp-http.{uid}.token`: the bearer token `aide mcp --http`
//! requires, one per project and user.
//!
//! In `.aide/` (git-ignored there) rather than the per-user folder: it is
//! the project's server's secret, found again from the project alone, and
//! moving or deleting the project takes it along. The user's id is in the
//! name, so two users of one shared project each keep their own. A file is
//! trusted only when this user owns it and nobody else may read or write
//! it: one planted by another account that can write `.aide/` is replaced,
//! never used.

use crate::store::files::atomic::write_atomic;
use crate::store::{AIDE_DIR, Links, Project, StoreError, open_regular};
use std::io::Read;
use std::path::PathBuf;

/// The longest token file read; a token is 32 hex digits.
const MAX_TOKEN_BYTES: u64 = 256;

impl Project {
    /// Where this user's token of the project lives.
    pub fn mcp_token_path(&self) -> PathBuf {
        self.root.join(AIDE_DIR).join(token_file_name())
    }

    /// The token kept for this user, if there is one this user alone owns
    /// and can read; `None` when there is none, or it cannot be trusted.
    pub fn read_mcp_token(&self) -> Result<Option<String>, StoreError> {
        let path = self.mcp_token_path();
        // Missing, a symlink (ELOOP) or another user's: none of ours. A
        // folder that cannot be read is reported by the write that follows.
        // A FIFO is refused without waiting for a writer.
        let Ok((file, meta)) = open_regular(&path, Links::Refuse) else {
            return Ok(None);
        };
        if !crate::store::files::owner_only_and_ours(&meta) {
            return Ok(None);
        }
        let mut text = String::new();
        file.take(MAX_TOKEN_BYTES)
            .read_to_string(&mut text)
            .map_err(StoreError::read(&path))?;
        let token = text.trim();
        let well_formed = token.len() >= 32 && token.bytes().all(|b| b.is_ascii_hexdigit());
        Ok(well_formed.then(|| token.to_owned()))
    }

    /// Keeps `token` as this user's (mode 0600, replacing whatever was
    /// there).
    pub fn write_mcp_token(&self, token: &str) -> Result<(), StoreError> {
        let path = self.mcp_token_path();
        write_atomic(&path, format!("{token}\n").as_bytes()).map_err(StoreError::write(&path))
    }
}

#[cfg(unix)]
fn token_file_name() -> String {
    format!("mcp-http.{}.token", nix::unistd::geteuid())
}

#[cfg(not(unix))]
fn token_file_name() -> String {
    "mcp-http.token".into()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "tests: a failure is the test failing")]
    use super::*;

    fn project() -> (tempfile::TempDir, Project) {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join(AIDE_DIR)).unwrap();
        let project = Project::find(dir.path()).unwrap();
        (dir, project)
    }

    const TOKEN: &str = "0123456789abcdef0123456789abcdef";

    #[test]
    fn a_written_token_is_read_back_and_readable_by_its_owner_only() {
        let (_dir, project) = project();
        assert_eq!(project.read_mcp_token().unwrap(), None);
        project.write_mcp_token(TOKEN).unwrap();
        assert_eq!(project.read_mcp_token().unwrap().as_deref(), Some(TOKEN));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(project.mcp_token_path())
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600);
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_token_others_may_read_or_a_symlink_is_not_trusted() {
        use std::os::unix::fs::PermissionsExt;
        let (dir, project) = project();
        let path = project.mcp_token_path();
        std::fs::write(&path, TOKEN).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        assert_eq!(project.read_mcp_token().unwrap(), None);
        std::fs::remove_file(&path).unwrap();
        let elsewhere = dir.path().join("planted");
        std::fs::write(&elsewhere, TOKEN).unwrap();
        std::fs::set_permissions(&elsewhere, std::fs::Permissions::from_mode(0o600)).unwrap();
        std::os::unix::fs::symlink(&elsewhere, &path).unwrap();
        assert_eq!(project.read_mcp_token().unwrap(), None);
        // Not hex: not a token.
        std::fs::remove_file(&path).unwrap();
        project
            .write_mcp_token("not a token at all, not hex at all!")
            .unwrap();
        assert_eq!(project.read_mcp_token().unwrap(), None);
    }
}
