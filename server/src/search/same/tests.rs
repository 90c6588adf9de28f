//! aide's notion of the same question on a few items: rewordings in
//! either language, near misses, a generic title offering other choices.

use super::*;
use serde_json::json;

/// The likeness of two items, each of its own task.
fn how(earlier: serde_json::Value, later: serde_json::Value) -> Likeness {
    let words = Words::default();
    let question = |item: serde_json::Value| {
        let mut item = item;
        item["id"] = json!(1);
        let input =
            app::validate_input(&json!({"task": "t", "source": "s", "items": [item]})).unwrap();
        Question::of(&input.items()[0], "t", &words)
    };
    likeness(&question(earlier), &question(later), &words)
}

fn item(title: &str, values: &[&str]) -> serde_json::Value {
    let options: Vec<_> = values
        .iter()
        .map(|v| json!({"value": v, "label": v}))
        .collect();
    json!({"title": title, "options": options})
}

#[test]
fn a_question_reworded_in_either_language_is_the_same() {
    let asked = item("How long should a login session last?", &["1h", "8h"]);
    for again in [
        item(
            "What session timeout should logged-in users get?",
            &["8h", "24h"],
        ),
        item("会话保持多久?", &["1h", "8h"]),
        item("登录会话的有效期应该是多长?", &["8h", "30d"]),
    ] {
        let how = how(asked.clone(), again.clone());
        assert!(how.same(), "{again}: {how:?}");
    }
}

#[test]
fn a_near_miss_is_another_question_whatever_it_shares() {
    let cases = [
        // A swap inside a contrast kind.
        (
            "What log level should the development environment use?",
            "What log level should the production environment use?",
        ),
        (
            "Where should invoice PDFs be stored?",
            "Where should avatars be stored?",
        ),
        ("后端单元测试用哪个框架?", "前端单元测试用哪个框架?"),
        // A frame around parts no kind names.
        ("用户信息缓存多久?", "商品信息缓存多久?"),
    ];
    for (earlier, later) in cases {
        let how = how(item(earlier, &["a", "b"]), item(later, &["a", "b"]));
        assert!(
            how.contrast && !how.same() && !how.ruled(),
            "{later}: {how:?}"
        );
        assert!(how.related(), "still shown collapsed: {later}");
    }
}

#[test]
fn the_same_generic_title_offering_other_choices_is_not_the_same() {
    let dates = item("Which library should we use?", &["chrono", "time"]);
    let logs = item("Which library should we use?", &["tracing", "log"]);
    assert!(!how(dates.clone(), logs).same());
    assert!(how(dates.clone(), dates).same());
    // Nor a title that says much, offering none of the choices again: it
    // is shown as related (the backups' frequency and their retention
    // share their title's frame and offer other choices).
    let asked = item("How long should a login session last?", &["1h", "8h"]);
    let other = item(
        "How long should a login session last?",
        &["one-day", "one-week"],
    );
    let how = how(asked, other);
    assert!(!how.same() && how.related(), "{how:?}");
}

#[test]
fn a_ruling_asks_titles_that_say_the_same_things_neither_adding_a_word() {
    let tokens = item("How long should access tokens live?", &["15m", "1h"]);
    let refresh = item("How long should refresh tokens live?", &["15m", "1h"]);
    let how_refresh = how(tokens.clone(), refresh);
    assert!(
        how_refresh.contrast && !how_refresh.same(),
        "{how_refresh:?}"
    );
    // A word added may narrow the question: shown for the person to
    // judge, never answered in their name.
    let passwords = item("How long should passwords be at least?", &["8", "12"]);
    let users = item("How long should user passwords be at least?", &["8", "12"]);
    let narrower = how(passwords.clone(), users);
    assert!(narrower.same() && !narrower.equal, "{narrower:?}");
    assert!(!narrower.ruled(), "{narrower:?}");
    let again = how(
        passwords,
        item("At least how long should passwords be?", &["8", "12"]),
    );
    assert!(again.equal && again.ruled(), "{again:?}");
}

