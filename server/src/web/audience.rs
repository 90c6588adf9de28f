//! The pages that showed the open form, and how many have learned the
//! outcome: after the answers are recorded the server keeps answering
//! until each page has (or `serve::LINGER` passes), and a moment more when
//! one learned it by its wait (`serve::LATE`), so a second page that
//! submits hears "already answered" instead of finding no server.

use std::collections::HashSet;
use tokio::sync::watch;

/// The most page ids remembered.
const MAX_PAGES: usize = 4096;

/// Counts of pages; cheap to clone, shared by every handler.
#[derive(Clone, Debug)]
pub struct Audience {
    counts: watch::Sender<Counts>,
}

#[derive(Clone, Debug, Default)]
struct Counts {
    /// Page loads that showed the form while the session was open.
    opened: usize,
    /// Answers to a page that said what happened: the answers recorded,
    /// or "already answered".
    told: usize,
    /// The islands' ids of the pages told: a page learns by its submit's
    /// answer and by its wait on the outcome, and counts once.
    told_pages: HashSet<String>,
    /// Whether a page learned it by its wait on the outcome: its person
    /// may have pressed submit just before, and that request is on its way.
    heard_waiting: bool,
}

/// How a page learned the outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Heard {
    /// The answer to its own submit.
    Reply,
    /// Its wait on the outcome (`GET /api/outcome`).
    Waiting,
}

impl Default for Audience {
    fn default() -> Self {
        Audience {
            counts: watch::channel(Counts::default()).0,
        }
    }
}

impl Audience {
    /// A page showed the open form.
    pub fn opened(&self) {
        self.counts.send_modify(|c| c.opened += 1);
    }

    /// A page learned the outcome: the one with the island's id `page`,
    /// or one that sent none (a form without JavaScript, a program).
    pub fn told(&self, page: Option<String>, heard: Heard) {
        self.counts.send_modify(|c| {
            c.heard_waiting |= heard == Heard::Waiting;
            // Beyond a few thousand ids (no person opens so many pages)
            // each is counted as it comes, so the set stays small.
            let new = match page {
                Some(page) if c.told_pages.len() < MAX_PAGES => c.told_pages.insert(page),
                _ => true,
            };
            c.told += usize::from(new);
        });
    }

    /// Whether a page learned the outcome by its wait rather than by the
    /// reply to its submit.
    pub fn heard_waiting(&self) -> bool {
        self.counts.borrow().heard_waiting
    }

    /// Resolves once as many pages learned the outcome as showed the
    /// form. A page loaded twice (a reload) counts twice, so this may never
    /// resolve: the caller bounds the wait.
    pub async fn all_told(&self) {
        let mut counts = self.counts.subscribe();
        let _ = counts.wait_for(|c| c.told >= c.opened).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test]
    async fn every_page_that_opened_must_be_told() {
        let audience = Audience::default();
        audience.opened();
        audience.opened();
        audience.told(Some("a".into()), Heard::Reply);
        audience.told(Some("a".into()), Heard::Waiting);
        let wait = tokio::time::timeout(Duration::from_millis(50), audience.all_told());
        assert!(
            wait.await.is_err(),
            "one page, told twice, still counts once"
        );
        assert!(audience.heard_waiting());
        audience.told(None, Heard::Reply);
        let wait = tokio::time::timeout(Duration::from_millis(50), audience.all_told());
        assert!(wait.await.is_ok());
    }
}
