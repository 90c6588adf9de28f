//! A long session: the page carries its first items in full and stubs for
//! the rest, which the island fetches from `GET /api/items`; without
//! JavaScript the browser is sent to the page with every item.

use super::*;
use app::page::{FIRST_ITEMS, ITEMS_PER_REQUEST, Route};

/// A session of `n` items, each with two options; item 3 recommends `b`.
fn long_fixture(n: u32) -> Fixture {
    let items: Vec<_> = (1..=n)
        .map(|id| {
            let mut item = serde_json::json!({
                "id": id,
                "title": format!("Question number {id}"),
                "options": [
                    {"value": "a", "label": format!("First answer {id}")},
                    {"value": "b", "label": format!("Second answer {id}")}
                ]
            });
            if id == FIRST_ITEMS as u32 + 3 {
                item["recommend"] = "b".into();
            }
            item
        })
        .collect();
    fixture_with(serde_json::json!({"task": "Long", "source": "t.md", "items": items}))
}

/// The start of a long page, for a failure's message.
fn head(html: &str) -> &str {
    html.get(..600).unwrap_or(html)
}

fn get(uri: &str) -> Request<Body> {
    Request::get(uri).body(Body::empty()).unwrap()
}

fn items_request(f: &Fixture, from: usize) -> Request<Body> {
    Request::get(format!("{}?from={from}", Route::Items.path()))
        .header(
            app::page::SESSION_HEADER,
            &f.pending.meta.session_id.to_string(),
        )
        .body(Body::empty())
        .unwrap()
}

/// How many item fieldsets carry their options, and how many are stubs.
fn count_items(html: &str) -> (usize, usize) {
    let stubs = html.matches(r#"class="item far stub""#).count();
    let full = html.matches("<fieldset").count() - stubs;
    (full, stubs)
}

#[tokio::test]
async fn a_long_session_page_carries_its_first_items_and_stubs_for_the_rest() {
    let total = FIRST_ITEMS + 5;
    let f = long_fixture(total as u32);
    let (status, html) = send(&f.state, get("/")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(count_items(&html), (FIRST_ITEMS, 5));
    // Every item's heading is on the page, and its summary row.
    for id in 1..=total {
        assert!(
            html.contains(&format!("Question number {id}<")),
            "item {id}"
        );
        assert!(html.contains(&format!(r#"id="sum-{id}""#)), "row {id}");
    }
    // Options only of the first items.
    assert!(html.contains(&format!("First answer {FIRST_ITEMS}<")));
    assert!(!html.contains(&format!("First answer {}<", FIRST_ITEMS + 1)));
    // The stub says what the island counts before the item arrives.
    let stub = format!(
        r#"id="item-{}" data-n="{}" data-recommend="1""#,
        FIRST_ITEMS + 3,
        FIRST_ITEMS + 2
    );
    assert!(html.contains(&stub), "no {stub}");
    // The line about the rest, with the way to have them all at once, and
    // the way there for a browser without JavaScript.
    assert!(html.contains(r#"id="more-items""#));
    assert!(html.contains(r#"href="?items=all""#));
    let refresh = r#"<noscript><meta http-equiv="refresh" content="0; url=?items=all">"#;
    assert!(html.contains(refresh), "{}", head(&html));
}

#[tokio::test]
async fn the_page_with_every_item_and_a_short_session_have_no_stubs() {
    let total = FIRST_ITEMS + 5;
    let f = long_fixture(total as u32);
    let (status, html) = send(&f.state, get("/?items=all")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(count_items(&html), (total, 0));
    assert!(!html.contains(r#"id="more-items""#) && !html.contains("<noscript>"));
    // An unknown query is no reason to refuse the page.
    let (status, html) = send(&f.state, get("/?items=some&x=%zz")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(count_items(&html), (FIRST_ITEMS, 5));

    let f = long_fixture(FIRST_ITEMS as u32);
    let (_, html) = send(&f.state, get("/")).await;
    assert_eq!(count_items(&html), (FIRST_ITEMS, 0));
    assert!(!html.contains("<noscript>"));
}

#[tokio::test]
async fn the_items_left_out_come_in_batches_with_the_draft_filled_in() {
    let total = FIRST_ITEMS + ITEMS_PER_REQUEST + 7;
    let f = long_fixture(total as u32);
    // A draft answers an item the page leaves out.
    let late = FIRST_ITEMS + 2;
    let draft = format!(r#"{{"decisions":[{{"id":{late},"chosen":"b","note":"later"}}]}}"#);
    let (status, reply) = send(&f.state, put_draft(&f, &draft)).await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let (_, page) = send(&f.state, get("/")).await;
    let stub = format!(
        r#"id="item-{late}" data-n="{}" data-answered="true""#,
        late - 1
    );
    assert!(page.contains(&stub), "no {stub}");

    let (status, batch) = send(&f.state, items_request(&f, FIRST_ITEMS)).await;
    assert_eq!(status, StatusCode::OK, "{batch}");
    assert_eq!(count_items(&batch), (ITEMS_PER_REQUEST, 0));
    let first = format!(
        r#"<fieldset id="item-{}" data-n="{FIRST_ITEMS}""#,
        FIRST_ITEMS + 1
    );
    assert!(batch.starts_with(&first), "{}", head(&batch));
    // The draft's answer is checked, its note filled in.
    let checked =
        format!(r#"name="item-{late}" value="1" required aria-describedby="o{late}-1-d" checked"#);
    assert!(batch.contains(&checked), "{}", head(&batch));
    assert!(batch.contains(">later</textarea>"));

    let (status, last) = send(&f.state, items_request(&f, FIRST_ITEMS + ITEMS_PER_REQUEST)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(count_items(&last), (7, 0));
    let (status, none) = send(&f.state, items_request(&f, total)).await;
    assert_eq!((status, none.as_str()), (StatusCode::OK, ""));
}

#[tokio::test]
async fn items_are_sent_only_to_a_page_of_the_served_session() {
    let f = long_fixture(FIRST_ITEMS as u32 + 5);
    let path = format!("{}?from={FIRST_ITEMS}", Route::Items.path());
    // No session named: refused, naming the header.
    let (status, reply) = send(&f.state, get(&path)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(reply.contains(app::page::SESSION_HEADER), "{reply}");
    // Another session: 409, with the reason as JSON.
    let other = Request::get(&path)
        .header(app::page::SESSION_HEADER, "2020-01-01T00-00-00")
        .body(Body::empty())
        .unwrap();
    let (status, reply) = send(&f.state, other).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(reply.starts_with(r#"{"error":"#), "{reply}");
    // No key: refused like every session route.
    let (status, _) = send(
        &f.state,
        Request::get(&path)
            .header(header::COOKIE, "x=y")
            .header(
                app::page::SESSION_HEADER,
                &f.pending.meta.session_id.to_string(),
            )
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    // Once the answers are recorded there is nothing left to fetch.
    let answers: Vec<_> = (1..=FIRST_ITEMS + 5)
        .map(|id| serde_json::json!({"id": id, "chosen": "a"}))
        .collect();
    let body = serde_json::json!({ "decisions": answers }).to_string();
    let (status, reply) = send(&f.state, post_json(&f, &body)).await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let (status, _) = send(&f.state, items_request(&f, FIRST_ITEMS)).await;
    assert_eq!(status, StatusCode::CONFLICT);
}
