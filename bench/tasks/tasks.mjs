// `decide` as an MCP task, driven by the official Tasks client: see run.sh.
// node tasks.mjs AIDE PROJECTS TASKS
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createTaskSessionFromClient, resultFromTaskOutcome } from '@modelcontextprotocol/ext-tasks/client';

const [aide, projectsArg, tasksArg] = process.argv.slice(2);
const PROJECTS = Number(projectsArg);
const TASKS = Number(tasksArg);
const VERSION = '2026-07-28';
const INFO = { name: 'aide-bench-tasks', version: '0' };
const now = () => performance.now();

/** One project with `aide mcp --http` serving it. */
async function serve(n) {
  const dir = mkdtempSync(join(tmpdir(), `aide-tasks-${n}-`));
  execFileSync(aide, ['init'], { cwd: dir, stdio: 'ignore' });
  // Each project's pages on ports of their own.
  writeFileSync(join(dir, '.aide', 'config.toml'), `[decide]\nport = ${20000 + n * 100}\n`);
  const child = spawn(aide, ['mcp', '--http', '127.0.0.1:0'], {
    cwd: dir,
    env: { ...process.env, AIDE_LANG: 'en', CI: 'true', BROWSER: '' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let text = '';
  const { url, auth } = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no address: ${text}`)), 20000);
    child.stderr.on('data', (chunk) => {
      text += chunk;
      const url = text.match(/Serving MCP at (http:\S+\/mcp)/)?.[1];
      const auth = text.match(/Authorization: (Bearer [0-9a-f]+)/)?.[1];
      if (url && auth) {
        clearTimeout(timer);
        resolve({ url, auth });
      }
    });
  });
  return { n, dir, child, url, auth };
}

/** How long each tools/call took on the wire (its HTTP round trip). */
const roundTrips = [];

/** Sends one JSON-RPC request as the extension's V2 framing asks (no MCP
 * session; the routing headers); the reply, JSON or an event stream. */
function rawDispatchFor(server) {
  let next = 1;
  return async (request, options) => {
    const message = { jsonrpc: '2.0', id: `raw-${next++}`, ...request };
    const params = message.params ?? {};
    const name = params.name ?? params.taskId ?? '';
    const sent = now();
    const response = await fetch(server.url, {
      method: 'POST',
      signal: options?.signal,
      // The client's own routing headers (Mcp-Name, …) win over these.
      headers: Object.fromEntries(
        Object.entries({
          authorization: server.auth,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': VERSION,
          'mcp-method': message.method,
          'mcp-name': String(name),
          ...(options?.context?.headers ?? {}),
        }).map(([k, v]) => [k.toLowerCase(), v]),
      ),
      body: JSON.stringify(message),
    });
    const body = await response.text();
    if (message.method === 'tools/call') roundTrips.push(now() - sent);
    if (process.env.DEBUG) console.error('<-', message.method, response.status, (now() - sent).toFixed(1), 'ms', body.slice(0, 120));
    const replies = (response.headers.get('content-type') ?? '').includes('event-stream')
      ? body.split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trim()).filter(Boolean).map((l) => JSON.parse(l))
      : [JSON.parse(body)];
    const reply = replies.find((r) => r.id === message.id);
    if (!reply) throw new Error(`no reply to ${message.method}: ${response.status} ${body}`);
    return reply.error ? { kind: 'error', error: reply.error } : { kind: 'result', result: reply.result };
  };
}

/** The official client on `server`, and its task session. */
async function connect(server) {
  const client = new Client(INFO, { versionNegotiation: { mode: { pin: VERSION } } });
  const transport = new StreamableHTTPClientTransport(new URL(server.url), {
    requestInit: { headers: { authorization: server.auth } },
  });
  await client.connect(transport);
  const session = createTaskSessionFromClient(client, {
    endpointId: `aide-bench-${server.n}`,
    rawDispatch: rawDispatchFor(server),
    v2RequestFraming: { protocolVersion: VERSION, clientInfo: INFO, clientCapabilities: {} },
  });
  return { client, session };
}

function question(p, t) {
  const options = [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }];
  return {
    task: `Bench task ${p}.${t}`,
    source: 'bench/tasks',
    items: [
      { id: 1, title: `First of ${p}.${t}`, options },
      { id: 2, title: `Second of ${p}.${t}`, options },
    ],
  };
}

/** Every session a page showed, withdrawn at the end if still open. */
const asked = [];

/** The page of a status message ("… at http://…/?key=K"), and its session. */
async function pageOf(status) {
  const url = new URL(status.split(' ').at(-1));
  const html = await (await fetch(url)).text();
  const session = html.match(/\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}(?:-\d+)?/)?.[0];
  if (!session) throw new Error(`no session on the page ${url}`);
  asked.push(session);
  return { origin: url.origin, key: url.searchParams.get('key'), session };
}

async function answer(page, path, method, body) {
  const response = await fetch(page.origin + path, {
    method,
    headers: { 'content-type': 'application/json', 'x-aide-session': page.session, 'x-aide-key': page.key },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
}

/** Follows one execution's updates; resolves `seen(text)` when a status
 * message contains `text`, and the outcome when it settles. */
function follow(execution) {
  const waiters = [];
  let last = '';
  const settled = (async () => {
    for await (const event of execution.updates()) {
      if (event.type === 'task') {
        last = event.task.statusMessage ?? last;
        for (const w of waiters.filter((w) => last.includes(w.text))) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(now());
        }
      } else {
        return { outcome: event.outcome, at: now() };
      }
    }
    throw new Error('updates ended without an outcome');
  })();
  const seen = (text) => (last.includes(text) ? Promise.resolve(now()) : new Promise((resolve) => waiters.push({ text, resolve })));
  return { settled, seen, first: () => last };
}

function stats(name, values) {
  const sorted = [...values].sort((a, b) => a - b);
  const pick = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const fmt = (v) => `${v.toFixed(1)} ms`;
  console.log(`${name.padEnd(34)} n=${sorted.length}  median ${fmt(pick(0.5))}  p90 ${fmt(pick(0.9))}  max ${fmt(sorted.at(-1))}`);
  return sorted.at(-1);
}

const servers = await Promise.all([...Array(PROJECTS).keys()].map(serve));
const failures = [];
try {
  const clients = await Promise.all(servers.map(connect));
  console.log(`${PROJECTS} projects x ${TASKS} tasks = ${PROJECTS * TASKS} tasks at once, protocol ${VERSION}, ext-tasks client`);
  // Each client's first call pays for its start (Node's JIT, the HTTP
  // connection, the server's first handler): measured apart, then
  // cancelled.
  const cold = [];
  await Promise.all(
    clients.map(async ({ session }, p) => {
      const start = now();
      const execution = await session.callTool('decide', question(p, 'first'));
      cold.push(now() - start);
      await execution.cancel();
      await execution.settle();
    }),
  );
  stats("each client's first call", cold);
  roundTrips.length = 0;
  const created = [], statusLag = [], doneLag = [];
  // Every task at once.
  const runs = await Promise.all(
    clients.flatMap(({ session }, p) =>
      [...Array(TASKS).keys()].map(async (t) => {
        const start = now();
        const execution = await session.callTool('decide', question(p, t));
        if (process.env.DEBUG) console.error('execution', execution.kind);
        created.push(now() - start);
        if (execution.kind !== 'task') throw new Error(`decide answered without a task: ${execution.kind}`);
        return { p, t, execution, followed: follow(execution) };
      }),
    ),
  );
  await Promise.all(
    runs.map(async (run) => {
      const status = await new Promise((resolve) => {
        const look = () => (run.followed.first() ? resolve(run.followed.first()) : setTimeout(look, 20));
        look();
      });
      const page = await pageOf(status);
      const drafted = now();
      await answer(page, '/api/draft', 'PUT', { decisions: [{ id: 1, chosen: 'a' }] });
      statusLag.push((await run.followed.seen('1/2 answered')) - drafted);
      const posted = now();
      await answer(page, '/api/decisions', 'POST', { decisions: [{ id: 1, chosen: 'a' }, { id: 2, chosen: 'b' }] });
      const { outcome, at } = await run.followed.settled;
      doneLag.push(at - posted);
      const result = resultFromTaskOutcome(outcome);
      const answerOf = result.structuredContent;
      if (answerOf?.status !== 'decided' || answerOf.decisions?.[1]?.chosen !== 'b') {
        failures.push(`${run.p}.${run.t}: ${JSON.stringify(result)}`);
      }
    }),
  );
  const worstCreate = stats('task back after the call', created);
  stats('  of which the HTTP round trip', roundTrips);
  const worstStatus = stats('status after a draft answer', statusLag);
  const worstDone = stats('completed after the last answer', doneLag);

  // One call at a time, nothing else running: 10 tasks made and cancelled.
  const { session } = clients[0];
  const alone = [];
  for (let i = 0; i < 10; i++) {
    const start = now();
    const execution = await session.callTool('decide', question(0, `alone-${i}`));
    alone.push(now() - start);
    await execution.cancel();
    await execution.settle();
  }
  const worstAlone = stats('one call alone', alone);

  // Cancel through the client: the question is withdrawn, the task cancelled.
  const cancelled = await session.callTool('decide', question(0, 'cancel'));
  await cancelled.cancel();
  const settledCancel = await cancelled.settle();
  console.log(`tasks/cancel: the task ends ${settledCancel.outcome.status}`);
  if (settledCancel.outcome.status !== 'cancelled') failures.push('cancel did not cancel');

  // A client that reconnects (a new client and session) resumes a task.
  const kept = await session.callTool('decide', question(0, 'resume'));
  const reference = kept.serializeReference();
  await kept.detach();
  const again = await connect(servers[0]);
  const resumed = await again.session.resumeTask(reference);
  let view = await again.session.task(reference.taskId).snapshot();
  while (!view.statusMessage) {
    await new Promise((r) => setTimeout(r, 50));
    view = await again.session.task(reference.taskId).snapshot();
  }
  console.log(`a new client resumes the task: ${view.status}, "${view.statusMessage}"`);
  if (view.status !== 'working') failures.push('the resumed task is not working');
  await resumed.cancel();
  // Another project's server knows nothing of it.
  if (clients.length > 1) {
    try {
      await clients[1].session.task(reference.taskId).snapshot();
      failures.push("another server answered for this server's task");
    } catch (error) {
      console.log(`another server refuses it: ${error.message}`);
    }
  }

  const within = worstAlone <= 50 && worstCreate <= 50 && worstStatus <= 1000 && worstDone <= 1000;
  console.log(
    within
      ? 'within bounds: every task back <= 50 ms, status <= 1 s, completed <= 1 s'
      : 'OUT OF BOUNDS (bounds: every task back <= 50 ms, status <= 1 s, completed <= 1 s)',
  );
  if (!within) failures.push('a figure is out of bounds');
  for (const { session } of [...clients, again]) await session.close();
} finally {
  for (const s of servers) {
    s.child.kill('SIGTERM');
    for (const session of asked) {
      try {
        execFileSync(aide, ['decide', 'cancel', '--session', session], { cwd: s.dir, stdio: 'ignore' });
      } catch {}
    }
  }
  await new Promise((r) => setTimeout(r, 500));
  for (const s of servers) {
    rmSync(s.dir, { recursive: true, force: true });
  }
}
if (failures.length) {
  console.error(failures.join('\n'));
  process.exit(1);
}
