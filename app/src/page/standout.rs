//! Why the recommended option stands out from the others, worked out from
//! the options themselves: the input carries no reason of its own.

pub use crate::i18n::Standout;
use crate::model::DecideItem;

/// The reason for `item`'s recommended option, if it has one.
pub fn standout(item: &DecideItem) -> Option<Standout> {
    let recommended = item.recommend()?;
    let options = item.options();
    let pick = options.iter().find(|o| o.value() == recommended)?;
    let others: Vec<_> = options
        .iter()
        .filter(|o| o.value() != recommended)
        .collect();
    let other_top = others
        .iter()
        .filter_map(|o| o.score())
        .map(|s| s.get())
        .max();
    if let Some(score) = pick.score().map(|s| s.get()) {
        match other_top {
            Some(top) if top > score => return Some(Standout::BelowTopScore { score, top }),
            Some(top) if top == score => return Some(Standout::SharedTopScore { score }),
            next => return Some(Standout::HighestScore { score, next }),
        }
    }
    let cons = pick.cons().len();
    let pros = pick.pros().len();
    if others.iter().all(|o| o.cons().len() > cons) {
        Some(Standout::FewestCons)
    } else if others.iter().all(|o| o.pros().len() < pros) {
        Some(Standout::MostPros)
    } else {
        Some(Standout::AgentsPick)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::DecideInput;
    use serde_json::json;

    fn item(options: serde_json::Value, recommend: Option<&str>) -> DecideItem {
        let mut item = json!({ "id": 1, "title": "t", "options": options });
        if let Some(r) = recommend {
            item["recommend"] = r.into();
        }
        let input = DecideInput::try_from(json!({ "task": "t", "source": "s", "items": [item] }))
            .expect("valid input");
        input.items()[0].clone()
    }

    #[test]
    fn scores_decide_first() {
        let scored = json!([
            { "value": "a", "label": "A", "score": 85 },
            { "value": "b", "label": "B", "score": 70 },
            { "value": "c", "label": "C" }
        ]);
        assert_eq!(
            standout(&item(scored.clone(), Some("a"))),
            Some(Standout::HighestScore {
                score: 85,
                next: Some(70)
            })
        );
        assert_eq!(
            standout(&item(scored.clone(), Some("b"))),
            Some(Standout::BelowTopScore { score: 70, top: 85 })
        );
        assert_eq!(
            standout(&item(
                json!([
                    { "value": "a", "label": "A", "score": 80 },
                    { "value": "b", "label": "B", "score": 80 }
                ]),
                Some("b")
            )),
            Some(Standout::SharedTopScore { score: 80 })
        );
        assert_eq!(standout(&item(scored, None)), None);
    }

    #[test]
    fn without_scores_pros_and_cons_then_the_agent() {
        let options = json!([
            { "value": "a", "label": "A", "pros": ["x", "y"], "cons": ["z"] },
            { "value": "b", "label": "B", "pros": ["x"], "cons": ["z", "w"] }
        ]);
        assert_eq!(
            standout(&item(options.clone(), Some("a"))),
            Some(Standout::FewestCons)
        );
        assert_eq!(
            standout(&item(options, Some("b"))),
            Some(Standout::AgentsPick)
        );
        let options = json!([
            { "value": "a", "label": "A", "pros": ["x", "y"] },
            { "value": "b", "label": "B", "pros": ["x"] }
        ]);
        assert_eq!(
            standout(&item(options, Some("a"))),
            Some(Standout::MostPros)
        );
    }
}
