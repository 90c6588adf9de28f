//! A task's status message: what `tasks/get` tells the agent while the
//! question waits. Built from one look at the session in this one place,
//! so that what else a look may come to tell (an answer taken
//! provisionally, say) is added here and nowhere else.

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
            ..
        } => Some(
            Msg::Agent(AgentMsg::Progress {
                answered: *answered,
                total: *total,
                url: url.clone(),
            })
            .text(lang),
        ),
        Seen::Decided { .. }
        | Seen::Closed { .. }
        | Seen::Replaced { .. }
        | Seen::Withdrawn { .. } => None,
    }
}
