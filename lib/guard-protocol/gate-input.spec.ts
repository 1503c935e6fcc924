import { gateInput } from './gate-input';

describe('gate input', () => {
  it('names the gate body’s fields as GateInput does', () => {
    expect(gateInput({ organization_id: 'org-1', estimated_tokens: 10, chain_op: 'start', tools: ['a'], input: { q: 1 } })).toEqual({
      organisationId: 'org-1',
      estimatedTokens: 10,
      chainOp: 'start',
      tools: ['a'],
      input: { q: 1 },
      executionId: undefined,
      traceId: undefined,
      tool: undefined,
      mode: undefined,
      checkType: undefined,
      model: undefined,
      operationId: undefined,
      idempotencyKey: undefined,
      chainId: undefined,
      workflowId: undefined,
      approvalId: undefined,
    });
  });
});
