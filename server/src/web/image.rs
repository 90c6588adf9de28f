//! `GET /image/{session}/{item}/{option}`: the picture of an option of the
//! served session, with its media type. A session route: the guard lets
//! only the page's key holder through, as for the page itself. The bytes
//! are those checked when the question was submitted, kept in its file.

use super::state::AppState;
use app::ItemId;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

pub async fn image(
    State(state): State<AppState>,
    Path((session, item, option)): Path<(String, String, String)>,
) -> Response {
    let served = state.served();
    let pending = &served.pending;
    if pending.meta.session_id.to_string() != session {
        return StatusCode::NOT_FOUND.into_response();
    }
    let item = item
        .parse()
        .ok()
        .and_then(ItemId::new)
        .and_then(|id| pending.input.item(id));
    let option = option.parse::<usize>().ok();
    let image = item
        .zip(option)
        .and_then(|(item, k)| item.options().get(k))
        .and_then(|option| option.image());
    let Some(image) = image else {
        return StatusCode::NOT_FOUND.into_response();
    };
    (
        [
            (header::CONTENT_TYPE, image.format().media_type()),
            // The address names the session, whose pictures never change.
            (header::CACHE_CONTROL, "private, max-age=86400, immutable"),
        ],
        axum::body::Bytes::copy_from_slice(image.bytes()),
    )
        .into_response()
}