#[test]
fn a_renamed_choice_is_found_among_choices_of_one_concept() {
    let words = Words::default();
    let question = |options: serde_json::Value| {
        let input = app::validate_input(&json!({"task": "t", "source": "s", "items": [
            {"id": 1, "title": "Which password hash?", "options": options}
        ]}))
        .unwrap();
        Question::of(&input.items()[0], "t", &words)
    };
    let then = question(json!([
        {"value": "argon2id", "label": "Argon2id"},
        {"value": "bcrypt", "label": "bcrypt"}
    ]));
    // All three are `#hash`: by the concept alone each offered every one.
    let now = question(json!([
        {"value": "bcrypt", "label": "bcrypt"},
        {"value": "argon2", "label": "Argon2id"},
        {"value": "scrypt", "label": "scrypt"}
    ]));
    assert_eq!(offered_again(&then, 0, &now), Some(1));
    assert_eq!(offered_again(&then, 1, &now), Some(0));
    let hours =
        question(json!([{"value": "1h", "label": "1 hour"}, {"value": "8h", "label": "8 hours"}]));
    let zh = question(
        json!([{"value": "one", "label": "1 小时"}, {"value": "eight", "label": "8 小时"}]),
    );
    assert_eq!(offered_again(&hours, 0, &zh), Some(0));
    assert_eq!(offered_again(&hours, 1, &zh), Some(1));
}

/// Near misses of many kinds: another role, store, side, object or
/// environment is another question (written with the grown table, which
/// was taken back; they hold on this one too).
#[test]
fn near_misses_of_many_kinds_stay_apart() {
    let pairs = [
        (
            "Can admins delete comments?",
            "Can regular users delete comments?",
        ),
        (
            "Should we store the token in a cookie?",
            "Should we store the token in localStorage?",
        ),
        (
            "What naming convention for tables?",
            "What naming convention for columns?",
        ),
        (
            "Which port should the dev server use?",
            "Which port should the production server use?",
        ),
        (
            "How long should logs be kept?",
            "How long should backups be kept?",
        ),
        ("前端用什么打包工具?", "后端用什么打包工具?"),
        ("开发环境用 SQLite 吗?", "生产环境用 SQLite 吗?"),
        ("管理员能否删除评论?", "普通用户能否删除评论?"),
        // Languages one decides apart (one group of languages made
        // English and Chinese messages one question).
        (
            "Should error messages be in English?",
            "Should error messages be in Chinese?",
        ),
        ("报错信息用英文吗?", "报错信息用中文吗?"),
        // Before and after (后 framed nothing for a while: deploying
        // first and testing after was the same question).
        ("部署前要跑测试吗?", "部署后要跑测试吗?"),
        (
            "Should tests run before deploying?",
            "Should tests run after deploying?",
        ),
        ("全量备份多久一次?", "增量备份多久一次?"),
        (
            "Should the list be sorted newest first?",
            "Should the list be sorted oldest first?",
        ),
        // SMS codes and e-mail codes (one group of every verification
        // code made them one question, and a ruling answered such a pair).
        ("短信验证码有效期多久?", "邮箱验证码有效期多久?"),
    ];
    for (earlier, later) in pairs {
        let how = how(item(earlier, &["a", "b"]), item(later, &["a", "b"]));
        assert!(!how.same() && !how.ruled(), "{earlier} / {later}: {how:?}");
    }
}

#[test]
fn two_things_of_one_kind_named_are_two_questions_never_ruled_alike() {
    for (a, b) in [
        ("Should we migrate to Vitest?", "Should we migrate to Jest?"),
        (
            "Should we hash passwords with bcrypt?",
            "Should we hash passwords with Argon2?",
        ),
        (
            "Should we use Postgres for sessions?",
            "Should we use MySQL for sessions?",
        ),
        ("Use Prisma as the ORM?", "Use Drizzle as the ORM?"),
    ] {
        let named = how(item(a, &["yes", "no"]), item(b, &["yes", "no"]));
        assert!(
            named.contrast && !named.same() && !named.ruled(),
            "{a} / {b}: {named:?}"
        );
        assert!(named.related(), "{a} / {b}: {named:?}");
    }
    // The same thing named in other words is still the same question, and
    // the kind without a name only a broader one.
    let again = how(
        item("Should we migrate to Vitest?", &["yes", "no"]),
        item("Migrate to Vitest?", &["yes", "no"]),
    );
    assert!(again.same() && again.ruled(), "{again:?}");
    let broader = how(
        item("Which test runner should we use?", &["jest", "vitest"]),
        item("Jest or Vitest as the test runner?", &["jest", "vitest"]),
    );
    assert!(broader.same() && !broader.ruled(), "{broader:?}");
}
