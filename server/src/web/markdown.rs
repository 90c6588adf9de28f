//! An item's `context`, rendered from CommonMark to HTML that is safe to put
//! into the page: raw HTML is shown as text, links open in a new tab without
//! access to the page, and only `http`, `https` and `mailto` targets become
//! links. Images are never loaded; they become links to the image.

use pulldown_cmark::{Alignment, CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd};

/// The HTML for `markdown`.
pub fn render(markdown: &str) -> String {
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
    let mut rewriter = Rewriter::default();
    let events = Parser::new_ext(markdown, options).map(|event| rewriter.rewrite(event));
    let mut html = String::with_capacity(markdown.len() * 3 / 2);
    pulldown_cmark::html::push_html(&mut html, events);
    html
}

/// Turns the events that could carry markup or leave the page into safe ones.
#[derive(Default)]
struct Rewriter {
    /// For each open link or image: whether it was written as `<a>`.
    links: Vec<bool>,
    /// The open table's column alignments and the next cell's column.
    alignments: Vec<Alignment>,
    column: usize,
    in_head: bool,
}

impl Rewriter {
    fn rewrite<'a>(&mut self, event: Event<'a>) -> Event<'a> {
        match event {
            // Raw HTML is text: it shows, it never runs.
            Event::Html(text) | Event::InlineHtml(text) => Event::Text(text),
            Event::Start(Tag::Link {
                dest_url, title, ..
            })
            | Event::Start(Tag::Image {
                dest_url, title, ..
            }) => self.open_link(&dest_url, &title),
            Event::End(TagEnd::Link | TagEnd::Image) => {
                let was_link = self.links.pop().unwrap_or(false);
                html(if was_link { "</a>" } else { "</span>" })
            }
            // Headings start below the page's own (h1 task, h2 sections).
            Event::Start(Tag::Heading { level, .. }) => {
                html(format!("<h{} class=\"context-heading\">", shifted(level)))
            }
            Event::End(TagEnd::Heading(level)) => html(format!("</h{}>\n", shifted(level))),
            // Tables are written here so alignment is a class (the page's
            // CSP refuses inline styles) and wide tables scroll on phones.
            Event::Start(Tag::Table(alignments)) => {
                self.alignments = alignments;
                html("<div class=\"table-wrap\" tabindex=\"0\"><table>")
            }
            Event::End(TagEnd::Table) => html("</tbody></table></div>\n"),
            Event::Start(Tag::TableHead) => {
                self.in_head = true;
                self.column = 0;
                html("<thead><tr>")
            }
            Event::End(TagEnd::TableHead) => {
                self.in_head = false;
                html("</tr></thead><tbody>")
            }
            Event::Start(Tag::TableRow) => {
                self.column = 0;
                html("<tr>")
            }
            Event::End(TagEnd::TableRow) => html("</tr>"),
            Event::Start(Tag::TableCell) => {
                let cell = if self.in_head { "th" } else { "td" };
                let class = match self.alignments.get(self.column) {
                    Some(Alignment::Left) => " class=\"align-left\"",
                    Some(Alignment::Center) => " class=\"align-center\"",
                    Some(Alignment::Right) => " class=\"align-right\"",
                    Some(Alignment::None) | None => "",
                };
                self.column += 1;
                html(format!("<{cell}{class}>"))
            }
            Event::End(TagEnd::TableCell) => html(if self.in_head { "</th>" } else { "</td>" }),
            other => other,
        }
    }

    fn open_link<'a>(&mut self, url: &str, title: &str) -> Event<'a> {
        let safe = is_safe_url(url);
        self.links.push(safe);
        if !safe {
            return html("<span class=\"unsafe-link\">");
        }
        let title = if title.is_empty() {
            String::new()
        } else {
            format!(" title=\"{}\"", escape_html(title))
        };
        html(format!(
            "<a href=\"{}\"{title} target=\"_blank\" rel=\"noopener noreferrer\">",
            escape_href(url)
        ))
    }
}

