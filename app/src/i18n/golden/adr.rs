//! Samples of `AdrText` (adr.rs).

use crate::i18n::AdrText;

kinds!(adr_text: AdrText {
    AdrText::DecisionMakers,
    AdrText::ContextHeading,
    AdrText::AskedWhile { .. },
    AdrText::Lines { .. },
    AdrText::OptionsHeading,
    AdrText::Score(_),
    AdrText::Recommended,
    AdrText::OutcomeHeading,
    AdrText::Chosen(_),
    AdrText::OwnAnswer(_),
    AdrText::Undecided,
    AdrText::Because(_),
    AdrText::ProsConsHeading,
    AdrText::Good(_),
    AdrText::Bad(_),
    AdrText::NeitherProsNorCons,
    AdrText::MoreHeading,
    AdrText::DecidedIn { .. },
    AdrText::SessionLink(_),
    AdrText::Supersedes(_),
    AdrText::SupersededBy(_),
    AdrText::Stop,
    AdrText::RulingTitle(_),
    AdrText::RulingScope { .. },
    AdrText::RulingOutcome(_),
    AdrText::RulingFrom { .. },
});

/// Every AdrText, with each branch of its text.
#[rustfmt::skip]
pub(super) fn adr_texts() -> Vec<AdrText> {
    vec![
        AdrText::DecisionMakers,
        AdrText::ContextHeading,
        AdrText::AskedWhile { task: "TASK".into() },
        AdrText::Lines { file: "FILE".into(), start: 3, end: 9 },
        AdrText::OptionsHeading,
        AdrText::Score(85),
        AdrText::Recommended,
        AdrText::OutcomeHeading,
        AdrText::Chosen(vec!["LABEL".into()]),
        AdrText::Chosen(vec!["LABEL1".into(), "LABEL2".into()]),
        AdrText::OwnAnswer("OTHER".into()),
        AdrText::Undecided,
        AdrText::Because("NOTE".into()),
        AdrText::ProsConsHeading,
        AdrText::Good("PRO".into()),
        AdrText::Bad("CON".into()),
        AdrText::NeitherProsNorCons,
        AdrText::MoreHeading,
        AdrText::DecidedIn { date: "DATE".into(), session: "SESSION".into(), item: 2 },
        AdrText::SessionLink("SESSION".into()),
        AdrText::Supersedes("LINK".into()),
        AdrText::SupersededBy("LINK".into()),
        AdrText::Stop,
        AdrText::RulingTitle("TITLE".into()),
        AdrText::RulingScope { all_projects: false, path: None, until: None },
        AdrText::RulingScope { all_projects: true, path: Some("PATH".into()), until: Some("UNTIL".into()) },
        AdrText::RulingOutcome("LABEL".into()),
        AdrText::RulingFrom { date: "DATE".into(), session: "SESSION".into(), item: 2 },
    ]
}
