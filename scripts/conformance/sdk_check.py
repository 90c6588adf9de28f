"""The official MCP Python SDK (`mcp` on PyPI) as a client of `aide mcp`.

Usage: python3 sdk_check.py AIDE PROJECT LOGDIR

Starts `AIDE mcp` in PROJECT (made by `aide init`) with the SDK's stdio
client, once per way of connecting (the initialize handshake, and the SDK's
default, which settles on 2026-07-28), declaring the MCP Apps extension as
an App host does, and checks what it gets: the App extension, the tools and
their `_meta` (the view's token among it), the view resource, then a
decision submitted (one option with a diff, one with a preview, which the
view must show), answered the way the view answers it (its app-only
tools, with the form the view gets from aide and the token it was handed;
without the token they refuse), read back with decide_result and as a
resource; then one withdrawn with decide_cancel, and one asked with the
blocking decide and answered through the view while it waits. The SDK validates each result against the protocol and each
structured result against the tool's output schema. One line per check on
stdout; the first failure ends the run with exit code 1, and aide's stderr
is kept in LOGDIR.
"""

import json
import re
import sys
from html.parser import HTMLParser
from urllib.parse import urlencode

import anyio
from checks import each_mode, need, passed, structured, withdraw
from mcp import Client, StdioServerParameters
from mcp.client.extension import advertise
from mcp.client.stdio import stdio_client

URI = "ui://aide/decide.html"
MIME = "text/html;profile=mcp-app"
EXTENSION = "io.modelcontextprotocol/ui"
WITH_APP = ["decide", "decide_submit"]
APP_ONLY = ["decide_view", "decide_view_items", "decide_view_draft", "decide_view_answer"]
MODES = ["legacy", "auto"]
# Where aide hands its view the token every app-only call must carry.
TOKEN_META = "aide/viewToken"
TOKEN_ARG = "view_token"

# An option's change, as `git diff` prints it (issue 57): the view shows it.
DIFF = """diff --git a/src/auth.rs b/src/auth.rs
--- a/src/auth.rs
+++ b/src/auth.rs
@@ -1,3 +1,3 @@
 fn login() {
-    let ttl = hours(8);
+    let ttl = hours(1);
 }
"""

INPUT = {
    "task": "Python SDK check",
    "source": "chat",
    "items": [
        {
            "id": 1,
            "title": "How long does a login last?",
            "options": [
                {"value": "1h", "label": "1 hour", "diff": DIFF},
                {"value": "8h", "label": "8 hours", "preview": "Sessions last **a working day**"},
            ],
            "recommend": "8h",
        },
        {
            "id": 2,
            "title": "Which password hash?",
            "options": [{"value": "argon2", "label": "Argon2id"}, {"value": "bcrypt", "label": "bcrypt"}],
        },
    ],
}
# What the person picks in the view: item id -> option position, and a note.
PICKS = {1: 1, 2: 0}
NOTE = (2, "memory-hard")
EXPECTED = [
    {"id": 1, "chosen": "8h"},
    {"id": 2, "chosen": "argon2", "note": "memory-hard"},
]


class Controls(HTMLParser):
    """The form controls and outside references of an HTML document."""

    def __init__(self):
        super().__init__()
        self.hidden = []  # (name, value)
        self.radios = {}  # name -> [value, ...]
        self.notes = []
        self.outside = []  # src/href that leave the document

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for key in ("src", "href"):
            ref = a.get(key) or ""
            if ref and not ref.startswith(("#", "data:")):
                self.outside.append(f"<{tag} {key}={ref}>")
        if tag == "input" and a.get("type") == "hidden":
            self.hidden.append((a.get("name"), a.get("value") or ""))
        elif tag == "input" and a.get("type") == "radio":
            self.radios.setdefault(a.get("name"), []).append(a.get("value"))
        elif tag == "textarea":
            self.notes.append(a.get("name"))


