//! Answers before the person's (issue 58): what the agent may go on with
//! while an item waits, and, once the person answers, which of those
//! provisional answers they kept.
//!
//! Nothing here is stored: a provisional answer follows from the input's
//! rules, the session's `created_at` and the clock, so every reader (the
//! CLI's `result`, MCP's `decide_result`) computes the same one, with or
//! without a page serving the session, and the spec's files stay as they
//! are.

use super::beside::Later;
use super::output::{By, Provisional};
use super::{After, Answer, DecideInput, DecideItem, DecideOutput, Decision, ItemId, Timestamp};
use chrono::{DateTime, FixedOffset};
use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Serialize, Serializer};

impl DecideOutput {
    /// What a session that uses rules says beside its decisions.
    pub fn later(&self) -> Option<&Later> {
        self.later.as_ref()
    }
    /// Provisional answers only: the person has not answered yet.
    pub fn is_provisional(&self) -> bool {
        self.later.as_ref().is_some_and(|later| !later.done)
    }
}

/// Whether any item of `input` says `reversible` or `if_unanswered`: only
/// then do answers say who gave them.
fn uses_rules(input: &DecideInput) -> bool {
    input
        .items()
        .iter()
        .any(|item| item.reversible() || item.if_unanswered().is_some())
}

/// When the item's rule fires, for a session submitted at `created_at`.
fn fires_at(item: &DecideItem, created_at: Timestamp) -> Option<DateTime<FixedOffset>> {
    let span = item.if_unanswered()?.after().span();
    let span = chrono::Duration::from_std(span).ok()?;
    created_at.get().checked_add_signed(span)
}

/// What the item's rule takes: its recommended option, or (with
/// `multiple`) its recommended options in the options' order; nothing
/// for an item that recommends nothing.
fn taken(item: &DecideItem) -> Option<Answer> {
    let recommended = item.recommended();
    if recommended.is_empty() {
        return None;
    }
    if item.multiple() {
        let values = item
            .options()
            .iter()
            .map(|option| option.value().to_owned())
            .filter(|value| recommended.contains(value))
            .collect();
        return Some(Answer::ChosenMany(values));
    }
    recommended.first().cloned().map(Answer::Chosen)
}

/// Why an item is not final yet, for the reader's words.
#[derive(Clone, Copy, Debug)]
pub enum Why<'a> {
    /// Its rule fired after `After`: its recommended option is taken.
    After(&'a After),
    /// The person said "Decide later" on a reversible item with a
    /// recommendation: it is taken.
    Later,
    /// The person said "Decide later" on any other item: nothing is taken;
    /// the agent works around it.
    Deferred,
}

/// The answers the agent may go on with at `now`, before the person has
/// answered (no record): each item a standing ruling answered at submit
/// (`ruled`, as the ruling gave it, issue 56), and each item whose rule
/// has fired, or which the person said to decide `later` (the draft's),
/// with what it takes, marked provisional with `reason`; an item said to
/// be decided later that takes nothing is deferred. `None` while none of
/// these is so.
pub fn interim(
    input: &DecideInput,
    created_at: Timestamp,
    now: DateTime<FixedOffset>,
    (later, ruled): (&[ItemId], &[Decision]),
    reason: impl Fn(Why<'_>) -> String,
) -> Option<DecideOutput> {
    let mut decisions = Vec::new();
    let mut waiting = Vec::new();
    for item in input.items() {
        let standing = |d: &&Decision| d.id == item.id() && matches!(d.by, By::Ruling(_));
        if let Some(ruled) = ruled.iter().find(standing) {
            decisions.push(ruled.clone());
            continue;
        }
        let fired = fires_at(item, created_at).is_some_and(|at| at <= now);
        let said_later = later.contains(&item.id());
        let provisional = |answer, why, deferred| Decision {
            id: item.id(),
            answer,
            note: None,
            by: By::Provisional(Provisional {
                reason: reason(why),
                deferred,
            }),
        };
        match (fired, item.if_unanswered(), taken(item)) {
            (true, Some(rule), Some(answer)) => {
                decisions.push(provisional(answer, Why::After(rule.after()), false));
            }
            (_, _, Some(answer)) if said_later && item.reversible() => {
                decisions.push(provisional(answer, Why::Later, false));
            }
            // Nothing is taken: the placeholder answer is never written.
            _ if said_later => decisions.push(provisional(Answer::Skipped, Why::Deferred, true)),
            _ => waiting.push(item.id()),
        }
    }
    if decisions.is_empty() {
        return None;
    }
    Some(DecideOutput {
        decisions,
        later: Some(Later {
            done: false,
            waiting,
            was_provisional: Vec::new(),
            differs: Vec::new(),
        }),
    })
}

/// The person's answers `output`, recorded at `completed_at`, as the agent
/// reads them: for a session that uses rules, or one where the person
/// said "Decide later" (`said_later`, the record's), each says `by`, and
/// the items that went provisional or deferred first are listed
/// (`was_provisional`), with those answered otherwise than provisionally
/// taken (`differs`; a deferred item took nothing, so it never differs).
/// Every other session's output is returned as it is.
pub fn settled(
    mut output: DecideOutput,
    input: &DecideInput,
    (created_at, completed_at): (Timestamp, Timestamp),
    said_later: &[ItemId],
) -> DecideOutput {
    if !uses_rules(input) && said_later.is_empty() {
        return output;
    }
    let mut was_provisional = Vec::new();
    let mut differs = Vec::new();
    for decision in output.decisions() {
        let Some(item) = input.item(decision.id()) else {
            continue;
        };
        let fired = fires_at(item, created_at).is_some_and(|at| at <= completed_at.get());
        let said = said_later.contains(&item.id());
        if !fired && !said {
            continue;
        }
        was_provisional.push(item.id());
        // What the agent went on with: the rule's take, or, said later,
        // a reversible item's recommendation; else nothing (deferred).
        let handed = if fired || item.reversible() {
            taken(item)
        } else {
            None
        };
        if handed.is_some_and(|handed| handed != *decision.answer()) {
            differs.push(item.id());
        }
    }
    output.later = Some(Later {
        done: true,
        waiting: Vec::new(),
        was_provisional,
        differs,
    });
    output
}

/// The decisions, each saying who answered.
struct Marked<'a>(&'a [Decision]);

