import { chromiumPages, screenshot, seriousAccessibilityViolations, VIEWPORTS } from '../../support/browser';
import { bearer, postJson } from '../../support/http';
import { stackTargets } from '../../support/targets';
import { subscribeControl } from '../guard/control-clients';
import { PROTOCOL } from '../../support/guard-fixtures';
import { operatorWithWorkflow, signIn, waitForState } from './console-fixtures';

const [target] = stackTargets();

describe('web console: workflows watched and steered live', () => {
  const { open } = chromiumPages();
  const subscribers: Array<{ client: { dispose(): unknown } }> = [];
  afterEach(() => {
    subscribers.splice(0).forEach(({ client }) => client.dispose());
  });

  it('shows a kill made by another client (REST, through the shim) without reloading', async () => {
    const { operator, workflow } = await operatorWithWorkflow(target);
    const page = await open();
    await signIn(page, target, operator);
    await waitForState(page, workflow.id, 'Normal');
    // Marks this document: a reload would lose the mark.
    await page.evaluate('window.notReloaded = true');

    const killed = await postJson(`${target.shimUrl}/api/v1/workflows/${workflow.id}/kill`, { reason: 'runaway loop' }, { ...bearer(operator.token), ...PROTOCOL });
    expect(killed.status).toBe(200);

    await waitForState(page, workflow.id, 'Killed');
    await page.locator(`tr[data-workflow-id="${workflow.id}"]`, { hasText: 'runaway loop' }).waitFor();
    expect(await page.evaluate<boolean>('window.notReloaded === true')).toBe(true);
  });

  it('pauses, resumes and kills from the page; a graphql-ws subscriber and a second browser see each step', async () => {
    const { operator, workflow } = await operatorWithWorkflow(target);
    const subscriber = subscribeControl(target.gatewayUrl, operator.organisationId, bearer(operator.token));
    subscribers.push(subscriber);
    await subscriber.inbox.take((signal) => signal.__typename === 'InitialState');

    const page = await open();
    const watcher = await open(VIEWPORTS.phone);
    await signIn(page, target, operator);
    await signIn(watcher, target, operator);
    const row = page.locator(`tr[data-workflow-id="${workflow.id}"]`);

    await row.getByRole('button', { name: `Pause ${workflow.name}` }).click();
    const pauseDialog = page.getByRole('dialog', { name: `Pause ${workflow.name}?` });
    await pauseDialog.getByLabel('Reason').fill('checking the prompts');
    await pauseDialog.getByLabel('Resume automatically at').fill('2099-01-01T10:00');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'pause-dialog-1280');
    await pauseDialog.getByRole('button', { name: 'Pause workflow' }).click();
    expect(await subscriber.inbox.take((signal) => signal.__typename === 'StateChange' && signal.state === 'Paused')).toMatchObject({ workflowId: workflow.id, reason: 'checking the prompts' });
    await waitForState(page, workflow.id, 'Paused');
    await waitForState(watcher, workflow.id, 'Paused');

    await row.getByRole('button', { name: `Resume ${workflow.name}` }).click();
    await page.getByRole('dialog', { name: `Resume ${workflow.name}?` }).getByRole('button', { name: 'Resume workflow' }).click();
    expect(await subscriber.inbox.take((signal) => signal.__typename === 'StateChange' && signal.state === 'Normal')).toMatchObject({ workflowId: workflow.id });
    await waitForState(watcher, workflow.id, 'Normal');

    // Cancelling the kill changes nothing.
    await row.getByRole('button', { name: `Kill ${workflow.name}` }).click();
    await page.getByRole('dialog', { name: `Kill ${workflow.name}?` }).getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await row.getByRole('button', { name: `Kill ${workflow.name}` }).click();
    const killDialog = page.getByRole('dialog', { name: `Kill ${workflow.name}?` });
    await killDialog.getByLabel('Reason').fill('spending too fast');
    await screenshot(page, 'kill-dialog-1280');
    await killDialog.getByRole('button', { name: 'Kill workflow' }).click();
    const kill = await subscriber.inbox.take((signal) => signal.__typename === 'StateChange' && signal.state === 'Killed');
    expect(kill).toMatchObject({ workflowId: workflow.id, reason: 'spending too fast' });
    expect(subscriber.inbox.received.filter((signal) => signal.__typename === 'StateChange')).toHaveLength(3);
    await waitForState(page, workflow.id, 'Killed');
    await waitForState(watcher, workflow.id, 'Killed');
    expect(await row.getByRole('button').count()).toBe(0);
    await screenshot(page, 'workflows-1280');
    await screenshot(watcher, 'workflows-390');
    expect(subscriber.errors).toEqual([]);
  });

  it('can be steered with the keyboard alone', async () => {
    const { operator, workflow } = await operatorWithWorkflow(target);
    const page = await open();
    await signIn(page, target, operator);
    const focusedName = () => page.evaluate<string>('document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent ?? ""');
    // Tab from the top of the page to the workflow's Pause button (skip link, organisation, sign-out, ...).
    let reached = false;
    for (let presses = 0; presses < 30 && !reached; presses++) {
      await page.keyboard.press('Tab');
      reached = (await focusedName()) === `Pause ${workflow.name}`;
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Pause ${workflow.name}?` });
    await dialog.waitFor();
    // The dialog takes the focus, on its first field: type the reason and submit with Enter.
    expect(await page.evaluate<string>('document.activeElement?.getAttribute("name") ?? ""')).toBe('reason');
    await page.keyboard.type('keyboard pause');
    await page.keyboard.press('Enter');
    await waitForState(page, workflow.id, 'Paused');
    await dialog.waitFor({ state: 'detached' });
    // Escape cancels a dialog.
    await page.getByRole('button', { name: `Kill ${workflow.name}` }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: `Kill ${workflow.name}?` }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await waitForState(page, workflow.id, 'Paused');
  });

  it('shows the graph’s refusal as a message in the dialog', async () => {
    const { operator, workflow } = await operatorWithWorkflow(target);
    const page = await open();
    await signIn(page, target, operator);
    await page.getByRole('button', { name: `Pause ${workflow.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Pause ${workflow.name}?` });
    // The page lets any date through; the guard refuses a past one, and the page says why.
    await dialog.getByLabel('Resume automatically at').fill('2001-01-01T10:00');
    await dialog.getByRole('button', { name: 'Pause workflow' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'resumeAfter must be in the future' }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await waitForState(page, workflow.id, 'Normal');
  });
});
