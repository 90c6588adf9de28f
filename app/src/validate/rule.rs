//! The rules of an item's `reversible` and `if_unanswered` (issue 58):
//! silence answers only for an item the agent says can be undone, with a
//! recommendation to take, after a sane time.

use super::ErrorKind;
use super::fields::{optional, text};
use super::path::{Path, Report};
use super::raw::{RawField, RawRule};
use crate::model::input::Recommend;
use crate::model::{After, IfUnanswered, MAX_AFTER, MIN_AFTER, Take};

/// `if_unanswered` of the item at `item`, read on its own: `Ok(None)` when
/// absent, `Err(())` when anything in it is wrong (reported).
pub(crate) fn if_unanswered(
    field: RawField<RawRule<'_>>,
    item: Path<'_>,
    report: &mut Report<'_>,
) -> Result<Option<IfUnanswered>, ()> {
    let at = item.key("if_unanswered");
    let Some(raw) = optional(field, at, report)? else {
        return Ok(None);
    };
    let after = text(raw.after, at.key("after"), report).and_then(|written| {
        let at = at.key("after");
        let Ok(span) = humantime::parse_duration(&written) else {
            report.at(at, ErrorKind::NotADuration { actual: written });
            return None;
        };
        if !(MIN_AFTER..=MAX_AFTER).contains(&span) {
            report.at(at, ErrorKind::DurationOutOfRange { actual: written });
            return None;
        }
        Some(After { written, span })
    });
    let take = text(raw.take, at.key("take"), report).and_then(|name| {
        if name == Take::NAMES[0] {
            return Some(Take::Recommended);
        }
        let allowed = Take::NAMES.to_vec();
        report.at(
            at.key("take"),
            ErrorKind::NotOneOf {
                allowed,
                actual: name,
            },
        );
        None
    });
    match (after, take) {
        (Some(after), Some(take)) => Ok(Some(IfUnanswered { after, take })),
        _ => Err(()),
    }
}

/// A rule applies only to a reversible item, and takes only what the item
/// recommends.
pub(crate) fn applies(
    rule: Option<&IfUnanswered>,
    reversible: bool,
    recommend: &Option<Recommend>,
    item: Path<'_>,
    report: &mut Report<'_>,
) -> Option<()> {
    let Some(rule) = rule else { return Some(()) };
    let at = item.key("if_unanswered");
    let mut fits = true;
    if !reversible {
        report.at(at, ErrorKind::RuleNotReversible);
        fits = false;
    }
    if rule.take == Take::Recommended && recommend.is_none() {
        report.at(at.key("take"), ErrorKind::NothingToTake);
        fits = false;
    }
    fits.then_some(())
}

#[cfg(test)]
mod tests {
    use crate::Lang;
    use crate::validate::validate_input;
    use serde_json::{Value, json};

    /// One reversible item with a recommendation, and `extra` set on it.
    fn input(extra: Value) -> Value {
        let mut item = json!({
            "id": 1, "title": "Cookie name?", "recommend": "sid",
            "options": [{"value": "sid", "label": "sid"}, {"value": "session", "label": "session"}]
        });
        for (key, value) in extra.as_object().expect("an object") {
            item[key] = value.clone();
        }
        json!({"task": "t", "source": "chat", "items": [item]})
    }

    fn refused(extra: Value, lang: Lang) -> Vec<String> {
        validate_input(&input(extra))
            .expect_err("refused")
            .messages(lang)
    }

    #[test]
    fn a_rule_on_a_reversible_item_with_a_recommendation_is_kept_as_written() {
        let rule = json!({"after": "1h 30m", "take": "recommended"});
        let value = input(json!({"reversible": true, "if_unanswered": rule}));
        let valid = validate_input(&value).expect("valid");
        let item = &valid.items()[0];
        assert!(item.reversible());
        let rule = item.if_unanswered().expect("a rule");
        assert_eq!(rule.after().span().as_secs(), 90 * 60);
        assert_eq!(serde_json::to_value(&valid).expect("serialises"), value);
        // Without the fields, nothing is written: the spec's input.
        let plain = validate_input(&input(json!({}))).expect("valid");
        assert_eq!(
            serde_json::to_value(&plain).expect("serialises"),
            input(json!({}))
        );
    }

    #[test]
    fn each_bad_rule_is_refused_naming_its_field() {
        let rule = |after: &str, take: &str| json!({"after": after, "take": take});
        let cases = [
            (
                json!({"if_unanswered": rule("15m", "recommended")}),
                "items[0].if_unanswered is only for an item with \"reversible\": true: silence never answers a decision that cannot be undone",
            ),
            (
                json!({"reversible": true, "if_unanswered": rule("soon", "recommended")}),
                "items[0].if_unanswered.after is \"soon\", not a duration such as 15m, 2h or 1h 30m",
            ),
            (
                json!({"reversible": true, "if_unanswered": rule("59s", "recommended")}),
                "items[0].if_unanswered.after is \"59s\", outside 1 minute to 7 days",
            ),
            (
                json!({"reversible": true, "if_unanswered": rule("8d", "recommended")}),
                "items[0].if_unanswered.after is \"8d\", outside 1 minute to 7 days",
            ),
            (
                json!({"reversible": true, "if_unanswered": rule("15m", "first")}),
                "items[0].if_unanswered.take is \"first\", not one of recommended",
            ),
            (
                json!({"reversible": true, "if_unanswered": {"after": "15m", "tak": "recommended"}}),
                "items[0].if_unanswered.tak is not a known field; did you mean take?",
            ),
        ];
        for (extra, expected) in cases {
            let messages = refused(extra, Lang::En);
            assert!(messages.iter().any(|m| m == expected), "{messages:?}");
        }
        // No recommendation to take: named at `take`, in both languages.
        let mut value =
            input(json!({"reversible": true, "if_unanswered": rule("15m", "recommended")}));
        value["items"][0]
            .as_object_mut()
            .expect("item")
            .remove("recommend");
        let errors = validate_input(&value).expect_err("refused");
        assert_eq!(
            errors.messages(Lang::En),
            ["items[0].if_unanswered.take is \"recommended\", but the item recommends no option"]
        );
        assert_eq!(
            errors.messages(Lang::Zh),
            ["items[0].if_unanswered.take 为 \"recommended\",但该待定项没有 recommend"]
        );
        assert_eq!(
            errors.hints(Lang::En),
            ["Name the recommended option in the item's recommend, or remove if_unanswered"]
        );
    }

    #[test]
    fn the_limits_themselves_are_allowed() {
        for after in ["1m", "60s", "7d", "1week"] {
            let rule = json!({"after": after, "take": "recommended"});
            let value = input(json!({"reversible": true, "if_unanswered": rule}));
            assert!(validate_input(&value).is_ok(), "{after}");
        }
    }
}
