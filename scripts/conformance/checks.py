"""What every MCP check of aide shares: a failed check and how it reads,
a tool's structured answer, the run of one connection per way of
connecting, and a session that a failed run must not leave waiting.

`sdk_check.py`, `tasks_check.py`, `inspector_check.py` and the install
check (`scripts/package/decide_check.py`) import it. It imports only the
standard library at its top, so the Inspector's check (run by a Python
without the SDK) can use it too.
"""

from contextlib import suppress
from pathlib import Path


class Failed(Exception):
    """A check that did not hold; its text says what was seen."""


def need(condition, what):
    if not condition:
        raise Failed(what)


def leaves(error):
    """The exceptions inside a task group's exception group, or the error itself."""
    inner = getattr(error, "exceptions", None)
    if not inner:
        return [error]
    return [leaf for e in inner for leaf in leaves(e)]


def failure(error):
    """A failed run in one line: each check's own words, or the error's type and text."""
    return "; ".join(
        str(e) if isinstance(e, Failed) else f"{type(e).__name__}: {e!r} {getattr(e, 'error', '')}".rstrip()
        for e in leaves(error)
    )


def structured(result, tool):
    need(not result.is_error, f"{tool} answered an error: {result.content}")
    need(result.structured_content is not None, f"{tool} answered no structured content")
    return result.structured_content


def passed(prefix, name, client, detail):
    """One check's line: its name, ok, the protocol it ran under, and what it saw."""
    print(f"{prefix + ' ' + name:<26} {'ok':<6} {client.protocol_version}: {detail}", flush=True)


async def withdraw(client, session_id, why):
    """A session a failed run left waiting is withdrawn, so no page server stays behind."""
    import anyio

    if session_id is None:
        return
    with anyio.move_on_after(10, shield=True), suppress(Exception):
        await client.call_tool("decide_cancel", {"session_id": session_id, "reason": why})


async def each_mode(prefix, modes, run, aide, project, logdir):
    """`run(mode, aide, project, log)` once per way of connecting, each within
    two minutes, with aide's stderr kept in LOGDIR; the first failure ends it
    with one FAILED line and exit code 1."""
    import anyio

    for mode in modes:
        log = Path(logdir) / f"{prefix}-{mode}.stderr"
        try:
            with anyio.fail_after(120):
                await run(mode, aide, project, log)
        except Exception as error:  # noqa: BLE001 - every failure is reported the same way
            print(f"{prefix + ' (' + mode + ')':<26} {'FAILED':<6} {failure(error)} (aide's stderr: {log})", flush=True)
            return 1
    return 0
