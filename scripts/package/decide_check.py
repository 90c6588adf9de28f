"""One decision answered end to end through an installed aide.

Usage: decide_check.py CHANNEL VERSION PROJECT ANSWER -- COMMAND...

CHANNEL names the install in the output; VERSION is the version aide must
report; PROJECT is a folder made by `aide init`; ANSWER is how the person
answers the page: `http` posts the page's own form as a browser without
JavaScript does (GET the address with its key, then POST /submit with the
cookie), `chromium:NODE:SCRIPT` has Chromium click through the hydrated
page (SCRIPT is answer_in_chromium.mjs). COMMAND starts the MCP server as
the client of this install would (e.g. `/venv/bin/aide mcp`, or
`npx aide-decide mcp`).

The official MCP Python SDK starts COMMAND on stdio in PROJECT, checks the
server's name and version, submits a decision with decide_submit, has the
page answered, and reads the answers back with decide_result. One line on
stdout; exit 1 on any failure, with aide's stderr kept beside PROJECT.
"""

import json
import subprocess
import sys
from html.parser import HTMLParser
from http.cookiejar import CookieJar
from pathlib import Path
from urllib.parse import urlencode, urljoin, urlsplit
from urllib.request import HTTPCookieProcessor, Request, build_opener

import anyio
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

# The question, the person's picks and the answers they give: the Python
# SDK check's, so both checks ask and expect the same.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "conformance"))
from checks import failure, need, structured  # noqa: E402
from sdk_check import EXPECTED, NOTE, PICKS  # noqa: E402
from sdk_check import INPUT as SDK_INPUT  # noqa: E402

INPUT = {**SDK_INPUT, "task": "Install check"}


class Form(HTMLParser):
    """The first form of a page: its action and hidden fields."""

    def __init__(self):
        super().__init__()
        self.action = None
        self.hidden = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and self.action is None:
            self.action = a.get("action")
        elif tag == "input" and a.get("type") == "hidden":
            self.hidden.append((a.get("name"), a.get("value") or ""))


def answer_by_http(url):
    """The page's form, posted as a browser without JavaScript posts it."""
    opener = build_opener(HTTPCookieProcessor(CookieJar()))
    with opener.open(url, timeout=20) as page:
        form = Form()
        form.feed(page.read().decode())
    need(form.action, f"no form on {url}")
    fields = list(form.hidden)
    fields += [(f"item-{i}", str(p)) for i, p in PICKS.items()]
    fields += [(f"note-{i}", NOTE[1] if i == NOTE[0] else "") for i in PICKS]
    target = urljoin(url, form.action)
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(target))
    request = Request(target, data=urlencode(fields).encode(), headers={"Origin": origin})
    with opener.open(request, timeout=20) as done:
        text = done.read().decode()
    need('data-outcome="decided"' in text, f"POST {form.action} did not end the session: {text[-300:]!r}")
    return "the page's form posted"


def answer_in_chromium(url, node, script):
    picks = json.dumps({"picks": PICKS, "note": NOTE})
    run = subprocess.run([node, script, url, picks], capture_output=True, text=True, timeout=120)
    need(run.returncode == 0, f"Chromium could not answer the page: {run.stderr.strip()[-600:]}")
    return "answered in Chromium"


async def check(channel, version, project, answer, command, log):
    server = StdioServerParameters(command=command[0], args=command[1:], cwd=project, env={"AIDE_LANG": "en", "CI": "true"})
    with open(log, "w") as errlog:
        async with Client(stdio_client(server, errlog=errlog), read_timeout_seconds=60) as client:
            info = client.server_info
            need(info is not None and info.name == "aide", f"server_info {info}")
            need(info.version == version, f"aide {info.version} answered, not {version}")
            submitted = structured(await client.call_tool("decide_submit", INPUT), "decide_submit")
            sid, url = submitted.get("session_id"), submitted.get("url")
            need(submitted.get("status") == "pending" and sid and url, f"decide_submit: {submitted}")
            try:
                if answer == "http":
                    how = await anyio.to_thread.run_sync(answer_by_http, url)
                else:
                    _, node, script = answer.split(":", 2)
                    how = await anyio.to_thread.run_sync(answer_in_chromium, url, node, script)
                result = structured(
                    await client.call_tool("decide_result", {"session_id": sid, "wait_seconds": 30}), "decide_result"
                )
            except BaseException:
                # A failed check leaves no page server behind.
                with anyio.move_on_after(10, shield=True):
                    await client.call_tool("decide_cancel", {"session_id": sid, "reason": "decide_check failed"})
                raise
            need(result.get("status") == "decided", f"decide_result: {result}")
            need(result.get("decisions") == EXPECTED, f"decide_result gave {result.get('decisions')}, not {EXPECTED}")
    return f"aide {info.version}: submitted {sid}, {how}, {len(EXPECTED)} answers back"


def main(argv):
    if len(argv) < 7 or argv[5] != "--":
        sys.exit(__doc__.splitlines()[2])
    channel, version, project, answer, command = argv[1], argv[2], argv[3], argv[4], argv[6:]
    log = Path(f"{project}.stderr")

    async def within_time():
        with anyio.fail_after(180):
            return await check(channel, version, project, answer, command, log)

    try:
        detail = anyio.run(within_time)
    except Exception as error:  # noqa: BLE001 - every failure is reported the same way
        print(f"{channel:<16} FAILED {failure(error)} (aide's stderr: {log})", flush=True)
        return 1
    print(f"{channel:<16} ok     {detail}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
