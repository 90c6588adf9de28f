//! Samples of what a value should have been (expected.rs) and of what is
//! wrong with a stored file (damage.rs).

use crate::i18n::{Damage, Expected, FlowDamage};
use crate::validate::JsonError;

kinds!(expected_kind: Expected {
    Expected::Table,
    Expected::Port,
    Expected::IpAddress,
    Expected::Url,
    Expected::Seconds,
    Expected::Bool,
    Expected::Lang,
    Expected::Object,
    Expected::List,
    Expected::Text,
    Expected::TextUpTo { .. },
    Expected::WholeNumber,
    Expected::WholeNumberUpTo { .. },
    Expected::SessionId,
    Expected::TaskId,
    Expected::Time,
    Expected::Action,
    Expected::ElicitResult,
});

kinds!(damage_kind: Damage {
    Damage::Json(_),
    Damage::Version { .. },
    Damage::Missing { .. },
    Damage::Unknown { .. },
    Damage::Field { .. },
    Damage::OtherSession { .. },
    Damage::Flow(_),
});

kinds!(flow_damage_kind: FlowDamage {
    FlowDamage::EmptyHistory,
    FlowDamage::FirstNotStart,
    FlowDamage::Step { .. },
    FlowDamage::CurrentStep { .. },
    FlowDamage::CurrentPhase { .. },
});

/// Every `Expected`.
#[rustfmt::skip]
pub(super) const EXPECTED: [Expected; 18] = [
    Expected::Table, Expected::Port, Expected::IpAddress, Expected::Url, Expected::Seconds,
    Expected::Bool, Expected::Lang, Expected::Object, Expected::List, Expected::Text,
    Expected::TextUpTo { max: 1000 }, Expected::WholeNumber, Expected::WholeNumberUpTo { max: 600 },
    Expected::SessionId, Expected::TaskId, Expected::Time, Expected::Action, Expected::ElicitResult,
];

/// Every `FlowDamage`.
pub(super) fn flow_damages() -> Vec<FlowDamage> {
    vec![
        FlowDamage::EmptyHistory,
        FlowDamage::FirstNotStart,
        FlowDamage::Step { index: 2, found: 5 },
        FlowDamage::CurrentStep {
            current: 4,
            last: 3,
        },
        FlowDamage::CurrentPhase {
            current: "CURRENT".into(),
            last: "LAST".into(),
        },
    ]
}

/// Every `Damage`, with each branch of its text.
pub(super) fn damages() -> Vec<Damage> {
    let json = JsonError {
        line: 2,
        column: 15,
        ends_early: false,
        near: "NEAR".into(),
    };
    let mut damages = vec![
        Damage::Json(json),
        Damage::Version {
            found: "\"FOUND\"".into(),
        },
        Damage::Missing {
            path: "PATH".into(),
        },
        Damage::Unknown {
            path: "PATH".into(),
            suggestion: Some("SUGGESTION".into()),
        },
        Damage::Unknown {
            path: "PATH".into(),
            suggestion: None,
        },
        Damage::Field {
            path: "PATH".into(),
            expected: Some(Expected::Time),
            found: "\"FOUND\"".into(),
        },
        Damage::Field {
            path: "PATH".into(),
            expected: None,
            found: "\"FOUND\"".into(),
        },
        Damage::OtherSession {
            found: "FOUND".into(),
        },
    ];
    damages.extend(flow_damages().into_iter().map(Damage::Flow));
    damages
}
