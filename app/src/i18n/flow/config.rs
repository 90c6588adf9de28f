//! `[flow] phases` in `.aide/config.toml`.

use super::FlowMsg;
use crate::Lang;

/// The text of a message of this file.
pub(super) fn text(msg: &FlowMsg, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    match msg {
        FlowMsg::PhasesEmpty => lang
            .pick(
                "flow.phases 配置无效：必须为非空列表",
                "Invalid flow.phases: it must be a non-empty list",
            )
            .into(),
        FlowMsg::PhaseNotString => lang
            .pick(
                "flow.phases 配置无效：环节名必须为非空字符串",
                "Invalid flow.phases: phase names must be non-empty strings",
            )
            .into(),
        FlowMsg::PhaseDuplicate { name } if zh => {
            format!("flow.phases 配置无效：环节名重复 \"{name}\"")
        }
        FlowMsg::PhaseDuplicate { name } => {
            format!("Invalid flow.phases: the phase \"{name}\" appears twice")
        }
        FlowMsg::PhaseBadName { name } if zh => format!(
            "flow.phases 配置无效：环节名 \"{name}\" 只能包含字母、数字和 . _ -（最多 32 个字符）"
        ),
        FlowMsg::PhaseBadName { name } => format!(
            "Invalid flow.phases: the phase name \"{name}\" may hold only letters, digits and . _ - (at most 32 characters)"
        ),
        _ => unreachable!("not a text of config.rs: {msg:?}"),
    }
}
