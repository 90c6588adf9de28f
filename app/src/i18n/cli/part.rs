//! Which file holds the texts of each message, and the message in one
//! language.

use super::{Msg, config, files, serve, status};
use crate::Lang;
use crate::i18n::{AgentMsg, FlowMsg, StoreMsg};

/// Where a message's texts are: a file of this folder, or the catalogue of
/// its own kind.
enum CliPart<'a> {
    Serve,
    Files,
    Config,
    Status,
    Store(&'a StoreMsg),
    Flow(&'a FlowMsg),
    Agent(&'a AgentMsg),
    Rules(&'a crate::i18n::RulesMsg),
}

impl Msg {
    fn part(&self) -> CliPart<'_> {
        match self {
            Msg::ServerStarted
            | Msg::Visit { .. }
            | Msg::Waiting
            | Msg::Completed
            | Msg::PortsTaken { .. }
            | Msg::ServerFailed { .. }
            | Msg::RangeFull { .. }
            | Msg::KeptAside { .. }
            | Msg::ServerTimeout
            | Msg::NoBundle
            | Msg::Interrupted
            | Msg::AlreadyServing { .. }
            | Msg::StoppedOld { .. }
            | Msg::CannotStopOld { .. }
            | Msg::Detached { .. }
            | Msg::WaitWith { .. }
            | Msg::DetachFailed { .. }
            | Msg::DetachSilent { .. }
            | Msg::ServerClosed
            | Msg::WaitTimeout { .. }
            | Msg::ProvisionalOnly
            | Msg::AlreadyDecided
            | Msg::OpenFailed { .. }
            | Msg::OpenBrowser { .. }
            | Msg::ExposedBind { .. } => CliPart::Serve,
            Msg::InitCreated { .. }
            | Msg::InitExists { .. }
            | Msg::JsonParse { .. }
            | Msg::Validation { .. }
            | Msg::NoResult
            | Msg::NoPending
            | Msg::Stale
            | Msg::NoAideDir
            | Msg::Corrupt { .. }
            | Msg::ReadInput { .. }
            | Msg::NotJsonNorFile { .. }
            | Msg::Io { .. }
            | Msg::Stdout { .. } => CliPart::Files,
            Msg::ConfigCreated { .. }
            | Msg::ConfigSyntax { .. }
            | Msg::ConfigUnknownKey { .. }
            | Msg::ConfigBadValue { .. } => CliPart::Config,
            Msg::StatusSession { .. }
            | Msg::StatusServed { .. }
            | Msg::StatusNotServed
            | Msg::StatusAnswered
            | Msg::StatusUnanswered => CliPart::Status,
            Msg::Store(msg) => CliPart::Store(msg),
            Msg::Flow(msg) => CliPart::Flow(msg),
            Msg::Agent(msg) => CliPart::Agent(msg),
            Msg::Rules(msg) => CliPart::Rules(msg),
        }
    }

    /// The message text without its prefix.
    pub fn text(&self, lang: Lang) -> String {
        match self.part() {
            CliPart::Serve => serve::text(self, lang),
            CliPart::Files => files::text(self, lang),
            CliPart::Config => config::text(self, lang),
            CliPart::Status => status::text(self, lang),
            CliPart::Store(msg) => msg.text(lang),
            CliPart::Flow(msg) => msg.text(lang),
            CliPart::Agent(msg) => msg.text(lang),
            CliPart::Rules(msg) => msg.text(lang),
        }
    }

    /// The `建议:` line's text, for errors.
    pub fn hint(&self, lang: Lang) -> Option<&'static str> {
        match self.part() {
            CliPart::Serve => serve::hint(self, lang),
            CliPart::Files => files::hint(self, lang),
            CliPart::Config => config::hint(self, lang),
            // Lines of a report, not errors.
            CliPart::Status => None,
            CliPart::Store(msg) => msg.hint(lang),
            CliPart::Flow(msg) => msg.hint(lang),
            CliPart::Agent(msg) => msg.hint(lang),
            CliPart::Rules(msg) => msg.hint(lang),
        }
    }
}
