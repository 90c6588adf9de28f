//! `aide decide export --adr DIR`: each decided item as an architecture
//! decision record (`adr/`).

use crate::adr::{ExportError, Filter, export};
use crate::decide::ctx::Ctx;
use crate::error::CliError;
use app::i18n::{Msg, StoreMsg};
use std::path::Path;

pub fn run(ctx: &Ctx, dir: &Path, filter: Filter) -> Result<(), CliError> {
    let store = ctx.store()?;
    // Relative to where the command runs, as the person typed it.
    let shown = |path: &Path| path.display().to_string();
    let exported = export(&store, dir, &filter).map_err(|error| {
        CliError::from(Msg::Store(match error {
            ExportError::Folder { path, source } => StoreMsg::AdrFolder {
                folder: shown(&path),
                detail: source.to_string(),
            },
            ExportError::NotOurs { path } => StoreMsg::AdrNotOurs { path: shown(&path) },
            ExportError::Write { path, source } => StoreMsg::AdrWrite {
                path: shown(&path),
                detail: source.to_string(),
            },
            ExportError::Store(error) => return CliError::from(error),
        }))
    })?;
    let printer = ctx.printer();
    for error in &exported.unreadable {
        printer.warn(&error.message(printer.lang));
    }
    for (paths, updated) in [(&exported.written, false), (&exported.updated, true)] {
        for path in paths {
            printer.info(&Msg::Store(StoreMsg::AdrWritten {
                path: shown(path),
                updated,
            }));
        }
    }
    printer.info(&Msg::Store(StoreMsg::AdrDone {
        written: exported.written.len(),
        updated: exported.updated.len(),
        unchanged: exported.unchanged,
        folder: shown(dir),
    }));
    Ok(())
}
