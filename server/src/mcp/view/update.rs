//! What the view changes after each of its calls, decided here: aide's
//! answer says where the HTML it carries goes, what else changes, what
//! takes the focus, and which call follows; the view's script only does
//! it (`view.js`, `apply`). So each behaviour of the form has one code
//! path, on aide's side: the page server renders the markup (`app::page`)
//! and acts on a posted button as for the page without JavaScript
//! (`web/posted.rs`); this module says where its result goes.

use crate::mcp::tool_name::{ToolName, ViewCall};
use app::ItemId;
use app::i18n::ViewText;
use app::page::ViewPart;
use app::page::protocol::{FIRST_ITEMS, ITEMS_PER_REQUEST};
use rmcp::model::CallToolResult;
use serde::Serialize;
use serde_json::{Value, json};

/// The view's own parts around the markup aide renders (`view.html`).
const ROOT: &str = "#aide-root";
const PAGE_LINK: &str = "#aide-link";

/// What the view changes after a call.
#[derive(Debug, Default, Serialize)]
pub struct ViewUpdate {
    #[serde(skip_serializing_if = "Vec::is_empty")]
    swaps: Vec<Swap>,
    /// The element that takes the focus after the swaps.
    #[serde(skip_serializing_if = "Option::is_none")]
    focus: Option<String>,
    /// The call the view makes next, at once.
    #[serde(skip_serializing_if = "Option::is_none")]
    next: Option<NextCall>,
    /// The answers are recorded by this call: the view tells the
    /// conversation.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    tell: bool,
}

/// One change: `how` at the element `at` finds, with the content of the
/// template `from` finds in place of the answer's `html`.
#[derive(Debug, Serialize)]
struct Swap {
    at: String,
    how: How,
    #[serde(skip_serializing_if = "Option::is_none")]
    from: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
enum How {
    /// The answer's `html` becomes the element's content (with `from`,
    /// the template's; the view's status line when that is gone).
    Inner,
    /// The answer's `html` goes before the element.
    Before,
    /// The answer's `html` takes the element's place.
    Replace,
    /// The answer's message becomes the element's text.
    Text,
    /// The view shows the answer's message as its status line.
    Status,
    /// The element goes.
    Remove,
    /// Every element found is neither disabled nor busy any more.
    Enable,
}

/// A call the view makes next, and where it says so if that call does
/// not reach aide (the text by its key in the view's table).
#[derive(Debug, Serialize)]
struct NextCall {
    tool: &'static str,
    args: Value,
    failed: Failed,
}

#[derive(Debug, Serialize)]
struct Failed {
    at: String,
    text: &'static str,
}

fn swap(at: impl Into<String>, how: How) -> Swap {
    Swap {
        at: at.into(),
        how,
        from: None,
    }
}

impl ViewUpdate {
    /// The form with its first items, in place of whatever the view
    /// showed; then the items still to come.
    pub fn form(total: usize) -> ViewUpdate {
        let mut update = ViewUpdate {
            swaps: vec![swap(ROOT, How::Inner)],
            ..ViewUpdate::default()
        };
        update.then_from(FIRST_ITEMS, total);
        update
    }

    /// The batch of items from `from`, before the line that says more are
    /// coming; then the next one.
    pub fn batch(from: usize, total: usize) -> ViewUpdate {
        let mut update = ViewUpdate {
            swaps: vec![swap(ViewPart::More.at(), How::Before)],
            ..ViewUpdate::default()
        };
        update.then_from(from.saturating_add(ITEMS_PER_REQUEST), total);
        update
    }

