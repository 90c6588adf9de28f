//! The page of an ended question (`serve_ended`): asked for its port, it
//! hands its listening socket back open; otherwise its port closes as it
//! fades.

use super::*;
use crate::web::{ENDED_PAGE_FOR, Faded, serve_ended};
use std::net::{TcpListener, TcpStream};
use std::time::Duration;

#[tokio::test]
async fn an_ended_page_asked_for_its_port_hands_its_socket_back_open() {
    let f = fixture();
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let (take, asked) = tokio::sync::oneshot::channel();
    let stop = std::future::pending();
    let serving = tokio::spawn(serve_ended(
        listener,
        f.state.clone(),
        asked,
        stop,
        ENDED_PAGE_FOR,
    ));
    let (hand_back, handed) = tokio::sync::oneshot::channel();
    take.send(hand_back).unwrap();
    let listener = handed.await.unwrap();
    assert_eq!(listener.local_addr().unwrap(), addr);
    assert!(TcpListener::bind(addr).is_err(), "the port is still bound");
    assert_eq!(serving.await.unwrap().unwrap(), Faded::Taken);
    // The socket handed back takes the next connection.
    let _client = TcpStream::connect(addr).unwrap();
    listener.set_nonblocking(false).unwrap();
    assert!(listener.accept().is_ok());
}

#[tokio::test]
async fn an_ended_page_that_fades_closes_its_port() {
    let f = fixture();
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let (_take, asked) = tokio::sync::oneshot::channel();
    let stop = std::future::pending();
    let faded = serve_ended(listener, f.state.clone(), asked, stop, Duration::ZERO).await;
    assert_eq!(faded.unwrap(), Faded::Expired);
    assert!(TcpListener::bind(addr).is_ok(), "the port is free again");
}
