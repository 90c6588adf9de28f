//! "Decide later" (issue 58): the form posted by an item's button keeps
//! what the person entered as the draft with the item marked; the mark
//! outlives the page and its server, an answer or "Decide now" takes it
//! back, and submitting ignores it.

use super::precedents::form;
use super::*;
use app::DraftEntry;

/// The draft's entries: (item, later) for each, in the items' order.
fn marks(f: &Fixture) -> Vec<(u32, bool)> {
    let draft = f.store.records().load_draft(&f.pending).unwrap().unwrap();
    draft
        .entries()
        .iter()
        .map(|e| (e.id().get(), matches!(e, DraftEntry::Later { .. })))
        .collect()
}

async fn page(state: &AppState) -> String {
    let (status, html) = send(state, Request::get("/").body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    html
}

#[tokio::test]
async fn decide_later_is_kept_in_the_draft_across_servers_until_answered_or_taken_back() {
    let f = fixture();
    // Every item offers it, before anything is said.
    let html = page(&f.state).await;
    assert!(html.contains(r#"name="later" value="1""#), "{html}");
    assert!(html.contains(r#"name="later" value="2""#), "{html}");
    assert!(!html.contains(r#"name="now""#), "{html}");
    assert!(!html.contains(".deciding-later{"), "{html}");

    // Item 1 later, with a note; its choice is cleared, item 2's kept.
    let request = as_the_page(form(&f, "item-1=0&note-1=ask+Ana&item-2=1&later=1"));
    let (status, headers, body) = send_raw(&f.state, request).await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{body}");
    assert_eq!(headers[header::LOCATION], "/#item-1");
    assert_eq!(marks(&f), [(1, true), (2, false)]);
    let draft = f.store.records().load_draft(&f.pending).unwrap().unwrap();
    assert_eq!(draft.entries()[0].note(), Some("ask Ana"));
    assert!(
        f.store
            .records()
            .load(&f.pending.meta.session_id)
            .unwrap()
            .is_none()
    );

    // A new server of the same session shows the mark and "Decide now".
    let stamp = f.store.pending().stamp().unwrap();
    let next = AppState::new(f.store.clone(), f.pending.clone(), stamp, CHINESE, access());
    let html = page(&next).await;
    assert!(
        html.contains(r#"type="hidden" name="later-1" value="1""#),
        "{html}"
    );
    assert!(html.contains(r#"name="now" value="1""#), "{html}");
    assert!(html.contains(r#"name="later" value="2""#), "{html}");
    assert!(html.contains("稍后决定"), "{html}");
    // The note's sheet comes with it.
    assert!(html.contains(".deciding-later {"), "{html}");

    // The page's own drafts keep the mark (the hidden field); an answer
    // takes it back.
    let (status, _) = send(&f.state, form(&f, "later-1=1&later=2")).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(marks(&f), [(1, true), (2, true)]);
    let (status, _) = send(&f.state, form(&f, "later-1=1&later-2=1&item-2=0&now=1")).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(
        marks(&f),
        [(2, false)],
        "item 1 taken back, item 2 answered"
    );

    // The draft still says both were said later: the agent may have gone
    // on with them.
    let draft = f.store.records().load_draft(&f.pending).unwrap().unwrap();
    assert_eq!(ids(draft.said_later()), [1, 2]);

    // Submitting with a mark left on an answered item records the answers,
    // through a server started since: it reads what was said from the draft.
    let stamp = f.store.pending().stamp().unwrap();
    let last = AppState::new(f.store.clone(), f.pending.clone(), stamp, CHINESE, access());
    let (status, body) = send(&last, form(&f, "later-1=1&item-1=1&item-2=0")).await;
    assert!(status.is_success(), "{status}: {body}");
    let record = f
        .store
        .records()
        .load(&f.pending.meta.session_id)
        .unwrap()
        .unwrap();
    assert_eq!(
        record.output.to_compact_json(),
        r#"{"decisions":[{"id":1,"chosen":"session"},{"id":2,"chosen":"bcrypt"}]}"#
    );
    assert_eq!(ids(&record.said_later), [1, 2]);
}

fn ids(list: &[app::ItemId]) -> Vec<u32> {
    list.iter().map(|id| id.get()).collect()
}

#[tokio::test]
async fn a_submit_that_leaves_an_item_for_later_is_refused_naming_it() {
    let f = fixture();
    let (status, body) = send(&f.state, form(&f, "later-1=1&item-2=0")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(
        f.store
            .records()
            .load(&f.pending.meta.session_id)
            .unwrap()
            .is_none()
    );
}
