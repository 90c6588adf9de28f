//! Sessions: history, waiting, show, cancel and clean, and which session an answer is for.

use super::StoreMsg;
use crate::Lang;
use crate::model::SessionState;

/// The text of a message of this file.
pub(super) fn text(msg: &StoreMsg, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    match msg {
        StoreMsg::NothingWaiting => lang
            .pick(
                "本机没有等你回答的问题",
                "No question is waiting for you on this machine",
            )
            .into(),
        StoreMsg::NoSessions => lang.pick("尚无决策会话", "No decision sessions yet").into(),
        StoreMsg::BadSessionId { arg } if zh => {
            format!("{arg} 不是会话标识,应为 YYYY-MM-DDTHH-mm-ss 格式")
        }
        StoreMsg::BadSessionId { arg } => {
            format!("{arg} is not a session id of the form YYYY-MM-DDTHH-mm-ss")
        }
        StoreMsg::NoRecord { session } if zh => format!("未找到会话 {session} 的决策记录"),
        StoreMsg::NoRecord { session } => format!("No decision record of session {session}"),
        StoreMsg::NotDecidedYet { session } if zh => format!("会话 {session} 尚未完成决策"),
        StoreMsg::NotDecidedYet { session } => {
            format!("Session {session} is not decided yet")
        }
        StoreMsg::UnknownSession { session } if zh => format!("此项目中没有会话 {session}"),
        StoreMsg::UnknownSession { session } => {
            format!("There is no session {session} in this project")
        }
        StoreMsg::Replaced { session, by } if zh => {
            format!("会话 {session} 在作答前已被会话 {by} 替换,不会再有答案")
        }
        StoreMsg::Replaced { session, by } => format!(
            "Session {session} was replaced by session {by} before it was answered; it will get no answers"
        ),
        StoreMsg::Withdrawn { session, reason } if zh => match reason {
            Some(reason) => format!("会话 {session} 已被撤回: {reason}"),
            None => format!("会话 {session} 已被撤回"),
        },
        StoreMsg::Withdrawn { session, reason } => match reason {
            Some(reason) => format!("Session {session} was withdrawn: {reason}"),
            None => format!("Session {session} was withdrawn"),
        },
        StoreMsg::WithdrewSession { session, reason } if zh => match reason {
            Some(reason) => format!("已撤回会话 {session}: {reason}"),
            None => format!("已撤回会话 {session}"),
        },
        StoreMsg::WithdrewSession { session, reason } => match reason {
            Some(reason) => format!("Withdrew session {session}: {reason}"),
            None => format!("Withdrew session {session}"),
        },
        StoreMsg::CannotWithdrawDecided { session } if zh => {
            format!("会话 {session} 已经回答过了,无法撤回")
        }
        StoreMsg::CannotWithdrawDecided { session } => {
            format!("Session {session} was already answered and cannot be withdrawn")
        }
        StoreMsg::Cleaned { count, sessions } if zh => {
            format!("已删除 {count} 个会话: {sessions}")
        }
        StoreMsg::Cleaned { count: 1, sessions } => format!("Removed 1 session: {sessions}"),
        StoreMsg::Cleaned { count, sessions } => {
            format!("Removed {count} sessions: {sessions}")
        }
        StoreMsg::NothingToClean => lang
            .pick("没有需要删除的会话", "No sessions to remove")
            .into(),
        StoreMsg::SeveralPending { sessions } => several_pending(sessions, lang),
        StoreMsg::SessionNamed { session, task } if zh => format!("会话 {session}({task})"),
        StoreMsg::SessionNamed { session, task } => format!("Session {session} ({task})"),
        _ => unreachable!("not a text of sessions.rs: {msg:?}"),
    }
}

/// `2 sessions are pending: ID1 (task), ID2 (task)`; when one of them
/// (the newest) is decided or withdrawn already, each says which.
fn several_pending(sessions: &[SessionListed], lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    let all_pending = sessions
        .iter()
        .all(|s| s.state == HistoryWord::State(SessionState::PENDING));
    let listed: Vec<String> = sessions
        .iter()
        .map(|s| {
            let (session, task) = (&s.session, &s.task);
            match (s.state, zh) {
                (HistoryWord::State(SessionState::Pending(())), true) => {
                    format!("{session}({task})")
                }
                (HistoryWord::State(SessionState::Pending(())), false) => {
                    format!("{session} ({task})")
                }
                (state, true) => format!("{session}({task},{})", state.text(lang)),
                (state, false) => format!("{session} ({task}, {})", state.text(lang)),
            }
        })
        .collect();
    let n = sessions.len();
    match (all_pending, zh) {
        (true, true) => format!("有 {n} 个待定会话: {}", listed.join("、")),
        (true, false) => format!("{n} sessions are pending: {}", listed.join(", ")),
        (false, true) => format!("此项目中有 {n} 个会话: {}", listed.join("、")),
        (false, false) => format!("{n} sessions share this project: {}", listed.join(", ")),
    }
}

/// One session of [`StoreMsg::SeveralPending`]: its id, task and state
/// (pending, or the newest session's decided or withdrawn).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionListed {
    pub session: String,
    pub task: String,
    pub state: HistoryWord,
}

/// The words of `aide decide history`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HistoryWord {
    /// Where a session stands.
    State(SessionState),
    /// Decided, but its record came with the repository: not the person's
    /// own answers, given here.
    DecidedElsewhere,
    /// `{n} items`.
    Items(usize),
}

impl From<SessionState> for HistoryWord {
    /// The word `history` prints for a session's state.
    fn from(state: SessionState) -> Self {
        HistoryWord::State(state)
    }
}

impl HistoryWord {
    pub fn text(self, lang: Lang) -> String {
        match self {
            HistoryWord::State(SessionState::Pending(())) => lang.pick("待决策", "pending").into(),
            HistoryWord::State(SessionState::Decided(())) => lang.pick("已决策", "decided").into(),
            HistoryWord::State(SessionState::Replaced(())) => {
                lang.pick("已替换", "replaced").into()
            }
            HistoryWord::State(SessionState::Withdrawn(())) => {
                lang.pick("已撤回", "withdrawn").into()
            }
            HistoryWord::DecidedElsewhere => lang
                .pick("已决策(来自仓库)", "decided (from the repository)")
                .into(),
            HistoryWord::Items(n) if lang == Lang::Zh => format!("{n} 项"),
            HistoryWord::Items(1) => "1 item".into(),
            HistoryWord::Items(n) => format!("{n} items"),
        }
    }
}
