//! An item asked before shows what the person decided then, with a link to
//! that record and a button that answers the same way; answers that take
//! it are recorded as following it.

use super::*;

/// The example session answered (jwt; bcrypt with a note), then the same
/// questions asked again: the fixture serves the second session.
pub(super) fn asked_again() -> (Fixture, app::SessionId) {
    let f = fixture();
    let output =
        app::validate_output(&f.pending.input, &serde_json::from_str(ANSWERS).unwrap()).unwrap();
    let lock = f.store.lock().unwrap();
    f.store
        .records()
        .save(
            &lock,
            &f.pending,
            (output, app::Via::Page),
            chrono::Local::now(),
        )
        .unwrap();
    drop(lock);
    let earlier = f.pending.meta.session_id.clone();
    // As the page does once it recorded the answers.
    f.store
        .ledger()
        .log(&crate::store::Event::Decided {
            session_id: earlier.clone(),
        })
        .unwrap();
    let pending = replace_session(&f);
    let stamp = f.store.pending().stamp().unwrap();
    let state = AppState::new(f.store.clone(), pending.clone(), stamp, CHINESE, access());
    let f = Fixture {
        pending,
        state,
        ..f
    };
    (f, earlier)
}

/// `input` submitted in place of the fixture's session: it, and its state.
pub(super) fn asked_as(f: &Fixture, input: &serde_json::Value) -> (Pending, AppState) {
    let input = app::validate_input(input).unwrap();
    let (pending, stamp) = f.store.pending().submit_now(input);
    let state = AppState::new(f.store.clone(), pending.clone(), stamp, CHINESE, access());
    (pending, state)
}

pub(super) fn form(f: &Fixture, fields: &str) -> Request<Body> {
    Request::post(app::page::Route::Form.path())
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(Body::from(format!(
            "session={}&{fields}",
            f.pending.meta.session_id
        )))
        .unwrap()
}

