//! What the server prepares once, when it starts: each item's snippet
//! read, its context rendered, its precedent found (if asked), and what its
//! options show besides their words.

use crate::store::DecisionStore;
use app::Pending;
use app::page::{ItemContext, ItemSnippet, Served};

/// Whether the page looks for precedents.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(in crate::web) enum Precedents {
    Find,
    None,
}

/// The served session with each item's snippet read, each context
/// rendered and each item's precedent found (if asked).
pub(super) fn prepare(store: &DecisionStore, pending: Pending, precedents: Precedents) -> Served {
    let root = store.project_root();
    let items = pending.input.items();
    let snippets = items
        .iter()
        .filter_map(|item| {
            Some(ItemSnippet {
                id: item.id(),
                snippet: crate::web::snippet::read(&root, item.location()?),
            })
        })
        .collect();
    let contexts = items
        .iter()
        .filter_map(|item| {
            Some(ItemContext {
                id: item.id(),
                html: crate::web::markdown::render(item.context()?),
            })
        })
        .collect();
    let precedents = match precedents {
        Precedents::Find => {
            crate::search::precedents(store, &crate::search::Words::default(), &pending.input)
        }
        Precedents::None => Vec::new(),
    };
    let attached = crate::web::attached::prepare_all(items);
    Served {
        pending,
        snippets,
        contexts,
        precedents,
        attached,
    }
}
