import { SCOPES } from '../../../subgraphs/store/services/apps/scopes';
import { eventually } from '../../support/eventually';
import { send, type JsonResponse } from '../../support/http';
import type { StackTarget } from '../../support/targets';
import { billingState } from '../../support/billing';
import { install, StoreApi } from '../store-rest/store-fixtures';

/** A price that makes an app paid; the amount does not matter to suspension. */
export const MONTHLY_PRICE_CENTS = 900;
/** How long a test waits for the sweep (every second in the test stacks; the spec allows 5 s). */
export const SWEEP_DEADLINE_MS = 15_000;

/** `paidUntil` as an ISO 8601 string `offsetMs` from now. */
export const fromNow = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

/** A store with a paid app and a free app installed, each with its own `/v1` client. */
export async function storeWithPaidAndFreeApps(target: StackTarget): Promise<{ paid: StoreApi; free: StoreApi }> {
  // Every scope, so that each `/v1` route reaches the suspension check (a missing scope is answered first).
  const paid = await install(target, [...SCOPES], undefined, undefined, { monthlyPriceCents: MONTHLY_PRICE_CENTS });
  const free = await install(target, ['read_products', 'write_products'], undefined, paid);
  return { paid: new StoreApi(target, paid), free: new StoreApi(target, free) };
}

/** Every `/v1` operation the shim declares, with real ids of `ids` in its path. */
export async function everyStoreRoute(target: StackTarget, ids: Record<string, number | string>): Promise<Array<{ method: string; path: string }>> {
  const document = (await (await fetch(`${target.shimUrl}/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
  const routes: Array<{ method: string; path: string }> = [];
  for (const [template, operations] of Object.entries(document.paths)) {
    if (!template.startsWith('/v1/{store_id}')) continue;
    const path = template.replace('/v1/{store_id}', '').replace(/\{(\w+)\}/g, (_, name: string) => String(ids[name] ?? 1));
    for (const method of Object.keys(operations)) if (['get', 'post', 'put', 'delete'].includes(method)) routes.push({ method: method.toUpperCase(), path });
  }
  return routes;
}

/** Calls a route as the installation's app, with a JSON body for writes. */
export function call(api: StoreApi, { method, path }: { method: string; path: string }): Promise<JsonResponse> {
  if (method === 'POST' || method === 'PUT') return api.write(method, path, { name: 'Body' });
  return send(api.url(path), { method, headers: api.headers() });
}

/** Waits until the sweep has recorded the app's suspension (`suspended`) or its end. */
export async function sweptTo(target: StackTarget, adminToken: string, storeId: number, appId: number, suspended: boolean): Promise<void> {
  await eventually(
    async () => {
      const state = await billingState(target, adminToken, storeId);
      const app = state.data?.billingState.apps.find((entry: { appId: number }) => entry.appId === appId);
      return (app?.suspendedSince !== null) === suspended;
    },
    SWEEP_DEADLINE_MS,
    `the sweep recording app ${appId} ${suspended ? 'suspended' : 'resumed'}`,
  );
}