struct One<'a>(&'a Decision);

impl Serialize for One<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.write(true, serializer)
    }
}

impl Serialize for Marked<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0.len()))?;
        for decision in self.0 {
            seq.serialize_element(&One(decision))?;
        }
        seq.end()
    }
}

/// `{"decisions":[...]}`, the spec's output; a session that uses rules
/// adds `"final"`, and `"waiting"` (not final) or `"was_provisional"` and
/// `"differs"` (final).
impl Serialize for DecideOutput {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        let Some(later) = &self.later else {
            // A session a standing ruling answered in part says who
            // answered each item; the spec's session, as the spec writes.
            if self.says_by() {
                map.serialize_entry("decisions", &Marked(&self.decisions))?;
            } else {
                map.serialize_entry("decisions", &self.decisions)?;
            }
            return map.end();
        };
        map.serialize_entry("decisions", &Marked(&self.decisions))?;
        map.serialize_entry("final", &later.done)?;
        if later.done {
            map.serialize_entry("was_provisional", &later.was_provisional)?;
            map.serialize_entry("differs", &later.differs)?;
        } else {
            map.serialize_entry("waiting", &later.waiting)?;
        }
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validate::{parse_output, validate_input};
    use serde_json::json;

    /// Item 1 reversible, taken after 15 minutes; item 2 waits for ever.
    fn input() -> DecideInput {
        let options = json!([{"value": "a", "label": "A"}, {"value": "b", "label": "B"}]);
        validate_input(&json!({"task": "t", "source": "chat", "items": [
            {"id": 1, "title": "One?", "options": options, "recommend": "a", "reversible": true,
             "if_unanswered": {"after": "15m", "take": "recommended"}},
            {"id": 2, "title": "Two?", "options": options, "recommend": "b"}
        ]}))
        .expect("valid")
    }

    fn at(text: &str) -> Timestamp {
        Timestamp::parse(text).expect("a time")
    }

    fn reason(why: Why<'_>) -> String {
        match why {
            Why::After(after) => format!("after {}", after.written()),
            Why::Later => "later".to_owned(),
            Why::Deferred => "deferred".to_owned(),
        }
    }

    fn id(n: u32) -> ItemId {
        ItemId::new(n).expect("an id")
    }

    #[test]
    fn decide_later_takes_a_reversible_recommendation_and_defers_any_other_item() {
        let input = input();
        let created = at("2026-01-01T10:00:00+00:00");
        let now = at("2026-01-01T10:01:00+00:00").get();
        // Item 1 is reversible with a recommendation: taken at once;
        // item 2 is not reversible: deferred, nothing taken.
        let output = interim(&input, created, now, (&[id(1), id(2)], &[]), reason).expect("later");
        assert!(output.is_provisional());
        assert_eq!(
            output.to_compact_json(),
            r#"{"decisions":[{"id":1,"chosen":"a","by":"provisional","provisional":true,"reason":"later"},{"id":2,"by":"provisional","deferred":true,"reason":"deferred"}],"final":false,"waiting":[]}"#
        );
        let only_two = interim(&input, created, now, (&[id(2)], &[]), reason).expect("later");
        assert_eq!(
            only_two.to_compact_json(),
            r#"{"decisions":[{"id":2,"by":"provisional","deferred":true,"reason":"deferred"}],"final":false,"waiting":[1]}"#
        );
    }

