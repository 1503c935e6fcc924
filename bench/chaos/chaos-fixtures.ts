import { PROTOCOL } from '../../test/e2e/guard/guard-fixtures';
import { prepareWrites, replicaLoadCallers, type WriteFixtures } from '../../test/hardening/replica-writes';
import { signUp } from '../../test/support/accounts';
import { bearer, postJson } from '../../test/support/http';
import type { LoadCaller } from '../../test/support/steady-load';
import type { StackTarget } from '../../test/support/targets';
import { newKey, newOperator, newWorkflow, type Operator } from '../../test/support/tenants';
import type { WebhookReceiver } from '../../test/support/webhook-receiver';
import type { ChaosLoad } from './chaos-load';
import type { SentSignal } from './reconciliation';

/** Where the store's `product/created` webhook goes on the run's receiver. */
export const PRODUCT_HOOK = '/products';
/** The budgeted workflow's budget: small, so that the gate must start blocking during the run. */
export const BUDGET_CENTS = 50;

/** Everything the load and the checks need, made through HAProxy before the faults start. */
export interface ChaosFixtures {
  writes: WriteFixtures;
  callers: LoadCaller[];
  /** The operator whose workflow `controlled` is paused and resumed while subscribers watch. */
  operator: Operator;
  controlled: string;
  controlKey: string;
  /** A workflow with a budget of BUDGET_CENTS and a key bound to it, for the gate-then-track agent. */
  budgeted: { workflowId: string; key: string };
}

export async function prepareChaos(target: StackTarget, receiver: WebhookReceiver): Promise<ChaosFixtures> {
  const writes = await prepareWrites(target);
  const { store } = writes;
  const hook = await postJson(`${target.shimUrl}/v1/${store.storeId}/webhooks`, { event: 'product/created', url: receiver.url(PRODUCT_HOOK) }, { authentication: `bearer ${store.token}`, 'user-agent': 'Chaos run (ops@example.com)' });
  if (hook.status !== 201) throw new Error(`registering the product webhook failed: ${hook.status} ${JSON.stringify(hook.body)}`);
  const user = await signUp(target, 'chaos');
  const login: LoadCaller = () => ({
    kind: 'login',
    method: 'POST',
    url: `${target.shimUrl}/auth/login`,
    body: JSON.stringify({ username: user.username, password: user.password }),
    headers: { 'content-type': 'application/json' },
  });
  const operator = await newOperator(target, 'chaos');
  const controlled = await newWorkflow(target, operator);
  const { key: controlKey } = await newKey(target, operator);
  const budgetWorkflow = await newWorkflow(target, operator, BUDGET_CENTS);
  const { key: budgetKey } = await newKey(target, operator, { workflowId: budgetWorkflow.id });
  return {
    writes,
    callers: [...replicaLoadCallers(writes, target), login],
    operator,
    controlled: controlled.id,
    controlKey,
    budgeted: { workflowId: budgetWorkflow.id, key: budgetKey },
  };
}

/** One round of an agent under a budget: ask the gate, and track the call only when it is allowed (as the SDK does). */
export async function budgetRound(load: ChaosLoad, target: StackTarget, fixtures: ChaosFixtures): Promise<void> {
  const headers = { 'content-type': 'application/json', 'x-api-key': fixtures.budgeted.key, ...PROTOCOL };
  const gate = await load.send({
    kind: 'budget gate',
    method: 'POST',
    url: `${target.shimUrl}/api/v1/gate`,
    headers,
    body: JSON.stringify({ workflow_id: fixtures.budgeted.workflowId, tool: 'search', model: 'gpt-4o', estimated_tokens: 1500 }),
  });
  const decided = gate.body ? JSON.parse(gate.body) : undefined;
  if (decided?.decision !== 'allow' || !decided.reservation_id) return;
  await load.send({
    kind: 'budget track',
    method: 'POST',
    url: `${target.shimUrl}/api/v1/track`,
    headers,
    body: JSON.stringify({ reservation_id: decided.reservation_id, workflow_id: fixtures.budgeted.workflowId, input_tokens: 1000, output_tokens: 500, model: 'gpt-4o', idempotency_key: decided.reservation_id }),
  });
}

/** Pauses or resumes the controlled workflow through HAProxy; an answered change is a signal every subscriber must get. */
export async function sendSignal(load: ChaosLoad, target: StackTarget, fixtures: ChaosFixtures, action: 'pause' | 'resume'): Promise<SentSignal | undefined> {
  const sentAt = load.now();
  const outcome = await load.send({
    kind: 'control',
    method: 'POST',
    url: `${target.shimUrl}/api/v1/workflows/${fixtures.controlled}/${action}`,
    headers: { 'content-type': 'application/json', ...bearer(fixtures.operator.token), ...PROTOCOL },
    body: JSON.stringify({ reason: `${action} during the chaos run` }),
  });
  if (outcome.status !== 200 || !outcome.body) return undefined;
  return { version: JSON.parse(outcome.body).version, sentAt };
}

/** The workflow's spend and budget, read through the graph. */
export async function budgetState(target: StackTarget, fixtures: ChaosFixtures): Promise<{ spentCents: number; budgetCents: number }> {
  const answer = await postJson(target.gatewayUrl, { query: 'query($id: ID!) { workflow(id: $id) { spentCents budgetCents } }', variables: { id: fixtures.budgeted.workflowId } }, bearer(fixtures.operator.token));
  const workflow = answer.body?.data?.workflow;
  if (!workflow) throw new Error(`reading the budgeted workflow failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return workflow;
}
