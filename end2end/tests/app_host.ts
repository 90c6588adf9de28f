// The MCP Apps host of the App view's tests (and of bench/view): a page
// built on the host side of the official SDK (@modelcontextprotocol/ext-apps
// AppBridge) renders the view from resources/read in a sandboxed iframe
// under the spec's default CSP, and passes the view's tool calls to a real
// `aide mcp`.
import { expect, Frame, Page } from './fixture';
import { buildSync } from 'esbuild';
import { McpClient } from './mcp';

const VIEW_URI = 'ui://aide/decide.html';
const HOST = 'http://host.aide.test/';
const VIEW = 'http://view.aide.test/view.html';
// Where aide hands its view the token every app-only call must carry.
export const TOKEN_META = 'aide/viewToken';
// The CSP a host applies to a view that declares no domains (MCP Apps).
export const DEFAULT_CSP =
  "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; " +
  "img-src 'self' data:; media-src 'self' data:; connect-src 'none'";

// The SDK's host side, bundled for the browser once.
const bridgeScript = buildSync({
  stdin: {
    contents: "export { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';",
    resolveDir: __dirname,
  },
  bundle: true,
  format: 'iife',
  globalName: 'ExtApps',
  platform: 'browser',
  write: false,
  logLevel: 'error',
}).outputFiles[0].text;

const HOST_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>host</title>
<style>body{margin:16px;font-family:sans-serif} iframe{width:760px;height:400px;border:1px solid #999}</style></head>
<body><p id="host-note">Playwright host</p>
<iframe id="view" sandbox="allow-scripts" title="aide"></iframe>
<script src="/bridge.js"></script>
<script>
window.seen = { messages: [], context: [], calls: [] };
window.startHost = async (theme, tool, toolInput) => {
  window.seen.started = performance.now();
  const iframe = document.getElementById('view');
  const { AppBridge, PostMessageTransport } = ExtApps;
  const bridge = new AppBridge(null, { name: 'playwright-host', version: '1' },
    { serverTools: {}, openLinks: {}, message: { text: {} }, updateModelContext: { text: {} } },
    { hostContext: { theme, locale: 'en-US', displayMode: 'inline', platform: 'web',
                     toolInfo: { tool } } });
  bridge.oncalltool = async (params) => { window.seen.calls.push(params.name); return window.aideCallTool(params); };
  bridge.onsizechange = ({ height }) => { if (height) iframe.style.height = height + 'px'; };
  bridge.onmessage = async (params) => { window.seen.messages.push(params); return {}; };
  bridge.onupdatemodelcontext = async (params) => { window.seen.context.push(params); return {}; };
  bridge.onopenlink = async () => ({});
  const initialized = new Promise((ok) => { bridge.oninitialized = ok; });
  await bridge.connect(new PostMessageTransport(iframe.contentWindow, iframe.contentWindow));
  iframe.src = '${VIEW}';
  await initialized;
  await bridge.sendToolInput({ arguments: toolInput });
  window.bridge = bridge;
};
window.toolResult = (result) => window.bridge.sendToolResult(result);
</script></body></html>`;

// What the view's CSP refused since the last `host()`.
export const violations: string[] = [];

/**
 * Opens the host page with the view of `tool` called with `input`. The
 * host gives the view the tool's definition as it listed it, with its
 * `_meta` (and so the token), unless `withoutMeta`: then the view has the
 * token only from the tool's result.
 */
export async function host(
  page: Page, mcp: McpClient, theme: 'light' | 'dark', tool: string, input: unknown, withoutMeta = false,
): Promise<Frame> {
  const listed = await mcp.request('tools/list', {});
  const definition = listed.result.tools.find((t: any) => t.name === tool);
  expect(typeof definition._meta[TOKEN_META]).toBe('string');
  const bare = { name: definition.name, description: definition.description, inputSchema: definition.inputSchema };
  const read = await mcp.request('resources/read', { uri: VIEW_URI });
  const contents = read.result.contents[0];
  expect(contents.mimeType).toBe('text/html;profile=mcp-app');
  await page.route(HOST, (route) => route.fulfill({ contentType: 'text/html', body: HOST_PAGE }));
  await page.route(`${HOST}bridge.js`, (route) => route.fulfill({ contentType: 'text/javascript', body: bridgeScript }));
  await page.route(VIEW, (route) =>
    route.fulfill({ contentType: 'text/html', headers: { 'content-security-policy': DEFAULT_CSP }, body: contents.text }),
  );
  await page.exposeFunction('aideCallTool', (params: { name: string; arguments: unknown }) =>
    mcp.tool(params.name, params.arguments),
  );
  violations.length = 0;
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/.test(message.text())) violations.push(message.text());
  });
  await page.goto(HOST);
  const shown = withoutMeta ? bare : definition;
  await page.evaluate(([theme, tool, input]) => (window as any).startHost(theme, tool, input), [theme, shown, input] as const);
  const frame = page.frame({ url: VIEW });
  if (!frame) throw new Error('the view did not load');
  return frame;
}

