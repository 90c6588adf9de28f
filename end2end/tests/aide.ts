// Runs the installed-style `aide` binary from temp project folders outside
// the repository, the way an agent would.
import { ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repo = resolve(__dirname, '../..');
export const exampleInput = join(repo, 'examples/auth.json');

/** A copy of the release binary in a temp bin/ folder, with nothing beside it. */
function installedBinary(): string {
  const built = process.env.AIDE_BIN ?? join(repo, 'target/release/aide');
  const bin = mkdtempSync(join(tmpdir(), 'aide-bin-'));
  const target = join(bin, 'aide');
  copyFileSync(built, target);
  execFileSync('chmod', ['755', target]);
  return target;
}
export const aideBin = installedBinary();
/** Chinese messages; CI keeps aide from opening a browser of its own. */
export const aideEnv = { ...process.env, AIDE_LANG: 'zh', CI: 'true' };

/** How many ports `aide decide submit` tries: the one it is given and the nine after it. */
const PORT_TRIES = 10;

/** Ports of 127.0.0.1 bound here and held until `release()`. */
export interface HeldPorts {
  /** The first of the ports. */
  readonly port: number;
  /** Frees them, for aide to bind: call it just before aide starts. */
  release(): Promise<void>;
}

/** Binds `port` on 127.0.0.1; `null` if it is taken. */
function hold(port: number): Promise<Server | null> {
  return new Promise((ok) => {
    const server = createServer();
    server.once('error', () => ok(null));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => ok(server));
  });
}

const close = (server: Server) => new Promise<void>((ok) => server.close(() => ok()));

/**
 * The ports handed to aide: below Linux's ephemeral range (32768–60999),
 * which `listen(0)` and every outgoing connection draw from, so no
 * connection of another test can land on one between `release()` and aide
 * binding it; and above 10080, the highest port browsers refuse.
 */
const TEST_PORTS = { start: 10_100, end: 32_700 };
/** Where this worker takes its next ports: placed by its process id, so
 * workers start far apart; each call moves it on. */
let cursor = (process.pid * 7_919) % (TEST_PORTS.end - TEST_PORTS.start);

/**
 * `count` consecutive free ports, bound and held: no other test (they run
 * in parallel) and no other program's connection can take one between
 * finding them and aide binding them, as with a port found free and let go
 * at once (server/tests/aide/support's held_ports does the same).
 */
export async function heldPorts(count = PORT_TRIES): Promise<HeldPorts> {
  const span = TEST_PORTS.end - TEST_PORTS.start;
  for (let attempt = 0; attempt < 200; attempt++) {
    const offset = cursor % span;
    cursor = offset + count;
    if (offset + count > span) continue;
    const base = TEST_PORTS.start + offset;
    const servers: Server[] = [];
    for (let port = base; port < base + count; port++) {
      const server = await hold(port);
      if (!server) break;
      servers.push(server);
    }
    if (servers.length === count) {
      let released: Promise<void> | null = null;
      return { port: base, release: () => (released ??= Promise.all(servers.map(close)).then(() => {})) };
    }
    await Promise.all(servers.map(close));
  }
  throw new Error(`no ${count} consecutive free ports in ${TEST_PORTS.start}–${TEST_PORTS.end}`);
}

export class Project {
  readonly dir: string;
  /** aide's environment here: its own per-user state folder, so a page
   * never lists the questions of another test running at once. */
  readonly env: Record<string, string | undefined>;

  constructor(options: { stateHome?: string } = {}) {
    this.dir = mkdtempSync(join(tmpdir(), 'aide-project-'));
    this.env = { ...aideEnv, XDG_STATE_HOME: options.stateHome ?? join(this.dir, '.state') };
    this.run(['init']);
  }

  /** Runs `aide args` to completion. */
  run(args: string[]): { code: number; stdout: string; stderr: string } {
    const result = spawnSync(aideBin, args, { cwd: this.dir, env: this.env, encoding: 'utf8' });
    return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
  }

  /** Writes `input` to a file in the project and returns its path. */
  writeInput(name: string, input: unknown): string {
    const path = join(this.dir, name);
    mkdirSync(this.dir, { recursive: true });
    writeFileSync(path, JSON.stringify(input));
    return path;
  }

  /** Starts `aide decide submit` and resolves with the printed address.
   * `env` changes aide's environment: a variable set to `null` is removed. */
  async submit(
    input: string,
    options: { port?: number; args?: string[]; env?: Record<string, string | null> } = {},
  ): Promise<Submit> {
    const held = options.port === undefined ? await heldPorts() : null;
    const port = options.port ?? held!.port;
    const args = ['decide', 'submit', input, '--port', String(port), ...(options.args ?? [])];
    const env: Record<string, string | undefined> = { ...this.env };
    for (const [name, value] of Object.entries(options.env ?? {})) {
      if (value === null) delete env[name];
      else env[name] = value;
    }
    await held?.release();
    const child = spawn(aideBin, args, { cwd: this.dir, env });
    return Submit.started(child);
  }
}

export class Submit {
  stderr = '';
  readonly exited: Promise<number>;

  private constructor(readonly child: ChildProcess, readonly url: string, stderr: string) {
    this.stderr = stderr;
    child.stderr?.on('data', (chunk) => (this.stderr += chunk));
    this.exited = new Promise((ok) => child.on('exit', (code) => ok(code ?? -1)));
  }

  static started(child: ChildProcess): Promise<Submit> {
    return new Promise((ok, fail) => {
      let seen = '';
      const onData = (chunk: Buffer) => {
        seen += chunk;
        // The address and the waiting line, in either language.
        const match = seen.match(/→ (?:请访问|Open): (http:\/\/\S+)/);
        if (match && /等待用户完成决策|Waiting for the decisions/.test(seen)) {
          child.stderr?.off('data', onData);
          ok(new Submit(child, match[1], seen));
        }
      };
      child.stderr?.on('data', onData);
      child.on('exit', (code) => fail(new Error(`aide exited with ${code}: ${seen}`)));
    });
  }

  stop() {
    this.child.kill();
  }
}
