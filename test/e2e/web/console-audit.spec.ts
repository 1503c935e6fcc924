import { chromiumPages, screenshot, seriousAccessibilityViolations, VIEWPORTS } from '../../support/browser';
import { stackTargets } from '../../support/targets';
import { control } from '../../support/guard-fixtures';
import { newKey, operatorWithWorkflow, sdkPost, setToolPolicy, signIn } from './console-fixtures';

const [target] = stackTargets();

describe('web console: the audit trail', () => {
  const { open } = chromiumPages();

  it.each([
    ['desktop', VIEWPORTS.desktop],
    ['phone', VIEWPORTS.phone],
  ] as const)('lists gate decisions and control actions newest first, narrows them to one family, and pages back (%s)', async (name, viewport) => {
    const { operator, workflow } = await operatorWithWorkflow(target);
    await setToolPolicy(target, operator, workflow.id, 'send_*', 'block');
    const { key } = await newKey(target, operator, { workflowId: workflow.id });
    expect((await sdkPost(target, '/gate', key, { tool: 'send_mail' })).body).toMatchObject({ decision: 'block' });
    for (let call = 0; call < 20; call++) await sdkPost(target, '/gate', key, { tool: 'search' });
    await control(target, operator, 'pauseWorkflow', workflow.id, 'audit tab');

    const page = await open(viewport);
    await signIn(page, target, operator);
    const panel = page.getByRole('region', { name: 'Audit trail' });
    await panel.getByText('workflow.pause').waitFor();
    await panel.getByText('audit tab').waitFor();
    // Gate decisions are written behind the gate: the newest page fills as they land.
    await panel.getByLabel('Show').selectOption({ label: 'Gate decisions' });
    await panel.getByText('TOOL_BLOCKED · SV-T001').or(panel.getByRole('button', { name: 'Older' })).first().waitFor();
    const actions = await panel.locator('tbody tr td[data-label="What"] .badge').allInnerTexts();
    expect(actions.length).toBeGreaterThan(0);
    expect(actions.every((action) => action.startsWith('gate.'))).toBe(true);
    await panel.getByRole('button', { name: 'Older' }).click();
    await panel.getByRole('button', { name: 'Newer' }).and(page.locator(':enabled')).waitFor();
    await screenshot(page, `console-audit-${name}`);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  }, 120_000);
});
