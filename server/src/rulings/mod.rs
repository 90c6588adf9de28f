//! Standing rulings (issue 56), granted, changed, revoked and paused:
//! the person's acts, from a page that holds its key (granting only
//! there) or, for revoking and pausing, at their terminal. Each grant,
//! change and revocation goes to the ledger of the project whose answer
//! the ruling stands for. Applying them at submit is the service's
//! (`decide/rulings.rs`).

use crate::store::{DecisionStore, Event, Ruling, Rulings, RulingsFile, StoreError};
use app::i18n::{Msg, RuleField, RulesMsg};
use app::{Answer, ItemId, Lang, SessionId};
use chrono::NaiveDate;

/// Why a change of the rulings was refused.
#[derive(Debug)]
pub enum RulingError {
    Msg(Msg),
    Store(StoreError),
}

impl RulingError {
    /// What the person reads.
    pub fn message(&self, lang: Lang) -> Msg {
        match self {
            RulingError::Msg(msg) => msg.clone(),
            RulingError::Store(error) => error.message(lang),
        }
    }
}

impl From<Msg> for RulingError {
    fn from(msg: Msg) -> Self {
        RulingError::Msg(msg)
    }
}

impl From<StoreError> for RulingError {
    fn from(error: StoreError) -> Self {
        RulingError::Store(error)
    }
}

/// The rulings files that apply here: this project's, and the person's
/// for every project (none without a home folder).
pub fn files(store: &DecisionStore) -> Vec<RulingsFile> {
    store.rulings_files()
}

/// How `rules` and the page list `ruling`.
pub fn line(ruling: &Ruling) -> RulesMsg {
    RulesMsg::Line(Box::new(app::i18n::RuleLine {
        id: ruling.id.clone(),
        title: ruling.title.clone(),
        answer: ruling.label.clone(),
        scope: if ruling.all_projects {
            app::i18n::RuleScope::All
        } else {
            app::i18n::RuleScope::Project
        },
        path: ruling.path.clone(),
        until: ruling.until.map(|day| day.to_string()),
        stale: ruling.stale,
    }))
}

/// Every ruling of `files`, and whether the person paused them; the first
/// file that cannot be read fails the whole (no ruling applies then).
pub fn read_all(files: &[RulingsFile]) -> Result<(Vec<Ruling>, bool), (StoreError, String)> {
    let mut all = Vec::new();
    let mut paused = false;
    for file in files {
        let Rulings {
            paused: off,
            rulings,
            ..
        } = file
            .read()
            .map_err(|error| (error, file.path().display().to_string()))?;
        paused |= off;
        all.extend(rulings);
    }
    Ok((all, paused))
}

/// A grant as the page's form sends it, unchecked.
#[derive(Clone, Debug, Default)]
pub struct GrantForm {
    pub session: Option<SessionId>,
    pub item: Option<u32>,
    /// `project` or `all`.
    pub scope: String,
    /// A glob of the code location's file; blank for any.
    pub path: String,
    /// The last day; blank for no end.
    pub until: String,
    /// The stamps of the two files the page was shown (project, all).
    pub seen: Option<(u64, u64)>,
}

/// The rulings as the page and `rules` show them.
#[derive(Debug, Default)]
pub struct RulingsShown {
    /// Each ruling, and whether it is of the per-user file.
    pub rulings: Vec<Ruling>,
    pub paused: bool,
    /// The two files' stamps (project, all): what a change is asked against.
    pub stamps: (u64, u64),
}

/// The rulings that apply here; a file that cannot be read fails (named).
pub fn shown(store: &DecisionStore) -> Result<RulingsShown, RulingError> {
    let mut shown = RulingsShown::default();
    for file in files(store) {
        let read = file.read()?;
        shown.paused |= read.paused;
        match file.scope() {
            app::i18n::RuleScope::Project => shown.stamps.0 = read.stamp,
            app::i18n::RuleScope::All => shown.stamps.1 = read.stamp,
        }
        shown.rulings.extend(read.rulings);
    }
    Ok(shown)
}

fn bad(field: RuleField, value: &str) -> RulingError {
    Msg::Rules(RulesMsg::BadField {
        field,
        value: app::i18n::echo(value),
    })
    .into()
}

