//! The recommendations: why one stands out, and taking them all at once.

use super::PageText;
use crate::Lang;

/// The short reason shown beside the "recommended" badge (which one
/// applies, `crate::page::standout` works out).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standout {
    /// Scored higher than every other option; `next` is the runner-up.
    HighestScore { score: u8, next: Option<u8> },
    /// Shares the highest score with another option.
    SharedTopScore { score: u8 },
    /// Scored below another option: the agent weighed something else.
    BelowTopScore { score: u8, top: u8 },
    /// No score tells it apart, but it has the fewest cons.
    FewestCons,
    /// No score tells it apart, but it has the most pros.
    MostPros,
    /// Nothing in the data sets it apart: the agent's judgement.
    AgentsPick,
}

/// The text of a message of this file.
// Inlined in the WASM, so each call folds to its one text (see `PageText::get`).
#[cfg_attr(feature = "hydrate", inline(always))]
pub(super) fn get(text: PageText, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    match text {
        PageText::Standout(reason) => standout(reason, lang),
        PageText::AcceptAll => lang
            .pick("采纳全部推荐", "Accept all recommendations")
            .into(),
        PageText::AcceptAllCount(n) if zh => format!("为 {n} 个尚未选择的项填入推荐选项"),
        PageText::AcceptAllCount(1) => "fills in 1 unanswered item".into(),
        PageText::AcceptAllCount(n) => format!("fills in {n} unanswered items"),
        PageText::AcceptedAll(n) if zh => format!("已为 {n} 项填入推荐选项,请在提交前核对"),
        PageText::AcceptedAll(1) => {
            "Filled in the recommendation for 1 item; check it before you submit".into()
        }
        PageText::AcceptedAll(n) => {
            format!("Filled in the recommendations for {n} items; check them before you submit")
        }
        _ => unreachable!("not a text of recommend.rs: {text:?}"),
    }
}

/// The short reason beside the recommended badge.
fn standout(reason: Standout, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    match reason {
        Standout::HighestScore {
            score,
            next: Some(next),
        } if zh => {
            format!("评分最高:{score}(其次 {next})")
        }
        Standout::HighestScore {
            score,
            next: Some(next),
        } => {
            format!("Highest score: {score} (next best {next})")
        }
        Standout::HighestScore { score, next: None } if zh => format!("唯一有评分的选项:{score}"),
        Standout::HighestScore { score, next: None } => format!("The only scored option: {score}"),
        Standout::SharedTopScore { score } if zh => format!("与其他选项并列最高分 {score}"),
        Standout::SharedTopScore { score } => format!("Shares the top score of {score}"),
        Standout::BelowTopScore { score, top } if zh => {
            format!("agent 的判断:评分 {score} 并非最高(最高 {top})")
        }
        Standout::BelowTopScore { score, top } => {
            format!("The agent's judgement: its score {score} is not the highest ({top})")
        }
        Standout::FewestCons => lang.pick("缺点最少", "Fewest cons").into(),
        Standout::MostPros => lang.pick("优点最多", "Most pros").into(),
        Standout::AgentsPick => lang
            .pick(
                "agent 的判断(数据中没有更明显的区别)",
                "The agent's judgement (nothing in the data sets it apart)",
            )
            .into(),
    }
}
