//! Binding the page's port: the first free one of the range, browsers'
//! bad ports passed over, a port an ended question's page holds taken over
//! with its socket.

use crate::store::Registry;
use std::io;
use std::net::IpAddr;

/// Where to listen.
#[derive(Clone, Copy, Debug)]
pub struct ServeOptions {
    pub bind: IpAddr,
    pub first_port: u16,
    /// Ports `first_port..=last_port` are tried in order.
    pub last_port: u16,
}

/// Binds the first free port of the range; `Ok(None)` when all are taken.
/// Outside the runtime, so a command can hold its port before it stores
/// anything: a submit that finds no free port leaves the store as it was.
///
/// A port held by the page of one of this user's ended questions
/// (`registry`'s door, see `serve_ended`) is asked for, and its listening
/// socket taken over, so the range is used as if it were free. A port
/// browsers refuse to load a page from ([`BAD_PORTS`]) is passed over as if
/// it were taken: the page's address would not open.
pub fn bind_first_free(
    options: ServeOptions,
    registry: Option<&Registry>,
) -> io::Result<Option<std::net::TcpListener>> {
    let open = (options.first_port..=options.last_port).filter(|&port| !browsers_refuse(port));
    for port in open {
        let addr = std::net::SocketAddr::from((options.bind, port));
        match std::net::TcpListener::bind(addr) {
            Ok(listener) => return Ok(Some(listener)),
            Err(e) if e.kind() == io::ErrorKind::AddrInUse => {
                if let Some(registry) = registry
                    && let Some(listener) = take_from_ended_page(addr, registry)?
                {
                    return Ok(Some(listener));
                }
            }
            Err(e) => return Err(e),
        }
    }
    Ok(None)
}

/// The ports the Fetch standard blocks ("bad ports", which Chromium,
/// Firefox and Safari refuse with an error page such as
/// `ERR_UNSAFE_PORT`), in order.
const BAD_PORTS: [u16; 82] = [
    1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102,
    103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465,
    512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993,
    995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668,
    6669, 6679, 6697, 10080,
];

/// Whether browsers refuse to open a page on `port` ([`BAD_PORTS`]).
pub fn browsers_refuse(port: u16) -> bool {
    BAD_PORTS.binary_search(&port).is_ok()
}

/// The listening socket of `addr` from the ended question's page holding
/// it (this user's, behind `registry`'s door): the same socket, so the
/// port is never free in between. A page that bound the port to another
/// address closes its socket instead, and the port is bound here again;
/// `Ok(None)` if no such page holds it.
#[cfg(unix)]
fn take_from_ended_page(
    addr: std::net::SocketAddr,
    registry: &Registry,
) -> io::Result<Option<std::net::TcpListener>> {
    use crate::store::Taken;
    // A door that does not answer as it should holds nothing to take.
    match registry.take_port(addr) {
        Ok(Taken::Listener(listener)) => Ok(Some(listener)),
        Ok(Taken::LetGo) => match std::net::TcpListener::bind(addr) {
            Ok(listener) => Ok(Some(listener)),
            Err(e) if e.kind() == io::ErrorKind::AddrInUse => Ok(None),
            Err(e) => Err(e),
        },
        Ok(Taken::NotHeld) | Err(_) => Ok(None),
    }
}

/// Elsewhere no ended page holds a port.
#[cfg(not(unix))]
fn take_from_ended_page(
    _addr: std::net::SocketAddr,
    _registry: &Registry,
) -> io::Result<Option<std::net::TcpListener>> {
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn range(first_port: u16, last_port: u16) -> ServeOptions {
        ServeOptions {
            bind: IpAddr::from([127, 0, 0, 1]),
            first_port,
            last_port,
        }
    }

    #[test]
    fn the_bad_ports_are_in_order_for_their_search() {
        assert!(BAD_PORTS.windows(2).all(|w| w[0] < w[1]));
    }

    /// X11's 6000 (Chromium: `ERR_UNSAFE_PORT`) is passed over; a range of
    /// IRC's blocked ports alone has no port a page could be opened on.
    #[test]
    fn a_port_browsers_refuse_is_passed_over_like_a_taken_one() {
        assert!(bind_first_free(range(6665, 6669), None).unwrap().is_none());
        if let Some(listener) = bind_first_free(range(6000, 6001), None).unwrap() {
            assert_eq!(listener.local_addr().unwrap().port(), 6001);
        }
    }
}
