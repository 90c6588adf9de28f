//! The code a question points at: the lines `location` names, read by the
//! server from inside the project, or why they cannot be shown.

use crate::Lang;
use crate::i18n::PageText;
use crate::model::ItemId;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// Most lines shown of one location.
pub const MAX_SNIPPET_LINES: u32 = 200;

/// What the page shows for one item's `location`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ItemSnippet {
    pub id: ItemId,
    pub snippet: Snippet,
}

/// The lines, or why there are none.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Snippet {
    /// Lines from `start`; `last_line` is set when the file ends before
    /// `location.end`; `capped` when more lines were asked than are shown.
    Lines {
        start: u32,
        lines: Vec<String>,
        last_line: Option<u32>,
        capped: bool,
    },
    /// The file does not exist.
    NotFound,
    /// An absolute path: only paths relative to the project are read.
    Absolute,
    /// The path leads outside the project (`..`, a symlink) or into `.aide/`.
    Outside,
    /// Not a regular file, or not readable.
    Unreadable,
    /// The file has only `last_line` lines, fewer than `location.start`.
    NoSuchLines { last_line: u32 },
    /// The lines lie beyond the part of the file aide reads.
    TooLarge,
}

/// The lines of an item's location, with line numbers, or a note.
pub(crate) fn snippet_view(snippet: &Snippet, lang: Lang) -> AnyView {
    let note = |text: String| view! { <p class="snippet-note" role="note">{text}</p> };
    match snippet {
        Snippet::Lines {
            start,
            lines,
            last_line,
            capped,
        } => {
            let shown = lines.len();
            let rows = lines
                .iter()
                .zip(*start..)
                .map(|(text, number)| {
                    view! {
                        <span class="code-line"><span class="line-number" aria-hidden="true">{number}</span>{text.clone()}</span>
                    }
                })
                .collect_view();
            let short = last_line.map(|last| note(PageText::SnippetShort { last }.get(lang)));
            let capped = capped.then(|| note(PageText::SnippetCapped { shown }.get(lang)));
            view! {
                <pre class="snippet"><code>{rows}</code></pre>
                {short}
                {capped}
            }
            .into_any()
        }
        Snippet::NotFound => note(PageText::SnippetNotFound.get(lang)).into_any(),
        Snippet::Absolute => note(PageText::SnippetAbsolute.get(lang)).into_any(),
        Snippet::Outside => note(PageText::SnippetOutside.get(lang)).into_any(),
        Snippet::Unreadable => note(PageText::SnippetUnreadable.get(lang)).into_any(),
        Snippet::NoSuchLines { last_line } => {
            note(PageText::SnippetNoLines { last: *last_line }.get(lang)).into_any()
        }
        Snippet::TooLarge => note(PageText::SnippetTooLarge.get(lang)).into_any(),
    }
}
