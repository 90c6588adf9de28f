//! What a command prints of validation errors: each one's message and its
//! hint (the `建议:` / `Hint:` line), the line for those beyond the
//! reported ones, and the distinct hints of many.

use super::validation_message;
use crate::model::Lang;
use crate::validate::{ErrorKind, MAX_REPORTED_ERRORS, Place, ValidationError, ValidationErrors};

/// What to do about an error (the `建议:` line).
pub(crate) fn validation_hint(kind: &ErrorKind, lang: Lang) -> &'static str {
    if let Some(hint) = crate::i18n::answers::answer_hint(kind, lang) {
        return hint;
    }
    if let Some(hint) = crate::i18n::attached::attached_hint(kind, lang) {
        return hint;
    }
    if let Some(hint) = crate::i18n::rule::rule_hint(kind, lang) {
        return hint;
    }
    match kind {
        ErrorKind::TooFewOptions { .. } => lang.pick(
            "为每个待定项提供至少 2 个可选方案",
            "Give every item at least 2 options",
        ),
        ErrorKind::RecommendNotInOptions { .. } => lang.pick(
            "recommend 必须是 options 中某个选项的 value",
            "recommend must be the value of one of the item's options",
        ),
        ErrorKind::DuplicateId { .. } => lang.pick(
            "为每个待定项使用不同的 id",
            "Give every item a different id",
        ),
        ErrorKind::DuplicateValue { .. } => lang.pick(
            "同一待定项中每个选项的 value 必须不同",
            "Give every option of an item a different value",
        ),
        ErrorKind::UnknownField { .. } => lang.pick(
            "删除未知字段或修正拼写;输入格式见 aide decide schema",
            "Remove the unknown field or fix its spelling; the format is in aide decide schema",
        ),
        ErrorKind::EndBeforeStart { .. } => lang.pick(
            "location.end 必须大于或等于 location.start",
            "location.end must be greater than or equal to location.start",
        ),
        ErrorKind::UnknownItem { .. }
        | ErrorKind::DuplicateDecision { .. }
        | ErrorKind::MissingDecision { .. }
        | ErrorKind::ChosenNotInOptions { .. } => lang.pick(
            "为每个待定项选择且只选择一个选项",
            "Choose exactly one option for every item",
        ),
        _ => lang.pick(
            "检查必填字段是否完整",
            "Check that every required field is present and well-formed",
        ),
    }
}

/// The line that stands for errors beyond the reported ones.
pub(crate) fn more_errors(count: usize, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("……另有 {count} 个错误未列出"),
        Lang::En => format!("… and {count} more errors"),
    }
}

/// The words of a validation error (`crate::validate` finds them; the
/// catalogue says them).
impl ValidationError {
    /// The message in one language, naming the field and what was expected.
    pub fn message(&self, lang: Lang) -> String {
        validation_message(self, lang)
    }
    /// What to do about it, in one language.
    pub fn hint(&self, lang: Lang) -> &'static str {
        match self.place {
            Place::Field(_) => validation_hint(&self.kind, lang),
            Place::Item { .. } => crate::i18n::item_hint(lang),
        }
    }
}

impl ValidationErrors {
    /// Each message on its own line, at most `MAX_REPORTED_ERRORS` of them.
    pub fn messages(&self, lang: Lang) -> Vec<String> {
        let shown = MAX_REPORTED_ERRORS;
        let mut lines: Vec<String> = self
            .errors()
            .iter()
            .take(shown)
            .map(|e| e.message(lang))
            .collect();
        if self.errors().len() > shown {
            lines.push(more_errors(self.errors().len() - shown, lang));
        }
        lines
    }
    /// The distinct hints of the errors, in order.
    pub fn hints(&self, lang: Lang) -> Vec<&'static str> {
        let mut hints = Vec::new();
        for error in self.errors() {
            let hint = error.hint(lang);
            if !hints.contains(&hint) {
                hints.push(hint);
            }
        }
        hints
    }
}

impl std::fmt::Display for ValidationErrors {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.messages(Lang::En).join("; "))
    }
}