/// Grants (or changes) the ruling of `form`'s answer; its id.
pub fn grant(store: &DecisionStore, form: &GrantForm) -> Result<String, RulingError> {
    let all_projects = match form.scope.trim() {
        "project" | "" => false,
        "all" => true,
        other => return Err(bad(RuleField::Scope, other)),
    };
    let path = match form.path.trim() {
        "" => None,
        pattern => {
            if crate::search::ruling::pattern_matcher(pattern).is_none() {
                return Err(bad(RuleField::Path, pattern));
            }
            Some(pattern.to_owned())
        }
    };
    let today = chrono::Local::now().date_naive();
    let until = match form.until.trim() {
        "" => None,
        text => match text.parse::<NaiveDate>() {
            Ok(day) if day >= today => Some(day),
            _ => return Err(bad(RuleField::Until, text)),
        },
    };
    let (Some(session), Some(item)) = (form.session.clone(), form.item.and_then(ItemId::new))
    else {
        return Err(Msg::Rules(RulesMsg::NotOneOption {
            item: form.item.unwrap_or(0),
        })
        .into());
    };
    // Only the person's own answer, given here, becomes a ruling.
    let words = crate::search::Words::default();
    if !crate::search::decided_here(store, &words)?.holds(store, &session) {
        return Err(Msg::Rules(RulesMsg::NotDecidedHere {
            session: session.to_string(),
        })
        .into());
    }
    let record = store
        .records()
        .load(&session)?
        .ok_or(StoreError::NoRecord(session.clone()))?;
    let asked = record.input.input.item(item);
    let decision = record.output.decisions().iter().find(|d| d.id() == item);
    let (Some(asked), Some(decision)) = (asked, decision) else {
        return Err(Msg::Rules(RulesMsg::NotOneOption { item: item.get() }).into());
    };
    let value = match (decision.answer(), decision.by()) {
        (Answer::Chosen(value), by) if by.is_person() => value.clone(),
        (Answer::ChosenMany(values), by) if by.is_person() && values.len() == 1 => {
            values[0].clone()
        }
        _ => return Err(Msg::Rules(RulesMsg::NotOneOption { item: item.get() }).into()),
    };
    let id = format!("{session}.{item}");
    let ruling = Ruling {
        id: id.clone(),
        project: store.project_root(),
        all_projects,
        record: session.clone(),
        item,
        title: asked.title().to_owned(),
        options: asked
            .options()
            .iter()
            .map(|o| o.value().to_owned())
            .collect(),
        label: asked
            .option(&value)
            .map_or_else(|| value.clone(), |o| o.label().to_owned()),
        answer: value,
        path,
        until,
        granted_at: crate::store::timestamp(chrono::Local::now()),
        stale: false,
    };
    let (target, other) = targets(store, all_projects)?;
    let seen = |file: &RulingsFile| {
        form.seen.map(|(project, user)| match file.scope() {
            app::i18n::RuleScope::Project => project,
            app::i18n::RuleScope::All => user,
        })
    };
    target.change(seen(&target), |rulings| {
        rulings.rulings.retain(|r| r.id != id);
        rulings.rulings.push(ruling);
        Ok(())
    })?;
    // Granted again with the other scope: it moves.
    if other
        .read()
        .is_ok_and(|r| r.rulings.iter().any(|r| r.id == id))
    {
        other.change(None, |rulings| {
            rulings.rulings.retain(|r| r.id != id);
            Ok(())
        })?;
    }
    let _ = store.ledger().log(&Event::RulingGranted {
        session_id: session,
        item: item.get(),
        ruling: id.clone(),
        all_projects,
    });
    Ok(id)
}

/// The file a ruling of that scope goes to, and the other one.
fn targets(
    store: &DecisionStore,
    all_projects: bool,
) -> Result<(RulingsFile, RulingsFile), RulingError> {
    let project = store.rulings_file();
    let user = RulingsFile::of_user(|name| std::env::var(name).ok())
        .ok_or(Msg::Rules(RulesMsg::NoUserFolder));
    Ok(if all_projects {
        (user?, project)
    } else {
        match user {
            Ok(user) => (project, user),
            Err(_) => (project.clone(), project),
        }
    })
}

/// Revokes the ruling `id`, wherever it is kept; `seen` as for a grant.
pub fn revoke(
    store: &DecisionStore,
    id: &str,
    seen: Option<(u64, u64)>,
) -> Result<(), RulingError> {
    let mut found: Option<Ruling> = None;
    for file in files(store) {
        let read = file.read()?;
        if !read.rulings.iter().any(|r| r.id == id) {
            continue;
        }
        let stamp = seen.map(|(project, user)| match file.scope() {
            app::i18n::RuleScope::Project => project,
            app::i18n::RuleScope::All => user,
        });
        let removed = file.change(stamp, |rulings| {
            let at = rulings.rulings.iter().position(|r| r.id == id);
            Ok(at.map(|at| rulings.rulings.remove(at)))
        })?;
        found = found.or(removed);
    }
    let Some(ruling) = found else {
        return Err(Msg::Rules(RulesMsg::NoRuling {
            id: app::i18n::echo(id),
        })
        .into());
    };
    let _ = store.ledger().log(&Event::RulingRevoked {
        session_id: ruling.record,
        item: ruling.item.get(),
        ruling: ruling.id,
    });
    Ok(())
}

/// Pauses (or resumes) every ruling: the per-user file's switch (this
/// project's without a home folder).
pub fn set_paused(store: &DecisionStore, paused: bool) -> Result<(), RulingError> {
    let file = RulingsFile::of_user(|name| std::env::var(name).ok())
        .unwrap_or_else(|| store.rulings_file());
    file.change(None, |rulings| {
        rulings.paused = paused;
        Ok(())
    })?;
    // A project file paused without a home folder is resumed with it.
    if !paused {
        let project = store.rulings_file();
        if project.read().is_ok_and(|r| r.paused) {
            project.change(None, |rulings| {
                rulings.paused = false;
                Ok(())
            })?;
        }
    }
    Ok(())
}
