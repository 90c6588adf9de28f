//! A JSON-RPC error response, written once over rmcp's types: the stdio
//! transport's answers to lines it cannot hand to rmcp, and `--http`'s
//! refusals before rmcp sees a request.

use rmcp::model::{ErrorCode, ErrorData, JsonRpcError};
use serde_json::Value;

/// The server's own errors (JSON-RPC 2.0 reserves -32000 to -32099): a
/// refusal of `--http` (busy, a body too large or too late).
pub const SERVER_ERROR: ErrorCode = ErrorCode(-32000);

/// An error response to the request whose id is `id`, `null` where it
/// could not be read. JSON-RPC 2.0 (§5) asks for `"id": null` there, as
/// every MCP version before 2026-07-28 does; rmcp's `JsonRpcError` leaves
/// the id out, which only that version allows, so it is set here.
pub fn error_response(id: Option<Value>, code: ErrorCode, message: impl Into<String>) -> Value {
    let error = JsonRpcError::new(None, ErrorData::new(code, message.into(), None));
    // A version tag, a number and strings always serialise.
    let mut body = serde_json::to_value(error).unwrap_or_default();
    if let Value::Object(fields) = &mut body {
        fields.insert("id".to_owned(), id.unwrap_or(Value::Null));
    }
    body
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn an_unread_id_is_null_and_a_read_one_is_echoed() {
        assert_eq!(
            error_response(None, ErrorCode::PARSE_ERROR, "Parse error"),
            json!({"jsonrpc": "2.0", "id": null, "error": {"code": -32700, "message": "Parse error"}})
        );
        assert_eq!(
            error_response(Some(json!(7)), SERVER_ERROR, "busy"),
            json!({"jsonrpc": "2.0", "id": 7, "error": {"code": -32000, "message": "busy"}})
        );
    }
}