def controls(html):
    parser = Controls()
    parser.feed(html)
    parser.close()
    return parser


async def initialize(client, _session):
    info = client.server_info
    ui = (client.server_capabilities.extensions or {}).get(EXTENSION)
    need(info is not None and info.name == "aide", f"server_info {info}")
    need(ui is not None and MIME in ui.get("mimeTypes", []), f"extensions {client.server_capabilities.extensions}")
    return f"{info.name} {info.version}, {EXTENSION} ({MIME})"


async def tools_list(client, session):
    tools = {tool.name: tool for tool in (await client.list_tools()).tools}
    for name in WITH_APP + APP_ONLY + ["decide_result", "decide_cancel", "decide_search"]:
        need(name in tools, f"{name} not listed (listed: {sorted(tools)})")
    for name in WITH_APP:
        meta = tools[name].meta or {}
        need(meta.get("ui", {}).get("resourceUri") == URI, f"{name}: _meta.ui {meta}")
        need(meta.get("ui/resourceUri") == URI, f"{name}: flat _meta['ui/resourceUri'] {meta}")
        need("visibility" not in meta.get("ui", {}), f"{name} is hidden from the model: {meta}")
    for name in APP_ONLY:
        meta = tools[name].meta or {}
        need(meta.get("ui", {}).get("visibility") == ["app"], f"{name} is not app-only: {meta}")
        need(TOKEN_ARG in (tools[name].input_schema.get("required") or []), f"{name} does not ask for {TOKEN_ARG}")
    token = (tools["decide_submit"].meta or {}).get(TOKEN_META)
    need(isinstance(token, str) and token, f"no {TOKEN_META} in decide_submit's _meta")
    session["token"] = token
    return f"{len(tools)} tools; App on {', '.join(WITH_APP)}; app-only {', '.join(APP_ONLY)}; the view's token"


async def resources_read(client, _session):
    listed = [r for r in (await client.list_resources()).resources if r.uri == URI]
    need(len(listed) == 1, f"{URI} not in resources/list")
    contents = (await client.read_resource(URI)).contents
    need(len(contents) == 1, f"resources/read gave {len(contents)} contents")
    view = contents[0]
    need(view.mime_type == MIME == listed[0].mime_type, f"mime types {view.mime_type}, {listed[0].mime_type}")
    html = getattr(view, "text", None)
    need(isinstance(html, str), "the view is not text")
    size = len(html.encode())
    need(size < 1024 * 1024, f"the view has {size} bytes")
    need(listed[0].size in (None, size), f"resources/list says {listed[0].size} bytes, read {size}")
    need(html.lstrip().lower().startswith("<!doctype html>"), f"not an HTML document: {html[:40]!r}")
    need(html.rstrip().lower().endswith("</html>"), f"the document does not end: {html[-40:]!r}")
    need("connect-src 'none'" in html, "no connect-src 'none' in the document's CSP")
    outside = controls(html).outside
    need(not outside, f"the view reaches outside itself: {outside[:3]}")
    return f"{URI} {view.mime_type}, {size} bytes, self-contained"


async def decide_submit(client, session):
    result = await client.call_tool("decide_submit", INPUT)
    meta = getattr(result, "meta", None) or {}
    need(meta.get(TOKEN_META) == session["token"], f"decide_submit's _meta: {meta}")
    submitted = structured(result, "decide_submit")
    session["id"] = submitted.get("session_id")
    need(submitted.get("status") == "pending" and session["id"], f"decide_submit: {submitted}")
    need(submitted.get("total") == len(INPUT["items"]), f"decide_submit: {submitted}")
    return f"pending {session['id']}, {submitted['total']} items, its page started"


