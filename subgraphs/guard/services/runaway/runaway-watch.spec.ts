import { RunawayAction, RunawayRuleKind, WorkflowState } from '../../entities';
import { checkRunawayRule } from '../policy/runaway-rule-rules';
import { compileRunawayRule } from '../policy/runaway-rules';
import type { WorkflowSnapshot } from '../shared/workflow-snapshot';
import { RunawayWatch } from './runaway-watch';
import { SlidingSum } from './sliding-sum';

function workflowWith(...rules: Array<Parameters<typeof checkRunawayRule>[0]>): WorkflowSnapshot {
  return {
    id: 'wf-1',
    organisationId: 'org',
    name: 'w',
    state: WorkflowState.Normal,
    version: 1,
    reason: null,
    resumeAfter: null,
    changedAt: new Date(),
    budgetCents: 100,
    spentMicrocents: 0,
    heldMicrocents: 0,
    rules: [],
    runaway: rules.map((rule, index) => compileRunawayRule({ id: `r${index}`, ...checkRunawayRule(rule) })),
    loadedAt: 0,
  };
}

describe('a sliding sum', () => {
  it('counts a burst exactly and lets what is older than the window drop off', () => {
    const sum = new SlidingSum(60);
    expect(sum.add(0, 1)).toBe(1);
    expect(sum.add(30_000, 2)).toBe(3);
    expect(sum.add(59_000, 1)).toBe(4);
    expect(sum.add(61_000, 1)).toBe(4); // the first second's slot has gone
    expect(sum.add(200_000, 5)).toBe(5);
    expect(sum.isIdle(260_000)).toBe(true);
  });
});

describe('runaway rules', () => {
  let now = 1_000_000;
  const watch = new RunawayWatch(() => now);

  it('breaks a repeated-call rule on the call after the limit, with the same input only', () => {
    const workflow = workflowWith({ kind: RunawayRuleKind.repeated_tool_call, limit: 2, windowSeconds: 10, toolPattern: 'search_*' });
    expect(watch.gateCall(workflow, 'search_web', { q: 'a', n: 1 })).toBeUndefined();
    expect(watch.gateCall(workflow, 'search_web', { n: 1, q: 'a' })).toBeUndefined();
    expect(watch.gateCall(workflow, 'search_web', { q: 'b' })).toBeUndefined();
    expect(watch.gateCall(workflow, 'send_email', { q: 'a', n: 1 })).toBeUndefined();
    const breach = watch.gateCall(workflow, 'SEARCH_WEB', { q: 'a', n: 1 });
    expect(breach?.reason).toBe('RUNAWAY repeated_tool_call: SEARCH_WEB called 3 times with the same input within 10 s (limit 2, rule r0)');
    watch.forget(workflow.id);
    now += 11_000;
    expect(watch.gateCall(workflow, 'search_web', { q: 'a', n: 1 })).toBeUndefined();
  });

  it('breaks call, token and spend rates, each by what it counts', () => {
    const workflow = workflowWith(
      { kind: RunawayRuleKind.call_rate, limit: 3, toolPattern: '/^db\\.(read|write)$/', action: RunawayAction.kill },
      { kind: RunawayRuleKind.token_rate, limit: 1000 },
      { kind: RunawayRuleKind.spend_rate, limit: 0.5 },
    );
    for (let call = 0; call < 5; call++) expect(watch.gateCall(workflow, 'search', {})).toBeUndefined();
    for (let call = 0; call < 3; call++) expect(watch.gateCall(workflow, 'db.read', {})).toBeUndefined();
    expect(watch.gateCall(workflow, 'DB.WRITE', {})).toMatchObject({ rule: { action: RunawayAction.kill }, observed: 4 });
    expect(watch.usage(workflow, 900, 0)).toBeUndefined();
    expect(watch.usage(workflow, 101, 0)?.reason).toMatch(/^RUNAWAY token_rate: 1001 tokens within 60 s \(limit 1000/);
    expect(watch.usage(workflow, 0, 400_000)).toBeUndefined();
    expect(watch.usage(workflow, 0, 100_001)?.reason).toMatch(/^RUNAWAY spend_rate: 0.500001 cents spent within 60 s \(limit 0.5 cents/);
  });
});

describe('runaway rule input', () => {
  const fails = (rule: Parameters<typeof checkRunawayRule>[0]) => {
    try {
      checkRunawayRule(rule);
    } catch (error) {
      return (error as { field?: string; message: string });
    }
    throw new Error('accepted');
  };

  it('names the field at fault', () => {
    expect(fails({ kind: RunawayRuleKind.call_rate, limit: 5, windowSeconds: 0 })).toMatchObject({ field: 'windowSeconds' });
    expect(fails({ kind: RunawayRuleKind.call_rate, limit: 5, windowSeconds: -60 })).toMatchObject({ field: 'windowSeconds' });
    expect(fails({ kind: RunawayRuleKind.call_rate, limit: 0 })).toMatchObject({ field: 'limit' });
    expect(fails({ kind: RunawayRuleKind.token_rate, limit: 1.5 })).toMatchObject({ field: 'limit' });
    expect(fails({ kind: RunawayRuleKind.call_rate, limit: 5, toolPattern: '/search_(web/' }).message).toMatch(/not a valid regular expression/);
    expect(fails({ kind: RunawayRuleKind.call_rate, limit: 5, toolPattern: 'search web' })).toMatchObject({ field: 'toolPattern' });
    expect(fails({ kind: RunawayRuleKind.spend_rate, limit: 5, toolPattern: 'search_*' })).toMatchObject({ field: 'toolPattern' });
  });
});
