import { acknowledged } from '../../test/support/steady-load';
import type { ReplicatedStack } from '../../test/support/replicated-stack';
import type { StackTarget } from '../../test/support/targets';
import type { WebhookReceiver } from '../../test/support/webhook-receiver';
import { budgetState, ORDER_HOOK, PRODUCT_HOOK, sendSignal, type ChaosFixtures } from './chaos-fixtures';
import type { ChaosLoad } from './chaos-load';
import type { ControlWatcher } from './control-watchers';
import { errorKind, errorsOutsideFaults, reconcileControl, reconcileWebhooks, tally, type ControlReconciliation, type FaultWindow, type SentSignal, type TimedOutcome, type WebhookReconciliation } from './reconciliation';
import { kindRows } from './chaos-report';
import { reconcileWrites, type WriteReconciliation } from './write-reconciliation';
import { setTimeout as sleep } from 'node:timers/promises';

export interface RunReconciliation {
  requests: number;
  failed: number;
  errorKinds: Array<[string, number]>;
  /** The first answer (or transport error) of each error kind, to see what it said. */
  errorExamples: Map<string, string>;
  /** Failed requests no fault window (plus grace) explains. */
  strayErrors: TimedOutcome[];
  shed: number;
  /** Per kind of request: kind, count, failed, p50 ms, p99 ms. */
  kinds: string[][];
  writes: WriteReconciliation;
  webhooks: { product: WebhookReconciliation; order: WebhookReconciliation };
  control: ControlReconciliation[];
  lastSignal: number;
  budget: { spentCents: number; budgetCents: number; exceeded: boolean };
  memory: Array<{ process: string; startBytes?: number; endBytes?: number }>;
  /** Faults whose part did not come back within the patience. */
  unrecovered: string[];
  /** Whether everything the issue asks holds. */
  holds: boolean;
}

interface Inputs {
  stack: ReplicatedStack;
  target: StackTarget;
  fixtures: ChaosFixtures;
  load: ChaosLoad;
  watchers: ControlWatcher[];
  signals: SentSignal[];
  faults: FaultWindow[];
  receiver: WebhookReceiver;
  memoryAtStart: Map<string, number>;
  memoryAtEnd(): Promise<Map<string, number>>;
  graceMs: number;
  runEndMs: number;
  patienceMs: number;
  faultPhase: number;
}

async function until(condition: () => boolean, patienceMs: number): Promise<void> {
  const deadline = Date.now() + patienceMs;
  while (!condition() && Date.now() < deadline) await sleep(100);
}

/** Everything the run checks once the load has stopped, waiting (within the patience) for what is still on its way. */
export async function reconcileRun(inputs: Inputs): Promise<RunReconciliation> {
  const { target, fixtures, load, watchers, signals, receiver, patienceMs } = inputs;
  // A last signal with every subscriber connected, which each must hear; then every one must know it.
  await until(() => watchers.every((watcher) => watcher.connected), patienceMs);
  const last = await sendSignal(load, target, fixtures, signals.length % 2 === 0 ? 'pause' : 'resume');
  if (last) signals.push(last);
  const lastSignal = Math.max(0, ...signals.map((signal) => signal.version));
  await until(() => watchers.every((watcher) => Math.max(0, ...watcher.heard.map((h) => h.version)) >= lastSignal), patienceMs);
  const control = watchers.map((watcher) => reconcileControl(watcher.name, signals, watcher.heard, watcher.subscribedAt ?? Infinity));

  const outcomes = load.outcomes.filter((outcome) => outcome.request.kind !== 'control' || outcome.startedAt < inputs.runEndMs);
  // Every store event acknowledged to the load (a product or an order created) against the deliveries of its webhook.
  const acknowledgedIds = (kind: string) => outcomes.filter((outcome) => outcome.request.kind === kind && acknowledged(outcome)).map((outcome) => outcome.storedKey!);
  const delivered = (path: string) => receiver.at(path).map((delivery) => String(delivery.body.id));
  const hooks = () => ({ product: reconcileWebhooks(acknowledgedIds('product'), delivered(PRODUCT_HOOK)), order: reconcileWebhooks(acknowledgedIds('order'), delivered(ORDER_HOOK)) });
  await until(() => Object.values(hooks()).every((hook) => hook.missing.length === 0), patienceMs);
  const webhooks = hooks();

  const writes = await reconcileWrites(target.env, fixtures.writes, outcomes);
  const { spentCents, budgetCents } = await budgetState(target, fixtures);
  const failed = outcomes.filter((outcome) => !acknowledged(outcome) && outcome.endedAt > inputs.faultPhase);
  const strayErrors = errorsOutsideFaults(failed, inputs.faults, inputs.graceMs, inputs.runEndMs);
  const memoryAtEnd = await inputs.memoryAtEnd();
  const processes = [...new Set([...inputs.memoryAtStart.keys(), ...memoryAtEnd.keys()])].sort();
  const memory = processes.map((process) => ({ process, startBytes: inputs.memoryAtStart.get(process), endBytes: memoryAtEnd.get(process) }));
  const unrecovered = inputs.faults.filter((fault) => fault.endMs === undefined).map((fault) => fault.name);
  const budget = { spentCents, budgetCents, exceeded: spentCents > budgetCents + 1e-9 };
  const holds =
    writes.lost.length === 0 &&
    writes.refusedButStored.length === 0 &&
    Object.values(webhooks).every((hook) => hook.missing.length === 0) &&
    control.every((subscriber) => subscriber.missed.length === 0 && subscriber.finalVersion >= lastSignal) &&
    !budget.exceeded &&
    strayErrors.length === 0 &&
    unrecovered.length === 0;
  const errorExamples = new Map<string, string>();
  for (const outcome of failed) if (!errorExamples.has(errorKind(outcome))) errorExamples.set(errorKind(outcome), (outcome.answer ?? outcome.error ?? '').replace(/\s+/g, ' ').slice(0, 90));
  return { errorExamples, kinds: kindRows(outcomes.filter((outcome) => outcome.endedAt > inputs.faultPhase)), requests: outcomes.length, failed: failed.length, errorKinds: tally(failed, errorKind), strayErrors, shed: load.shed, writes, webhooks, control, lastSignal, budget, memory, unrecovered, holds };
}
