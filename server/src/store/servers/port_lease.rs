//! The ports held by the pages of this user's ended questions, and the
//! door to the one process that serves them all (`aide decide
//! serve-ended`): a Unix socket in the per-user registry's folder,
//! `ended-pages.sock`, open while that process holds `ended-pages.lock`
//! (claimed as a live notice's lock is; both go with the process).
//!
//! A port's listening socket itself goes through the door, never closed on
//! the way: a question's server sends it in (`Knock::Serve`, the socket
//! with it as `SCM_RIGHTS`) and keeps its own copy until the page's process
//! says it serves it; a server wanting the port asks for it
//! (`Knock::Take`) and gets the same socket back. So no other program, nor
//! another account, can bind the port in between. Only this user can
//! connect: the folder is owner-only and the socket mode 0600.
#![cfg(unix)]

use crate::store::StoreError;
use crate::store::servers::live::HeldClaim;
use crate::store::servers::registry::Registry;
pub use crate::store::servers::visit::Visit;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use std::fs;
use std::io::{self, ErrorKind};
use std::net::{SocketAddr, TcpListener};
use std::os::unix::fs::PermissionsExt;
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::PathBuf;

/// The door's name: `{DOOR}.sock`, the socket; `{DOOR}.lock`, its lock.
const DOOR: &str = "ended-pages";

/// What is asked at the door.
#[derive(Debug, Serialize, Deserialize)]
pub enum Knock {
    /// Serve this ended question's page (its JSON, read by the page's
    /// process) on the listening socket sent with the message.
    Serve(Box<RawValue>),
    /// Hand back the listening socket bound to this address, or let go of
    /// any page on its port.
    Take(SocketAddr),
}

/// What the door says back.
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DoorSays {
    /// The page's process holds the socket sent in: the sender may close
    /// its copy.
    Serving,
    /// The socket asked for comes with this message.
    Handed,
    /// A page on the port (bound to another address) closed its socket.
    LetGo,
    /// No ended page holds the port.
    NotHeld,
}

/// What came of asking for a port ([`Registry::take_port`]).
#[derive(Debug)]
pub enum Taken {
    /// The page's listening socket, bound to the address asked for.
    Listener(TcpListener),
    /// A page bound the port to another address, and closed it.
    LetGo,
    /// No ended page of this user holds the port.
    NotHeld,
}

/// The door, open: held by the one process serving this user's ended
/// pages. Dropped, the socket's name goes first, then the lock.
#[derive(Debug)]
pub struct Door {
    listener: tokio::net::UnixListener,
    path: PathBuf,
    _claim: HeldClaim,
}

impl Drop for Door {
    fn drop(&mut self) {
        // Its holder alone names the socket: a knock from now on finds no
        // door, and starts a process that takes the lock once it is free.
        let _ = fs::remove_file(&self.path);
    }
}

impl Door {
    /// The next visitor.
    pub async fn visitor(&self) -> io::Result<Visit> {
        let (stream, _) = self.listener.accept().await?;
        let stream = stream.into_std()?;
        stream.set_nonblocking(false)?;
        Visit::on(stream)
    }
}

impl Registry {
    /// The door's socket.
    fn door_path(&self) -> PathBuf {
        self.dir().join(format!("{DOOR}.sock"))
    }

    /// Opens the door for this process (inside the runtime, which accepts
    /// its visitors): `None` when another process holds it.
    pub fn open_door(&self) -> Result<Option<Door>, StoreError> {
        let lock_path = self.dir().join(format!("{DOOR}.lock"));
        let claim = match self.board().claim(DOOR) {
            Ok(Some(claim)) => claim.hold(self.board()),
            Ok(None) => return Ok(None),
            Err(e) => return Err(StoreError::write(&lock_path)(e)),
        };
        let path = self.door_path();
        // A socket left by a holder that was killed.
        match fs::remove_file(&path) {
            Err(e) if e.kind() != ErrorKind::NotFound => {
                return Err(StoreError::write(&path)(e));
            }
            _ => {}
        }
        let listener = UnixListener::bind(&path).map_err(StoreError::write(&path))?;
        fs::set_permissions(&path, fs::Permissions::from_mode(0o600))
            .map_err(StoreError::write(&path))?;
        listener
            .set_nonblocking(true)
            .map_err(StoreError::write(&path))?;
        let listener =
            tokio::net::UnixListener::from_std(listener).map_err(StoreError::write(&path))?;
        Ok(Some(Door {
            listener,
            path,
            _claim: claim,
        }))
    }

