#!/usr/bin/env bash
# Opens and closes MCP sessions against `aide mcp --http` (20,000 by
# default, 8 clients at once: initialize, notifications/initialized,
# DELETE) and prints the server's resident memory (VmRSS) before, after and
# 3 s after; issue 40 wants "after" within 50 MB of "before". Uses the
# release `aide` when it is built, else the debug one (says which). Linux
# only (/proc). Usage: bench/mcp_sessions.sh [SESSIONS] [CLIENTS]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
SESSIONS=${1:-20000}
CLIENTS=${2:-8}
AIDE=$PWD/target/release/aide
BUILD=release
if [ ! -x "$AIDE" ]; then
  AIDE=$PWD/target/debug/aide
  BUILD=debug
  cargo build --locked --quiet -p server --bin aide
fi
PROJECT=$(mktemp -d)
LOG="$PROJECT.stderr"
PID=
cleanup() {
  if [ -n "$PID" ]; then kill "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true; fi
  rm -rf "$PROJECT" "$LOG"
}
trap cleanup EXIT
(cd "$PROJECT" && "$AIDE" init >/dev/null 2>&1)
(cd "$PROJECT" && exec env AIDE_LANG=en "$AIDE" mcp --http 127.0.0.1:0 2>"$LOG") &
PID=$!
for _ in $(seq 100); do
  grep -q 'Authorization: Bearer' "$LOG" && break
  sleep 0.1
done
URL=$(grep -o 'http://[^ ]*/mcp' "$LOG")
TOKEN=$(grep -o 'Authorization: Bearer [0-9a-f]*' "$LOG" | cut -d' ' -f3)
echo "aide ($BUILD build, pid $PID) at $URL: $SESSIONS sessions, $CLIENTS clients at once"

python3 - "$URL" "$TOKEN" "$PID" "$SESSIONS" "$CLIENTS" <<'EOF'
import http.client, json, sys, threading, time, urllib.parse

url, token, pid, sessions, clients = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
parts = urllib.parse.urlsplit(url)
INIT = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
    "protocolVersion": "2025-06-18", "capabilities": {},
    "clientInfo": {"name": "bench", "version": "0"}}})
NOTE = json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"})
BASE = {"Authorization": f"Bearer {token}", "Content-Type": "application/json",
        "Accept": "application/json, text/event-stream"}

def rss_mb():
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")

def one(conn):
    conn.request("POST", parts.path, INIT, BASE)
    r = conn.getresponse(); r.read()
    sid = r.getheader("mcp-session-id")
    if r.status != 200 or not sid:
        raise SystemExit(f"initialize: {r.status}")
    h = dict(BASE, **{"mcp-session-id": sid, "mcp-protocol-version": "2025-06-18"})
    conn.request("POST", parts.path, NOTE, h)
    r = conn.getresponse(); r.read()
    conn.request("DELETE", parts.path, headers=h)
    r = conn.getresponse(); r.read()
    if r.status >= 300:
        raise SystemExit(f"DELETE: {r.status}")

left = [sessions]
lock = threading.Lock()
failed = []
def client():
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    while True:
        with lock:
            if left[0] == 0:
                return
            left[0] -= 1
        try:
            one(conn)
        except BaseException as e:
            failed.append(repr(e))
            return

before = rss_mb()
started = time.monotonic()
threads = [threading.Thread(target=client) for _ in range(clients)]
for t in threads: t.start()
for t in threads: t.join()
took = time.monotonic() - started
after = rss_mb()
time.sleep(3)
settled = rss_mb()
print(f"VmRSS before {before:.1f} MB, after {after:.1f} MB, 3 s later {settled:.1f} MB "
      f"(+{after - before:.1f} MB); {sessions} sessions in {took:.1f} s")
if failed:
    raise SystemExit(f"failed: {failed[:3]}")
EOF
