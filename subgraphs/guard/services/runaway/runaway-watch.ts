import { RunawayRuleKind } from '../../entities';
import type { RunawayRuleView } from '../shared/runaway-rule-view';
import { toCents, type WorkflowSnapshot } from '../shared/workflow-snapshot';
import { inputDigest } from './input-digest';
import { SlidingSum } from './sliding-sum';

/** Windows one workflow may keep (a repeated-call rule keeps one per tool and input). */
const MAX_WINDOWS_PER_WORKFLOW = 5_000;

/** A rule a workflow broke, with what was seen and the reason its pause or kill carries. */
export interface RunawayBreach {
  workflowId: string;
  rule: RunawayRuleView;
  observed: number;
  reason: string;
}

/**
 * Counts what each workflow's runaway rules watch, in this instance's memory, and says when one
 * is broken. No rules, no work: a workflow without them costs the gate one length check.
 */
export class RunawayWatch {
  private readonly windows = new Map<string, Map<string, SlidingSum>>();

  constructor(private readonly now: () => number = Date.now) {}

  /** A gate call: counted by repeated-call and call-rate rules. */
  gateCall(workflow: WorkflowSnapshot, tool: string | null | undefined, input: unknown): RunawayBreach | undefined {
    if (workflow.runaway.length === 0) return undefined;
    let digest: string | undefined;
    for (const rule of workflow.runaway) {
      if (rule.kind === RunawayRuleKind.call_rate && (rule.toolPattern === null || (tool && rule.counts(tool)))) {
        const breach = this.count(workflow, rule, '', 1, tool ?? null);
        if (breach) return breach;
      }
      if (rule.kind === RunawayRuleKind.repeated_tool_call && tool && rule.counts(tool)) {
        digest ??= inputDigest(input);
        const breach = this.count(workflow, rule, `${tool.toLowerCase()}\u0000${digest}`, 1, tool);
        if (breach) return breach;
      }
    }
    return undefined;
  }

  /** Usage reported (`/track`, usage events): counted by token-rate and spend-rate rules. */
  usage(workflow: WorkflowSnapshot, tokens: number, costMicrocents: number): RunawayBreach | undefined {
    for (const rule of workflow.runaway) {
      const amount = rule.kind === RunawayRuleKind.token_rate ? tokens : rule.kind === RunawayRuleKind.spend_rate ? costMicrocents : 0;
      if (amount <= 0) continue;
      const breach = this.count(workflow, rule, '', amount, null);
      if (breach) return breach;
    }
    return undefined;
  }

  /** Starts the workflow's counting afresh (after it was stopped, so a resume is not stopped again at once). */
  forget(workflowId: string): void {
    this.windows.delete(workflowId);
  }

  private count(workflow: WorkflowSnapshot, rule: RunawayRuleView, key: string, amount: number, tool: string | null): RunawayBreach | undefined {
    const now = this.now();
    const windows = this.windowsOf(workflow.id, now);
    const windowKey = `${rule.id}\u0000${rule.windowSeconds}\u0000${key}`;
    let window = windows.get(windowKey);
    if (!window) windows.set(windowKey, (window = new SlidingSum(rule.windowSeconds)));
    const observed = window.add(now, amount);
    if (observed <= rule.limit) return undefined;
    return { workflowId: workflow.id, rule, observed, reason: reasonOf(rule, observed, tool) };
  }

  private windowsOf(workflowId: string, now: number): Map<string, SlidingSum> {
    let windows = this.windows.get(workflowId);
    if (!windows) this.windows.set(workflowId, (windows = new Map()));
    if (windows.size >= MAX_WINDOWS_PER_WORKFLOW) {
      for (const [key, window] of windows) if (window.isIdle(now)) windows.delete(key);
      // Still full: the oldest keys go (a flood of distinct inputs is no repetition).
      for (const key of windows.keys()) {
        if (windows.size < MAX_WINDOWS_PER_WORKFLOW) break;
        windows.delete(key);
      }
    }
    return windows;
  }
}

/** The reason the workflow is stopped with: what the SDK raises and the console shows. */
export function reasonOf(rule: RunawayRuleView, observed: number, tool: string | null): string {
  const within = `within ${rule.windowSeconds} s`;
  switch (rule.kind) {
    case RunawayRuleKind.repeated_tool_call:
      return `RUNAWAY repeated_tool_call: ${tool} called ${observed} times with the same input ${within} (limit ${rule.limit}, rule ${rule.id})`;
    case RunawayRuleKind.call_rate:
      return `RUNAWAY call_rate: ${observed} calls${rule.toolPattern ? ` of ${rule.toolPattern}` : ''} ${within} (limit ${rule.limit}, rule ${rule.id})`;
    case RunawayRuleKind.token_rate:
      return `RUNAWAY token_rate: ${observed} tokens ${within} (limit ${rule.limit}, rule ${rule.id})`;
    default:
      return `RUNAWAY spend_rate: ${toCents(observed)} cents spent ${within} (limit ${toCents(rule.limit)} cents, rule ${rule.id})`;
  }
}
