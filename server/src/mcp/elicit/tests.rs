use super::*;
use rmcp::model::ProtocolVersion;
use serde_json::{Value, json};

fn input(items: Value) -> OpenItems {
    OpenItems::new(validated(items), &[])
}

fn validated(items: Value) -> DecideInput {
    app::validate_input(&json!({"task": "Pick", "source": "chat", "items": items})).unwrap()
}

/// `items` with a standing ruling's answer (option `a`) for `ruled`.
fn ruled(items: Value, ruled: &[u32]) -> OpenItems {
    let input = validated(items);
    let decisions: Vec<Decision> = ruled
        .iter()
        .map(|id| {
            let item = input.item(ItemId::new(*id).unwrap()).unwrap();
            let by = app::RuledBy {
                ruling: format!("2025-01-15T10-30-00.{id}"),
                record: "2025-01-15T10-30-00".parse().unwrap(),
                item: item.id(),
            };
            Decision::ruled(item, "a", by).unwrap()
        })
        .collect();
    OpenItems::new(input, &decisions)
}

fn item(id: u32) -> Value {
    json!({"id": id, "title": format!("Q{id}"), "context": "why it matters",
           "options": [{"value": "a", "label": "A", "score": 80}, {"value": "b", "label": "B"}],
           "recommend": "a"})
}

fn example() -> OpenItems {
    let text = include_str!("../../../../examples/auth.json");
    let input = app::validate_input(&serde_json::from_str::<Value>(text).unwrap()).unwrap();
    OpenItems::new(input, &[])
}

const ALL: [ProtocolVersion; 5] = [
    ProtocolVersion::V_2024_11_05,
    ProtocolVersion::V_2025_03_26,
    ProtocolVersion::V_2025_06_18,
    ProtocolVersion::V_2025_11_25,
    ProtocolVersion::V_2026_07_28,
];

#[test]
fn each_protocol_version_gets_only_the_modes_it_has() {
    let modes: Vec<(bool, bool, bool, bool)> = ALL
        .iter()
        .map(|v| {
            let a = Ability::new(Some(v), false, true, true);
            (a.form, a.url, a.titled, a.modern)
        })
        .collect();
    assert_eq!(
        modes,
        [
            (false, false, false, false),
            (false, false, false, false),
            (true, false, false, false),
            (true, true, true, false),
            (true, true, true, true),
        ]
    );
    assert_eq!(Ability::new(None, false, true, true), Ability::default());
}

#[test]
fn the_view_wins_then_the_url_then_a_form_that_fits() {
    let v = ProtocolVersion::V_2025_11_25;
    let small = example();
    let app = Ability::new(Some(&v), true, true, true);
    assert_eq!(app.ask(&small), None);
    assert_eq!(
        Ability::new(Some(&v), false, true, true).ask(&small),
        Some(ElicitMode::Url)
    );
    let form = Ability::new(Some(&v), false, true, false);
    assert_eq!(form.ask(&small), Some(ElicitMode::Form));
    assert_eq!(
        Ability::new(Some(&v), false, false, false).ask(&small),
        None
    );
    // A form asks 1 to 3 items, one choice each.
    let four = input(json!([item(1), item(2), item(3), item(4)]));
    assert_eq!(form.ask(&four), None);
    assert_eq!(
        form.ask(&input(json!([item(1), item(2), item(3)]))),
        Some(ElicitMode::Form)
    );
    let mut many = item(2);
    many["multiple"] = json!(true);
    assert_eq!(form.ask(&input(json!([item(1), many]))), None);
    let mut own = item(2);
    own["allow_other"] = json!(true);
    assert_eq!(form.ask(&input(json!([own]))), None);
    let mut skip = item(2);
    skip["allow_skip"] = json!(true);
    assert_eq!(form.ask(&input(json!([skip]))), Some(ElicitMode::Form));
}

