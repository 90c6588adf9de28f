//! The page's one island: it wraps the server-rendered form and makes it
//! live. The form is the state: the island reads and writes its fields and
//! keeps progress, the summary and drafts in step with them. What only the
//! island shows (the actions above the items, progress, the submit bar and
//! the final screen) it renders itself, on the server as in the browser.

#[cfg(feature = "hydrate")]
mod browser;
#[cfg(feature = "hydrate")]
mod keys;
#[cfg(feature = "hydrate")]
mod send;

use super::protocol::Route;
use crate::Lang;
use crate::i18n::PageText;
use leptos::prelude::*;

/// Where the island starts. The server provides it as context while it
/// renders the page; in the browser the island reads the same from the
/// page itself. So the island has no props: no JSON, and no JSON reader in
/// the WASM.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Start {
    pub lang: Lang,
    /// How many items the page has.
    pub total: usize,
    /// How many are answered in the form as rendered (from the draft).
    pub answered: usize,
    /// Whether any item has a recommendation (for accept-all).
    pub has_recommendations: bool,
    /// Whether any item takes an answer of one's own, or a skip (for the
    /// list of shortcuts).
    pub has_other: bool,
    pub has_skip: bool,
}

/// Where the submission stands.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Phase {
    Editing,
    Submitting,
    /// The last attempt failed with this message; every choice is kept.
    #[cfg_attr(not(feature = "hydrate"), allow(dead_code))]
    Failed(String),
    Done,
}

/// Where the draft stands, shown under the submit button.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DraftStatus {
    /// Nothing changed since the page loaded.
    Unchanged,
    #[cfg_attr(not(feature = "hydrate"), allow(dead_code))]
    Saved,
    #[cfg_attr(not(feature = "hydrate"), allow(dead_code))]
    Failed,
}

impl DraftStatus {
    fn text(self, lang: Lang) -> Option<String> {
        match self {
            DraftStatus::Unchanged => None,
            DraftStatus::Saved => Some(PageText::DraftSaved.get(lang)),
            DraftStatus::Failed => Some(PageText::DraftFailed.get(lang)),
        }
    }

    /// For tests and styles: `data-draft` on the status line.
    fn code(self) -> &'static str {
        match self {
            DraftStatus::Unchanged => "unchanged",
            DraftStatus::Saved => "saved",
            DraftStatus::Failed => "failed",
        }
    }
}

/// The island's state; `Copy`, so handlers capture it freely.
#[derive(Clone, Copy)]
pub(crate) struct Live {
    pub lang: Lang,
    pub total: usize,
    pub answered: RwSignal<usize>,
    /// Unanswered items that have a recommendation.
    pub open_recommended: RwSignal<usize>,
    pub phase: RwSignal<Phase>,
    pub draft: RwSignal<DraftStatus>,
    /// The answer to the last toolbar action.
    pub notice: RwSignal<Option<String>>,
    /// True once the island runs in the browser.
    pub hydrated: RwSignal<bool>,
    pub form: NodeRef<leptos::html::Form>,
    #[cfg(feature = "hydrate")]
    tracked: browser::Tracked,
}

impl Live {
    fn new(start: &Start) -> Self {
        Live {
            lang: start.lang,
            total: start.total,
            answered: RwSignal::new(start.answered),
            open_recommended: RwSignal::new(0),
            phase: RwSignal::new(Phase::Editing),
            draft: RwSignal::new(DraftStatus::Unchanged),
            notice: RwSignal::new(None),
            hydrated: RwSignal::new(false),
            form: NodeRef::new(),
            #[cfg(feature = "hydrate")]
            tracked: browser::Tracked::new(),
        }
    }
}

/// The form and everything live around it. `children` are the form's
/// fields and the summary, as the server rendered them. The browser does
/// not restore fields on a reload (`autocomplete="off"`): the server
/// renders them from the draft, which is the truth.
#[island]
pub fn LiveForm(children: Children) -> impl IntoView {
    #[cfg(feature = "hydrate")]
    let (start, items) = browser::read_start();
    #[cfg(not(feature = "hydrate"))]
    let start = use_context::<Start>().unwrap_or_default();
    let live = Live::new(&start);
    #[cfg(feature = "hydrate")]
    browser::start(live, items);
    let done = move || live.phase.get() == Phase::Done;
    let lang = live.lang;
    let on_change = move |event: leptos::ev::Event| {
        #[cfg(feature = "hydrate")]
        browser::changed(live, &event, true);
        #[cfg(not(feature = "hydrate"))]
        let _ = event;
    };
    let on_input = move |event: leptos::ev::Event| {
        #[cfg(feature = "hydrate")]
        browser::changed(live, &event, false);
        #[cfg(not(feature = "hydrate"))]
        let _ = event;
    };
    let on_submit = move |event: leptos::ev::SubmitEvent| {
        #[cfg(feature = "hydrate")]
        browser::submit(live, &event);
        #[cfg(not(feature = "hydrate"))]
        let _ = event;
    };

    view! {
        <Show when=done>
            <DoneScreen lang />
        </Show>
        <form
            class="decisions"
            method="post"
            action=Route::Form.path()
            autocomplete="off"
            node_ref=live.form
            hidden=done
            on:change=on_change
            on:input=on_input
            on:submit=on_submit
        >
            {toolbar(live, &start)}
            {children()}
            {submit_bar(live)}
        </form>
    }
}

