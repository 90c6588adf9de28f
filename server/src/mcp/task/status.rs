//! A task's status message: what `tasks/get` tells the agent while the
//! question waits. Built from one look at the session in this one place:
//! how far the person is, and the answers taken provisionally once items'
//! rules fired (issue 58), which the agent may go on with.

use crate::decide::watch::Seen;
use app::Lang;
use app::i18n::{AgentMsg, Msg};

/// The message for a session as `seen`: how many items the person has
/// answered of how many, and the page's address; `None` once it is no
/// longer waiting (the task's result says the rest).
pub fn message(seen: &Seen, lang: Lang) -> Option<String> {
    match seen {
        Seen::Pending {
            url,
            answered,
            total,
            provisional,
            ..
        } => {
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
        Seen::Decided { .. }
        | Seen::Closed { .. }
        | Seen::Replaced { .. }
        | Seen::Withdrawn { .. } => None,
    }
}
