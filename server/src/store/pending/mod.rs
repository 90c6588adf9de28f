//! Sessions waiting for the person. `pending.json` holds the session
//! submitted last (`current`); a session still open when another is
//! submitted is kept aside as `{id}.pending.json` (`aside`); a withdrawn
//! one gets `{id}.withdrawn.json` (`withdrawal`); ids come from `session`,
//! `sharers` tells which sessions were open at the same time, and `undo`
//! puts back what a submit whose page never came up changed.
//!
//! Finding a pending session has one way per question asked:
//! - by its id: [`crate::store::DecisionStore::find_pending`] (`pending.json` if it
//!   names the id, else the session kept aside), or
//!   [`crate::store::DecisionStore::session_state`] when an answered, withdrawn or
//!   replaced session is an answer too (`lookup`);
//! - without an id: [`crate::store::DecisionStore::sole_pending`], the one open session,
//!   refused when there are several;
//! - all of them: [`crate::store::DecisionStore::pending_sessions`].
//!
//! `load_pending` and `pending_head` read `pending.json` itself, for the
//! commands whose spec names that file.

pub(in crate::store) mod aside;
pub(in crate::store) mod current;
pub(in crate::store) mod lookup;
pub(in crate::store) mod ruled;
pub(in crate::store) mod session;
pub(in crate::store) mod sharers;
pub(in crate::store) mod undo;
pub(in crate::store) mod withdrawal;
