//! How the store touches a file: atomic writes and owner-only modes
//! (`atomic`), how a written file stands and files outside `.aide/`
//! (`sharing`), the store's lock (`lock`), stored versions read first
//! (`versioned`), and file I/O off the async threads (`blocking`).

pub(in crate::store) mod atomic;
pub(in crate::store) mod blocking;
pub(in crate::store) mod lock;
pub(in crate::store) mod sharing;
pub(in crate::store) mod versioned;
