//! The decided items of a project, each with what it was asked, and which
//! later decision of the same question supersedes which.

use crate::search::Words;
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
    /// The question in words, to tell a later decision of it.
    question: Vec<String>,
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
            let question = words.question(item.title());
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
/// (`search::same_question`).
pub(super) fn supersessions(decided: &[Decided]) -> (HashMap<usize, usize>, HashMap<usize, usize>) {
    let mut asked: HashMap<&[String], Vec<usize>> = HashMap::new();
    let (mut earlier, mut later) = (HashMap::new(), HashMap::new());
    for (at, d) in decided.iter().enumerate() {
        if d.question.is_empty() {
            continue;
        }
        let before_it = asked.entry(&d.question).or_default();
        let before = before_it
            .iter()
            .rev()
            .copied()
            .find(|&b| crate::search::same_question(true, &decided[b].item, &d.item));
        // Each decision is superseded once: by the next of its question.
        if let Some(before) = before
            && let std::collections::hash_map::Entry::Vacant(next) = later.entry(before)
        {
            next.insert(at);
            earlier.insert(at, before);
        }
        before_it.push(at);
    }
    (earlier, later)
}