#[test]
fn the_url_prompt_names_the_page_and_the_session() {
    let v = ProtocolVersion::V_2025_11_25;
    let ability = Ability::new(Some(&v), false, false, true);
    let params = params(
        ElicitMode::Url,
        ability,
        &example(),
        "http://x/?key=k",
        "S1",
        Lang::En,
    );
    let wire = serde_json::to_value(&params).unwrap();
    assert_eq!(wire["mode"], "url");
    assert_eq!(wire["url"], "http://x/?key=k");
    assert_eq!(wire["elicitationId"], "S1");
    let message = wire["message"].as_str().unwrap();
    assert!(message.contains("2 questions") && message.contains("实现用户认证模块"));
    assert!(!message.contains("previews"), "{message}");
}

#[test]
fn options_with_previews_are_asked_on_the_page_whose_prompt_says_so() {
    let v = ProtocolVersion::V_2025_11_25;
    let mut shown = item(1);
    shown["options"][0]["preview"] = json!("**A** in full");
    let asked = input(json!([shown]));
    let form = Ability::new(Some(&v), false, true, false);
    assert_eq!(form.ask(&asked), None, "a form cannot show a preview");
    let url = Ability::new(Some(&v), false, false, true);
    let params = params(ElicitMode::Url, url, &asked, "http://x/", "S1", Lang::En);
    let wire = serde_json::to_value(&params).unwrap();
    let message = wire["message"].as_str().unwrap();
    assert!(message.contains("previews, diffs or pictures"), "{message}");
}

#[test]
fn the_form_titles_each_choice_and_preselects_the_recommendation() {
    let mut skip = item(3);
    skip["allow_skip"] = json!(true);
    skip["options"][1]["value"] = json!("skip");
    let asked = input(json!([item(1), skip]));
    let schema = form::schema(&asked, true, Lang::En);
    let wire = serde_json::to_value(&schema).unwrap();
    let names: Vec<&String> = wire["properties"].as_object().unwrap().keys().collect();
    assert_eq!(names, ["item-1", "note-1", "item-3", "note-3"]);
    assert_eq!(wire["required"], json!(["item-1", "item-3"]));
    let one = &wire["properties"]["item-1"];
    assert_eq!(one["title"], "Q1");
    assert_eq!(one["description"], "why it matters");
    assert_eq!(one["default"], "a");
    assert_eq!(
        one["oneOf"],
        json!([{"const": "a", "title": "A · score 80 · recommended"}, {"const": "b", "title": "B"}])
    );
    // The skip choice cannot be mistaken for an option named "skip".
    let three = &wire["properties"]["item-3"]["oneOf"];
    assert_eq!(
        three[2],
        json!({"const": "_skip", "title": "Skip (leave it undecided)"})
    );
    assert_eq!(
        wire["properties"]["note-3"]["title"],
        "Note on \"Q3\" (optional)"
    );
    assert_eq!(wire["properties"]["note-3"]["type"], "string");
    // 2025-06-18 forms: enum with enumNames.
    let legacy = serde_json::to_value(form::schema(&asked, false, Lang::Zh)).unwrap();
    let one = &legacy["properties"]["item-1"];
    assert_eq!(one["enum"], json!(["a", "b"]));
    assert_eq!(one["enumNames"], json!(["A · 评分 80 · 推荐", "B"]));
    assert!(one.get("oneOf").is_none());
}

