use super::*;
use crate::decide::watch::{Awaiting, Seen};
use app::SessionState;
use rmcp::model::{CallToolResult, TaskStatus};
use rmcp::task_manager::TaskExit;

fn server() -> Tasks {
    Tasks::new(CancellationToken::new())
}

/// A task that waits until cancelled.
fn waiting(tasks: &Tasks) -> Task {
    tasks.spawn(|ctx, _stop| {
        Box::pin(async move {
            ctx.cancelled().await;
            Err::<CallToolResult, _>(TaskExit::Cancelled)
        })
    })
}

#[tokio::test]
async fn an_unknown_task_is_refused_with_the_extensions_code_in_aides_words() {
    let tasks = server();
    let other = server();
    // A task of another server is as unknown here as one never made.
    let elsewhere = waiting(&other).task_id;
    for lang in [Lang::En, Lang::Zh] {
        for id in [elsewhere.as_str(), "no-such-task"] {
            let refusals = [
                tasks.get(id, lang).unwrap_err(),
                tasks.cancel(id, lang).unwrap_err(),
                tasks.update(id, InputResponses::new(), lang).unwrap_err(),
            ];
            let said = Msg::Agent(AgentMsg::UnknownTask { task: id.into() }).text(lang);
            for refusal in refusals {
                assert_eq!(refusal.code, ErrorCode::INVALID_PARAMS);
                assert_eq!(refusal.message, said);
                assert!(refusal.data.is_none(), "{refusal:?}");
            }
        }
    }
    // The other server's task is untouched by the refusals.
    assert_eq!(
        other.get(&elsewhere, Lang::En).unwrap().status(),
        TaskStatus::Working
    );
}

#[tokio::test]
async fn a_long_id_is_echoed_cut() {
    let long = "x".repeat(10_000);
    let refusal = server().get(&long, Lang::En).unwrap_err();
    assert!(refusal.message.len() < 1_000, "{}", refusal.message.len());
}

#[tokio::test]
async fn a_task_waits_without_end_and_polls_often_enough() {
    let tasks = server();
    let task = waiting(&tasks);
    assert_eq!(task.ttl_ms, None);
    assert_eq!(task.poll_interval_ms, Some(POLL_MS));
    tasks.cancel(&task.task_id, Lang::En).unwrap();
    for _ in 0..200 {
        if tasks.get(&task.task_id, Lang::En).unwrap().status() == TaskStatus::Cancelled {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    panic!("the cancelled task did not settle");
}

#[test]
fn the_status_says_how_far_the_person_is_and_where() {
    let session_id: app::SessionId = "2026-01-01T10-00-00".parse().unwrap();
    let served = |provisional| Seen {
        session_id: session_id.clone(),
        state: SessionState::Pending(Awaiting::Served {
            url: "http://127.0.0.1:1/?key=k".into(),
            answered: 1,
            total: 3,
            provisional,
        }),
    };
    let pending = served(None);
    assert_eq!(
        status::message(&pending, Lang::En).unwrap(),
        "Waiting for the person: 1/3 answered, at http://127.0.0.1:1/?key=k"
    );
    assert!(status::message(&pending, Lang::Zh).unwrap().contains("1/3"));
    // Once an item's rule fired: the answers the agent may go on with.
    let input = app::validate_input(&serde_json::json!({"task": "t", "source": "s", "items": [
        {"id": 1, "title": "Q", "options": [{"value": "a", "label": "A"}, {"value": "b", "label": "B"}]}]}))
    .unwrap();
    let output = app::validate_output(
        &input,
        &serde_json::json!({"decisions": [
        {"id": 1, "chosen": "a"}]}),
    )
    .unwrap();
    let taken = served(Some(output));
    let said = status::message(&taken, Lang::En).unwrap();
    assert!(
        said.starts_with("Waiting for the person: 1/3 answered"),
        "{said}"
    );
    assert!(said.contains("these answers are provisional"), "{said}");
    assert!(
        said.ends_with(r#"{"decisions":[{"id":1,"chosen":"a"}]}"#),
        "{said}"
    );
    let closed = Seen {
        session_id,
        state: SessionState::Pending(Awaiting::Closed),
    };
    assert_eq!(status::message(&closed, Lang::En), None);
}

/// Waits (a few ms) until the task reaches `status`.
async fn settled(tasks: &Tasks, task: &str, status: TaskStatus) {
    for _ in 0..500 {
        if tasks.get(task, Lang::En).unwrap().status() == status {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    panic!("the task did not reach {status:?}");
}

#[tokio::test]
async fn a_finished_task_is_kept_for_the_ttl_it_gives_then_dropped_while_a_waiting_one_stays() {
    let tasks = server();
    let waits = waiting(&tasks).task_id;
    let done = tasks
        .spawn(|_ctx, _stop| Box::pin(async { Ok(CallToolResult::success(Vec::new())) }))
        .task_id;
    settled(&tasks, &done, TaskStatus::Completed).await;
    // While it runs a task says no TTL; once ended, the TTL from its
    // creation to the end of its keeping.
    assert_eq!(tasks.get(&waits, Lang::En).unwrap().task.ttl_ms, None);
    let ttl = tasks.get(&done, Lang::En).unwrap().task.ttl_ms.unwrap();
    let keep = u64::try_from(FINISHED_KEEP.as_millis()).unwrap();
    assert!(ttl >= keep, "{ttl}");

    // Just within its keeping: still there.
    let now = Instant::now();
    assert!(tasks.find_at(&done, Lang::En, now).is_ok());
    // Past it (the clock moved on, not slept): unknown, in the words and
    // code of a task never made; the waiting task stays however late.
    let later = now + FINISHED_KEEP + std::time::Duration::from_secs(1);
    let refusal = tasks
        .find_at(&done, Lang::En, later)
        .map(|_| ())
        .unwrap_err();
    assert_eq!(refusal.code, ErrorCode::INVALID_PARAMS);
    let said = Msg::Agent(AgentMsg::UnknownTask { task: done.clone() }).text(Lang::En);
    assert_eq!(refusal.message, said);
    let much_later = now + std::time::Duration::from_secs(365 * 24 * 3600);
    assert!(tasks.find_at(&waits, Lang::En, much_later).is_ok());
    // Dropped for good: the real clock finds it gone too.
    assert_eq!(
        tasks.get(&done, Lang::En).unwrap_err().code,
        ErrorCode::INVALID_PARAMS
    );
    assert_eq!(tasks.all().len(), 1);

    // A cancelled task ends too, and goes the same way.
    tasks.cancel(&waits, Lang::En).unwrap();
    settled(&tasks, &waits, TaskStatus::Cancelled).await;
    let later = Instant::now() + FINISHED_KEEP + std::time::Duration::from_secs(1);
    assert!(tasks.find_at(&waits, Lang::En, later).is_err());
    assert!(tasks.all().is_empty());
}