/// Actions above the items: accept every recommendation, jump to the next
/// unanswered item, and the list of keyboard shortcuts. They need the
/// WASM, so they appear once the island runs.
fn toolbar(live: Live, start: &Start) -> impl IntoView + use<> {
    let has_recommendations = start.has_recommendations;
    let (has_other, has_skip) = (start.has_other, start.has_skip);
    let lang = live.lang;
    let accept = move |_| {
        #[cfg(feature = "hydrate")]
        {
            let filled = browser::accept_all(live);
            live.notice
                .set(Some(PageText::AcceptedAll(filled).get(lang)));
        }
    };
    let next = move |_| {
        #[cfg(feature = "hydrate")]
        if !browser::focus_next_open(live) {
            live.notice.set(Some(PageText::AllAnswered.get(lang)));
        }
    };
    let open = live.open_recommended;
    let answered = live.answered;
    let total = live.total;
    view! {
        <Show when=move || live.hydrated.get()>
            <div class="toolbar">
                <div class="toolbar-actions">
                    {has_recommendations.then(|| view! {
                        <button
                            type="button"
                            class="accept-all"
                            disabled=move || open.get() == 0
                            aria-describedby="accept-all-count"
                            on:click=accept
                        >
                            {PageText::AcceptAll.get(lang)}
                        </button>
                        <span class="accept-all-count" id="accept-all-count">
                            {move || PageText::AcceptAllCount(open.get()).get(lang)}
                        </span>
                    })}
                    <button
                        type="button"
                        class="next-open"
                        disabled=move || answered.get() == total
                        aria-keyshortcuts="N"
                        on:click=next
                    >
                        {PageText::NextUnanswered.get(lang)} " " <kbd aria-hidden="true">"N"</kbd>
                    </button>
                </div>
                <p class="notice" role="status" aria-live="polite">{move || live.notice.get()}</p>
                <details class="shortcuts">
                    <summary>{PageText::Shortcuts.get(lang)}</summary>
                    <dl>
                        <dt><kbd>"1"</kbd> "–" <kbd>"9"</kbd></dt>
                        <dd>{PageText::ShortcutChoose.get(lang)}</dd>
                        {has_other.then(|| view! {
                            <dt><kbd>"O"</kbd></dt>
                            <dd>{PageText::ShortcutOther.get(lang)}</dd>
                        })}
                        {has_skip.then(|| view! {
                            <dt><kbd>"S"</kbd></dt>
                            <dd>{PageText::ShortcutSkip.get(lang)}</dd>
                        })}
                        <dt><kbd>"N"</kbd></dt>
                        <dd>{PageText::ShortcutNext.get(lang)}</dd>
                        <dt><kbd>"Tab"</kbd> " / " <kbd>"↑ ↓"</kbd></dt>
                        <dd>{PageText::ShortcutMove.get(lang)}</dd>
                    </dl>
                </details>
            </div>
        </Show>
    }
}

/// Progress, errors, the draft's state and the submit button.
fn submit_bar(live: Live) -> impl IntoView + use<> {
    let lang = live.lang;
    let total = live.total;
    let answered = live.answered;
    let phase = live.phase;
    let hydrated = live.hydrated;
    let submitting = move || phase.get() == Phase::Submitting;
    // Before hydration the button stays enabled: the radios are `required`,
    // so the browser itself refuses an incomplete plain form POST.
    let disabled = move || hydrated.get() && (answered.get() < total || submitting());
    let error = move || match phase.get() {
        Phase::Failed(message) => Some(message),
        _ => None,
    };
    let hint =
        move || (hydrated.get() && answered.get() < total).then(|| PageText::ChooseAll.get(lang));
    let draft = live.draft;

    view! {
        <div class="submit-bar">
            <p class="progress" role="status" aria-live="polite">
                {move || PageText::Progress { chosen: answered.get(), total }.get(lang)}
            </p>
            <p class="error" role="alert">{error}</p>
            <p class="submit-hint">{hint}</p>
            <p class="draft-status" role="status" aria-live="polite" data-draft=move || draft.get().code()>
                {move || draft.get().text(lang)}
            </p>
            <button type="submit" class="submit" disabled=disabled aria-busy=move || submitting().to_string()>
                {move || if submitting() { PageText::Submitting.get(lang) } else { PageText::Submit.get(lang) }}
            </button>
        </div>
    }
}

/// The final screen once the answers are recorded.
#[component]
pub fn DoneScreen(lang: Lang) -> impl IntoView {
    view! {
        <section class="done" role="status" aria-live="polite">
            <p class="done-mark" aria-hidden="true">"✓"</p>
            <h2>{PageText::DoneTitle.get(lang)}</h2>
            <p>{PageText::DoneBody.get(lang)}</p>
        </section>
    }
}
