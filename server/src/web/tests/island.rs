//! The island sends the page's own form fields, URL-encoded: the same
//! reader as the plain form POST turns them into answers and drafts.

use super::*;
use app::page::Route;
use app::page::protocol::{FORM_MEDIA_TYPE, Relay};

fn form(route: Route, method: &str, body: String) -> Request<Body> {
    Request::builder()
        .method(method)
        .uri(route.path())
        .header(header::CONTENT_TYPE, FORM_MEDIA_TYPE)
        .body(Body::from(body))
        .unwrap()
}

#[tokio::test]
async fn the_form_saves_a_draft_and_the_page_starts_from_it() {
    let f = fixture();
    let session = &f.pending.meta.session_id;
    let body = format!("session={session}&item-1=1&note-1=&note-2=%E5%86%8D%E6%83%B3%E6%83%B3");
    let (status, reply) = send(&f.state, form(Route::Draft, "PUT", body)).await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let draft = f.store.records().load_draft(&f.pending).unwrap().unwrap();
    let saved: Vec<_> = draft
        .entries()
        .iter()
        .map(|e| (e.id().get(), e.answer().cloned(), e.note()))
        .collect();
    assert_eq!(
        saved,
        [
            (1, Some(app::Answer::Chosen("session".to_owned())), None),
            (2, None, Some("再想想"))
        ]
    );
    // The server renders the form from the draft: the choice is checked.
    let (_, html) = send(&f.state, Request::get("/").body(Body::empty()).unwrap()).await;
    assert!(
        html.contains(
            r#"id="o1-1" name="item-1" value="1" required aria-describedby="o1-1-d" checked"#
        ),
        "{html}"
    );
    assert!(html.contains("1/2 已选择"), "{html}");
}

#[tokio::test]
async fn the_form_submits_the_answers() {
    let f = fixture();
    let session = &f.pending.meta.session_id;
    let body = format!("session={session}&item-1=0&item-2=1&note-2=%E6%9B%B4%E5%AE%89%E5%85%A8");
    let (status, reply) = send(&f.state, form(Route::Decisions, "POST", body)).await;
    assert_eq!((status, reply.as_str()), (StatusCode::OK, r#"{"ok":true}"#));
    assert_eq!(
        f.store.records().result().unwrap().to_compact_json(),
        r#"{"decisions":[{"id":1,"chosen":"jwt"},{"id":2,"chosen":"argon2","note":"更安全"}]}"#
    );
}

#[tokio::test]
async fn a_form_refused_says_why_in_json_naming_the_item() {
    let f = fixture();
    let session = &f.pending.meta.session_id;
    // Item 2 open, and item 1 names an option it does not have.
    let body = format!("session={session}&item-1=7");
    let (status, reply) = send(&f.state, form(Route::Decisions, "POST", body)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let refusal: app::page::protocol::Refusal = serde_json::from_str(&reply).unwrap();
    // Named for the person: the item's number and title, never a path of
    // a document they did not write.
    assert!(refusal.error.contains("第 1 项「认证方式选择」"), "{reply}");
    assert!(
        refusal.error.contains("第 2 项「密码加密算法」还没有回答"),
        "{reply}"
    );
    assert!(!refusal.error.contains("decisions"), "{reply}");
    // Another session's form never answers this one.
    let (status, _) = send(
        &f.state,
        form(
            Route::Decisions,
            "POST",
            "session=2020-01-01T00-00-00&item-1=0&item-2=0".into(),
        ),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (status, _) = send(&f.state, form(Route::Draft, "PUT", "item-1=0".into())).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(matches!(
        f.store.records().result(),
        Err(crate::store::StoreError::NoResult)
    ));
}

/// The record says where the answers were given: the page's fields, a
/// program's JSON, or what `aide mcp` says it passes on (the App view, the
/// client's own form); a header naming anything else is not believed.
#[tokio::test]
async fn the_record_says_where_the_answers_were_given() {
    let via = |f: &Fixture| -> serde_json::Value {
        let session = &f.pending.meta.session_id;
        let path = f
            ._dir
            .path()
            .join(format!(".aide/decisions/{session}.json"));
        let record: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        record["via"].clone()
    };
    let fields = |f: &Fixture| format!("session={}&item-1=0&item-2=0", f.pending.meta.session_id);
    let f = fixture();
    let (status, reply) = send(&f.state, form(Route::Decisions, "POST", fields(&f))).await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    assert_eq!(via(&f), "page");

    let f = fixture();
    let (status, reply) = send(&f.state, post_json(&f, ANSWERS)).await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    assert_eq!(via(&f), "api");

    // Nothing a client with the page's key sends makes the record say
    // otherwise: the route decides (the header older aides believed is
    // ignored).
    for said in ["view", "elicitation", "api", "x"] {
        let f = fixture();
        let mut request = form(Route::Decisions, "POST", fields(&f));
        request
            .headers_mut()
            .insert("x-aide-via", said.parse().unwrap());
        let (status, reply) = send(&f.state, request).await;
        assert_eq!(status, StatusCode::OK, "{reply}");
        assert_eq!(via(&f), "page", "said {said}");
        let f = fixture();
        let mut request = post_json(&f, ANSWERS);
        request
            .headers_mut()
            .insert("x-aide-via", said.parse().unwrap());
        let (status, reply) = send(&f.state, request).await;
        assert_eq!(status, StatusCode::OK, "{reply}");
        assert_eq!(via(&f), "api", "said {said}");
    }

    // The relay routes record where `aide mcp` got the answers, and only
    // with the secret of its notice.
    for (relay, recorded) in [(Relay::View, "view"), (Relay::Elicitation, "elicitation")] {
        let f = fixture();
        let secret = f.state.access().relay().to_owned();
        for wrong in [KEY, "", "0"] {
            let mut request = form(Route::Relayed(relay), "POST", fields(&f));
            request
                .headers_mut()
                .insert(crate::web::RELAY_HEADER, wrong.parse().unwrap());
            request
                .headers_mut()
                .insert(crate::web::KEY_HEADER, KEY.parse().unwrap());
            let (status, reply) = send(&f.state, request).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{wrong}: {reply}");
        }
        let request = form(Route::Relayed(relay), "POST", fields(&f));
        let (status, _) = send(&f.state, request).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "the page's cookie alone");
        assert!(matches!(
            f.store.records().result(),
            Err(crate::store::StoreError::NoResult)
        ));
        let mut request = form(Route::Relayed(relay), "POST", fields(&f));
        request
            .headers_mut()
            .insert(crate::web::RELAY_HEADER, secret.parse().unwrap());
        let (status, reply) = send(&f.state, request).await;
        assert_eq!(status, StatusCode::OK, "{reply}");
        assert_eq!(via(&f), recorded);
    }
}
