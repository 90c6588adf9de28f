//! The view's calls, passed on to the session's page server. The page
//! server owns its session: it renders the items with the page's
//! components and records answers through the page's own parser and
//! validation, so the view adds no second path for either. `aide mcp` is
//! only its client, on loopback, with the session's key; answers go by
//! the relay route of where they were given, opened by the secret the
//! server's notice holds for `aide mcp` alone.

use crate::error::CliError;
use crate::store::{Secret, ServerInfo};
use crate::web::{KEY_HEADER, RELAY_HEADER};
use app::SessionId;
use app::i18n::{AgentMsg, Msg};
use app::page::protocol::{FORM_MEDIA_TYPE, Refusal, Relay, Route, SESSION_HEADER};
use http_body_util::{BodyExt, Full, Limited};
use hyper::body::Bytes;
use hyper::{Method, Request, header};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use std::net::SocketAddr;
use std::time::Duration;

/// How long one call to the page server may take.
const TIMEOUT: Duration = Duration::from_secs(15);
/// The largest body read back: a batch of items is far smaller.
const MAX_BODY: usize = 16 * 1024 * 1024;

/// One session's page server, as its notice describes it.
pub struct PageServer {
    addr: SocketAddr,
    key: Secret,
    relay: Secret,
    session: SessionId,
    accept_language: String,
}

/// What the page server answered.
pub enum PageReply {
    /// Server HTML, or the JSON of a recorded answer.
    Ok(String),
    /// A refusal in the person's language (already answered, replaced,
    /// invalid answers…).
    Refused(String),
}

impl PageServer {
    /// The server of `info`, spoken to in the host's `locale`.
    pub fn new(info: &ServerInfo, locale: Option<&str>) -> Result<PageServer, CliError> {
        // An older aide's server publishes neither: it is not one aide mcp
        // can speak for.
        let (Some(key), Some(relay)) = (info.key.clone(), info.relay.clone()) else {
            return Err(unreachable(info.session_id.to_string()));
        };
        Ok(PageServer {
            addr: crate::reach::reached_at(info.addr),
            key,
            relay,
            session: info.session_id.clone(),
            accept_language: locale.unwrap_or_default().to_owned(),
        })
    }

    /// `GET /api/view`: the form with its first items.
    pub async fn view(&self) -> Result<PageReply, CliError> {
        self.send(Method::GET, Route::View.path().to_owned(), None)
            .await
    }

    /// `GET /api/items?from=N`: the next batch of items; with `item`,
    /// that one item as it is now.
    pub async fn items(&self, from: usize, item: Option<u32>) -> Result<PageReply, CliError> {
        let query = app::page::ItemsQuery {
            from,
            inline_images: true,
            item,
        };
        let path = format!("{}{}", Route::Items.path(), query.query());
        self.send(Method::GET, path, None).await
    }

    /// `POST` of the form with a button that posts it without submitting
    /// it, as the page without JavaScript posts it (`web/posted.rs`): the
    /// page server keeps it as the draft and does what the button says.
    pub async fn post(&self, form: String) -> Result<PageReply, CliError> {
        let path = Route::Form.path().to_owned();
        self.send(Method::POST, path, Some((form, false))).await
    }

    /// `POST /api/relay/…` with the form's fields, as the page sends
    /// them, given where `relay` says: the App view or the client's own
    /// form.
    pub async fn answer(&self, form: String, relay: Relay) -> Result<PageReply, CliError> {
        let path = Route::Relayed(relay).path().to_owned();
        self.send(Method::POST, path, Some((form, true))).await
    }

    /// `PUT /api/draft` with the form's fields: the answers so far, as the
    /// page saves them while the person works.
    pub async fn draft(&self, form: String) -> Result<PageReply, CliError> {
        self.send(
            Method::PUT,
            Route::Draft.path().to_owned(),
            Some((form, false)),
        )
        .await
    }

    async fn send(
        &self,
        method: Method,
        path: String,
        form: Option<(String, bool)>,
    ) -> Result<PageReply, CliError> {
        let host = self.addr.to_string();
        let mut request = Request::builder()
            .method(method)
            .uri(format!("http://{host}{path}"))
            .header(header::HOST, &host)
            .header(SESSION_HEADER, self.session.to_string());
        if !self.accept_language.is_empty() {
            request = request.header(header::ACCEPT_LANGUAGE, &self.accept_language);
        }
        // The relay routes take their own secret; the page's take its key.
        request = match &form {
            Some((_, true)) => request.header(RELAY_HEADER, self.relay.expose()),
            _ => request.header(KEY_HEADER, self.key.expose()),
        };
        if form.is_some() {
            request = request.header(header::CONTENT_TYPE, FORM_MEDIA_TYPE);
        }
        let request = request
            .body(Full::new(Bytes::from(
                form.map(|(form, _)| form).unwrap_or_default(),
            )))
            .map_err(|e| unreachable(e.to_string()))?;
        let client: Client<HttpConnector, Full<Bytes>> =
            Client::builder(TokioExecutor::new()).build_http();
        let exchange = async {
            let response = client
                .request(request)
                .await
                .map_err(|e| unreachable(e.to_string()))?;
            let status = response.status();
            let body = Limited::new(response.into_body(), MAX_BODY)
                .collect()
                .await
                .map_err(|e| unreachable(e.to_string()))?
                .to_bytes();
            Ok::<_, CliError>((status, String::from_utf8_lossy(&body).into_owned()))
        };
        let (status, body) = tokio::time::timeout(TIMEOUT, exchange)
            .await
            .map_err(|_| {
                CliError::from(Msg::Agent(AgentMsg::PageSilent {
                    secs: TIMEOUT.as_secs(),
                }))
            })??;
        // A posted button sends the page back to the item (303).
        if status.is_success() || status.is_redirection() {
            return Ok(PageReply::Ok(body));
        }
        match serde_json::from_str::<Refusal>(&body) {
            Ok(refusal) => Ok(PageReply::Refused(match refusal.hint {
                Some(hint) => format!("{}\n{hint}", refusal.error),
                None => refusal.error,
            })),
            Err(_) => Err(unreachable(format!("HTTP {}", status.as_u16()))),
        }
    }
}

fn unreachable(detail: String) -> CliError {
    Msg::Agent(AgentMsg::PageUnreachable { detail }).into()
}
