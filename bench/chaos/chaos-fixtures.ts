import { PROTOCOL } from '../../test/support/guard-fixtures';
import { prepareWrites, replicaLoadCallers, type WriteFixtures } from '../../test/hardening/replica-writes';
import { signUp } from '../../test/support/accounts';
import { registerReader } from '../../test/support/feed';
import { installedApp } from '../../test/support/store';
import { bearer, postJson } from '../../test/support/http';
import type { LoadCaller } from '../../test/support/steady-load';
import type { StackTarget } from '../../test/support/targets';
import { newKey, newOperator, newWorkflow, type Operator } from '../../test/support/tenants';
import type { WebhookReceiver } from '../../test/support/webhook-receiver';
import type { ChaosLoad } from './chaos-load';
import type { SentSignal } from './reconciliation';

/** Where the store's `product/created` webhook goes on the run's receiver. */
export const PRODUCT_HOOK = '/products';
/** Where its `order/created` webhook goes. */
export const ORDER_HOOK = '/orders';
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
  // Orders on a store of their own, each buying one unit of a variant with stock for the whole run.
  const shop = await installedApp(target, ['read_products', 'write_products', 'read_orders', 'write_orders']);
  const shopHeaders = { authentication: `bearer ${shop.token}`, 'user-agent': 'Chaos run (ops@example.com)' };
  const orderHook = await postJson(`${target.shimUrl}/v1/${shop.storeId}/webhooks`, { event: 'order/created', url: receiver.url(ORDER_HOOK) }, shopHeaders);
  if (orderHook.status !== 201) throw new Error(`registering the order webhook failed: ${orderHook.status} ${JSON.stringify(orderHook.body)}`);
  const sellable = await postJson(`${target.shimUrl}/v1/${shop.storeId}/products`, { name: 'Mate', variants: [{ price: '10.00', stock: 10_000_000 }] }, shopHeaders);
  if (sellable.status !== 201 && sellable.status !== 200) throw new Error(`creating the product orders buy failed: ${sellable.status} ${JSON.stringify(sellable.body)}`);
  const orderBody = JSON.stringify({
    products: [{ variant_id: sellable.body.variants[0].id, quantity: 1 }],
    customer: { name: 'Chaos', email: 'chaos@example.com' },
    shipping_address: { address: 'Calle', number: '1', city: 'Rosario', province: 'Santa Fe', zipcode: '2000', country: 'AR' },
  });
  const order: LoadCaller = () => ({ kind: 'order', method: 'POST', url: `${target.shimUrl}/v1/${shop.storeId}/orders`, body: orderBody, headers: { 'content-type': 'application/json', ...shopHeaders }, stored: (body) => String(body.id) });
  const user = await signUp(target, 'chaos');
  const login: LoadCaller = () => ({
    kind: 'login',
    method: 'POST',
    url: `${target.shimUrl}/auth/login`,
    body: JSON.stringify({ username: user.username, password: user.password }),
    headers: { 'content-type': 'application/json' },
  });
  // A reader of its own subscribes to and unsubscribes from the first brand in turns (not
  // reconciled: the row comes and goes; the replica spec's subscriptions are).
  const churner = await registerReader(target);
  let subscribed = false;
  const churn: LoadCaller = () => {
    const action = subscribed ? 'unsubscribe' : 'subscribe';
    subscribed = !subscribed;
    return { kind: `feed ${action}`, method: 'POST', url: `${target.shimUrl}/api/${action}/${writes.brandIds[0]}?access_token=${encodeURIComponent(churner.token)}` };
  };
  const operator = await newOperator(target, 'chaos');
  const controlled = await newWorkflow(target, operator);
  const { key: controlKey } = await newKey(target, operator);
  const budgetWorkflow = await newWorkflow(target, operator, BUDGET_CENTS);
  const { key: budgetKey } = await newKey(target, operator, { workflowId: budgetWorkflow.id });
  return {
    writes,
    callers: [...replicaLoadCallers(writes, target), login, churn, order],
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
