//! Every line the `aide` command prints for people: the messages, and
//! which file of this folder holds the texts of each.

mod config;
mod files;
mod part;
mod serve;
mod status;

use super::{Expected, HistoryWord};

/// What aide was doing with a file when the system refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileOp {
    Read,
    Write,
    /// Creating or listing a folder.
    Folder,
}

/// Every line the `aide` command prints for people (the prefix `✓ ✗ → ⚠` is
/// added by the printer; errors carry a `建议:` hint).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Msg {
    ServerStarted,
    Visit {
        url: String,
    },
    Waiting,
    Completed,
    InitCreated {
        path: String,
    },
    InitExists {
        path: String,
    },
    JsonParse {
        detail: String,
    },
    Validation {
        detail: String,
    },
    PortsTaken {
        first: u16,
        last: u16,
    },
    ServerFailed {
        detail: String,
    },
    /// Every port of the range is taken, `sessions` of them by pages of
    /// aide questions still waiting.
    RangeFull {
        first: u16,
        last: u16,
        sessions: usize,
    },
    /// A submit kept the earlier session, still served, beside the new one.
    KeptAside {
        session: String,
    },
    NoResult,
    NoPending,
    Stale,
    NoAideDir,
    Corrupt {
        file: String,
        detail: String,
    },
    ReadInput {
        source: String,
        detail: String,
    },
    NotJsonNorFile {
        arg: String,
    },
    Io {
        op: FileOp,
        path: String,
        detail: String,
    },
    /// Standard output refused what aide printed (a closed pipe, a full disk).
    Stdout {
        detail: String,
    },
    ServerTimeout,
    NoBundle,
    // Configuration (`.aide/config.toml`).
    ConfigCreated {
        path: String,
    },
    ConfigSyntax {
        file: String,
        detail: String,
    },
    ConfigUnknownKey {
        file: String,
        key: String,
        suggestion: Option<String>,
    },
    ConfigBadValue {
        file: String,
        key: String,
        expected: Expected,
        found: String,
    },
    // The server's life.
    Interrupted,
    AlreadyServing {
        url: String,
    },
    StoppedOld {
        url: String,
    },
    CannotStopOld {
        pid: u32,
    },
    Detached {
        pid: u32,
    },
    /// The command that collects the answers of `session`.
    WaitWith {
        session: String,
    },
    DetachFailed {
        detail: String,
    },
    /// The background server ended with `code` before it could write why
    /// (its log is empty): nothing of the submit was kept.
    DetachSilent {
        code: u8,
    },
    ServerClosed,
    WaitTimeout {
        secs: u64,
    },
    /// `result`: the answers printed are provisional (items' rules fired);
    /// the person has not answered yet (exit 6).
    ProvisionalOnly,
    AlreadyDecided,
    OpenFailed {
        detail: String,
    },
    OpenBrowser {
        url: String,
    },
    ExposedBind {
        bind: String,
    },
    // `aide decide status`.
    /// `status`: the session `pending.json` names, and where it stands
    /// (pending, decided or withdrawn).
    StatusSession {
        session: String,
        task: String,
        items: usize,
        state: super::HistoryWord,
    },
    StatusServed {
        url: String,
        pid: u32,
    },
    StatusNotServed,
    StatusAnswered,
    StatusUnanswered,
    /// Stored sessions: versions, the lock, history, show and clean.
    Store(super::StoreMsg),
    /// `aide flow`.
    Flow(super::FlowMsg),
    /// What agents read: the MCP tools and the agent-facing CLI lines.
    Agent(super::AgentMsg),
    /// Standing rulings.
    Rules(super::RulesMsg),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Lang;

    #[test]
    fn chinese_texts_match_the_spec() {
        let zh = Lang::Zh;
        assert_eq!(
            Msg::Visit {
                url: "http://localhost:3721".into()
            }
            .text(zh),
            "请访问: http://localhost:3721"
        );
        assert_eq!(
            Msg::PortsTaken {
                first: 3721,
                last: 3730
            }
            .text(zh),
            "无法启动服务: 端口 3721-3730 均被占用"
        );
        assert_eq!(
            Msg::Stale.hint(zh),
            Some("请重新执行 aide decide submit '<json>'")
        );
        assert_eq!(Msg::ServerTimeout.text(zh), "服务超时,已自动关闭");
    }

    #[test]
    fn every_error_has_a_hint_in_both_languages() {
        let errors = [
            Msg::JsonParse {
                detail: String::new(),
            },
            Msg::NoResult,
            Msg::NoPending,
            Msg::Stale,
            Msg::NoAideDir,
        ];
        for msg in errors {
            assert!(
                msg.hint(Lang::Zh).is_some() && msg.hint(Lang::En).is_some(),
                "{msg:?}"
            );
        }
    }
}
