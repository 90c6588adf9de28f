//! Messages about the stored sessions: versions, the store lock, history,
//! show and clean.

use crate::Lang;

/// A message of the session store (wrapped in `Msg::Store`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreMsg {
    /// A file written by a newer aide.
    TooNew {
        file: String,
        found: String,
        reads: String,
    },
    /// Another process kept the store lock past the wait.
    Busy { pid: Option<u32>, secs: u64 },
    /// The ledger could not be appended to; the data itself is saved.
    LedgerFailed { detail: String },
    /// Lines of the ledger were skipped as unreadable.
    LedgerSkipped { lines: usize },
    /// A draft that cannot be read was moved aside.
    DraftSetAside { file: String, detail: String },
    /// A draft that cannot be read; the page opens without it.
    DraftUnreadable { detail: String },
    /// `history` with nothing to show.
    NoSessions,
    /// `aide decide waiting` with nothing to show.
    NothingWaiting,
    /// A server could not list its question in the per-user registry.
    NotListed { folder: String, detail: String },
    /// `show` with an argument that is not a session id.
    BadSessionId { arg: String },
    /// `show` of a session without a record.
    NoRecord { session: String },
    /// `show` of the pending, unanswered session.
    NotDecidedYet { session: String },
    /// A session id the store has never heard of.
    UnknownSession { session: String },
    /// A session a later submit replaced before it was answered.
    Replaced { session: String, by: String },
    /// A session the agent withdrew before it was answered.
    Withdrawn {
        session: String,
        reason: Option<String>,
    },
    /// `cancel` withdrew this session.
    WithdrewSession {
        session: String,
        reason: Option<String>,
    },
    /// `cancel` of a session already answered: it cannot be withdrawn.
    CannotWithdrawDecided { session: String },
    /// `clean` removed these sessions.
    Cleaned { count: usize, sessions: String },
    /// `clean` found nothing to remove.
    NothingToClean,
    /// `result` or `cancel` without a session id while several sessions
    /// share the project: which to answer for cannot be told.
    SeveralPending { sessions: Vec<OpenSession> },
}

/// One session of [`StoreMsg::SeveralPending`]: its id, task and state
/// (pending, or the newest session's decided or withdrawn).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenSession {
    pub session: String,
    pub task: String,
    pub state: HistoryWord,
}

impl StoreMsg {
    pub(crate) fn text(&self, lang: Lang) -> String {
        let zh = lang == Lang::Zh;
        match self {
            StoreMsg::TooNew { file, found, reads } if zh => {
                format!("{file} 由更新版本的 aide 写入(格式版本 {found},本版本只能读取 {reads})")
            }
            StoreMsg::TooNew { file, found, reads } => format!(
                "{file} was written by a newer aide (format version {found}; this aide reads {reads})"
            ),
            StoreMsg::Busy { pid, secs } if zh => match pid {
                Some(pid) => format!(
                    "另一个 aide 进程(进程 {pid})正在修改 .aide/decisions,等待 {secs} 秒后仍未完成"
                ),
                None => {
                    format!("另一个 aide 进程正在修改 .aide/decisions,等待 {secs} 秒后仍未完成")
                }
            },
            StoreMsg::Busy { pid, secs } => match pid {
                Some(pid) => format!(
                    "Another aide process (process {pid}) is changing .aide/decisions and did not finish within {secs} s"
                ),
                None => format!(
                    "Another aide process is changing .aide/decisions and did not finish within {secs} s"
                ),
            },
            StoreMsg::NothingWaiting => lang
                .pick(
                    "本机没有等你回答的问题",
                    "No question is waiting for you on this machine",
                )
                .into(),
            StoreMsg::NotListed { folder, detail } if zh => format!(
                "无法在 {folder} 中登记此问题(页面照常工作,但 aide decide waiting 和其他页面不会列出它): {detail}"
            ),
            StoreMsg::NotListed { folder, detail } => format!(
                "Cannot list this question in {folder} (the page works as always, but aide decide waiting and other pages will not show it): {detail}"
            ),
            StoreMsg::LedgerFailed { detail } if zh => {
                format!("无法写入 ledger.jsonl(决策数据已保存): {detail}")
            }
            StoreMsg::LedgerFailed { detail } => {
                format!("Cannot append to ledger.jsonl (the decision data is saved): {detail}")
            }
            StoreMsg::LedgerSkipped { lines } if zh => {
                format!("ledger.jsonl 中有 {lines} 行无法读取,已跳过")
            }
            StoreMsg::LedgerSkipped { lines } => {
                format!("Skipped {lines} unreadable lines of ledger.jsonl")
            }
            StoreMsg::DraftSetAside { file, detail } if zh => {
                format!("草稿无法读取,已另存为 {file}: {detail}")
            }
            StoreMsg::DraftSetAside { file, detail } => {
                format!("The draft could not be read and was moved to {file}: {detail}")
            }
            StoreMsg::DraftUnreadable { detail } if zh => {
                format!("草稿无法读取,页面将不带草稿打开: {detail}")
            }
            StoreMsg::DraftUnreadable { detail } => {
                format!("The draft cannot be read; the page opens without it: {detail}")
            }
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
                format!("会话 {session} 已完成决策,无法撤回")
            }
            StoreMsg::CannotWithdrawDecided { session } => {
                format!("Session {session} is already decided and cannot be withdrawn")
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
        }
    }

