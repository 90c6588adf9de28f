//! The files an agent's input names for its options (`diff_file`,
//! `image`), read whole when the question is submitted, through [`open`]:
//! the same refusals as a location's file, and never more bytes than the
//! field takes.

use super::{LocationRefusal, open};
use app::validate::{FileRefusal, ProjectFiles};
use std::io::Read;
use std::path::{Path, PathBuf};

/// The project an input's files are read from.
pub struct InputFiles {
    root: PathBuf,
}

impl InputFiles {
    /// Files of the project at `root`.
    pub fn at(root: &Path) -> Self {
        InputFiles {
            root: root.to_path_buf(),
        }
    }
}

impl ProjectFiles for InputFiles {
    fn read(&self, path: &str, max: usize) -> Result<Vec<u8>, FileRefusal> {
        let file = open(&self.root, Path::new(path)).map_err(refusal)?;
        let limit = u64::try_from(max).unwrap_or(u64::MAX);
        if file.len > limit {
            return Err(FileRefusal::TooLarge { size: file.len });
        }
        // The file may grow after it was looked at: one byte past the
        // limit is enough to know.
        let mut bytes = Vec::with_capacity(usize::try_from(file.len).unwrap_or(max));
        file.file
            .take(limit.saturating_add(1))
            .read_to_end(&mut bytes)
            .map_err(|_| FileRefusal::Unreadable)?;
        if bytes.len() > max {
            let size = u64::try_from(bytes.len()).unwrap_or(u64::MAX);
            return Err(FileRefusal::TooLarge { size });
        }
        Ok(bytes)
    }
}

fn refusal(refusal: LocationRefusal) -> FileRefusal {
    match refusal {
        LocationRefusal::Absolute => FileRefusal::Absolute,
        LocationRefusal::Outside => FileRefusal::Outside,
        LocationRefusal::Private => FileRefusal::Private,
        LocationRefusal::NotFound => FileRefusal::NotFound,
        LocationRefusal::NotRegular => FileRefusal::NotRegular,
        LocationRefusal::Unreadable => FileRefusal::Unreadable,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    #[test]
    fn files_are_read_inside_the_project_and_only_up_to_the_limit() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("project");
        fs::create_dir_all(root.join("docs")).unwrap();
        fs::create_dir_all(root.join(".aide")).unwrap();
        fs::write(root.join("docs/a.diff"), "0123456789").unwrap();
        fs::write(root.join(".aide/server.json"), "{}").unwrap();
        fs::write(dir.path().join("secret"), "outside").unwrap();
        let files = InputFiles::at(&root);
        assert_eq!(files.read("docs/a.diff", 10).unwrap(), b"0123456789");
        assert_eq!(
            files.read("docs/a.diff", 9),
            Err(FileRefusal::TooLarge { size: 10 })
        );
        assert_eq!(files.read("../secret", 100), Err(FileRefusal::Outside));
        assert_eq!(files.read("docs/none", 100), Err(FileRefusal::NotFound));
        assert_eq!(
            files.read(".aide/server.json", 100),
            Err(FileRefusal::Private)
        );
        assert_eq!(files.read("docs", 100), Err(FileRefusal::NotRegular));
        let absolute = root.join("docs/a.diff").display().to_string();
        assert_eq!(files.read(&absolute, 100), Err(FileRefusal::Absolute));
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(dir.path().join("secret"), root.join("docs/link")).unwrap();
            assert_eq!(files.read("docs/link", 100), Err(FileRefusal::Outside));
        }
    }
}
