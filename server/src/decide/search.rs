//! Finding what the person decided before: `aide decide search` and the
//! MCP tool `decide_search` ask this, in this project or in every project
//! on the per-user list.

use super::ctx::Ctx;
use super::error::DecideError;
use crate::search::{self, Hit, Query, QueryError, Words};
use crate::store::{KnownProjects, Project, StoreError};
use app::i18n::{Msg, StoreMsg};
use std::path::PathBuf;

/// Where to search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// The project of the context.
    ThisProject,
    /// Every project on the per-user list, and this one.
    AllProjects,
}

/// The hits, best first, the person's standing rulings that match (this
/// project's and those of every project), and the records passed by as
/// unreadable.
pub struct Searched {
    pub hits: Vec<Hit>,
    pub rulings: Vec<crate::store::Ruling>,
    pub unreadable: Vec<StoreError>,
}

/// Searches for `text`: at most `limit` hits, best first. A query without
/// a word to look for is refused, naming it.
pub fn search(ctx: &Ctx, text: &str, scope: Scope, limit: usize) -> Result<Searched, DecideError> {
    let words = Words::default();
    let query = Query::new(text, &words).map_err(|QueryError::NoWords| {
        DecideError::Msg(Msg::Store(StoreMsg::QueryNoWords {
            query: app::i18n::echo(text),
        }))
    })?;
    let roots = match scope {
        Scope::ThisProject => vec![ctx.project()?.root().to_path_buf()],
        Scope::AllProjects => all_projects(ctx),
    };
    let mut found = Searched {
        hits: Vec::new(),
        rulings: Vec::new(),
        unreadable: Vec::new(),
    };
    if let Ok(store) = ctx.store() {
        for file in crate::rulings::files(&store) {
            match file.read() {
                Ok(read) => found.rulings.extend(
                    read.rulings
                        .into_iter()
                        .filter(|r| query.found_in(&format!("{} {}", r.title, r.label), &words)),
                ),
                Err(e) => found.unreadable.push(e),
            }
        }
    }
    for root in roots {
        let store = match Project::find(&root).and_then(|project| project.decisions()) {
            Ok(store) => store,
            Err(e) => {
                found.unreadable.push(e);
                continue;
            }
        };
        match search::search(&store, &words, &query, limit) {
            Ok(project) => {
                found.hits.extend(project.hits);
                found.unreadable.extend(project.unreadable);
            }
            // One project that cannot be read costs only its hits.
            Err(e) if scope == Scope::AllProjects => found.unreadable.push(e),
            Err(e) => return Err(e.into()),
        }
    }
    // Scores of different projects are not on one scale, but close
    // enough to interleave their best.
    found.hits.sort_by(|a, b| b.score.total_cmp(&a.score));
    found.hits.truncate(limit);
    Ok(found)
}

/// The projects on this user's list, and the context's own.
fn all_projects(ctx: &Ctx) -> Vec<PathBuf> {
    let mut roots = KnownProjects::locate(|name| std::env::var(name).ok())
        .map(|list| list.list())
        .unwrap_or_default();
    if let Ok(project) = ctx.project()
        && !roots.iter().any(|root| root == project.root())
    {
        roots.push(project.root().to_path_buf());
    }
    roots
}
