import type { Page } from 'playwright-core';
import { bearer, postJson, uniqueName } from '../../support/http';
import type { StackTarget } from '../../support/targets';
import { gql, newWorkflow, type Operator } from '../guard/guard-fixtures';

export { gql, newKey, newWorkflow, sdkPost, setToolPolicy } from '../guard/guard-fixtures';

/** An organisation admin who signs in to the console with a username and a password. */
export interface ConsoleOperator extends Operator {
  username: string;
  password: string;
  organisationName: string;
}

export async function newConsoleOperator(target: StackTarget): Promise<ConsoleOperator> {
  const username = uniqueName('op');
  const password = 'Secret123';
  const signUp = await postJson(`${target.shimUrl}/user/createFromEmailPassword`, { username, email: `${username}@example.com`, password });
  const organisationName = `Org ${username}`;
  const created = await gql(target, 'mutation($name: String!) { createOrganisation(name: $name) { id } }', { name: organisationName }, bearer(signUp.body.token));
  const refreshed = await postJson(`${target.shimUrl}/auth/refresh`, {}, bearer(signUp.body.token));
  return { username, password, organisationName, token: refreshed.body.token, userId: signUp.body.user_id, organisationId: created.createOrganisation.id };
}

/** An operator with one workflow, to watch and steer. */
export async function operatorWithWorkflow(target: StackTarget, budgetCents = 10_000) {
  const operator = await newConsoleOperator(target);
  const name = uniqueName('wf');
  const workflow = await newWorkflow(target, operator, budgetCents, name);
  return { operator, workflow: { ...workflow, name } };
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
