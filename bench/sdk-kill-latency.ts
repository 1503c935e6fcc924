import { currentSignal, init, protect, Runtime, shutdown, status, workflow, WorkflowKilledInterrupt } from '@switchyard/sdk';
import { newKey, type Tenant } from '../test/support/tenants';
import { benchWorkflow, killWorkflow } from './bench-fixtures';
import { summarise, type LatencySummary } from './stats';

export interface SdkKillLatency {
  latency: LatencySummary;
  /** Rounds whose call did not end with the workflow's WorkflowKilledInterrupt within the wait. */
  missed: number;
  /** Why the first missed round's call never ran, when one did not. */
  firstFailure?: string;
}

const WAIT_MS = 5000;

/** A protected call that only a kill can end: it waits for the SDK to abort it. */
const runUntilKilled = protect(async function run_until_killed(started: () => void) {
  started();
  await new Promise((resolve) => currentSignal().addEventListener('abort', resolve));
});

async function waitFor(check: () => boolean, what: string): Promise<void> {
  const deadline = performance.now() + WAIT_MS;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`${what} did not happen within ${WAIT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Runs the real SDK in this process, connected to the stack like an agent, and kills `rounds`
 * workflows one after another, each while a protected call of it is running. Times each from
 * just before the kill mutation is sent to the moment the call rejects with
 * WorkflowKilledInterrupt: mutation, pubsub, gateway subscription, SDK abort, all included.
 */
export async function sdkKillLatency(shimUrl: string, gatewayUrl: string, tenant: Tenant, rounds: number): Promise<SdkKillLatency> {
  const workflows: string[] = [];
  for (let i = 0; i < rounds; i++) workflows.push(await benchWorkflow({ shimUrl, gatewayUrl }, tenant, `sdk-kill-${i}-${Date.now()}`));
  // The tenant's key is bound to its own workflow: the agent runs the others with an unbound key.
  const { key } = await newKey({ shimUrl, gatewayUrl }, tenant, { requestsPerMinute: 1_000_000 });
  // the environment is left out so that no SVC_* variable of the shell changes what is measured
  await init(new Runtime({ apiKey: key, apiUrl: shimUrl, controlUrl: gatewayUrl.replace(/^http/, 'ws'), pollIntervalMs: 0 }, {}));
  const samples: number[] = [];
  let missed = 0;
  let firstFailure: unknown;
  try {
    await waitFor(() => status().pushConnected, 'the SDK control channel connecting');
    for (const workflowId of workflows) {
      let started!: () => void;
      const bodyStarted = new Promise<void>((resolve) => (started = resolve));
      const running = workflow(workflowId, () => runUntilKilled(started)).then(
        () => 'finished',
        (error: unknown) => error,
      );
      // A workflow the SDK refuses to start (an error before its body runs) must not wait forever.
      const before = await Promise.race([bodyStarted.then(() => undefined), running]);
      if (before !== undefined) {
        firstFailure ??= before;
        missed++;
        continue;
      }
      const sentAt = performance.now();
      const killing = killWorkflow({ shimUrl, gatewayUrl }, tenant, workflowId);
      // a failing mutation surfaces at `await killing` below, not as an unhandled rejection meanwhile
      killing.catch(() => undefined);
      let timer: NodeJS.Timeout | undefined;
      const outcome = await Promise.race([running, new Promise((resolve) => (timer = setTimeout(resolve, WAIT_MS, 'timed out')))]);
      const latency = performance.now() - sentAt;
      clearTimeout(timer);
      await killing;
      if (outcome instanceof WorkflowKilledInterrupt && outcome.workflowId === workflowId) samples.push(latency);
      else missed++;
    }
  } finally {
    await shutdown({ timeout: 1000 });
  }
  return { latency: summarise(samples), missed, firstFailure: firstFailure === undefined ? undefined : String(firstFailure) };
}
