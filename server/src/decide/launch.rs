//! Who started a page server, and so who holds the store lock while it
//! starts: let go once the server is registered, or, for a submit, its
//! changes put back if the page never comes up.

use super::report::Happened;
use crate::store::{DecisionStore, StoreLock, SubmitUndo};
use app::SessionId;

/// Who started a page server, and so who holds the store lock while it
/// starts.
pub enum Launch {
    /// A command in the terminal, with the lock it took to check that no
    /// other server serves the session: let go once this one is
    /// registered. A hang-up (the terminal closing) stops the server.
    Foreground(StoreLock),
    /// `submit` in the terminal: the lock it stored the session under, and
    /// what it changed, put back if the page never comes up (a full disk
    /// keeping the server from registering), so a failed submit stores
    /// nothing.
    Submitted(StoreLock, SubmitUndo),
    /// The background server of `--detach`: its parent holds the lock,
    /// and it keeps serving when the terminal hangs up.
    Detached,
}

impl Launch {
    /// Lets go of the store lock, if this launch holds it: the server is
    /// registered, and other commands may look at the store. A submit's
    /// changes stay.
    pub(super) fn let_go(self, store: &DecisionStore) {
        match self {
            Launch::Foreground(lock) => drop(lock),
            Launch::Submitted(lock, undo) => store.pending().keep_submit(&lock, undo),
            Launch::Detached => {}
        }
    }

    /// The page never came up: a submit's changes are put back, under the
    /// lock it still holds.
    pub(super) fn abandon(
        self,
        store: &DecisionStore,
        session: &SessionId,
        told: &mut Vec<Happened>,
    ) {
        if let Launch::Submitted(lock, undo) = self {
            super::submit::put_back(store, &lock, undo, Some(session), told);
        }
    }

    /// Whether a hang-up (the terminal closing) stops the server.
    pub(super) fn in_terminal(&self) -> bool {
        !matches!(self, Launch::Detached)
    }
}
