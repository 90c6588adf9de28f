//! A session a standing ruling answered in part (issue 56): the page asks
//! the open items and lists the ruled one with the ruling and its answer;
//! "Overturn" (a plain form button) keeps the form as the draft and opens
//! the item, and the ledger says so; the person's submit records the
//! ruled answer as the ruling's, the rest as the person's, and an
//! overturned item as the person's over the ruling.

use super::precedents::form;
use super::*;
use app::{Decision, ItemId, RuledBy};

/// The auth example with item 2 answered by a ruling ("bcrypt"), as the
/// submit stores it, and a server started on it.
fn ruled_fixture() -> Fixture {
    let f = fixture();
    let item = f.pending.input.item(ItemId::new(2).unwrap()).unwrap();
    let by = RuledBy {
        ruling: "2026-01-01T00-00-00.2".into(),
        record: "2026-01-01T00-00-00".parse().unwrap(),
        item: ItemId::new(2).unwrap(),
    };
    let ruled = Decision::ruled(item, "bcrypt", by).unwrap();
    let lock = f.store.lock().unwrap();
    f.store
        .pending()
        .save_ruled(&lock, &f.pending.meta.session_id, &[ruled])
        .unwrap();
    drop(lock);
    let stamp = f.store.pending().stamp().unwrap();
    let state = AppState::new(f.store.clone(), f.pending.clone(), stamp, CHINESE, access());
    Fixture { state, ..f }
}

async fn page(state: &AppState) -> String {
    let (status, html) = send(state, Request::get("/").body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    html
}

fn record_json(f: &Fixture) -> Option<String> {
    f.store
        .records()
        .load(&f.pending.meta.session_id)
        .unwrap()
        .map(|record| record.output.to_compact_json())
}

#[tokio::test]
async fn the_page_lists_the_ruled_item_and_the_submit_records_it_as_the_rulings() {
    let f = ruled_fixture();
    let html = page(&f.state).await;
    // Item 2 is listed, with its ruling, its answer and a way to overturn
    // it; it is not asked (no field of its own).
    assert!(html.contains(r#"data-ruled="2""#), "{html}");
    assert!(
        html.contains("由你的裁定 2026-01-01T00-00-00.2 回答:「bcrypt」"),
        "{html}"
    );
    assert!(
        html.contains(r##"href="/rulings#ruling-2026-01-01T00-00-00.2""##),
        "{html}"
    );
    assert!(html.contains(r#"name="overturn" value="2""#), "{html}");
    assert!(!html.contains(r#"name="item-2""#), "{html}");
    assert!(html.contains(r#"name="item-1""#), "{html}");
    // The count is of the items asked.
    assert!(html.contains("0/1 已选择"), "{html}");

    // Once answered, the island's screen leads to the session's rulings.
    let session = f.pending.meta.session_id.to_string();
    let rulings = format!("/rulings?session={session}");
    assert!(html.contains(&format!(r#"href="{rulings}""#)), "{html}");

    // The form answers item 1 only: recorded with item 2 the ruling's.
    let (status, body) = send(&f.state, form(&f, "item-1=1")).await;
    assert!(status.is_success(), "{status}: {body}");
    // The answered page offers a ruling from the person's answer, not
    // from the ruling's.
    assert!(
        body.contains(&format!(r#"href="{rulings}#grant-1""#)),
        "{body}"
    );
    assert!(!body.contains("#grant-2"), "{body}");
    assert!(body.contains("以后类似的问题都这样回答…"), "{body}");
    assert_eq!(
        record_json(&f).unwrap(),
        r#"{"decisions":[{"id":1,"chosen":"session","by":"person"},{"id":2,"chosen":"bcrypt","by":"ruling","ruled_by":{"ruling":"2026-01-01T00-00-00.2","record":"2026-01-01T00-00-00","item":2}}]}"#
    );
}

#[tokio::test]
async fn overturning_keeps_the_draft_opens_the_item_and_the_persons_answer_is_recorded() {
    let f = ruled_fixture();
    let (status, headers, body) = send_raw(
        &f.state,
        as_the_page(form(&f, "item-1=0&note-1=as+agreed&overturn=2")),
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{body}");
    assert_eq!(headers[header::LOCATION], "/#item-2");
    // What the person entered is kept; no record yet.
    let draft = f.store.records().load_draft(&f.pending).unwrap().unwrap();
    assert_eq!(draft.entries()[0].note(), Some("as agreed"));
    assert_eq!(record_json(&f), None);
    // The store and the ledger say it was overturned.
    let ruled = f.store.pending().load_ruled(&f.pending).unwrap();
    assert!(matches!(ruled[..], [ref d] if matches!(d.by(), app::By::Overturned(_))));
    let overturned = crate::store::Event::RulingOverturned {
        session_id: f.pending.meta.session_id.clone(),
        item: 2,
        ruling: "2026-01-01T00-00-00.2".into(),
    };
    assert!(ledger_events(&f).contains(&overturned));

    // The page asks item 2 now, and lists no ruled item; a new server of
    // the session too.
    let html = page(&f.state).await;
    assert!(html.contains(r#"name="item-2""#), "{html}");
    assert!(!html.contains("data-ruled"), "{html}");
    let stamp = f.store.pending().stamp().unwrap();
    let next = AppState::new(f.store.clone(), f.pending.clone(), stamp, CHINESE, access());
    assert!(!page(&next).await.contains("data-ruled"));

    // Overturned twice: nothing more happens.
    let (status, _) = send(&f.state, form(&f, "overturn=2")).await;
    assert_eq!(status, StatusCode::SEE_OTHER);

    // The person's answer to item 2 is recorded as theirs.
    let (status, body) = send(&f.state, form(&f, "item-1=0&item-2=1")).await;
    assert!(status.is_success(), "{status}: {body}");
    assert_eq!(
        record_json(&f).unwrap(),
        r#"{"decisions":[{"id":1,"chosen":"jwt","by":"person"},{"id":2,"chosen":"argon2","by":"person","overturned":{"ruling":"2026-01-01T00-00-00.2","record":"2026-01-01T00-00-00","item":2}}]}"#
    );
}
