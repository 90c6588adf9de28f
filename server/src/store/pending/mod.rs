//! Sessions waiting for the person. `pending.json` holds the session
//! submitted last (`current`); a session still open when another is
//! submitted is kept aside as `{id}.pending.json` (`aside`); a withdrawn
//! one gets `{id}.withdrawn.json` (`withdrawal`); ids come from `session`,
//! `sharers` tells which sessions were open at the same time, and `undo`
//! puts back what a submit whose page never came up changed.
//!
//! All of it is reached through one handle, [`PendingFiles`]
//! (`store.pending()`). Finding a pending session has one way per question
//! asked:
//! - by its id: [`PendingFiles::find`], the session read with the file
//!   that holds it and its stamp (`pending.json` if it names the id, else
//!   the session kept aside), or
//!   [`crate::store::DecisionStore::session_state`] when an answered,
//!   withdrawn or replaced session is an answer too (`lookup`);
//! - by the server that serves it: [`PendingFiles::holding`], how the
//!   store still holds it, told by stamps without reading it (`holding`);
//! - without an id: [`PendingFiles::sole`], the one open session, refused
//!   when there are several;
//! - all of them: [`PendingFiles::all`].
//!
//! [`PendingFiles::load`] and [`PendingFiles::head`] read `pending.json`
//! itself, for the commands whose spec names that file.

pub(in crate::store) mod aside;
pub(in crate::store) mod current;
pub(in crate::store) mod holding;
pub(in crate::store) mod lookup;
pub(in crate::store) mod ruled;
pub(in crate::store) mod session;
pub(in crate::store) mod sharers;
pub(in crate::store) mod undo;
pub(in crate::store) mod withdrawal;

/// The pending sessions of one store: `pending.json`, the sessions kept
/// aside, withdrawals and a submit's undo (`DecisionStore::pending`). A
/// borrowed view, so each concern of the store is named where it is used.
#[derive(Clone, Copy, Debug)]
pub struct PendingFiles<'a>(pub(in crate::store) &'a crate::store::DecisionStore);
