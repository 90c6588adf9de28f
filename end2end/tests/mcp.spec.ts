import { expect, Page, test } from './fixture';
import { readFileSync } from 'node:fs';
import { exampleInput } from './aide';
import { mcpProjects } from './mcp';

const mcpProject = mcpProjects();

async function hydrated(page: Page) {
  await expect(page.locator('main[data-hydrated="true"]')).toBeVisible();
}

const example = () => JSON.parse(readFileSync(exampleInput, 'utf8'));


test('a session submitted over MCP is answered in the browser and decide_result returns the answers', async ({ page }) => {
  const { project, mcp } = await mcpProject();
  const submitted = await mcp.tool('decide_submit', example());
  expect(submitted.isError).toBe(false);
  expect(submitted.structuredContent.status).toBe('pending');
  const url: string = submitted.structuredContent.url;
  expect(submitted.content[0].text).toContain(url);

  await page.goto(url);
  await expect(page).toHaveTitle(/实现用户认证模块/);
  await hydrated(page);
  const auth = page.getByRole('group', { name: /认证方式选择/ });
  const hashing = page.getByRole('group', { name: /密码加密算法/ });
  await auth.getByRole('radio', { name: /JWT Token 认证/ }).check();

  // The draft tells the agent how far the person is.
  await expect
    .poll(async () => (await mcp.tool('decide_result', {})).structuredContent.answered)
    .toBe(1);

  await hashing.getByRole('radio', { name: /bcrypt/ }).check();
  await hashing.getByRole('textbox', { name: /备注/ }).fill('团队更熟悉 bcrypt');
  await page.getByRole('button', { name: /提交/ }).click();
  await expect(page.getByRole('heading', { name: '决策已记录' })).toBeVisible();

  const result = await mcp.tool('decide_result', { wait_seconds: 10 });
  const printed = JSON.parse(project.run(['decide', 'result']).stdout);
  // Every MCP result names its session; `decisions` is what the CLI prints.
  expect(result.structuredContent).toEqual({
    status: 'decided',
    session_id: submitted.structuredContent.session_id,
    ...printed,
  });
  expect(printed.decisions[1].note).toBe('团队更熟悉 bcrypt');
  expect(await mcp.close()).toBe(0);
  expect(mcp.seen.every((m) => m.jsonrpc === '2.0')).toBe(true);
});

test('the blocking decide tool reports progress and returns once the person submits', async ({ page }) => {
  const { project, mcp } = await mcpProject();
  const decided = mcp.tool('decide', example(), { progressToken: 'e2e' });
  await expect.poll(() => project.run(['decide', 'status', '--json']).stdout).toContain('"served":true');
  const url = JSON.parse(project.run(['decide', 'status', '--json']).stdout).sessions[0].url;
  await page.goto(url);
  await hydrated(page);
  await page.getByRole('radio', { name: /Session 认证/ }).check();
  await page.getByRole('radio', { name: /Argon2/ }).check();
  await page.getByRole('button', { name: /提交/ }).click();
  const result = await decided;
  expect(result.structuredContent.status).toBe('decided');
  expect(result.structuredContent.decisions.map((d: any) => d.chosen)).toEqual(['session', 'argon2']);
  expect(mcp.notifications.some((n) => n.method === 'notifications/progress' && n.params.progressToken === 'e2e')).toBe(true);
});
