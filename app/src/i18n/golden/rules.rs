//! Samples of `RulesMsg` (rules.rs).

use crate::i18n::{RuleField, RuleLine, RuleScope, RulesMsg};

kinds!(rules_msg: RulesMsg {
    RulesMsg::Off { .. },
    RulesMsg::NotOurs { .. },
    RulesMsg::Changed,
    RulesMsg::BadField { .. },
    RulesMsg::NotDecidedHere { .. },
    RulesMsg::NotOneOption { .. },
    RulesMsg::NoRuling { .. },
    RulesMsg::ConfirmRevoke { .. },
    RulesMsg::NoUserFolder,
    RulesMsg::Granted { .. },
    RulesMsg::Revoked { .. },
    RulesMsg::Paused,
    RulesMsg::Resumed,
    RulesMsg::AllRuled { .. },
    RulesMsg::RuledItem { .. },
    RulesMsg::Stale { .. },
    RulesMsg::Line(_),
    RulesMsg::FoundRulings { .. },
    RulesMsg::NoRulings { .. },
    RulesMsg::PausedNote,
});

/// Every RulesMsg, with each branch of its text.
#[rustfmt::skip]
pub(super) fn rules_msgs() -> Vec<RulesMsg> {
    let line = |scope, path: Option<&str>, until: Option<&str>, stale| RulesMsg::Line(Box::new(RuleLine {
        id: "ID".into(), title: "TITLE".into(), answer: "ANSWER".into(), scope,
        path: path.map(str::to_owned), until: until.map(str::to_owned), stale,
    }));
    vec![
        RulesMsg::Off { file: "FILE".into(), detail: "DETAIL".into() },
        RulesMsg::NotOurs { file: "FILE".into() },
        RulesMsg::Changed,
        RulesMsg::BadField { field: RuleField::Scope, value: "VALUE".into() },
        RulesMsg::BadField { field: RuleField::Path, value: "VALUE".into() },
        RulesMsg::BadField { field: RuleField::Until, value: "VALUE".into() },
        RulesMsg::NotDecidedHere { session: "SESSION".into() },
        RulesMsg::NotOneOption { item: 2 },
        RulesMsg::NoRuling { id: "ID".into() },
        RulesMsg::ConfirmRevoke { id: "ID".into() },
        RulesMsg::NoUserFolder,
        RulesMsg::Granted { id: "ID".into() },
        RulesMsg::Revoked { id: "ID".into() },
        RulesMsg::Paused,
        RulesMsg::Resumed,
        RulesMsg::AllRuled { items: 3 },
        RulesMsg::RuledItem { item: 2, title: "TITLE".into(), answer: "ANSWER".into(), id: "ID".into() },
        RulesMsg::Stale { id: "ID".into(), title: "TITLE".into() },
        line(RuleScope::Project, None, None, false),
        line(RuleScope::All, Some("PATH"), Some("UNTIL"), true),
        RulesMsg::FoundRulings { count: 2 },
        RulesMsg::NoRulings { paused: false },
        RulesMsg::NoRulings { paused: true },
        RulesMsg::PausedNote,
    ]
}
