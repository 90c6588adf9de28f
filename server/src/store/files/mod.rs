//! How the store touches a file: atomic writes and owner-only modes
//! (`atomic`), the store's lock (`lock`), every read of a file, of regular
//! files only (`read`), stored versions read first (`versioned`), and file
//! I/O off the async threads (`blocking`).

pub(in crate::store) mod atomic;
pub(in crate::store) mod blocking;
pub(in crate::store) mod lock;
pub(in crate::store) mod read;
pub(in crate::store) mod versioned;
