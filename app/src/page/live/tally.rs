//! What the island knows of each item: it reads an item's fields again,
//! shows the result and counts the answers. Only that item is read again,
//! so a page of thousands of items stays quick.

use super::Live;
use super::fields::{As, position_of, read_fields, recommended};
use super::show::show;
use crate::page::summary::total_text;
use web_sys::Element;

/// Counts what is answered and what accept-all would fill.
pub(super) fn recount(live: Live) {
    let (answered, open, differing) =
        live.items
            .borrow()
            .iter()
            .fold((0, 0, 0), |(a, o, d), item| {
                (
                    a + usize::from(item.answered),
                    o + usize::from(!item.answered && item.has_recommendation),
                    d + usize::from(item.differs),
                )
            });
    live.set_counts(answered, open, &total_text(answered, differing, live.lang));
}

/// Reads an item that just arrived (its fieldset) and shows it, without
/// counting the form again: the caller counts once for a whole batch.
pub(super) fn reread(live: Live, fieldset: &Element) {
    if let Some(n) = position_of(fieldset) {
        reread_item(live, n, fieldset);
    }
}

/// Reads item `n` again from its fieldset and shows the result.
pub(super) fn refresh(live: Live, n: usize, fieldset: &Element) {
    reread_item(live, n, fieldset);
    recount(live);
}

/// Reads item `n` again and shows it, without counting the form again.
pub(super) fn reread_item(live: Live, n: usize, fieldset: &Element) {
    let Some(id) = live.items.borrow().get(n).map(|i| i.id) else {
        return;
    };
    let picked = read_fields(fieldset, id, As::Now);
    let recommended = recommended(fieldset);
    let differs = picked.differs(&recommended);
    if let Some(item) = live.items.borrow_mut().get_mut(n) {
        item.answered = picked.answered();
        item.differs = differs;
    }
    show(live, id, fieldset, &picked, &recommended, differs);
}

/// Takes in what the person did before the island woke (the items at
/// `touched`): each is read as it stands and shown, then the form is
/// counted once.
pub(super) fn catch_up(live: Live, touched: &[usize]) {
    for &n in touched {
        let id = live.items.borrow().get(n).map(|i| i.id);
        if let Some(fieldset) = id.and_then(super::fields::fieldset_of) {
            reread_item(live, n, &fieldset);
        }
    }
    recount(live);
}
