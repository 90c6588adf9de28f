// Runs the installed-style `aide` binary from temp project folders outside
// the repository, the way an agent would.
import { ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
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

/** A port with the next nine free too (submit tries ten). */
export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? ok(address.port) : fail(new Error('no port'))));
    });
  });
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
    const port = options.port ?? (await freePort());
    const args = ['decide', 'submit', input, '--port', String(port), ...(options.args ?? [])];
    const env: Record<string, string | undefined> = { ...this.env };
    for (const [name, value] of Object.entries(options.env ?? {})) {
      if (value === null) delete env[name];
      else env[name] = value;
    }
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
