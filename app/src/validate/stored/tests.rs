use super::*;
use crate::Lang;
use crate::model::DecisionRecord;
use serde_json::json;

fn pending_value() -> Value {
    let mut pending: Value =
        serde_json::from_str(include_str!("../../../../examples/auth.json")).expect("JSON");
    pending["_meta"] = json!({
        "created_at": "2025-01-15T10:30:00+08:00",
        "session_id": "2025-01-15T10-30-00"
    });
    pending
}

fn record_value(input: Value) -> Value {
    json!({
        "input": input,
        "output": { "decisions": [{ "id": 1, "chosen": "jwt" }, { "id": 2, "chosen": "bcrypt", "note": "n" }] },
        "completed_at": "2025-01-15T10:35:00+08:00"
    })
}

fn id() -> SessionId {
    "2025-01-15T10-30-00".parse::<SessionId>().expect("an id")
}

fn messages(error: StoredError) -> Vec<String> {
    match error {
        StoredError::Invalid(errors) => errors.messages(Lang::En),
        StoredError::Newer(v) => vec![format!("newer {v}")],
        StoredError::Json(e) => vec![format!("not JSON at {}:{}", e.line, e.column)],
    }
}

fn bytes(value: &Value) -> Vec<u8> {
    serde_json::to_vec_pretty(value).expect("JSON")
}

#[test]
fn unversioned_files_of_earlier_releases_are_read_and_written_as_the_current_version() {
    let pending = pending_value();
    let parsed = parse_pending(&bytes(&pending)).expect("valid");
    assert_eq!(parsed.meta.session_id.to_string(), "2025-01-15T10-30-00");
    let mut current = pending.clone();
    current["version"] = json!("1.5");
    assert_eq!(serde_json::to_value(&parsed).expect("serialises"), current);

    let record = record_value(pending);
    let parsed = parse_record(&bytes(&record), &id()).expect("valid");
    let mut written = record;
    written["version"] = json!("1.5");
    assert_eq!(serde_json::to_value(&parsed).expect("serialises"), written);
}

/// A record in the format's own shape (`docs/formats.md`), its `items`
/// those of the input example (`examples/auth.json`): no `_meta` and no
/// `version`, as the upstream aide writes every record.
#[test]
fn a_record_in_the_formats_own_shape_is_read_with_the_id_of_its_file() {
    let input: Value =
        serde_json::from_str(include_str!("../../../../examples/auth.json")).expect("JSON");
    let record = record_value(input.clone());
    let parsed = parse_record(&bytes(&record), &id()).expect("the spec's record reads");
    assert_eq!(parsed.session_id, id());
    assert_eq!(parsed.input.meta, None);
    assert_eq!(parsed.session_id.at().to_string(), "2025-01-15 10:30:00");
    assert_eq!(parsed.output.decisions().len(), 2);
    assert_eq!(serde_json::to_value(&parsed).expect("ser")["input"], input);

    // It answers the pending session of that id when the inputs agree.
    let pending = parse_pending(&bytes(&pending_value())).expect("valid");
    assert!(parsed.input.answers(&pending));
    let mut other = pending.clone();
    other.meta.created_at = crate::Timestamp::parse("2025-01-15T10:30:01+08:00").expect("a time");
    assert!(parsed.input.answers(&other), "no _meta to disagree with");
    let with_meta = parse_record(&bytes(&record_value(pending_value())), &id()).expect("valid");
    assert!(with_meta.input.answers(&pending));
    assert!(!with_meta.input.answers(&other), "its own _meta disagrees");
}

