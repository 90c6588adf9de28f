// An MCP client for the tests: `aide mcp` in a project, spoken to in
// JSON-RPC lines over its stdin and stdout, as Claude Code or Codex would.
import { test } from './fixture';
import { ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { aideBin, HeldPorts, heldPorts, Project } from './aide';

type Message = { jsonrpc: string; id?: number; method?: string; params?: any; result?: any; error?: any };

export class McpClient {
  /** Every line aide wrote on stdout, each parsed as JSON-RPC. */
  readonly seen: Message[] = [];
  private nextId = 1;
  private waiting = new Map<number, (message: Message) => void>();
  readonly notifications: Message[] = [];

  private constructor(
    private readonly child: ChildProcess,
    /** The ports of the project's config, held until a tool may start a page server on them. */
    private readonly held?: HeldPorts,
  ) {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const message = JSON.parse(line) as Message;
      this.seen.push(message);
      if (message.id !== undefined && this.waiting.has(message.id)) {
        this.waiting.get(message.id)!(message);
        this.waiting.delete(message.id);
      } else if (message.method) {
        this.notifications.push(message);
      }
    });
  }

  /** Starts `aide mcp` in `project` and initialises the session, declaring
   * `capabilities`; `held` (the ports its config names) are released before
   * the first tool call. */
  static async start(project: Project, held?: HeldPorts, capabilities: object = {}): Promise<McpClient> {
    const child = spawn(aideBin, ['mcp'], { cwd: project.dir, env: project.env });
    const client = new McpClient(child, held);
    const init = await client.request('initialize', {
      protocolVersion: '2025-06-18',
      capabilities,
      clientInfo: { name: 'playwright', version: '0' },
    });
    if (init.result?.serverInfo?.name !== 'aide') throw new Error(JSON.stringify(init));
    client.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    return client;
  }

  private send(message: Message) {
    this.child.stdin!.write(JSON.stringify(message) + '\n');
  }

  request(method: string, params: unknown): Promise<Message> {
    const id = this.nextId++;
    const answered = new Promise<Message>((ok) => this.waiting.set(id, ok));
    this.send({ jsonrpc: '2.0', id, method, params });
    return answered;
  }

  /** Calls a tool; resolves with its result (content, structuredContent, isError). */
  async tool(name: string, args: unknown, meta?: Record<string, unknown>): Promise<any> {
    await this.held?.release();
    const response = await this.request('tools/call', { name, arguments: args, ...(meta ? { _meta: meta } : {}) });
    if (response.error) throw new Error(JSON.stringify(response.error));
    return response.result;
  }

  /** Closes stdin; resolves with the exit code once aide ends by itself. */
  close(): Promise<number> {
    const exited = new Promise<number>((ok) => this.child.on('exit', (code) => ok(code ?? -1)));
    this.child.stdin!.end();
    return exited;
  }

  stop() {
    this.child.kill();
    void this.held?.release();
  }
}

/** Stops the page server a project runs in the background, if any. */
export function stopServer(project: Project) {
  const status = project.run(['decide', 'status', '--json']);
  const sessions: { pid?: number }[] = JSON.parse(status.stdout || '{}').sessions ?? [];
  for (const { pid } of sessions) if (pid) process.kill(pid);
}

/** What a host that draws MCP Apps declares at `initialize`. */
export const APPS_CAPABILITIES = {
  extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
};

/**
 * For a spec: a maker of projects, each with a free port in its config and
 * an `aide mcp` started in it, its client declaring `capabilities`. After
 * each test it stops them and the page servers decide_submit started in
 * the background.
 */
export function mcpProjects(capabilities: object = {}): () => Promise<{ project: Project; mcp: McpClient }> {
  let clients: McpClient[] = [];
  let projects: Project[] = [];
  test.afterEach(() => {
    clients.forEach((c) => c.stop());
    projects.forEach(stopServer);
    clients = [];
    projects = [];
  });
  return async () => {
    const project = new Project();
    // decide_submit reads the port from the config, as an agent's would.
    const held = await heldPorts();
    writeFileSync(`${project.dir}/.aide/config.toml`, `[decide]\nport = ${held.port}\n`);
    const mcp = await McpClient.start(project, held, capabilities);
    clients.push(mcp);
    projects.push(project);
    return { project, mcp };
  };
}
