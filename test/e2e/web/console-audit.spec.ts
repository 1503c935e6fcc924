import { chromiumPages, screenshot, seriousAccessibilityViolations, VIEWPORTS } from '../../support/browser';
import { stackTargets } from '../../support/targets';
import { control } from '../../support/guard-fixtures';
import { eventually } from '../../support/eventually';
import { bearer } from '../../support/http';
import { gql, newKey, operatorWithWorkflow, sdkPost, setToolPolicy, signIn } from './console-fixtures';

const GATE_DECISIONS = 'query($org: ID!) { auditTrail(organisationId: $org, first: 25, filter: { action: "gate." }) { records { seq } } }';

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
    // Gate decisions are written behind the gate: wait until all 21 are on record, so the filtered
    // trail the page reads has two pages.
    await eventually(async () => (await gql(target, GATE_DECISIONS, { org: operator.organisationId }, bearer(operator.token))).auditTrail.records.length === 21, 20_000, 'the 21 gate decisions on record');

    const page = await open(viewport);
    await signIn(page, target, operator);
    const panel = page.getByRole('region', { name: 'Audit trail' });
    await panel.getByText('workflow.pause').waitFor();
    await panel.getByText('audit tab').waitFor();
    await panel.getByLabel('Show').selectOption({ label: 'Gate decisions' });
    // The unfiltered page leaves once the narrowed one has come back.
    await panel.getByText('workflow.pause').waitFor({ state: 'detached' });
    await panel.locator('tbody .badge').first().waitFor();
    const actions = await panel.locator('tbody tr td[data-label="What"] .badge').allInnerTexts();
    expect(actions.length).toBeGreaterThan(0);
    expect(actions.every((action) => action.startsWith('gate.'))).toBe(true);
    await panel.getByRole('button', { name: 'Older' }).click();
    await panel.getByRole('button', { name: 'Newer' }).and(page.locator(':enabled')).waitFor();
    await panel.getByText('TOOL_BLOCKED · SV-T001').waitFor();
    await screenshot(page, `console-audit-${name}`);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  }, 120_000);
});
