//! What the person decided before: an earlier decision of this project
//! shown beside an item that resembles it ("You decided this on DATE: ANSWER", the
//! earlier note, a link to that record) with one button that answers the
//! item the same way. Nothing is chosen for the person: the button only
//! fills the form, and the answer is recorded as given here. A record
//! names the precedents its answers follow ([`followed`]).
//!
//! The server finds the precedents (`server/src/search/precedent.rs`);
//! what one says and how it maps onto the item is decided here, once.

use crate::model::{
    Answer, DecideInput, DecideItem, DecideOutput, DecisionRecord, Followed, ItemId, SessionId,
    Timestamp,
};

/// An earlier decision of an item that resembles one of the session's.
#[derive(Clone, Debug, PartialEq)]
pub struct Precedent {
    pub session_id: SessionId,
    /// The earlier item.
    pub item: ItemId,
    /// When the earlier answers were submitted.
    pub decided_at: Timestamp,
    /// The earlier answer, as its own labels said it.
    pub answer: Said,
    pub note: Option<String>,
    /// The same answer to this item, when its choices can give it.
    pub follow: Option<Follow>,
    /// Whether it is this very question asked again, or one like it.
    pub strength: Strength,
}

/// How surely an earlier decision answers this item's question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strength {
    /// The same question asked again: shown open, as what the person
    /// decided.
    Same,
    /// A question like it, perhaps another decision: shown collapsed, as
    /// related.
    Related,
}

/// An earlier answer in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    /// The labels of the options chosen.
    Chosen(Vec<String>),
    /// An answer of the person's own.
    Other(String),
}

/// How to answer an item the same way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Follow {
    /// Choose these options (positions, from 0, ascending).
    Choose(Vec<usize>),
    /// Write this as the own answer.
    Other(String),
}

/// The precedent of one item of the served session.
#[derive(Clone, Debug, PartialEq)]
pub struct ItemPrecedent {
    pub id: ItemId,
    pub precedent: Precedent,
}

impl Precedent {
    /// Item `earlier` of `record` as the precedent of `item`; `None` when
    /// it was skipped (a skip decides nothing) or is not in the record.
    pub fn of(
        record: &DecisionRecord,
        earlier: ItemId,
        item: &DecideItem,
        strength: Strength,
    ) -> Option<Precedent> {
        let asked = record.input.input.item(earlier)?;
        let decision = record
            .output
            .decisions()
            .iter()
            .find(|d| d.id() == earlier)?;
        let label = |value: &String| {
            asked
                .option(value)
                .map_or_else(|| value.clone(), |o| o.label().to_owned())
        };
        let values: Vec<&String> = match decision.answer() {
            Answer::Chosen(value) => vec![value],
            Answer::ChosenMany(values) => values.iter().collect(),
            Answer::Other(_) | Answer::Skipped => Vec::new(),
        };
        let (answer, follow) = match decision.answer() {
            Answer::Skipped => return None,
            Answer::Other(text) => (
                Said::Other(text.clone()),
                item.allow_other().then(|| Follow::Other(text.clone())),
            ),
            Answer::Chosen(_) | Answer::ChosenMany(_) => (
                Said::Chosen(values.iter().map(|v| label(v)).collect()),
                Follow::choosing(item, &values),
            ),
        };
        Some(Precedent {
            session_id: record.session_id.clone(),
            item: earlier,
            decided_at: record.completed_at,
            answer,
            note: decision.note().map(str::to_owned),
            follow,
            strength,
        })
    }
}

impl Follow {
    /// The options of `item` whose values are `values`, if it has every
    /// one and takes that many.
    fn choosing(item: &DecideItem, values: &[&String]) -> Option<Follow> {
        let positions = values
            .iter()
            .map(|value| {
                item.options()
                    .iter()
                    .position(|o| o.value() == value.as_str())
            })
            .collect::<Option<Vec<usize>>>()?;
        Follow::at(item, positions)
    }

    /// Choosing the options of `item` at `positions` (from 0), if it has
    /// each, each once, and takes that many: the server maps an earlier
    /// answer whose options were renamed onto the item's by the options'
    /// likeness (two earlier choices onto one option follow nothing).
    pub fn at(item: &DecideItem, mut positions: Vec<usize>) -> Option<Follow> {
        let given = positions.len();
        positions.sort_unstable();
        positions.dedup();
        if positions.len() != given || positions.iter().any(|&at| at >= item.options().len()) {
            return None;
        }
        let fits = match positions.len() {
            0 => false,
            1 => true,
            _ => item.multiple(),
        };
        fits.then_some(Follow::Choose(positions))
    }

