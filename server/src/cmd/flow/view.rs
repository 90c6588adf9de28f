//! `status`, `list` and `show`: reading the flow files, never git.

use super::{Ctx, fail, open, recover, short, store_error};
use crate::error::CliError;
use crate::stdout::{print_data, print_json};
use crate::store::StoreError;
use crate::store::flow::{FlowStatus, TaskId};
use app::Timestamp;
use app::i18n::{FlowField as Field, FlowMsg, Msg};
use serde::Serialize;
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// Summaries in `list` are cut to this many terminal columns.
const LIST_WIDTH: usize = 60;

fn data(line: &str) -> Result<(), CliError> {
    print_data(line)
}

fn field(ctx: &Ctx, field: Field, value: impl ToString) {
    ctx.printer().info(&Msg::Flow(FlowMsg::Field {
        field,
        value: value.to_string(),
    }));
}

/// `aide flow status`.
pub fn status(ctx: &Ctx, json: bool) -> Result<(), CliError> {
    let (_, store, config) = open(ctx)?;
    recover::if_needed(ctx, &store, &config)?;
    let Some(status) = store.load().map_err(store_error)? else {
        if json {
            return data(r#"{"active":false}"#);
        }
        ctx.printer().info(&Msg::Flow(FlowMsg::NoActive));
        return Ok(());
    };
    if json {
        return print_json(&status);
    }
    field(ctx, Field::TaskId, &status.task_id);
    field(ctx, Field::Task, status.summary());
    field(ctx, Field::Phase, &status.current_phase);
    field(ctx, Field::Step, status.current_step.to_string());
    field(ctx, Field::StartedAt, status.started_at);
    if let Some(last) = status.last() {
        field(
            ctx,
            Field::LastAction,
            format!("{} {}", last.action.name(), last.summary),
        );
        field(ctx, Field::ActionTime, last.timestamp);
        if let Some(hash) = &last.git_commit {
            field(ctx, Field::GitCommit, short(hash));
        }
    }
    Ok(())
}

/// One task of `list --json`.
#[derive(Serialize)]
struct Row<'a> {
    task_id: &'a TaskId,
    current_phase: &'a str,
    current_step: u64,
    started_at: Timestamp,
    summary: &'a str,
    active: bool,
}

/// `aide flow list`: the active task, then the archives, newest first.
pub fn list(ctx: &Ctx, json: bool) -> Result<(), CliError> {
    let (_, store, config) = open(ctx)?;
    recover::if_needed(ctx, &store, &config)?;
    let mut tasks: Vec<(FlowStatus, bool)> = Vec::new();
    if let Some(active) = store.load().map_err(store_error)? {
        tasks.push((active, true));
    }
    for (file, read) in store.archives().map_err(store_error)? {
        match read {
            Ok(status) => tasks.push((status, false)),
            Err(error) => ctx.printer().warn(&Msg::Flow(FlowMsg::Unreadable {
                file,
                detail: detail(&error, ctx.lang),
            })),
        }
    }
    let rows: Vec<Row> = tasks
        .iter()
        .map(|(s, active)| Row {
            task_id: &s.task_id,
            current_phase: &s.current_phase,
            current_step: s.current_step,
            started_at: s.started_at,
            summary: s.summary(),
            active: *active,
        })
        .collect();
    if json {
        /// `flow list --json`: `{"tasks":[...]}`.
        #[derive(Serialize)]
        struct TasksJson<'a> {
            tasks: Vec<Row<'a>>,
        }
        return print_json(&TasksJson { tasks: rows });
    }
    if rows.is_empty() {
        ctx.printer().info(&Msg::Flow(FlowMsg::NoTasks));
    }
    for row in rows {
        let mark = if row.active { '*' } else { ' ' };
        let summary = truncate(row.summary, LIST_WIDTH);
        data(&format!(
            "{mark} {}  {}  {}  {summary}",
            row.task_id, row.current_phase, row.current_step
        ))?;
    }
    Ok(())
}

/// Why an archive cannot be read, in the reader's language: what is
/// wrong in it, or the store's message.
fn detail(error: &StoreError, lang: app::Lang) -> String {
    match error {
        StoreError::Corrupt { damage, .. } => damage.text(lang),
        StoreError::Io { source, .. } => source.to_string(),
        other => other.message(lang).text(lang),
    }
}

/// `aide flow show [TASK_ID]`.
pub fn show(ctx: &Ctx, task_id: Option<&str>, json: bool) -> Result<(), CliError> {
    let (_, store, config) = open(ctx)?;
    recover::if_needed(ctx, &store, &config)?;
    let active = store.load().map_err(store_error)?;
    let status = match task_id {
        None => active.ok_or_else(|| fail(FlowMsg::NoStatus))?,
        Some(text) => {
            let not_found = || fail(FlowMsg::TaskNotFound { task: text.into() });
            let id: TaskId = text.trim().parse().map_err(|_| not_found())?;
            match active.filter(|a| a.task_id == id) {
                Some(active) => active,
                None => store
                    .load_archive(&id)
                    .map_err(store_error)?
                    .ok_or_else(not_found)?,
            }
        }
    };
    if json {
        return print_json(&status);
    }
    field(ctx, Field::TaskId, &status.task_id);
    field(ctx, Field::CurrentPhase, &status.current_phase);
    field(ctx, Field::CurrentStep, status.current_step.to_string());
    field(ctx, Field::StartedAt, status.started_at);
    ctx.printer().info(&Msg::Flow(FlowMsg::HistoryHeader));
    let lang = ctx.lang;
    for entry in &status.history {
        let hash = entry
            .git_commit
            .as_deref()
            .map(|h| format!(" [{}]", short(h)))
            .unwrap_or_default();
        data(&format!("  [{}] {}{hash}", entry.phase, entry.summary))?;
        data(&format!(
            "         {} ({})",
            entry.timestamp,
            entry.action.name()
        ))?;
        if !entry.decisions.is_empty() {
            let label = Field::Decisions.text(lang);
            let ids: Vec<String> = entry.decisions.iter().map(ToString::to_string).collect();
            data(&format!("         {label}: {}", ids.join(", ")))?;
        }
    }
    Ok(())
}

/// Columns a character takes in a terminal (2 for East Asian wide ones).
fn columns(c: char) -> usize {
    c.width().unwrap_or(0)
}

/// `text` cut to `width` columns with `…`, on character boundaries.
fn truncate(text: &str, width: usize) -> String {
    let total = text.width();
    if total <= width {
        return text.to_owned();
    }
    let mut used = 0;
    let mut out = String::new();
    for c in text.chars() {
        if used + columns(c) > width - 1 {
            break;
        }
        used += columns(c);
        out.push(c);
    }
    out.push('…');
    out
}

#[cfg(test)]
mod tests {
    use super::truncate;

    #[test]
    fn truncation_counts_columns_and_keeps_characters_whole() {
        assert_eq!(truncate("abc", 5), "abc");
        assert_eq!(truncate("实现用户认证模块", 7), "实现用…");
        assert_eq!(truncate("abcdefgh", 5), "abcd…");
    }
}