fn html<'a>(text: impl Into<CowStr<'a>>) -> Event<'a> {
    Event::Html(text.into())
}

/// Heading levels moved down by two: `#` becomes `<h3>`, never past `<h6>`.
fn shifted(level: HeadingLevel) -> u8 {
    (level as u8 + 2).min(6)
}

/// Only web and mail links: `javascript:`, `data:`, relative paths (which
/// would point at aide's own server) and the like stay text.
fn is_safe_url(url: &str) -> bool {
    let lower = url.trim_start().to_ascii_lowercase();
    ["https://", "http://", "mailto:"]
        .iter()
        .any(|scheme| lower.starts_with(scheme))
        && !url.chars().any(char::is_control)
}

/// Text escaped for HTML content or a double-quoted attribute.
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    // Writing to a String cannot fail.
    let _ = pulldown_cmark_escape::escape_html(&mut out, text);
    out
}

/// A link target escaped for a double-quoted `href`, as pulldown-cmark
/// writes its own.
fn escape_href(url: &str) -> String {
    let mut out = String::with_capacity(url.len());
    // Writing to a String cannot fail.
    let _ = pulldown_cmark_escape::escape_href(&mut out, url);
    out
}

#[cfg(test)]
mod tests {
    use super::render;

    #[test]
    fn emphasis_lists_code_and_tables_become_html() {
        let html = render(
            "Use *JWT* or **sessions**:\n\n- one\n- two\n\n`code` and\n\n```rust\nfn main() {}\n```\n\n| a | b |\n|:-|-:|\n| 1 | 2 |\n",
        );
        assert!(html.contains("<em>JWT</em>"), "{html}");
        assert!(html.contains("<strong>sessions</strong>"), "{html}");
        assert!(html.contains("<li>one</li>"), "{html}");
        assert!(html.contains("<code>code</code>"), "{html}");
        assert!(
            html.contains("<pre><code class=\"language-rust\">fn main() {}"),
            "{html}"
        );
        assert!(
            html.contains("<thead><tr><th class=\"align-left\">a</th><th class=\"align-right\">b</th></tr></thead><tbody><tr><td class=\"align-left\">1</td><td class=\"align-right\">2</td></tr></tbody></table></div>"),
            "{html}"
        );
        assert!(!html.contains("style="), "{html}");
    }

    #[test]
    fn raw_html_and_script_are_text() {
        let html = render("<script>alert(1)</script>\n\nhi <img src=x onerror=alert(1)> there");
        assert!(!html.contains("<script"), "{html}");
        assert!(!html.contains("<img"), "{html}");
        assert!(
            html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
            "{html}"
        );
        assert!(
            html.contains("&lt;img src=x onerror=alert(1)&gt;"),
            "{html}"
        );
    }

    #[test]
    fn web_links_open_safely_and_other_schemes_stay_text() {
        let html = render("[docs](https://example.com/a?b=1&c=\"2\" \"The docs\")");
        assert!(
            html.contains("<a href=\"https://example.com/a?b=1&amp;c=%222%22\" title=\"The docs\" target=\"_blank\" rel=\"noopener noreferrer\">docs</a>"),
            "{html}"
        );
        for evil in [
            "[x](javascript:alert(1))",
            "[x](JaVaScRiPt:alert(1))",
            "[x](data:text/html,<b>)",
            "[x](/api/decisions)",
            "<javascript:alert(1)>",
        ] {
            let html = render(evil);
            assert!(!html.contains("<a "), "{evil}: {html}");
            assert!(!html.contains("href"), "{evil}: {html}");
        }
        let html = render("![logo](https://example.com/x.png)");
        assert!(!html.contains("<img"), "{html}");
        assert!(
            html.contains("<a href=\"https://example.com/x.png\""),
            "{html}"
        );
    }

    #[test]
    fn headings_start_below_the_pages_own() {
        assert_eq!(render("# Big"), "<h3 class=\"context-heading\">Big</h3>\n");
        assert_eq!(
            render("##### Small"),
            "<h6 class=\"context-heading\">Small</h6>\n"
        );
    }
}
