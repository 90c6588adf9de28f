//! The bodies the page's routes answer with.

use serde::{Deserialize, Serialize};

/// `{"ok":true}`: the answers are recorded.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Recorded {
    pub ok: bool,
}

/// `{"ok":true,"saved_at":…}`: the draft is saved.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DraftSaved {
    pub ok: bool,
    pub saved_at: crate::model::Timestamp,
}

/// `{"error":"…","hint":…}`: why a request was refused, in the page's
/// language, and what to do about it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Refusal {
    pub error: String,
    #[serde(default)]
    pub hint: Option<String>,
}

impl Refusal {
    /// The name of the message's field, as serde writes it.
    pub const ERROR_FIELD: &str = "error";

    /// The message of a refusal's JSON text, read by the browser's own
    /// JSON reader: the WASM carries no JSON reader of its own.
    #[cfg(feature = "hydrate")]
    pub fn error_in(text: &str) -> Option<String> {
        let value = js_sys::JSON::parse(text).ok()?;
        js_sys::Reflect::get(&value, &Self::ERROR_FIELD.into())
            .ok()?
            .as_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_browser_reads_a_refusal_by_the_name_serde_writes() {
        let refusal = Refusal {
            error: "why".into(),
            hint: None,
        };
        let value = serde_json::to_value(&refusal).unwrap();
        assert_eq!(value[Refusal::ERROR_FIELD], "why");
    }
}
