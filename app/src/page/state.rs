//! The page's reactive state: one choice and one note per item, and where
//! the submission stands.

use crate::model::{DecideInput, DecideItem, DraftAnswer, ItemId, SessionId};
use crate::{Lang, validate_output};
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// Everything the page needs, rendered on the server and read again by the
/// WASM from the page itself, so both sides build the same view.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PageData {
    pub input: DecideInput,
    pub session_id: SessionId,
    pub lang: Lang,
    /// True when this session's answers are already recorded.
    pub decided: bool,
    /// The answers saved so far, which the page starts from.
    #[serde(default)]
    pub draft: Vec<DraftAnswer>,
    /// The code each item's `location` points at, read by the server.
    #[serde(default)]
    pub snippets: Vec<super::ItemSnippet>,
    /// Each item's `context`, rendered from Markdown by the server.
    #[serde(default)]
    pub contexts: Vec<super::ItemContext>,
}

/// Where the submission stands.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Phase {
    Editing,
    Submitting,
    /// The last attempt failed with this message; every choice is kept.
    Failed(String),
    Done,
}

/// The person's answer to one item so far.
#[derive(Clone, Copy)]
pub(crate) struct Choice {
    pub id: ItemId,
    pub chosen: RwSignal<Option<String>>,
    pub note: RwSignal<String>,
}

impl Choice {
    /// Whether the chosen option is not the `recommend`ed one (tracked);
    /// false while open or when there is no recommendation.
    pub fn differs_from(&self, recommend: Option<&str>) -> bool {
        self.chosen
            .with(|c| matches!((c.as_deref(), recommend), (Some(c), Some(r)) if c != r))
    }
}

/// All the page's state; `Copy`, so views can capture it freely.
#[derive(Clone, Copy)]
pub(crate) struct PageState {
    input: StoredValue<DecideInput>,
    choices: StoredValue<Vec<Choice>>,
    phase: RwSignal<Phase>,
    chosen_count: Memo<usize>,
}

impl PageState {
    /// The state of a page for `input`, starting from the `draft` saved
    /// earlier.
    pub fn new(input: DecideInput, decided: bool, draft: &[DraftAnswer]) -> Self {
        let choices: Vec<Choice> = input
            .items()
            .iter()
            .map(|item| {
                let saved = draft.iter().find(|a| a.id == item.id());
                Choice {
                    id: item.id(),
                    chosen: RwSignal::new(saved.and_then(|a| a.chosen.first().cloned())),
                    note: RwSignal::new(saved.map(|a| a.note.clone()).unwrap_or_default()),
                }
            })
            .collect();
        let counted = choices.clone();
        let chosen_count = Memo::new(move |_| {
            counted
                .iter()
                .filter(|c| c.chosen.with(Option::is_some))
                .count()
        });
        let phase = RwSignal::new(if decided { Phase::Done } else { Phase::Editing });
        PageState {
            input: StoredValue::new(input),
            choices: StoredValue::new(choices),
            phase,
            chosen_count,
        }
    }

    pub fn input(&self) -> StoredValue<DecideInput> {
        self.input
    }

    pub fn total(&self) -> usize {
        self.choices.with_value(Vec::len)
    }

    pub fn chosen_count(&self) -> Memo<usize> {
        self.chosen_count
    }

    pub fn phase(&self) -> RwSignal<Phase> {
        self.phase
    }

    /// The choice for the item at `index`.
    #[cfg_attr(not(feature = "hydrate"), allow(dead_code))]
    pub fn choice(&self, index: usize) -> Option<Choice> {
        self.choices
            .with_value(|choices| choices.get(index).copied())
    }

    /// The `value` of the `nth` option (from 0) of the item at `index`.
    #[cfg_attr(not(feature = "hydrate"), allow(dead_code))]
    pub fn option_value(&self, index: usize, nth: usize) -> Option<String> {
        self.input.with_value(|input| {
            let option = input.items().get(index)?.options().get(nth)?;
            Some(option.value().to_owned())
        })
    }

