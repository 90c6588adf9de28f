//! Every tool aide serves, by name: the one place a tool's name is spelled.
//! The handler, the connection's bookkeeping, the listing and the view's
//! script all take it from here.

/// One of aide's tools.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ToolName {
    /// One the model sees.
    Agent(AgentTool),
    /// One of the App view's own (app-only) tools.
    View(ViewCall),
}

/// The tools a model sees.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AgentTool {
    /// `decide_submit`: store the items, start the page, return at once.
    Submit,
    /// `decide_result`: one session's answers, or how far the person is.
    Result,
    /// `decide`: submit, then wait for the answers.
    Decide,
    /// `decide_cancel`: withdraw a question.
    Cancel,
    /// `decide_search`: what the person decided before.
    Search,
}

/// The App view's own calls (app-only tools).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewCall {
    /// `decide_view`: the form, its first items.
    Open,
    /// `decide_view_items`: the next batch of items.
    Items,
    /// `decide_view_draft`: the answers so far, saved as the draft.
    Draft,
    /// `decide_view_answer`: the answers.
    Answer,
}

impl ToolName {
    /// Every tool, the five a model sees first.
    pub const ALL: [ToolName; 9] = [
        ToolName::Agent(AgentTool::Submit),
        ToolName::Agent(AgentTool::Result),
        ToolName::Agent(AgentTool::Decide),
        ToolName::Agent(AgentTool::Cancel),
        ToolName::Agent(AgentTool::Search),
        ToolName::View(ViewCall::Open),
        ToolName::View(ViewCall::Items),
        ToolName::View(ViewCall::Draft),
        ToolName::View(ViewCall::Answer),
    ];

    /// The name on the wire.
    pub const fn name(self) -> &'static str {
        match self {
            ToolName::Agent(tool) => tool.name(),
            ToolName::View(ViewCall::Open) => "decide_view",
            ToolName::View(ViewCall::Items) => "decide_view_items",
            ToolName::View(ViewCall::Draft) => "decide_view_draft",
            ToolName::View(ViewCall::Answer) => "decide_view_answer",
        }
    }

    /// The tool called `name`, if aide has one.
    pub fn of(name: &str) -> Option<ToolName> {
        ToolName::ALL.into_iter().find(|tool| tool.name() == name)
    }
}

impl AgentTool {
    /// The name on the wire.
    pub const fn name(self) -> &'static str {
        match self {
            AgentTool::Submit => "decide_submit",
            AgentTool::Result => "decide_result",
            AgentTool::Decide => "decide",
            AgentTool::Cancel => "decide_cancel",
            AgentTool::Search => "decide_search",
        }
    }

    /// Whether the tool names the App view (its definition and its result
    /// carry the view's `_meta`).
    pub const fn shows_the_view(self) -> bool {
        matches!(self, AgentTool::Submit | AgentTool::Decide)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_reads_back_as_its_tool_and_no_two_are_alike() {
        for tool in ToolName::ALL {
            assert_eq!(ToolName::of(tool.name()), Some(tool));
        }
        let mut names: Vec<&str> = ToolName::ALL.iter().map(|t| t.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), ToolName::ALL.len());
        assert_eq!(ToolName::of("decide_views"), None);
    }
}
