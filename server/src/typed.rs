//! Reading a JSON value into its type (a small file of aide's own, a
//! tool's arguments), and saying in the catalogue's words where it is not
//! one: the field, and what it should hold. serde's own sentence never
//! reaches the person.

use app::i18n::{Damage, Expected};
use serde::de::DeserializeOwned;
use serde_json::Value;
use serde_path_to_error::Segment;

/// `value` as a `T`; where it is not one, what is wrong at the field serde
/// stopped at. `expected` names what a field should hold by its path
/// (`history[0].timestamp`); `None` for a file only aide writes.
pub fn typed<T: DeserializeOwned>(
    value: &Value,
    expected: impl Fn(&str) -> Option<Expected>,
) -> Result<T, Damage> {
    serde_path_to_error::deserialize(value).map_err(|error| {
        let mut path = String::new();
        let mut node = Some(value);
        for segment in error.path().iter() {
            match segment {
                Segment::Seq { index } => {
                    path.push_str(&format!("[{index}]"));
                    node = node.and_then(|n| n.get(index));
                }
                Segment::Map { key } | Segment::Enum { variant: key } => {
                    if !path.is_empty() {
                        path.push('.');
                    }
                    path.push_str(key);
                    node = node.and_then(|n| n.get(key));
                }
                Segment::Unknown => node = None,
            }
        }
        if let Some((field, missing)) = named_field(error.inner()) {
            if !path.is_empty() {
                path.push('.');
            }
            path.push_str(&field);
            return if missing {
                Damage::Missing { path }
            } else {
                Damage::Unknown {
                    path,
                    suggestion: None,
                }
            };
        }
        let expected = expected(&path);
        if path.is_empty() {
            path.push_str("(root)");
        }
        Damage::field(path, expected, node.unwrap_or(&Value::Null))
    })
}

/// The field serde found missing (`true`) or did not know (`false`), if
/// that is what stopped it. serde says so only in its sentence (`missing
/// field `name``, `unknown field `name`, expected …`); the name is all
/// that is taken from it.
fn named_field(error: &serde_json::Error) -> Option<(String, bool)> {
    let text = error.to_string();
    let (rest, missing) = match text.strip_prefix("missing field `") {
        Some(rest) => (rest, true),
        None => (text.strip_prefix("unknown field `")?, false),
    };
    Some((rest.split('`').next()?.to_owned(), missing))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[allow(dead_code, reason = "only read")]
    struct Outer {
        name: String,
        list: Vec<Counted>,
    }

    #[derive(Debug, Deserialize)]
    #[allow(dead_code, reason = "only read")]
    struct Counted {
        at: app::Timestamp,
        count: u64,
    }

    fn damage(value: Value) -> Damage {
        let expected = |path: &str| path.ends_with(".at").then_some(Expected::Time);
        typed::<Outer>(&value, expected).unwrap_err()
    }

    #[test]
    fn the_field_and_what_it_should_hold_are_named() {
        let bad = serde_json::json!({"name": "n", "list": [{"at": "2025-01-15T10:30:00+08:00", "count": 1}, {"at": "yesterday", "count": 2}]});
        assert_eq!(
            damage(bad),
            Damage::Field {
                path: "list[1].at".into(),
                expected: Some(Expected::Time),
                found: "\"yesterday\"".into()
            }
        );
        let missing =
            serde_json::json!({"name": "n", "list": [{"at": "2025-01-15T10:30:00+08:00"}]});
        assert_eq!(
            damage(missing),
            Damage::Missing {
                path: "list[0].count".into()
            }
        );
        assert_eq!(
            damage(serde_json::json!({"list": []})),
            Damage::Missing {
                path: "name".into()
            }
        );
        let text = damage(serde_json::json!({"name": 7, "list": []})).text(app::Lang::En);
        assert_eq!(text, "name holds 7, not what aide writes there");
        let text = damage(serde_json::json!([])).text(app::Lang::Zh);
        assert_eq!(text, "(root) 的值 [] 不是 aide 在此写入的内容");
    }
}
