//! "Same as before" when the options were renamed since: the matcher
//! counts a relabelled or renamed option as offered again, so the page
//! offers the earlier answer's option of the new item, when exactly one
//! option offers it again (issue 56: the button was missing).

use super::precedents::{asked_again, asked_as, form};
use super::*;

/// The example's questions asked again, their options' values renamed:
/// item 1's reordered (the earlier `jwt` is now `token`, second); item 2's
/// `bcrypt` offered again by two options.
fn renamed(f: &Fixture) -> (Pending, AppState) {
    let asked = serde_json::json!({
    "task": "实现用户认证模块", "source": "chat", "items": [
        {"id": 1, "title": "认证方式选择", "options": [
            {"value": "cookie", "label": "Session 认证"},
            {"value": "token", "label": "JWT Token 认证"}]},
        {"id": 2, "title": "密码加密算法", "options": [
            {"value": "bcrypt-10", "label": "bcrypt"},
            {"value": "bcrypt-12", "label": "bcrypt"}]}
    ]});
    asked_as(f, &asked)
}

/// Whether the option `choice` of item `item` is checked in `html`.
fn checked(html: &str, item: u32, choice: &str) -> bool {
    let id = format!("id=\"o{item}-{choice}\"");
    html.split("<input")
        .find(|tag| tag.contains(&id))
        .and_then(|tag| tag.split('>').next())
        .is_some_and(|tag| tag.contains("checked"))
}

#[tokio::test]
async fn a_renamed_option_is_followed_when_exactly_one_offers_it_again() {
    let (f, _) = asked_again();
    let (pending, state) = renamed(&f);
    let (status, html) = send(&state, Request::get("/").body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    // Both are shown as decided; only item 1's answer maps to one option.
    assert_eq!(html.matches(r#"class="precedent""#).count(), 2, "{html}");
    assert_eq!(html.matches(r#"name="follow""#).count(), 1, "{html}");
    assert!(html.contains(r#"data-follow="1""#), "{html}");
    assert!(html.contains(r#"name="follow" value="1""#), "{html}");

    // Posted as the page without JavaScript (and the App view) posts it:
    // kept as the draft with item 1 on `token`.
    let f = Fixture {
        pending,
        state,
        ..f
    };
    let (status, body) = send(&f.state, form(&f, "item-2=0&follow=1")).await;
    assert!(status.is_redirection(), "{status}: {body}");
    let (_, html) = send(&f.state, Request::get("/").body(Body::empty()).unwrap()).await;
    assert!(checked(&html, 1, "1"), "{html}");
    assert!(!checked(&html, 1, "0"), "{html}");
    assert!(checked(&html, 2, "0"), "{html}");
}
