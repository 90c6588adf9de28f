//! Which standing rulings answer the items of a new question (issue 56).
//! A ruling answers an item when it is the same question by aide's one
//! notion (`same::likeness`), held to a stricter bar than a precedent's
//! (`Likeness::ruled`, over the ruling's title and option values): the
//! ruling's own option offered again, and at least half of the options it
//! was granted from; and when its scope, path pattern and last day fit. Never an item that says `"ask": "always"`.
//! The same question without the ruling's option makes the ruling stale:
//! the person is asked.

use super::same::{Question, likeness};
use super::words::Words;
use crate::store::Ruling;
use app::{DecideInput, DecideItem, Decision, RuledBy};
use chrono::NaiveDate;
use globset::{Glob, GlobMatcher};
use std::path::Path;

/// A ruling with its path pattern built once.
pub struct Standing<'a> {
    pub ruling: &'a Ruling,
    matcher: Option<GlobMatcher>,
    question: Question,
}

impl<'a> Standing<'a> {
    /// `ruling`, ready to match; `None` when its pattern is not a glob
    /// (refused at grant, so only a file edited by hand has one).
    pub fn new(ruling: &'a Ruling, words: &Words) -> Option<Standing<'a>> {
        let matcher = match &ruling.path {
            Some(pattern) => Some(pattern_matcher(pattern)?),
            None => None,
        };
        let values = ruling.options.iter().map(String::as_str);
        let question = Question::of_title(&ruling.title, values, words);
        Some(Standing {
            ruling,
            matcher,
            question,
        })
    }
}

/// A path pattern as a ruling matches it: `None` when it is not a glob.
pub fn pattern_matcher(pattern: &str) -> Option<GlobMatcher> {
    let glob = Glob::new(pattern.trim()).ok()?;
    Some(glob.compile_matcher())
}

/// What the rulings say of one input.
#[derive(Debug, Default)]
pub struct Ruled {
    /// Per item, in the items' order: the ruling's answer, or none.
    pub answers: Vec<Option<Decision>>,
    /// The rulings found stale: (ruling id, the item's title).
    pub stale: Vec<(String, String)>,
}

impl Ruled {
    /// Whether a ruling answers every item.
    pub fn all(&self) -> bool {
        !self.answers.is_empty() && self.answers.iter().all(Option::is_some)
    }
}

/// The rulings of `standing` that answer each item of `input`, asked in
/// `project` on `today`.
pub fn rule(
    standing: &[Standing<'_>],
    project: &Path,
    words: &Words,
    input: &DecideInput,
    today: NaiveDate,
) -> Ruled {
    let mut ruled = Ruled::default();
    for item in input.items() {
        let answer = if item.ask_always() {
            None
        } else {
            let asked = Question::of(item, input.task(), words);
            answer(
                standing,
                project,
                words,
                (item, &asked),
                today,
                &mut ruled.stale,
            )
        };
        ruled.answers.push(answer);
    }
    ruled
}

fn answer(
    standing: &[Standing<'_>],
    project: &Path,
    words: &Words,
    (item, asked): (&DecideItem, &Question),
    today: NaiveDate,
    stale: &mut Vec<(String, String)>,
) -> Option<Decision> {
    for s in standing {
        let ruling = s.ruling;
        let fits = ruling.until.is_none_or(|last| today <= last)
            && fits_project(ruling, project)
            && s.matcher.as_ref().is_none_or(|m| {
                item.location()
                    .is_some_and(|location| m.is_match(location.file()))
            });
        if !fits {
            continue;
        }
        if !likeness(&s.question, asked, words).ruled() {
            continue;
        }
        // The same question offering none of its choices asks of
        // something else.
        let offered = ruling
            .options
            .iter()
            .filter(|value| item.option(value).is_some())
            .count();
        if offered == 0 {
            continue;
        }
        if item.option(&ruling.answer).is_none() {
            stale.push((ruling.id.clone(), item.title().to_owned()));
            continue;
        }
        // Stricter than a precedent: most of what was offered is offered again.
        if offered * 2 < ruling.options.len() {
            continue;
        }
        let by = RuledBy {
            ruling: ruling.id.clone(),
            record: ruling.record.clone(),
            item: ruling.item,
        };
        if let Some(decision) = Decision::ruled(item, &ruling.answer, by) {
            return Some(decision);
        }
    }
    None
}

/// A ruling of the per-user file fits every project; one of a project's
/// file that project (a copy of it elsewhere fits nothing).
fn fits_project(ruling: &Ruling, project: &Path) -> bool {
    ruling.all_projects || ruling.project == project
}

#[cfg(test)]
mod tests {
    use super::*;
    use app::{By, ItemId};
    use serde_json::json;

    fn ruling(path: Option<&str>, until: Option<&str>) -> Ruling {
        Ruling {
            id: "2026-01-01T00-00-00.1".into(),
            project: "/p".into(),
            all_projects: false,
            record: "2026-01-01T00-00-00".parse().unwrap(),
            item: ItemId::new(1).unwrap(),
            title: "Which database for sessions?".into(),
            options: vec!["pg".into(), "sqlite".into(), "redis".into()],
            answer: "pg".into(),
            label: "PostgreSQL".into(),
            path: path.map(str::to_owned),
            until: until.map(|d| d.parse().unwrap()),
            granted_at: crate::store::timestamp(chrono::Local::now()),
            stale: false,
        }
    }

    fn input(items: serde_json::Value) -> DecideInput {
        app::validate_input(&json!({ "task": "t", "source": "s", "items": items })).unwrap()
    }

    fn item(id: u32, title: &str, options: &[&str], extra: serde_json::Value) -> serde_json::Value {
        let mut item = json!({
            "id": id, "title": title,
            "options": options.iter().map(|v| json!({ "value": v, "label": v })).collect::<Vec<_>>(),
        });
        if let (Some(item), Some(extra)) = (item.as_object_mut(), extra.as_object()) {
            item.extend(extra.clone());
        }
        item
    }

    fn day(text: &str) -> NaiveDate {
        text.parse().unwrap()
    }

    #[test]
    fn the_same_question_is_ruled_and_a_near_miss_never() {
        let words = Words::default();
        let r = ruling(None, None);
        let standing = [Standing::new(&r, &words).unwrap()];
        let asked = input(json!([
            item(
                1,
                "Which database for sessions?",
                &["pg", "sqlite"],
                json!({})
            ),
            item(
                2,
                "Which database for invoices?",
                &["pg", "sqlite"],
                json!({})
            ),
            item(
                3,
                "Which database for sessions?",
                &["pg", "sqlite"],
                json!({ "ask": "always" })
            ),
            item(
                4,
                "Which database for sessions?",
                &["pg", "mysql", "oracle", "db2", "mssql", "x"],
                json!({})
            ),
        ]));
        let ruled = rule(
            &standing,
            Path::new("/p"),
            &words,
            &asked,
            day("2026-06-01"),
        );
        let by = |n: usize| ruled.answers[n].as_ref().map(|d| d.by().clone());
        assert!(matches!(by(0), Some(By::Ruling(b)) if b.ruling == r.id));
        assert_eq!(ruled.answers[0].as_ref().unwrap().chosen(), Some("pg"));
        assert!(by(1).is_none(), "another question");
        assert!(by(2).is_none(), "ask: always");
        assert!(by(3).is_none(), "too few of its options offered again");
        assert!(!ruled.all());
        assert!(ruled.stale.is_empty());
    }

    #[test]
    fn scope_path_and_last_day_must_fit_and_a_missing_option_is_stale() {
        let words = Words::default();
        let same = |extra| {
            input(json!([item(
                1,
                "Which database for sessions?",
                &["pg", "sqlite"],
                extra
            )]))
        };
        let at = |file: &str| json!({ "location": { "file": file, "start": 1, "end": 2 } });
        let ruled = |r: &Ruling, asked: &DecideInput, project: &str, today: &str| {
            let standing = [Standing::new(r, &words).unwrap()];
            rule(&standing, Path::new(project), &words, asked, day(today))
        };
        let plain = ruling(None, Some("2026-06-30"));
        assert!(ruled(&plain, &same(json!({})), "/p", "2026-06-30").all());
        assert!(
            !ruled(&plain, &same(json!({})), "/p", "2026-07-01").all(),
            "past its day"
        );
        assert!(
            !ruled(&plain, &same(json!({})), "/elsewhere", "2026-06-01").all(),
            "another project"
        );
        let everywhere = Ruling {
            all_projects: true,
            ..plain.clone()
        };
        assert!(ruled(&everywhere, &same(json!({})), "/elsewhere", "2026-06-01").all());
        let under = ruling(Some("src/auth/**"), None);
        assert!(ruled(&under, &same(at("src/auth/session.rs")), "/p", "2026-06-01").all());
        assert!(!ruled(&under, &same(at("src/billing/a.rs")), "/p", "2026-06-01").all());
        assert!(
            !ruled(&under, &same(json!({})), "/p", "2026-06-01").all(),
            "no location"
        );
        let gone = input(json!([item(
            1,
            "Which database for sessions?",
            &["sqlite", "redis"],
            json!({})
        )]));
        let found = ruled(&plain, &gone, "/p", "2026-06-01");
        assert!(!found.all());
        assert_eq!(
            found.stale,
            [(plain.id.clone(), "Which database for sessions?".to_owned())]
        );
        assert!(pattern_matcher("src/[").is_none(), "not a glob");
    }
}

/// The labelled pairs of `bench/same-question/` (issue 56): a ruling
/// granted from the earlier item, with any of its options, applies to none
/// of the different-question pairs. How many same-question pairs it applies
/// to is printed (`cargo test … pairs -- --nocapture`) for `bench/rulings.md`.
#[cfg(test)]
pub(crate) mod pairs {
    use super::*;
    use serde_json::{Value, json};

    pub(crate) fn item(side: &Value) -> DecideInput {
        let mut item = side["item"].clone();
        item["id"] = json!(1);
        app::validate_input(&json!({ "task": side["task"], "source": "chat", "items": [item] }))
            .expect("a valid item")
    }

    /// Whether a ruling granted from `earlier`'s one item, with any of its
    /// options (every answer the person could have given), answers
    /// `later`'s.
    pub(crate) fn ruled_by_any(earlier: &DecideInput, later: &DecideInput, words: &Words) -> bool {
        let today = chrono::NaiveDate::from_ymd_opt(2026, 1, 1).unwrap();
        let asked = &earlier.items()[0];
        asked.options().iter().any(|option| {
            let ruling = Ruling {
                id: "r.1".into(),
                project: "/p".into(),
                all_projects: false,
                record: "2026-01-01T00-00-00".parse().unwrap(),
                item: app::ItemId::new(1).unwrap(),
                title: asked.title().to_owned(),
                options: asked
                    .options()
                    .iter()
                    .map(|o| o.value().to_owned())
                    .collect(),
                answer: option.value().to_owned(),
                label: option.label().to_owned(),
                path: None,
                until: None,
                granted_at: crate::store::timestamp(chrono::Local::now()),
                stale: false,
            };
            let standing = [Standing::new(&ruling, words).unwrap()];
            rule(&standing, Path::new("/p"), words, later, today).all()
        })
    }

    #[test]
    fn a_ruling_applies_to_no_pair_of_different_questions() {
        let text = include_str!("../../../bench/same-question/pairs.jsonl");
        let words = Words::default();
        let (mut same, mut same_ruled, mut different, mut different_ruled) = (0, 0, 0, 0);
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let pair: Value = serde_json::from_str(line).unwrap();
            let (earlier, later) = (item(&pair["earlier"]), item(&pair["later"]));
            let ruled = ruled_by_any(&earlier, &later, &words);
            if pair["kind"] == "same" {
                same += 1;
                same_ruled += usize::from(ruled);
            } else {
                different += 1;
                different_ruled += usize::from(ruled);
                assert!(
                    !ruled,
                    "a ruling applies to a different question: {}",
                    pair["id"]
                );
            }
        }
        println!(
            "pairs: a ruling applies to {same_ruled} of {same} same-question pairs and {different_ruled} of {different} different ones"
        );
        assert!(same + different >= 60);
    }
}
