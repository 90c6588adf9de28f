//! Samples of what a value should have been (expected.rs).

use crate::i18n::Expected;

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

/// Every `Expected`.
#[rustfmt::skip]
pub(super) const EXPECTED: [Expected; 18] = [
    Expected::Table, Expected::Port, Expected::IpAddress, Expected::Url, Expected::Seconds,
    Expected::Bool, Expected::Lang, Expected::Object, Expected::List, Expected::Text,
    Expected::TextUpTo { max: 1000 }, Expected::WholeNumber, Expected::WholeNumberUpTo { max: 600 },
    Expected::SessionId, Expected::TaskId, Expected::Time, Expected::Action, Expected::ElicitResult,
];
