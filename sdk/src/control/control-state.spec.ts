import { WorkflowKilledInterrupt } from '../errors/workflow-signals';
import { ControlState, parseControlSignal, parseResumeAfter } from './control-state';
import { signalsOf } from './push-channel';
import { RunningCalls } from './running-calls';

const signal = (version: number, state: string, workflowId = 'wf-1') => parseControlSignal({ workflowId, state, version, reason: `v${version}`, updatedAt: null })!;

describe('control state', () => {
  it('reads the GraphQL and the protocol shapes', () => {
    expect(parseControlSignal({ workflow_id: 'wf-1', state: 'Paused', version: 4, reason: 'ops', updated_at: '2030-01-01T00:00:00Z', resume_after: '2030-01-01T01:00:00Z' })).toEqual({
      workflowId: 'wf-1', state: 'Paused', version: 4, reason: 'ops', updatedAt: '2030-01-01T00:00:00Z', resumeAfter: new Date('2030-01-01T01:00:00Z'),
    });
    expect(parseControlSignal({ workflowId: 'wf-1', state: 'Exploded', version: 1 })).toBeUndefined();
    expect(parseControlSignal({ state: 'Normal', version: 1 })).toBeUndefined();
    expect(parseResumeAfter(30, 0)).toEqual(new Date(30_000));
    expect(parseResumeAfter('soon')).toBeNull();
  });

  it('takes every workflow of an initial state and the one of a state change', () => {
    const initial = { __typename: 'InitialState', workflows: [{ workflowId: 'a', state: 'Normal', version: 1 }, { workflowId: 'b', state: 'Killed', version: 3 }] };
    expect(signalsOf(initial).map((s) => `${s.workflowId}:${s.state}`)).toEqual(['a:Normal', 'b:Killed']);
    expect(signalsOf({ __typename: 'StateChange', workflowId: 'a', state: 'Paused', version: 2 })).toHaveLength(1);
    expect(signalsOf({ __typename: 'ApprovalSignal' })).toEqual([]);
    expect(signalsOf(null)).toEqual([]);
  });

  it('drops versions already seen and never revives a killed workflow', () => {
    const state = new ControlState();
    const heard: string[] = [];
    state.onChange((s) => heard.push(`${s.state}@${s.version}`));
    expect(state.apply(signal(2, 'Paused'))).toBe(true);
    expect(state.apply(signal(2, 'Normal'))).toBe(false);
    expect(state.apply(signal(1, 'Normal'))).toBe(false);
    expect(state.apply(signal(3, 'Killed'))).toBe(true);
    expect(state.apply(signal(4, 'Normal'))).toBe(false);
    expect(heard).toEqual(['Paused@2', 'Killed@3']);
    expect(state.get('wf-1')).toMatchObject({ state: 'Killed', reason: 'v3' });
  });

  it('interrupts the running calls of a killed workflow only, aborting their signal with the interrupt', async () => {
    const calls = new RunningCalls();
    const killed = new AbortController();
    const other = new AbortController();
    const victim = calls.register('wf-1', killed);
    const bystander = calls.register('wf-2', other);
    expect(calls.kill('wf-1', 'runaway')).toBe(1);
    await expect(victim.interrupted).rejects.toBeInstanceOf(WorkflowKilledInterrupt);
    expect(killed.signal.reason).toMatchObject({ workflowId: 'wf-1', reason: 'runaway' });
    expect(other.signal.aborted).toBe(false);
    bystander.release();
    expect(calls.size).toBe(0);
  });
});
