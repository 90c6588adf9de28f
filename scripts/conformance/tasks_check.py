"""`decide` as an MCP task, driven by the official MCP Python SDK (issue 58).

Usage: python3 tasks_check.py AIDE PROJECT LOGDIR

The SDK (`mcp` on PyPI) has no Tasks client of its own, so this is one, in
the SDK's own terms: a `ClientExtension` that advertises
`io.modelcontextprotocol/tasks` and claims the `resultType: "task"` answer,
whose resolver polls `tasks/get` (sent through the SDK's session) until the
task ends and returns its result, as `decide` would have. Against `AIDE mcp`
on stdio in PROJECT (made by `aide init`), once per way of connecting:

- 2026-07-28 (the SDK's default): a task answered on the page; a task
  cancelled with `tasks/cancel` (the question withdrawn); a reversible item
  the person puts aside with "Decide later", which the task then gives
  provisionally, answered otherwise afterwards (`was_provisional`,
  `differs`); a deferred item (not reversible), answered afterwards.
- 2025-11-25 (the initialize handshake): the SDK advertises no extension
  whose results it cannot take there (claims are for 2026-07-28 only), so
  aide answers `decide` as it always did, holding the call until the
  person answers: checked so.

The person is played through the page's own HTTP API, as aide's tests do.
One line per check on stdout; the first failure ends the run with exit
code 1, and aide's stderr is kept in LOGDIR. A few seconds in all.
"""

import http.client
import json
import re
import sys
from typing import Any, Literal
from urllib.parse import urlencode, urlsplit

import anyio
from checks import Failed, each_mode, need, passed, structured, withdraw
from mcp import Client, StdioServerParameters
from mcp.client.extension import ClaimContext, ClientExtension, ResultClaim
from mcp.client.stdio import stdio_client
from mcp_types import (
    CallToolResult,
    CancelTaskRequest,
    CancelTaskRequestParams,
    GetTaskRequest,
    GetTaskRequestParams,
    Result,
)
from pydantic import ConfigDict, TypeAdapter

TASKS = "io.modelcontextprotocol/tasks"
ENDED = ("completed", "failed", "cancelled")
OPTIONS = [{"value": "1h", "label": "1 hour"}, {"value": "8h", "label": "8 hours"}]
HASHES = [{"value": "argon2", "label": "Argon2id"}, {"value": "bcrypt", "label": "bcrypt"}]


def question(task):
    """Item 1 reversible with a recommendation; item 2 neither."""
    return {
        "task": task,
        "source": "chat",
        "items": [
            {"id": 1, "title": "How long does a login last?", "options": OPTIONS, "recommend": "8h", "reversible": True},
            {"id": 2, "title": "Which key derivation function?", "options": HASHES},
        ],
    }


ANSWERS = [{"id": 1, "chosen": "1h"}, {"id": 2, "chosen": "argon2"}]
# Item 1 says `reversible`, so each answer says who gave it.
BY_PERSON = [dict(a, by="person") for a in ANSWERS]


class TaskCreated(Result):
    """The answer to a call that became a task (the extension's `CreateTaskResult`)."""

    model_config = ConfigDict(extra="allow")
    result_type: Literal["task"]
    task_id: str
    status: str
    ttl_ms: int | None = None
    poll_interval_ms: int | None = None


class Tasks(ClientExtension):
    """The Tasks extension as a client of it: advertised, its `task` answer
    claimed and finished by polling `tasks/get`. Every status a task showed
    is kept, for the checks to read (`statuses`)."""

    identifier = TASKS

    def __init__(self):
        self.statuses: dict[str, list[dict[str, Any]]] = {}

    def claims(self):
        return [ResultClaim(result_type="task", model=TaskCreated, resolve=self.resolve)]

    async def get(self, session, task_id):
        request = GetTaskRequest(params=GetTaskRequestParams(task_id=task_id))
        raw = await session.send_request(request, TypeAdapter(dict))
        self.statuses.setdefault(task_id, []).append(raw)
        return raw

    async def cancel(self, session, task_id):
        request = CancelTaskRequest(params=CancelTaskRequestParams(task_id=task_id))
        await session.send_request(request, TypeAdapter(dict))

    async def follow(self, session, created: TaskCreated):
        """`tasks/get` at the task's own pace until it ends."""
        self.statuses.setdefault(created.task_id, [])
        pace = (created.poll_interval_ms or 1000) / 1000
        while True:
            task = await self.get(session, created.task_id)
            if task.get("status") in ENDED:
                return task
            await anyio.sleep(pace)

    async def resolve(self, created: TaskCreated, ctx: ClaimContext) -> CallToolResult:
        task = await self.follow(ctx.session, created)
        need(task["status"] == "completed", f"the task ended {task['status']}: {task}")
        return CallToolResult.model_validate(task["result"])


