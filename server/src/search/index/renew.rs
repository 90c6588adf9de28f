//! Making the cache again where records changed: the lines of unchanged
//! records kept, those of new or changed ones cut again from the record.

use super::{Header, Index, IndexLine, WORDS_VERSION};
use crate::search::words::Words;
use crate::store::{DecisionStore, FileStamp};
use app::{Answer, DecisionRecord, SessionId};
use std::collections::BTreeMap;

impl Index {
    pub(super) fn empty() -> Index {
        Index {
            header: Header {
                words_version: WORDS_VERSION,
                ..Header::default()
            },
            lines: Vec::new(),
            unreadable: Vec::new(),
        }
    }

    /// The index of the records `stamps` names: the lines of those
    /// unchanged kept, those of new or changed records cut again.
    pub(super) fn renewed(
        self,
        store: &DecisionStore,
        words: &Words,
        stamps: &BTreeMap<String, FileStamp>,
    ) -> Index {
        let mut next = Index::empty();
        let kept = |key: &str| {
            self.header
                .records
                .get(key)
                .is_some_and(|stamp| stamps.get(key) == Some(stamp))
        };
        for line in self.lines.split(|b| *b == b'\n').filter(|l| !l.is_empty()) {
            let Ok(line) = serde_json::from_slice::<IndexLine>(line) else {
                continue;
            };
            if kept(&line.0) {
                next.push(line);
            }
        }
        for (key, stamp) in stamps {
            if kept(key) {
                next.header.records.insert(key.clone(), *stamp);
                continue;
            }
            let Ok(session) = key.parse::<SessionId>() else {
                continue;
            };
            match store.records().load(&session) {
                Ok(Some(record)) => {
                    for (item, cut) in item_words(&record, words) {
                        next.push(IndexLine(key.clone(), item, cut.join(" ")));
                    }
                    next.header.records.insert(key.clone(), *stamp);
                }
                Ok(None) => {}
                Err(_) => {
                    next.header.unreadable.insert(key.clone(), *stamp);
                }
            }
        }
        next
    }

    fn push(&mut self, line: IndexLine) {
        self.header.items += 1;
        self.header.words += line.2.split(' ').filter(|w| !w.is_empty()).count();
        if serde_json::to_writer(&mut self.lines, &line).is_ok() {
            self.lines.push(b'\n');
        }
    }
}

/// The words of each item of `record`: its title (twice: a title says
/// most), the session's task, the item's context and file, every option's
/// label, value, pros and cons, and the person's answer and note.
fn item_words(record: &DecisionRecord, words: &Words) -> Vec<(u32, Vec<String>)> {
    let input = &record.input.input;
    record
        .output
        .decisions()
        .iter()
        .filter_map(|decision| {
            let item = input.item(decision.id())?;
            let mut text = vec![item.title(), item.title(), input.task()];
            text.extend(item.context());
            text.extend(item.location().map(|l| l.file()));
            for option in item.options() {
                text.extend([option.label(), option.value()]);
                text.extend(option.pros().iter().map(String::as_str));
                text.extend(option.cons().iter().map(String::as_str));
                text.extend(option.preview());
            }
            if let Answer::Other(other) = decision.answer() {
                text.push(other);
            }
            text.extend(decision.note());
            Some((decision.id().get(), words.of(&text.join("\n"))))
        })
        .collect()
}
