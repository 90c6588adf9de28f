//! One outcome per session (issue 40.5): `aide decide cancel`'s withdrawal
//! and the page's answers raced against each other. Exactly one wins each
//! round, the loser is told which one won, and the files and the ledger
//! say the same.

use super::*;
use crate::decide::withdraw::withdraw_in;
use crate::error::CliError;
use crate::store::{Event, StoreError};
use crate::web::state::Precedents;
use app::SessionId;
use std::collections::HashMap;

const ROUNDS: usize = 1000;

/// Who won a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Won {
    Withdrawal,
    Answers,
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn of_a_withdrawal_and_answers_raced_exactly_one_wins_and_the_files_and_ledger_agree() {
    let f = fixture();
    let mut won: HashMap<SessionId, Won> = HashMap::new();
    for round in 0..ROUNDS {
        // A session of its own each round; the last one ended, so nothing
        // is replaced.
        let pending = {
            let lock = f.store.lock().unwrap();
            let input = f.pending.input.clone();
            let now = chrono::Local::now();
            f.store.pending().save(&lock, input, now).unwrap().0
        };
        let id = pending.meta.session_id.clone();
        let stamp = f.store.pending().stamp().unwrap();
        // No precedents: they take no part in the race, and looking them up
        // reads the search cache of every earlier round (in a debug build,
        // 44 of this test's 53 s).
        let state = AppState::build(
            f.store.clone(),
            pending,
            stamp,
            CHINESE,
            access(),
            Precedents::None,
        );
        let store = f.store.clone();
        let barrier = std::sync::Arc::new(tokio::sync::Barrier::new(2));
        let cancel = tokio::task::spawn_blocking({
            let (id, barrier) = (id.clone(), barrier.clone());
            let handle = tokio::runtime::Handle::current();
            // The page's request does more before it takes the lock: the
            // withdrawal starts a little later in some rounds, so both
            // orders are raced.
            let delay = std::time::Duration::from_micros((round as u64 * 397) % 3000);
            move || {
                handle.block_on(barrier.wait());
                std::thread::sleep(delay);
                withdraw_in(&store, Some(id), Some("moot".into()))
            }
        });
        barrier.wait().await;
        let (status, body) = send(&state, post_json_as(&id.to_string(), ANSWERS)).await;
        let cancelled = cancel.await.unwrap();
        let winner = match (cancelled, status) {
            (Ok(withdrawal), StatusCode::CONFLICT) => {
                assert_eq!(withdrawal.session_id, id, "round {round}");
                // The page is told it was withdrawn, and why.
                assert!(
                    body.contains("智能体撤回了这个问题"),
                    "round {round}: {body}"
                );
                assert!(body.contains("原因: moot"), "round {round}: {body}");
                Won::Withdrawal
            }
            (Err(error), StatusCode::OK) => {
                let error = CliError::from(error);
                assert!(
                    matches!(&error, CliError::Service(crate::decide::error::DecideError::Store(StoreError::Answered(s))) if *s == id),
                    "round {round}: {error:?}"
                );
                assert_eq!(error.exit_code(), 1, "round {round}");
                let said = error.lines(Lang::En).join("\n");
                assert!(
                    said.starts_with(&format!(
                        "✗ Session {id} was already answered and cannot be withdrawn"
                    )),
                    "round {round}: {said}"
                );
                Won::Answers
            }
            other => panic!("round {round}: both or neither won: {other:?} {body}"),
        };
        let dir = f.store.project_root().join(".aide/decisions");
        let recorded = dir.join(format!("{id}.json")).exists();
        let withdrawn = dir.join(format!("{id}.withdrawn.json")).exists();
        assert_eq!(
            (recorded, withdrawn),
            (winner == Won::Answers, winner == Won::Withdrawal),
            "round {round}"
        );
        won.insert(id, winner);
    }
    // The ledger names the same winner, once, for every session.
    let mut logged: HashMap<SessionId, Vec<&'static str>> = HashMap::new();
    for entry in f.store.ledger().read().unwrap().entries {
        match entry.event {
            Event::Decided { session_id } => logged.entry(session_id).or_default().push("decided"),
            Event::Withdrawn { session_id, .. } => {
                logged.entry(session_id).or_default().push("withdrawn");
            }
            _ => {}
        }
    }
    for (id, winner) in &won {
        let expected = match winner {
            Won::Answers => vec!["decided"],
            Won::Withdrawal => vec!["withdrawn"],
        };
        assert_eq!(logged.get(id), Some(&expected), "{id}: {winner:?}");
    }
    let answers_won = won.values().filter(|w| **w == Won::Answers).count();
    eprintln!("{answers_won} of {ROUNDS} races won by the answers");
    // Both sides won some rounds, or the race proved nothing.
    assert!(answers_won > 0 && answers_won < ROUNDS, "{answers_won}");
}
