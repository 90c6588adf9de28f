use super::*;
use rmcp::model::ClientRequest;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, duplex};

fn reply_of(line: &str) -> Value {
    match classify(line.as_bytes()) {
        Line::Reply(value) => value,
        other => panic!("expected a reply to {line:?}, got {other:?}"),
    }
}

#[test]
fn a_line_that_is_not_json_gets_a_parse_error_with_a_null_id() {
    for line in ["not json", "{\"jsonrpc\":", "\u{0}", "[1,"] {
        let reply = reply_of(line);
        assert_eq!(reply["error"]["code"], -32700, "{line}");
        assert!(reply["id"].is_null(), "{line}");
        assert_eq!(reply["jsonrpc"], "2.0");
    }
}

#[test]
fn a_message_of_the_wrong_shape_gets_invalid_request_with_its_id() {
    let reply = reply_of(r#"{"jsonrpc":"2.0","id":5,"method":42}"#);
    assert_eq!(reply["error"]["code"], -32600);
    assert_eq!(reply["id"], 5);
    let reply = reply_of(r#"{"jsonrpc":"2.0","id":"a","params":{}}"#);
    assert_eq!(reply["id"], "a");
    // No readable id: null, as JSON-RPC says.
    for line in ["[]", "42", r#"{"id":{"x":1},"method":"ping"}"#] {
        let reply = reply_of(line);
        assert_eq!(reply["error"]["code"], -32600, "{line}");
        assert!(reply["id"].is_null(), "{line}");
    }
}

#[test]
fn messages_blank_lines_and_unknown_notifications() {
    let line = "\u{feff}{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\r";
    match classify(line.as_bytes()) {
        Line::Message(message) => match *message {
            JsonRpcMessage::Request(request) => {
                assert!(matches!(request.request, ClientRequest::PingRequest(_)));
            }
            other => panic!("{other:?}"),
        },
        other => panic!("{other:?}"),
    }
    assert!(matches!(classify(b"  \t"), Line::Skip));
    let unknown = r#"{"jsonrpc":"2.0","method":"notifications/unheard_of","params":{"x":{"y":1}}}"#;
    assert!(matches!(
        classify(unknown.as_bytes()),
        Line::Skip | Line::Message(_)
    ));
}

use rmcp::model::JsonRpcMessage;

/// Feeds `input` to a transport and returns what it wrote back, and the
/// messages it passed on.
async fn run(input: Vec<u8>) -> (Vec<Value>, usize) {
    let (mut client, server_read) = duplex(1 << 20);
    let (server_write, client_read) = duplex(1 << 20);
    let conn = Arc::new(Conn::default());
    let mut transport = LineTransport::new(server_read, server_write, conn.clone());
    let writer = tokio::spawn(async move {
        client.write_all(&input).await.unwrap();
        client.shutdown().await.unwrap();
    });
    let mut passed = 0;
    while transport.receive().await.is_some() {
        passed += 1;
    }
    writer.await.unwrap();
    assert!(
        conn.closed().is_cancelled(),
        "the end of input closes the connection"
    );
    transport.close().await.unwrap();
    let mut replies = Vec::new();
    let mut lines = BufReader::new(client_read).lines();
    while let Ok(Some(line)) = lines.next_line().await {
        replies.push(serde_json::from_str(&line).unwrap());
    }
    (replies, passed)
}

#[tokio::test]
async fn every_bad_line_is_answered_and_reading_goes_on() {
    let mut input = b"garbage\n".to_vec();
    input.extend(vec![b'x'; MAX_LINE + 10]);
    input.extend(b"\n{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}\n");
    input.extend(b"{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"ping\"}");
    let (replies, passed) = run(input).await;
    assert_eq!(
        passed, 2,
        "both pings after the bad lines reach rmcp, the last without its newline"
    );
    assert_eq!(replies.len(), 2, "{replies:?}");
    assert_eq!(replies[0]["error"]["code"], -32700);
    assert_eq!(replies[1]["error"]["code"], -32600);
    assert!(replies[1]["id"].is_null());
}

mod fuzz {
    //! The MCP-lines fuzz target: whatever a client writes on one line,
    //! `classify` returns (no panic), and every reply is a JSON-RPC 2.0
    //! error a client can match to its request.
    use super::super::{Line, classify};
    use proptest::prelude::*;
    use serde_json::Value;

    /// Lines that look like JSON-RPC, spoiled here and there.
    fn jsonish() -> impl Strategy<Value = String> {
        let id = prop_oneof![
            Just("1".to_owned()),
            Just("\"a\"".to_owned()),
            Just("null".to_owned()),
            Just("{}".to_owned()),
            Just("1.5".to_owned()),
            Just("-9223372036854775809".to_owned()),
        ];
        let method = prop_oneof![
            Just("\"ping\"".to_owned()),
            Just("\"tools/call\"".to_owned()),
            Just("\"initialize\"".to_owned()),
            Just("\"notifications/cancelled\"".to_owned()),
            Just("42".to_owned()),
            "\"[a-z/_]{0,12}\"",
        ];
        let params = prop_oneof![
            Just("{}".to_owned()),
            Just("{\"name\":\"decide_result\",\"arguments\":{\"wait_seconds\":1}}".to_owned()),
            Just("{\"name\":\"decide_submit\",\"arguments\":{\"task\":\"t\"}}".to_owned()),
            Just("[]".to_owned()),
            Just("null".to_owned()),
        ];
        (id, method, params, any::<bool>(), 0..4usize).prop_map(
            |(id, method, params, with_id, cut)| {
                let id = if with_id {
                    format!("\"id\":{id},")
                } else {
                    String::new()
                };
                let line =
                    format!("{{\"jsonrpc\":\"2.0\",{id}\"method\":{method},\"params\":{params}}}");
                // Cut some lines short, as a torn write would.
                let keep = line.len().saturating_sub(cut * 7);
                line.get(..keep).unwrap_or(&line).to_owned()
            },
        )
    }

    fn check(line: &[u8]) {
        match classify(line) {
            Line::Reply(reply) => {
                assert_eq!(reply["jsonrpc"], "2.0");
                let code = reply["error"]["code"].as_i64().unwrap();
                assert!(code == -32700 || code == -32600, "{reply}");
                let id = &reply["id"];
                assert!(id.is_null() || id.is_string() || id.is_i64(), "{reply}");
                if code == -32700 {
                    assert!(serde_json::from_slice::<Value>(line).is_err());
                }
            }
            Line::Message(_) | Line::Skip => {}
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig {
            cases: std::env::var("AIDE_FUZZ_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(2_000),
            failure_persistence: None,
            ..ProptestConfig::default()
        })]

        #[test]
        fn any_bytes(line in proptest::collection::vec(any::<u8>(), 0..300)) {
            check(&line);
        }

        #[test]
        fn jsonrpc_shaped_lines(line in jsonish()) {
            check(line.as_bytes());
        }
    }
}