#[test]
fn a_new_pending_is_written_with_the_current_version_first() {
    let parsed = parse_pending(&bytes(&pending_value())).expect("valid");
    let fresh = Pending::new(parsed.input.clone(), parsed.meta.clone());
    let text = serde_json::to_string(&fresh).expect("serialises");
    assert!(text.starts_with(r#"{"version":"1.5","task":"#), "{text}");
    assert_eq!(parse_pending(text.as_bytes()), Ok(fresh));
}

#[test]
fn a_newer_minor_version_is_read_and_its_unknown_fields_are_kept() {
    let mut pending = pending_value();
    pending["version"] = json!("1.6");
    pending["future_top"] = json!({ "kept": true });
    pending["items"][0]["future_item"] = json!([1, 2]);
    pending["_meta"]["future_meta"] = json!("m");
    let parsed = parse_pending(&bytes(&pending)).expect("tolerated");
    let record = DecisionRecord::new(
        parsed,
        crate::validate_output(
            &parse_pending(&bytes(&pending)).expect("tolerated").input,
            &json!({ "decisions": [{ "id": 1, "chosen": "jwt" }, { "id": 2, "chosen": "bcrypt" }] }),
        )
        .expect("valid"),
        crate::Timestamp::parse("2025-01-15T10:35:00+08:00").expect("a time"),
    );
    let written = serde_json::to_value(&record).expect("serialises");
    assert_eq!(written["input"], pending);
    assert_eq!(
        parse_record(&bytes(&written), &id())
            .expect("reads back")
            .input
            .source,
        Some(pending)
    );
}

#[test]
fn the_current_version_still_refuses_unknown_fields() {
    let mut pending = pending_value();
    pending["version"] = json!("1.5");
    pending["future_top"] = json!(1);
    assert_eq!(
        messages(parse_pending(&bytes(&pending)).expect_err("refused")),
        ["future_top is not a known field"]
    );
}

#[test]
fn a_newer_major_version_or_a_malformed_one_is_refused() {
    let mut pending = pending_value();
    pending["version"] = json!("2.1");
    assert_eq!(
        parse_pending(&bytes(&pending)),
        Err(StoredError::Newer(FormatVersion { major: 2, minor: 1 }))
    );
    let mut record = record_value(pending_value());
    record["version"] = json!("3.0");
    assert_eq!(
        parse_record(&bytes(&record), &id()),
        Err(StoredError::Newer(FormatVersion { major: 3, minor: 0 }))
    );
    pending["version"] = json!(2);
    assert_eq!(
        messages(parse_pending(&bytes(&pending)).expect_err("refused")),
        [r#"version is 2, not a "MAJOR.MINOR" string such as "1.0""#]
    );
}

#[test]
fn records_check_their_meta_and_their_output() {
    let mut bad = record_value(pending_value());
    bad["input"]["_meta"]["session_id"] = json!("../../etc/passwd");
    assert_eq!(
        messages(parse_record(&bytes(&bad), &id()).expect_err("rejected")),
        [r#"input._meta.session_id is "../../etc/passwd", not of the form YYYY-MM-DDTHH-mm-ss"#]
    );
    let mut bad = record_value(pending_value());
    bad["output"]["decisions"][0]["chosen"] = json!("nope");
    let messages = messages(parse_record(&bytes(&bad), &id()).expect_err("rejected"));
    assert!(
        messages[0].starts_with("output.decisions[0].chosen"),
        "{messages:?}"
    );
}

#[test]
fn a_record_says_where_the_answers_were_given_or_nothing() {
    let mut record = record_value(pending_value());
    assert_eq!(
        parse_record(&bytes(&record), &id()).expect("valid").via,
        None
    );
    record["via"] = json!("view");
    let parsed = parse_record(&bytes(&record), &id()).expect("valid");
    assert_eq!(parsed.via, Some(crate::Via::View));
    assert_eq!(serde_json::to_value(&parsed).expect("ser")["via"], "view");
    record["via"] = json!("fax");
    assert_eq!(
        messages(parse_record(&bytes(&record), &id()).expect_err("refused")),
        [r#"via is "fax", not one of page, view, elicitation, api, ruling"#]
    );
}

#[test]
fn history_reads_a_record_without_checking_its_answers() {
    let mut record = record_value(pending_value());
    record["output"]["decisions"][0]["chosen"] = json!("nope");
    let summary = record_summary(&bytes(&record)).expect("history lists it");
    assert_eq!(summary.items, 2);
    assert_eq!(summary.task, "实现用户认证模块");
    assert_eq!(
        summary.created_at,
        crate::Timestamp::parse("2025-01-15T10:30:00+08:00")
    );
    record["version"] = json!("9.0");
    assert!(matches!(
        record_summary(&bytes(&record)),
        Err(StoredError::Newer(_))
    ));
    assert!(matches!(
        record_summary(b"{\"version\""),
        Err(StoredError::Json(_))
    ));
}

#[test]
fn a_record_is_compared_with_its_pending_session_and_read_in_full_when_it_differs() {
    let pending = parse_pending(&bytes(&pending_value())).expect("valid");
    let record = record_value(pending_value());
    assert!(matches!(
        record_answers(&bytes(&record), &pending),
        Ok(RecordOf::Answers(output)) if output.decisions().len() == 2
    ));
    let mut other = record.clone();
    other["input"]["task"] = json!("另一个任务");
    assert_eq!(
        record_answers(&bytes(&other), &pending),
        Ok(RecordOf::Other)
    );
    other["input"]["items"] = json!([]);
    assert!(matches!(
        record_answers(&bytes(&other), &pending),
        Err(StoredError::Invalid(_))
    ));
    let mut bad = record;
    bad["output"]["decisions"][1]["id"] = json!(7);
    assert!(matches!(
        record_answers(&bytes(&bad), &pending),
        Err(StoredError::Invalid(errors))
            if errors.first().place.field() == Some("output.decisions[1].id")
    ));
}

#[test]
fn drafts_keep_partial_answers_and_check_them_against_the_input() {
    let input = parse_pending(&bytes(&pending_value()))
        .expect("valid")
        .input;
    let body = json!({ "decisions": [
        { "id": 2, "note": "ask the team" },
        { "id": 1, "chosen": "jwt" },
        { "id": 1, "chosen": "session" },
    ]});
    let errors = crate::validate_draft(&input, &body).expect_err("duplicate");
    assert_eq!(
        errors.messages(Lang::En),
        ["decisions[2].id is 1, already answered by decisions[1]; each item is decided once"]
    );
    let body = json!({ "decisions": [{ "id": 2, "note": "ask" }, { "id": 1, "chosen": "jwt" }, { "id": 3, "note": "" }] });
    let errors = crate::validate_draft(&input, &body).expect_err("no item 3");
    assert_eq!(errors.messages(Lang::En).len(), 1);
    let body = json!({ "decisions": [{ "id": 2, "note": "ask" }, { "id": 1, "chosen": "jwt", "note": " " }] });
    let answers = crate::validate_draft(&input, &body).expect("valid");
    let ids: Vec<u32> = answers.iter().map(|a| a.id().get()).collect();
    assert_eq!(ids, [1, 2], "answers follow the items' order");

    let stored = json!({
        "version": "1.0",
        "session_id": "2025-01-15T10-30-00",
        "saved_at": "2025-01-15T10:31:00+08:00",
        "decisions": [{ "id": 1, "chosen": "jwt", "note": " " }, { "id": 2, "note": "ask" }]
    });
    let draft = parse_draft(&bytes(&stored), &input).expect("valid");
    assert_eq!(draft.entries(), answers);
    let written = serde_json::to_vec(&draft).expect("ser");
    assert_eq!(parse_draft(&written, &input), Ok(draft));
    let bad = json!({ "version": "1.0", "session_id": "x", "saved_at": "t", "decisions": [{ "id": 1, "chosen": "nope" }] });
    let errors = messages(parse_draft(&bytes(&bad), &input).expect_err("bad"));
    assert_eq!(errors.len(), 3, "{errors:?}");
    assert!(
        errors
            .iter()
            .any(|e| e.starts_with(r#"saved_at is "t", not a time"#)),
        "{errors:?}"
    );
}

#[test]
fn a_draft_and_a_record_name_the_items_said_later_once_each() {
    let pending = pending_value();
    let input = parse_pending(&bytes(&pending)).expect("valid").input;
    let draft = |said: Value| {
        json!({
            "version": "1.5", "session_id": "2025-01-15T10-30-00",
            "saved_at": "2025-01-15T10:31:00+08:00",
            "decisions": [{ "id": 1, "chosen": "jwt" }], "said_later": said
        })
    };
    let read = parse_draft(&bytes(&draft(json!([2, 1]))), &input).expect("valid");
    let said: Vec<u32> = read.said_later().iter().map(|id| id.get()).collect();
    assert_eq!(said, [2, 1]);
    let written = serde_json::to_vec(&read).expect("ser");
    assert_eq!(parse_draft(&written, &input), Ok(read));
    let bad = parse_draft(&bytes(&draft(json!([1, 9, 1, "2"]))), &input).expect_err("bad");
    let errors = messages(bad);
    assert_eq!(errors.len(), 3, "{errors:?}");
    assert!(
        errors.iter().all(|e| e.starts_with("said_later[")),
        "{errors:?}"
    );

    let mut record = record_value(pending);
    record["said_later"] = json!([0]);
    let errors = messages(parse_record(&bytes(&record), &id()).expect_err("bad"));
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].starts_with("said_later[0]"), "{errors:?}");
    record["said_later"] = json!([2]);
    let read = parse_record(&bytes(&record), &id()).expect("valid");
    assert_eq!(read.said_later.len(), 1);
}

#[test]
fn a_skim_finds_the_session_and_task_without_reading_the_items() {
    let head = super::skim_pending(
        br#"{"version":"1.2","task":"T","items":[{"not":"an item"}],"_meta":{"session_id":"2025-01-15T10-30-00","created_at":"x"}}"#,
    )
    .unwrap();
    assert_eq!(head.task.as_deref(), Some("T"));
    assert_eq!(
        head.session_id.map(|id| id.to_string()).as_deref(),
        Some("2025-01-15T10-30-00")
    );
    assert_eq!(head.version, Some(serde_json::json!("1.2")));
    let damaged = super::skim_pending(br#"{"task":7,"_meta":{"session_id":"nope"}}"#).unwrap();
    assert_eq!(damaged, super::PendingHead::default());
    assert!(super::skim_pending(b"not json").is_none());
}

#[test]
fn a_record_says_which_answers_a_ruling_gave_and_a_body_may_not() {
    let mut record = record_value(pending_value());
    record["output"]["decisions"][0]["by"] = json!("ruling");
    record["output"]["decisions"][0]["ruled_by"] =
        json!({ "ruling": "2025-01-01T00-00-00.1", "record": "2025-01-01T00-00-00", "item": 1 });
    let parsed = parse_record(&bytes(&record), &id()).expect("valid");
    let decisions = parsed.output.decisions();
    assert!(
        matches!(decisions[0].by(), crate::By::Ruling(by) if by.ruling == "2025-01-01T00-00-00.1")
    );
    assert_eq!(decisions[1].by(), &crate::By::Person);
    // Written back as read: the person's answer beside a ruling's says so.
    let written = serde_json::to_value(&parsed.output).expect("ser");
    assert_eq!(written["decisions"][0]["by"], "ruling");
    assert_eq!(written["decisions"][0]["ruled_by"]["item"], 1);
    assert_eq!(written["decisions"][1]["by"], "person");
    // A ruling without its ruled_by, or a bad one, is named.
    record["output"]["decisions"][0]["ruled_by"]["record"] = json!("yesterday");
    let refused = messages(parse_record(&bytes(&record), &id()).expect_err("refused"));
    assert!(
        refused[0].starts_with("output.decisions[0].ruled_by.record"),
        "{refused:?}"
    );
    // Answers sent to the page cannot claim a ruling.
    let body = json!({ "decisions": [
        { "id": 1, "chosen": "jwt", "by": "ruling" },
        { "id": 2, "chosen": "bcrypt" }
    ] });
    let input = parse_pending(&bytes(&pending_value()))
        .expect("pending")
        .input;
    let refused = crate::validate_output(&input, &body).expect_err("refused");
    assert!(
        refused.messages(Lang::En)[0].starts_with("decisions[0].by"),
        "{:?}",
        refused.messages(Lang::En)
    );
}

#[test]
fn answers_the_person_gave_alone_are_written_as_the_spec_writes_them() {
    let record = record_value(pending_value());
    let parsed = parse_record(&bytes(&record), &id()).expect("valid");
    assert_eq!(
        parsed.output.to_compact_json(),
        r#"{"decisions":[{"id":1,"chosen":"jwt"},{"id":2,"chosen":"bcrypt","note":"n"}]}"#
    );
}

#[test]
fn an_item_may_ask_always_and_nothing_else() {
    let mut pending = pending_value();
    pending["items"][0]["ask"] = json!("always");
    let input = parse_pending(&bytes(&pending)).expect("valid").input;
    assert!(input.items()[0].ask_always());
    assert!(!input.items()[1].ask_always());
    let written = serde_json::to_value(&input).expect("ser");
    assert_eq!(written["items"][0]["ask"], "always");
    pending["items"][0]["ask"] = json!("never");
    let refused = crate::validate::validate_input(&pending).expect_err("refused");
    assert!(
        refused.messages(Lang::En)[0].starts_with("items[0].ask"),
        "{:?}",
        refused.messages(Lang::En)
    );
}
