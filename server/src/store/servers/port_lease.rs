//! Ports held by the page of a question that has ended (`aide decide
//! serve-ended`): one empty file per port in the per-user registry's
//! folder, `{port}.ended-page`, made by the holder. Another aide server of
//! this user that wants the port removes the file; the holder sees it gone,
//! lets the port go at once, and the new server binds it. Only this user
//! can remove files there (the folder is owner-only), so another account
//! can never take a port this way, nor this user take another's.

use crate::store::StoreError;
use crate::store::files::atomic::owner_only;
use crate::store::servers::registry::Registry;
use std::fs;
use std::io::Write;
use std::path::PathBuf;

const SUFFIX: &str = ".ended-page";

/// The file that says a port is held by an ended question's page; dropped,
/// it is removed, unless the port was asked for (`is_wanted`).
#[derive(Debug)]
pub struct PortLease {
    path: PathBuf,
}

impl Registry {
    fn lease_path(&self, port: u16) -> PathBuf {
        self.dir().join(format!("{port}{SUFFIX}"))
    }

    /// Marks `port` as held by an ended question's page of this process
    /// until the lease is dropped or another server asks for the port.
    pub fn lease_port(&self, port: u16) -> Result<PortLease, StoreError> {
        crate::store::files::atomic::create_owner_only_dir(self.dir())
            .map_err(StoreError::folder(self.dir()))?;
        let path = self.lease_path(port);
        let mut file = owner_only()
            .create(true)
            .truncate(true)
            .write(true)
            .open(&path)
            .map_err(StoreError::write(&path))?;
        // Who holds it, for whoever looks; nothing reads it.
        let _ = writeln!(file, "{}", std::process::id());
        Ok(PortLease { path })
    }

    /// Asks the ended question's page on `port`, if this user's, to let the
    /// port go: `true` when there was one to ask.
    pub fn ask_for_port(&self, port: u16) -> bool {
        fs::remove_file(self.lease_path(port)).is_ok()
    }
}

impl PortLease {
    /// Whether another server asked for the port (the file is gone).
    pub fn is_wanted(&self) -> bool {
        fs::symlink_metadata(&self.path).is_err()
    }
}

impl Drop for PortLease {
    fn drop(&mut self) {
        // Asked for: the file is gone already, and the next holder may
        // have made it again by now.
        if !self.is_wanted() {
            let _ = fs::remove_file(&self.path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lease_is_asked_for_once_and_its_file_goes_with_it() {
        let dir = tempfile::tempdir().unwrap();
        let registry = Registry::at(dir.path().join("servers"));
        assert!(!registry.ask_for_port(3721), "nothing holds the port yet");
        let lease = registry.lease_port(3721).unwrap();
        assert!(!lease.is_wanted());
        assert!(registry.ask_for_port(3721));
        assert!(lease.is_wanted());
        assert!(!registry.ask_for_port(3721), "asked once");
        drop(lease);
        let kept = registry.lease_port(3722).unwrap();
        let path = registry.lease_path(3722);
        assert!(path.exists());
        drop(kept);
        assert!(!path.exists(), "a lease not asked for removes its file");
    }

    #[test]
    fn the_registry_lists_no_lease() {
        let dir = tempfile::tempdir().unwrap();
        let registry = Registry::at(dir.path().join("servers"));
        let _lease = registry.lease_port(3721).unwrap();
        assert!(registry.list().unwrap().is_empty());
    }
}