    /// The batch from `next` if the session has more items; else, every
    /// item in, what waited for them starts: the drafts, the submit
    /// button, the precedents' buttons.
    fn then_from(&mut self, next: usize, total: usize) {
        if next < total {
            self.next = Some(NextCall {
                tool: ToolName::View(ViewCall::Items).name(),
                args: json!({ "from": next }),
                failed: Failed {
                    at: ViewPart::More.at(),
                    text: ViewText::ItemsFailed.key(),
                },
            });
        } else {
            self.swaps.push(swap(ViewPart::More.at(), How::Remove));
            self.swaps.push(swap(ViewPart::Waiting.at(), How::Enable));
        }
    }

    /// Item `id` as a button pressed in it left it (its buttons live, as
    /// the form is whole), the focus on what is chosen in it.
    pub fn item(id: ItemId) -> ViewUpdate {
        ViewUpdate {
            swaps: vec![
                swap(ViewPart::Item(id).at(), How::Replace),
                swap(ViewPart::Waiting.at(), How::Enable),
            ],
            focus: Some(ViewPart::Chosen(id).at()),
            ..ViewUpdate::default()
        }
    }

    /// After `call` when aide rendered nothing for it: the answers are
    /// recorded (`decided`: by this view or anywhere else), or the call
    /// was refused or found the session not waiting.
    pub fn settled(call: ViewCall, decided: bool) -> ViewUpdate {
        let only = |swap: Swap| ViewUpdate {
            swaps: vec![swap],
            ..ViewUpdate::default()
        };
        match (call, decided) {
            (_, true) => ViewUpdate {
                swaps: vec![
                    Swap {
                        at: ROOT.to_owned(),
                        how: How::Inner,
                        from: Some(ViewPart::DoneTemplate.at()),
                    },
                    swap(PAGE_LINK, How::Remove),
                ],
                focus: Some(ViewPart::Done.at()),
                next: None,
                tell: call == ViewCall::Answer,
            },
            (ViewCall::Open, false) => only(swap(ROOT, How::Status)),
            (ViewCall::Answer, false) => only(swap(ViewPart::Error.at(), How::Text)),
            (ViewCall::Items, false) => only(swap(ViewPart::More.at(), How::Text)),
            // A draft that was not kept is kept with the next change.
            (ViewCall::Draft, false) => ViewUpdate::default(),
        }
    }

    /// Adds itself to `result`'s structured content.
    pub fn add_to(&self, result: &mut CallToolResult) {
        let Ok(Value::Object(fields)) = serde_json::to_value(self) else {
            return;
        };
        match &mut result.structured_content {
            Some(Value::Object(content)) => content.extend(fields),
            _ => result.structured_content = Some(Value::Object(fields)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_form_is_whole_at_once_a_long_one_asks_for_its_batches_in_turn() {
        let short = serde_json::to_value(ViewUpdate::form(FIRST_ITEMS)).unwrap();
        assert!(short["next"].is_null(), "{short}");
        assert_eq!(short["swaps"][2]["how"], "enable", "{short}");
        let long = serde_json::to_value(ViewUpdate::form(FIRST_ITEMS + 1)).unwrap();
        assert_eq!(long["next"]["tool"], "decide_view_items");
        assert_eq!(long["next"]["args"]["from"], FIRST_ITEMS);
        let middle = serde_json::to_value(ViewUpdate::batch(20, 250)).unwrap();
        assert_eq!(middle["next"]["args"]["from"], 120);
        let last = serde_json::to_value(ViewUpdate::batch(120, 220)).unwrap();
        assert!(last["next"].is_null(), "{last}");
        assert_eq!(last["swaps"][1]["how"], "remove");
    }

    #[test]
    fn only_the_answer_that_recorded_tells_the_conversation() {
        let told =
            |call| serde_json::to_value(ViewUpdate::settled(call, true)).unwrap()["tell"] == true;
        assert!(told(ViewCall::Answer));
        assert!(!told(ViewCall::Draft));
        assert!(!told(ViewCall::Open));
        let quiet = serde_json::to_value(ViewUpdate::settled(ViewCall::Draft, false)).unwrap();
        assert_eq!(quiet, json!({}));
    }
}
