//! MCP over stdin/stdout, one JSON-RPC message per line.
//!
//! aide reads the lines itself rather than through rmcp's stdio transport
//! for three reasons: every line gets an answer as JSON-RPC 2.0 asks (a
//! line that is not JSON gets `-32700`, a message of the wrong shape or a
//! line too long gets `-32600`, with the request's id where it can be
//! read), so a client never waits for ever; each message is shown to the
//! connection ([`Conn::arrived`]) in the order it was sent, before rmcp
//! runs handlers concurrently; and the end of input cancels the waits at
//! once, so `aide mcp` exits promptly when its client goes away.

use super::conn::Conn;
use super::rpc::error_response;
use rmcp::RoleServer;
use rmcp::model::ErrorCode;
use rmcp::service::{RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use serde_json::Value;
use std::io;
use std::sync::Arc;
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::{Mutex, mpsc};

/// The longest line read; a longer one is answered `-32600` and skipped
/// without being held in memory.
pub const MAX_LINE: usize = 16 * 1024 * 1024;

/// Messages read but not yet taken by rmcp: reading waits beyond this.
const QUEUE: usize = 32;

/// What one line of input is.
#[derive(Debug)]
pub enum Line {
    /// A message for rmcp.
    Message(Box<RxJsonRpcMessage<RoleServer>>),
    /// No message: the error to answer with.
    Reply(Value),
    /// Nothing to do: a blank line, or a notification aide does not know
    /// (which JSON-RPC says gets no reply).
    Skip,
}

const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// Reads one line (without its `\n`).
pub fn classify(line: &[u8]) -> Line {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let line = line.strip_prefix(UTF8_BOM).unwrap_or(line);
    if line.iter().all(u8::is_ascii_whitespace) {
        return Line::Skip;
    }
    let error = match serde_json::from_slice::<RxJsonRpcMessage<RoleServer>>(line) {
        Ok(message) => return Line::Message(Box::new(message)),
        Err(error) => error,
    };
    let Ok(value) = serde_json::from_slice::<Value>(line) else {
        return Line::Reply(error_response(None, ErrorCode::PARSE_ERROR, "Parse error"));
    };
    let id = value.get("id").filter(|id| id.is_string() || id.is_i64());
    let is_notification = value.is_object() && value.get("id").is_none();
    if is_notification && value.get("method").is_some_and(Value::is_string) {
        return Line::Skip;
    }
    let detail = format!("Invalid Request: {error}");
    Line::Reply(error_response(
        id.cloned(),
        ErrorCode::INVALID_REQUEST,
        detail,
    ))
}

type Writer = Arc<Mutex<Option<Box<dyn AsyncWrite + Send + Unpin>>>>;

/// The transport over one reader and writer (stdin and stdout).
pub struct LineTransport {
    incoming: mpsc::Receiver<RxJsonRpcMessage<RoleServer>>,
    writer: Writer,
}

impl LineTransport {
    /// Starts reading `read` in a task of its own; `conn` sees each
    /// message before rmcp does, and is told when the input ends.
    pub fn new(
        read: impl AsyncRead + Send + Unpin + 'static,
        write: impl AsyncWrite + Send + Unpin + 'static,
        conn: Arc<Conn>,
    ) -> Self {
        let writer: Writer = Arc::new(Mutex::new(Some(Box::new(write))));
        let (sender, incoming) = mpsc::channel(QUEUE);
        tokio::spawn(read_lines(read, sender, writer.clone(), conn));
        LineTransport { incoming, writer }
    }
}

/// Reads until the input ends, the writer fails, or rmcp stops taking
/// messages; then tells the connection it is closed.
async fn read_lines(
    read: impl AsyncRead + Unpin,
    sender: mpsc::Sender<RxJsonRpcMessage<RoleServer>>,
    writer: Writer,
    conn: Arc<Conn>,
) {
    let mut reader = BufReader::with_capacity(64 * 1024, read);
    let mut line = Vec::new();
    let mut too_long = false;
    loop {
        let (taken, ended) = match reader.fill_buf().await {
            Ok([]) | Err(_) => (0, true),
            Ok(buf) => {
                let end = buf.iter().position(|&b| b == b'\n');
                let part = &buf[..end.unwrap_or(buf.len())];
                if too_long || line.len() + part.len() > MAX_LINE {
                    too_long = true;
                    line = Vec::new();
                } else {
                    line.extend_from_slice(part);
                }
                (end.map_or(buf.len(), |end| end + 1), end.is_some())
            }
        };
        let at_eof = taken == 0;
        reader.consume(taken);
        if !ended {
            continue;
        }
        let outcome = if too_long {
            let error = error_response(None, ErrorCode::INVALID_REQUEST, "Line too long");
            Line::Reply(error)
        } else {
            classify(&line)
        };
        line.clear();
        too_long = false;
        let keep_going = match outcome {
            // A last line without its `\n` at the end of input still counts.
            Line::Skip => true,
            Line::Reply(error) => write_line(&writer, &error).await.is_ok(),
            Line::Message(message) => {
                conn.arrived(&message);
                sender.send(*message).await.is_ok()
            }
        };
        if at_eof || !keep_going {
            break;
        }
    }
    conn.closed().cancel();
}

/// Writes `value` as one line and flushes it.
async fn write_line(writer: &Writer, value: &impl serde::Serialize) -> io::Result<()> {
    let mut bytes = serde_json::to_vec(value).map_err(io::Error::other)?;
    bytes.push(b'\n');
    let mut writer = writer.lock().await;
    let out = writer.as_mut().ok_or(io::ErrorKind::NotConnected)?;
    out.write_all(&bytes).await?;
    out.flush().await
}

impl Transport<RoleServer> for LineTransport {
    type Error = io::Error;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleServer>,
    ) -> impl Future<Output = Result<(), io::Error>> + Send + 'static {
        let writer = self.writer.clone();
        async move { write_line(&writer, &item).await }
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleServer>> {
        // Cancel-safe: a message stays queued until `recv` returns it.
        self.incoming.recv().await
    }

    async fn close(&mut self) -> Result<(), io::Error> {
        self.incoming.close();
        match self.writer.lock().await.take() {
            Some(mut out) => out.flush().await,
            None => Ok(()),
        }
    }
}

#[cfg(test)]
#[path = "transport_tests.rs"]
mod tests;
