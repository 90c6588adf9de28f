//! The flow status file (seed 002 §3) plus the design's optional fields,
//! read leniently (unknown fields survive a rewrite) and checked once.

use app::i18n::{Expected, FlowDamage};
use app::{SessionId, SessionIdError, Timestamp};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::fmt;
use std::str::FromStr;

/// A task's id: named as decide sessions are, `YYYY-MM-DDTHH-mm-ss` (the
/// local time it started) with `-N` when that second was taken, and read
/// by their one reader. It names the task's archive, so it is safe in a
/// file name. Tasks order by that time, then the counter.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TaskId(SessionId);

impl TaskId {
    /// The first id of `at`'s second, or a later one when `taken` says
    /// so (as for sessions).
    pub fn new(at: chrono::DateTime<chrono::Local>, taken: impl Fn(&TaskId) -> bool) -> Self {
        TaskId(crate::store::pending::session::new_session_id(at, |id| {
            taken(&TaskId(id.clone()))
        }))
    }
}

impl FromStr for TaskId {
    type Err = SessionIdError;
    fn from_str(text: &str) -> Result<Self, SessionIdError> {
        text.parse().map(TaskId)
    }
}

impl fmt::Display for TaskId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// What an entry records.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    Start,
    NextStep,
    BackStep,
    NextPart,
    BackPart,
    Issue,
    Error,
}

impl Action {
    /// The name as stored and typed (`next-step`).
    pub fn name(self) -> &'static str {
        match self {
            Action::Start => "start",
            Action::NextStep => "next-step",
            Action::BackStep => "back-step",
            Action::NextPart => "next-part",
            Action::BackPart => "back-part",
            Action::Issue => "issue",
            Action::Error => "error",
        }
    }

    /// The commit subject of seed 002 §5 for this action in `phase`.
    pub fn message(self, phase: &str, summary: &str) -> String {
        match self {
            Action::Start | Action::NextStep | Action::NextPart => {
                format!("[aide] {phase}: {summary}")
            }
            other => format!("[aide] {phase} {}: {summary}", other.name()),
        }
    }
}

/// One entry of `history`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HistoryEntry {
    pub timestamp: Timestamp,
    pub action: Action,
    pub phase: String,
    pub step: u64,
    pub summary: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub git_commit: Option<String>,
    /// Decide sessions this entry rests on.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub decisions: Vec<SessionId>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// `.aide/flow-status.json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FlowStatus {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    pub task_id: TaskId,
    pub current_phase: String,
    pub current_step: u64,
    pub started_at: Timestamp,
    pub history: Vec<HistoryEntry>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_commit: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source_branch: Option<String>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl FlowStatus {
    /// The last entry (a checked status always has one).
    pub fn last(&self) -> Option<&HistoryEntry> {
        self.history.last()
    }

    /// The task's own summary: the start entry's.
    pub fn summary(&self) -> &str {
        self.history.first().map_or("", |e| e.summary.as_str())
    }

    /// Appends `entry` and moves the current phase and step with it.
    pub fn push(&mut self, entry: HistoryEntry) {
        self.current_phase = entry.phase.clone();
        self.current_step = entry.step;
        self.history.push(entry);
    }

    /// The design's invariants (flow.md §1.1); the first broken one.
    pub fn check(&self) -> Result<(), FlowDamage> {
        let Some(first) = self.history.first() else {
            return Err(FlowDamage::EmptyHistory);
        };
        if first.action != Action::Start {
            return Err(FlowDamage::FirstNotStart);
        }
        for (index, entry) in self.history.iter().enumerate() {
            if entry.step != index as u64 + 1 {
                return Err(FlowDamage::Step {
                    index,
                    found: entry.step,
                });
            }
        }
        let last = self.history.last().unwrap_or(first);
        if self.current_step != last.step {
            return Err(FlowDamage::CurrentStep {
                current: self.current_step,
                last: last.step,
            });
        }
        if self.current_phase != last.phase {
            return Err(FlowDamage::CurrentPhase {
                current: self.current_phase.clone(),
                last: last.phase.clone(),
            });
        }
        Ok(())
    }
}

/// What a field of the status file (or of the intent, which holds one)
/// should hold, by its path: for the message that names a wrong one.
pub(super) fn expected(path: &str) -> Option<Expected> {
    if path.is_empty() {
        return Some(Expected::Object);
    }
    if let Some(list) = path.strip_suffix(']') {
        let list = list.rsplit_once('[').map_or(list, |(list, _)| list);
        return match list.rsplit('.').next() {
            Some("decisions") => Some(Expected::SessionId),
            Some("history") => Some(Expected::Object),
            _ => None,
        };
    }
    let expected = match path.rsplit('.').next().unwrap_or(path) {
        "status" => Expected::Object,
        "task_id" | "replaces_task_id" => Expected::TaskId,
        "started_at" | "timestamp" => Expected::Time,
        "current_step" | "step" => Expected::WholeNumber,
        "history" | "decisions" => Expected::List,
        "action" => Expected::Action,
        "current_phase" | "phase" | "summary" | "git_commit" | "start_commit" | "source_branch"
        | "version" | "head_before" | "message" => Expected::Text,
        _ => return None,
    };
    Some(expected)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEED: &str = r#"{
  "task_id": "2025-01-15T10-30-00", "current_phase": "impl", "current_step": 2,
  "started_at": "2025-01-15T10:30:00+08:00", "task_branch": "aide/001",
  "history": [
    {"timestamp": "2025-01-15T10:30:00+08:00", "action": "start", "phase": "flow-design",
     "step": 1, "summary": "开始任务: 实现用户认证模块", "git_commit": "a1b2c3d"},
    {"timestamp": "2025-01-15T11:00:00+08:00", "action": "next-part", "phase": "impl",
     "step": 2, "summary": "流程设计完成,开始实现", "note": 1}
  ]
}"#;

    #[test]
    fn the_seed_format_reads_checks_and_keeps_unknown_fields() {
        let status: FlowStatus = serde_json::from_str(SEED).unwrap();
        status.check().unwrap();
        assert_eq!(status.history[1].action, Action::NextPart);
        let back = serde_json::to_value(&status).unwrap();
        assert_eq!(back["task_branch"], "aide/001");
        assert_eq!(back["history"][1]["note"], 1);
        assert!(back["history"][1].get("git_commit").is_none());
        assert!(back.get("version").is_none());
    }

    #[test]
    fn broken_invariants_and_unknown_actions_are_refused() {
        let mut status: FlowStatus = serde_json::from_str(SEED).unwrap();
        status.current_step = 3;
        assert!(status.check().is_err());
        let bad = SEED.replace("\"next-part\"", "\"jump\"");
        assert!(serde_json::from_str::<FlowStatus>(&bad).is_err());
    }

    #[test]
    fn messages_follow_seed_section_5() {
        assert_eq!(
            Action::Start.message("flow-design", "x"),
            "[aide] flow-design: x"
        );
        assert_eq!(Action::Issue.message("impl", "y"), "[aide] impl issue: y");
        assert_eq!(
            Action::BackStep.message("impl", "z"),
            "[aide] impl back-step: z"
        );
        assert_eq!(
            Action::BackPart.message("flow-design", "w"),
            "[aide] flow-design back-part: w"
        );
    }
}
