//! Samples of `StoreMsg` (store.rs).

use crate::i18n::{HistoryWord, SearchWord, SessionListed, StoreMsg};

kinds!(store_msg: StoreMsg {
    StoreMsg::TooNew { .. },
    StoreMsg::Busy { .. },
    StoreMsg::LedgerFailed { .. },
    StoreMsg::LedgerSkipped { .. },
    StoreMsg::DraftSetAside { .. },
    StoreMsg::DraftUnreadable { .. },
    StoreMsg::NoSessions,
    StoreMsg::NothingWaiting,
    StoreMsg::NotListed { .. },
    StoreMsg::ListUnusable { .. },
    StoreMsg::ProjectGone { .. },
    StoreMsg::NotRegular { .. },
    StoreMsg::Panicked,
    StoreMsg::BadSessionId { .. },
    StoreMsg::NoRecord { .. },
    StoreMsg::NotDecidedYet { .. },
    StoreMsg::UnknownSession { .. },
    StoreMsg::Replaced { .. },
    StoreMsg::Withdrawn { .. },
    StoreMsg::WithdrewSession { .. },
    StoreMsg::CannotWithdrawDecided { .. },
    StoreMsg::Cleaned { .. },
    StoreMsg::NothingToClean,
    StoreMsg::SeveralPending { .. },
    StoreMsg::SessionNamed { .. },
    StoreMsg::QueryNoWords { .. },
    StoreMsg::NothingFound { .. },
    StoreMsg::AdrWritten { .. },
    StoreMsg::AdrDone { .. },
    StoreMsg::AdrFolder { .. },
    StoreMsg::AdrNotOurs { .. },
    StoreMsg::AdrWrite { .. },
});

kinds!(search_word: SearchWord {
    SearchWord::Chosen(_),
    SearchWord::Other(_),
    SearchWord::Skipped,
    SearchWord::Note(_),
    SearchWord::Where { .. },
    SearchWord::Project(_),
    SearchWord::FromRepository,
});

/// Every SearchWord.
#[rustfmt::skip]
pub(super) fn search_words() -> Vec<SearchWord> {
    vec![
        SearchWord::Chosen("CHOSEN".into()),
        SearchWord::Other("OTHER".into()),
        SearchWord::Skipped,
        SearchWord::Note("NOTE".into()),
        SearchWord::Where { session: "SESSION".into(), item: 2 },
        SearchWord::Project("FOLDER".into()),
        SearchWord::FromRepository,
    ]
}

/// Every StoreMsg, with each branch of its text.
#[rustfmt::skip]
pub(super) fn store_msgs() -> Vec<StoreMsg> {
    vec![
        StoreMsg::TooNew { file: "FILE".into(), found: "FOUND".into(), reads: "READS".into() },
        StoreMsg::Busy { pid: Some(4321), secs: 42 },
        StoreMsg::Busy { pid: None, secs: 42 },
        StoreMsg::LedgerFailed { detail: "DETAIL".into() },
        StoreMsg::LedgerSkipped { lines: 3 },
        StoreMsg::LedgerSkipped { lines: 1 },
        StoreMsg::DraftSetAside { file: "FILE".into(), detail: "DETAIL".into() },
        StoreMsg::DraftUnreadable { detail: "DETAIL".into() },
        StoreMsg::Panicked,
        StoreMsg::NoSessions,
        StoreMsg::NothingWaiting,
        StoreMsg::NotListed { folder: "FOLDER".into(), detail: "DETAIL".into() },
        StoreMsg::ListUnusable { folder: "FOLDER".into(), detail: "DETAIL".into() },
        StoreMsg::ProjectGone { folder: "FOLDER".into() },
        StoreMsg::NotRegular { path: "PATH".into() },
        StoreMsg::BadSessionId { arg: "ARG".into() },
        StoreMsg::NoRecord { session: "SESSION".into() },
        StoreMsg::NotDecidedYet { session: "SESSION".into() },
        StoreMsg::UnknownSession { session: "SESSION".into() },
        StoreMsg::Replaced { session: "SESSION".into(), by: "BY".into() },
        StoreMsg::Withdrawn { session: "SESSION".into(), reason: Some("REASON".into()) },
        StoreMsg::Withdrawn { session: "SESSION".into(), reason: None },
        StoreMsg::WithdrewSession { session: "SESSION".into(), reason: Some("REASON".into()) },
        StoreMsg::WithdrewSession { session: "SESSION".into(), reason: None },
        StoreMsg::CannotWithdrawDecided { session: "SESSION".into() },
        StoreMsg::Cleaned { count: 3, sessions: "SESSIONS".into() },
        StoreMsg::Cleaned { count: 1, sessions: "SESSIONS".into() },
        StoreMsg::NothingToClean,
        StoreMsg::SeveralPending { sessions: open_sessions(&[HistoryWord::State(crate::model::SessionState::PENDING), HistoryWord::State(crate::model::SessionState::PENDING)]) },
        StoreMsg::SeveralPending { sessions: open_sessions(&[HistoryWord::State(crate::model::SessionState::PENDING), HistoryWord::State(crate::model::SessionState::DECIDED)]) },
        StoreMsg::SeveralPending { sessions: open_sessions(&[HistoryWord::State(crate::model::SessionState::PENDING), HistoryWord::State(crate::model::SessionState::WITHDRAWN)]) },
        StoreMsg::SessionNamed { session: "SESSION".into(), task: "TASK".into() },
        StoreMsg::QueryNoWords { query: "QUERY".into() },
        StoreMsg::NothingFound { query: "QUERY".into() },
        StoreMsg::AdrWritten { path: "PATH".into(), updated: false },
        StoreMsg::AdrWritten { path: "PATH".into(), updated: true },
        StoreMsg::AdrDone { written: 3, updated: 1, unchanged: 2, folder: "FOLDER".into() },
        StoreMsg::AdrFolder { folder: "FOLDER".into(), detail: "DETAIL".into() },
        StoreMsg::AdrNotOurs { path: "PATH".into() },
        StoreMsg::AdrWrite { path: "PATH".into(), detail: "DETAIL".into() },
    ]
}

/// Two sessions in the given states, for `SeveralPending`.
pub(super) fn open_sessions(states: &[HistoryWord]) -> Vec<SessionListed> {
    states
        .iter()
        .enumerate()
        .map(|(n, state)| SessionListed {
            session: format!("SESSION{n}"),
            task: format!("TASK{n}"),
            state: *state,
        })
        .collect()
}
