//! Standing rulings at submit (issue 56): the one service the command
//! line's submit and MCP's `decide`/`decide_submit` call before a page is
//! started. When a ruling answers every item, the session is stored and
//! recorded at once, with no page, each answer saying `"by":"ruling"`.
//! Rulings that cannot be read are named and none applies (the submit goes
//! on as if there were none); a ruling whose option the same question no
//! longer offers is flagged stale and the person is asked.

use super::error::DecideError;
use super::report::Happened;
use super::settings::ServerSettings;
use super::submit::{ruled_event, store_pending};
use crate::rulings::{files, read_all};
use crate::search::Words;
use crate::search::ruling::{Ruled, Standing, rule};
use crate::store::{DecisionStore, RulingsFile};
use app::i18n::RulesMsg;
use app::{DecideInput, DecideOutput, Decision, Given, SessionId, Via};

/// A submit every item of which a ruling answered: stored and recorded.
pub struct AllRuled {
    pub session_id: SessionId,
    pub output: DecideOutput,
}

/// What the person's rulings made of a submit.
pub enum RuledSubmit {
    /// They answered every item: the session is recorded, no page.
    All(AllRuled),
    /// The person is to be asked: the caller goes on as without rulings,
    /// handing these answers (of some items, or none) to `store_pending`,
    /// which keeps them beside the session for its page and `result`.
    Ask(Vec<Decision>),
}

/// Applies the person's rulings to `input` before a page is started.
pub fn submit_ruled(
    store: &DecisionStore,
    input: &DecideInput,
    settings: &ServerSettings,
    replace: bool,
    told: &mut Vec<Happened>,
) -> Result<RuledSubmit, DecideError> {
    let files = files(store);
    let (rulings, paused) = match read_all(&files) {
        Ok(read) => read,
        Err((error, file)) => {
            told.push(Happened::RulingsOff { file, error });
            return Ok(RuledSubmit::Ask(Vec::new()));
        }
    };
    if paused || rulings.is_empty() {
        return Ok(RuledSubmit::Ask(Vec::new()));
    }
    let words = Words::default();
    let standing: Vec<Standing<'_>> = rulings
        .iter()
        .filter_map(|r| Standing::new(r, &words))
        .collect();
    let today = chrono::Local::now().date_naive();
    let ruled = rule(&standing, &store.project_root(), &words, input, today);
    flag_stale(&files, &ruled, told);
    if !ruled.all() {
        return Ok(RuledSubmit::Ask(
            ruled.answers.into_iter().flatten().collect(),
        ));
    }
    let Some(output) = DecideOutput::ruled(input, ruled.answers.into_iter().flatten().collect())
    else {
        return Ok(RuledSubmit::Ask(Vec::new()));
    };
    let stored = store_pending(store, input.clone(), replace, settings, &[], told)?;
    drop(stored.listener);
    let given = Given {
        output: output.clone(),
        via: Via::Ruling,
        followed: Vec::new(),
        said_later: Vec::new(),
    };
    let session_id = stored.pending.meta.session_id.clone();
    match store
        .records()
        .save(&stored.lock, &stored.pending, given, chrono::Local::now())
    {
        Ok(_) => store.pending().keep_submit(&stored.lock, stored.undo),
        Err(error) => {
            super::submit::put_back(store, &stored.lock, stored.undo, Some(&session_id), told);
            return Err(error.into());
        }
    }
    told.extend(
        store
            .ledger()
            .log(&ruled_event(&session_id, output.decisions()))
            .err()
            .map(Happened::NotLogged),
    );
    Ok(RuledSubmit::All(AllRuled { session_id, output }))
}

/// Marks the rulings found stale in their files, and says so.
fn flag_stale(files: &[RulingsFile], ruled: &Ruled, told: &mut Vec<Happened>) {
    for (id, title) in &ruled.stale {
        let holds = |file: &RulingsFile| {
            file.read()
                .is_ok_and(|r| r.rulings.iter().any(|r| r.id == *id && !r.stale))
        };
        for file in files.iter().filter(|file| holds(file)) {
            let _ = file.change(None, |rulings| {
                for ruling in rulings.rulings.iter_mut().filter(|r| r.id == *id) {
                    ruling.stale = true;
                }
                Ok(())
            });
        }
        told.push(Happened::Rulings(RulesMsg::Stale {
            id: id.clone(),
            title: title.clone(),
        }));
    }
}
