//! Renders the decision page of 10-, 100- and 1,000-item sessions in
//! process, as the server does for `GET /`: `cargo bench -p server --bench
//! page`. Prints the page's size and the median and slowest render of 30;
//! then the 10-item page whose options each carry a 300-line diff (issue
//! 57), with the time its server takes to prepare it once (highlighting).
//! (`bench/page.sh` measures the page in a browser.)
#![allow(
    clippy::print_stdout,
    clippy::unwrap_used,
    reason = "a benchmark prints its report"
)]

use axum::body::Body;
use axum::http::{Request, header};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use server::store::Project;
use server::web::{Access, AppState, PageLang, app};
use std::time::{Duration, Instant};
use tower::ServiceExt;

const RUNS: usize = 30;
const KEY: &str = "0123456789abcdef0123456789abcdef";

/// A session like an agent's: four options with scores, pros and cons, a
/// Markdown context with a list, and a recommendation on most items.
fn input(items: usize) -> Value {
    let items: Vec<Value> = (1..=items)
        .map(|id| {
            let options: Vec<Value> = (0..4)
                .map(|n| {
                    json!({
                        "value": format!("option-{n}"),
                        "label": format!("Option {n}: a label as long as a real one, item {id}"),
                        "score": 40 + n * 15,
                        "pros": ["simple to build", "the team knows it"],
                        "cons": ["one more migration step"]
                    })
                })
                .collect();
            let mut item = json!({
                "id": id,
                "title": format!("Item {id}: which way should this be built?"),
                "context": "The task does not say. **Weigh** these:\n\n- latency under load\n- what it costs to run\n",
                "options": options,
            });
            if id % 5 != 0 {
                item["recommend"] = json!("option-2");
            }
            item
        })
        .collect();
    json!({ "task": "Benchmark session", "source": "bench.md", "items": items })
}

/// A 300-line diff of a Rust file, as `git diff` prints one: three hunks of
/// context, removed and added lines.
pub fn diff(item: usize, option: usize) -> String {
    let mut text = format!(
        "diff --git a/src/item{item}.rs b/src/item{item}.rs\nindex 1234567..89abcde 100644\n--- a/src/item{item}.rs\n+++ b/src/item{item}.rs\n"
    );
    for hunk in 0..3 {
        let start = 1 + hunk * 200;
        text.push_str(&format!("@@ -{start},80 +{start},80 @@ impl Store {{\n"));
        for line in 0..100 {
            let n = start + line;
            let code =
                format!("    let value_{n} = compute(\"option {option}\", {n}); // step {n}");
            match line % 5 {
                0..=2 => text.push_str(&format!(" {code}\n")),
                3 => text.push_str(&format!("-{code}.unwrap()\n")),
                _ => text.push_str(&format!("+{code}?\n")),
            }
        }
    }
    text
}

fn main() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let cases = [(10, false), (100, false), (1_000, false), (10, true)];
    for (items, with_diffs) in cases {
        let dir = tempfile::tempdir().unwrap();
        Project::init(dir.path()).unwrap();
        let store = Project::find(dir.path()).unwrap().decisions().unwrap();
        let mut value = input(items);
        if with_diffs {
            for (i, item) in value["items"]
                .as_array_mut()
                .unwrap()
                .iter_mut()
                .enumerate()
            {
                for (k, option) in item["options"]
                    .as_array_mut()
                    .unwrap()
                    .iter_mut()
                    .enumerate()
                {
                    option["diff"] = json!(diff(i, k));
                }
            }
        }
        let input = app::validate_input(&value).unwrap();
        let lock = store.lock().unwrap();
        let (pending, _) = store
            .pending()
            .save(&lock, input, chrono::Local::now())
            .unwrap();
        drop(lock);
        let lang = PageLang {
            chosen: Some(app::Lang::En),
            fallback: app::Lang::En,
        };
        let stamp = store.pending().stamp().expect("pending.json");
        let prepared = Instant::now();
        let state = AppState::new(
            store,
            pending,
            stamp,
            lang,
            Access::with_key(KEY.into(), 3721, None),
        );
        let prepared = prepared.elapsed();
        let render = || {
            let request = Request::get("/")
                .header(header::HOST, "localhost:3721")
                .header(header::COOKIE, format!("aide_key_3721={KEY}"))
                .body(Body::empty())
                .unwrap();
            runtime.block_on(async {
                let response = app(state.clone()).oneshot(request).await.unwrap();
                assert!(response.status().is_success(), "{}", response.status());
                response
                    .into_body()
                    .collect()
                    .await
                    .unwrap()
                    .to_bytes()
                    .len()
            })
        };
        let size = render();
        let mut times: Vec<Duration> = (0..RUNS)
            .map(|_| {
                let start = Instant::now();
                render();
                start.elapsed()
            })
            .collect();
        times.sort();
        let diffs = if with_diffs { " with diffs" } else { "" };
        println!(
            "{items:>5} items{diffs}: page {:>8.1} KiB   render median {:>6.2} ms   slowest {:>6.2} ms   prepared once in {:>7.2} ms",
            size as f64 / 1024.0,
            times[RUNS / 2].as_secs_f64() * 1e3,
            times[RUNS - 1].as_secs_f64() * 1e3,
            prepared.as_secs_f64() * 1e3
        );
    }
}
