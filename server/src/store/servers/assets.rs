//! `.aide/cache/pkg/{bundle}/`: the page's assets as files, so the server
//! can hand out their precompressed variants (tower-http's `ServeDir`).

use crate::store::files::atomic::{create_owner_only_dir, sweep_temp_files, write_atomic};
use crate::store::{Caches, StoreError};
use std::path::PathBuf;

/// Marks a folder whose files are all written.
const COMPLETE: &str = ".complete";

impl Caches<'_> {
    /// The folder of the assets of `bundle`, written from `files` (name,
    /// bytes) the first time a server of this build runs in the project.
    /// Files are written atomically and the folder is marked complete last,
    /// so two servers starting at once both end with whole files.
    pub fn assets<'a>(
        &self,
        bundle: &str,
        files: impl IntoIterator<Item = (String, std::borrow::Cow<'a, [u8]>)>,
    ) -> Result<PathBuf, StoreError> {
        let aide = self.0.dir.parent().unwrap_or(&self.0.dir);
        let dir = aide.join("cache").join("pkg").join(bundle);
        if dir.join(COMPLETE).is_file() {
            return Ok(dir);
        }
        create_owner_only_dir(&dir).map_err(StoreError::folder(&dir))?;
        // What a server killed while writing them left behind.
        sweep_temp_files(&dir);
        for (name, bytes) in files {
            let path = dir.join(&name);
            write_atomic(&path, &bytes).map_err(StoreError::write(path))?;
        }
        let done = dir.join(COMPLETE);
        write_atomic(&done, b"").map_err(StoreError::write(done))?;
        Ok(dir)
    }
}

#[cfg(test)]
mod tests {
    use crate::store::Project;
    use std::borrow::Cow;

    #[test]
    fn assets_are_written_once_per_bundle() {
        let dir = tempfile::tempdir().unwrap();
        Project::init(dir.path()).unwrap();
        let store = Project::find(dir.path()).unwrap().decisions().unwrap();
        let files = || vec![("aide.js".to_owned(), Cow::Borrowed(&b"js"[..]))];
        let folder = store.caches().assets("abc", files()).unwrap();
        assert_eq!(folder, dir.path().join(".aide/cache/pkg/abc"));
        assert_eq!(std::fs::read(folder.join("aide.js")).unwrap(), b"js");
        // Complete: not written again.
        std::fs::write(folder.join("aide.js"), b"changed").unwrap();
        store.caches().assets("abc", files()).unwrap();
        assert_eq!(std::fs::read(folder.join("aide.js")).unwrap(), b"changed");
    }
}