async def view_answers(client, session):
    """What the view does: shows the form, fetches the items after it, saves
    a draft while the person works, then sends the answers."""
    sid = session["id"]
    token = {TOKEN_ARG: session["token"]}
    refused = await client.call_tool("decide_view", {"session_id": sid, "lang": "en"})
    need(refused.is_error, f"decide_view without the view's token answered: {refused.structured_content}")
    shown = structured(await client.call_tool("decide_view", {"session_id": sid, "lang": "en", **token}), "decide_view")
    need(shown.get("session_id") == sid, f"decide_view shows {shown.get('session_id')}")
    form = controls(shown.get("html", ""))
    need(("session", sid) in form.hidden, f"the form's hidden fields: {form.hidden}")
    html = shown.get("html", "")
    text = re.sub(r"<[^>]+>", "", html)
    need('class="attached-option"' in html and "let ttl = hours(1);" in text, "the view does not show the option's diff")
    need("<strong>a working day</strong>" in html, "the view does not show the option's preview")
    for item in INPUT["items"]:
        name = f"item-{item['id']}"
        positions = [str(p) for p in range(len(item["options"]))]
        need(form.radios.get(name) == positions, f"{name}: choices {form.radios.get(name)}")
        need(f"note-{item['id']}" in form.notes, f"no note-{item['id']} in the form")
    more = structured(
        await client.call_tool("decide_view_items", {"session_id": sid, "from": len(form.radios), **token}),
        "decide_view_items",
    )
    need(more.get("html") == "", f"decide_view_items after the last item: {more.get('html', '')[:80]!r}")

    # The fields as the view's FormData sends them: the hidden ones, the
    # checked choices, and the notes.
    fields = list(form.hidden)
    fields += [(f"item-{i}", str(p)) for i, p in PICKS.items()]
    fields += [(f"note-{i}", NOTE[1] if i == NOTE[0] else "") for i in PICKS]
    first_only = [(k, v) for k, v in fields if not k.startswith("item-") or k == "item-1"]
    draft = structured(
        await client.call_tool(
            "decide_view_draft", {"session_id": sid, "form": urlencode(first_only), "lang": "en", **token}
        ),
        "decide_view_draft",
    )
    need(draft.get("status") == "pending" and draft.get("answered") == 1, f"decide_view_draft: {draft}")
    answered = structured(
        await client.call_tool(
            "decide_view_answer", {"session_id": sid, "form": urlencode(fields), "lang": "en", **token}
        ),
        "decide_view_answer",
    )
    need(answered.get("status") == "decided", f"decide_view_answer: {answered}")
    need(answered.get("decisions") == EXPECTED, f"decide_view_answer gave {answered.get('decisions')}, not {EXPECTED}")
    return f"refused without the token; form of {len(form.radios)} items, draft 1/{draft.get('total')}, answered in the view"


async def decide_result(client, session):
    sid = session["id"]
    result = structured(
        await client.call_tool("decide_result", {"session_id": sid, "wait_seconds": 0}), "decide_result"
    )
    need(result.get("status") == "decided", f"decide_result: {result}")
    need(result.get("session_id") == sid, f"decide_result names {result.get('session_id')}, not {sid}")
    need(result.get("decisions") == EXPECTED, f"decide_result gave {result.get('decisions')}, not {EXPECTED}")
    session["id"] = None
    session["last"] = sid
    return f"decided {sid}, the view's {len(EXPECTED)} answers"


async def records(client, session):
    """The session just read back is a resource, and reads as its record."""
    sid = session["last"]
    uri = f"aide://session/{sid}"
    listed = [r for r in (await client.list_resources()).resources if r.uri == uri]
    need(len(listed) == 1, f"{uri} not in resources/list")
    need(listed[0].mime_type == "application/json", f"{uri}: {listed[0].mime_type}")
    contents = (await client.read_resource(uri)).contents
    record = json.loads(getattr(contents[0], "text", "null"))
    need(record["output"]["decisions"] == EXPECTED, f"{uri} holds {record.get('output')}")
    return f"{uri}, its record"


