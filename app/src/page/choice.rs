//! How each item stands on the page, options by position: the one type the
//! server renders the form from (a draft's answers or the recorded ones)
//! and the island reads back from the fields, with the rules they share:
//! what counts as answered, what differs from the recommendation, and how
//! an answer is worded.

use crate::Lang;
use crate::i18n::PageText;
use crate::model::{Answer, DecideInput, DecideItem, DecideOutput, DraftEntry};

/// An item's choice.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) enum Choice {
    /// Nothing chosen yet.
    #[default]
    Open,
    /// One or more options, by position, in the options' order.
    Options(Vec<usize>),
    /// An answer of one's own, as typed: it answers once it is not blank.
    Other(String),
    /// Left undecided.
    Skipped,
}

/// An item's choice and note.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Picked {
    pub choice: Choice,
    pub note: String,
}

impl Picked {
    /// `item`'s answer (option values turned into positions) and note.
    pub fn of(item: &DecideItem, answer: Option<&Answer>, note: Option<&str>) -> Self {
        let position = |value: &str| item.options().iter().position(|o| o.value() == value);
        let choice = match answer {
            None => Choice::Open,
            Some(Answer::Chosen(value)) => Choice::Options(position(value).into_iter().collect()),
            Some(Answer::ChosenMany(values)) => {
                Choice::Options(values.iter().filter_map(|v| position(v)).collect())
            }
            Some(Answer::Other(text)) => Choice::Other(text.clone()),
            Some(Answer::Skipped) => Choice::Skipped,
        };
        Picked {
            choice,
            note: note.unwrap_or_default().to_owned(),
        }
    }

    /// The chosen options' positions (none unless options are chosen).
    pub fn chosen(&self) -> &[usize] {
        match &self.choice {
            Choice::Options(positions) => positions,
            _ => &[],
        }
    }

    /// The own answer's text, when that choice is made (maybe still blank).
    pub fn other(&self) -> Option<&str> {
        match &self.choice {
            Choice::Other(text) => Some(text),
            _ => None,
        }
    }

    pub fn skipped(&self) -> bool {
        self.choice == Choice::Skipped
    }

    /// Whether the item is answered (a note alone answers nothing, nor
    /// does an own answer still blank).
    pub fn answered(&self) -> bool {
        match &self.choice {
            Choice::Open => false,
            Choice::Options(positions) => !positions.is_empty(),
            Choice::Other(text) => !text.trim().is_empty(),
            Choice::Skipped => true,
        }
    }

    /// Whether the answer differs from the recommendation: another choice,
    /// or an answer of one's own (a skip decides nothing, so it differs
    /// from nothing).
    pub fn differs(&self, recommended: &[usize]) -> bool {
        !recommended.is_empty()
            && match &self.choice {
                Choice::Options(positions) => !positions.is_empty() && positions != recommended,
                Choice::Other(text) => !text.trim().is_empty(),
                Choice::Open | Choice::Skipped => false,
            }
    }

    /// What the summary says of the answer: the chosen options' labels,
    /// "own answer: …" or "skipped: why"; `None` while the item is open.
    pub fn text(&self, labels: impl Fn(&[usize]) -> Vec<String>, lang: Lang) -> Option<String> {
        match &self.choice {
            Choice::Skipped => {
                let why = self.note.trim();
                let skipped = PageText::SummarySkipped.get(lang);
                Some(if why.is_empty() {
                    skipped
                } else {
                    format!("{skipped}: {why}")
                })
            }
            Choice::Other(text) if !text.trim().is_empty() => Some(format!(
                "{}: {}",
                PageText::SummaryOther.get(lang),
                text.trim()
            )),
            Choice::Options(positions) if !positions.is_empty() => {
                Some(labels(positions).join(", "))
            }
            _ => None,
        }
    }
}

/// Every item's choice, by position.
pub(crate) struct Picks {
    by_position: Vec<Picked>,
}

