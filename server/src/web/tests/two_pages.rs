//! Two browsers answering (issues 28.4, 40.7): after the answers are
//! recorded the server keeps answering until every page that showed the
//! form has learned so, and a moment more when one learned it by its wait,
//! and the page that loses hears "already answered".

use super::*;
use crate::web::{ServeOptions, Signals, StopWhen, Stopped, bind_first_free, serve};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// The fixture's page served on a real port of 127.0.0.1.
fn start(f: &Fixture) -> (String, tokio::task::JoinHandle<std::io::Result<Stopped>>) {
    let options = ServeOptions {
        bind: [127, 0, 0, 1].into(),
        first_port: 41000,
        last_port: 41999,
    };
    let listener = bind_first_free(options, None).unwrap().unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let stop = StopWhen {
        timeout: Some(Duration::from_secs(60)),
        signals: Signals::listen(false),
    };
    let state = f.state.clone();
    let server = tokio::spawn(async move {
        let (stopped, _listener) = serve(listener, state, stop).await?;
        Ok(stopped)
    });
    (addr, server)
}

/// One request as the page sends it; the status and the body.
async fn http(addr: &str, method: &str, path: &str, session: &str, body: &str) -> (u16, String) {
    http_from(None, addr, method, path, session, body).await
}

/// The same, from the island of page `page`.
async fn http_from(
    page: Option<&str>,
    addr: &str,
    method: &str,
    path: &str,
    session: &str,
    body: &str,
) -> (u16, String) {
    let stream = tokio::net::TcpStream::connect(addr).await;
    // A stopped server refuses the connection: the page would say it
    // could not reach aide.
    let mut stream = stream.unwrap_or_else(|e| panic!("{method} {path}: {e}"));
    let page = page
        .map(|p| format!("X-Aide-Page: {p}\r\n"))
        .unwrap_or_default();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {HOST}\r\nCookie: aide_key_3721={KEY}\r\n\
         X-Aide-Session: {session}\r\n{page}Content-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut reply = String::new();
    stream.read_to_string(&mut reply).await.unwrap();
    let status = reply[9..12].parse().unwrap();
    let body = reply.split_once("\r\n\r\n").unwrap().1.to_owned();
    (status, body)
}

#[tokio::test]
async fn the_page_that_loses_hears_already_answered_and_then_the_server_stops() {
    let f = fixture();
    let (addr, server) = start(&f);
    let session = &f.pending.meta.session_id.to_string();
    for _ in 0..2 {
        let (status, _) = http(&addr, "GET", "/", session, "").await;
        assert_eq!(status, 200);
    }
    // Two submits close together: one records, the other is told.
    let (first, second) = tokio::join!(
        http(&addr, "POST", "/api/decisions", session, ANSWERS),
        http(&addr, "POST", "/api/decisions", session, ANSWERS),
    );
    let mut statuses = [first.0, second.0];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409], "{first:?} {second:?}");
    let refused = if first.0 == 409 { first.1 } else { second.1 };
    assert!(refused.contains("此会话的决策已经提交过了"), "{refused}");
    // Both pages know: the server stops well before `LINGER`.
    let served = tokio::time::timeout(Duration::from_secs(5), server).await;
    assert_eq!(served.unwrap().unwrap().unwrap(), Stopped::Decided);
    assert!(
        f.store
            .records()
            .exists(&f.pending.meta.session_id)
            .unwrap()
    );
}

#[tokio::test]
async fn a_page_that_submits_after_the_answers_is_still_answered() {
    let f = fixture();
    let (addr, server) = start(&f);
    let session = &f.pending.meta.session_id.to_string();
    http(&addr, "GET", "/", session, "").await;
    http(&addr, "GET", "/", session, "").await;
    let (status, _) = http(&addr, "POST", "/api/decisions", session, ANSWERS).await;
    assert_eq!(status, 200);
    // The answers are recorded at once, for `result` and `status`.
    assert!(
        f.store
            .records()
            .exists(&f.pending.meta.session_id)
            .unwrap()
    );
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert!(!server.is_finished(), "a page has not learned yet");
    // The other page: a draft save is refused (the island shows only that
    // it was not saved, so the server waits on), its submit hears what
    // happened.
    let draft = r#"{"decisions":[]}"#;
    let (status, body) = http(&addr, "PUT", "/api/draft", session, draft).await;
    assert_eq!(status, 409, "{body}");
    let (status, body) = http(&addr, "POST", "/api/decisions", session, ANSWERS).await;
    assert_eq!(status, 409, "{body}");
    assert!(body.contains("此会话的决策已经提交过了"), "{body}");
    let served = tokio::time::timeout(Duration::from_secs(5), server).await;
    assert_eq!(served.unwrap().unwrap().unwrap(), Stopped::Decided);
}

#[tokio::test]
async fn one_page_answered_stops_the_server_at_once_and_an_unheard_page_at_most_after_linger() {
    let f = fixture();
    let (addr, server) = start(&f);
    let session = &f.pending.meta.session_id.to_string();
    http(&addr, "GET", "/", session, "").await;
    let (status, _) = http(&addr, "POST", "/api/decisions", session, ANSWERS).await;
    assert_eq!(status, 200);
    let served = tokio::time::timeout(Duration::from_secs(2), server).await;
    assert_eq!(served.unwrap().unwrap().unwrap(), Stopped::Decided);

    let f = fixture();
    let (addr, server) = start(&f);
    let session = &f.pending.meta.session_id.to_string();
    http(&addr, "GET", "/", session, "").await;
    http(&addr, "GET", "/", session, "").await;
    let answered = Instant::now();
    http(&addr, "POST", "/api/decisions", session, ANSWERS).await;
    let limit = crate::web::serve::LINGER + Duration::from_secs(5);
    let served = tokio::time::timeout(limit, server).await;
    assert_eq!(served.unwrap().unwrap().unwrap(), Stopped::Decided);
    assert!(answered.elapsed() >= crate::web::serve::LINGER - Duration::from_millis(500));
}

