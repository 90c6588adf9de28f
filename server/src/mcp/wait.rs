//! Waiting for the person: what `decide_result` and `decide` do between
//! looks at the store (`decide::watch`, shared with `aide decide result`).

use super::tools::ToolAnswer;
use crate::decide::ctx::Ctx;
use crate::decide::watch::{Awaiting, LOOK_EVERY, Seen, Target, Watch};
use crate::error::CliError;
use app::i18n::{AgentMsg, Msg};
use app::{By, DecideOutput, Decision, Lang, SessionState};
use rmcp::model::{ProgressNotificationParam, ProgressToken};
use rmcp::{Peer, RoleServer};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

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
pub struct CallContext {
    start: PathBuf,
    lang_flag: Option<Lang>,
    /// The project, its config and language, read once for one tool call
    /// (`read_once`); unset, each job reads them afresh.
    ctx: Option<Arc<Ctx>>,
}

impl CallContext {
    /// The project found from `start`, in the language `lang_flag` asks.
    pub fn new(start: PathBuf, lang_flag: Option<Lang>) -> Self {
        CallContext {
            start,
            lang_flag,
            ctx: None,
        }
    }

    /// This place with its project, config and language read once, on a
    /// blocking thread: every job of one tool call shares them, while the
    /// next call sees an `aide init` or a config edit made meanwhile.
    pub async fn read_once(&self) -> CallContext {
        let (start, flag) = (self.start.clone(), self.lang_flag);
        let read = tokio::task::spawn_blocking(move || Ctx::at(start, flag)).await;
        CallContext {
            ctx: read.ok().map(Arc::new),
            ..self.clone()
        }
    }

    /// aide's language here (flag, `AIDE_LANG`, config, locale).
    pub fn lang(&self) -> Lang {
        match &self.ctx {
            Some(ctx) => ctx.lang,
            None => Ctx::at(self.start.clone(), self.lang_flag).lang,
        }
    }

    /// Runs `job` with the context on a blocking thread: the store's calls
    /// are plain file I/O.
    pub async fn blocking<T: Send + 'static>(
        &self,
        job: impl FnOnce(&Ctx) -> Result<T, CliError> + Send + 'static,
    ) -> Result<T, CliError> {
        let place = self.clone();
        crate::store::blocking(move || match &place.ctx {
            Some(ctx) => job(ctx),
            None => job(&Ctx::at(place.start.clone(), place.lang_flag)),
        })
        .await
    }
}

/// Runs one look on a blocking thread, handing the watch back.
pub(super) async fn look(
    place: &CallContext,
    mut watch: Watch,
    count: bool,
) -> Result<(Watch, Seen), CliError> {
    place
        .blocking(move |_| {
            let seen = watch.look(count)?;
            Ok((watch, seen))
        })
        .await
}

/// Whether provisional answers end a wait.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ends {
    /// They do: the agent goes on with them (`decide_result`).
    AtProvisional,
    /// `decide`, whichever way the person is asked (the page alone, the
    /// client's own prompt): what standing rulings answered at submit does
    /// not end the wait (the person is asked the open items, and a prompt
    /// would be withdrawn); the person's answers, an item's rule firing or
    /// "Decide later" do.
    PastRulings,
}

impl Ends {
    /// Whether `provisional`, the answers a look saw before the person's,
    /// ends this wait.
    fn at(self, provisional: &DecideOutput) -> bool {
        let ruled = |decision: &Decision| matches!(decision.by(), By::Ruling(_));
        self == Ends::AtProvisional || !provisional.decisions().iter().all(ruled)
    }
}

/// Looks at `target` until it is decided, closed or replaced, `until`
/// passes, or `cancel` fires, or there are provisional answers `ends` at;
/// then answers with what it saw last.
pub async fn wait(
    place: &CallContext,
    target: Target,
    until: Option<Instant>,
    cancel: &CancellationToken,
    reporter: Option<&Reporter>,
    ends: Ends,
) -> Result<ToolAnswer, CliError> {
    let (mut watch, lang) = place
        .blocking(move |ctx| Ok((Watch::new(ctx.store()?, target), ctx.lang)))
        .await?;
    let mut next_report = Instant::now();
    let mut reports = 0_u32;
    loop {
        let now = Instant::now();
        let done = until.is_some_and(|until| now >= until) || cancel.is_cancelled();
        let report = reporter.filter(|_| now >= next_report);
        // The draft is read only when its count is reported or returned.
        let (next, seen) = look(place, watch, done || report.is_some()).await?;
        watch = next;
        let Seen {
            state:
                SessionState::Pending(Awaiting::Served {
                    answered,
                    total,
                    url,
                    provisional,
                }),
            ..
        } = &seen
        else {
            return Ok(ToolAnswer::seen(seen, lang));
        };
        if done || provisional.as_ref().is_some_and(|output| ends.at(output)) {
            return Ok(ToolAnswer::seen(seen, lang));
        }
        if let Some(reporter) = report {
            reports += 1;
            let message = Msg::Agent(AgentMsg::Progress {
                answered: *answered,
                total: *total,
                url: url.clone(),
            });
            // Progress must grow with each notification, so it counts
            // them; the message says how many items are answered.
            let note = ProgressNotificationParam::new(reporter.token.clone(), f64::from(reports))
                .with_message(message.text(lang));
            // Once the client has gone, rmcp no longer sends what a peer
            // hands it, so the send would wait for ever: the end of input
            // cancels it.
            tokio::select! {
                _ = reporter.peer.notify_progress(note) => {}
                () = cancel.cancelled() => {}
            }
            next_report = now + reporter.every;
        }
        let mut wake = now + LOOK_EVERY;
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
