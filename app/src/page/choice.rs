//! The answers saved so far, as the page lays them out, and how an answer
//! compares with the recommendation: what the items, the summary and the
//! island share.

use crate::model::{Answer as Recorded, DecideInput, DecideItem, DecideOutput, DraftAnswer};

/// One item's answer so far.
#[derive(Clone, Default)]
pub(crate) struct Answer<'a> {
    /// The positions of the chosen options.
    pub chosen: Vec<usize>,
    pub other: Option<&'a str>,
    pub skipped: bool,
    pub note: &'a str,
}

impl Answer<'_> {
    pub fn answered(&self) -> bool {
        !self.chosen.is_empty() || self.other.is_some() || self.skipped
    }
}

/// The answers saved so far, by item position.
pub(crate) struct Answers<'a> {
    by_position: Vec<Answer<'a>>,
}

impl<'a> Answers<'a> {
    /// The draft's answers laid out in the order of `items`.
    pub fn new(input: &DecideInput, draft: &'a [DraftAnswer]) -> Self {
        let items = input.items();
        let mut by_position = vec![Answer::default(); items.len()];
        for saved in draft {
            let Some(n) = input.position(saved.id) else {
                continue;
            };
            let options = items[n].options();
            by_position[n] = Answer {
                chosen: saved
                    .chosen
                    .iter()
                    .filter_map(|c| options.iter().position(|o| o.value() == c))
                    .collect(),
                other: saved.other.as_deref(),
                skipped: saved.skipped,
                note: &saved.note,
            };
        }
        Answers { by_position }
    }

    /// The recorded answers laid out in the order of `input`'s items.
    pub fn recorded(input: &DecideInput, output: &'a DecideOutput) -> Self {
        let items = input.items();
        let mut by_position = vec![Answer::default(); items.len()];
        for decision in output.decisions() {
            let Some(n) = input.position(decision.id()) else {
                continue;
            };
            let options = items[n].options();
            let position = |value: &str| options.iter().position(|o| o.value() == value);
            let mut answer = Answer {
                note: decision.note().unwrap_or_default(),
                ..Answer::default()
            };
            match decision.answer() {
                Recorded::Chosen(value) => answer.chosen = position(value).into_iter().collect(),
                Recorded::ChosenMany(values) => {
                    answer.chosen = values.iter().filter_map(|v| position(v)).collect();
                }
                Recorded::Other(text) => answer.other = Some(text),
                Recorded::Skipped => answer.skipped = true,
            }
            by_position[n] = answer;
        }
        Answers { by_position }
    }

    pub fn of(&self, n: usize) -> Answer<'a> {
        self.by_position.get(n).cloned().unwrap_or_default()
    }

    /// How many items are answered.
    pub fn answered(&self) -> usize {
        self.by_position.iter().filter(|a| a.answered()).count()
    }
}

/// The positions of `item`'s recommended options.
pub(crate) fn recommended_positions(item: &DecideItem) -> Vec<usize> {
    let options = item.options();
    item.recommended()
        .iter()
        .filter_map(|r| options.iter().position(|o| o.value() == r))
        .collect()
}

/// Whether an answer differs from the recommendation: another choice, or an
/// answer of one's own (a skip decides nothing, so it differs from nothing).
pub(crate) fn differs(chosen: &[usize], other: bool, skipped: bool, recommended: &[usize]) -> bool {
    !recommended.is_empty() && !skipped && (other || (!chosen.is_empty() && chosen != recommended))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validate::validate_draft;
    use serde_json::json;

    fn input() -> DecideInput {
        let options = json!([{ "value": "a", "label": "A" }, { "value": "b", "label": "B" }]);
        DecideInput::try_from(json!({ "task": "t", "source": "s", "items": [
            { "id": 7, "title": "one", "options": options, "recommend": "b" },
            { "id": 3, "title": "two", "options": options, "allow_other": true },
            { "id": 5, "title": "three", "options": options, "allow_skip": true }
        ] }))
        .expect("valid input")
    }

    #[test]
    fn answers_follow_the_items_order_whatever_the_drafts() {
        let input = input();
        let draft = validate_draft(
            &input,
            &json!({ "decisions": [
                { "id": 5, "skipped": true, "note": "later" },
                { "id": 7, "chosen": "b" }
            ] }),
        )
        .expect("valid draft");
        let answers = Answers::new(&input, &draft);
        assert_eq!(answers.of(0).chosen, [1]);
        assert!(!answers.of(1).answered());
        assert!(answers.of(2).skipped);
        assert_eq!(answers.of(2).note, "later");
        assert!(!answers.of(9).answered(), "past the items: unanswered");
        assert_eq!(answers.answered(), 2);
        assert_eq!(recommended_positions(&input.items()[0]), [1]);
        assert!(recommended_positions(&input.items()[1]).is_empty());
    }

    #[test]
    fn only_another_choice_or_an_own_answer_differs() {
        let recommended = [1];
        assert!(!differs(&[1], false, false, &recommended), "followed");
        assert!(differs(&[0], false, false, &recommended), "another option");
        assert!(differs(&[], true, false, &recommended), "an own answer");
        assert!(
            !differs(&[], false, true, &recommended),
            "a skip decides nothing"
        );
        assert!(!differs(&[], false, false, &recommended), "still open");
        assert!(!differs(&[0], true, false, &[]), "nothing recommended");
    }
}