    /// Calls `f` with each item's index, the item and its choice, in order.
    pub fn each<T>(&self, mut f: impl FnMut(usize, &DecideItem, Choice) -> T) -> Vec<T> {
        self.input.with_value(|input| {
            self.choices.with_value(|choices| {
                input
                    .items()
                    .iter()
                    .zip(choices)
                    .enumerate()
                    .map(|(n, (item, choice))| f(n, item, *choice))
                    .collect()
            })
        })
    }

    /// How many unanswered items have a recommendation (tracked).
    pub fn open_recommended(&self) -> usize {
        self.each(|_, item, c| item.recommend().is_some() && c.chosen.with(Option::is_none))
            .into_iter()
            .filter(|open| *open)
            .count()
    }

    /// Chooses the recommended option of every unanswered item that has
    /// one; answered items keep their choice. Returns how many were filled.
    pub fn accept_all(&self) -> usize {
        self.each(|_, item, c| match item.recommend() {
            Some(recommend) if c.chosen.with_untracked(Option::is_none) => {
                c.chosen.set(Some(recommend.to_owned()));
                true
            }
            _ => false,
        })
        .into_iter()
        .filter(|filled| *filled)
        .count()
    }

    /// The index of the first unanswered item after `from` (wrapping
    /// around), or `None` when every item is answered.
    #[cfg_attr(not(feature = "hydrate"), allow(dead_code))]
    pub fn next_open(&self, from: Option<usize>) -> Option<usize> {
        self.choices.with_value(|choices| {
            let n = choices.len();
            let start = from.map_or(0, |i| i + 1);
            (0..n)
                .map(|k| (start + k) % n)
                .find(|&i| choices[i].chosen.with_untracked(Option::is_none))
        })
    }

    /// Subscribes the running effect to every choice and note.
    #[cfg_attr(not(feature = "hydrate"), allow(dead_code))]
    pub fn track_answers(&self) {
        self.choices.with_value(|choices| {
            for c in choices {
                c.chosen.track();
                c.note.track();
            }
        });
    }

    /// The answers so far, as a draft body: open items are left out.
    #[cfg_attr(not(feature = "hydrate"), allow(dead_code))]
    pub fn draft_json(&self) -> serde_json::Value {
        let decisions: Vec<serde_json::Value> = self.choices.with_value(|choices| {
            choices
                .iter()
                .filter_map(|c| {
                    let chosen = c.chosen.get_untracked();
                    let note = c.note.get_untracked();
                    (chosen.is_some() || !note.trim().is_empty()).then(
                        || serde_json::json!({ "id": c.id.get(), "chosen": chosen, "note": note }),
                    )
                })
                .collect()
        });
        serde_json::json!({ "decisions": decisions })
    }

    /// The answers as the JSON the server expects.
    fn output_json(&self) -> serde_json::Value {
        let decisions: Vec<serde_json::Value> = self.choices.with_value(|choices| {
            choices
                .iter()
                .filter_map(|c| {
                    let chosen = c.chosen.get_untracked()?;
                    let note = c.note.get_untracked();
                    let mut d = serde_json::json!({ "id": c.id.get(), "chosen": chosen });
                    if !note.trim().is_empty() {
                        d["note"] = note.into();
                    }
                    Some(d)
                })
                .collect()
        });
        serde_json::json!({ "decisions": decisions })
    }

    /// The form's submit handler: checks the answers with the shared
    /// validation, then posts them; failures keep every choice.
    pub fn on_submit(
        self,
        session: StoredValue<SessionId>,
        lang: Lang,
    ) -> impl Fn(leptos::ev::SubmitEvent) + Copy + 'static {
        move |event| {
            event.prevent_default();
            if matches!(self.phase.get_untracked(), Phase::Submitting | Phase::Done) {
                return;
            }
            let body = self.output_json();
            if let Err(errors) = self.input.with_value(|input| validate_output(input, &body)) {
                self.phase
                    .set(Phase::Failed(errors.messages(lang).join("\n")));
                return;
            }
            self.phase.set(Phase::Submitting);
            let phase = self.phase;
            leptos::task::spawn_local(async move {
                let session = session.get_value().to_string();
                match super::submit::post_decisions(body, session, lang).await {
                    Ok(()) => phase.set(Phase::Done),
                    Err(message) => phase.set(Phase::Failed(message)),
                }
            });
        }
    }
}
