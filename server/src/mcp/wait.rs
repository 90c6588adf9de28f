//! Where the person is, and waiting for them: what `decide_result` and
//! `decide` do between calls to the store.

use super::project;
use super::tools::Answer;
use crate::cmd::ctx::Ctx;
use crate::cmd::result::answers;
use crate::error::CliError;
use crate::store::{DecisionStore, FileStamp, StoreError};
use app::i18n::{AgentMsg, Msg};
use app::{Lang, Pending};
use rmcp::model::{ProgressNotificationParam, ProgressToken};
use rmcp::{Peer, RoleServer};
use std::path::PathBuf;
use std::time::Duration;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

/// How often the files are looked at while waiting: a few `stat`s and a
/// small read.
const POLL: Duration = Duration::from_millis(200);

/// How often `decide` reports progress: well under the 15 s the issue
/// asks for, so a slow poll never makes it late.
const PROGRESS_EVERY: Duration = Duration::from_secs(10);

/// `AIDE_MCP_PROGRESS_SECS` shortens the interval (for tests).
pub fn progress_interval() -> Duration {
    std::env::var("AIDE_MCP_PROGRESS_SECS")
        .ok()
        .and_then(|text| text.trim().parse::<f64>().ok())
        .filter(|secs| secs.is_finite() && *secs > 0.0)
        .map_or(PROGRESS_EVERY, |secs| {
            Duration::from_secs_f64(secs).clamp(Duration::from_millis(50), PROGRESS_EVERY)
        })
}

/// Where to report progress: the client and the request's token.
pub struct Reporter {
    pub peer: Peer<RoleServer>,
    pub token: ProgressToken,
    pub every: Duration,
}

/// One project, one language: what each look at the files needs.
#[derive(Clone)]
pub struct Place {
    pub start: PathBuf,
    pub lang_flag: Option<Lang>,
}

impl Place {
    /// Runs `job` with a fresh context on a blocking thread: the store's
    /// calls are plain file I/O.
    pub async fn blocking<T: Send + 'static>(
        &self,
        job: impl FnOnce(&Ctx) -> Result<T, CliError> + Send + 'static,
    ) -> Result<T, CliError> {
        let place = self.clone();
        tokio::task::spawn_blocking(move || job(&project::context(&place.start, place.lang_flag)))
            .await
            .map_err(|e| {
                CliError::Msg(Msg::ServerFailed {
                    detail: e.to_string(),
                })
            })?
    }
}

/// Looks at the pending session's state: its answers, how far the person
/// is, or that no server serves it; never a guessed answer. Remembers the
/// session, so a poll reads `pending.json` again only when a submit
/// replaced it (two `stat`s).
pub struct Watch {
    store: DecisionStore,
    lang: Lang,
    known: Option<(FileStamp, Pending)>,
}

impl Watch {
    pub fn new(ctx: &Ctx) -> Result<Watch, CliError> {
        Ok(Watch {
            store: ctx.store()?,
            lang: ctx.printer.lang,
            known: None,
        })
    }

    /// The session's state; `count` reads the draft for how many items are
    /// answered (else `answered` is 0 in a pending answer).
    fn look(&mut self, count: bool) -> Result<Answer, CliError> {
        let store = &self.store;
        let stamp = store.pending_stamp()?.ok_or(StoreError::NoPending)?;
        let pending = match self.known.take() {
            Some((at, pending)) if at == stamp => pending,
            _ => store.load_pending()?,
        };
        let answer = self.state(&pending, count);
        self.known = Some((stamp, pending));
        answer
    }

    fn state(&self, pending: &Pending, count: bool) -> Result<Answer, CliError> {
        let store = &self.store;
        if let Some(output) = answers(store, pending)? {
            return Ok(Answer::Decided(output));
        }
        let session_id = pending.meta.session_id.to_string();
        let live = store
            .running_server()?
            .filter(|live| live.session_id == pending.meta.session_id);
        let Some(live) = live else {
            // The server may have recorded the answers just before leaving.
            if let Some(output) = answers(store, pending)? {
                return Ok(Answer::Decided(output));
            }
            return Ok(Answer::Closed {
                session_id,
                hint: Msg::Agent(AgentMsg::Closed).text(self.lang),
            });
        };
        Ok(Answer::Pending {
            session_id,
            url: live.url,
            answered: if count { answered(store, pending) } else { 0 },
            total: pending.input.items().len(),
        })
    }
}

/// Items the draft answers; an unreadable draft counts as none (the page
/// reports it).
fn answered(store: &DecisionStore, pending: &Pending) -> usize {
    store
        .load_draft(pending)
        .ok()
        .flatten()
        .map_or(0, |draft| draft.answered())
}

/// Runs one look on a blocking thread, handing the watch back.
async fn look(mut watch: Watch, count: bool) -> Result<(Watch, Answer), CliError> {
    tokio::task::spawn_blocking(move || {
        let answer = watch.look(count)?;
        Ok((watch, answer))
    })
    .await
    .map_err(|e| {
        CliError::Msg(Msg::ServerFailed {
            detail: e.to_string(),
        })
    })?
}

/// Looks until the session is decided or closed, `until` passes, or the
/// request is cancelled; then answers with what it saw last.
pub async fn wait(
    place: &Place,
    until: Option<Instant>,
    cancel: &CancellationToken,
    reporter: Option<&Reporter>,
) -> Result<Answer, CliError> {
    let mut watch = place.blocking(Watch::new).await?;
    let lang = watch.lang;
    let mut next_report = Instant::now();
    let mut reports = 0_u32;
    loop {
        let now = Instant::now();
        let done = until.is_some_and(|until| now >= until) || cancel.is_cancelled();
        let report = reporter.filter(|_| now >= next_report);
        // The draft is read only when its count is reported or returned.
        let (next, answer) = look(watch, done || report.is_some()).await?;
        watch = next;
        let Answer::Pending {
            answered, total, ..
        } = &answer
        else {
            return Ok(answer);
        };
        if done {
            return Ok(answer);
        }
        if let Some(reporter) = report {
            reports += 1;
            let message = Msg::Agent(AgentMsg::Progress {
                answered: *answered,
                total: *total,
            });
            // Progress must grow with each notification, so it counts
            // them; the message says how many items are answered.
            let note = ProgressNotificationParam::new(reporter.token.clone(), f64::from(reports))
                .with_message(message.text(lang));
            // A client that went away is noticed when stdin closes.
            let _ = reporter.peer.notify_progress(note).await;
            next_report = now + reporter.every;
        }
        let mut wake = now + POLL;
        if let Some(until) = until {
            wake = wake.min(until);
        }
        if reporter.is_some() {
            wake = wake.min(next_report);
        }
        tokio::select! {
            () = cancel.cancelled() => {}
            () = tokio::time::sleep_until(wake) => {}
        }
    }
}