impl Picks {
    /// A draft's answers laid out in the order of `input`'s items.
    pub fn from_draft(input: &DecideInput, draft: &[DraftEntry]) -> Self {
        let mut by_position = vec![Picked::default(); input.items().len()];
        for entry in draft {
            if let Some(n) = input.position(entry.id()) {
                by_position[n] = Picked::of(&input.items()[n], entry.answer(), entry.note());
            }
        }
        Picks { by_position }
    }

    /// The recorded answers laid out in the order of `input`'s items.
    pub fn from_output(input: &DecideInput, output: &DecideOutput) -> Self {
        let mut by_position = vec![Picked::default(); input.items().len()];
        for decision in output.decisions() {
            if let Some(n) = input.position(decision.id()) {
                let item = &input.items()[n];
                by_position[n] = Picked::of(item, Some(decision.answer()), decision.note());
            }
        }
        Picks { by_position }
    }

    /// Item `n`'s choice (open past the items).
    pub fn of(&self, n: usize) -> Picked {
        self.by_position.get(n).cloned().unwrap_or_default()
    }

    /// How many items are answered.
    pub fn answered(&self) -> usize {
        self.by_position.iter().filter(|p| p.answered()).count()
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

/// The labels of `item`'s options at `positions`.
pub(crate) fn labels(item: &DecideItem, positions: &[usize]) -> Vec<String> {
    positions
        .iter()
        .filter_map(|&k| item.options().get(k).map(|o| o.label().to_owned()))
        .collect()
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
    fn a_draft_is_laid_out_in_the_items_order_whatever_its_own() {
        let input = input();
        let draft = validate_draft(
            &input,
            &json!({ "decisions": [
                { "id": 5, "skipped": true, "note": "later" },
                { "id": 7, "chosen": "b" }
            ] }),
        )
        .expect("valid draft");
        let picks = Picks::from_draft(&input, &draft);
        assert_eq!(picks.of(0).chosen(), [1]);
        assert!(!picks.of(1).answered());
        assert!(picks.of(2).skipped());
        assert_eq!(picks.of(2).note, "later");
        assert!(!picks.of(9).answered(), "past the items: open");
        assert_eq!(picks.answered(), 2);
        assert_eq!(recommended_positions(&input.items()[0]), [1]);
        assert!(recommended_positions(&input.items()[1]).is_empty());
    }

    #[test]
    fn only_another_choice_or_an_own_answer_differs() {
        let recommended = [1];
        let picked = |choice| Picked {
            choice,
            note: String::new(),
        };
        assert!(
            !picked(Choice::Options(vec![1])).differs(&recommended),
            "followed"
        );
        assert!(picked(Choice::Options(vec![0])).differs(&recommended));
        assert!(picked(Choice::Other("mine".into())).differs(&recommended));
        assert!(
            !picked(Choice::Other("  ".into())).differs(&recommended),
            "still blank"
        );
        assert!(
            !picked(Choice::Skipped).differs(&recommended),
            "a skip decides nothing"
        );
        assert!(!picked(Choice::Open).differs(&recommended), "still open");
        assert!(
            !picked(Choice::Options(vec![0])).differs(&[]),
            "nothing recommended"
        );
    }

    #[test]
    fn an_answer_is_worded_as_the_summary_words_it() {
        let labels = |p: &[usize]| p.iter().map(|k| format!("L{k}")).collect();
        let with = |choice, note: &str| Picked {
            choice,
            note: note.into(),
        };
        assert_eq!(
            with(Choice::Options(vec![0, 2]), "")
                .text(labels, Lang::En)
                .as_deref(),
            Some("L0, L2")
        );
        assert_eq!(
            with(Choice::Skipped, " legal ")
                .text(labels, Lang::En)
                .as_deref(),
            Some("skipped: legal")
        );
        assert_eq!(
            with(Choice::Other(" ".into()), "").text(labels, Lang::En),
            None
        );
        assert_eq!(with(Choice::Open, "n").text(labels, Lang::En), None);
    }
}