async def decide_search(client, session):
    """The answers just recorded are found by the words of their question."""
    sid = session["last"]
    found = structured(await client.call_tool("decide_search", {"query": "password hash"}), "decide_search")
    hits = found.get("hits") or []
    need(hits and hits[0].get("session_id") == sid, f"decide_search: {found}")
    need(hits[0].get("title") == INPUT["items"][1]["title"], f"decide_search's best hit: {hits[0]}")
    return f"{len(hits)} hit(s), the best {sid} item {hits[0].get('item')}"


async def decide_cancel(client, session):
    """A second question withdrawn: its result says so, with the reason."""
    submitted = structured(await client.call_tool("decide_submit", INPUT), "decide_submit")
    sid = session["id"] = submitted.get("session_id")
    withdrawn = structured(
        await client.call_tool("decide_cancel", {"session_id": sid, "reason": "moot"}), "decide_cancel"
    )
    need(withdrawn.get("status") == "withdrawn" and withdrawn.get("session_id") == sid, f"decide_cancel: {withdrawn}")
    session["id"] = None
    after = structured(await client.call_tool("decide_result", {"session_id": sid}), "decide_result")
    need(after.get("status") == "withdrawn" and after.get("reason") == "moot", f"decide_result after cancel: {after}")
    return f"withdrawn {sid}, and decide_result says so"


async def decide(client, session):
    """The blocking `decide`, answered through the view while it waits."""
    outcome = {}

    async def wait_for_answers():
        outcome["result"] = await client.call_tool("decide", INPUT)

    token = {TOKEN_ARG: session["token"]}
    async with anyio.create_task_group() as group:
        group.start_soon(wait_for_answers)
        # The view finds the call's session by its task while it still runs.
        shown = {}
        with anyio.fail_after(20):
            while not shown.get("session_id"):
                await anyio.sleep(0.1)
                result = await client.call_tool("decide_view", {"task": INPUT["task"], "lang": "en", **token})
                shown = result.structured_content or {}
        sid = session["id"] = shown["session_id"]
        fields = {"session": sid, "item-1": str(PICKS[1]), "item-2": str(PICKS[2]), f"note-{NOTE[0]}": NOTE[1]}
        answered = structured(
            await client.call_tool(
                "decide_view_answer", {"session_id": sid, "form": urlencode(fields), "lang": "en", **token}
            ),
            "decide_view_answer",
        )
        need(answered.get("status") == "decided", f"decide_view_answer: {answered}")
    result = structured(outcome["result"], "decide")
    need(result.get("status") == "decided" and result.get("session_id") == sid, f"decide: {result}")
    need(result.get("decisions") == EXPECTED, f"decide gave {result.get('decisions')}, not {EXPECTED}")
    session["id"] = None
    return f"decided {sid} while it waited, the view's answers"


CHECKS = [
    ("initialize", initialize),
    ("tools/list", tools_list),
    ("resources/read", resources_read),
    ("decide_submit", decide_submit),
    ("decide_view*", view_answers),
    ("decide_result", decide_result),
    ("resources (records)", records),
    ("decide_search", decide_search),
    ("decide_cancel", decide_cancel),
    ("decide", decide),
]


async def run(mode, aide, project, log):
    """Every check in order on one connection made in `mode`."""
    server = StdioServerParameters(command=aide, args=["mcp"], cwd=project, env={"AIDE_LANG": "en"})
    # The session submitted and not yet read back, the last one read back,
    # and the view's token.
    session = {"id": None, "last": None, "token": None}
    app_host = [advertise(EXTENSION, {"mimeTypes": [MIME]})]
    with open(log, "w") as errlog:
        transport = stdio_client(server, errlog=errlog)
        async with Client(transport, mode=mode, read_timeout_seconds=30, extensions=app_host) as client:
            try:
                for name, check in CHECKS:
                    passed("sdk", name, client, await check(client, session))
            finally:
                await withdraw(client, session["id"], "sdk_check failed")


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__.splitlines()[2])
    sys.exit(anyio.run(each_mode, "sdk", MODES, run, *sys.argv[1:]))
