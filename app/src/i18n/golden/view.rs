//! The view's tool descriptions (view.rs).

use crate::i18n::ViewTool;

kinds!(view_tool: ViewTool {
    ViewTool::Open,
    ViewTool::Items,
    ViewTool::Answer,
    ViewTool::Draft,
    ViewTool::SessionArg,
    ViewTool::TaskArg,
    ViewTool::LangArg,
    ViewTool::FromArg,
    ViewTool::FormArg,
    ViewTool::TokenArg,
});

pub(super) const VIEW_TOOLS: [ViewTool; 10] = [
    ViewTool::Open,
    ViewTool::Items,
    ViewTool::Answer,
    ViewTool::Draft,
    ViewTool::SessionArg,
    ViewTool::TaskArg,
    ViewTool::LangArg,
    ViewTool::FromArg,
    ViewTool::FormArg,
    ViewTool::TokenArg,
];
