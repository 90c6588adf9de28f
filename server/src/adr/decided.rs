//! The decided items of a project, each with what it was asked, and which
//! later decision of the same question supersedes which.

use crate::search::Words;
use crate::search::same::{Question, likeness};
use crate::store::{DecisionStore, StoreError};
use app::{Answer, DecideItem, Lang, SessionId, Timestamp};
use std::collections::HashMap;

/// One decided item.
pub struct Decided {
    pub session: SessionId,
    pub item_id: u32,
    pub item: DecideItem,
    pub task: String,
    pub answer: Answer,
    pub note: Option<String>,
    pub at: Timestamp,
    /// The language the record is written in.
    pub lang: Lang,
    /// The question it asks, to tell a later decision of it.
    question: Question,
}

impl Decided {
    pub(super) fn date(&self) -> String {
        self.at.get().format("%Y-%m-%d").to_string()
    }
}

/// Every decided item, the earliest first (skipped ones are not
/// decisions); a record that cannot be read is passed by.
pub(super) fn decided(
    store: &DecisionStore,
    chosen: Option<Lang>,
    unreadable: &mut Vec<StoreError>,
) -> Result<Vec<Decided>, StoreError> {
    let words = Words::default();
    let mut all = Vec::new();
    for (session, _) in store.records().stamps()? {
        let record = match store.records().load(&session) {
            Ok(Some(record)) => record,
            Ok(None) => continue,
            Err(e) => {
                unreadable.push(e);
                continue;
            }
        };
        let input = &record.input.input;
        let lang = crate::lang::for_person(chosen, input);
        for decision in record.output.decisions() {
            if matches!(decision.answer(), Answer::Skipped) {
                continue;
            }
            let Some(item) = input.item(decision.id()) else {
                continue;
            };
            let question = Question::of(item, input.task(), &words);
            all.push(Decided {
                session: session.clone(),
                item_id: decision.id().get(),
                item: item.clone(),
                task: input.task().to_owned(),
                answer: decision.answer().clone(),
                note: decision.note().map(str::to_owned),
                at: record.completed_at,
                lang,
                question,
            });
        }
    }
    all.sort_by(|a, b| {
        (a.at.get(), &a.session, a.item_id).cmp(&(b.at.get(), &b.session, b.item_id))
    });
    Ok(all)
}

/// For each decision, the one of the same question it supersedes (the
/// latest before it) and the one that supersedes it (the next after it):
/// the same question as the page's precedents take it
/// (`search::same`). Only decisions whose titles share a concept
/// or word are compared.
pub(super) fn supersessions(decided: &[Decided]) -> (HashMap<usize, usize>, HashMap<usize, usize>) {
    let words = Words::default();
    let mut holding: HashMap<&str, Vec<usize>> = HashMap::new();
    let (mut earlier, mut later) = (HashMap::new(), HashMap::new());
    for (at, d) in decided.iter().enumerate() {
        let mut before: Vec<usize> = d
            .question
            .title
            .iter()
            .flat_map(|u| holding.get(u.text.as_str()).into_iter().flatten().copied())
            .collect();
        before.sort_unstable();
        before.dedup();
        let before = before
            .into_iter()
            .rev()
            .find(|&b| likeness(&decided[b].question, &d.question, &words).same());
        // Each decision is superseded once: by the next of its question.
        if let Some(before) = before
            && let std::collections::hash_map::Entry::Vacant(next) = later.entry(before)
        {
            next.insert(at);
            earlier.insert(at, before);
        }
        for unit in &d.question.title {
            holding.entry(unit.text.as_str()).or_default().push(at);
        }
    }
    (earlier, later)
}
