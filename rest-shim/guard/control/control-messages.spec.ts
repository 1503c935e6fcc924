import type { WorkflowState } from '../../generated/graph';
import { ControlTranslator } from './control-messages';

const state = (workflowId: string, version: number, value: WorkflowState = 'Normal') => ({ workflowId, state: value, version, reason: null, resumeAfter: null, updatedAt: '2026-01-01T00:00:00.000Z' });

describe('ControlTranslator', () => {
  it('sends the first initial state as it is, then each newer version once', () => {
    const translator = new ControlTranslator();
    expect(translator.translate({ __typename: 'InitialState', messageId: 'i', workflows: [state('wf-1', 2)] })).toEqual([
      { type: 'initial_state', workflows: [{ workflow_id: 'wf-1', state: 'Normal', version: 2, reason: null, updated_at: '2026-01-01T00:00:00.000Z', resume_after: null }] },
    ]);
    expect(translator.translate({ __typename: 'StateChange', messageId: 'wf-1:2', ...state('wf-1', 2) })).toEqual([]);
    expect(translator.translate({ __typename: 'StateChange', messageId: 'wf-1:3', ...state('wf-1', 3, 'Killed') })).toEqual([
      expect.objectContaining({ type: 'state_change', workflow_id: 'wf-1', state: 'Killed', version: 3, message_id: 'wf-1:3' }),
    ]);
  });

  it('turns a later initial state (after re-subscribing) into the changes missed meanwhile', () => {
    const translator = new ControlTranslator();
    translator.translate({ __typename: 'InitialState', messageId: 'i1', workflows: [state('wf-1', 1), state('wf-2', 4)] });
    const again = translator.translate({ __typename: 'InitialState', messageId: 'i2', workflows: [state('wf-1', 3, 'Paused'), state('wf-2', 4), state('wf-3', 1)] });
    expect(again.map((message) => [message.type, message.workflow_id, message.version])).toEqual([
      ['state_change', 'wf-1', 3],
      ['state_change', 'wf-3', 1],
    ]);
  });

  it('reports resolved approvals only', () => {
    const translator = new ControlTranslator();
    const approval = { __typename: 'ApprovalSignal' as const, approvalId: 'apr-1', workflowId: 'wf-1' };
    expect(translator.translate({ ...approval, messageId: 'apr-1:pending', status: 'pending' })).toEqual([]);
    expect(translator.translate({ ...approval, messageId: 'apr-1:denied', status: 'denied' })).toEqual([
      { type: 'approval_resolved', approval_id: 'apr-1', workflow_id: 'wf-1', outcome: 'denied', message_id: 'apr-1:denied' },
    ]);
  });
});
