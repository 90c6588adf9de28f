//! What an item's options show besides their words (issue 57), under the
//! options: a panel per option that shows something (its Markdown
//! preview, its picture, its diff file by file), two side by side on a
//! wide screen, stacked on a phone. Each panel is a `<details>` that starts
//! open, so it folds without JavaScript and the island changes nothing in
//! it as it wakes.

use crate::Lang;
use crate::i18n::PageText;
use crate::model::{DecideItem, DiffFile, ItemId, SessionId};
use leptos::prelude::*;

/// What the server prepared of one item's previews and diffs, in its
/// options' order (`None` for an option that shows nothing). Only the
/// server makes these: Markdown rendered as an item's context is, each
/// line of a diff with its code highlighted and every text escaped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ItemAttached {
    pub id: ItemId,
    pub options: Vec<Option<OptionAttached>>,
}

/// One option's, as HTML: its preview, and for each file of its diff the
/// table rows of its lines (none for a binary file).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OptionAttached {
    pub preview: Option<String>,
    pub files: Vec<String>,
}

/// How a page shows an option's picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Images {
    /// By its address on the page server ([`super::Route::Image`]), opened
    /// by the page's key as the page is.
    Linked,
    /// In the HTML itself, as a `data:` address: for the App view, which
    /// draws the HTML inside the agent's client, away from the server,
    /// and for an earlier record's page.
    Inline,
}

/// The panels of `item`'s options that show something.
pub(crate) fn attached_panels(
    item: &DecideItem,
    shown: &ItemAttached,
    session: &SessionId,
    images: Images,
    lang: Lang,
) -> impl IntoView + use<> {
    let panels = item
        .options()
        .iter()
        .zip(&shown.options)
        .enumerate()
        .filter_map(|(k, (option, prepared))| {
            let prepared = prepared.as_ref()?;
            let label = option.label().to_owned();
            let preview = prepared.preview.as_ref().map(|html| {
                view! { <div class="preview context" inner_html=html.clone()></div> }
            });
            let image = option.image().map(|image| {
                let src = match images {
                    Images::Linked => super::protocol::image_path(session, item.id(), k),
                    Images::Inline => data_url(image),
                };
                let (width, height) = image.size();
                let alt = format!("{}: {label} ({})", PageText::ImageOf.get(lang), image.file());
                view! {
                    <figure class="attached-image">
                        <img src=src alt=alt width=width height=height loading="lazy" decoding="async" />
                    </figure>
                }
            });
            let files = option.diff().map(|diff| {
                diff.files()
                    .iter()
                    .zip(&prepared.files)
                    .map(|(file, rows)| diff_file(file, rows, lang))
                    .collect_view()
            });
            let number = k + 1;
            Some(view! {
                <details class="attached-option" open id=panel_id(item.id(), k)>
                    <summary>
                        <span class="attached-number">{number}</span>
                        " "
                        <span class="attached-label">{label}</span>
                    </summary>
                    {preview}
                    {image}
                    {files}
                </details>
            })
        })
        .collect_view();
    view! {
        <div class="attached" role="group" aria-label=PageText::AttachedGroup.get(lang)>
            {panels}
        </div>
    }
}

/// One file of a diff: its name, then its lines in a table that scrolls
/// sideways on its own (and takes the keyboard's focus to do so), or the
/// note that a binary file changed.
fn diff_file(file: &DiffFile, rows: &str, lang: Lang) -> impl IntoView + use<> {
    let path = file.path().to_owned();
    let renamed = match (file.old_path(), file.new_path()) {
        (Some(old), Some(new)) if old != new => Some(view! {
            <span class="diff-renamed">{format!(" ({} {old})", PageText::RenamedFrom.get(lang))}</span>
        }),
        _ => None,
    };
    let body = if file.binary() {
        view! { <p class="diff-binary">{PageText::BinaryChanged.get(lang)}</p> }.into_any()
    } else {
        let label = format!("{} {path}", PageText::DiffOf.get(lang));
        view! {
            <div class="diff-scroll" tabindex="0" role="region" aria-label=label>
                <table class="diff">
                    <thead class="visually-hidden">
                        <tr>
                            <th scope="col">{PageText::DiffOldLine.get(lang)}</th>
                            <th scope="col">{PageText::DiffNewLine.get(lang)}</th>
                            <th scope="col">{PageText::DiffChange.get(lang)}</th>
                            <th scope="col">{PageText::DiffCode.get(lang)}</th>
                        </tr>
                    </thead>
                    <tbody inner_html=rows.to_owned()></tbody>
                </table>
            </div>
        }
        .into_any()
    };
    view! {
        <section class="diff-file">
            <p class="diff-name"><code>{path}</code>{renamed}</p>
            {body}
        </section>
    }
}

/// The id of option `k`'s panel (from 0) of item `item`. Only the server
/// writes it (no script looks for it), so it is not one of the island's
/// `DomId`s, which the WASM carries.
fn panel_id(item: ItemId, k: usize) -> String {
    format!("p{item}-{k}")
}

/// The picture as a `data:` address.
fn data_url(image: &crate::model::Image) -> String {
    use base64::Engine;
    let data = base64::engine::general_purpose::STANDARD.encode(image.bytes());
    format!("data:{};base64,{data}", image.format().media_type())
}
