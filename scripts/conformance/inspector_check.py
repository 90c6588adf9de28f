"""MCP Inspector's CLI against `aide mcp` on stdio.

Usage: python3 inspector_check.py NODE INSPECTOR AIDE PROJECT LOGDIR

Runs `inspector --cli AIDE mcp --method tools/list --app-info
--advertise-apps` in PROJECT (made by `aide init`), as a client that draws
MCP Apps, and checks what it reports per tool: an App (the view's URI, its
media type, no network) on decide and decide_submit, the four decide_view*
tools app-only, no App on decide_result and decide_cancel. The same without
`--advertise-apps` must list no app-only tool (aide lists them only to Apps
clients). Then `--method tools/list --strict --advertise-apps`, which exits 6
on a tool schema that is an error for some client; aide's schemas must draw
no error and no warning (what it printed is kept in LOGDIR). One line per check on stdout; exit code 1 on the
first failure.
"""

import json
import re
import subprocess
import sys
from pathlib import Path

from checks import Failed, need

URI = "ui://aide/decide.html"
MIME = "text/html;profile=mcp-app"
WITH_APP = ["decide", "decide_submit"]
APP_ONLY = ["decide_view", "decide_view_items", "decide_view_draft", "decide_view_answer"]
NO_APP = ["decide_result", "decide_cancel"]


def inspector(node, launcher, aide, project, *args):
    command = [node, launcher, "--cli", "-e", "AIDE_LANG=en", aide, "mcp", "--method", "tools/list", *args]
    return subprocess.run(
        command, cwd=project, capture_output=True, text=True, timeout=60
    )


def reported(node, launcher, aide, project, *args):
    """What `--app-info` reports, by tool name."""
    run = inspector(node, launcher, aide, project, "--app-info", *args)
    need(run.returncode == 0, f"exit code {run.returncode}: {run.stderr.strip()[-500:]}")
    tools = {}
    for line in run.stdout.splitlines():
        if line.strip():
            tool = json.loads(line)
            tools[tool["toolName"]] = tool
    return tools


def app_info(node, launcher, aide, project, _logdir):
    tools = reported(node, launcher, aide, project, "--advertise-apps")
    for name in WITH_APP + APP_ONLY + NO_APP:
        need(name in tools, f"{name} not reported (reported: {sorted(tools)})")
    for name in WITH_APP + APP_ONLY:
        tool = tools[name]
        need(tool.get("hasApp") is True, f"{name} has no App: {tool}")
        need(tool.get("resourceUri") == URI, f"{name}: resourceUri {tool.get('resourceUri')}")
        need(tool.get("resourceMimeType") == MIME, f"{name}: resourceMimeType {tool.get('resourceMimeType')}")
        csp = tool.get("csp") or {}
        need(csp.get("connectDomains") == [] and csp.get("resourceDomains") == [], f"{name}: csp {csp}")
    for name in WITH_APP:
        need("visibility" not in tools[name], f"{name} is hidden from the model: {tools[name]}")
    for name in APP_ONLY:
        need(tools[name].get("visibility") == ["app"], f"{name} is not app-only: {tools[name]}")
    for name in NO_APP:
        need(tools[name].get("hasApp") is False, f"{name} has an App: {tools[name]}")
    return f"{len(tools)} tools; App {URI} on {', '.join(WITH_APP)}; app-only {', '.join(APP_ONLY)}"


def plain(node, launcher, aide, project, _logdir):
    tools = reported(node, launcher, aide, project)
    for name in WITH_APP + NO_APP:
        need(name in tools, f"{name} not reported (reported: {sorted(tools)})")
    listed = [name for name in APP_ONLY if name in tools]
    need(not listed, f"app-only tools listed to a client without Apps: {listed}")
    return f"{len(tools)} tools, no app-only one"


def strict(node, launcher, aide, project, logdir):
    run = inspector(node, launcher, aide, project, "--strict", "--advertise-apps")
    log = Path(logdir) / "inspector-strict.stderr"
    log.write_text(run.stderr)
    count = re.findall(r"^\d+ errors?, \d+ warnings?.*$", run.stderr, re.MULTILINE)
    need(run.returncode == 0, f"exit code {run.returncode}: {count or run.stderr.strip()[-500:]}")
    # The Inspector prints a count only when it found something; every
    # schema of aide's is clean (one type per branch, standard formats).
    need(not count, f"tool schemas: {count[-1].rstrip('.') if count else ''} (listed in {log})")
    need("warning" not in run.stderr.lower(), f"schema warnings (listed in {log})")
    return "tool schemas: 0 errors, 0 warnings"


def main(node, launcher, aide, project, logdir):
    checks = [
        ("inspector --app-info", app_info),
        ("inspector without Apps", plain),
        ("inspector --strict", strict),
    ]
    for name, check in checks:
        try:
            detail = check(node, launcher, aide, project, logdir)
        except (Failed, json.JSONDecodeError, subprocess.TimeoutExpired) as error:
            print(f"{name:<26} {'FAILED':<6} {error}", flush=True)
            return 1
        print(f"{name:<26} {'ok':<6} {detail}", flush=True)
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 6:
        sys.exit(__doc__.splitlines()[2])
    sys.exit(main(*sys.argv[1:]))
