//! The flow status file (seed 002 §3) plus the design's optional fields,
//! read leniently (unknown fields survive a rewrite) and checked once.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

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
    pub timestamp: String,
    pub action: Action,
    pub phase: String,
    pub step: u64,
    pub summary: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub git_commit: Option<String>,
    /// Decide sessions this entry rests on.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub decisions: Vec<String>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// `.aide/flow-status.json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FlowStatus {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    pub task_id: String,
    pub current_phase: String,
    pub current_step: u64,
    pub started_at: String,
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
    pub fn check(&self) -> Result<(), String> {
        let Some(first) = self.history.first() else {
            return Err("history is empty".into());
        };
        if first.action != Action::Start {
            return Err("history[0].action is not \"start\"".into());
        }
        for (i, entry) in self.history.iter().enumerate() {
            if entry.step != i as u64 + 1 {
                return Err(format!(
                    "history[{i}].step is {}, expected {}",
                    entry.step,
                    i + 1
                ));
            }
        }
        let last = self.history.last().unwrap_or(first);
        if self.current_step != last.step {
            return Err(format!(
                "current_step is {}, the last entry's step is {}",
                self.current_step, last.step
            ));
        }
        if self.current_phase != last.phase {
            return Err(format!(
                "current_phase is {}, the last entry's phase is {}",
                self.current_phase, last.phase
            ));
        }
        Ok(())
    }
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
