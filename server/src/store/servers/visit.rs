//! One connection through the ended pages' door (`port_lease`), either
//! side: length-prefixed JSON messages, each with at most one file
//! descriptor (`SCM_RIGHTS`), in blocking calls that give up in time.
#![cfg(unix)]

use rustix::net::{
    RecvAncillaryBuffer, RecvAncillaryMessage, RecvFlags, SendAncillaryBuffer,
    SendAncillaryMessage, SendFlags, recvmsg, sendmsg,
};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::io::{self, ErrorKind, IoSlice, IoSliceMut, Read, Write};
use std::mem::MaybeUninit;
use std::os::fd::{BorrowedFd, OwnedFd};
use std::os::unix::net::UnixStream;
use std::time::Duration;

/// The most bytes of one message: a page's session is at most a few MiB
/// (`MAX_INPUT_BYTES`), its key and settings small.
const MAX_MESSAGE: u32 = 64 * 1024 * 1024;

/// How long either side waits for the other's next bytes.
const EXCHANGE_WITHIN: Duration = Duration::from_secs(5);

/// One connection through the door, either side: messages one after the
/// other, each with at most one descriptor, in blocking calls that give up
/// after `EXCHANGE_WITHIN`.
#[derive(Debug)]
pub struct Visit {
    stream: UnixStream,
}

impl Visit {
    pub(super) fn on(stream: UnixStream) -> io::Result<Visit> {
        stream.set_read_timeout(Some(EXCHANGE_WITHIN))?;
        stream.set_write_timeout(Some(EXCHANGE_WITHIN))?;
        Ok(Visit { stream })
    }

    /// Sends `message`, with `fd` if given: its length (4 bytes,
    /// big-endian) in one `sendmsg` with the descriptor, then its JSON.
    pub fn send(&self, message: &impl Serialize, fd: Option<BorrowedFd<'_>>) -> io::Result<()> {
        let body = serde_json::to_vec(message).map_err(io::Error::other)?;
        let length = u32::try_from(body.len())
            .ok()
            .filter(|n| *n <= MAX_MESSAGE)
            .ok_or_else(|| io::Error::other("message too long"))?
            .to_be_bytes();
        let fds: Vec<BorrowedFd<'_>> = fd.into_iter().collect();
        let mut space = [MaybeUninit::uninit(); rustix::cmsg_space!(ScmRights(1))];
        let mut control = SendAncillaryBuffer::new(&mut space);
        if !fds.is_empty() && !control.push(SendAncillaryMessage::ScmRights(&fds)) {
            return Err(io::Error::other("no room for the descriptor"));
        }
        let iov = [IoSlice::new(&length)];
        let sent = loop {
            match sendmsg(&self.stream, &iov, &mut control, SendFlags::empty()) {
                Err(rustix::io::Errno::INTR) => {}
                sent => break sent?,
            }
        };
        let mut writer = &self.stream;
        writer.write_all(&length[sent..])?;
        writer.write_all(&body)
    }

    /// Receives one message, and the descriptor sent with it if any
    /// (close-on-exec: no program this process starts inherits it).
    pub fn receive<T: DeserializeOwned>(&self) -> io::Result<(T, Option<OwnedFd>)> {
        let mut length = [0u8; 4];
        let mut space = [MaybeUninit::uninit(); rustix::cmsg_space!(ScmRights(1))];
        let mut control = RecvAncillaryBuffer::new(&mut space);
        #[cfg(not(target_vendor = "apple"))]
        let flags = RecvFlags::CMSG_CLOEXEC;
        #[cfg(target_vendor = "apple")]
        let flags = RecvFlags::empty();
        let got = loop {
            let mut iov = [IoSliceMut::new(&mut length)];
            match recvmsg(&self.stream, &mut iov, &mut control, flags) {
                Err(rustix::io::Errno::INTR) => {}
                got => break got?.bytes,
            }
        };
        let mut fd = None;
        for message in control.drain() {
            if let RecvAncillaryMessage::ScmRights(fds) = message {
                // One is sent; any other is closed here.
                for received in fds {
                    fd.get_or_insert(received);
                }
            }
        }
        if let Some(fd) = &fd {
            // Where `recvmsg` cannot set it as it receives (macOS).
            rustix::io::fcntl_setfd(fd, rustix::io::FdFlags::CLOEXEC)?;
        }
        if got == 0 {
            return Err(ErrorKind::UnexpectedEof.into());
        }
        let mut reader = &self.stream;
        reader.read_exact(&mut length[got..])?;
        let length = u32::from_be_bytes(length);
        if length > MAX_MESSAGE {
            return Err(io::Error::other("message too long"));
        }
        let mut body = vec![0; length as usize];
        reader.read_exact(&mut body)?;
        let message = serde_json::from_slice(&body).map_err(io::Error::other)?;
        Ok((message, fd))
    }
}
