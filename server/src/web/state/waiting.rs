//! The other questions waiting for the person on this machine, which the
//! page lists.

use super::AppState;
use crate::store::{Registry, blocking};
use app::page::Waiting;

impl AppState {
    /// Lists on the page the other questions that `registry` holds.
    pub fn list_others_from(&self, registry: Registry) {
        // Set once, when the server starts; a second call changes nothing.
        let _ = self.inner.registry.set(registry);
    }

    /// The other questions waiting for the person on this machine, the
    /// longest waiting first: every open session in the registry but this
    /// one. A registry that cannot be read lists none.
    pub async fn also_waiting(&self) -> Vec<Waiting> {
        let Some(registry) = self.inner.registry.get().cloned() else {
            return Vec::new();
        };
        let own = self.session_id().clone();
        let root = self.inner.store.project_root();
        let listed = blocking(move || registry.list()).await.unwrap_or_default();
        listed
            .into_iter()
            .filter(|l| !(l.session_id == own && l.project == root))
            .map(|l| Waiting {
                project: l.project.file_name().map_or_else(
                    || l.project.display().to_string(),
                    |name| name.to_string_lossy().into_owned(),
                ),
                task: l.task,
                items: l.items,
                url: l.url,
            })
            .collect()
    }
}