def page_of(status):
    """The page a status message names ("… at http://…/?key=K"), and its session."""
    first = status.splitlines()[0]
    url = urlsplit(first.rsplit(" ", 1)[-1])
    key = dict(p.split("=", 1) for p in url.query.split("&")).get("key")
    html = http_call(url.netloc, "GET", f"/?key={key}", {}, "")[1]
    session = re.search(r"\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}(?:-\d+)?", html)
    need(session, f"no session on the page {url.geturl()}")
    return {"host": url.netloc, "key": key, "session": session.group(0)}


def http_call(host, method, path, headers, body):
    conn = http.client.HTTPConnection(host, timeout=10)
    try:
        conn.request(method, path, body=body.encode(), headers=headers)
        response = conn.getresponse()
        return response.status, response.read().decode()
    finally:
        conn.close()


def answer(page, decisions):
    """The person submits on the page (its JSON API, as the page's script does)."""
    headers = {"Content-Type": "application/json", "X-Aide-Session": page["session"], "X-Aide-Key": page["key"]}
    status, body = http_call(page["host"], "POST", "/api/decisions", headers, json.dumps({"decisions": decisions}))
    need(status == 200, f"the page refused the answers: {status} {body}")


def decide_later(page, item, marked=()):
    """The person presses "Decide later" on `item` (the page's form, as without JavaScript;
    the items already marked keep their hidden field)."""
    fields = [("session", page["session"])] + [(f"later-{i}", "1") for i in marked] + [("later", str(item))]
    headers = {"Content-Type": "application/x-www-form-urlencoded", "X-Aide-Key": page["key"]}
    status, body = http_call(page["host"], "POST", "/submit", headers, urlencode(fields))
    need(status == 303, f'"Decide later" on item {item}: {status} {body[:200]}')


async def started(client, tasks, name):
    """`decide` as a task (the claimed answer itself), and its page once the status names it."""
    created = await client.session.call_tool("decide", question(name), allow_claimed=True)
    need(isinstance(created, TaskCreated), f"decide answered {type(created).__name__}, not a task: {created}")
    need(created.status == "working" and created.ttl_ms is None, f"the task: {created}")
    with anyio.fail_after(20):
        while True:
            task = await tasks.get(client.session, created.task_id)
            said = task.get("statusMessage") or ""
            if "http://" in said:
                return created, task, page_of(said)
            await anyio.sleep(0.1)


async def until(client, tasks, task_id, holds, what):
    with anyio.fail_after(20):
        while True:
            task = await tasks.get(client.session, task_id)
            if holds(task):
                return task
            await anyio.sleep(0.1)
    raise Failed(what)


async def answered_on_the_page(client, tasks, session):
    """`decide` through the extension: the call comes back when the task ends."""
    outcome = {}

    async def call():
        outcome["result"] = await client.call_tool("decide", question("Tasks check: answered"))

    async with anyio.create_task_group() as group:
        group.start_soon(call)
        with anyio.fail_after(20):
            while not any("http://" in (s.get("statusMessage") or "") for ss in tasks.statuses.values() for s in ss):
                await anyio.sleep(0.05)
        (task_id, seen), = tasks.statuses.items()
        said = next(s["statusMessage"] for s in seen if "http://" in (s.get("statusMessage") or ""))
        need(said.startswith("Waiting for the person: 0/2 answered, at http://"), f"status: {said}")
        page = page_of(said)
        session["open"] = page["session"]
        answer(page, ANSWERS)
    result = structured(outcome["result"], "decide (task)")
    need(result.get("status") == "decided" and result.get("decisions") == BY_PERSON, f"the task's result: {result}")
    need(result.get("was_provisional") == [], f"the task's result: {result}")
    need(tasks.statuses[task_id][-1]["status"] == "completed", f"last seen: {tasks.statuses[task_id][-1]}")
    session["open"] = None
    return f"task {task_id[:8]}… working ({len(tasks.statuses[task_id])} polls), completed with the page's answers"


async def cancelled(client, tasks, session):
    created, _, page = await started(client, tasks, "Tasks check: cancelled")
    session["open"] = page["session"]
    await tasks.cancel(client.session, created.task_id)
    await until(client, tasks, created.task_id, lambda t: t["status"] == "cancelled", "never cancelled")
    session["open"] = None
    after = structured(
        await client.call_tool("decide_result", {"session_id": page["session"], "wait_seconds": 0}), "decide_result"
    )
    need(after.get("status") == "withdrawn", f"decide_result after tasks/cancel: {after}")
    return f"tasks/cancel: the task ended cancelled, decide_result says {page['session']} withdrawn"