#[tokio::test]
async fn an_item_asked_before_shows_that_decision_its_note_and_its_record() {
    let (f, earlier) = asked_again();
    let (status, html) = send(&f.state, Request::get("/").body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(html.matches(r#"class="precedent""#).count(), 2, "{html}");
    assert!(html.contains("已于 "), "{html}");
    assert!(html.contains("<strong>JWT Token 认证</strong>"), "{html}");
    assert!(html.contains("团队更熟悉 bcrypt"), "{html}");
    assert!(html.contains(r#"data-follow="0""#), "{html}");
    // The precedents' sheet comes with them, and only with them.
    assert!(html.contains(".not-same:hover"), "{html}");
    // Nothing is chosen for the person.
    assert!(!html.contains(" checked"), "{html}");
    let link = format!("/record/{earlier}#item-1");
    assert!(html.contains(&link), "{html}");

    let (status, record) = send(
        &f.state,
        Request::get(format!("/record/{earlier}"))
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(record.contains(r#"data-outcome="decided""#), "{record}");
    assert!(record.contains("JWT Token 认证"), "{record}");
    for missing in [
        "/record/2020-01-01T00-00-00",
        "/record/..%2Fpending",
        "/record/x",
    ] {
        let (status, page) =
            send(&f.state, Request::get(missing).body(Body::empty()).unwrap()).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{missing}");
        assert!(page.contains("这个项目中没有这条记录"), "{page}");
    }
}

#[tokio::test]
async fn answers_given_the_same_way_on_the_page_are_recorded_as_following_it() {
    let (f, earlier) = asked_again();
    // Item 1 as before (jwt); item 2 otherwise (argon2).
    let (status, body) = send(&f.state, form(&f, "item-1=0&item-2=1")).await;
    assert!(
        status.is_success() || status.is_redirection(),
        "{status}: {body}"
    );
    let record = f
        .store
        .records()
        .load(&f.pending.meta.session_id)
        .unwrap()
        .unwrap();
    assert_eq!(record.followed.len(), 1, "{:?}", record.followed);
    assert_eq!(record.followed[0].id.get(), 1);
    assert_eq!(record.followed[0].item.get(), 1);
    assert_eq!(record.followed[0].session_id, earlier);
    let file = std::fs::read_to_string(f._dir.path().join(format!(
        ".aide/decisions/{}.json",
        f.pending.meta.session_id
    )))
    .unwrap();
    let value: serde_json::Value = serde_json::from_str(&file).unwrap();
    assert_eq!(
        value["followed"],
        serde_json::json!([{ "id": 1, "session_id": earlier.to_string(), "item": 1 }])
    );
}

#[tokio::test]
async fn answers_a_program_sends_follow_nothing_it_was_not_shown() {
    let (f, _) = asked_again();
    let (status, body) = send(&f.state, post_json(&f, ANSWERS)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let record = f
        .store
        .records()
        .load(&f.pending.meta.session_id)
        .unwrap()
        .unwrap();
    assert!(record.followed.is_empty(), "{:?}", record.followed);
}

#[tokio::test]
async fn a_project_without_records_shows_no_precedent() {
    let f = fixture();
    let (_, html) = send(&f.state, Request::get("/").body(Body::empty()).unwrap()).await;
    assert!(!html.contains(r#"class="precedent""#), "{html}");
    assert!(!html.contains(".not-same:hover"), "{html}");
}

/// A record that came with the repository (forced into git, then cloned:
/// git writes it readable by others, and no ledger line of this person's
/// says it was decided here) is never a precedent.
#[cfg(unix)]
#[tokio::test]
async fn a_record_from_the_repository_is_no_precedent() {
    use std::os::unix::fs::PermissionsExt;
    let (f, earlier) = asked_again();
    let decisions = f.store.project_root().join(".aide/decisions");
    let record = decisions.join(format!("{earlier}.json"));
    let shown = |f: &Fixture| {
        let state = f.state.clone();
        async move {
            let (_, html) = send(&state, Request::get("/").body(Body::empty()).unwrap()).await;
            html.matches(r#"class="precedent""#).count()
        }
    };
    assert_eq!(shown(&f).await, 2, "the person's own record");
    // Checked out by git: readable by others.
    std::fs::set_permissions(&record, std::fs::Permissions::from_mode(0o644)).unwrap();
    let state = AppState::new(
        f.store.clone(),
        f.pending.clone(),
        f.store.pending().stamp().unwrap(),
        CHINESE,
        access(),
    );
    let checked_out = Fixture { state, ..f };
    assert_eq!(shown(&checked_out).await, 0, "a record git wrote");
    // Owner-only again, but the ledger that says so came with it too.
    std::fs::set_permissions(&record, std::fs::Permissions::from_mode(0o600)).unwrap();
    let ledger = decisions.join("ledger.jsonl");
    std::fs::set_permissions(&ledger, std::fs::Permissions::from_mode(0o644)).unwrap();
    let state = AppState::new(
        checked_out.store.clone(),
        checked_out.pending.clone(),
        checked_out.store.pending().stamp().unwrap(),
        CHINESE,
        access(),
    );
    let planted_ledger = Fixture {
        state,
        ..checked_out
    };
    assert_eq!(shown(&planted_ledger).await, 0, "a ledger git wrote");
}

/// The same question in other words is shown as decided; a near miss (the
/// same frame about another thing: an API token's hash, not a password's)
/// only collapsed, as related (issue 56: the page showed an unrelated
/// earlier answer as the one decided, and missed reworded ones).
#[tokio::test]
async fn a_reworded_question_shows_its_precedent_and_a_near_miss_only_as_related() {
    let (f, earlier) = asked_again();
    let reworded = serde_json::json!({
    "task": "实现用户认证模块", "source": "chat", "items": [
        {"id": 1, "title": "用户认证方式选择", "options": [
            {"value": "jwt", "label": "JWT"}, {"value": "session", "label": "Session"}]},
        {"id": 2, "title": "API 令牌加密算法", "options": [
            {"value": "bcrypt", "label": "bcrypt"}, {"value": "argon2", "label": "Argon2"}]}
    ]});
    let (_, state) = asked_as(&f, &reworded);
    let (status, html) = send(&state, Request::get("/").body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        html.matches(r#"class="precedent related""#).count(),
        1,
        "{html}"
    );
    // The near miss collapsed under its summary; the reworded one open.
    assert_eq!(
        html.matches("<details><summary>相关:一个相似的问题,已于 ")
            .count(),
        1,
        "{html}"
    );
    assert_eq!(html.matches(r#"class="precedent""#).count(), 1, "{html}");
    assert!(html.contains("<strong>JWT Token 认证</strong>"), "{html}");
    assert!(
        html.contains(&format!("/record/{earlier}#item-1")),
        "{html}"
    );
}
