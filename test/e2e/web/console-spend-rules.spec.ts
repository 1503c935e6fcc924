import { chromiumPages, screenshot, seriousAccessibilityViolations, VIEWPORTS } from '../../support/browser';
import { stackTargets } from '../../support/targets';
import { newKey, operatorWithWorkflow, sdkPost, signIn, waitForState } from './console-fixtures';

const [target] = stackTargets();

describe('web console: spend per workflow and runaway rules', () => {
  const { open } = chromiumPages();

  it('charts each workflow’s spend, edits its rules (refusing a bad one), and shows why the guard paused it', async () => {
    const { operator, workflow } = await operatorWithWorkflow(target);
    const { key } = await newKey(target, operator, { workflowId: workflow.id });
    // gpt-4o: 0.25¢/1K in, 1¢/1K out → 0.75¢
    const events = [{ event_id: 'web-spend-1', type: 'llm_call', workflow_id: workflow.id, input_tokens: 1000, output_tokens: 500, model: 'gpt-4o' }];
    expect((await sdkPost(target, '/track/batch', key, { events })).status).toBe(200);

    const page = await open();
    await signIn(page, target, operator);
    const spend = page.getByRole('region', { name: 'Spend per workflow' });
    await spend.locator(`tr[data-workflow="${workflow.name}"]`, { hasText: '$0.0075' }).waitFor();
    await spend.locator('figure.chart .recharts-line').first().waitFor();

    const rules = page.getByRole('region', { name: 'Runaway rules' });
    await rules.getByText('No rules for this workflow.').waitFor();
    const adding = rules.getByRole('form', { name: 'Add rule' });
    await adding.getByLabel('More than (calls)').fill('2');
    await adding.getByLabel('Within (seconds)').fill('0');
    await adding.getByRole('button', { name: 'Add rule' }).click();
    await rules.getByRole('alert').getByText('windowSeconds must be a whole number of seconds from 1 to 3600').waitFor();
    await adding.getByLabel('Within (seconds)').fill('120');
    await adding.getByLabel('Tools').fill('/search_(web/');
    await adding.getByRole('button', { name: 'Add rule' }).click();
    await rules.getByRole('alert').getByText(/toolPattern is not a valid regular expression/).waitFor();
    await adding.getByLabel('Tools').fill('search_*');
    await adding.getByRole('button', { name: 'Add rule' }).click();
    const listed = rules.getByText('More than 2 calls of search_* with the same input within 120 s pauses the workflow');
    await listed.waitFor();

    await rules.getByRole('button', { name: 'Edit' }).click();
    const editing = rules.getByRole('form', { name: 'Save rule' });
    await editing.getByLabel('More than (calls)').fill('3');
    await editing.getByRole('button', { name: 'Save rule' }).click();
    await rules.getByText('More than 3 calls of search_* with the same input within 120 s pauses the workflow').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'spend-and-rules-1280');

    // the agent runs away: the fourth identical search pauses the workflow, and the console says why, live
    for (let call = 0; call < 3; call++) expect((await sdkPost(target, '/gate', key, { tool: 'search_web', input: { q: 'same' } })).body.decision).toBe('allow');
    expect((await sdkPost(target, '/gate', key, { tool: 'search_web', input: { q: 'same' } })).body.decision).toBe('throttle');
    await waitForState(page, workflow.id, 'Paused');
    await page.locator(`tr[data-workflow-id="${workflow.id}"]`, { hasText: 'RUNAWAY repeated_tool_call: search_web called 4 times with the same input within 120 s' }).waitFor();

    const phone = await open(VIEWPORTS.phone);
    await signIn(phone, target, operator);
    const phoneRules = phone.getByRole('region', { name: 'Runaway rules' });
    await phoneRules.getByText('More than 3 calls of search_* with the same input within 120 s pauses the workflow').waitFor();
    await phoneRules.scrollIntoViewIfNeeded();
    expect(await seriousAccessibilityViolations(phone)).toEqual([]);
    await screenshot(phone, 'spend-and-rules-390');

    await rules.getByRole('button', { name: 'Remove' }).click();
    await rules.getByText('No rules for this workflow.').waitFor();
  }, 90_000);
});