    #[test]
    fn a_rule_answers_provisionally_only_once_its_time_has_passed() {
        let input = input();
        let created = at("2026-01-01T10:00:00+00:00");
        let before = at("2026-01-01T10:14:59+00:00").get();
        assert_eq!(interim(&input, created, before, (&[], &[]), reason), None);
        let then = at("2026-01-01T10:15:00+00:00").get();
        let output = interim(&input, created, then, (&[], &[]), reason).expect("provisional");
        assert!(output.is_provisional());
        assert_eq!(
            output.to_compact_json(),
            r#"{"decisions":[{"id":1,"chosen":"a","by":"provisional","provisional":true,"reason":"after 15m"}],"final":false,"waiting":[2]}"#
        );
    }

    #[test]
    fn the_persons_answers_say_who_and_which_differ_from_the_provisional_ones() {
        let input = input();
        let created = at("2026-01-01T10:00:00+00:00");
        let answers = br#"{"decisions":[{"id":1,"chosen":"b"},{"id":2,"chosen":"b"}]}"#;
        let output = parse_output(&input, answers).expect("valid");
        // Answered after the rule fired, otherwise than it took.
        let late = settled(
            output.clone(),
            &input,
            (created, at("2026-01-01T11:00:00+00:00")),
            &[],
        );
        assert!(!late.is_provisional());
        assert_eq!(
            late.to_compact_json(),
            r#"{"decisions":[{"id":1,"chosen":"b","by":"person"},{"id":2,"chosen":"b","by":"person"}],"final":true,"was_provisional":[1],"differs":[1]}"#
        );
        // Answered in time: nothing went provisional.
        let early = settled(
            output,
            &input,
            (created, at("2026-01-01T10:05:00+00:00")),
            &[],
        );
        assert!(
            early
                .to_compact_json()
                .ends_with(r#""final":true,"was_provisional":[],"differs":[]}"#)
        );
    }

    #[test]
    fn items_said_later_were_provisional_and_differ_where_the_person_chose_otherwise() {
        let input = input();
        let created = at("2026-01-01T10:00:00+00:00");
        // Answered in time for item 1's rule, but both were said later:
        // item 1 was taken (a), the person chose b; item 2 was deferred.
        let answers = br#"{"decisions":[{"id":1,"chosen":"b"},{"id":2,"chosen":"a"}]}"#;
        let output = parse_output(&input, answers).expect("valid");
        let completed = at("2026-01-01T10:05:00+00:00");
        let settled = settled(
            output.clone(),
            &input,
            (created, completed),
            &[id(2), id(1)],
        );
        assert!(
            settled
                .to_compact_json()
                .ends_with(r#""final":true,"was_provisional":[1,2],"differs":[1]}"#),
            "{}",
            settled.to_compact_json()
        );
        // The person kept item 1's provisional answer: it does not differ.
        let kept = br#"{"decisions":[{"id":1,"chosen":"a"},{"id":2,"chosen":"a"}]}"#;
        let kept = parse_output(&input, kept).expect("valid");
        let kept = super::settled(kept, &input, (created, completed), &[id(1)]);
        assert!(
            kept.to_compact_json()
                .ends_with(r#""final":true,"was_provisional":[1],"differs":[]}"#)
        );
    }

    #[test]
    fn a_reversible_item_that_recommends_nothing_is_deferred_not_answered_empty() {
        let input = validate_input(&json!({"task": "t", "source": "chat", "items": [
            {"id": 1, "title": "Which?", "multiple": true, "reversible": true,
             "options": [{"value": "a", "label": "A"}, {"value": "b", "label": "B"}]}
        ]}))
        .expect("valid");
        let created = at("2026-01-01T10:00:00+00:00");
        let output =
            interim(&input, created, created.get(), (&[id(1)], &[]), reason).expect("later");
        assert_eq!(
            output.to_compact_json(),
            r#"{"decisions":[{"id":1,"by":"provisional","deferred":true,"reason":"deferred"}],"final":false,"waiting":[]}"#
        );
    }

    #[test]
    fn a_session_without_rules_keeps_the_spec_output() {
        let input = validate_input(&json!({"task": "t", "source": "chat", "items": [
            {"id": 1, "title": "One?", "recommend": "a",
             "options": [{"value": "a", "label": "A"}, {"value": "b", "label": "B"}]}
        ]}))
        .expect("valid");
        let output =
            parse_output(&input, br#"{"decisions":[{"id":1,"chosen":"b"}]}"#).expect("valid");
        let created = at("2026-01-01T10:00:00+00:00");
        let completed = at("2026-01-09T10:00:00+00:00");
        let settled = settled(output.clone(), &input, (created, completed), &[]);
        assert_eq!(
            settled.to_compact_json(),
            r#"{"decisions":[{"id":1,"chosen":"b"}]}"#
        );
        // Once the person said "Decide later" on it, the agent had it
        // deferred: the answer says who gave it, and that it was.
        let later = super::settled(output, &input, (created, completed), &[id(1)]);
        assert_eq!(
            later.to_compact_json(),
            r#"{"decisions":[{"id":1,"chosen":"b","by":"person"}],"final":true,"was_provisional":[1],"differs":[]}"#
        );
        assert_eq!(
            interim(&input, created, completed.get(), (&[], &[]), |_| {
                String::new()
            }),
            None
        );
    }
}
