//! Past sessions as MCP resources: `resources/list` gives each answered
//! session of the project as `aide://session/{id}`, newest first,
//! [`PAGE`] a page, after the view's own resource; `resources/read` gives
//! its record as stored, what `aide decide show` prints. A client can so
//! attach what the person decided before to a conversation. The person's
//! standing rulings (issue 56) are resources too, `aide://ruling/{id}`,
//! listed on the first page.

use crate::error::CliError;
use crate::store::DecisionStore;
use app::SessionState;
use app::i18n::{AgentMsg, Msg};
use app::{Lang, SessionId};
use rmcp::model::{Resource, ResourceContents};

/// The start of every record's URI.
pub const PREFIX: &str = "aide://session/";

/// The start of every standing ruling's URI.
pub const RULING_PREFIX: &str = "aide://ruling/";

/// How many records one page lists.
pub const PAGE: usize = 50;

/// A record's URI.
pub fn uri(session: &SessionId) -> String {
    format!("{PREFIX}{session}")
}

/// The session a record's URI names, if it is one.
pub fn session_of(uri: &str) -> Option<SessionId> {
    uri.strip_prefix(PREFIX)?.parse().ok()
}

/// The answered sessions after `cursor` (a page's last session id, as the
/// page before gave it), at most [`PAGE`], with the cursor of the next
/// page when there is one. A cursor aide did not give is refused.
pub fn page(
    store: &DecisionStore,
    cursor: Option<&str>,
    lang: Lang,
) -> Result<(Vec<Resource>, Option<String>), CliError> {
    let decided: Vec<_> = store
        .records()
        .history(None)?
        .sessions
        .into_iter()
        .filter(|session| session.status == SessionState::DECIDED)
        .collect();
    let start = match cursor {
        None => 0,
        Some(cursor) => {
            let at = decided
                .iter()
                .position(|session| session.session_id.to_string() == cursor);
            match at {
                Some(at) => at + 1,
                None => {
                    let cursor = app::i18n::echo(cursor);
                    return Err(Msg::Agent(AgentMsg::BadCursor { cursor }).into());
                }
            }
        }
    };
    let shown: Vec<_> = decided.iter().skip(start).take(PAGE).collect();
    let next = (start + shown.len() < decided.len())
        .then(|| shown.last().map(|session| session.session_id.to_string()))
        .flatten();
    let resources = shown
        .into_iter()
        .map(|session| {
            let completed = session
                .completed_at
                .unwrap_or(session.created_at)
                .to_string();
            let about = AgentMsg::RecordResource {
                completed,
                items: session.items,
            };
            Resource::new(uri(&session.session_id), session.session_id.to_string())
                .with_title(session.task.clone())
                .with_description(Msg::Agent(about).text(lang))
                .with_mime_type("application/json")
        })
        .collect();
    Ok((resources, next))
}

/// The record of `session`, as stored (`None`: it has none).
pub fn read(
    store: &DecisionStore,
    session: &SessionId,
) -> Result<Option<ResourceContents>, CliError> {
    let Some(record) = store.records().json(session)? else {
        return Ok(None);
    };
    let text = serde_json::to_string_pretty(&record)
        .map_err(|e| CliError::server(std::io::Error::other(e)))?;
    Ok(Some(ResourceContents::TextResourceContents {
        uri: uri(session),
        mime_type: Some("application/json".to_owned()),
        text,
        meta: None,
    }))
}

/// The standing rulings that apply here, as resources; none when their
/// files cannot be read (`aide decide rules` names them).
pub fn rulings(store: &DecisionStore, lang: Lang) -> Vec<Resource> {
    let Ok((rulings, _)) = crate::rulings::read_all(&crate::rulings::files(store)) else {
        return Vec::new();
    };
    rulings
        .iter()
        .map(|ruling| {
            Resource::new(format!("{RULING_PREFIX}{}", ruling.id), ruling.id.clone())
                .with_title(ruling.title.clone())
                .with_description(Msg::Rules(crate::rulings::line(ruling)).text(lang))
                .with_mime_type("application/json")
        })
        .collect()
}

/// The standing ruling a URI names, as JSON (`None`: no such ruling).
pub fn read_ruling(store: &DecisionStore, uri: &str) -> Result<Option<ResourceContents>, CliError> {
    let Some(id) = uri.strip_prefix(RULING_PREFIX) else {
        return Ok(None);
    };
    let (rulings, _) = crate::rulings::read_all(&crate::rulings::files(store))
        .map_err(|(error, _)| CliError::from(error))?;
    let Some(ruling) = rulings.iter().find(|r| r.id == id) else {
        return Ok(None);
    };
    let text = serde_json::to_string_pretty(ruling)
        .map_err(|e| CliError::server(std::io::Error::other(e)))?;
    Ok(Some(ResourceContents::TextResourceContents {
        uri: uri.to_owned(),
        mime_type: Some("application/json".to_owned()),
        text,
        meta: None,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_records_uri_names_its_session_and_nothing_else_does() {
        let session: SessionId = "2025-01-15T10-30-00".parse().unwrap();
        assert_eq!(uri(&session), "aide://session/2025-01-15T10-30-00");
        assert_eq!(session_of(&uri(&session)), Some(session));
        assert_eq!(session_of("aide://session/nope"), None);
        assert_eq!(session_of("ui://aide/decide.html"), None);
    }
}