    pub(crate) fn hint(&self, lang: Lang) -> Option<&'static str> {
        let hint = match self {
            StoreMsg::TooNew { .. } => lang.pick(
                "请升级 aide 到最新版本后重试",
                "Upgrade aide to the latest release, then try again",
            ),
            StoreMsg::Busy { .. } => lang.pick(
                "稍后重试;该进程结束时锁会自动释放",
                "Try again in a moment; the lock is released when that process ends",
            ),
            StoreMsg::BadSessionId { .. }
            | StoreMsg::NoRecord { .. }
            | StoreMsg::UnknownSession { .. } => lang.pick(
                "用 aide decide history 查看已有会话",
                "See the sessions with aide decide history",
            ),
            StoreMsg::NotDecidedYet { .. } => lang.pick(
                "用 aide decide status 查看其状态,或 aide decide result --wait 等待结果",
                "See where it stands with aide decide status, or wait with aide decide result --wait",
            ),
            StoreMsg::Replaced { .. } => lang.pick(
                "若仍需答案,请重新提交;用 aide decide result --session 新会话 读取新会话的结果",
                "If the answers are still needed, submit again; read the newer session with aide decide result --session NEWER",
            ),
            StoreMsg::CannotWithdrawDecided { .. } => lang.pick(
                "用 aide decide result 获取它的答案",
                "Get its answers with aide decide result",
            ),
            StoreMsg::SeveralPending { .. } => lang.pick(
                "传入 --session ID(submit --json 会输出它)",
                "Pass --session ID (submit --json prints it)",
            ),
            StoreMsg::Withdrawn { .. } | StoreMsg::WithdrewSession { .. } => return None,
            StoreMsg::LedgerFailed { .. }
            | StoreMsg::LedgerSkipped { .. }
            | StoreMsg::DraftSetAside { .. }
            | StoreMsg::DraftUnreadable { .. }
            | StoreMsg::NoSessions
            | StoreMsg::NothingWaiting
            | StoreMsg::NotListed { .. }
            | StoreMsg::Cleaned { .. }
            | StoreMsg::NothingToClean => return None,
        };
        Some(hint)
    }
}

/// `2 sessions are pending: ID1 (task), ID2 (task)`; when one of them
/// (the newest) is decided or withdrawn already, each says which.
fn several_pending(sessions: &[OpenSession], lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    let all_pending = sessions.iter().all(|s| s.state == HistoryWord::Pending);
    let listed: Vec<String> = sessions
        .iter()
        .map(|s| {
            let (session, task) = (&s.session, &s.task);
            match (s.state, zh) {
                (HistoryWord::Pending, true) => format!("{session}({task})"),
                (HistoryWord::Pending, false) => format!("{session} ({task})"),
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

/// The words of `aide decide history`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HistoryWord {
    Pending,
    Decided,
    Replaced,
    Withdrawn,
    /// `{n} items`.
    Items(usize),
}

impl HistoryWord {
    pub fn text(self, lang: Lang) -> String {
        match self {
            HistoryWord::Pending => lang.pick("待决策", "pending").into(),
            HistoryWord::Decided => lang.pick("已决策", "decided").into(),
            HistoryWord::Replaced => lang.pick("已替换", "replaced").into(),
            HistoryWord::Withdrawn => lang.pick("已撤回", "withdrawn").into(),
            HistoryWord::Items(n) if lang == Lang::Zh => format!("{n} 项"),
            HistoryWord::Items(1) => "1 item".into(),
            HistoryWord::Items(n) => format!("{n} items"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_have_hints_and_notices_do_not() {
        let too_new = StoreMsg::TooNew {
            file: "pending.json".into(),
            found: "2.0".into(),
            reads: "1.x".into(),
        };
        assert_eq!(
            too_new.text(Lang::Zh),
            "pending.json 由更新版本的 aide 写入(格式版本 2.0,本版本只能读取 1.x)"
        );
        assert_eq!(
            too_new.hint(Lang::En),
            Some("Upgrade aide to the latest release, then try again")
        );
        assert!(StoreMsg::NothingToClean.hint(Lang::Zh).is_none());
        assert_eq!(HistoryWord::Items(1).text(Lang::En), "1 item");
    }

    #[test]
    fn several_sessions_are_named_with_their_tasks() {
        let open = |session: &str, task: &str, state| OpenSession {
            session: session.into(),
            task: task.into(),
            state,
        };
        let two = StoreMsg::SeveralPending {
            sessions: vec![
                open("2025-01-15T10-30-00", "auth", HistoryWord::Pending),
                open("2025-01-15T10-31-00", "cache", HistoryWord::Pending),
            ],
        };
        assert_eq!(
            two.text(Lang::En),
            "2 sessions are pending: 2025-01-15T10-30-00 (auth), 2025-01-15T10-31-00 (cache)"
        );
        assert_eq!(
            two.text(Lang::Zh),
            "有 2 个待定会话: 2025-01-15T10-30-00(auth)、2025-01-15T10-31-00(cache)"
        );
        assert_eq!(
            two.hint(Lang::En),
            Some("Pass --session ID (submit --json prints it)")
        );
        let mixed = StoreMsg::SeveralPending {
            sessions: vec![
                open("2025-01-15T10-30-00", "auth", HistoryWord::Pending),
                open("2025-01-15T10-31-00", "cache", HistoryWord::Decided),
            ],
        };
        assert_eq!(
            mixed.text(Lang::En),
            "2 sessions share this project: 2025-01-15T10-30-00 (auth), 2025-01-15T10-31-00 (cache, decided)"
        );
    }
}
