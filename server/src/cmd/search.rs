//! `aide decide search QUERY`: past answers that match, best first; two
//! or three lines each for people, `{"hits":[...]}` with `--json`.

use crate::decide::ctx::Ctx;
use crate::decide::search::{Scope, search};
use crate::error::CliError;
use crate::search::{Hit, HitAnswer};
use crate::stdout::{print_json, print_lines};
use app::Lang;
use app::i18n::{Msg, SearchWord, StoreMsg};

pub fn run(
    ctx: &Ctx,
    query: &str,
    as_json: bool,
    all_projects: bool,
    limit: usize,
) -> Result<(), CliError> {
    let scope = if all_projects {
        Scope::AllProjects
    } else {
        Scope::ThisProject
    };
    let found = search(ctx, query, scope, limit)?;
    let printer = ctx.printer();
    // A record that cannot be read is named and passed by.
    for error in &found.unreadable {
        printer.warn(&error.message(printer.lang));
    }
    if as_json {
        #[derive(serde::Serialize)]
        struct Hits<'a> {
            hits: &'a [Hit],
        }
        return print_json(&Hits { hits: &found.hits });
    }
    if found.hits.is_empty() {
        printer.info(&Msg::Store(StoreMsg::NothingFound {
            query: app::i18n::echo(query),
        }));
        return Ok(());
    }
    let lang = printer.lang;
    let lines = found
        .hits
        .iter()
        .enumerate()
        .flat_map(|(at, hit)| lines_of(hit, all_projects, at > 0, lang));
    print_lines(lines)
}

/// One hit: the date and title, the answer, the note, and where it is.
fn lines_of(hit: &Hit, with_project: bool, gap: bool, lang: Lang) -> Vec<String> {
    let mut lines = Vec::new();
    if gap {
        lines.push(String::new());
    }
    lines.push(format!(
        "{}  {}",
        hit.decided_at.get().format("%Y-%m-%d"),
        hit.title
    ));
    let answer = match &hit.answer {
        HitAnswer::Chosen(choices) => SearchWord::Chosen(
            choices
                .iter()
                .map(|c| {
                    if c.label == c.value {
                        c.label.clone()
                    } else {
                        format!("{} ({})", c.label, c.value)
                    }
                })
                .collect::<Vec<_>>()
                .join(", "),
        ),
        HitAnswer::Other(text) => SearchWord::Other(text.clone()),
        HitAnswer::Skipped(_) => SearchWord::Skipped,
    };
    lines.push(format!("  {}", answer.text(lang)));
    if let Some(note) = &hit.note {
        lines.push(format!("  {}", SearchWord::Note(note.clone()).text(lang)));
    }
    let at = SearchWord::Where {
        session: hit.session_id.to_string(),
        item: hit.item,
    };
    lines.push(format!("  {}", at.text(lang)));
    if !hit.decided_here {
        lines.push(format!("  {}", SearchWord::FromRepository.text(lang)));
    }
    if with_project {
        let project = SearchWord::Project(hit.project.display().to_string());
        lines.push(format!("  {}", project.text(lang)));
    }
    lines
}