    /// A connection to the door, if a process of this user holds it open.
    pub fn knock(&self) -> Option<Visit> {
        let stream = UnixStream::connect(self.door_path()).ok()?;
        Visit::on(stream).ok()
    }

    /// Asks the ended page holding `addr`'s port, if one of this user's
    /// does, for its listening socket.
    pub fn take_port(&self, addr: SocketAddr) -> io::Result<Taken> {
        let Some(visit) = self.knock() else {
            return Ok(Taken::NotHeld);
        };
        visit.send(&Knock::Take(addr), None)?;
        let (says, fd) = visit.receive::<DoorSays>()?;
        Ok(match (says, fd) {
            (DoorSays::Handed, Some(fd)) => {
                let listener = TcpListener::from(fd);
                if listener.local_addr()? != addr {
                    return Err(io::Error::other("another address came back"));
                }
                // As a listener just bound: blocking until its server says.
                listener.set_nonblocking(false)?;
                Taken::Listener(listener)
            }
            (DoorSays::LetGo, _) => Taken::LetGo,
            _ => Taken::NotHeld,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::fd::AsFd;

    fn registry() -> (tempfile::TempDir, Registry) {
        let dir = tempfile::tempdir().unwrap();
        let registry = Registry::at(dir.path().join("servers"));
        (dir, registry)
    }

    #[tokio::test]
    async fn one_process_holds_the_door_and_a_knock_finds_it_while_it_does() {
        let (_dir, registry) = registry();
        assert!(registry.knock().is_none(), "no door yet");
        let door = registry.open_door().unwrap().unwrap();
        assert!(registry.open_door().unwrap().is_none(), "held already");
        let mode = fs::metadata(registry.door_path())
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
        assert!(registry.knock().is_some());
        drop(door);
        assert!(registry.knock().is_none(), "gone with its holder");
        assert_eq!(
            fs::read_dir(registry.dir()).unwrap().count(),
            0,
            "and its files"
        );
        assert!(registry.open_door().unwrap().is_some(), "free again");
    }

    /// The listening socket crosses whole: sent and its sender's copy
    /// closed, the port stays bound, and the copy received accepts.
    #[tokio::test]
    async fn a_listener_sent_through_the_door_arrives_open() {
        let (_dir, registry) = registry();
        let door = registry.open_door().unwrap().unwrap();
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        let knocking = std::thread::spawn(move || {
            let visit = registry.knock().unwrap();
            let page = RawValue::from_string(r#"{"page":1}"#.into()).unwrap();
            visit
                .send(&Knock::Serve(page), Some(listener.as_fd()))
                .unwrap();
            let (says, fd) = visit.receive::<DoorSays>().unwrap();
            (says, fd.is_some())
        });
        let visitor = door.visitor().await.unwrap();
        let (knock, fd) = tokio::task::spawn_blocking(move || {
            let received = visitor.receive::<Knock>().unwrap();
            visitor.send(&DoorSays::Serving, None).unwrap();
            received
        })
        .await
        .unwrap();
        assert!(
            matches!(&knock, Knock::Serve(page) if page.get() == r#"{"page":1}"#),
            "{knock:?}"
        );
        assert_eq!(knocking.join().unwrap(), (DoorSays::Serving, false));
        // The sender's copy is closed; the port is still bound.
        assert!(TcpListener::bind(addr).is_err());
        let received = TcpListener::from(fd.unwrap());
        assert_eq!(received.local_addr().unwrap(), addr);
        let _client = std::net::TcpStream::connect(addr).unwrap();
        assert!(received.accept().is_ok());
    }

    #[test]
    fn a_port_no_ended_page_holds_is_not_held() {
        let (_dir, registry) = registry();
        let addr = "127.0.0.1:3721".parse().unwrap();
        assert!(matches!(registry.take_port(addr), Ok(Taken::NotHeld)));
    }
}
