use super::current_dir;
use crate::error::CliError;
use crate::output::Printer;
use crate::store::Project;
use crate::web::{AppState, ServeOptions, bind_first_free, serve_until_decided};
use app::i18n::Msg;
use app::validate_input;
use std::io::Read;
use std::net::{IpAddr, Ipv4Addr};
use std::path::Path;

const PORT_TRIES: u16 = 10;

/// `aide decide submit`: parse, validate, store, serve, wait.
pub fn run(arg: &str, first_port: u16, printer: Printer) -> Result<(), CliError> {
    let text = read_input(arg)?;
    let value: serde_json::Value = serde_json::from_str(&text)?;
    let input = validate_input(&value).map_err(CliError::Validation)?;
    let store = Project::find(&current_dir()?)?.decisions()?;
    let pending = store.save_pending(input, chrono::Local::now())?;

    let options = ServeOptions {
        bind: IpAddr::V4(Ipv4Addr::LOCALHOST),
        first_port,
        last_port: first_port + PORT_TRIES - 1,
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(CliError::Server)?;
    runtime.block_on(async {
        let listener = bind_first_free(options)
            .await
            .map_err(CliError::Server)?
            .ok_or(CliError::PortsTaken {
                first: options.first_port,
                last: options.last_port,
            })?;
        let port = listener.local_addr().map_err(CliError::Server)?.port();
        printer.info(&Msg::ServerStarted);
        printer.info(&Msg::Visit {
            url: page_url(options.bind, port),
        });
        printer.info(&Msg::Waiting);
        if !crate::web::assets_embedded() {
            printer.warn(&Msg::NoBundle);
        }
        let state = AppState::new(store, pending.meta.session_id, printer.lang);
        serve_until_decided(listener, state)
            .await
            .map_err(CliError::Server)?;
        printer.ok(&Msg::Completed);
        Ok(())
    })
}

/// The input text: `-` reads stdin, text starting with `{` or `[` is the
/// JSON itself, anything else is a file path.
fn read_input(arg: &str) -> Result<String, CliError> {
    if arg == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|error| CliError::ReadInput {
                source_name: "stdin".into(),
                error,
            })?;
        return Ok(text);
    }
    let trimmed = arg.trim_start();
    if trimmed.starts_with('{') || trimmed.starts_with('[') || trimmed.is_empty() {
        return Ok(arg.to_owned());
    }
    let path = Path::new(arg);
    if !path.exists() {
        return Err(CliError::NotJsonNorFile(arg.to_owned()));
    }
    std::fs::read_to_string(path).map_err(|error| CliError::ReadInput {
        source_name: arg.to_owned(),
        error,
    })
}

/// The address people open: `localhost` for loopback, as the spec shows.
fn page_url(bind: IpAddr, port: u16) -> String {
    if bind.is_loopback() {
        format!("http://localhost:{port}")
    } else {
        format!("http://{bind}:{port}")
    }
}
