import type { Page } from 'playwright-core';
import { uniqueName } from '../../support/http';
import type { StackTarget } from '../../support/targets';
import { newOperator, newWorkflow, type Operator } from '../../support/tenants';

export { gql, newKey, newWorkflow, setToolPolicy } from '../../support/tenants';
export { sdkPost } from '../../support/guard-fixtures';

/** An organisation admin who signs in to the console with a username and a password. */
export interface ConsoleOperator extends Operator {
  /** What the console shows as the organisation's heading. */
  organisationName: string;
}

export async function newConsoleOperator(target: StackTarget): Promise<ConsoleOperator> {
  const operator = await newOperator(target);
  // newOperator names the organisation after its admin.
  return { ...operator, organisationName: `Org of ${operator.username}` };
}

/** An operator with one workflow, to watch and steer. */
export async function operatorWithWorkflow(target: StackTarget, budgetCents = 10_000) {
  const operator = await newConsoleOperator(target);
  const workflow = await newWorkflow(target, operator, budgetCents, uniqueName('wf'));
  return { operator, workflow };
}

/** Signs in on the console page and waits until the organisation's view is live. */
export async function signIn(page: Page, target: StackTarget, operator: ConsoleOperator): Promise<void> {
  await page.goto(`${target.webUrl}/console`);
  await page.getByLabel('Username').fill(operator.username);
  await page.getByLabel('Password').fill(operator.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: operator.organisationName, level: 1 }).waitFor();
  await page.getByRole('status', { name: 'Live updates: Live' }).waitFor();
}

/** The state badge of a workflow's row, once it reads `state`. */
export function waitForState(page: Page, workflowId: string, state: 'Normal' | 'Paused' | 'Killed'): Promise<void> {
  return page.locator(`tr[data-workflow-id="${workflowId}"] [data-testid="workflow-state"]`, { hasText: state }).waitFor();
}
