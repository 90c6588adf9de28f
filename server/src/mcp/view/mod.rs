//! The MCP App view (`io.modelcontextprotocol/ui`): `decide` and
//! `decide_submit` name a `ui://` resource, a self-contained HTML document
//! that hosts draw inline beside the chat. The document is the same for
//! every session (hosts may cache it); it asks aide for the session's form
//! through the app-only tools here, and aide passes those calls on to the
//! session's page server ([`proxy`]), which renders and records exactly as
//! it does for the page. The view is a thin client (docs/view.md): its
//! script is the host bridge and one loop that sends the form's events as
//! calls and does what each answer says ([`update`]).

mod args;
mod call;
mod handle;
pub(super) mod proxy;
pub mod token;
mod update;

pub use args::ViewRequest;
pub use call::{HtmlContent, ViewAnswer, run};

use super::args::args_schema;
use super::tool_name::{ToolName, ViewCall};
use app::Lang;
use app::i18n::{ViewText, ViewTool};
use rmcp::model::{
    ExtensionCapabilities, JsonObject, MetaObject, Resource, ResourceContents, Tool,
};
use serde_json::{Value, json};
use std::sync::{Arc, OnceLock};

/// The view's resource.
pub const URI: &str = "ui://aide/decide.html";
/// The media type of an MCP App document.
pub const MIME: &str = "text/html;profile=mcp-app";
/// The extension's id in the capabilities.
pub const EXTENSION: &str = "io.modelcontextprotocol/ui";

/// The view document: one file, its style and script inline, no address
/// outside itself.
pub fn document() -> &'static str {
    static DOCUMENT: OnceLock<String> = OnceLock::new();
    DOCUMENT.get_or_init(|| {
        let css = format!(
            "{}\n{}\n{}\n{}",
            include_str!("../../../../style/main.css"),
            app::page::ATTACHED_STYLE,
            app::page::OCCASIONAL_STYLE,
            include_str!("view.css")
        );
        include_str!("view.html")
            .replace("__VERSION__", env!("CARGO_PKG_VERSION"))
            .replace("__CSS__", &css)
            .replace("__TEXT__", &texts())
            .replace("__ACTS__", &acts().to_string().replace("</", "<\\/"))
            .replace(
                "__SCRIPT__",
                &include_str!("view.js")
                    .replace("__TOKEN_ARG__", token::ARG)
                    .replace("__TOKEN_META__", token::META_KEY),
            )
    })
}

/// What the view's script acts on ([`app::page::view_bindings`]), with
/// the tool of each call it names.
fn acts() -> Value {
    let mut acts = app::page::view_bindings();
    let tool = |call: ViewCall| ToolName::View(call).name();
    acts["calls"] = json!({
        "open": tool(ViewCall::Open),
        "items": tool(ViewCall::Items),
        "draft": tool(ViewCall::Draft),
        "answer": tool(ViewCall::Answer),
    });
    acts
}

/// Every text the view shows before aide answers, in both languages, as
/// JSON inside a `<script>` element (so `</` is written `<\/`).
fn texts() -> String {
    let table = |lang: Lang| -> serde_json::Map<String, Value> {
        ViewText::ALL
            .iter()
            .map(|t| (t.key().to_owned(), Value::from(t.get(lang))))
            .collect()
    };
    json!({ "en": table(Lang::En), "zh": table(Lang::Zh) })
        .to_string()
        .replace("</", "<\\/")
}

/// The extension, declared in the server's capabilities.
pub fn extension() -> ExtensionCapabilities {
    let mut extensions = ExtensionCapabilities::new();
    let mut ui = JsonObject::new();
    ui.insert("mimeTypes".into(), json!([MIME]));
    extensions.insert(EXTENSION.into(), ui);
    extensions
}