    /// Whether `answer` to `item` is this one.
    pub fn is(&self, item: &DecideItem, answer: &Answer) -> bool {
        let position = |value: &String| item.options().iter().position(|o| o.value() == value);
        match (self, answer) {
            (Follow::Choose(positions), Answer::Chosen(value)) => {
                positions.len() == 1 && position(value) == Some(positions[0])
            }
            (Follow::Choose(positions), Answer::ChosenMany(values)) => {
                let mut given: Vec<Option<usize>> = values.iter().map(position).collect();
                given.sort_unstable();
                given == positions.iter().copied().map(Some).collect::<Vec<_>>()
            }
            (Follow::Other(text), Answer::Other(given)) => text.trim() == given.trim(),
            _ => false,
        }
    }
}

/// The precedents that `output` follows: each item answered exactly as
/// the precedent shown beside it.
pub fn followed(
    precedents: &[ItemPrecedent],
    input: &DecideInput,
    output: &DecideOutput,
) -> Vec<Followed> {
    precedents
        .iter()
        .filter_map(|p| {
            let follow = p.precedent.follow.as_ref()?;
            let item = input.item(p.id)?;
            let decision = output.decisions().iter().find(|d| d.id() == p.id)?;
            follow.is(item, decision.answer()).then(|| Followed {
                id: p.id,
                session_id: p.precedent.session_id.clone(),
                item: p.precedent.item,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(feature = "ssr")]
    use crate::Lang;
    use crate::model::{Meta, Pending};
    #[cfg(feature = "ssr")]
    use crate::page::precedent_card::precedent_card;
    use crate::{validate_input, validate_output};
    #[cfg(feature = "ssr")]
    use leptos::prelude::RenderHtml;
    use serde_json::json;

    fn item(extra: serde_json::Value) -> DecideItem {
        let mut item = json!({ "id": 1, "title": "Which database?", "options": [
            { "value": "pg", "label": "PostgreSQL" },
            { "value": "sqlite", "label": "SQLite" },
            { "value": "mysql", "label": "MySQL" }
        ] });
        if let (Some(item), Some(extra)) = (item.as_object_mut(), extra.as_object()) {
            item.extend(extra.clone());
        }
        let input = validate_input(&json!({ "task": "t", "source": "s", "items": [item] }))
            .expect("valid input");
        input.items()[0].clone()
    }

    fn record(item: &DecideItem, answer: serde_json::Value) -> DecisionRecord {
        let input = validate_input(&json!({ "task": "earlier", "source": "s", "items": [
            serde_json::to_value(item).expect("item")
        ] }))
        .expect("valid input");
        let mut decision = json!({ "id": 1, "note": "we run it already" });
        if let (Some(d), Some(a)) = (decision.as_object_mut(), answer.as_object()) {
            d.extend(a.clone());
        }
        let output =
            validate_output(&input, &json!({ "decisions": [decision] })).expect("valid answer");
        let at = Timestamp::parse("2026-03-07T10:00:00+08:00").expect("time");
        let meta = Meta {
            created_at: at,
            session_id: "2026-03-07T09-00-00".parse::<SessionId>().expect("id"),
        };
        DecisionRecord::new(Pending::new(input, meta), output, at)
    }

    fn one() -> ItemId {
        ItemId::new(1).expect("id")
    }

    /// SQLite chosen before, now the first option and relabelled.
    fn moved() -> Precedent {
        let earlier = item(json!({}));
        let record = record(&earlier, json!({ "chosen": "sqlite" }));
        let now = item(json!({ "options": [
            { "value": "sqlite", "label": "SQLite 3" },
            { "value": "pg", "label": "PostgreSQL" }
        ] }));
        Precedent::of(&record, one(), &now, Strength::Same).expect("a precedent")
    }

    #[test]
    fn a_chosen_option_is_followed_by_its_value_even_where_it_moved() {
        let precedent = moved();
        assert_eq!(precedent.answer, Said::Chosen(vec!["SQLite".into()]));
        assert_eq!(precedent.follow, Some(Follow::Choose(vec![0])));
        assert_eq!(precedent.note.as_deref(), Some("we run it already"));
    }

    /// The card renders HTML, which only the server does.
    #[cfg(feature = "ssr")]
    #[test]
    fn a_followed_precedent_shows_its_date_its_record_and_a_button_that_posts_without_the_island() {
        let precedent = moved();
        let html = precedent_card(one(), &precedent, false, Lang::En).to_html();
        assert!(html.contains("You decided this on 2026-03-07:"), "{html}");
        assert!(html.contains(r#"data-follow="0""#), "{html}");
        assert!(
            html.contains("/record/2026-03-07T09-00-00#item-1"),
            "{html}"
        );
        // Without the island the button posts the form (the page server
        // answers the item as before): a submit button naming its item.
        assert!(
            html.contains(r#"<button type="submit" name="follow" value="1" formnovalidate"#),
            "{html}"
        );
        assert!(!html.contains("disabled"), "{html}");
    }

    /// A related precedent is collapsed under its summary, its card inside.
    #[cfg(feature = "ssr")]
    #[test]
    fn a_related_precedent_is_collapsed_and_said_to_be_related() {
        let precedent = Precedent {
            strength: Strength::Related,
            ..moved()
        };
        let html = precedent_card(one(), &precedent, false, Lang::En).to_html();
        assert!(
            html.contains(
                "<details><summary>Related: a similar question, decided on 2026-03-07</summary>"
            ),
            "{html}"
        );
        assert!(html.contains(r#"class="precedent related""#), "{html}");
        assert!(html.contains(r#"data-follow="0""#), "{html}");
        let same = precedent_card(one(), &moved(), false, Lang::En).to_html();
        assert!(
            !same.contains("<details>") && !same.contains("Related"),
            "{same}"
        );
    }

    #[test]
    fn an_answer_the_item_cannot_give_is_shown_without_the_button() {
        let earlier = item(json!({ "multiple": true }));
        let record = record(&earlier, json!({ "chosen": ["pg", "mysql"] }));
        // One option only: two cannot be chosen.
        let single =
            Precedent::of(&record, one(), &item(json!({})), Strength::Same).expect("shown");
        assert_eq!(single.follow, None);
        assert_eq!(
            single.answer,
            Said::Chosen(vec!["PostgreSQL".into(), "MySQL".into()])
        );
        #[cfg(feature = "ssr")]
        {
            let html = precedent_card(one(), &single, false, Lang::Zh).to_html();
            assert!(html.contains("你已于 2026-03-07 这样决定:"), "{html}");
            assert!(!html.contains("<button"), "{html}");
            // On the page (not the App view): "Not the same question",
            // which posts the form, enabled without the island.
            let html = precedent_card(one(), &single, true, Lang::Zh).to_html();
            assert_eq!(html.matches("<button").count(), 1, "{html}");
            assert!(
                html.contains(
                    r#"type="submit" name="not_same" value="1" formnovalidate class="not-same""#
                ),
                "{html}"
            );
            assert!(html.contains(">不是同一个问题</button>"), "{html}");
            assert!(!html.contains("disabled"), "{html}");
        }
        let many = Precedent::of(
            &record,
            one(),
            &item(json!({ "multiple": true })),
            Strength::Same,
        )
        .expect("shown");
        assert_eq!(many.follow, Some(Follow::Choose(vec![0, 2])));
        // An option that is gone.
        let gone = item(json!({ "options": [
            { "value": "pg", "label": "PostgreSQL" },
            { "value": "sqlite", "label": "SQLite" }
        ] }));
        let record = self::record(&earlier, json!({ "chosen": ["mysql"] }));
        assert_eq!(
            Precedent::of(&record, one(), &gone, Strength::Same)
                .expect("shown")
                .follow,
            None
        );
    }

    #[test]
    fn an_own_answer_is_followed_where_one_is_allowed_and_a_skip_is_no_precedent() {
        let earlier = item(json!({ "allow_other": true, "allow_skip": true }));
        let own = record(&earlier, json!({ "other": "DuckDB" }));
        let now = item(json!({ "allow_other": true }));
        let precedent = Precedent::of(&own, one(), &now, Strength::Same).expect("shown");
        assert_eq!(precedent.follow, Some(Follow::Other("DuckDB".into())));
        assert_eq!(
            Precedent::of(&own, one(), &item(json!({})), Strength::Same)
                .expect("shown")
                .follow,
            None
        );
        let skipped = record(&earlier, json!({ "skipped": true }));
        assert_eq!(Precedent::of(&skipped, one(), &now, Strength::Same), None);
    }

    #[test]
    fn a_record_follows_a_precedent_only_where_the_answer_is_the_same() {
        let now = item(json!({ "multiple": true }));
        let input = validate_input(&json!({ "task": "t", "source": "s", "items": [
            serde_json::to_value(&now).expect("item")
        ] }))
        .expect("input");
        let precedent = |positions: Vec<usize>| ItemPrecedent {
            id: one(),
            precedent: Precedent {
                session_id: "2026-03-07T09-00-00".parse().expect("id"),
                item: ItemId::new(4).expect("id"),
                decided_at: Timestamp::parse("2026-03-07T10:00:00+08:00").expect("time"),
                answer: Said::Chosen(Vec::new()),
                note: None,
                follow: Some(Follow::Choose(positions)),
                strength: Strength::Same,
            },
        };
        let output = validate_output(
            &input,
            &json!({ "decisions": [{ "id": 1, "chosen": ["pg", "mysql"] }] }),
        )
        .expect("answers");
        let same = followed(&[precedent(vec![0, 2])], &input, &output);
        assert_eq!(same.len(), 1);
        assert_eq!(same[0].item.get(), 4);
        assert!(followed(&[precedent(vec![0])], &input, &output).is_empty());
    }
}
