//! A task's status message: what `tasks/get` tells the agent while the
//! question waits. Built from one look at the session in this one place:
//! how far the person is, and the answers taken provisionally once items'
//! rules fired (issue 58), which the agent may go on with.

use crate::decide::watch::{Awaiting, Seen};
use app::i18n::{AgentMsg, Msg};
use app::{Lang, SessionState};

/// The message for a session as `seen`: how many items the person has
/// answered of how many, and the page's address; `None` once it is no
/// longer waiting (the task's result says the rest).
pub fn message(seen: &Seen, lang: Lang) -> Option<String> {
    match &seen.state {
        SessionState::Pending(Awaiting::Served {
            url,
            answered,
            total,
            provisional,
        }) => {
            let progress = Msg::Agent(AgentMsg::Progress {
                answered: *answered,
                total: *total,
                url: url.clone(),
            })
            .text(lang);
            // Items whose rule fired: what the agent may go on with while
            // the task still waits, as `decide_result` would give them.
            Some(match provisional {
                Some(output) => format!(
                    "{progress}\n{}\n{}",
                    Msg::Agent(AgentMsg::Provisional).text(lang),
                    output.to_compact_json()
                ),
                None => progress,
            })
        }
        SessionState::Pending(Awaiting::Closed)
        | SessionState::Decided(_)
        | SessionState::Replaced(_)
        | SessionState::Withdrawn(_) => None,
    }
}