/// `_meta` of a tool the view belongs to: the nested form and the flat
/// key that some hosts still read; for a client that draws MCP Apps
/// (`app`), the view's token too, which hosts pass to the view as the
/// tool's definition (`hostContext.toolInfo.tool`) before the call ends.
pub fn tool_meta(app: bool) -> MetaObject {
    let mut meta = JsonObject::new();
    meta.insert("ui".into(), json!({ "resourceUri": URI }));
    meta.insert("ui/resourceUri".into(), URI.into());
    if app {
        token::add_to(&mut meta);
    }
    MetaObject(meta)
}

/// The resource's own `_meta`: no network at all, and a border.
fn resource_meta() -> MetaObject {
    let mut meta = JsonObject::new();
    meta.insert(
        "ui".into(),
        json!({ "csp": { "connectDomains": [], "resourceDomains": [] }, "prefersBorder": true }),
    );
    MetaObject(meta)
}

/// The view, as `resources/list` lists it.
pub fn resource() -> Resource {
    Resource::new(URI, "aide decision view")
        .with_title("aide")
        .with_mime_type(MIME)
        .with_size(document().len() as u64)
        .with_meta(resource_meta())
}

/// The view, as `resources/read` returns it.
pub fn contents() -> ResourceContents {
    ResourceContents::TextResourceContents {
        uri: URI.to_owned(),
        mime_type: Some(MIME.to_owned()),
        text: document().to_owned(),
        meta: Some(resource_meta()),
    }
}