async def provisional(client, tasks, session):
    """The person puts the reversible item aside: the task gives its recommendation
    provisionally; the person then answers otherwise, and the result says so."""
    created, _, page = await started(client, tasks, "Tasks check: provisional")
    session["open"] = page["session"]
    decide_later(page, 1)
    task = await until(
        client, tasks, created.task_id, lambda t: '"provisional":true' in (t.get("statusMessage") or ""), "never provisional"
    )
    taken = json.loads(task["statusMessage"].splitlines()[-1])
    need(taken["decisions"][0]["chosen"] == "8h" and taken["waiting"] == [2], f"provisionally: {taken}")
    meanwhile = structured(
        await client.call_tool("decide_result", {"session_id": page["session"], "wait_seconds": 0}), "decide_result"
    )
    need(meanwhile.get("status") == "provisional", f"decide_result meanwhile: {meanwhile}")
    answer(page, ANSWERS)
    task = await until(client, tasks, created.task_id, lambda t: t["status"] in ENDED, "never ended")
    result = task["result"]["structuredContent"]
    need(result.get("decisions") == BY_PERSON, f"the task's result: {result}")
    need(result.get("was_provisional") == [1] and result.get("differs") == [1], f"the task's result: {result}")
    session["open"] = None
    return 'item 1 "8h" provisionally, then the person\'s "1h": was_provisional [1], differs [1]'


async def deferred(client, tasks, session):
    """The person puts aside an item that is not reversible: the task says it is
    deferred, with no answer; once answered, it is listed as was_provisional."""
    created, _, page = await started(client, tasks, "Tasks check: deferred")
    session["open"] = page["session"]
    decide_later(page, 2)
    task = await until(
        client, tasks, created.task_id, lambda t: '"deferred":true' in (t.get("statusMessage") or ""), "never deferred"
    )
    taken = json.loads(task["statusMessage"].splitlines()[-1])
    need(taken["decisions"][0].get("id") == 2 and "chosen" not in taken["decisions"][0], f"deferred: {taken}")
    answer(page, ANSWERS)
    task = await until(client, tasks, created.task_id, lambda t: t["status"] in ENDED, "never ended")
    result = task["result"]["structuredContent"]
    need(result.get("decisions") == BY_PERSON, f"the task's result: {result}")
    need(result.get("was_provisional") == [2] and result.get("differs") == [], f"the task's result: {result}")
    session["open"] = None
    return "item 2 deferred (no answer), then answered: was_provisional [2], differs []"


async def no_task_on_a_handshake(client, tasks, session):
    """2025-11-25: no extension advertised, so `decide` holds the call as always."""
    outcome = {}

    async def call():
        outcome["result"] = await client.call_tool("decide", question("Tasks check: handshake"))

    async with anyio.create_task_group() as group:
        group.start_soon(call)
        with anyio.fail_after(20):
            while True:
                await anyio.sleep(0.1)
                status = await client.call_tool("decide_result", {"wait_seconds": 0})
                content = status.structured_content or {}
                if content.get("url"):
                    break
        page = page_of(f"at {content['url']}")
        session["open"] = page["session"]
        answer(page, ANSWERS)
    result = structured(outcome["result"], "decide")
    need(result.get("status") == "decided" and result.get("decisions") == BY_PERSON, f"decide: {result}")
    need(not tasks.statuses, f"tasks were polled: {tasks.statuses}")
    session["open"] = None
    return "no task: decide held the call and returned the page's answers"


CHECKS = {
    "auto": [
        ("task answered", answered_on_the_page),
        ("task cancelled", cancelled),
        ("provisional, then", provisional),
        ("deferred, then", deferred),
    ],
    "legacy": [("decide, no task", no_task_on_a_handshake)],
}


async def run(mode, aide, project, log):
    server = StdioServerParameters(command=aide, args=["mcp"], cwd=project, env={"AIDE_LANG": "en"})
    tasks = Tasks()
    session = {"open": None}
    with open(log, "w") as errlog:
        async with Client(stdio_client(server, errlog=errlog), mode=mode, read_timeout_seconds=30, extensions=[tasks]) as client:
            extensions = client.server_capabilities.extensions or {}
            need(TASKS in extensions, f"aide does not declare {TASKS}: {extensions}")
            await client.list_tools()
            try:
                for name, check in CHECKS[mode]:
                    tasks.statuses.clear()
                    passed("tasks", name, client, await check(client, tasks, session))
            finally:
                await withdraw(client, session["open"], "tasks_check failed")


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__.splitlines()[2])
    sys.exit(anyio.run(each_mode, "tasks", list(CHECKS), run, *sys.argv[1:]))
