import type WebSocket from 'ws';
import { chromiumPages, screenshot, seriousAccessibilityViolations, VIEWPORTS } from '../../support/browser';
import { bearer } from '../../support/http';
import { stackTargets } from '../../support/targets';
import { openControlSocket, subscribeControl } from '../guard/control-clients';
import { newKey, operatorWithWorkflow, sdkPost, setToolPolicy, signIn } from './console-fixtures';

const [target] = stackTargets();

describe('web console: approvals, API keys and usage', () => {
  const { open } = chromiumPages();
  const sockets: WebSocket[] = [];
  const subscribers: Array<{ client: { dispose(): unknown } }> = [];
  afterEach(() => {
    sockets.splice(0).forEach((socket) => socket.close());
    subscribers.splice(0).forEach(({ client }) => client.dispose());
  });

  it('shows an approval a gate call asks for as it happens; approving it reaches the waiting client', async () => {
    const { operator, workflow } = await operatorWithWorkflow(target);
    await setToolPolicy(target, operator, workflow.id, 'wire_*', 'require_approval');
    const { key } = await newKey(target, operator, { workflowId: workflow.id });
    const { socket, inbox } = await openControlSocket(target.shimUrl, operator.organisationId, { 'x-api-key': key });
    sockets.push(socket);
    await inbox.take((message) => message.type === 'initial_state');

    const page = await open();
    await signIn(page, target, operator);
    await page.getByText('Nothing waits for you.').waitFor();

    const call = { tool: 'wire_money', input: { amount: 250, to: 'ACME-42' }, execution_id: 'exec-web-1' };
    const asked = await sdkPost(target, '/execute', key, call);
    expect(asked.body).toMatchObject({ decision: 'require_approval' });
    const approvalId = asked.body.approval_id;

    const card = page.locator(`li[data-approval-id="${approvalId}"]`);
    await card.getByText('"ACME-42"').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'approval-1280');
    await card.getByLabel('Note').fill('checked the payee');
    await card.getByRole('button', { name: `Approve wire_money in ${workflow.name}` }).click();

    expect(await inbox.take((message) => message.type === 'approval_resolved')).toMatchObject({ approval_id: approvalId, outcome: 'approved' });
    await card.waitFor({ state: 'detached' });
    const allowed = await sdkPost(target, '/execute', key, { ...call, approval_id: approvalId });
    expect(allowed.body).toMatchObject({ decision: 'allow' });
  });

  it('denies an approval with a note, which a graphql-ws subscriber hears', async () => {
    const { operator, workflow } = await operatorWithWorkflow(target);
    await setToolPolicy(target, operator, workflow.id, 'delete_*', 'require_approval');
    const { key } = await newKey(target, operator, { workflowId: workflow.id });
    const subscriber = subscribeControl(target.gatewayUrl, operator.organisationId, bearer(operator.token));
    subscribers.push(subscriber);
    await subscriber.inbox.take((signal) => signal.__typename === 'InitialState');

    const page = await open(VIEWPORTS.phone);
    await signIn(page, target, operator);
    const asked = await sdkPost(target, '/gate', key, { tool: 'delete_repo' });
    const card = page.locator(`li[data-approval-id="${asked.body.approval_id}"]`);
    await card.getByLabel('Note').fill('not this one');
    await screenshot(page, 'approval-390');
    await card.getByRole('button', { name: `Deny delete_repo in ${workflow.name}` }).click();
    expect(await subscriber.inbox.take((signal) => signal.__typename === 'ApprovalSignal' && signal.status === 'denied')).toMatchObject({ approvalId: asked.body.approval_id });
    await card.waitFor({ state: 'detached' });
    const denied = await sdkPost(target, '/execute', key, { tool: 'delete_repo', approval_id: asked.body.approval_id });
    expect(denied.body).toMatchObject({ decision: 'block', explanation: 'APPROVAL_DENIED' });
  });

  it('creates a key shown once with its secret, and revokes it', async () => {
    const { operator, workflow } = await operatorWithWorkflow(target);
    const page = await open();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: target.webUrl });
    await signIn(page, target, operator);
    const form = page.getByRole('form', { name: 'Create an API key' });
    await form.getByLabel('Bound to').selectOption({ label: workflow.name });
    await form.getByLabel('With a signing secret').check();
    await form.getByRole('button', { name: 'Create key' }).click();

    const issued = page.getByRole('region', { name: 'New API key' });
    const key = (await issued.getByLabel('API key', { exact: true }).textContent())!;
    const secret = (await issued.getByLabel('Signing secret', { exact: true }).textContent())!;
    expect(key).toMatch(/^gk_/);
    expect(secret.length).toBeGreaterThan(20);
    await issued.getByRole('button', { name: 'Copy the API key' }).click();
    await issued.getByText('Copied').waitFor();
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(key);
    await screenshot(page, 'api-key-issued-1280');

    const works = await sdkPost(target, '/gate', key, { tool: 'search' });
    expect(works.status).toBe(200);
    await issued.getByRole('button', { name: 'I have stored it' }).click();
    await issued.waitFor({ state: 'detached' });

    const prefix = (await page.locator('tr[data-key-prefix]').first().getAttribute('data-key-prefix'))!;
    expect(key.startsWith(prefix)).toBe(true);
    await page.getByRole('button', { name: `Revoke key ${prefix}` }).click();
    await page.getByRole('dialog', { name: `Revoke key ${prefix}…?` }).getByRole('button', { name: 'Revoke key' }).click();
    await page.locator(`tr[data-key-prefix="${prefix}"]`, { hasText: 'Revoked' }).waitFor();
    const refused = await sdkPost(target, '/gate', key, { tool: 'search' });
    expect(refused.status).toBe(401);
  });

  it('charts the usage of a tracked batch per model and per day, with totals', async () => {
    const { operator, workflow } = await operatorWithWorkflow(target);
    const { key } = await newKey(target, operator, { workflowId: workflow.id });
    const page = await open();
    await signIn(page, target, operator);
    await page.getByText('No usage in this window yet.').waitFor();

    const llm = (eventId: string, model: string, input: number, output: number) => ({ event_id: eventId, type: 'llm_call', workflow_id: workflow.id, model, tokens: input + output, input_tokens: input, output_tokens: output });
    const batch = await sdkPost(target, '/track/batch', key, { events: [llm('u-1', 'gpt-4o', 20_000, 8_000), llm('u-2', 'gpt-4o', 10_000, 2_000), llm('u-3', 'gpt-4o-mini', 40_000, 9_000)] });
    expect(batch.status).toBe(200);

    await page.getByRole('region', { name: 'Usage' }).getByRole('button', { name: 'Refresh' }).click();
    await page.getByTestId('total-calls').filter({ hasText: /^3$/ }).waitFor();
    expect(await page.getByTestId('total-tokens').textContent()).toBe('89,000');
    await page.locator('tr[data-model="gpt-4o"]', { hasText: '40,000' }).waitFor();
    await page.locator('tr[data-model="gpt-4o-mini"]', { hasText: '49,000' }).waitFor();
    // One stacked bar segment per model on today's bar.
    await page.locator('figure.chart .recharts-bar-rectangle').nth(1).waitFor();
    expect(await page.locator('figure.chart .recharts-bar-rectangle').count()).toBe(2);
    await page.getByRole('region', { name: 'Usage' }).getByLabel('Show').selectOption('tokens');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'usage-1280');
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, 'usage-390');
  });
});
