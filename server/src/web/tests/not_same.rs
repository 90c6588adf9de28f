//! "Not the same question": the form posted by a precedent's button keeps
//! what the person entered as the draft, says so to the ledger, and the
//! page shows the item without that precedent, now and on the next page.

use super::precedents::{asked_again, form};
use super::*;
use crate::store::Event;

#[tokio::test]
async fn a_precedent_said_not_the_same_is_never_offered_for_that_question_again() {
    let (f, earlier) = asked_again();
    let request = as_the_page(form(&f, "item-2=1&not_same=1"));
    let (status, headers, body) = send_raw(&f.state, request).await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{body}");
    assert_eq!(headers[header::LOCATION], "/#item-1");
    // Nothing was submitted: the session is still open, its draft kept.
    assert!(
        f.store
            .records()
            .load(&f.pending.meta.session_id)
            .unwrap()
            .is_none()
    );
    let (status, html) = send(&f.state, Request::get("/").body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(html.matches(r#"class="precedent""#).count(), 1, "{html}");
    assert_eq!(
        html.matches(r#"name="not_same" value="2""#).count(),
        1,
        "{html}"
    );
    assert!(!html.contains(r#"name="not_same" value="1""#), "{html}");
    assert_eq!(html.matches(" checked").count(), 1, "the draft: {html}");

    let said: Vec<Event> = ledger_events(&f)
        .into_iter()
        .filter(|e| matches!(e, Event::NotSame { .. }))
        .collect();
    let [
        Event::NotSame {
            session_id,
            item,
            precedent,
            precedent_item,
            question,
        },
    ] = said.as_slice()
    else {
        panic!("one not_same line: {said:?}");
    };
    assert_eq!(
        (session_id, *item, precedent, *precedent_item),
        (&f.pending.meta.session_id, 1, &earlier, 1)
    );
    assert!(!question.is_empty());

    // The next page of the same question (a new server) offers it no more;
    // the other item's precedent stays.
    let stamp = f.store.pending().stamp().unwrap();
    let next = AppState::new(f.store.clone(), f.pending.clone(), stamp, CHINESE, access());
    let (_, html) = send(&next, Request::get("/").body(Body::empty()).unwrap()).await;
    assert_eq!(html.matches(r#"class="precedent""#).count(), 1, "{html}");
    assert!(html.contains(r#"name="not_same" value="2""#), "{html}");

    // Answered as before, the item said not the same follows nothing.
    let (status, body) = send(&f.state, form(&f, "item-1=0&item-2=0")).await;
    assert!(status.is_success(), "{status}: {body}");
    let record = f
        .store
        .records()
        .load(&f.pending.meta.session_id)
        .unwrap()
        .unwrap();
    let followed: Vec<u32> = record.followed.iter().map(|f| f.id.get()).collect();
    assert_eq!(followed, [2]);
}

#[tokio::test]
async fn the_button_for_an_item_without_a_precedent_changes_nothing() {
    let (f, _) = asked_again();
    let (status, _) = send(&f.state, form(&f, "not_same=9")).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let (status, _) = send(&f.state, form(&f, "not_same=x")).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let said = ledger_events(&f)
        .iter()
        .filter(|e| matches!(e, Event::NotSame { .. }))
        .count();
    assert_eq!(said, 0);
    let (_, html) = send(&f.state, Request::get("/").body(Body::empty()).unwrap()).await;
    assert_eq!(html.matches(r#"class="precedent""#).count(), 2, "{html}");
}
