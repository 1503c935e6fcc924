import type { WorkflowControlSubscription as Signal } from '../graphql/graphql';
import { EMPTY_LIVE_CONTROL, foldControlSignal } from './live-control';

const at = '2026-11-27T00:00:00.000Z';
const initial = (version: number): Signal => ({
  workflowControl: {
    __typename: 'InitialState',
    messageId: `initial:${version}`,
    workflows: [{ workflowId: 'wf-1', state: 'Normal', version, reason: null, resumeAfter: null, updatedAt: at }],
  },
});
const approval: Signal = {
  workflowControl: { __typename: 'ApprovalSignal', messageId: 'm-1', approvalId: 'apr-1', workflowId: 'wf-1', tool: 'delete_repo', status: 'pending', note: null },
};

describe('the console control channel fold', () => {
  it('asks for the pending approvals again when the channel starts, since a request made before it was live sent no signal here', () => {
    const live = foldControlSignal(EMPTY_LIVE_CONTROL, initial(1));
    expect(live.approvalSignals).toBe(1);
    expect(live.states['wf-1']).toMatchObject({ state: 'Normal', version: 1 });
  });

  it('asks again on every approval signal and on every resync after the channel was down', () => {
    let live = foldControlSignal(EMPTY_LIVE_CONTROL, initial(1));
    live = foldControlSignal(live, approval);
    live = foldControlSignal(live, initial(2));
    expect(live.approvalSignals).toBe(3);
    expect(live.states['wf-1'].version).toBe(2);
  });

  it('keeps the newer state when a resync carries an older version', () => {
    const live = foldControlSignal(foldControlSignal(EMPTY_LIVE_CONTROL, initial(5)), initial(4));
    expect(live.states['wf-1'].version).toBe(5);
  });
});