/// The app-only tools, described in `lang`: hosts keep them from the
/// model (`visibility: ["app"]`).
pub fn tools(lang: Lang) -> Vec<Tool> {
    let app_only = || {
        let mut meta = JsonObject::new();
        meta.insert(
            "ui".into(),
            json!({ "resourceUri": URI, "visibility": ["app"] }),
        );
        MetaObject(meta)
    };
    let text = |t: ViewTool| t.get(lang);
    let words = |names: &[(&'static str, ViewTool)]| -> Vec<(&'static str, String)> {
        names
            .iter()
            .map(|(name, t)| (*name, text(*t).to_owned()))
            .collect()
    };
    let session = ("session_id", ViewTool::SessionArg);
    let locale = ("lang", ViewTool::LangArg);
    let token = (token::ARG, ViewTool::TokenArg);
    let form = ("form", ViewTool::FormArg);
    let tool = |call: ViewCall, about: ViewTool, schema: JsonObject| {
        Tool::new(ToolName::View(call).name(), text(about), Arc::new(schema)).with_meta(app_only())
    };
    vec![
        tool(
            ViewCall::Open,
            ViewTool::Open,
            args_schema::<args::OpenArgs>(&words(&[
                session,
                ("task", ViewTool::TaskArg),
                locale,
                token,
            ])),
        ),
        tool(
            ViewCall::Items,
            ViewTool::Items,
            args_schema::<args::ItemsArgs>(&words(&[
                session,
                ("from", ViewTool::FromArg),
                locale,
                token,
            ])),
        ),
        tool(
            ViewCall::Draft,
            ViewTool::Draft,
            args_schema::<args::FormArgs>(&words(&[session, form, locale, token])),
        ),
        tool(
            ViewCall::Answer,
            ViewTool::Answer,
            args_schema::<args::FormArgs>(&words(&[session, form, locale, token])),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_document_is_whole_small_and_reaches_nothing_outside() {
        let html = document();
        assert!(html.starts_with("<!doctype html>"));
        for placeholder in [
            "__CSS__",
            "__TEXT__",
            "__SCRIPT__",
            "__VERSION__",
            "__TOKEN_ARG__",
            "__TOKEN_META__",
        ] {
            assert!(!html.contains(placeholder), "{placeholder} left in");
        }
        assert!(html.len() < 1024 * 1024, "{} bytes", html.len());
        assert!(html.contains("connect-src 'none'"));
        for outside in ["src=\"http", "href=\"http", "@import", "url(http"] {
            assert!(!html.contains(outside), "{outside}");
        }
        assert!(html.contains("Loading the decisions"));
        assert!(html.contains("正在载入待定项"));
        // The script reads and sends the token under aide's own names.
        assert!(html.contains(&format!("const TOKEN_ARG = \"{}\"", token::ARG)));
        assert!(html.contains(&format!("const TOKEN_META = \"{}\"", token::META_KEY)));
    }

    #[test]
    fn the_texts_cannot_end_their_script_element() {
        assert!(!texts().contains("</"));
    }

    #[test]
    fn the_views_script_calls_the_tools_by_the_names_aide_serves() {
        let document = document();
        assert!(!document.contains("__TOOL_"), "a name left unwritten");
        assert!(
            !document.contains("__ACTS__"),
            "what the script acts on left unwritten"
        );
        assert!(document.contains(r#"<script type="application/json" id="aide-acts">{"#));
        // Every call a binding names has its tool.
        let acts = acts();
        for binding in acts["on"].as_array().unwrap() {
            let call = binding["call"].as_str().unwrap();
            assert!(acts["calls"][call].is_string(), "{call}");
        }
        for tool in tools(Lang::En) {
            assert!(
                document.contains(&format!("\"{}\"", tool.name)),
                "{}",
                tool.name
            );
        }
    }

    /// Each view tool's schema says what its call reads: the same
    /// arguments, the required ones required, and a call made of what the
    /// schema requires (with the token) is read as that call.
    #[test]
    fn every_view_tools_schema_is_its_arguments() {
        use super::args::{FORM_FIELDS, ITEMS_FIELDS, OPEN_FIELDS};
        for tool in tools(Lang::En) {
            let Some(ToolName::View(call)) = ToolName::of(&tool.name) else {
                panic!("{} is no view tool", tool.name);
            };
            let fields = match call {
                ViewCall::Open => OPEN_FIELDS,
                ViewCall::Items => ITEMS_FIELDS,
                ViewCall::Draft | ViewCall::Answer => FORM_FIELDS,
            };
            let schema = &tool.input_schema;
            let published: Vec<&str> = schema["properties"]
                .as_object()
                .unwrap()
                .keys()
                .map(String::as_str)
                .collect();
            let read: Vec<&str> = fields.iter().map(|(name, _)| *name).collect();
            assert_eq!(published, read, "{}", tool.name);
            let required: Vec<&str> = schema["required"]
                .as_array()
                .unwrap()
                .iter()
                .filter_map(Value::as_str)
                .collect();
            let mut call_args = JsonObject::new();
            for name in &required {
                let value = match *name {
                    "session_id" => json!("2026-01-01T10-00-00"),
                    "from" => json!(20),
                    _ => json!("text"),
                };
                call_args.insert((*name).to_owned(), value);
            }
            let request = super::ViewRequest::read(call, Some(call_args.clone()))
                .unwrap_or_else(|e| panic!("{}: {call_args:?}: {e:?}", tool.name));
            assert_eq!(request.call(), call);
            // Without any one required argument but the token (which is
            // refused by its own words), the call is not read.
            for name in required.iter().filter(|name| **name != token::ARG) {
                let mut short = call_args.clone();
                short.remove(*name);
                assert!(
                    super::ViewRequest::read(call, Some(short)).is_err(),
                    "{} without {name}",
                    tool.name
                );
            }
        }
    }

    #[test]
    fn every_view_tool_is_app_only_names_the_view_and_asks_for_the_token() {
        for tool in tools(Lang::En) {
            let meta = tool.meta.expect("meta");
            assert_eq!(meta.0["ui"]["visibility"], json!(["app"]), "{}", tool.name);
            assert_eq!(meta.0["ui"]["resourceUri"], URI);
            assert!(matches!(ToolName::of(&tool.name), Some(ToolName::View(_))));
            let required = tool.input_schema["required"].as_array().unwrap();
            assert!(required.contains(&token::ARG.into()), "{}", tool.name);
            assert!(tool.input_schema["properties"][token::ARG].is_object());
        }
    }

    #[test]
    fn only_a_client_that_draws_apps_is_given_the_token() {
        assert!(!tool_meta(false).0.contains_key(token::META_KEY));
        assert!(tool_meta(true).0[token::META_KEY].is_string());
    }
}
