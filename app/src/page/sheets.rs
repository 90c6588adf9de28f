//! The stylesheets a page carries besides the bundle's: each goes only
//! into a page that shows what it styles, so a plain page weighs what it
//! did (`bench/page.sh`: a 10-item page's reload stays within 10 KB). The
//! App view, which draws whatever arrives, always carries both.

use super::PageData;

/// The panels of options that show something (issue 57): previews,
/// pictures, diffs.
pub const ATTACHED: &str = include_str!("../../../style/attached.css");
/// The other questions waiting, a precedent, an answer taken
/// provisionally, an item put off with "Decide later", the items a
/// standing ruling answered.
pub const OCCASIONAL: &str = include_str!("../../../style/occasional.css");

/// Whether `css` can go into a `<style>` element as it is: nothing in it
/// may end one.
const fn fits_a_style_element(css: &str) -> bool {
    let bytes = css.as_bytes();
    let mut i = 0;
    while i + 1 < bytes.len() {
        if bytes[i] == b'<' && bytes[i + 1] == b'/' {
            return false;
        }
        i += 1;
    }
    true
}
const _: () = assert!(fits_a_style_element(ATTACHED) && fits_a_style_element(OCCASIONAL));

/// The sheets `data`'s page carries besides the bundle's, in order.
pub(super) fn sheets(data: &PageData) -> impl Iterator<Item = &'static str> + use<> {
    let served = &data.served;
    let input = &served.pending.input;
    let attached = !served.attached.is_empty();
    // A rule may fire while the page is open, and the items a long page
    // fetches later are marked then: the session's rules decide, not the
    // marks of this render.
    let occasional = !served.precedents.is_empty()
        || !data.also_waiting.is_empty()
        || !data.ruled.is_empty()
        || input
            .items()
            .iter()
            .any(|item| item.if_unanswered().is_some())
        || data
            .draft
            .iter()
            .any(|entry| matches!(entry, crate::model::DraftEntry::Later { .. }));
    [(attached, ATTACHED), (occasional, OCCASIONAL)]
        .into_iter()
        .filter_map(|(carried, css)| carried.then_some(css))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sheet_that_could_end_its_element_is_caught() {
        assert!(fits_a_style_element("a{color:red}"));
        assert!(!fits_a_style_element("a{}</style>"));
    }
}