#[test]
fn a_forms_answers_become_the_pages_fields_by_position() {
    let mut skip = item(3);
    skip["allow_skip"] = json!(true);
    let asked = input(json!([item(1), skip]));
    let session = "2025-01-15T10-30-00".parse::<SessionId>().unwrap();
    let content = json!({"item-1": "b", "note-1": "because & why", "item-3": "skip",
                         "note-3": "  ", "stray": 1});
    let fields = form::fields(&asked, &session, Some(&content)).unwrap();
    assert_eq!(
        fields,
        "session=2025-01-15T10-30-00&item-1=1&note-1=because+%26+why&item-3=skip"
    );
    // An item left out is left for the page to name; nothing is invented.
    let fields = form::fields(&asked, &session, Some(&json!({"item-3": "a"}))).unwrap();
    assert_eq!(fields, "session=2025-01-15T10-30-00&item-3=0");
    assert_eq!(
        form::fields(&asked, &session, None).unwrap(),
        "session=2025-01-15T10-30-00"
    );
    // A position is not a value: "1" names no option.
    for bad in [
        json!({"item-1": "1"}),
        json!({"item-1": 0}),
        json!({"item-1": "skip"}),
    ] {
        let refused = form::fields(&asked, &session, Some(&bad)).unwrap_err();
        let text = Msg::Agent(refused).text(Lang::En);
        assert!(text.starts_with("item 1: "), "{text}");
    }
}

#[test]
fn items_a_ruling_answered_are_not_asked_and_none_open_asks_nothing() {
    let v = ProtocolVersion::V_2025_11_25;
    let form = Ability::new(Some(&v), false, true, false);
    let url = Ability::new(Some(&v), false, false, true);
    let four = json!([item(1), item(2), item(3), item(4)]);
    // Four items, one ruled: the three open fit a form.
    let open = ruled(four.clone(), &[2]);
    assert_eq!(form.ask(&open), Some(ElicitMode::Form));
    let wire = serde_json::to_value(form::schema(&open, true, Lang::En)).unwrap();
    assert_eq!(wire["required"], json!(["item-1", "item-3", "item-4"]));
    assert!(wire["properties"].get("item-2").is_none(), "{wire}");
    let params = serde_json::to_value(params(ElicitMode::Url, url, &open, "u", "S", Lang::En));
    let message = params.unwrap()["message"].as_str().unwrap().to_owned();
    assert!(message.contains("3 questions"), "{message}");
    // What a form sends for the ruled item is not passed on: the page
    // records the ruling's answer.
    let session = "2025-01-15T10-30-00".parse::<SessionId>().unwrap();
    let content = json!({"item-1": "b", "item-2": "b", "note-2": "mine"});
    let fields = form::fields(&open, &session, Some(&content)).unwrap();
    assert_eq!(fields, "session=2025-01-15T10-30-00&item-1=1");
    // Every item ruled: nothing to ask, in any mode.
    let all = ruled(four, &[1, 2, 3, 4]);
    for ability in [form, url] {
        assert_eq!(ability.ask(&all), None);
    }
    // An overturned ruling's item is open again.
    let input = validated(json!([item(1), item(2)]));
    let item = input.item(ItemId::new(1).unwrap()).unwrap();
    let by = app::RuledBy {
        ruling: "R".into(),
        record: session.clone(),
        item: item.id(),
    };
    let overturned = Decision::ruled(item, "a", by).unwrap().overturned();
    let open = OpenItems::new(input, &[overturned]);
    assert_eq!(open.items().count(), 2);
}

#[test]
fn a_reply_is_an_accept_or_else_a_decline() {
    let accept: ElicitResult =
        serde_json::from_value(json!({"action": "accept", "content": {"x": 1}})).unwrap();
    assert_eq!(
        ElicitReply::from(accept),
        ElicitReply::Accept(Some(json!({"x": 1})))
    );
    for action in ["decline", "cancel"] {
        let result: ElicitResult = serde_json::from_value(json!({"action": action})).unwrap();
        assert_eq!(ElicitReply::from(result), ElicitReply::Decline);
    }
}

#[test]
fn completion_names_the_session() {
    let session = "2025-01-15T10-30-00".parse::<SessionId>().unwrap();
    let wire = serde_json::to_value(complete(&session)).unwrap();
    assert_eq!(wire["method"], "notifications/elicitation/complete");
    assert_eq!(wire["params"]["elicitationId"], "2025-01-15T10-30-00");
}
