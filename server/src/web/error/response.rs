//! An `AppError` as the response: JSON for the page's scripts, or a small
//! page for a browser; never cached.

use super::AppError;
use crate::web::markdown::escape_html;
use app::Lang;
use app::i18n::PageText;
use app::page::protocol::Refusal;
use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let mut response = if self.json {
            let body = Refusal {
                error: self.message,
                hint: self.hint.map(str::to_owned),
            };
            (self.status, Json(body)).into_response()
        } else {
            message_page(self.status, self.lang, self.title, &self.message)
        };
        no_store(&mut response);
        response
    }
}

/// A small static page for a message; `detail` is escaped.
fn message_page(status: StatusCode, lang: Lang, title: PageText, detail: &str) -> Response {
    let title = title.get(lang);
    let back = PageText::Back.get(lang);
    let html = format!(
        "<!DOCTYPE html><html lang=\"{}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title}</title><link rel=\"stylesheet\" href=\"/{pkg}/{css}\"></head>\
         <body><main class=\"page\"><section class=\"message\"><h1>{title}</h1>\
         <p class=\"message-detail\">{}</p><p><a href=\"/\">{back}</a></p></section></main></body></html>",
        lang.html_tag(),
        escape_html(detail).replace('\n', "<br>"),
        pkg = crate::web::assets::pkg_dir(),
        css = crate::web::assets::STYLESHEET,
    );
    (status, Html(html)).into_response()
}

/// Pages and errors are never cached: they show the session as it is now.
pub(in crate::web) fn no_store(response: &mut Response) {
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
}
