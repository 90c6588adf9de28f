//! Messages about the stored sessions: versions, the store lock, history,
//! show, clean and search.

mod files;
mod search;
mod sessions;

pub use search::SearchWord;
pub use sessions::{HistoryWord, SessionListed};

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
    /// A job aide ran off its async threads panicked (a bug, not a file).
    Panicked,
    /// A server could not list its question in the per-user registry.
    NotListed { folder: String, detail: String },
    /// The per-user registry's folder cannot be read (`waiting`).
    ListUnusable { folder: String, detail: String },
    /// A page server's project folder was deleted under it: it stops.
    ProjectGone { folder: String },
    /// A file aide reads is not a regular file (a FIFO, a device, a
    /// folder): it is not read, never waited on.
    NotRegular { path: String },
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
    SeveralPending { sessions: Vec<SessionListed> },
    /// Which session `result` without a session id speaks of, said when
    /// the project has had others: the answers name their session.
    SessionNamed { session: String, task: String },
    /// `search` with a query that has no word to look for.
    QueryNoWords { query: String },
    /// `search` found no decided item.
    NothingFound { query: String },
    /// `export --adr` wrote a record's file (`updated`: again, as what it
    /// says changed).
    AdrWritten { path: String, updated: bool },
    /// `export --adr` is done.
    AdrDone {
        written: usize,
        updated: usize,
        unchanged: usize,
        folder: String,
    },
    /// `export --adr`: the folder cannot be made or written in.
    AdrFolder { folder: String, detail: String },
    /// `export --adr`: a file of the name a record would take is not aide's.
    AdrNotOurs { path: String },
    /// `export --adr`: a file could not be written.
    AdrWrite { path: String, detail: String },
}

/// Where the texts of a `StoreMsg` are.
#[derive(Clone, Copy)]
enum StorePart {
    Files,
    Sessions,
    Search,
}

impl StoreMsg {
    pub(crate) fn text(&self, lang: Lang) -> String {
        match self.part() {
            StorePart::Files => files::text(self, lang),
            StorePart::Sessions => sessions::text(self, lang),
            StorePart::Search => search::text(self, lang),
        }
    }

    /// The file of this folder that holds the text.
    fn part(&self) -> StorePart {
        match self {
            StoreMsg::TooNew { .. }
            | StoreMsg::Busy { .. }
            | StoreMsg::LedgerFailed { .. }
            | StoreMsg::LedgerSkipped { .. }
            | StoreMsg::DraftSetAside { .. }
            | StoreMsg::DraftUnreadable { .. }
            | StoreMsg::NotListed { .. }
            | StoreMsg::ListUnusable { .. }
            | StoreMsg::ProjectGone { .. }
            | StoreMsg::NotRegular { .. }
            | StoreMsg::Panicked => StorePart::Files,
            StoreMsg::NoSessions
            | StoreMsg::NothingWaiting
            | StoreMsg::BadSessionId { .. }
            | StoreMsg::NoRecord { .. }
            | StoreMsg::NotDecidedYet { .. }
            | StoreMsg::UnknownSession { .. }
            | StoreMsg::Replaced { .. }
            | StoreMsg::Withdrawn { .. }
            | StoreMsg::WithdrewSession { .. }
            | StoreMsg::CannotWithdrawDecided { .. }
            | StoreMsg::Cleaned { .. }
            | StoreMsg::NothingToClean
            | StoreMsg::SeveralPending { .. }
            | StoreMsg::SessionNamed { .. } => StorePart::Sessions,
            StoreMsg::QueryNoWords { .. }
            | StoreMsg::NothingFound { .. }
            | StoreMsg::AdrWritten { .. }
            | StoreMsg::AdrDone { .. }
            | StoreMsg::AdrFolder { .. }
            | StoreMsg::AdrNotOurs { .. }
            | StoreMsg::AdrWrite { .. } => StorePart::Search,
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
            StoreMsg::Panicked => lang.pick(
                "请重试;若再次发生,请报告此问题",
                "Try again; if it happens again, please report it",
            ),
            StoreMsg::SeveralPending { .. } => lang.pick(
                "传入 --session ID(submit --json 会输出它)",
                "Pass --session ID (submit --json prints it)",
            ),
            // Not the project's `.aide`: the folder of this user's list.
            StoreMsg::NotListed { .. } | StoreMsg::ListUnusable { .. } => lang.pick(
                "检查这个按用户存放的文件夹($XDG_STATE_HOME/aide/servers,未设置时为 ~/.local/state/aide/servers)是你可读写的文件夹;它不是项目的 .aide",
                "Check that this per-user folder ($XDG_STATE_HOME/aide/servers, else ~/.local/state/aide/servers) is a folder you can read and write; it is not the project's .aide",
            ),
            StoreMsg::NotRegular { .. } => lang.pick(
                "aide 只读取普通文件:移走或删除它后重试",
                "aide reads regular files only: move or remove it, then try again",
            ),
            StoreMsg::ProjectGone { .. } => lang.pick(
                "若仍需答案,在项目文件夹中重新提交问题",
                "If the answers are still needed, submit the question again in the project folder",
            ),
            StoreMsg::QueryNoWords { .. } => lang.pick(
                "用问题里的词搜索,例如 aide decide search \"会话 cookie\"",
                "Search with words of the question, e.g. aide decide search \"session cookie\"",
            ),
            StoreMsg::AdrFolder { .. } | StoreMsg::AdrWrite { .. } => lang.pick(
                "换一个你能写入的文件夹,或修正这个文件夹的权限后重试",
                "Choose a folder you can write in, or fix this one's permissions, then try again",
            ),
            StoreMsg::AdrNotOurs { .. } => lang.pick(
                "这个文件不是 aide 写的,未被改动:移走它,或换一个文件夹",
                "aide did not write this file and left it untouched: move it away, or choose another folder",
            ),
            StoreMsg::Withdrawn { .. } | StoreMsg::WithdrewSession { .. } => return None,
            StoreMsg::LedgerFailed { .. }
            | StoreMsg::LedgerSkipped { .. }
            | StoreMsg::DraftSetAside { .. }
            | StoreMsg::DraftUnreadable { .. }
            | StoreMsg::NoSessions
            | StoreMsg::NothingWaiting
            | StoreMsg::Cleaned { .. }
            | StoreMsg::SessionNamed { .. }
            | StoreMsg::NothingFound { .. }
            | StoreMsg::AdrWritten { .. }
            | StoreMsg::AdrDone { .. }
            | StoreMsg::NothingToClean => return None,
        };
        Some(hint)
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
        use crate::model::SessionState;
        let open = |session: &str, task: &str, state| SessionListed {
            session: session.into(),
            task: task.into(),
            state: HistoryWord::State(state),
        };
        let two = StoreMsg::SeveralPending {
            sessions: vec![
                open("2025-01-15T10-30-00", "auth", SessionState::PENDING),
                open("2025-01-15T10-31-00", "cache", SessionState::PENDING),
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
                open("2025-01-15T10-30-00", "auth", SessionState::PENDING),
                open("2025-01-15T10-31-00", "cache", SessionState::DECIDED),
            ],
        };
        assert_eq!(
            mixed.text(Lang::En),
            "2 sessions share this project: 2025-01-15T10-30-00 (auth), 2025-01-15T10-31-00 (cache, decided)"
        );
    }
}