/// `GET /api/outcome` as the island of page `page` sends it.
async fn outcome(addr: &str, session: &str, page: &str) -> (u16, String) {
    http_from(Some(page), addr, "GET", "/api/outcome", session, "").await
}

#[tokio::test]
async fn an_open_page_is_shown_the_answers_another_page_sent_and_the_server_then_stops() {
    let f = fixture();
    let (addr, server) = start(&f);
    let session = &f.pending.meta.session_id.to_string();
    for _ in 0..3 {
        http(&addr, "GET", "/", session, "").await;
    }
    // The second page waits on the outcome while the first answers.
    let waiting = tokio::spawn({
        let (addr, session) = (addr.clone(), session.to_owned());
        async move { outcome(&addr, &session, "b2").await }
    });
    tokio::time::sleep(Duration::from_millis(200)).await;
    let (status, _) = http(&addr, "POST", "/api/decisions", session, ANSWERS).await;
    assert_eq!(status, 200);
    let (status, body) = tokio::time::timeout(Duration::from_secs(3), waiting)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(status, 200, "{body}");
    assert!(body.contains(r#"data-outcome="decided""#), "{body}");
    assert!(body.contains("已记录的答案"), "{body}");
    assert!(body.contains("团队更熟悉 bcrypt"), "the note: {body}");
    // The third page, submitting now, is told the answers that stand.
    let (status, body) = http(&addr, "POST", "/api/decisions", session, ANSWERS).await;
    assert_eq!(status, 409);
    assert!(body.contains("已记录的答案"), "{body}");
    assert!(body.contains("bcrypt"), "{body}");
    // Every page knows: the server stops well before `LINGER` (`LATE`
    // after the last, as one learned by its wait).
    let limit = crate::web::serve::LATE + Duration::from_secs(3);
    let served = tokio::time::timeout(limit, server).await;
    assert_eq!(served.unwrap().unwrap().unwrap(), Stopped::Decided);
}

#[tokio::test]
async fn a_page_asking_twice_counts_once() {
    let f = fixture();
    let (addr, server) = start(&f);
    let session = &f.pending.meta.session_id.to_string();
    for _ in 0..2 {
        http(&addr, "GET", "/", session, "").await;
    }
    let started = Instant::now();
    let waiting = tokio::spawn({
        let (addr, session) = (addr.clone(), session.to_owned());
        async move { outcome(&addr, &session, "same").await }
    });
    tokio::time::sleep(Duration::from_millis(200)).await;
    // Page "same" submits, and its wait ends too: one page told, not two.
    let (status, _) = http_from(
        Some("same"),
        &addr,
        "POST",
        "/api/decisions",
        session,
        ANSWERS,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(waiting.await.unwrap().0, 200);
    let (status, _) = outcome(&addr, session, "same").await;
    assert_eq!(status, 200);
    let limit = crate::web::serve::LINGER + Duration::from_secs(5);
    let served = tokio::time::timeout(limit, server).await;
    assert_eq!(served.unwrap().unwrap().unwrap(), Stopped::Decided);
    assert!(started.elapsed() >= crate::web::serve::LINGER - Duration::from_millis(500));
}

#[tokio::test]
async fn a_page_that_learned_by_its_wait_and_submits_just_after_hears_already_answered() {
    let f = fixture();
    let (addr, server) = start(&f);
    let session = &f.pending.meta.session_id.to_string();
    for _ in 0..2 {
        http(&addr, "GET", "/", session, "").await;
    }
    // Page b waits on the outcome while page a answers: b is told at once,
    // and every page that showed the form has then learned.
    let waiting = tokio::spawn({
        let (addr, session) = (addr.clone(), session.to_owned());
        async move { outcome(&addr, &session, "b").await }
    });
    tokio::time::sleep(Duration::from_millis(200)).await;
    let (status, _) = http_from(Some("a"), &addr, "POST", "/api/decisions", session, ANSWERS).await;
    assert_eq!(status, 200);
    let told = Instant::now();
    assert_eq!(waiting.await.unwrap().0, 200);
    // b's person pressed submit as the news came: the server still
    // answers, with the answers that stand.
    tokio::time::sleep(Duration::from_millis(1000)).await;
    let (status, body) =
        http_from(Some("b"), &addr, "POST", "/api/decisions", session, ANSWERS).await;
    assert_eq!(status, 409, "{body}");
    assert!(body.contains("此会话的决策已经提交过了"), "{body}");
    assert!(body.contains("已记录的答案"), "{body}");
    let limit = crate::web::serve::LATE + Duration::from_secs(3);
    let served = tokio::time::timeout(limit, server).await;
    assert_eq!(served.unwrap().unwrap().unwrap(), Stopped::Decided);
    assert!(told.elapsed() >= crate::web::serve::LATE - Duration::from_millis(500));
}
